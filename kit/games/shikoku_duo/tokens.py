"""Tiles, tokens, standees and dice stickers on cut sheets with crop marks and bleed.

Pieces of different sizes share a sheet: each kind is a `Section`, laid out as bands of
rows down the page (`imposition.band`), each band with its own crop marks. Sections with
a back (painting tiles, wave tiles) go on duplex sheets: every front page is followed by
a page whose backs sit where `imposition.back_trims` mirrors them, so the file printed
double-sided lines each back up with its front, as karuta's cards do.

`pack` is pure (pages of bands, in mm); the drawing only fills the trims it returns.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

from reportlab.lib.colors import black, white
from reportlab.pdfgen.canvas import Canvas

from kit.data.errors import KitError
from kit.draw.fonts import text_width, fit_size, lines_of
from kit.draw.imposition import Grid, Rect, back_trims, band, marks_extent
from kit.data.layoutfile import Layout, length
from kit.data.yamlload import fields
from kit.draw.pdf import Pdf
from kit.draw.render import (CAPTION_PT, colour, draw_clipped, draw_segments, fill_rect, ink_on, line, mix,
                        stroke_rect, text, text_in_box)
from kit.data.units import to_pt

from kit.games.shikoku_duo.icons import draw_icon
from kit.games.shikoku_duo.pieces import (CHARACTER, GOLD, INK, ONSEN, PAPER, PLAYERS, TITLE, WAVE, Player,
                                          band as colour_band, disc, goods_colour, painting_colour, piece, tint)

Draw = Callable[[Canvas, int, Rect, float], None]

BAND_GAP = 1.0          # mm between one band's crop marks and the next band's
FOOT = 4.0              # mm kept above the bottom margin for the sheet's caption


@dataclass(frozen=True)
class Section:
    """One kind of piece: `count` of the named layout piece, drawn by `front` (and `back`)."""

    piece: str
    label: str
    count: int
    front: Draw
    back: Draw | None = None


@dataclass(frozen=True)
class Placed:
    section: int                # index into the sections
    first: int                  # the section's first item in this band
    grid: Grid                  # the band: its trims (item first, first + 1, ...) and crop marks


def pack(layout: Layout, sections: tuple[Section, ...]) -> list[tuple[Placed, ...]]:
    """Sheets of bands, sections in order. A band starts a shelf across the sheet; a section
    that fits the room left at the shelf's right (no taller than the shelf) goes there."""
    pages: list[list[Placed]] = [[]]
    left, right = layout.margin, layout.paper_width - layout.margin
    page_top, bottom = layout.paper_height - layout.margin, layout.margin + FOOT
    shelf = None              # (top, bottom, free x) of the current shelf, or None for a new one
    top = page_top
    for k, s in enumerate(sections):
        card = piece(layout, s.piece)
        done = 0

        def make(l, t, b):
            return band(layout.paper_width, layout.paper_height, l, right, card.width, card.height, card.bleed,
                        card.gutter, layout.crop_offset, layout.crop_length, t, b, s.count - done)

        while done < s.count:
            g = make(shelf[2], shelf[0], shelf[1]) if shelf else None
            if g is None:
                g = make(left, top, bottom)
                if g is None:
                    if not pages[-1]:
                        raise KitError(f"a {card.width:g} × {card.height:g} mm {s.piece} with its bleed and crop "
                                       f"marks does not fit on {layout.paper} paper", card.where)
                    pages.append([])
                    top, shelf = page_top, None
                    continue
                extent = marks_extent(g)
                shelf = (top, extent.y, extent.x2 + BAND_GAP)
                top = extent.y - BAND_GAP
            else:
                shelf = (shelf[0], shelf[1], marks_extent(g).x2 + BAND_GAP)
            pages[-1].append(Placed(k, done, g))
            done += g.per_sheet
    return [tuple(p) for p in pages if p]


