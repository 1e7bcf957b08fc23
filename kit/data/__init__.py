"""Data files read, checked and named: YAML with lines, units, options, layouts, vocabularies."""
