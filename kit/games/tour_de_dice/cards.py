"""The card faces: course cards, the goal card, Breakaway, the player aid, and their back.

Each face is a function `(canvas, trim, bleed)` drawing inside one card's trim, in mm.
A course card lies in the ring with its inner end toward the centre: the top half
is the inner space (lap 2, dark), the bottom half the outer space (lap 1, light), so
the two laps differ in colour as well as position.
"""

from __future__ import annotations

from reportlab.lib.colors import Color, black, white

from kit.fonts import text_width
from kit.imposition import Rect
from kit.render import fill_rect, line, stroke_rect, text, text_in_box
from kit.units import to_pt

from kit.games.tour_de_dice.model import CourseCard, EventCard, GoalCard

TITLE = "ツール・ド・ダイス"
LAP1 = Color(0.98, 0.95, 0.86)       # outer space: light, lap 1
LAP1_INK = Color(0.12, 0.12, 0.14)
LAP2 = Color(0.10, 0.20, 0.38)       # inner space: dark, lap 2
LAP2_INK = white
EVENT = Color(0.85, 0.25, 0.15)
GOLD = Color(0.95, 0.75, 0.15)
COST_PT = 96                         # the cost numerals: about 24 mm tall, readable across a table
LABEL_PT = 8

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


def wrap(s: str, size: float, width_mm: float) -> list[str]:
    """Japanese text broken into lines that fit `width_mm` (any character may end a line)."""
    lines, current = [], ""
    for ch in s:
        if text_width(current + ch, size) > to_pt(width_mm) and current:
            lines.append(current)
            current = ch
        else:
            current += ch
    return lines + ([current] if current else [])


def _cost(c, box: Rect, value: int, ink: Color) -> None:
    text_in_box(c, box, str(value), COST_PT, ink, floor=40)


def _lap_label(c, trim: Rect, y: float, label: str, ink: Color) -> None:
    text(c, trim.x + trim.w / 2, y, label, LABEL_PT, "centre", ink)


def _space_boxes(trim: Rect) -> tuple[Rect, Rect]:
    """Where the inner and outer numerals go, clear of the labels."""
    h = trim.h / 2
    return (Rect(trim.x + 4, trim.y + h + 7, trim.w - 8, h - 16),
            Rect(trim.x + 4, trim.y + 9, trim.w - 8, h - 16))


def _divider(c, trim: Rect, ink: Color) -> None:
    mid = trim.y + trim.h / 2
    c.setStrokeColor(ink)
    c.setLineWidth(0.8)
    line(c, trim.x - 3, mid, trim.x2 + 3, mid)


def _corner_id(c, trim: Rect, ident: str) -> None:
    text(c, trim.x2 - 3, trim.y + 2.5, ident, 6, "right", LAP1_INK)


def course_front(c, trim: Rect, bleed: float, card: CourseCard) -> None:
    inner, outer = halves(trim, bleed)
    fill_rect(c, inner, LAP2)
    fill_rect(c, outer, LAP1)
    in_box, out_box = _space_boxes(trim)
    _lap_label(c, trim, trim.y2 - 6, "▲ 内側  2周目  LAP 2", LAP2_INK)
    _cost(c, in_box, card.inner, LAP2_INK)
    _lap_label(c, trim, trim.y + trim.h / 2 - 6, "外側  1周目  LAP 1", LAP1_INK)
    _cost(c, out_box, card.outer, LAP1_INK)
    _corner_id(c, trim, card.id)


def goal_front(c, trim: Rect, bleed: float, goal: GoalCard) -> None:
    inner, outer = halves(trim, bleed)
    fill_rect(c, inner, LAP2)
    fill_rect(c, outer, LAP1)
    _checker(c, Rect(trim.x - bleed, trim.y2 - 4, trim.w + 2 * bleed, 4 + bleed))
    in_box, out_box = _space_boxes(trim)
    _lap_label(c, trim, trim.y2 - 9, "GOAL  ゴール（ここに着けば勝ち）", GOLD)
    _cost(c, Rect(in_box.x, in_box.y, in_box.w, in_box.h - 4), goal.inner, GOLD)
    _lap_label(c, trim, trim.y + trim.h / 2 - 6, "1周目 → 2周目 のつなぎ  LINK", LAP1_INK)
    _cost(c, out_box, goal.outer, LAP1_INK)
    text(c, trim.x + trim.w / 2, trim.y + 4, "スタートはこのカードのさらに外側", 6.5, "centre", LAP1_INK)
    _corner_id(c, trim, goal.id)


