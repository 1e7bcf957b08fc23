"""Pages and images: fonts, drawing helpers, imposition and crop marks, tiles, charts, the
turn-log table, PNG images and atomic output."""
