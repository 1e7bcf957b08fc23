"""The card faces: course cards, the goal card, Breakaway, the player aid, and their back.

Each face is a function `(canvas, trim, bleed)` drawing inside one card's trim, in mm.
The faces are drawn for a 63 × 88 mm card and scale with the trim: every length and type
size is multiplied by `scale(trim)`, and the cost numerals grow to fill their half of the
card, so a tall card gets taller numerals. The TURN cards (one per language: the rulebook's
summary for the rules being built) set their text as large as fits, never below TURN_FLOOR_PT:
below MIN_W × MIN_H the written rules' would not fit, and `check_card_size` refuses the size
(a longer preset on a small card is refused when its card is drawn).
A course card lies in the ring with its inner end toward the centre: the top half
is the inner space (lap 2, dark), the bottom half the outer space (lap 1, light), so
the two laps differ in colour as well as position.
"""

from __future__ import annotations

from reportlab.lib.colors import Color, black, white

from kit.data.errors import KitError
from kit.draw.imposition import Rect
from kit.draw.render import fill_rect, stroke_rect, text, text_in_box
from kit.data.units import to_pt
from kit.rules.render import lines_of

from kit.games.tour_de_dice.model import CourseCard, EventCard, GoalCard

TITLE = "ツール・ド・ダイス"
LAP1 = Color(0.98, 0.95, 0.86)       # outer space: light, lap 1
LAP1_INK = Color(0.12, 0.12, 0.14)
LAP2 = Color(0.10, 0.20, 0.38)       # inner space: dark, lap 2
LAP2_INK = white
EVENT = Color(0.85, 0.25, 0.15)
GOLD = Color(0.95, 0.75, 0.15)
BASE_W, BASE_H = 63.0, 88.0          # the card the faces are drawn for; other sizes scale from it
MIN_W, MIN_H = 55.0, 80.0            # the smallest card whose TURN text (the written rules) fits at 6 pt
COST_FILL = 1.2                      # numeral size per pt of box height: the digits fill about 90 % of it
LABEL_PT = 8
ID_PT = 6                            # the card's id in its corner

TURN_PT = 7.5                        # the TURN card's text at its largest (63 × 88 mm); it shrinks to fit
TURN_FLOOR_PT = 6.0                  # ... never below this: the least a table reads in play
TURN_HEAD = {"ja": "手番の流れ", "en": "TURN"}
TURN_RULES = ("two_colours",)        # options the card words beside the rulebook's summary (which holds the rest)


def halves(trim: Rect, bleed: float) -> tuple[Rect, Rect]:
    """(inner, outer) halves of a card, each grown by the bleed on its three outside edges."""
    mid = trim.y + trim.h / 2
    outer = Rect(trim.x - bleed, trim.y - bleed, trim.w + 2 * bleed, trim.h / 2 + bleed)
    inner = Rect(trim.x - bleed, mid, trim.w + 2 * bleed, trim.h / 2 + bleed)
    return inner, outer


def scale(trim: Rect) -> float:
    """How much larger than the 63 × 88 mm design this card is (the smaller of the two ratios)."""
    return min(trim.w / BASE_W, trim.h / BASE_H)


def check_card_size(card) -> None:
    """Refuse a card too small for the faces (`card` has width and height in mm)."""
    if card.width < MIN_W or card.height < MIN_H:
        raise KitError(f"tour-de-dice cards need at least {MIN_W:g} × {MIN_H:g} mm; the card size "
                       f"{card.width:g}x{card.height:g} (--card, or pieces: card: size in the layout) is smaller")


def _cost(c, box: Rect, value: int, ink: Color) -> None:
    text_in_box(c, box, str(value), to_pt(box.h) * COST_FILL, ink)


def _lap_label(c, trim: Rect, y: float, label: str, ink: Color) -> None:
    text(c, trim.x + trim.w / 2, y, label, LABEL_PT * scale(trim), "centre", ink)


