"""The province cards (札): where each element of a face goes, and drawing it.

`face(w, h, safe)` is the card's layout as plain rectangles in mm, relative to the
trim's bottom-left corner; the text sizes follow from it (`sizes`). The drawing
and `kit check`'s readability warnings both use these, so a warning means exactly
what will print.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color, black, white
from reportlab.pdfgen.canvas import Canvas
from shapely.geometry import MultiPolygon, Polygon

from kit.data.errors import KitError, Warning_
from kit.draw.fonts import FONT, fit_size
from kit.draw.imposition import Rect
from kit.data.layoutfile import Layout
from kit.draw.pdf import Pdf
from kit.draw.render import colour, fill_rect, ink_on, mix, rings_path, text, text_in_box
from kit.layout.svgmap import shape_rings
from kit.data.units import to_pt

from kit.games.karuta.model import Karuta, Province
from kit.draw.render import alignment_pages, card_sheets

FURIGANA_FLOOR_PT = 5.0     # below this, hiragana stops being readable at arm's length
ROMAJI_PT = 6.5             # the romaji's size where it fits; never below text read in play (6 pt)
KANJI_FLOOR_PT = 9.0        # the kanji name must stay the card's dominant element
NUMBER_PT = 6.0
TITLE = "旧国名かるた"
CREDIT = "Map: Ash_Crow, Wikimedia Commons, CC BY 2.5 (modified)"
INK = Color(0.1, 0.1, 0.12)
BACK_FORM = "karuta-back"
BACK_INDIGO = Color(0.12, 0.18, 0.33)
BACK_CREAM = Color(0.98, 0.95, 0.86)
VERMILION = Color(0.85, 0.25, 0.16)
SHAPE_DETAIL_PT = 0.25      # polygon simplification tolerance, as a length on paper

# Shares of the card height, top to bottom; the shape takes what is left.
BADGE_H, KANA_H, KANJI_H = 0.13, 0.10, 0.34
BAND_W = 0.14               # share of the card width


@dataclass(frozen=True)
class Face:
    w: float
    h: float
    band: Rect          # the colour band (drawn further into the bleed)
    badge: Rect
    romaji: Rect        # left of the badge: the name in Latin letters, for a reader of neither script
    kana: Rect
    kanji: Rect
    shape: Rect
    number: Rect        # inside the band, at the bottom
    index: Rect         # inside the band, at the top: the corner index


def face(w: float, h: float, safe: float, corner_index: bool = False) -> Face:
    """The card's layout; a KitError when the safe zone leaves an element no room."""
    band_w = BAND_W * w
    left, right, top = band_w + safe, w - safe, h - safe
    badge_h = BADGE_H * h
    badge = Rect(right - 1.6 * badge_h, top - badge_h, 1.6 * badge_h, badge_h)
    romaji = Rect(left, badge.y, badge.x - 0.3 * badge_h - left, badge_h)
    kana = Rect(left, badge.y - KANA_H * h + 0.1 * badge_h, right - left, KANA_H * h)
    kanji = Rect(left, kana.y - KANJI_H * h, right - left, KANJI_H * h)
    shape_right = right - (band_w if corner_index else 0.0)  # room for the turned index
    shape = Rect(left, safe, shape_right - left, kanji.y - 0.03 * h - safe)
    # The number and the index sit on the band but, like all text, inside the safe zone.
    # The number may run a little into the gap right of the band: two digits at 6 pt need it.
    number = Rect(safe, safe, band_w - safe + 0.6 * safe, 0.09 * h)
    index = Rect(safe, number.y2 + 0.5, band_w - safe - 0.1, top - number.y2 - 0.5)
    if min(min(r.w, r.h) for r in (badge, romaji, kana, kanji, shape, number, index)) <= 0:
        raise KitError(f"a {w:g} × {h:g} mm card leaves no room inside its {safe:g} mm safe zone for "
                       f"the romaji, the furigana, the kanji, the shape and the number")
    return Face(w, h, Rect(0, 0, band_w, h), badge, romaji, kana, kanji, shape, number, index)


def _natural(box: Rect, share: float) -> float:
    """The type size whose glyphs fill `share` of a box's height."""
    return to_pt(box.h) * share


@dataclass(frozen=True)
class Sizes:
    kana: float
    kanji: float
    romaji: float


def sizes(f: Face, p: Province) -> Sizes:
    """Text sizes in pt for a province on this face: shrunk to fit, possibly below the floors."""
    kana = fit_size(p.kana, to_pt(f.kana.w), _natural(f.kana, 0.9), FURIGANA_FLOOR_PT)
    kanji = fit_size(p.kanji, to_pt(f.kanji.w), _natural(f.kanji, 0.92), KANJI_FLOOR_PT)
    # shrunk below 6 pt only on a card too small for it, which the build then refuses by its text
    romaji = fit_size(p.romaji, to_pt(f.romaji.w), min(ROMAJI_PT, _natural(f.romaji, 0.75)), 1.0)
    return Sizes(kana, kanji, romaji)


