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

import shapely

from kit.data.errors import KitError, Where
from kit.draw.imposition import Rect
from kit.data.layoutfile import Layout
from kit.draw.pdf import Pdf
from kit.draw.render import fill_rect, line, rect_path, stroke_rect, text
from kit.layout.graph import reachable
from kit.data.units import to_pt

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
    tiles: tuple[Tile, ...]    # row by row from the top, left to right; a sheet with nothing on it is left out
    seams_x: tuple[float, ...]  # vertical seams, drawing x: the cut edge of the sheet to the right
    seams_y: tuple[float, ...]  # horizontal seams, drawing y: the cut edge of the sheet below

    def tile(self, row: int, col: int) -> Tile | None:
        """The sheet at (row, col), or None where the grid has no sheet (nothing to print there)."""
        for t in self.tiles:
            if (t.row, t.col) == (row, col):
                return t
        return None


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


# Sheets in one tiled drawing: the shipped board is 20 sheets of A4; a few hundred is
# already no board anyone glues, and `scale: 1000` would ask for millions.
MAX_SHEETS = 200


def sheet_count(width: float, height: float, layout: Layout, overlap: float) -> int | None:
    """The sheets of plan()'s full grid (None: the overlap leaves no room), without making them;
    plan() may leave out sheets with nothing on them, never more."""
    counts = []
    for paper_w, paper_h in ((layout.paper_width, layout.paper_height), (layout.paper_height, layout.paper_width)):
        fit = _orientation(width, height, paper_w, paper_h, layout.margin, overlap)
        if fit is not None:
            counts.append(fit[0] * fit[1])
    return min(counts) if counts else None


def glue_strip(layout: Layout, overlap: float, where) -> float:
    """`overlap` (mm), refused at `where` (its line in the layout) when it leaves no room on the
    paper, or takes half the sheet or more: a third sheet would then lie on the glue, and the
    sheets multiply (190 mm on A4 made 576 sheets, which was blamed on the board's size)."""
    room = min(layout.paper_width, layout.paper_height) - 2 * layout.margin
    if overlap >= room / 2 or sheet_count(1.0, 1.0, layout, overlap) is None:
        raise KitError(f"board overlap {overlap:g} mm leaves no room on {layout.paper} paper: a sheet prints "
                       f"at most {room:g} mm across, and the glue strip must be under half that "
                       f"({room / 2:g} mm), so that no third sheet lies on the glue", where)
    return overlap


SHIFTS = 8      # grid positions tried along each axis when sheets with nothing on them are left out


def _grid(area: Rect, cols: int, rows: int, room_w: float, room_h: float, overlap: float,
          fx: float, fy: float, carries) -> list[Tile]:
    """The tiles of a cols × rows grid over `area`, its spare paper put `fx`, `fy` (0..1) of the
    way to the left and top; only those that meet `carries` (every one when None)."""
    step_w, step_h = room_w - overlap, room_h - overlap
    left = area.x - (cols * room_w - (cols - 1) * overlap - area.w) * fx
    top = area.y2 + (rows * room_h - (rows - 1) * overlap - area.h) * fy
    cells = [(r, c, Rect(left + c * step_w, top - r * step_h - room_h, room_w, room_h))
             for r in range(rows) for c in range(cols)]
    if carries is None:
        shown = [True] * len(cells)
    else:   # every sheet's rectangle tested at once
        shown = shapely.intersects(carries, shapely.box([s.x for _, _, s in cells], [s.y for _, _, s in cells],
                                                        [s.x2 for _, _, s in cells], [s.y2 for _, _, s in cells]))
    return [Tile(r, c, _label(r, c), src, Rect(0, 0, room_w, room_h))
            for (r, c, src), keep in zip(cells, shown) if keep]


def _connected(tiles: list[Tile]) -> bool:
    """Whether the sheets join edge to edge into one piece (a sheet meeting the rest only at a
    corner could not be glued)."""
    cells = {(t.row, t.col) for t in tiles}
    if not cells:
        return True

    def sides(cell: tuple[int, int]):
        r, c = cell
        return (n for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if n in cells)

    return reachable(next(iter(cells)), sides) == cells


def sheet_limit(width: float, height: float, layout: Layout, overlap: float, where: Where | None,
                what: str = "board") -> None:
    """Refuse, at `where` (the layout line that sets the drawing's size), a width × height mm
    drawing that would tile over more than MAX_SHEETS sheets."""
    sheets = sheet_count(width, height, layout, overlap)
    if sheets is not None and sheets > MAX_SHEETS:
        raise KitError(f"a {width:,.0f} × {height:,.0f} mm {what} with a {overlap:g} mm glue strip needs "
                       f"{sheets:,} sheets of {layout.paper}, more than kit's limit of {MAX_SHEETS}", where)


