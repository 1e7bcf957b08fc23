"""Reading what the user edits: YAML with file:line, errors, units, rule-option declarations,
layout files and named pieces, and finding the project and its map."""