def text_roles(model: Karuta, f: Face) -> tuple[tuple[str, float], ...]:
    """Each text role of this face and the smallest size it prints at on any card, in pt: what
    the phone check (kit.draw.images) reads, for the cards and for each size the sampler compares."""
    each = [sizes(f, p) for p in model.provinces]
    return (("furigana", min(s.kana for s in each)), ("kanji name", min(s.kanji for s in each)),
            ("romaji", min(s.romaji for s in each)), ("number", NUMBER_PT))


def furigana_warnings(model: Karuta, layout: Layout) -> list[Warning_]:
    """Cards whose furigana or kanji would print below the readable floor at this card size."""
    c = layout.piece("card")
    f = face(c.width, c.height, c.safe)
    out = []
    for p in model.provinces:
        s = sizes(f, p)
        where = model.where.get(("province", p.kanji))
        if s.kana < FURIGANA_FLOOR_PT:
            out.append(Warning_(f"{p.kanji}: furigana {p.kana} shrinks to {s.kana:.1f} pt on a "
                                f"{c.width:g} × {c.height:g} mm card, below the readable "
                                f"{FURIGANA_FLOOR_PT:g} pt", where))
        if s.kanji < KANJI_FLOOR_PT:
            out.append(Warning_(f"{p.kanji}: the kanji shrink to {s.kanji:.1f} pt on a "
                                f"{c.width:g} × {c.height:g} mm card, below the readable "
                                f"{KANJI_FLOOR_PT:g} pt", where))
    return out


# --- the province's shape ------------------------------------------------------------

@dataclass(frozen=True)
class Outline:
    """A shape's rings fitted into a box, in mm relative to the box, y up."""

    rings: tuple[tuple[tuple[float, float], ...], ...]


def fit_outline(shape: Polygon | MultiPolygon, box_w: float, box_h: float) -> Outline:
    """The map shape (y down) scaled to fit a box with its aspect kept, centred, y up."""
    x0, y0, x1, y1 = shape.bounds
    k = min(box_w / max(x1 - x0, 1e-9), box_h / max(y1 - y0, 1e-9))
    simple = shape.simplify(SHAPE_DETAIL_PT / to_pt(1) / k, preserve_topology=True)
    dx = (box_w - (x1 - x0) * k) / 2
    dy = (box_h - (y1 - y0) * k) / 2
    rings = []
    for ring in shape_rings(simple):
        rings.append(tuple((dx + (x - x0) * k, dy + (y1 - y) * k) for x, y in ring))
    return Outline(tuple(rings))


def draw_outline(c: Canvas, outline: Outline, ox: float, oy: float, fill: Color) -> None:
    path = rings_path(c, outline.rings, lambda x, y: (ox + x, oy + y))
    c.setFillColor(fill)
    c.drawPath(path, stroke=0, fill=1, fillMode=0)  # even-odd: lakes stay holes


# --- drawing -------------------------------------------------------------------------

class FrontPainter:
    """Draws province fronts at one card size; `__call__` is a `render.DrawCard`."""

    def __init__(self, model: Karuta, shapes: dict, w: float, h: float, safe: float,
                 corner_index: bool = False):
        self.model, self.shapes = model, shapes
        self.face = face(w, h, safe, corner_index)
        self.corner_index = corner_index
        self.outlines: dict[str, Outline] = {}

    def outline(self, kanji: str) -> Outline:
        if kanji not in self.outlines:
            s = self.face.shape
            self.outlines[kanji] = fit_outline(self.shapes[kanji], s.w, s.h)
        return self.outlines[kanji]

    def __call__(self, c: Canvas, index: int, trim: Rect, bleed: float) -> None:
        draw_front(c, self, self.model.provinces[index], trim, bleed)


def _at(trim: Rect, r: Rect) -> Rect:
    return Rect(trim.x + r.x, trim.y + r.y, r.w, r.h)