def _caption(c: Canvas, layout: Layout, s: str) -> None:
    """The sheet's caption under the pieces, inside the printable width: shrunk to no less than
    6 pt, then broken into two lines at its middle ` · `."""
    room = to_pt(layout.paper_width - 2 * layout.margin)
    size = max(6.0, fit_size(s, room, CAPTION_PT, 6.0))
    if text_width(s, size) <= room or " · " not in s:
        text(c, layout.paper_width / 2, layout.margin + 1.2, s, size, "centre")
        return
    parts = s.split(" · ")
    cut = min(range(1, len(parts)), key=lambda k: abs(len(" · ".join(parts[:k])) - len(s) / 2))
    for k, line_ in enumerate((" · ".join(parts[:cut]) + " ·", " · ".join(parts[cut:]))):
        text(c, layout.paper_width / 2, layout.margin + 1.2 + 2.6 * (1 - k), line_,
             max(6.0, fit_size(line_, room, CAPTION_PT, 6.0)), "centre")


def sheets(pdf: Pdf, layout: Layout, sections: tuple[Section, ...], title: str) -> list[tuple[Placed, ...]]:
    """Every section on packed sheets; a sheet holding any backed piece is followed by its backs."""
    pages = pack(layout, sections)
    c = pdf.canvas
    for n, placed in enumerate(pages, 1):
        pdf.set_page_size(layout.paper_width, layout.paper_height)
        for p in placed:
            s = sections[p.section]
            for j, trim in enumerate(p.grid.trims):
                draw_clipped(c, s.front, p.first + j, trim, p.grid.bleed)
            draw_segments(c, p.grid.crop_marks)
        kinds = " · ".join(dict.fromkeys(
            f"{sections[p.section].label} {piece(layout, sections[p.section].piece).width:g}×"
            f"{piece(layout, sections[p.section].piece).height:g} mm" for p in placed))
        duplex = any(sections[p.section].back for p in placed)
        _caption(c, layout, f"{title}  sheet {n}/{len(pages)}{' front' if duplex else ''}  ·  {kinds}")
        pdf.show_page()
        if not duplex:
            continue
        pdf.set_page_size(layout.paper_width, layout.paper_height)
        for p in placed:
            s = sections[p.section]
            if s.back is None:
                continue
            for j, trim in enumerate(back_trims(p.grid, layout.duplex_flip, layout.duplex_dx, layout.duplex_dy)):
                draw_clipped(c, s.back, p.first + j, trim, p.grid.bleed)
        _caption(c, layout, f"{title}  sheet {n}/{len(pages)} back  ·  duplex, flip on the "
                            f"{layout.duplex_flip} edge")
        pdf.show_page()
    return pages


# --- faces ------------------------------------------------------------------------------------

# Type sizes of the tiles' text at their base size (`_k` scales them), named for `kit build
# --images`' phone check.
PAINTING_NAME_PT = 6.5      # painting tile: the painting type's name (shrinks to fit)
WAVE_NAME_EN_PT = 6.0       # wave tile: the side's English name (shrinks to fit)
WAVE_TEXT_PT = 6.0          # wave tile: its rule text (read in play: the least a table reads)


def _k(trim: Rect, base: float) -> float:
    """Type scale: how much larger than a `base` mm piece this one is."""
    return min(trim.w, trim.h) / base


def painting_front(types, kind: str, value_hint: str = "") -> Draw:
    t = next(t for t in types if t.id == kind)
    rgb = painting_colour(types, kind)

    def draw(c, i, trim, bleed):
        k = _k(trim, 22)
        fill_rect(c, trim.grow(bleed), tint(rgb, 0.82))
        stroke_rect(c, trim.grow(-1.2 * k), colour(rgb), 0.8 * k)
        disc(c, trim.x + trim.w / 2, trim.y + trim.h * 0.6, trim.w * 0.3, colour(rgb))
        draw_icon(c, t.icon, t.name, Rect(trim.x + trim.w * 0.32, trim.y + trim.h * 0.42, trim.w * 0.36,
                                          trim.h * 0.36), white)
        text_in_box(c, Rect(trim.x + 2 * k, trim.y + 1.8 * k, trim.w - 4 * k, trim.h * 0.18), t.name, PAINTING_NAME_PT * k,
                    mix(rgb, black, 0.5), floor=3)
    return draw


