"""Player boards: the pilgrim's tracks and product table, the merchant's slabs, copper and hold,
the artist's ten painting slots.

`*_layout(board, tokens...)` are pure: they place every slot in mm relative to the
board's bottom-left corner, sized from the tokens it must hold (a slot is its token plus
SLOT_PLAY), so a resized token resizes its slots. The drawing only paints those boxes,
and the tests measure them.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color, black, white
from reportlab.pdfgen.canvas import Canvas

from kit.data.errors import KitError
from kit.draw.imposition import Rect
from kit.data.layoutfile import Layout, Piece as Card
from kit.draw.pdf import Pdf
from kit.draw.fonts import fit_size
from kit.draw.render import card_sheets, colour, fill_rect, ink_on, mix, stroke_rect, text, text_in_box
from kit.data.units import to_pt

from kit.games.shikoku_duo.pieces import (CHARACTER, COPPER, GOLD, INK, PLAYERS, TITLE, WAVE,
                                          Player, band, disc, painting_colour, piece, tint)
from kit.games.shikoku_duo.icons import draw_icon

SLOT_PLAY = 2.0        # a slot is this much larger than its token (1 mm all round)
HEADER_H = 9.0         # the character's band
LABEL_H = 4.0          # a row's label above its slots
GAP = 2.0
ROW_GAP = 3.0
LEGEND_H = 10.0        # one painting type's line in the artist board's key


@dataclass(frozen=True)
class BoardLayout:
    """Every box of one player board, mm from its bottom-left corner."""

    w: float
    h: float
    header: Rect
    rows: tuple[tuple[str, str, Rect], ...]           # (label, label_en, box above a row of slots)
    slots: dict                                        # name -> tuple[Rect, ...]
    wave: Rect                                         # where the wave tile goes
    notes: Rect                                        # room for the reminder text


def _row(x: float, y: float, n: int, w: float, h: float, gap: float = GAP) -> tuple[Rect, ...]:
    return tuple(Rect(x + k * (w + gap), y, w, h) for k in range(n))


def _check(name: str, board: Card, lay: BoardLayout) -> BoardLayout:
    """Refuse a board too small for its tokens, naming what to enlarge."""
    inner = Rect(board.safe, board.safe, board.width - 2 * board.safe, board.height - 2 * board.safe)
    boxes = [lay.wave, lay.notes] + [r for rs in lay.slots.values() for r in rs] + [r for *_, r in lay.rows]
    for r in boxes:
        if r.x < inner.x - 1e-6 or r.y < inner.y - 1e-6 or r.x2 > inner.x2 + 1e-6 or r.y2 > inner.y2 + 1e-6:
            raise KitError(f"a {board.width:g} × {board.height:g} mm {name} is too small for its slots "
                           f"(they need {max(b.x2 for b in boxes) + board.safe:.0f} × "
                           f"{board.height - min(b.y for b in boxes) + board.safe:.0f} mm); enlarge "
                           f"{name} or shrink its tokens in layouts/shikoku-duo.yaml", board.where)
    return lay


def _frame(board: Card) -> tuple[Rect, float, float]:
    """The header band, the left edge and the top of the content below it."""
    s = board.safe
    header = Rect(0, board.height - HEADER_H, board.width, HEADER_H)
    return header, s, header.y - ROW_GAP


def _wave_corner(board: Card, wave: Card) -> Rect:
    """The wave tile's place: the board's bottom-right corner, inside the safe zone."""
    right = board.width - board.safe
    return Rect(right - wave.width - SLOT_PLAY, board.safe, wave.width + SLOT_PLAY, wave.height + SLOT_PLAY)


def pilgrim_layout(board: Card, coin: Card, wave: Card, shrine: int, garden: int) -> BoardLayout:
    """The shrine track (`shrine` values, start first) and the garden track, one marker cell per
    value; below them the score table, a column per shrine value and a row per garden value,
    with the wave tile's place at its right."""
    header, x, top = _frame(board)
    cell = coin.width + SLOT_PLAY
    rows, slots = [], {}
    y = top
    for key, label, en, n in (("shrine", "神社", "shrine track", shrine), ("garden", "庭園", "garden track", garden)):
        y -= LABEL_H + cell
        rows.append((label, en, Rect(x, y + cell, n * (cell + GAP) - GAP, LABEL_H)))
        slots[key] = _row(x, y, n, cell, cell)
        y -= ROW_GAP
    wave_box = Rect(board.width - board.safe - wave.width - SLOT_PLAY, y + ROW_GAP + cell - wave.height - SLOT_PLAY,
                    wave.width + SLOT_PLAY, wave.height + SLOT_PLAY)
    table_top = y - LABEL_H
    table_w = wave_box.x - 2 * GAP - x
    cw, ch = table_w / (shrine + 1), (table_top - board.safe) / (garden + 1)
    rows.append(("得点表", "score = shrine value × garden value", Rect(x, table_top, table_w, LABEL_H)))
    slots["table"] = tuple(Rect(x + c * cw, table_top - (r + 1) * ch, cw, ch)
                           for r in range(garden + 1) for c in range(shrine + 1))
    notes = Rect(wave_box.x, board.safe, wave_box.w, wave_box.y - GAP - board.safe)
    return _check("pilgrim_board", board, BoardLayout(board.width, board.height, header, tuple(rows), slots,
                                                      wave_box, notes))