def draw_front(c: Canvas, painter: FrontPainter, p: Province, trim: Rect, bleed: float) -> None:
    f = painter.face
    region = painter.model.region_of[p.kanji]
    fill_rect(c, trim.grow(bleed), mix(region.color, white, 0.9))
    band = Rect(trim.x - bleed, trim.y - bleed, f.band.w + bleed, trim.h + 2 * bleed)
    fill_rect(c, band, colour(region.color))
    badge = _at(trim, f.badge)
    c.setFillColor(colour(region.color))
    c.roundRect(to_pt(badge.x), to_pt(badge.y), to_pt(badge.w), to_pt(badge.h), to_pt(badge.h * 0.3),
                stroke=0, fill=1)
    ink = ink_on(region.color, dark=INK)
    text_in_box(c, badge.grow(-badge.h * 0.12), region.badge, to_pt(badge.h) * 0.72, ink, floor=3.0)
    s = sizes(f, p)
    kana, kanji = _at(trim, f.kana), _at(trim, f.kanji)
    text(c, kana.x + kana.w / 2, kana.y + kana.h * 0.2, p.kana, s.kana, "centre", mix("#202020", white, 0.15))
    romaji = _at(trim, f.romaji)      # on the badge's baseline, from the text column's left edge
    text(c, romaji.x, romaji.y + romaji.h / 2 - s.romaji * 0.3 / to_pt(1), p.romaji, s.romaji, "left",
         mix("#202020", white, 0.15))
    text(c, kanji.x + kanji.w / 2, kanji.y + kanji.h * 0.14, p.kanji, s.kanji, "centre", INK)
    shape = _at(trim, f.shape)
    draw_outline(c, painter.outline(p.kanji), shape.x, shape.y, mix(region.color, black, 0.25))
    text_in_box(c, _at(trim, f.number), str(p.number), NUMBER_PT, ink, floor=NUMBER_PT)
    if painter.corner_index:
        _corner_index(c, f, p, trim, ink)


def _corner_index(c: Canvas, f: Face, p: Province, trim: Rect, ink: Color) -> None:
    """The kanji stacked in the band's top, and the same turned half round at bottom right."""
    size = min(to_pt(f.index.w) * 0.95, to_pt(f.index.h) / max(len(p.kanji), 1) * 0.9)
    step = size / to_pt(1) * 1.05
    for turn in (0, 180):
        c.saveState()
        if turn:
            cx, cy = trim.x + trim.w / 2, trim.y + trim.h / 2
            c.translate(to_pt(cx), to_pt(cy))
            c.rotate(180)
            c.translate(-to_pt(cx), -to_pt(cy))
        top = trim.y + f.index.y2
        colour_ = ink if not turn else INK
        for k, ch in enumerate(p.kanji):
            text(c, trim.x + f.index.x + f.index.w / 2, top - (k + 1) * step + step * 0.15, ch, size,
                 "centre", colour_)
        c.restoreState()


def define_back(c: Canvas, w: float, h: float, bleed: float, safe: float) -> None:
    """The uniform back as a form XObject (origin at the trim's bottom-left), drawn once per file."""
    c.beginForm(BACK_FORM, -to_pt(bleed), -to_pt(bleed), to_pt(w + bleed), to_pt(h + bleed))
    fill_rect(c, Rect(0, 0, w, h).grow(bleed), BACK_INDIGO)
    c.setStrokeColor(BACK_CREAM)
    for inset, width in ((safe + 0.3, 0.8), (safe + 1.1, 0.3)):
        r = Rect(0, 0, w, h).grow(-inset)
        c.setLineWidth(width)
        c.rect(to_pt(r.x), to_pt(r.y), to_pt(r.w), to_pt(r.h), stroke=1, fill=0)
    inner_w = w - 2 * (safe + 2)
    size = min(to_pt(inner_w) / 3 * 0.95, to_pt(h) * 0.2)
    em = size / to_pt(1)
    c.setFillColor(VERMILION)
    c.circle(to_pt(w / 2), to_pt(h / 2 - em * 0.05), to_pt(min(w, h) * 0.055), stroke=0, fill=1)
    text(c, w / 2, h / 2 + em * 0.5, TITLE[:3], size, "centre", BACK_CREAM)
    text(c, w / 2, h / 2 - em * 1.3, TITLE[3:], size, "centre", BACK_CREAM)
    c.endForm()


def draw_back(c: Canvas, index: int, trim: Rect, bleed: float) -> None:
    c.saveState()
    c.translate(to_pt(trim.x), to_pt(trim.y))
    c.doForm(BACK_FORM)
    c.restoreState()


def cards_pdf(model: Karuta, shapes: dict, layout: Layout, corner_index: bool = False) -> tuple[bytes, int]:
    """cards.pdf: every front on imposed sheets, each followed by its mirrored backs, then the duplex test."""

    card = layout.piece("card")
    pdf = Pdf(layout.paper_width, layout.paper_height, f"{TITLE}: cards", FONT)
    define_back(pdf.canvas, card.width, card.height, card.bleed, card.safe)
    painter = FrontPainter(model, shapes, card.width, card.height, card.safe, corner_index)
    card_sheets(pdf, layout, len(model.provinces), painter, draw_back, piece=card,
                caption=f"{TITLE} cards · {CREDIT} ·")
    alignment_pages(pdf, layout, TITLE)
    return pdf.finish(), pdf.pages