def plan(width: float, height: float, layout: Layout, overlap: float, area: Rect | None = None,
         carries=None, *, where: Where | None = None, overlap_at: Where | None = None) -> TilePlan:
    """Tiles covering `area` (default: the whole width × height mm drawing), neighbours sharing
    a glued `overlap` mm; portrait or landscape, whichever needs fewer. With `carries` (a
    shapely shape, drawing mm), a sheet that would show none of it is left out, and the grid
    is shifted to leave out the most. A refusal names the layout line of the value that causes
    it: `where` sets the drawing's size, `overlap_at` the glue strip."""
    margin = layout.margin
    pw, ph = layout.paper_width, layout.paper_height
    area = area or Rect(0, 0, width, height)
    glue_strip(layout, overlap, overlap_at)
    sheet_limit(area.w, area.h, layout, overlap, where)  # before a grid of millions of sheets is made
    shifts = [0.5] if carries is None else [0.5] + [k / (SHIFTS - 1) for k in range(SHIFTS)]
    options = []
    for paper_w, paper_h in ((pw, ph), (ph, pw)):
        fit = _orientation(area.w, area.h, paper_w, paper_h, margin, overlap)
        if fit is None:
            continue
        cols, rows, room_w, room_h = fit
        for n, (fx, fy) in enumerate((fx, fy) for fx in shifts for fy in shifts):
            tiles = _grid(area, cols, rows, room_w, room_h, overlap, fx, fy, carries)
            if _connected(tiles):
                options.append((len(tiles), paper_w > paper_h, n, paper_w, paper_h, cols, rows, room_w,
                                room_h, tiles))
    if options:
        _, _, _, paper_w, paper_h, cols, rows, room_w, room_h, tiles = min(options, key=lambda o: o[:3])
    else:   # no shift leaves sheets that join into one piece (islands far apart): print the whole grid
        fits = [(f[0] * f[1], paper_w, paper_h, f) for paper_w, paper_h in ((pw, ph), (ph, pw))
                if (f := _orientation(area.w, area.h, paper_w, paper_h, margin, overlap)) is not None]
        _, paper_w, paper_h, (cols, rows, room_w, room_h) = min(fits)
        tiles = _grid(area, cols, rows, room_w, room_h, overlap, 0.5, 0.5, None)
    page = Rect(margin, margin + LABEL_H, room_w, room_h)
    tiles = tuple(Tile(t.row, t.col, t.label, t.source, page) for t in tiles)
    left = tiles[0].source.x - tiles[0].col * (room_w - overlap) if tiles else area.x
    top = tiles[0].source.y2 + tiles[0].row * (room_h - overlap) if tiles else area.y2
    # Each seam is the cut edge of the later sheet, so neighbours share the whole `overlap` strip
    # as the glue strip the instructions name.
    seams_x = tuple(left + c * (room_w - overlap) for c in range(1, cols))
    seams_y = tuple(top - r * (room_h - overlap) for r in range(1, rows))
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
    """The sheet's cut edges (dashed: left and top, where a neighbour lies under it) and the
    lines a neighbour's cut edge goes on (solid: the glue strip's edge, `overlap` inside)."""
    s = t.source
    c.setLineWidth(0.35)
    c.setStrokeColor(SEAM)
    cuts = ((t.col > 0 and plan_.tile(t.row, t.col - 1), "x", s.x, True),
            (t.col + 1 < plan_.cols and plan_.tile(t.row, t.col + 1), "x", s.x2 - plan_.overlap, False),
            (t.row > 0 and plan_.tile(t.row - 1, t.col), "y", s.y2, True),
            (t.row + 1 < plan_.rows and plan_.tile(t.row + 1, t.col), "y", s.y + plan_.overlap, False))
    for neighbour, axis, at, dashed in cuts:
        if not neighbour:
            continue
        c.setDash([3, 2] if dashed else [], 0)
        if axis == "x":
            px, _ = to_page(t, at, 0)
            line(c, px, t.page.y, px, t.page.y2)
        else:
            _, py = to_page(t, 0, at)
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
    above = plan_.tile(t.row - 1, t.col) if t.row > 0 else None
    left = plan_.tile(t.row, t.col - 1) if t.col > 0 else None
    if above:
        parts.append(f"cut the top dashed line, lay over {above.label}")
    if left:
        parts.append(f"cut the left dashed line, lay over {left.label}")
    return "; ".join(parts) if parts else "others are laid over this sheet"


