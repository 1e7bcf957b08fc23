"""Pages that are not card sheets: the course preview, the progress sheet, the player markers."""

from __future__ import annotations

import math
from dataclasses import dataclass

from reportlab.lib.colors import Color, black, white

from kit.data.errors import KitError
from kit.draw.imposition import band, Paper, Rect, grid, paper  # noqa: F401  (Paper, paper: used by build and tests)
from kit.draw import turnlog
from kit.data.layoutfile import Layout, ProgressSheet
from kit.draw.pdf import Pdf
from kit.draw.render import colour, draw_clipped, ink_on, draw_segments, fill_rect, line, stroke_rect, text, text_in_box
from kit.draw.turnlog import Column, Group, TurnLog, hand_width, turn_log
from kit.data.units import to_pt

from kit.games.tour_de_dice.cards import EVENT, GOLD, LAP1, LAP1_INK, LAP2, TITLE
from kit.games.tour_de_dice.rules import Course
from kit.games.tour_de_dice.model import Colour

GRID = Color(0.55, 0.55, 0.55)
SHADE = Color(0.93, 0.93, 0.93)


# --- course preview --------------------------------------------------------------------

# The page is a column inset from the margin: a header at the top, the two lap rows at the
# bottom, and the ring centred in the band between them as large as the band allows, up to a
# share of the page width (a 62 mm radius on A4).
PREVIEW_PAD = 9.0              # side inset beyond the margin, mm
TITLE_DROP = 10.0              # title baseline below the top margin
CAPTION_DROP = 17.0            # caption baseline below the top margin
RING_SHARE = 62 / 210          # largest ring radius as a share of the page width
CARD_SHARE = 22 / 62           # widest ring card as a share of the radius
CARD_FILL = 0.82               # share of its arc of the ring a card's width takes
START_RISE = 10.0              # START dot above the ring's outer edge
ABOVE_START = 9.0              # the START label's top above the dot
LABEL_OUT = 3.7                # a ring card's label beyond its outer end
NOTE_RISE = 4.0                # the note's baseline above the bottom margin
TRACK_DROP = 48.0              # lap rows: from the LAP 1 label row down to the note's baseline
TRACK_LABEL = 4.8              # the LAP 1 label's top above the rows' top line
BAND_GAP = 6.0                 # least space between the ring and the header or the lap rows
TRACK_BOX = 12.0               # widest lap-row cell
CLOCKWISE_AT = 38 / 62         # the clockwise label's offset right of centre, as a share of the radius


@dataclass(frozen=True)
class PreviewGeometry:
    """Where the preview's parts go, mm from the page's bottom-left corner."""

    paper: Paper
    left: float                # text column
    right: float
    title_y: float             # baselines
    caption_y: float
    note_y: float
    cx: float                  # ring centre, radius and card size
    cy: float
    radius: float
    card_w: float
    card_h: float
    track_top: float           # the lap rows' reference line; the LAP 1 label's baseline is 2 mm above
    box: float                 # lap-row cell width

    @property
    def ring_top(self) -> float:
        return self.cy + self.radius + self.card_h / 2 + START_RISE + ABOVE_START

    @property
    def ring_bottom(self) -> float:
        return self.cy - self.radius - self.card_h / 2 - LABEL_OUT


def preview_geometry(page: Paper, cards: int, aspect: float) -> PreviewGeometry:
    """Fit the header, a ring of `cards` cards (height `aspect` times their width, as the
    layout's card piece) and the lap rows inside the margin of `page`."""
    left, right = page.margin + PREVIEW_PAD, page.width - page.margin - PREVIEW_PAD
    top = page.height - page.margin
    caption_y = top - CAPTION_DROP
    note_y = page.margin + NOTE_RISE
    track_top = note_y + TRACK_DROP
    band_low, band_high = track_top + TRACK_LABEL + BAND_GAP, caption_y - BAND_GAP
    # A card's width and height are both proportional to the radius, so each bound on the
    # radius is a division.
    width_per_r = min(2 * math.pi / cards * CARD_FILL, CARD_SHARE)
    height_per_r = width_per_r * aspect
    above, below = START_RISE + ABOVE_START, LABEL_OUT
    radius = min(page.width * RING_SHARE,
                 (band_high - band_low - above - below) / (2 + height_per_r),
                 ((right - left) / 2 - LABEL_OUT) / (1 + height_per_r / 2))
    if radius <= 0:
        raise KitError(f"a {page.width:g} × {page.height:g} mm page with a {page.margin:g} mm margin "
                       "is too small for the course preview")
    card_h = radius * height_per_r
    extent = 2 * radius + card_h + above + below
    cy = band_low + (band_high - band_low - extent) / 2 + below + radius + card_h / 2
    return PreviewGeometry(page, left, right, top - TITLE_DROP, caption_y, note_y, page.width / 2, cy,
                           radius, radius * width_per_r, card_h, track_top,
                           min((right - left) / (cards + 1), TRACK_BOX))