def _space_boxes(trim: Rect) -> tuple[Rect, Rect]:
    """Where the inner and outer numerals go: each half of the card, clear of its labels."""
    h, k = trim.h / 2, scale(trim)
    return (Rect(trim.x + 4 * k, trim.y + h + 7 * k, trim.w - 8 * k, h - 16 * k),
            Rect(trim.x + 4 * k, trim.y + 9 * k, trim.w - 8 * k, h - 16 * k))


def _corner_id(c, trim: Rect, ident: str) -> None:
    k = scale(trim)
    text(c, trim.x2 - 3 * k, trim.y + 2.5 * k, ident, ID_PT * k, "right", LAP1_INK)


def _paint_halves(c, trim: Rect, bleed: float, outer_fill) -> None:
    """The lap-2 (inner) half dark, the outer half in `outer_fill`, both into the bleed."""
    inner, outer = halves(trim, bleed)
    fill_rect(c, inner, LAP2)
    fill_rect(c, outer, outer_fill)


def _inner_space(c, trim: Rect, cost: int) -> None:
    """The lap-2 space: its label and its cost, on the inner half."""
    k = scale(trim)
    _lap_label(c, trim, trim.y2 - 6 * k, "▲ 内側  2周目  LAP 2", LAP2_INK)
    _cost(c, _space_boxes(trim)[0], cost, LAP2_INK)


def course_front(c, trim: Rect, bleed: float, card: CourseCard) -> None:
    _paint_halves(c, trim, bleed, LAP1)
    _inner_space(c, trim, card.inner)
    out_box = _space_boxes(trim)[1]
    k = scale(trim)
    _lap_label(c, trim, trim.y + trim.h / 2 - 6 * k, "外側  1周目  LAP 1", LAP1_INK)
    _cost(c, out_box, card.outer, LAP1_INK)
    _corner_id(c, trim, card.id)


def goal_front(c, trim: Rect, bleed: float, goal: GoalCard) -> None:
    _paint_halves(c, trim, bleed, LAP1)
    k = scale(trim)
    _checker(c, Rect(trim.x - bleed, trim.y2 - 4 * k, trim.w + 2 * bleed, 4 * k + bleed), 2 * k)
    in_box, out_box = _space_boxes(trim)
    _lap_label(c, trim, trim.y2 - 9 * k, "GOAL  ゴール（ここに着けば勝ち）", GOLD)
    _cost(c, Rect(in_box.x, in_box.y, in_box.w, in_box.h - 4 * k), goal.inner, GOLD)
    _lap_label(c, trim, trim.y + trim.h / 2 - 6 * k, "1周目 → 2周目 のつなぎ  LINK", LAP1_INK)
    _cost(c, out_box, goal.outer, LAP1_INK)
    text(c, trim.x + trim.w / 2, trim.y + 4 * k, "スタートはこのカードのさらに外側", 6.5 * k, "centre", LAP1_INK)
    _corner_id(c, trim, goal.id)


def _checker(c, box: Rect, cell: float) -> None:
    cols, rows = int(box.w / cell) + 1, int(box.h / cell) + 1
    for r in range(rows):
        for k in range(cols):
            fill_rect(c, Rect(box.x + k * cell, box.y + r * cell, cell, cell), white if (r + k) % 2 else black)


def event_front(c, trim: Rect, bleed: float, event: EventCard) -> None:
    _paint_halves(c, trim, bleed, EVENT)
    _inner_space(c, trim, event.inner)
    k = scale(trim)
    mid = trim.y + trim.h / 2
    _lap_label(c, trim, mid - 6 * k, "外側  1周目  LAP 1", white)
    text(c, trim.x + 5 * k, mid - 21 * k, "0", 40 * k, "left", white)
    text(c, trim.x + 21 * k, mid - 12.5 * k, event.name, 11 * k, "left", white)
    text(c, trim.x + 21 * k, mid - 19.5 * k, event.name_ja, 11 * k, "left", white)
    size = 6.5 * k
    for n, s in enumerate(lines_of(event.condition + "止まれない。", "ja", trim.w - 8 * k, size)):
        text(c, trim.x + 4 * k, mid - (27 + n * 3.2) * k, s, size, "left", white)
    _corner_id(c, trim, event.id)