def _tile_label(c, plan_: TilePlan, t: Tile, title: str) -> None:
    x, y = t.page.x, t.page.y - LABEL_H
    text(c, x + 1, y + 4.6, t.label, 13)
    text(c, x + 13, y + 5.6, f"{title}: sheet {t.label}, one of {len(plan_.tiles)} "
                             f"(rows A–{_label(plan_.rows - 1, 0)[:-1]}, columns 1–{plan_.cols}), true scale", 6.5)
    text(c, x + 13, y + 2.4, _neighbours(plan_, t) + "; match the ticks, glue.", 6.5)


TAG_W, TAG_H = 11.0, 7.0       # mm: a sheet's name on the assembly page


def assembly_tag(sheet: Rect, clear=()) -> Rect:
    """Where a sheet's name goes on the assembly page: on a card of its own at its top-left
    corner (a corner is overlap, drawn twice, so it is clear of the drawing's text in the middle
    of a sheet); where that covers any of `clear`, the nearest place down its left edge that does
    not, in its upper half; else the top-left corner all the same."""
    top = Rect(sheet.x + 1.2, sheet.y2 - 1.2 - TAG_H, TAG_W, TAG_H)
    step = 0.0
    while step <= sheet.h / 2 - TAG_H:
        tag = Rect(top.x, top.y - step, TAG_W, TAG_H)
        if not any(tag.x < r.x2 and r.x < tag.x2 and tag.y < r.y2 and r.y < tag.y2 for r in clear):
            return tag
        step += 0.5
    return top


@dataclass(frozen=True)
class AssemblyPage:
    """The assembly page's layout (page mm): the drawing scaled by `k` and moved by (ox, oy),
    each sheet's outline and the card its name is on."""

    k: float
    ox: float
    oy: float
    sheets: tuple[tuple[str, Rect, Rect], ...]      # (label, outline, name card)

    def at(self, r: Rect) -> Rect:
        """A rectangle of the drawing (mm) where the page shows it."""
        return Rect(self.ox + r.x * self.k, self.oy + r.y * self.k, r.w * self.k, r.h * self.k)


def assembly_page(plan_: TilePlan, notes: int = 0, keep_clear: tuple[Rect, ...] = ()) -> AssemblyPage:
    """Where `draw_assembly` puts the small drawing and every sheet's outline and name (`notes`:
    lines of notes under the heading), each name clear of `keep_clear` where it can be."""
    pw, ph = plan_.paper_w, plan_.paper_h
    head = 14 + 4.5 * notes
    box = Rect(12, 12, pw - 24, ph - 24 - head)
    lo_x = min(t.source.x for t in plan_.tiles)
    lo_y = min(t.source.y for t in plan_.tiles)
    hi_x = max(t.source.x2 for t in plan_.tiles)
    hi_y = max(t.source.y2 for t in plan_.tiles)
    k = min(box.w / (hi_x - lo_x), box.h / (hi_y - lo_y))
    ox = box.x + (box.w - (hi_x - lo_x) * k) / 2 - lo_x * k
    oy = box.y + (box.h - (hi_y - lo_y) * k) / 2 - lo_y * k
    page = AssemblyPage(k, ox, oy, ())
    clear = [page.at(r) for r in keep_clear]
    sheets = tuple((t.label, page.at(t.source), assembly_tag(page.at(t.source), clear)) for t in plan_.tiles)
    return AssemblyPage(k, ox, oy, sheets)


def draw_assembly(pdf: Pdf, plan_: TilePlan, form: str, title: str, notes: tuple[str, ...] = (),
                  keep_clear: tuple[Rect, ...] = ()) -> None:
    """A page showing the whole drawing small, with every sheet's outline and name, each name
    clear of `keep_clear` (drawing mm: a title, a legend) where it can be (`assembly_tag`)."""
    c = pdf.canvas
    pw, ph = plan_.paper_w, plan_.paper_h
    pdf.set_page_size(pw, ph)
    page = assembly_page(plan_, len(notes), keep_clear)
    text(c, 12, ph - 16, f"{title}: {len(plan_.tiles)} 枚の組み立て方 how to assemble the {len(plan_.tiles)} sheets", 13)
    for i, note in enumerate(notes):
        text(c, 12, ph - 22 - 4.5 * i, note, 8)
    c.saveState()
    c.translate(to_pt(page.ox), to_pt(page.oy))
    c.scale(page.k, page.k)
    c.doForm(form)
    c.restoreState()
    for label, r, tag in page.sheets:
        stroke_rect(c, r, Color(0.1, 0.1, 0.5), 0.6)
        fill_rect(c, tag, white)
        stroke_rect(c, tag, Color(0.1, 0.1, 0.5), 0.4)
        text(c, tag.x + tag.w / 2, tag.y + 2.2, label, 12, "centre", Color(0.1, 0.1, 0.5))
    pdf.show_page()