def preview_page(pdf: Pdf, page: Paper, course: Course, start_label: str, caption: str,
                 aspect: float) -> PreviewGeometry:
    """The ring as laid out on the table (goal card at twelve o'clock, clockwise), and both laps
    in a row; returns where things went."""
    n = len(course.ring)
    g = preview_geometry(page, n, aspect)
    pdf.set_page_size(page.width, page.height)
    c = pdf.canvas
    text(c, g.left, g.title_y, f"{TITLE}  コースプレビュー  course preview", 14)
    text(c, g.left, g.caption_y, caption, 8)
    cx, cy, radius, card_w, card_h = g.cx, g.cy, g.radius, g.card_w, g.card_h
    for k, ident in enumerate(course.ring):
        angle = 90 - 360 * k / n                   # clockwise from the top
        outer_cost = course.costs[k] if k else course.costs[course.link]
        inner_cost = course.costs[course.link + k] if k else course.costs[course.goal]
        event = k and k == course.breakaway
        _ring_card(c, cx, cy, radius, angle, card_w, card_h, ident, outer_cost, inner_cost, k == 0, event)
    _arrow_arc(c, cx, cy, radius + card_h / 2 + 9, 72, 40)
    text(c, cx + radius * CLOCKWISE_AT, cy + radius + card_h / 2 + 6, "時計回り clockwise", 7)
    sx, sy = cx, cy + radius + card_h / 2 + START_RISE
    c.setFillColor(EVENT)
    c.circle(to_pt(sx), to_pt(sy), to_pt(4), stroke=0, fill=1)
    text(c, sx, sy + 6, f"{start_label} START", 8, "centre", EVENT)
    text(c, cx, cy + 3, "外側＝1周目（明るい）", 8, "centre", LAP1_INK)
    text(c, cx, cy - 3, "内側＝2周目（濃い）", 8, "centre", LAP2)
    _track_rows(c, course, start_label, g.left, g.track_top, g.box, g.note_y)
    pdf.show_page()
    return g


def _ring_card(c, cx, cy, radius, angle, w, h, ident, outer_cost, inner_cost, is_goal, is_event) -> None:
    c.saveState()
    c.translate(to_pt(cx), to_pt(cy))
    c.rotate(angle - 90)
    # Local frame: the card's centre line runs up the y axis, its inner end toward the centre.
    y0 = radius - h / 2
    fill_rect(c, Rect(-w / 2, y0, w, h / 2), LAP2)
    fill_rect(c, Rect(-w / 2, y0 + h / 2, w, h / 2), EVENT if is_event else LAP1)
    stroke_rect(c, Rect(-w / 2, y0, w, h), GOLD if is_goal else black, 1.2 if is_goal else 0.4)
    text_in_box(c, Rect(-w / 2, y0 + h / 2 + 1, w, h / 2 - 5), str(outer_cost), 20,
                white if is_event else LAP1_INK)
    text_in_box(c, Rect(-w / 2, y0 + 3, w, h / 2 - 5), str(inner_cost), 20, GOLD if is_goal else white)
    text(c, 0, y0 + h + 1.5, "GOAL" if is_goal else ident, 6, "centre")
    c.restoreState()


def _arrow_arc(c, cx, cy, r, start_deg, extent_deg) -> None:
    c.setStrokeColor(black)
    c.setLineWidth(0.8)
    p = c.beginPath()
    p.arc(to_pt(cx - r), to_pt(cy - r), to_pt(cx + r), to_pt(cy + r), start_deg, -extent_deg)
    c.drawPath(p, stroke=1, fill=0)
    end = math.radians(start_deg - extent_deg)
    ex, ey = cx + r * math.cos(end), cy + r * math.sin(end)
    tangent = end - math.pi / 2
    for side in (0.5, -0.5):
        a = tangent + math.pi + side
        line(c, ex, ey, ex + 3 * math.cos(a), ey + 3 * math.sin(a))


