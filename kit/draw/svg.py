"""SVG text: shapes, lines and labels as plain strings, for the boards `kit play` shows.

The web table's boards are drawn on the server from the same layout values as the PDFs,
in the same units (map units or mm); the browser only scales them.
"""

from __future__ import annotations

from html import escape


def num(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".")


def rgb(c) -> str:
    """A reportlab Color as #rrggbb."""
    return "#%02x%02x%02x" % tuple(round(max(0.0, min(1.0, v)) * 255) for v in (c.red, c.green, c.blue))


def ring_d(coords) -> str:
    pts = list(coords)
    return "M" + "L".join(f"{num(x)} {num(y)}" for x, y in pts) + "Z"


def shape_d(shape) -> str:
    """A shapely (multi)polygon as one SVG path's d (even-odd holes)."""
    polys = getattr(shape, "geoms", [shape])
    out = []
    for p in polys:
        if p.is_empty or not hasattr(p, "exterior"):
            continue
        out.append(ring_d(p.exterior.coords))
        out.extend(ring_d(r.coords) for r in p.interiors)
    return "".join(out)


def polyline(points, **attrs) -> str:
    return f'<polyline points="{" ".join(f"{num(x)},{num(y)}" for x, y in points)}"{_attrs(attrs)}/>'


def text(x: float, y: float, s: str, **attrs) -> str:
    return f'<text x="{num(x)}" y="{num(y)}"{_attrs(attrs)}>{escape(s)}</text>'


def rect(x: float, y: float, w: float, h: float, **attrs) -> str:
    return f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}"{_attrs(attrs)}/>'


def _attrs(attrs) -> str:
    return "".join(f' {k.rstrip("_").replace("_", "-")}="{escape(str(v))}"' for k, v in attrs.items())


def svg(view: tuple[float, float, float, float], body: list[str], **attrs) -> str:
    x, y, w, h = view
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{num(x)} {num(y)} {num(w)} {num(h)}"'
            f'{_attrs(attrs)}>' + "".join(body) + "</svg>")
