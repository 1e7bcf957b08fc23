"""The painting types' icons as small vector drawings, one per `icon:` name in the data.

Drawn rather than set as emoji, which the embedded font does not have. An icon name
without a drawing falls back to the type's first character, so new data still prints.
"""

from __future__ import annotations

import math

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from kit.draw.imposition import Rect
from kit.draw.render import text_in_box
from kit.data.units import to_pt


def _poly(c: Canvas, points, fill: Color) -> None:
    p = c.beginPath()
    (x, y), rest = points[0], points[1:]
    p.moveTo(to_pt(x), to_pt(y))
    for x, y in rest:
        p.lineTo(to_pt(x), to_pt(y))
    p.close()
    c.setFillColor(fill)
    c.drawPath(p, stroke=0, fill=1)


def _mountain(c, x, y, s, ink):
    _poly(c, [(x - 0.48 * s, y - 0.3 * s), (x - 0.1 * s, y + 0.35 * s), (x + 0.28 * s, y - 0.3 * s)], ink)
    _poly(c, [(x - 0.05 * s, y - 0.3 * s), (x + 0.22 * s, y + 0.12 * s), (x + 0.48 * s, y - 0.3 * s)], ink)


def _flower(c, x, y, s, ink):
    c.setFillColor(ink)
    for k in range(5):
        a = math.radians(90 + 72 * k)
        c.circle(to_pt(x + 0.24 * s * math.cos(a)), to_pt(y + 0.24 * s * math.sin(a)), to_pt(0.16 * s),
                 stroke=0, fill=1)
    c.circle(to_pt(x), to_pt(y), to_pt(0.1 * s), stroke=0, fill=1)


def _wave(c, x, y, s, ink):
    c.setStrokeColor(ink)
    c.setLineWidth(to_pt(0.07 * s))
    c.setLineCap(1)
    for dy in (0.18, -0.05, -0.28):
        p = c.beginPath()
        p.moveTo(to_pt(x - 0.45 * s), to_pt(y + dy * s))
        p.curveTo(to_pt(x - 0.25 * s), to_pt(y + (dy + 0.18) * s), to_pt(x - 0.05 * s), to_pt(y + (dy + 0.18) * s),
                  to_pt(x), to_pt(y + dy * s))
        p.curveTo(to_pt(x + 0.05 * s), to_pt(y + (dy - 0.18) * s), to_pt(x + 0.25 * s), to_pt(y + (dy - 0.18) * s),
                  to_pt(x + 0.45 * s), to_pt(y + dy * s))
        c.drawPath(p, stroke=1, fill=0)
    c.setLineCap(0)


def _temple(c, x, y, s, ink):
    """A torii: a curved top beam, a straight tie beam, two posts."""
    _poly(c, [(x - 0.46 * s, y + 0.3 * s), (x + 0.46 * s, y + 0.3 * s), (x + 0.4 * s, y + 0.2 * s),
              (x - 0.4 * s, y + 0.2 * s)], ink)
    _poly(c, [(x - 0.34 * s, y + 0.1 * s), (x + 0.34 * s, y + 0.1 * s), (x + 0.34 * s, y + 0.03 * s),
              (x - 0.34 * s, y + 0.03 * s)], ink)
    for px in (-0.24, 0.24):
        _poly(c, [(x + (px - 0.05) * s, y + 0.2 * s), (x + (px + 0.05) * s, y + 0.2 * s),
                  (x + (px + 0.07) * s, y - 0.4 * s), (x + (px - 0.07) * s, y - 0.4 * s)], ink)


DRAWINGS = {"mountain": _mountain, "flower": _flower, "wave": _wave, "temple": _temple}


def draw_icon(c: Canvas, icon: str, fallback: str, box: Rect, ink: Color, drawings=None) -> None:
    """The icon named `icon`, as large as the square centred in `box`; else `fallback`'s first character."""
    drawings = DRAWINGS if drawings is None else drawings
    s = min(box.w, box.h)
    x, y = box.x + box.w / 2, box.y + box.h / 2
    c.saveState()
    if icon in drawings:
        drawings[icon](c, x, y, s, ink)
    else:
        text_in_box(c, box, (fallback or icon or "?")[0], to_pt(s) * 0.8, ink)
    c.restoreState()


# --- the ring spaces' kinds (board, aids): one small drawing per kind in model.KINDS ---------