def _track_rows(c, course: Course, start_label: str, x: float, top: float, box: float, note_y: float) -> None:
    """Both laps as rows of spaces with their costs and the running total from the start."""
    n = len(course.ring)
    total = 0
    for lap, first in ((1, 1), (2, course.link + 1)):
        y = top - (lap - 1) * 24
        label = "1周目 LAP 1（外側）" if lap == 1 else "2周目 LAP 2（内側）"
        text(c, x, y + 2, label, 8)
        cells = [(start_label, None)] if lap == 1 else []
        for space in range(first, first + n):
            ident, _ = course.card_at(space)
            cells.append((("LINK" if lap == 1 else "GOAL") if space in (course.link, course.goal) else ident,
                          space))
        for k, (name, space) in enumerate(cells):
            r = Rect(x + k * box, y - 14, box - 0.6, 12)
            dark = lap == 2 and space is not None
            fill_rect(c, r, EVENT if space == course.breakaway else (LAP2 if dark else LAP1))
            ink = white if dark or space == course.breakaway else LAP1_INK
            if space is None:
                text_in_box(c, Rect(r.x, r.y + 3, r.w, 6), name, 6, ink)
                continue
            total += course.costs[space]
            text_in_box(c, Rect(r.x, r.y + 5, r.w, 7), str(course.costs[space]), 11, ink)
            text(c, r.x + r.w / 2, r.y + 1.2, f"{name} Σ{total}", 6.0, "centre", ink)
    text(c, x, note_y, "数字: そのマスに入るコスト。Σ: スタートからの合計。"
         "赤: Breakaway（コスト0、止まれない）。", 7)


# --- progress sheet -------------------------------------------------------------------

# A landscape page: a title, a line for the date and the players, a row of boxes for the ring
# order and the start player, the log (kit/draw/turnlog.py), a key at the foot. Rows keep the
# layout's `progress_sheet: row_height`; a taller page holds more of them, and there are as
# many pages as it takes to reach the layout's `progress_sheet: turns`.
LOG_PAD = 6.0                   # side inset beyond the margin, mm
LOG_TITLE_DROP = 7.0            # title baseline below the top margin
LOG_LINE_DROP = 14.0            # date/players line baseline below the top margin
RING_DROP = 22.0                # the ring boxes' bottom edge below the top margin
RING_BOX_H, RING_BOX_W = 6.0, 11.0    # a ring box, and the widest one
LOG_TOP_DROP = 26.0             # log's top edge below the top margin
KEY_ROOM = 19.0                 # the log ends at least this far above the bottom margin: the key under it
KEY_PT = 6.0


def log_columns(groups: tuple[str, ...] = ("P1", "P2", "P3", "P4"), names: tuple[str, ...] = ()) -> tuple:
    """Per turn the active piece, the dice used and who joined; per piece (a group each, titled
    by `groups`) its roll, where it stopped and the dice it lost. `names`: what a cell writes
    for each piece (P1, ... or, under rule ②, its colour's kanji), for the cells' widths."""
    share = 1 / len(groups)
    names = names or tuple(g.split()[0] for g in groups)
    riders = " ".join(names[1:])            # at most every other piece rides
    piece = max(names, key=hand_width)
    return (Column("#", 8, per="number"),
            Column("手番", 14, key="piece", longest=piece,
                   how="手番のコマ（P1…、ルール②では色: 赤 red …）/ the active piece: P1, P2, ... (rule ②: its colour, "
                       "赤 or red)"),
            Column("数", 9, key="dice", longest="3", how="宣言したダイスの数（0=パス）/ the dice declared, 0 for a pass"),
            Column("相乗り", max(22.0, hand_width(riders) + 1.5), key="joiners", longest=riders,
                   how="相乗りしたコマ（時計回り）/ the pieces that rode the roll, clockwise"),
            *(Group(g, (Column("出目", share=0.40 * share, key="roll", longest="6 6 6",
                               how="そのコマの出目 / that piece's dice, e.g. 3 5"),
                        Column("止", share=0.45 * share, key="stop", longest="14/2",
                               how="止まったマス 番号/周（例 5/1。G/1=ゴールカード外側、G/2=ゴール、S=スタート）/ the space it "
                                   "stopped on, BOX/LAP: 5/1; G/1 the goal card's outer space, G/2 the goal; S (start, "
                                   "スタート, 0) the start"),
                        Column("失", share=0.15 * share, key="lost", longest="3",
                               how="失ったダイスの数 / the dice it lost"))) for g in groups))