def turn_lines(book, values, lang: str) -> list[str]:
    """The TURN card's text in one language: the rulebook's summary and the sentences of
    TURN_RULES, for the rules being built."""
    return book.filled(book.summary[lang], values, lang) + [book.sentence(o, values[o], lang) for o in TURN_RULES]


def _turn_body(trim: Rect) -> Rect:
    k = scale(trim)
    return Rect(trim.x + 3.5 * k, trim.y + 3 * k, trim.w - 7 * k, trim.h - 15 * k)


def _turn_set(lines: list[str], lang: str, width: float, size: float) -> list[list[str]]:
    return [lines_of(s, lang, width, size) for s in lines]


def _turn_height(wrapped, size: float) -> float:
    lead = size / to_pt(1) * 1.28
    return sum(len(w) for w in wrapped) * lead + (len(wrapped) - 1) * lead * 0.35


def turn_size(lines: list[str], lang: str, trim: Rect) -> float:
    """The largest size (TURN_PT scaled with the card, down to TURN_FLOOR_PT) at which the
    card's text fits its face; a card too small for it at TURN_FLOOR_PT is refused."""
    body = _turn_body(trim)
    size = max(TURN_PT * scale(trim), TURN_FLOOR_PT)
    while _turn_height(_turn_set(lines, lang, body.w - 1.5 * scale(trim), size), size) > body.h:
        size -= 0.1
        if size < TURN_FLOOR_PT - 1e-9:
            raise KitError(f"tour-de-dice's {lang} TURN card text does not fit a {trim.w:g} × {trim.h:g} mm card at "
                           f"{TURN_FLOOR_PT:g} pt; use a larger card (--card, or pieces: card: size in the layout)")
    return size


def aid_front(c, trim: Rect, bleed: float, lines: tuple = (), lang: str = "ja") -> None:
    """The TURN card in one language: the rulebook's summary for the rules being built."""
    k = scale(trim)
    fill_rect(c, trim.grow(bleed), LAP1)
    fill_rect(c, Rect(trim.x - bleed, trim.y2 - 10 * k, trim.w + 2 * bleed, 10 * k + bleed), LAP2)
    text(c, trim.x + trim.w / 2, trim.y2 - 7 * k, TURN_HEAD[lang] if lang == "en" else f"{TURN_HEAD[lang]}  TURN",
         10 * k, "centre", white)
    lines = list(lines)
    size = turn_size(lines, lang, trim)
    body = _turn_body(trim)
    lead = size / to_pt(1) * 1.28
    y = body.y2 - size / to_pt(1)
    for wrapped in _turn_set(lines, lang, body.w - 1.5 * k, size):
        for m, part in enumerate(wrapped):
            text(c, body.x + (1.5 * k if m else 0), y, part, size, "left", LAP1_INK)
            y -= lead
        y -= lead * 0.35


def back(c, trim: Rect, bleed: float) -> None:
    k = scale(trim)
    mid = trim.y + trim.h / 2
    fill_rect(c, trim.grow(bleed), LAP2)
    stroke_rect(c, trim.grow(-3 * k), GOLD, 1.2 * k)
    text_in_box(c, Rect(trim.x + 6 * k, mid - 4 * k, trim.w - 12 * k, 10 * k), TITLE, 16 * k, white)
    text(c, trim.x + trim.w / 2, mid - 12 * k, "TOUR DE DICE", 9 * k, "centre", GOLD)
    for n, pips in enumerate((1, 3, 5)):
        _die(c, trim.x + trim.w / 2 + (n * 12 - 15) * k, mid + 12 * k, 9 * k, pips)


def _die(c, x: float, y: float, size: float, pips: int) -> None:
    fill_rect(c, Rect(x, y, size, size), white)
    spots = {1: ((0.5, 0.5),), 3: ((0.25, 0.75), (0.5, 0.5), (0.75, 0.25)),
             5: ((0.25, 0.25), (0.25, 0.75), (0.5, 0.5), (0.75, 0.25), (0.75, 0.75))}[pips]
    c.setFillColor(LAP2)
    for sx, sy in spots:
        c.circle(to_pt(x + sx * size), to_pt(y + sy * size), to_pt(size * 0.09), stroke=0, fill=1)