def _hall(c, x, y, s, ink):
    """A temple hall: a wide roof with raised eaves over a body, a finial on top."""
    _poly(c, [(x - 0.5 * s, y + 0.02 * s), (x - 0.36 * s, y + 0.12 * s), (x - 0.2 * s, y + 0.32 * s),
              (x + 0.2 * s, y + 0.32 * s), (x + 0.36 * s, y + 0.12 * s), (x + 0.5 * s, y + 0.02 * s),
              (x + 0.3 * s, y + 0.06 * s), (x - 0.3 * s, y + 0.06 * s)], ink)
    _poly(c, [(x - 0.03 * s, y + 0.32 * s), (x + 0.03 * s, y + 0.32 * s), (x + 0.03 * s, y + 0.44 * s),
              (x - 0.03 * s, y + 0.44 * s)], ink)
    _poly(c, [(x - 0.28 * s, y + 0.06 * s), (x + 0.28 * s, y + 0.06 * s), (x + 0.28 * s, y - 0.3 * s),
              (x - 0.28 * s, y - 0.3 * s)], ink)
    _poly(c, [(x - 0.4 * s, y - 0.3 * s), (x + 0.4 * s, y - 0.3 * s), (x + 0.4 * s, y - 0.38 * s),
              (x - 0.4 * s, y - 0.38 * s)], ink)


def _pine(c, x, y, s, ink):
    """A garden: a pine's three cloud-like tiers on a leaning trunk, and a stone."""
    c.setFillColor(ink)
    for cx, cy, r in ((-0.16, 0.22, 0.16), (0.14, 0.3, 0.15), (0.2, 0.04, 0.14), (-0.2, -0.02, 0.12)):
        c.ellipse(to_pt(x + (cx - r * 1.4) * s), to_pt(y + (cy - r * 0.7) * s),
                  to_pt(x + (cx + r * 1.4) * s), to_pt(y + (cy + r * 0.7) * s), stroke=0, fill=1)
    _poly(c, [(x - 0.04 * s, y - 0.42 * s), (x + 0.08 * s, y - 0.42 * s), (x + 0.04 * s, y + 0.2 * s),
              (x - 0.02 * s, y + 0.2 * s)], ink)
    c.ellipse(to_pt(x + 0.16 * s), to_pt(y - 0.44 * s), to_pt(x + 0.46 * s), to_pt(y - 0.3 * s), stroke=0, fill=1)


def _onsen(c, x, y, s, ink):
    """♨: a bowl and three rising wisps of steam."""
    c.setStrokeColor(ink)
    c.setLineCap(1)
    c.setLineWidth(to_pt(0.07 * s))
    p = c.beginPath()
    p.arc(to_pt(x - 0.4 * s), to_pt(y - 0.5 * s), to_pt(x + 0.4 * s), to_pt(y - 0.02 * s), 180, 180)
    c.drawPath(p, stroke=1, fill=0)
    for dx in (-0.2, 0.0, 0.2):
        p = c.beginPath()
        p.moveTo(to_pt(x + dx * s), to_pt(y - 0.16 * s))
        p.curveTo(to_pt(x + (dx - 0.1) * s), to_pt(y + 0.0 * s), to_pt(x + (dx + 0.1) * s), to_pt(y + 0.14 * s),
                  to_pt(x + dx * s), to_pt(y + 0.3 * s))
        c.drawPath(p, stroke=1, fill=0)
    c.setLineCap(0)


def _house(c, x, y, s, ink):
    """A coastal town: a merchant's house with its roof and a doorway."""
    _poly(c, [(x - 0.46 * s, y + 0.04 * s), (x, y + 0.4 * s), (x + 0.46 * s, y + 0.04 * s)], ink)
    _poly(c, [(x - 0.34 * s, y + 0.04 * s), (x + 0.34 * s, y + 0.04 * s), (x + 0.34 * s, y - 0.4 * s),
              (x + 0.08 * s, y - 0.4 * s), (x + 0.08 * s, y - 0.14 * s), (x - 0.08 * s, y - 0.14 * s),
              (x - 0.08 * s, y - 0.4 * s), (x - 0.34 * s, y - 0.4 * s)], ink)


KIND_DRAWINGS = {"temple": _hall, "garden": _pine, "hot_spring": _onsen, "seashore": _wave, "town": _house}


def draw_kind(c: Canvas, kind: str, box: Rect, ink: Color) -> None:
    """The drawing for a ring space's kind, as large as the square centred in `box`."""
    draw_icon(c, kind, kind, box, ink, KIND_DRAWINGS)