@dataclass(frozen=True)
class LogGeometry:
    """Where the progress sheet's parts go, mm from the page's bottom-left corner."""

    paper: Paper
    title_y: float              # baselines
    line_y: float
    ring_y: float               # the ring boxes' bottom edge
    key_y: float
    log: TurnLog

    @property
    def left(self) -> float:
        return self.log.x

    @property
    def width(self) -> float:
        return self.log.width

    @property
    def rows(self) -> int:      # turns per page
        return len(self.log.pages[0])

    @property
    def pages(self) -> int:
        return len(self.log.pages)

    @property
    def bottom(self) -> float:
        return self.log.bottom(0)


def log_geometry(page: Paper, sheet: ProgressSheet, groups: tuple[str, ...] = ("P1", "P2", "P3", "P4"),
                 names: tuple[str, ...] = ()) -> LogGeometry:
    top = page.height - page.margin
    left = page.margin + LOG_PAD
    try:
        log = turn_log(log_columns(groups, names), x=left, width=page.width - 2 * left, top=top - LOG_TOP_DROP,
                       floor=page.margin + KEY_ROOM, row=sheet.row_height, rows=sheet.turns, fill=True)
    except KitError as err:
        if "no room" not in err.message:
            raise
        raise KitError(f"a {page.width:g} × {page.height:g} mm page with a {page.margin:g} mm margin "
                       f"has no room for the progress sheet's log with {sheet.row_height:g} mm rows",
                       sheet.where) from None
    return LogGeometry(page, top - LOG_TITLE_DROP, top - LOG_LINE_DROP, top - RING_DROP,
                       page.margin + KEY_ROOM - 1.0, log)


def seat_colours(owner: tuple[int, ...], colours: tuple[Colour, ...]) -> tuple[tuple[Colour, ...], ...]:
    """Per player, the colours of the pieces they own (`owner`: piece -> seat, piece k in colour k)."""
    return tuple(tuple(colours[p] for p, s in enumerate(owner) if s == seat) for seat in range(max(owner) + 1))


def marker_labels(owner: tuple[int, ...]) -> tuple[str, ...]:
    """Each colour's marker shows its owner's number, so both markers of a rule ② player match."""
    return tuple(f"P{seat + 1}" for seat in owner)


def piece_labels(owner: tuple[int, ...], colours: tuple[Colour, ...]) -> tuple[str, ...]:
    """How a log names each piece: P1, P2, ... with one colour each; the colour's name (red,
    blue, ...) when a player has two (rule ②), since then a player is not a piece."""
    if len(set(owner)) == len(owner):
        return tuple(f"P{seat + 1}" for seat in owner)
    return tuple(colours[p].name for p in range(len(owner)))


def progress_pages(pdf: Pdf, page: Paper, owner: tuple[int, ...], colours: tuple[Colour, ...],
                   sheet: ProgressSheet, cards: int) -> LogGeometry:
    """Log sheets on `page` (landscape) for the layout's turns: the ring order (`cards` boxes
    after the goal card) and the start player; per turn the active piece, dice used, joiners,
    and per piece the roll, the stop and the dice lost; returns where things went. `owner` maps
    each piece in play to its player's seat; under rule ② every colour has its own column group."""
    players = seat_colours(owner, colours)
    labels = piece_labels(owner, colours)
    two = len(labels) > len(players)
    groups = tuple(label if label.startswith("P") else f"P{owner[p] + 1} {colours[p].name_ja} {label}"
                   for p, label in enumerate(labels))
    names = tuple(colours[p].name_ja for p in range(len(labels))) if two else labels
    g = log_geometry(page, sheet, groups, names)
    table = f"{len(players)}人用 {len(players)} players" + ("  ルール② rule ②: 2 colours each" if two else "")
    for n in range(g.pages):
        pdf.set_page_size(page.width, page.height)
        c = pdf.canvas
        text(c, g.left, g.title_y, f"{TITLE}  進行シート  progress sheet  {table}  ({n + 1}/{g.pages})", 12)
        text(c, g.left, g.line_y, "日付 date ____________   コース course (seed) ________   プレイヤー players: "
             + "   ".join(f"P{k + 1} ____ ({'・'.join(c.name_ja for c in cs)})" for k, cs in enumerate(players)),
             7.5)
        _ring_row(c, g.left, g.ring_y, g.width, cards)
        turnlog.draw(c, g.log, n)
        turnlog.draw_key(c, turnlog.key_lines(log_columns(groups, names)), g.left, g.key_y, g.width, KEY_PT)
        pdf.show_page()
    return g


