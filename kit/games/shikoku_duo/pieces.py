"""The printed pieces' sizes, colours and the small drawing parts they share.

Every size comes from a named piece in `layouts/shikoku-duo.yaml` (`pieces:`), so a
piece is one line to resize; `piece(layout, name)` asks the layout for it, and
`kit.draw.render.card_sheets(..., piece=name)` imposes it with the same crop marks, bleed
and duplex backs as karuta's cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from kit.draw.imposition import Rect
from kit.data.layoutfile import Layout, Piece
from kit.draw.render import colour, fill_rect, ink_on, mix, text_in_box
from kit.data.units import to_pt

TITLE = "四国デュオ"
TITLE_EN = "shikoku-duo"
INK = Color(0.12, 0.12, 0.14)
PAPER = Color(0.98, 0.96, 0.90)
GRID = Color(0.55, 0.55, 0.55)
SHADE = Color(0.93, 0.93, 0.93)


@dataclass(frozen=True)
class Player:
    """A seat's colour: its figures, boards and tile backs all wear it."""

    seat: str          # 1 or 2, as on the progress sheet and in the replay log
    name: str
    name_en: str
    rgb: str


PLAYERS = (Player("1", "藍", "indigo", "#24407a"), Player("2", "朱", "vermilion", "#c0452c"))

# Each character's own colour on boards, dice stickers and the aid.
CHARACTER = {
    "pilgrim": ("巡礼者", "pilgrim", "#6b4e9b"),
    "merchant": ("商人", "merchant", "#b8862b"),
    "artist": ("絵師", "artist", "#2f7d5b"),
}
# The painting types' colours, in the data's order (4 types; more cycle).
PAINTING_COLOURS = ("#3d7fb8", "#5f9e3a", "#c8642a", "#a0467e", "#7a6a48", "#44939a")
GOODS_COLOURS = ("#7c5ca8", "#c39a2c", "#3f8c6a", "#b5533c", "#4d74a8", "#8a8a3a")
GOLD = "#d9b23a"
COPPER = "#b76a3a"
ONSEN = "#d0553f"
WAVE = "#2d6f9e"


def piece(layout: Layout, name: str) -> Piece:
    """A named piece's cut size, bleed, safe zone and gutter in mm (the layout checked them)."""
    return layout.piece(name)


# --- shared drawing parts ---------------------------------------------------------------

def disc(c: Canvas, x: float, y: float, r: float, fill: Color, stroke: Color | None = None,
         width_pt: float = 0.6) -> None:
    c.setFillColor(fill)
    if stroke is not None:
        c.setStrokeColor(stroke)
        c.setLineWidth(width_pt)
    c.circle(to_pt(x), to_pt(y), to_pt(r), stroke=1 if stroke is not None else 0, fill=1)


def badge(c: Canvas, box: Rect, label: str, rgb: str, size: float | None = None) -> None:
    """A coloured disc inscribed in `box` with `label` in the ink that reads on it."""
    r = min(box.w, box.h) / 2
    cx, cy = box.x + box.w / 2, box.y + box.h / 2
    disc(c, cx, cy, r, colour(rgb), mix(rgb, Color(0, 0, 0), 0.35), 0.5)
    inner = Rect(cx - r * 0.72, cy - r * 0.72, r * 1.44, r * 1.44)
    text_in_box(c, inner, label, size or to_pt(r * 1.25), ink_on(rgb), floor=3.0)


def band(c: Canvas, trim: Rect, bleed: float, rgb: str, height: float) -> Rect:
    """A colour band across the top of a piece, into the bleed; returns its box inside the trim."""
    fill_rect(c, Rect(trim.x - bleed, trim.y2 - height, trim.w + 2 * bleed, height + bleed), colour(rgb))
    return Rect(trim.x, trim.y2 - height, trim.w, height)


def tint(rgb: str, amount: float = 0.85) -> Color:
    return mix(rgb, white, amount)


def painting_colour(types, type_id: str) -> str:
    ids = [t.id for t in types]
    return PAINTING_COLOURS[ids.index(type_id) % len(PAINTING_COLOURS)]


def goods_colour(kinds, kind: str) -> str:
    return GOODS_COLOURS[list(kinds).index(kind) % len(GOODS_COLOURS)]
