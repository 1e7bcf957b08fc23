"""Drawing: fonts, imposition, tiles, charts, the turn log, images, output, and checks on what is drawn."""