def _ring_row(c, x: float, y: float, width: float, cards: int) -> None:
    """Boxes to write the card ids in, clockwise from the goal card (G), and the start player."""
    label = "コース順 ring (時計回り clockwise):"
    text(c, x, y + 1.8, label, 7)
    x0 = x + 44
    start_w = 34
    box = min(RING_BOX_W, (width - (x0 - x) - start_w) / (cards + 1))
    for k in range(cards + 1):
        r = Rect(x0 + k * box, y, box - 0.8, RING_BOX_H)
        if k == 0:
            fill_rect(c, r, SHADE)
        stroke_rect(c, r, GRID, 0.3)
        text(c, r.x + 0.6, r.y2 - 2.3, "G" if k == 0 else str(k), 6)
    text(c, x0 + (cards + 1) * box + 3, y + 1.8, "スタート start: P ____", 7)


# --- player markers ---------------------------------------------------------------------
# A fold-over standee (the layout's piece "marker", 22 x 56 mm as shipped): two faces and
# a base strip at each end.


def marker_pages(pdf: Pdf, layout: Layout, colours: tuple[Colour, ...], owner: tuple[int, ...]) -> int:
    """Six fold-over standees, one per colour, cut out along crop marks; `owner` gives each
    colour's player seat."""
    m = layout.piece("marker")
    # a band of just the markers printed, so crop marks go round them and no empty rows
    sheet = band(layout.paper_width, layout.paper_height, layout.margin, layout.paper_width - layout.margin,
                 m.width, m.height, m.bleed, m.gutter, layout.crop_offset, layout.crop_length,
                 layout.paper_height - layout.margin, layout.margin + 8, len(colours)) or grid(layout, "marker")
    pdf.set_page_size(layout.paper_width, layout.paper_height)
    c = pdf.canvas
    for i, (col, label) in enumerate(zip(colours, marker_labels(owner), strict=True)):
        draw_clipped(c, lambda cv, k, trim, bleed, col=col, label=label: _marker(cv, trim, bleed, col, label),
                     i, sheet.trims[i], sheet.bleed)
    draw_segments(c, tuple(s for s in sheet.crop_marks))
    text(c, layout.paper_width / 2, layout.margin + 5,
         "プレイヤーコマ: 切り取り、点線で折って三角に立て、両端ののりしろを重ねて底にする。", 7, "centre")
    text(c, layout.paper_width / 2, layout.margin + 2, "player markers: cut out, fold on the dotted lines into a "
         "tent, and glue the two end flaps together under it as its base", 7, "centre")
    pdf.show_page()
    return len(colours)


def _marker(c, trim: Rect, bleed: float, col: Colour, label: str) -> None:
    base = 3.0
    face_h = (trim.h - 2 * base) / 2
    fill_rect(c, trim.grow(bleed), colour(col.rgb))
    ink = ink_on(col.rgb)
    lower = Rect(trim.x, trim.y + base, trim.w, face_h)
    upper = Rect(trim.x, trim.y + base + face_h, trim.w, face_h)
    for face, turned in ((lower, False), (upper, True)):
        c.saveState()
        if turned:      # the back face is upside down on the flat strip, upright once folded
            c.translate(to_pt(face.x + face.w), to_pt(face.y + face.h))
            c.rotate(180)
            face = Rect(0, 0, face.w, face.h)
        text_in_box(c, Rect(face.x + 2, face.y + 8, face.w - 4, 14), label, 30, ink)
        text(c, face.x + face.w / 2, face.y + 3, f"{col.name_ja} {col.name}", 7, "centre", ink)
        c.restoreState()
    c.setStrokeColor(ink)
    c.setDash([1.5, 1.5], 0)
    c.setLineWidth(0.4)
    for y in (trim.y + base, trim.y + base + face_h, trim.y2 - base):
        line(c, trim.x, y, trim.x2, y)
    c.setDash([], 0)
    stroke_rect(c, trim, GRID, 0.3)