def merchant_layout(board: Card, slab: Card, coin: Card, goods: Card, wave: Card, slabs: int, copper: int,
                    hold: int) -> BoardLayout:
    """Gold-slab slots (value above each), the copper track 0..`copper`, the goods hold, the wave tile."""
    header, x, top = _frame(board)
    rows, slots = [], {}
    sw, sh = slab.width + SLOT_PLAY, slab.height + SLOT_PLAY
    y = top - LABEL_H - sh
    rows.append(("小判", "gold slabs, leftmost empty first: the value of the rightmost one scores",
                 Rect(x, y + sh, board.width - 2 * x, LABEL_H)))
    slots["slab"] = _row(x, y, slabs, sw, sh, GAP + 1)
    cell = coin.width + SLOT_PLAY
    y -= ROW_GAP + LABEL_H + cell
    rows.append(("銅銭", "copper: 10 become a gold slab at once", Rect(x, y + cell, board.width - 2 * x, LABEL_H)))
    slots["copper"] = _row(x, y, copper + 1, cell, cell)
    g = goods.width + SLOT_PLAY
    y -= ROW_GAP + LABEL_H + g
    rows.append(("荷", f"hold: at most {hold} goods", Rect(x, y + g, board.width - 2 * x, LABEL_H)))
    slots["hold"] = _row(x, y, hold, g, goods.height + SLOT_PLAY)
    wave_box = _wave_corner(board, wave)
    notes = Rect(x, board.safe, wave_box.x - GAP - x, y - GAP - board.safe)
    return _check("merchant_board", board, BoardLayout(board.width, board.height, header, tuple(rows), slots,
                                                       wave_box, notes))