def painting_back(player_of: Callable[[int], Player]) -> Draw:
    def draw(c, i, trim, bleed):
        p = player_of(i)
        k = _k(trim, 22)
        fill_rect(c, trim.grow(bleed), colour(p.rgb))
        ink = ink_on(p.rgb)
        stroke_rect(c, trim.grow(-1.5 * k), ink, 0.5 * k)
        text_in_box(c, Rect(trim.x, trim.y + trim.h * 0.35, trim.w, trim.h * 0.45), "絵", 20 * k, ink)
        text_in_box(c, Rect(trim.x + 2, trim.y + 2.2 * k, trim.w - 4, trim.h * 0.2),
                    f"{p.seat} {p.name}", 6 * k, ink, floor=3)
    return draw


WAVE_LEAD = 1.2              # wave tile: line pitch of its rule text, in text sizes
WAVE_HEAD = 12.5             # mm (at the 28 mm base) from the band's foot to the rule text's first line


def wave_text(side, trim_w: float, k: float) -> tuple[list[str], list[str]]:
    """A wave side's rule text in lines at WAVE_TEXT_PT across a `trim_w` mm tile: Japanese, then English."""
    width = trim_w - 3.5 * k
    return (lines_of(side.text, "ja", width, WAVE_TEXT_PT), lines_of(side.text_en or side.text, "en", width, WAVE_TEXT_PT))


def wave_room(side, w: float, h: float) -> tuple[float, float]:
    """(needed, available) mm of a `w` × `h` wave tile for its rule text, band and names above it."""
    k = min(w, h) / 28
    ja, en = wave_text(side, w, k)
    line = WAVE_TEXT_PT * WAVE_LEAD * 25.4 / 72
    return (len(ja) + len(en)) * line + 0.8 * k, h - 6 * k - WAVE_HEAD * k + line - 1.2 * k


def wave_face(side, letter: str) -> Callable[[Canvas, Rect, float], None]:
    name, en, rgb = CHARACTER[side.character]

    def draw(c, trim, bleed):
        k = _k(trim, 28)
        fill_rect(c, trim.grow(bleed), tint(WAVE, 0.82))
        head = colour_band(c, trim, bleed, rgb, 6 * k)
        text(c, head.x + 1.5 * k, head.y + 1.7 * k, f"波 {name} {en}", 7 * k, fill=ink_on(rgb))
        text(c, head.x2 - 1.5 * k, head.y + 1.7 * k, letter, 7 * k, "right", ink_on(rgb))
        text_in_box(c, Rect(trim.x + 1.5 * k, head.y - 6.5 * k, trim.w - 3 * k, 5.5 * k),
                    side.name, 10 * k, mix(WAVE, black, 0.5), floor=4)
        text_in_box(c, Rect(trim.x + 1.5 * k, head.y - 9.5 * k, trim.w - 3 * k, 3 * k),
                    side.name_en, WAVE_NAME_EN_PT * k, mix(WAVE, black, 0.4), floor=3)
        ja, en_lines = wave_text(side, trim.w, k)
        lead = WAVE_TEXT_PT * WAVE_LEAD / to_pt(1)
        y = head.y - WAVE_HEAD * k
        for s in ja:
            text(c, trim.x + 1.75 * k, y, s, WAVE_TEXT_PT, fill=INK)
            y -= lead
        c.setStrokeColor(mix(WAVE, white, 0.3))
        c.setLineWidth(0.3)
        line(c, trim.x + 1.75 * k, y + lead - 1.0 * k, trim.x2 - 1.75 * k, y + lead - 1.0 * k)
        y -= 0.8 * k
        for s in en_lines:
            text(c, trim.x + 1.75 * k, y, s, WAVE_TEXT_PT, fill=INK)
            y -= lead
    return draw


