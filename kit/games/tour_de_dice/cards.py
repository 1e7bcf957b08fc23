"""The card faces: course cards, the goal card, Breakaway, the player aid, and their back.

Each face is a function `(canvas, trim, bleed)` drawing inside one card's trim, in mm.
The faces are drawn for a 63 × 88 mm card and scale with the trim: every length and type
size is multiplied by `scale(trim)`, and the cost numerals grow to fill their half of the
card, so a tall card gets taller numerals. Below MIN_W × MIN_H the player aid's text would
be too small to read, and `check_card_size` refuses the size.
A course card lies in the ring with its inner end toward the centre: the top half
is the inner space (lap 2, dark), the bottom half the outer space (lap 1, light), so
the two laps differ in colour as well as position.
"""

from __future__ import annotations

from reportlab.lib.colors import Color, black, white

from kit.data.errors import KitError
from kit.draw.fonts import wrap
from kit.draw.imposition import Rect
from kit.draw.render import fill_rect, stroke_rect, text, text_in_box
from kit.data.units import to_pt

from kit.games.tour_de_dice.model import CourseCard, EventCard, GoalCard

TITLE = "ツール・ド・ダイス"
LAP1 = Color(0.98, 0.95, 0.86)       # outer space: light, lap 1
LAP1_INK = Color(0.12, 0.12, 0.14)
LAP2 = Color(0.10, 0.20, 0.38)       # inner space: dark, lap 2
LAP2_INK = white
EVENT = Color(0.85, 0.25, 0.15)
GOLD = Color(0.95, 0.75, 0.15)
BASE_W, BASE_H = 63.0, 88.0          # the card the faces are drawn for; other sizes scale from it
MIN_W, MIN_H = 50.0, 70.0            # at this size the aid's 6.3 pt text prints at 5 pt, the least readable
COST_FILL = 1.2                      # numeral size per pt of box height: the digits fill about 90 % of it
LABEL_PT = 8
ID_PT = 6                            # the card's id in its corner
AID_PT = 6.3                         # the player aid's body text, its smallest
NO_LINE_START = "。、）」"             # punctuation that hangs at the end of a line instead

TURN_STEPS = (
    ("1. 使う数を決める", "手番は使うダイスの数を決める（0個ならパス→7へ）"),
    ("2. 相乗り宣言", "同じマスにいて、同じ数以上のダイスを持つ人は時計回りに参加を宣言"),
    ("3. ダイスロール", "参加した全員が同じ数のダイスを振る"),
    ("4. 移動①", "手番から。次のマスのコストを出目の合計から払って進む（手前で止まってもよい）"),
    ("5. 移動②", "相乗りした人が時計回りに。手番を追い越せない（同じマスは可）"),
    ("6. ダイス回収", "6の目のダイスは失う。全部6なら1個だけ戻す"),
    ("7. 手番の移動", "左隣へ。ゴールマスに最初に着いた人の勝ち"),
)


def halves(trim: Rect, bleed: float) -> tuple[Rect, Rect]:
    """(inner, outer) halves of a card, each grown by the bleed on its three outside edges."""
    mid = trim.y + trim.h / 2
    outer = Rect(trim.x - bleed, trim.y - bleed, trim.w + 2 * bleed, trim.h / 2 + bleed)
    inner = Rect(trim.x - bleed, mid, trim.w + 2 * bleed, trim.h / 2 + bleed)
    return inner, outer


def wrap_text(s: str, size: float, width_mm: float) -> list[str]:
    """Japanese text broken into lines that fit `width_mm`: any character may end a line, and
    closing punctuation hangs past the width rather than start one."""
    return wrap(list(s), to_pt(width_mm), size, hang=NO_LINE_START)


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
    for n, s in enumerate(wrap_text(event.condition + "止まれない。", size, trim.w - 8 * k)):
        text(c, trim.x + 4 * k, mid - (27 + n * 3.2) * k, s, size, "left", white)
    _corner_id(c, trim, event.id)


def aid_front(c, trim: Rect, bleed: float, goal_name: str = "") -> None:
    k = scale(trim)
    fill_rect(c, trim.grow(bleed), LAP1)
    fill_rect(c, Rect(trim.x - bleed, trim.y2 - 10 * k, trim.w + 2 * bleed, 10 * k + bleed), LAP2)
    text(c, trim.x + trim.w / 2, trim.y2 - 7 * k, "手番の流れ  TURN", 10 * k, "centre", white)
    y = trim.y2 - 15 * k
    for head, body in TURN_STEPS:
        text(c, trim.x + 3 * k, y, head, 7.5 * k, "left", LAP2)
        y -= 3.6 * k
        for s in wrap_text(body, AID_PT * k, trim.w - 8 * k):
            text(c, trim.x + 5 * k, y, s, AID_PT * k, "left", LAP1_INK)
            y -= 3.1 * k
        y -= 1.4 * k
    text(c, trim.x + trim.w / 2, trim.y + 3 * k, "1個だけ振ればダイスは減らない", 6.5 * k, "centre", EVENT)


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
