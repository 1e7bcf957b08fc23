"""Printing a drawing larger than the paper at true scale, tiled over several sheets.

The plan is a value: which part of the drawing (mm, y up, origin bottom-left) each
sheet shows, where the shared glue strips and the seams in them lie, and where the
alignment ticks cross the seams. Neighbouring sheets show the same `overlap` mm of
the drawing; the seam runs down the middle of that strip. To assemble: cut a sheet
along its dashed seam (left and top edges), lay it on its neighbour so the cut edge
sits on the neighbour's solid seam line and the ticks continue, and glue.

Drawing: the caller draws the whole picture once into a PDF form XObject; every
sheet and the assembly diagram reuse that one form, so the file stays small and
fast however many sheets there are.
"""

from __future__ import annotations

import math
import string
from dataclasses import dataclass

from reportlab.lib.colors import Color, white

from kit.errors import KitError
from kit.imposition import Rect
from kit.layoutfile import Layout
from kit.output import Pdf
from kit.render import fill_rect, line, rect_path, stroke_rect, text
from kit.units import to_pt

LABEL_H = 9.0          # mm strip under each tile for its name and instructions
TICK_EVERY = 40.0      # mm between alignment ticks along a seam
TICK_LEN = 4.0         # mm each side of the seam


@dataclass(frozen=True)
class Tile:
    row: int
    col: int
    label: str                 # "B3": row letter, column number
    source: Rect               # the part of the drawing on this sheet, drawing mm
    page: Rect                 # where that part is printed on the sheet, sheet mm


@dataclass(frozen=True)
class TilePlan:
    width: float               # the drawing, mm
    height: float
    paper_w: float             # the sheet as printed (landscape when wider)
    paper_h: float
    overlap: float
    rows: int
    cols: int
    tiles: tuple[Tile, ...]    # row by row from the top, left to right
    seams_x: tuple[float, ...]  # vertical seams, drawing x
    seams_y: tuple[float, ...]  # horizontal seams, drawing y

    def tile(self, row: int, col: int) -> Tile:
        return self.tiles[row * self.cols + col]


def _count(size: float, room: float, overlap: float) -> int:
    if size <= room:
        return 1
    return math.ceil((size - overlap) / (room - overlap) - 1e-9)