def wave_sections(comp) -> tuple[Section, ...]:
    """The three wave tiles: side A on the front page, side B where duplex puts its back."""
    pairs = []
    for ch in CHARACTER:
        sides = [w for w in comp.waves if w.character == ch]
        if len(sides) != 2:
            raise KitError(f"the {ch}'s wave tile needs two sides, the data has {len(sides)}")
        pairs.append(sides)
    fronts = [wave_face(a, "A") for a, _ in pairs]
    backs = [wave_face(b, "B") for _, b in pairs]
    return (Section("wave_tile", "wave tiles (A front, B back)", len(pairs),
                    lambda c, i, trim, bleed: fronts[i](c, trim, bleed),
                    lambda c, i, trim, bleed: backs[i](c, trim, bleed)),)


def painting_sections(comp) -> tuple[Section, ...]:
    per = len(comp.paintings)
    kinds = tuple(comp.paintings) * len(PLAYERS)
    fronts = [painting_front(comp.painting_types, kind) for kind in kinds]
    return (Section("painting_tile", "painting tiles", len(kinds),
                    lambda c, i, trim, bleed: fronts[i](c, i, trim, bleed),
                    painting_back(lambda i: PLAYERS[i // per])),)


def duplex_sections(comp) -> tuple[Section, ...]:
    return painting_sections(comp) + wave_sections(comp)


SMALL_LINE_SIDE = 0.3      # mm the small line keeps from the disc's edge at its lower corners


def _round_token(c, trim: Rect, bleed: float, rgb: str, big: str, small: str, base: float,
                 piece: str = "token", words: tuple[str, ...] = ()) -> None:
    """A disc token on a square cut: the square's corners are the disc's colour, lighter.
    The small line (read in play: 6 pt) stands inside the disc, as low as its width lets it:
    the disc grows towards the cut for a long word, and a word too long even then is refused.
    `words`: every small line the piece's kind prints, so all of them share one disc and line."""
    k = _k(trim, base)
    fill_rect(c, trim.grow(bleed), tint(rgb, 0.55))
    cx, cy = trim.x + trim.w / 2, trim.y + trim.h / 2
    r = min(trim.w, trim.h) / 2 - 0.6 * k
    ink = ink_on(rgb)
    if not small:
        _disc(c, cx, cy, r, rgb)
        text_in_box(c, Rect(cx - r * 0.7, cy - r * 0.6, r * 1.4, r * 1.2), big, 14 * k, ink, floor=3)
        return
    size = max(6.0, 4.5 * k)
    widest = max((small, *words), key=lambda w: text_width(w, size))
    half = text_width(widest, size) / to_pt(1) / 2 + SMALL_LINE_SIDE
    r = max(r, min(min(trim.w, trim.h) / 2 - 0.2, half + 0.8))     # room for the word, short of the cut
    line_h = size / to_pt(1)
    drop = min(r * 0.72, math.sqrt(max(r * r - half * half, 0.0)))  # the line's foot, below the centre
    if half > r or drop < line_h * 0.6:
        raise KitError(f"{piece} ({trim.w:g} × {trim.h:g} mm): {widest!r} at {size:g} pt is "
                       f"{2 * (half - SMALL_LINE_SIDE):.1f} mm wide, past the edge of its {2 * r:.1f} mm disc")
    _disc(c, cx, cy, r, rgb)
    foot = cy - drop
    text_in_box(c, Rect(cx - r, foot, 2 * r, line_h), small, size, ink, floor=size)
    top = min(cy + r * 0.8, cy + r - 0.5)
    text_in_box(c, Rect(cx - r * 0.7, foot + line_h + 0.2, r * 1.4, top - foot - line_h - 0.2), big, 12 * k, ink,
                floor=3)


def _disc(c, cx: float, cy: float, r: float, rgb: str) -> None:
    c.setFillColor(colour(rgb))
    c.circle(to_pt(cx), to_pt(cy), to_pt(r), stroke=0, fill=1)


def goods_items(comp) -> list[str]:
    return [kind for kind, n in comp.goods.items() for _ in range(n)]


def token_sections(comp, layout: Layout) -> tuple[Section, ...]:
    """Every single-sided piece: goods, shop tokens, gold slabs, track markers, the hot-spring
    token, the Automa's rank markers and the standees."""
    goods = goods_items(comp)
    kinds = tuple(comp.goods)

    def good(c, i, trim, bleed):
        kind = goods[i]
        _round_token(c, trim, bleed, goods_colour(kinds, kind), comp.goods_names[kind], kind, 14, "goods_token",
                     kinds)

    def shop(c, i, trim, bleed):
        s = comp.shops[i]
        rgb = goods_colour(kinds, s.kind)
        k = _k(trim, 20)
        fill_rect(c, trim.grow(bleed), PAPER)
        head = colour_band(c, trim, bleed, rgb, 5.5 * k)
        text_in_box(c, head, f"土産物屋 {comp.goods_names[s.kind]}", 6.5 * k, ink_on(rgb), floor=3)
        text_in_box(c, Rect(trim.x, trim.y + 4 * k, trim.w, trim.h - 10.5 * k), f"{s.value}", 22 * k, INK)
        text_in_box(c, Rect(trim.x + 0.5, trim.y + 1.2 * k, trim.w - 1, 3.2 * k),
                    f"copper per {s.kind}", max(6.0, 5 * k), INK, floor=6.0)

    def slab(c, i, trim, bleed):
        k = _k(trim, 13)
        fill_rect(c, trim.grow(bleed), colour(GOLD))
        c.setStrokeColor(mix(GOLD, black, 0.35))
        c.setLineWidth(0.5)
        c.roundRect(to_pt(trim.x + 1 * k), to_pt(trim.y + 1 * k), to_pt(trim.w - 2 * k), to_pt(trim.h - 2 * k),
                    to_pt(trim.h * 0.35), stroke=1, fill=0)
        text_in_box(c, Rect(trim.x, trim.y + trim.h * 0.2, trim.w, trim.h * 0.6), "小判", 11 * k,
                    mix(GOLD, black, 0.55))

    markers = [(p, sym, en) for p in PLAYERS for sym, en in (("社", "shrine"), ("庭", "garden"), ("銭", "copper"))]

    def marker(c, i, trim, bleed):
        p, sym, en = markers[i]
        _round_token(c, trim, bleed, p.rgb, sym, en, 12, "coin",
                     tuple(w for _, _, w in markers))     # the seat is its colour

    def onsen(c, i, trim, bleed):
        _round_token(c, trim, bleed, ONSEN, "湯", "温泉 hot spring", 24, "hot_spring_token")

    ranks = tuple(CHARACTER)

    def rank(c, i, trim, bleed):
        name, en, rgb = CHARACTER[ranks[i]]
        _round_token(c, trim, bleed, "#55585e", name[0], en, 13, "rank_marker",
                     tuple(CHARACTER[k][1] for k in ranks))    # the Automa's board names its tracks

    standees = [(ch, p) for p in PLAYERS for ch in CHARACTER]

    def standee(c, i, trim, bleed):
        ch, p = standees[i]
        draw_standee(c, trim, bleed, ch, p)

    out = [
        Section("standee", "standees", len(standees), standee),
        Section("goods_token", "goods", len(goods), good),
        Section("shop_token", "shop tokens", len(comp.shops), shop),
        Section("gold_slab", "gold slabs", len(comp.slabs) * len(PLAYERS), slab),
        Section("hot_spring_token", "hot-spring token", 1, onsen),
        Section("coin", "track markers", len(markers), marker),
        Section("rank_marker", "Automa rank markers", len(ranks), rank),
    ]
    return tuple(out)


# --- standees ---------------------------------------------------------------------------------

STANDEE_BASE = 0.12        # share of the strip's length for each base flap


def standee_folds(trim: Rect) -> tuple[float, float, float]:
    """The three fold lines' y, bottom up: base | face | face (turned) | base."""
    base = trim.h * STANDEE_BASE
    face = (trim.h - 2 * base) / 2
    return trim.y + base, trim.y + base + face, trim.y + base + 2 * face


def draw_standee(c: Canvas, trim: Rect, bleed: float, character: str, p: Player) -> None:
    """A tent: fold on the three dotted lines, glue the two bases together under the figure."""
    name, en, rgb = CHARACTER[character]
    y1, y2, y3 = standee_folds(trim)
    fill_rect(c, trim.grow(bleed), colour(p.rgb))
    ink = ink_on(p.rgb)
    for lo, hi, turned in ((y1, y2, False), (y2, y3, True)):
        c.saveState()
        face = Rect(trim.x, lo, trim.w, hi - lo)
        if turned:      # the upper face is upside down on the flat strip, upright once folded
            c.translate(to_pt(face.x + face.w), to_pt(face.y + face.h))
            c.rotate(180)
            face = Rect(0, 0, face.w, face.h)
        k = face.w / 26
        fill_rect(c, Rect(face.x + 2 * k, face.y + face.h * 0.33, face.w - 4 * k, face.h * 0.6), tint(rgb, 0.2))
        # A figure's silhouette: head and body.
        c.setFillColor(colour(rgb))
        cx = face.x + face.w / 2
        c.circle(to_pt(cx), to_pt(face.y + face.h * 0.80), to_pt(face.w * 0.14), stroke=0, fill=1)
        p_ = c.beginPath()
        p_.moveTo(to_pt(cx - face.w * 0.26), to_pt(face.y + face.h * 0.36))
        p_.lineTo(to_pt(cx + face.w * 0.26), to_pt(face.y + face.h * 0.36))
        p_.lineTo(to_pt(cx + face.w * 0.12), to_pt(face.y + face.h * 0.68))
        p_.lineTo(to_pt(cx - face.w * 0.12), to_pt(face.y + face.h * 0.68))
        p_.close()
        c.drawPath(p_, stroke=0, fill=1)
        # read across the board in play: never under 6 pt, however narrow the standee
        text_in_box(c, Rect(face.x + 0.5, face.y + face.h * 0.43, face.w - 1, face.h * 0.14), name,
                    max(7.0, 8 * k), ink_on(rgb), floor=6.0)
        text_in_box(c, Rect(face.x + 0.5, face.y + face.h * 0.17, face.w - 1, face.h * 0.13), f"{p.seat} {p.name}",
                    max(6.5, 7 * k), ink, floor=6.0)
        text_in_box(c, Rect(face.x + 0.3, face.y + face.h * 0.03, face.w - 0.6, face.h * 0.12), en,
                    max(6.0, 5 * k), ink, floor=6.0)
        c.restoreState()
    c.setStrokeColor(ink)
    c.setDash([1.2, 1.2], 0)
    c.setLineWidth(0.4)
    for y in (y1, y2, y3):
        line(c, trim.x, y, trim.x2, y)
    c.setDash([], 0)


# --- dice stickers ----------------------------------------------------------------------------

def die_sections(comp) -> tuple[Section, ...]:
    """Six stickers per character die, in the character's colour, each face's number of steps."""
    faces = [(ch, v) for ch in CHARACTER for v in comp.dice[ch]]

    def sticker(c, i, trim, bleed):
        ch, v = faces[i]
        name, en, rgb = CHARACTER[ch]
        k = _k(trim, 13)
        fill_rect(c, trim.grow(bleed), colour(rgb))
        ink = ink_on(rgb)
        text_in_box(c, Rect(trim.x, trim.y + trim.h * 0.28, trim.w, trim.h * 0.62), str(v), 22 * k, ink)
        text_in_box(c, Rect(trim.x + 0.5, trim.y + 0.6 * k, trim.w - 1, trim.h * 0.22), name, max(6.0, 5 * k), ink,
                    floor=6.0)
    return (Section("die_sticker", "dice stickers", len(faces), sticker),)


# --- files ------------------------------------------------------------------------------------

def tiles_pdf(comp, layout: Layout) -> tuple[bytes, int]:
    """tiles.pdf: painting tiles (player backs) and the wave tiles (side B on the back), duplex."""
    pdf = Pdf(layout.paper_width, layout.paper_height, f"{TITLE}: tiles")
    sheets(pdf, layout, duplex_sections(comp), f"{TITLE} tiles")
    return pdf.finish(), pdf.pages


def tokens_pdf(comp, layout: Layout) -> tuple[bytes, int]:
    """tokens.pdf: standees, goods, shop tokens, gold slabs, markers and the hot-spring token."""
    pdf = Pdf(layout.paper_width, layout.paper_height, f"{TITLE}: tokens and standees")
    sheets(pdf, layout, token_sections(comp, layout), f"{TITLE} tokens")
    return pdf.finish(), pdf.pages


def dice_faces(layout) -> tuple[float, float]:
    """The dice the stickers are for: `dice: {face: 16mm, least: 14mm}` (an ordinary die's face,
    and the smallest one the stickers still fit)."""
    section = layout.section("dice")
    fields(section, {"face": (str, int, float), "least": (str, int, float)}, what="dice")
    face, least = length(section, "face"), length(section, "least")
    if least > face:
        raise KitError(f"dice: least ({least:g} mm) is more than face ({face:g} mm)", section.at("least"))
    return face, least


def dice_pdf(comp, layout: Layout) -> tuple[bytes, int]:
    """dice-stickers.pdf: one sheet of stickers for three ordinary dice."""
    face, least = dice_faces(layout)
    sticker = layout.piece("die_sticker")
    pdf = Pdf(layout.paper_width, layout.paper_height, f"{TITLE}: dice stickers")
    sheets(pdf, layout, die_sections(comp), f"{TITLE} dice stickers · {least:g}–{face:g} mm の普通のダイス3個用 / for "
                                            f"three ordinary {least:g}–{face:g} mm dice ({sticker.width:g} mm "
                                            f"stickers) · one die per character: stick the six faces of a colour "
                                            f"on one die")
    return pdf.finish(), pdf.pages


def tile_decks(comp, layout: Layout) -> list:
    """The tiles as tiles.pdf draws them, one `kit.draw.images.Deck` per kind, with the smallest size
    each text role prints at (after shrinking to fit) for the phone check."""
    from kit.draw.images import Deck

    names = {"painting_tile": "painting-tiles", "wave_tile": "wave-tiles"}
    out = []
    for s in duplex_sections(comp):
        p = piece(layout, s.piece)
        if s.piece == "painting_tile":
            k = min(p.width, p.height) / 22
            name_pt = min(max(3, fit_size(t.name, to_pt(p.width - 4 * k), PAINTING_NAME_PT * k, 3))
                          for t in comp.painting_types)
            roles = (("painting name", name_pt),)
        else:
            k = min(p.width, p.height) / 28
            en_pt = min(max(3, fit_size(w.name_en, to_pt(p.width - 3 * k), WAVE_NAME_EN_PT * k, 3))
                        for w in comp.waves)
            roles = (("English name", en_pt), ("rule text", WAVE_TEXT_PT))
        out.append(Deck(names.get(s.piece, s.piece.replace("_", "-")), p.width, p.height, p.bleed, s.count,
                        s.front, s.back, roles=roles))
    return out