def artist_layout(board: Card, tile: Card, wave: Card, slots_n: int, types: int = 0) -> BoardLayout:
    """The painting slots in two rows (left to right, top row first), each value under its tile."""
    header, x, top = _frame(board)
    per_row = -(-slots_n // 2)
    tw, th = tile.width + SLOT_PLAY, tile.height + SLOT_PLAY
    rows = []
    y1 = top - LABEL_H - th
    y2 = y1 - ROW_GAP - th
    rows.append(("絵", "paintings: face down, turned left to right, top row first",
                 Rect(x, y1 + th, board.width - 2 * x, LABEL_H)))
    cells = _row(x, y1, per_row, tw, th) + _row(x, y2, slots_n - per_row, tw, th)
    wave_box = _wave_corner(board, wave)
    notes = Rect(x, board.safe, wave_box.x - GAP - x, y2 - GAP - board.safe)
    # The painting types' key, right of the slots and above the wave tile.
    kx = max(r.x2 for r in cells) + 2 * GAP
    key_h = min(LEGEND_H, (y1 + th - wave_box.y2 - GAP) / max(types, 1))
    legend = tuple(Rect(kx, y1 + th - (k + 1) * key_h, board.width - board.safe - kx, key_h) for k in range(types))
    return _check("artist_board", board, BoardLayout(board.width, board.height, header, tuple(rows),
                                                     {"painting": cells, "legend": legend}, wave_box, notes))


# --- drawing ---------------------------------------------------------------------------------

def _at(trim: Rect, r: Rect) -> Rect:
    return Rect(trim.x + r.x, trim.y + r.y, r.w, r.h)


def _header(c: Canvas, trim: Rect, bleed: float, character: str, player: Player, note: str) -> None:
    name, en, rgb = CHARACTER[character]
    band(c, trim, bleed, rgb, HEADER_H)
    ink = ink_on(rgb)
    text(c, trim.x + 4, trim.y2 - 6.6, f"{name}  {en}", 12, fill=ink)
    text(c, trim.x + 48, trim.y2 - 6.2, note, 6.5, fill=ink)
    chip = Rect(trim.x2 - 30, trim.y2 - HEADER_H + 1.5, 26, HEADER_H - 3)
    c.setFillColor(colour(player.rgb))
    c.setStrokeColor(white)
    c.setLineWidth(0.8)
    c.roundRect(to_pt(chip.x), to_pt(chip.y), to_pt(chip.w), to_pt(chip.h), to_pt(1.5), stroke=1, fill=1)
    text_in_box(c, chip, f"{player.seat}  {player.name} {player.name_en}", 8, ink_on(player.rgb), floor=4)


def _body(c: Canvas, trim: Rect, bleed: float, rgb: str) -> None:
    fill_rect(c, trim.grow(bleed), tint(rgb, 0.9))


def _labels(c: Canvas, trim: Rect, lay: BoardLayout, rgb: str) -> None:
    ink = mix(rgb, black, 0.45)
    for label, en, box in lay.rows:
        r = _at(trim, box)
        text(c, r.x, r.y + 1.0, label, 8.5, fill=ink)
        text(c, r.x + 3.2 * len(label) + 2, r.y + 1.0, en, 6, fill=INK)


def _ground(c: Canvas, trim: Rect, bleed: float, lay: BoardLayout, kind: str, player: Player, note: str) -> str:
    """A board's background, header and row labels; returns the character's colour."""
    rgb = CHARACTER[kind][2]
    _body(c, trim, bleed, rgb)
    _header(c, trim, bleed, kind, player, note)
    _labels(c, trim, lay, rgb)
    return rgb


def _wave_spot(c: Canvas, trim: Rect, lay: BoardLayout) -> None:
    r = _at(trim, lay.wave)
    fill_rect(c, r, tint(WAVE, 0.85))
    stroke_rect(c, r, colour(WAVE), 0.6, dash=([1.5, 1.2], 0))
    text_in_box(c, Rect(r.x + 1, r.y + r.h / 2, r.w - 2, r.h * 0.3), "波タイル", 9, colour(WAVE))
    text_in_box(c, Rect(r.x + 1, r.y + r.h * 0.2, r.w - 2, r.h * 0.25), "wave tile here", 6, colour(WAVE))


def _slot(c: Canvas, r: Rect, fill: Color, edge: Color, dash=None) -> None:
    fill_rect(c, r, fill)
    stroke_rect(c, r, edge, 0.5, dash=dash)


def _notes(c: Canvas, trim: Rect, box: Rect, lines: tuple[str, ...], size: float = 6.3) -> None:
    """Reminder lines from the top of `box`, shrunk together so the longest fits its width."""
    r = _at(trim, box)
    size = min([size] + [fit_size(s, to_pt(r.w), size, 4.0) for s in lines])
    step = min(size / to_pt(1) * 1.45, r.h / max(len(lines), 1))
    for k, s in enumerate(lines):
        text(c, r.x, r.y2 - (k + 0.8) * step, s, size, fill=INK)


def draw_pilgrim(c: Canvas, trim: Rect, bleed: float, lay: BoardLayout, comp, player: Player) -> None:
    rgb = _ground(c, trim, bleed, lay, "pilgrim", player, "clockwise round the ring; passes figures, jumps an occupied end")
    edge = mix(rgb, black, 0.3)
    for key, values in (("shrine", comp.shrine_track), ("garden", comp.garden_track)):
        cells = lay.slots[key]
        for k, (r, v) in enumerate(zip(cells, values)):
            box = _at(trim, r)
            _slot(c, box, white if k else tint(rgb, 0.6), edge)
            text_in_box(c, Rect(box.x, box.y + box.h * 0.3, box.w, box.h * 0.55), str(v), 11, INK)
            foot = "start" if k == 0 else (f"{k} 満 full" if k == len(cells) - 1 else str(k))
            text(c, box.x + box.w / 2, box.y + 0.8, foot, 6.0, "centre", edge)
    # The score table: a column per shrine value, a row per garden value.
    cells = lay.slots["table"]
    cols = len(comp.shrine_track) + 1
    head = tint(rgb, 0.55)
    for i, r in enumerate(cells):
        row, col = divmod(i, cols)
        box = _at(trim, r)
        if row == 0 and col == 0:
            fill_rect(c, box, head)
            # ＼ (U+FF3C): the font has it; ╲ (U+2572) it has not, and would print nothing.
            text_in_box(c, box.grow(-0.4), "庭＼社", 6, INK, floor=3)
        elif row == 0:
            fill_rect(c, box, head)
            text_in_box(c, box, str(comp.shrine_track[col - 1]), 7, INK, floor=3)
        elif col == 0:
            fill_rect(c, box, head)
            text_in_box(c, box, str(comp.garden_track[row - 1]), 7, INK, floor=3)
        else:
            fill_rect(c, box, white if (row + col) % 2 else tint(rgb, 0.8))
            text_in_box(c, box, str(comp.garden_track[row - 1] * comp.shrine_track[col - 1]), 7, INK, floor=3)
    first, last = _at(trim, cells[0]), _at(trim, cells[-1])
    stroke_rect(c, Rect(first.x, last.y, last.x2 - first.x, first.y2 - last.y), edge, 0.5)
    _wave_spot(c, trim, lay)
    _notes(c, trim, lay.notes, ("社 temple: shrine +1", "庭 garden: garden +1",
                                f"港 coastal town: +{comp.town_coins} copper", "浜 seashore: a wave tile",
                                "湯 hot spring: the token", "満 full: last round"))


def draw_merchant(c: Canvas, trim: Rect, bleed: float, lay: BoardLayout, comp, player: Player) -> None:
    rgb = _ground(c, trim, bleed, lay, "merchant", player, "exactly N route segments; no such path: no move, no action")
    ink = mix(GOLD, black, 0.55)
    for k, (r, v) in enumerate(zip(lay.slots["slab"], comp.slabs)):
        box = _at(trim, r)
        _slot(c, box, tint(GOLD, 0.7), mix(GOLD, black, 0.4))
        text_in_box(c, box.grow(-1.5), str(v), 14, ink)
        text(c, box.x2 - 1, box.y + 1, f"{k + 1}", 6, "right", ink)
    for k, r in enumerate(lay.slots["copper"]):
        box = _at(trim, r)
        cx, cy = box.x + box.w / 2, box.y + box.h / 2
        c.setFillColor(tint(COPPER, 0.75))
        c.setStrokeColor(colour(COPPER))
        c.setLineWidth(0.5)
        c.circle(to_pt(cx), to_pt(cy), to_pt(box.w / 2), stroke=1, fill=1)
        text_in_box(c, box.grow(-2.5), str(k), 10, mix(COPPER, black, 0.5))
    for r in lay.slots["hold"]:
        _slot(c, _at(trim, r), white, mix(rgb, black, 0.3), dash=([1.2, 1], 0))
    _wave_spot(c, trim, lay)
    _notes(c, trim, lay.notes, (
        "山 mountain town: draw its number of goods from the bag; keep any 5, the rest go back.",
        "港 coastal town: sell any goods of its shop's kind, each for the shop's value in copper.",
        "No entering a coastal town where a figure stands; merchants may share a mountain town.",
        "Copper reaching 10: a gold slab at once (6th slab: the game ends at the round's end)."))


def draw_artist(c: Canvas, trim: Rect, bleed: float, lay: BoardLayout, comp, player: Player) -> None:
    rgb = _ground(c, trim, bleed, lay, "artist", player, "N regions across routes, never back, never through a mountain town")
    for k, (r, v) in enumerate(zip(lay.slots["painting"], comp.artist_slots)):
        box = _at(trim, r)
        _slot(c, box, white, mix(rgb, black, 0.3))
        text_in_box(c, box.grow(-3), str(v), 16, mix(rgb, black, 0.4))
        text(c, box.x + 1, box.y + 1, f"{k + 1}", 6, fill=mix(rgb, black, 0.3))
    for t, r in zip(comp.painting_types, lay.slots["legend"]):
        box = _at(trim, r)
        rgb_t = painting_colour(comp.painting_types, t.id)
        d = min(box.h - 1.5, 8.0)
        disc(c, box.x + d / 2, box.y + box.h / 2, d / 2, colour(rgb_t))
        draw_icon(c, t.icon, t.name, Rect(box.x + d * 0.2, box.y + box.h / 2 - d * 0.3, d * 0.6, d * 0.6), white)
        text(c, box.x + d + 2, box.y + box.h / 2 - 1.2, t.name, 8, fill=INK)
    _wave_spot(c, trim, lay)
    _notes(c, trim, lay.notes, (
        "描く paint: turn face up one tile per other figure in the region and on the spaces and",
        "towns round it (at most 5), left to right, top row first.",
        "贈る gift: if the region's icon matches the top-left face-up tile, remove that tile.",
        "Score: the highest value uncovered. Gifting the 10th ends the game at the round's end."))


# --- the sheets -------------------------------------------------------------------------------

BOARDS = ("pilgrim", "merchant", "artist")


def layouts(layout: Layout, comp) -> dict[str, BoardLayout]:
    """The three boards' layouts at the layout's piece sizes."""
    wave = piece(layout, "wave_tile")
    coin = piece(layout, "coin")
    return {
        "pilgrim": pilgrim_layout(piece(layout, "pilgrim_board"), coin, wave, len(comp.shrine_track),
                                  len(comp.garden_track)),
        "merchant": merchant_layout(piece(layout, "merchant_board"), piece(layout, "gold_slab"), coin,
                                    piece(layout, "goods_token"), wave, len(comp.slabs), comp.copper_max, comp.hold),
        "artist": artist_layout(piece(layout, "artist_board"), piece(layout, "painting_tile"), wave,
                                len(comp.artist_slots), len(comp.painting_types)),
    }


DRAW = {"pilgrim": draw_pilgrim, "merchant": draw_merchant, "artist": draw_artist}


def boards_pdf(comp, layout: Layout) -> tuple[bytes, int]:
    """player-boards.pdf: each player's three boards on cut sheets with crop marks.

    Each board is its own piece, so boards of different sizes impose separately; boards of
    one size share sheets, player A's first.
    """
    lays = layouts(layout, comp)
    pdf = Pdf(layout.paper_width, layout.paper_height, f"{TITLE}: player boards")
    jobs = [(kind, p) for p in PLAYERS for kind in BOARDS]
    groups: dict[Card, list] = {}
    for kind, p in jobs:
        groups.setdefault(piece(layout, f"{kind}_board"), []).append((kind, p))
    for card, items in groups.items():
        def front(cv, i, trim, bleed, items=items):
            kind, p = items[i]
            DRAW[kind](cv, trim, bleed, lays[kind], comp, p)

        card_sheets(pdf, layout, len(items), front, None, caption=f"{TITLE} player boards ·", piece=card)
    return pdf.finish(), pdf.pages