def _label(row: int, col: int) -> str:
    letters = string.ascii_uppercase
    name = letters[row] if row < 26 else letters[row // 26 - 1] + letters[row % 26]
    return f"{name}{col + 1}"


def _orientation(width: float, height: float, paper_w: float, paper_h: float, margin: float,
                 overlap: float):
    room_w, room_h = paper_w - 2 * margin, paper_h - 2 * margin - LABEL_H
    if room_w <= overlap or room_h <= overlap:
        return None
    return _count(width, room_w, overlap), _count(height, room_h, overlap), room_w, room_h


def plan(width: float, height: float, layout: Layout, overlap: float) -> TilePlan:
    """Tiles covering a width × height mm drawing, neighbours sharing a glued `overlap` mm;
    portrait or landscape, whichever needs fewer."""
    margin = layout.margin
    pw, ph = layout.paper_width, layout.paper_height
    options = []
    for paper_w, paper_h in ((pw, ph), (ph, pw)):
        fit = _orientation(width, height, paper_w, paper_h, margin, overlap)
        if fit is not None:
            cols, rows, room_w, room_h = fit
            options.append((cols * rows, paper_w > paper_h, paper_w, paper_h, cols, rows, room_w, room_h))
    if not options:
        raise KitError(f"the board overlap {overlap:g} mm leaves no room on {layout.paper} paper")
    _, _, paper_w, paper_h, cols, rows, room_w, room_h = min(options)
    # Centre the drawing in the area the tiles cover, so the spare paper is shared.
    step_w, step_h = room_w - overlap, room_h - overlap
    left = -(cols * room_w - (cols - 1) * overlap - width) / 2
    top = height + (rows * room_h - (rows - 1) * overlap - height) / 2
    page = Rect(margin, margin + LABEL_H, room_w, room_h)
    tiles = tuple(
        Tile(r, c, _label(r, c), Rect(left + c * step_w, top - r * step_h - room_h, room_w, room_h), page)
        for r in range(rows) for c in range(cols))
    seams_x = tuple(left + c * step_w + overlap / 2 for c in range(1, cols))
    seams_y = tuple(top - r * step_h - overlap / 2 for r in range(1, rows))
    return TilePlan(width, height, paper_w, paper_h, overlap, rows, cols, tiles, seams_x, seams_y)


def ticks(plan_: TilePlan) -> tuple[tuple[str, float, float], ...]:
    """Alignment ticks: ("x", x, y) crosses the vertical seam at x; ("y", x, y) a horizontal one."""
    out = []
    n_y = max(1, round(plan_.height / TICK_EVERY))
    n_x = max(1, round(plan_.width / TICK_EVERY))
    for x in plan_.seams_x:
        out.extend(("x", x, plan_.height * (k + 0.5) / n_y) for k in range(n_y))
    for y in plan_.seams_y:
        out.extend(("y", plan_.width * (k + 0.5) / n_x, y) for k in range(n_x))
    return tuple(out)


def to_page(tile: Tile, x: float, y: float) -> tuple[float, float]:
    """A drawing point's place on its tile's sheet."""
    return tile.page.x + x - tile.source.x, tile.page.y + y - tile.source.y


SEAM = Color(0.15, 0.15, 0.15)


def draw_tiles(pdf: Pdf, plan_: TilePlan, form: str, title: str) -> None:
    """One sheet per tile: the drawing at 1:1, seams, ticks and the tile's name."""
    c = pdf.canvas
    all_ticks = ticks(plan_)
    for t in plan_.tiles:
        pdf.set_page_size(plan_.paper_w, plan_.paper_h)
        c.saveState()
        c.clipPath(rect_path(c, t.page), stroke=0, fill=0)
        c.saveState()
        c.translate(to_pt(t.page.x - t.source.x), to_pt(t.page.y - t.source.y))
        c.doForm(form)
        c.restoreState()
        _seams(c, plan_, t, all_ticks)
        c.restoreState()
        stroke_rect(c, t.page, Color(0.6, 0.6, 0.6), 0.2)
        _tile_label(c, plan_, t, title)
        pdf.show_page()


def _seams(c, plan_: TilePlan, t: Tile, all_ticks) -> None:
    s = t.source
    c.setLineWidth(0.35)
    c.setStrokeColor(SEAM)
    for x in plan_.seams_x:
        if s.x < x < s.x2:
            # the seam at this sheet's left is where it is cut: dashed; on the right, the line to meet.
            c.setDash([3, 2] if x - s.x < s.w / 2 else [], 0)
            px, _ = to_page(t, x, 0)
            line(c, px, t.page.y, px, t.page.y2)
    for y in plan_.seams_y:
        if s.y < y < s.y2:
            c.setDash([3, 2] if s.y2 - y < s.h / 2 else [], 0)
            _, py = to_page(t, 0, y)
            line(c, t.page.x, py, t.page.x2, py)
    c.setDash([], 0)
    c.setLineWidth(0.5)
    for kind, x, y in all_ticks:
        if not (s.x <= x <= s.x2 and s.y <= y <= s.y2):
            continue
        px, py = to_page(t, x, y)
        if kind == "x":
            line(c, px - TICK_LEN, py, px + TICK_LEN, py)
        else:
            line(c, px, py - TICK_LEN, px, py + TICK_LEN)


def _neighbours(plan_: TilePlan, t: Tile) -> str:
    parts = []
    if t.row > 0:
        parts.append(f"cut the top dashed line, lay over {plan_.tile(t.row - 1, t.col).label}")
    if t.col > 0:
        parts.append(f"cut the left dashed line, lay over {plan_.tile(t.row, t.col - 1).label}")
    return "; ".join(parts) if parts else "the first sheet: others are laid over it"


def _tile_label(c, plan_: TilePlan, t: Tile, title: str) -> None:
    x, y = t.page.x, t.page.y - LABEL_H
    text(c, x + 1, y + 4.6, t.label, 13)
    text(c, x + 13, y + 5.6, f"{title}: sheet {t.label} of {plan_.rows} × {plan_.cols} "
                             f"(rows A–{_label(plan_.rows - 1, 0)[:-1]}, columns 1–{plan_.cols}), true scale", 6.5)
    text(c, x + 13, y + 2.4, _neighbours(plan_, t) + "; match the ticks, glue.", 6.5)


def draw_assembly(pdf: Pdf, plan_: TilePlan, form: str, title: str, notes: tuple[str, ...] = ()) -> None:
    """A page showing the whole drawing small, with every sheet's outline and name."""
    c = pdf.canvas
    pw, ph = plan_.paper_w, plan_.paper_h
    pdf.set_page_size(pw, ph)
    head = 14 + 4.5 * len(notes)
    box = Rect(12, 12, pw - 24, ph - 24 - head)
    lo_x = min(t.source.x for t in plan_.tiles)
    lo_y = min(t.source.y for t in plan_.tiles)
    hi_x = max(t.source.x2 for t in plan_.tiles)
    hi_y = max(t.source.y2 for t in plan_.tiles)
    k = min(box.w / (hi_x - lo_x), box.h / (hi_y - lo_y))
    ox = box.x + (box.w - (hi_x - lo_x) * k) / 2 - lo_x * k
    oy = box.y + (box.h - (hi_y - lo_y) * k) / 2 - lo_y * k
    text(c, 12, ph - 16, f"{title}: how to assemble the {len(plan_.tiles)} sheets", 13)
    for i, note in enumerate(notes):
        text(c, 12, ph - 22 - 4.5 * i, note, 8)
    c.saveState()
    c.translate(to_pt(ox), to_pt(oy))
    c.scale(k, k)
    c.doForm(form)
    c.restoreState()
    for t in plan_.tiles:
        r = Rect(ox + t.source.x * k, oy + t.source.y * k, t.source.w * k, t.source.h * k)
        stroke_rect(c, r, Color(0.1, 0.1, 0.5), 0.6)
        cx, cy = r.x + r.w / 2, r.y + r.h / 2
        fill_rect(c, Rect(cx - 5, cy - 3, 10, 7), white)
        text(c, cx, cy - 1.2, t.label, 12, "centre", Color(0.1, 0.1, 0.5))
    pdf.show_page()
