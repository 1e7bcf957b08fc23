"""Pages and images: fonts, drawing helpers, imposition and crop marks, tiles, charts, the
turn-log table, the PDF canvas and PNG images."""