def _checker(c, box: Rect, cell: float = 2.0) -> None:
    cols, rows = int(box.w / cell) + 1, int(box.h / cell) + 1
    for r in range(rows):
        for k in range(cols):
            fill_rect(c, Rect(box.x + k * cell, box.y + r * cell, cell, cell), white if (r + k) % 2 else black)


def event_front(c, trim: Rect, bleed: float, event: EventCard) -> None:
    inner, outer = halves(trim, bleed)
    fill_rect(c, inner, LAP2)
    fill_rect(c, outer, EVENT)
    in_box, _ = _space_boxes(trim)
    _lap_label(c, trim, trim.y2 - 6, "▲ 内側  2周目  LAP 2", LAP2_INK)
    _cost(c, in_box, event.inner, LAP2_INK)
    mid = trim.y + trim.h / 2
    _lap_label(c, trim, mid - 6, "外側  1周目  LAP 1", white)
    text(c, trim.x + 5, mid - 21, "0", 40, "left", white)
    text(c, trim.x + 21, mid - 12.5, event.name, 11, "left", white)
    text(c, trim.x + 21, mid - 19.5, event.name_ja, 11, "left", white)
    size = 6.5
    for k, s in enumerate(wrap(event.condition + "止まれない。", size, trim.w - 8)):
        text(c, trim.x + 4, mid - 27 - k * 3.2, s, size, "left", white)
    _corner_id(c, trim, event.id)


def aid_front(c, trim: Rect, bleed: float, goal_name: str = "") -> None:
    fill_rect(c, trim.grow(bleed), LAP1)
    fill_rect(c, Rect(trim.x - bleed, trim.y2 - 10, trim.w + 2 * bleed, 10 + bleed), LAP2)
    text(c, trim.x + trim.w / 2, trim.y2 - 7, "手番の流れ  TURN", 10, "centre", white)
    y = trim.y2 - 15
    for head, body in TURN_STEPS:
        text(c, trim.x + 3, y, head, 7.5, "left", LAP2)
        y -= 3.6
        for s in wrap(body, 6.3, trim.w - 8):
            text(c, trim.x + 5, y, s, 6.3, "left", LAP1_INK)
            y -= 3.1
        y -= 1.4
    text(c, trim.x + trim.w / 2, trim.y + 3, "1個だけ振ればダイスは減らない", 6.5, "centre", EVENT)


def back(c, trim: Rect, bleed: float) -> None:
    fill_rect(c, trim.grow(bleed), LAP2)
    stroke_rect(c, Rect(trim.x + 3, trim.y + 3, trim.w - 6, trim.h - 6), GOLD, 1.2)
    text_in_box(c, Rect(trim.x + 6, trim.y + trim.h / 2 - 4, trim.w - 12, 10), TITLE, 16, white)
    text(c, trim.x + trim.w / 2, trim.y + trim.h / 2 - 12, "TOUR DE DICE", 9, "centre", GOLD)
    for k, pips in enumerate((1, 3, 5)):
        _die(c, trim.x + trim.w / 2 - 15 + k * 12, trim.y + trim.h / 2 + 12, 9, pips)


def _die(c, x: float, y: float, size: float, pips: int) -> None:
    fill_rect(c, Rect(x, y, size, size), white)
    spots = {1: ((0.5, 0.5),), 3: ((0.25, 0.75), (0.5, 0.5), (0.75, 0.25)),
             5: ((0.25, 0.25), (0.25, 0.75), (0.5, 0.5), (0.75, 0.25), (0.75, 0.75))}[pips]
    c.setFillColor(LAP2)
    for sx, sy in spots:
        c.circle(to_pt(x + sx * size), to_pt(y + sy * size), to_pt(size * 0.09), stroke=0, fill=1)
