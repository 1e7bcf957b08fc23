"""Geometry computed before anything is drawn: overlap relaxation, leader routing, the map SVG
read as shapes, which places join up (graph)."""
