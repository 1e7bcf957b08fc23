"""The turn-log table of every game's progress sheet: plain values, then one function that draws them.

A game names only its columns (`Column`, and `Group` for a titled run of them, e.g. one per
seat); its layout gives the row height and how many rows to print (`progress_sheet:
turns, row_height`); the page gives the room. `turn_log` turns those into a `TurnLog`:
every column's x and width in mm, the header's height, and the rows on each page, so a test
can check the table as numbers. `draw` paints one page of it.

A column says how often it is written (`per`): every row ("turn"), once a round ("round":
one cell spans the round's rows, e.g. karuta's cards left in each hand), or not at all
because the sheet prints it ("number": the row's number; "round number": the round's
number, once, in its first row). A column's width is `mm` plus its `share` of what the
fixed widths leave, so the table always spans the width it is given.

Pages are in mm from the bottom-left corner, y up.
"""

from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass

from reportlab.lib.colors import Color

from kit.data.errors import KitError
from kit.draw.imposition import Rect
from kit.draw.fonts import lines_of
from kit.draw.render import fill_rect, line, text, text_in_box
from kit.data.units import to_pt

PER = ("turn", "round", "number", "round number")
WRITTEN = ("turn", "round")          # the columns a player writes in
HAND_MM = 2.2                        # mm a handwritten letter or digit takes in an 8 mm row
HAND_WIDE_MM = 4.0                   # ... and a kanji or kana

GRID = Color(0.55, 0.55, 0.55)
SHADE = Color(0.93, 0.93, 0.93)        # the header
ROW_SHADE = Color(0.97, 0.97, 0.97)    # every other round
HINT = Color(0.45, 0.45, 0.45)         # printed marks to circle
# The header's bands, top down: a group's title (only when there are groups), the columns'
# titles, and their small second line (only when a column has one).
# The second line is read at the table as much as the titles: 6 pt, the least a sheet prints.
GROUP_BAND, TITLE_BAND, SUB_BAND = 4.0, 4.0, 3.0
GROUP_PT, TITLE_PT, SUB_PT, NUMBER_PT, MARK_PT = 7.0, 6.5, 6.0, 7.0, 7.0


@dataclass(frozen=True)
class Column:
    """One column of a turn log; `key` names the replay log's field it is copied into, if any."""

    title: str
    mm: float = 0.0                  # fixed width
    share: float = 0.0               # share of the width the fixed columns leave
    sub: str = ""                    # small second header line: what to write, in English
    per: str = "turn"                # see PER
    marks: tuple[str, ...] = ()      # printed in every row, spread over the cell (choices to circle)
    key: str = ""
    how: str = ""                    # how to write the cell, for the sheet's key: Japanese, then English
    longest: str = ""                # the longest thing ever written in it (its width must take it by hand)


@dataclass(frozen=True)
class Group:
    """Columns under one title (a seat's, a pick's); its edges are drawn heavier."""

    title: str
    columns: tuple[Column, ...]


@dataclass(frozen=True)
class Cell:
    """A column placed on the page."""

    column: Column
    x: float
    width: float
    group: int | None                # index into TurnLog.groups


@dataclass(frozen=True)
class Band:
    """A group placed on the page."""

    title: str
    x: float
    width: float


@dataclass(frozen=True)
class TurnLog:
    x: float
    width: float
    head: float                      # the header's height
    row: float                       # one row's height
    per_round: int                   # rows in a round (a round's cells and shading span them)
    cells: tuple[Cell, ...]
    groups: tuple[Band, ...]
    floor: float                     # the lowest the table may reach on any page
    tops: tuple[float, ...]          # the table's top edge on each page
    pages: tuple[range, ...]         # the row numbers on each page (1-based; may be empty)

    def bottom(self, page: int) -> float:
        return self.tops[page] - self.head - self.row * len(self.pages[page])

    @property
    def rows(self) -> int:
        return sum(len(p) for p in self.pages)


def flatten(columns) -> list[tuple[Column, int | None, Group | None]]:
    """(column, its group's index, its group) in order; groups are counted by place, not by
    value (two groups may be alike)."""
    out, k = [], 0
    for c in columns:
        if isinstance(c, Group):
            out += [(col, k, c) for col in c.columns]
            k += 1
        else:
            out.append((c, None, None))
    return out


def head_height(columns) -> float:
    flat = flatten(columns)
    return ((GROUP_BAND if any(g is not None for _, g, _ in flat) else 0.0) + TITLE_BAND
            + (SUB_BAND if any(c.sub for c, _, _ in flat) else 0.0))


def place(columns, x: float, width: float) -> tuple[tuple[Cell, ...], tuple[Band, ...]]:
    """Every column's x and width: its fixed mm plus its share of the rest."""
    flat = flatten(columns)
    for c, _, _ in flat:
        if c.per not in PER:
            raise KitError(f"column {c.title!r}: per should be one of {', '.join(PER)}, not {c.per!r}")
    rest = width - sum(c.mm for c, _, _ in flat)
    shares = sum(c.share for c, _, _ in flat)
    if rest < -1e-9 or (shares == 0 and rest > 1e-6):
        raise KitError(f"the turn log's columns take {width - rest:g} mm of its {width:g} mm")
    cells, cx = [], x
    for c, g, _ in flat:
        w = c.mm + (rest * c.share / shares if shares else 0.0)
        if w <= 0:
            raise KitError(f"the turn log's column {c.title!r} has no room in {width:g} mm")
        cells.append(Cell(c, cx, w, g))
        cx += w
    bands = []
    for k, group in enumerate(c for c in columns if isinstance(c, Group)):
        mine = [cell for cell in cells if cell.group == k]
        bands.append(Band(group.title, mine[0].x, sum(cell.width for cell in mine)))
    return tuple(cells), tuple(bands)


def hand_width(s: str) -> float:
    """Millimetres `s` takes written by hand in an 8 mm row."""
    return sum(HAND_WIDE_MM if unicodedata.east_asian_width(ch) in "WF" else HAND_MM for ch in s if ch != " ") \
        + 1.2 * s.count(" ")


def check_cells(cells, row: float, where=None) -> None:
    """Every written cell wide enough for its longest entry (the layout file keeps rows high
    enough to write in: kit.data.layoutfile.progress_sheet)."""
    for cell in cells:
        need = hand_width(cell.column.longest)
        if need > cell.width + 1e-9:
            raise KitError(f"the progress sheet's {cell.column.title!r} cell is {cell.width:.1f} mm wide, but its "
                           f"longest entry {cell.column.longest!r} takes {need:.1f} mm by hand", where)


def key_lines(columns) -> list[str]:
    """How to write each written column, `TITLE: how`, in the table's order (a group's columns
    once, however many groups share them)."""
    titles: dict[str, list[str]] = {}
    for col, _, _ in flatten(columns):
        if col.per in WRITTEN and col.how and col.title not in titles.setdefault(col.how, []):
            titles[col.how].append(col.title)
    return [f"{ts[0] if len(ts) == 1 else ts[0] + '–' + ts[-1]}: {how}" for how, ts in titles.items()]


def draw_key(c, lines, x: float, top: float, width: float, pt: float = 6.0) -> float:
    """The key under a log: each line wrapped to `width` (Japanese by the kinsoku rules); returns
    the y under the last."""
    step = pt / to_pt(1) * 1.35
    y = top
    for line_ in lines:
        for part in lines_of(line_, None, width, pt):
            y -= step
            text(c, x, y, part, pt)
    return y


def key_height(lines, width: float, pt: float = 6.0) -> float:
    return sum(len(lines_of(line_, None, width, pt)) for line_ in lines) * pt / to_pt(1) * 1.35


def rows_between(top: float, floor: float, head: float, row: float, per_round: int = 1) -> int:
    """Whole rounds of rows between a table top edge at `top` and `floor` (the allowance keeps
    a row that fits exactly from being lost to rounding)."""
    rows = math.floor((top - head - floor) / row + 1e-9)
    return max(0, rows - rows % per_round)


def turn_log(columns, *, x: float, width: float, top: float, floor: float, row: float, rows: int,
             first_top: float | None = None, per_round: int = 1, fill: bool = False,
             tail: float = 0.0, where=None) -> TurnLog:
    """The table for `rows` numbered rows between `top` (the first page: `first_top`) and
    `floor`, in whole rounds of `per_round` rows. `fill`: the last page is filled with rows past
    `rows` (blank rows cost nothing); `tail`: the room the last page keeps under the table (a
    summary box), else one more page, empty, is added for it. `where`: the layout's row height,
    named when no row fits."""
    cells, bands = place(columns, x, width)
    check_cells(cells, row, where)
    head = head_height(columns)
    first_top = top if first_top is None else first_top
    first, later = (rows_between(t, floor, head, row, per_round) for t in (first_top, top))
    if min(first, later) < 1:
        raise KitError(f"a page {top - floor:g} mm high has no room for the progress sheet's log "
                       f"({per_round} row{'s' if per_round > 1 else ''} of {row:g} mm under a {head:g} mm header)",
                       where)
    pages, tops, start = [], [], 1
    while start <= rows:
        n = first if not pages else later
        stop = start + n if fill else min(start + n, rows + 1)
        tops.append(first_top if not pages else top)
        pages.append(range(start, stop))
        start += n
    if tail:
        bottom = tops[-1] - head - row * len(pages[-1])
        if bottom - tail < floor:
            tops.append(top)
            pages.append(range(pages[-1].stop, pages[-1].stop))
    return TurnLog(x, width, head, row, per_round, cells, bands, floor, tuple(tops), tuple(pages))


def draw(c, log: TurnLog, page: int) -> float:
    """One page of the log: the header, its rows and the grid; returns the table's bottom edge."""
    top, numbers = log.tops[page], log.pages[page]
    x, w, row, per = log.x, log.width, log.row, log.per_round
    grouped = bool(log.groups)
    has_sub = any(cell.column.sub for cell in log.cells)
    head_y = top - log.head
    bottom = log.bottom(page)
    fill_rect(c, Rect(x, head_y, w, log.head), SHADE)
    for band in log.groups:
        text_in_box(c, Rect(band.x + 0.5, top - GROUP_BAND, band.width - 1, GROUP_BAND), band.title, GROUP_PT)
    for cell in log.cells:
        col = cell.column
        # an ungrouped column's title sits in the group band too
        title_top = top - GROUP_BAND if grouped and cell.group is not None else top
        title_h = title_top - head_y - (SUB_BAND if has_sub else 0.0)
        text_in_box(c, Rect(cell.x + 0.4, title_top - title_h, cell.width - 0.8, title_h), col.title, TITLE_PT)
        if col.sub:
            text_in_box(c, Rect(cell.x + 0.3, head_y + 0.3, cell.width - 0.6, SUB_BAND - 0.6), col.sub, SUB_PT,
                        floor=3.0)
    for k, n in enumerate(numbers):
        y = head_y - (k + 1) * row
        if (n - 1) // per % 2:
            fill_rect(c, Rect(x, y, w, row), ROW_SHADE)
        base = y + row / 2 - 0.35 * NUMBER_PT / to_pt(1)
        for cell in log.cells:
            col = cell.column
            mid = cell.x + cell.width / 2
            if col.per == "number":
                text(c, mid, base, str(n), NUMBER_PT, "centre")
            elif col.per == "round number" and (n - 1) % per == 0:
                text(c, mid, base, str((n - 1) // per + 1), NUMBER_PT, "centre")
            step = cell.width / max(len(col.marks), 1)
            for j, mark in enumerate(col.marks):
                text(c, cell.x + step * (j + 0.5), base, mark, MARK_PT, "centre", HINT)
    c.setStrokeColor(GRID)
    c.setLineWidth(0.3)
    # a line under the header and under every row; across a once-a-round column only where a round ends
    round_cells = [cell for cell in log.cells if cell.column.per == "round"]
    for k in range(len(numbers) + 1):
        y = head_y - k * row
        ends_round = k == 0 or k == len(numbers) or numbers[k - 1] % per == 0
        if ends_round or not round_cells:
            line(c, x, y, x + w, y)
            continue
        cx = x
        for cell in round_cells:
            if cell.x > cx:
                line(c, cx, y, cell.x, y)
            cx = cell.x + cell.width
        if cx < x + w:
            line(c, cx, y, x + w, y)
    edges = {x, x + w} | {b.x for b in log.groups} | {b.x + b.width for b in log.groups}
    for cell in log.cells:
        if cell.x in edges:
            continue
        inner = cell.group is not None
        c.setLineWidth(0.2 if inner else 0.3)
        line(c, cell.x, top - GROUP_BAND if inner else top, cell.x, bottom)
    c.setLineWidth(0.3)
    for band in log.groups:          # under a group's title
        line(c, band.x, top - GROUP_BAND, band.x + band.width, top - GROUP_BAND)
    c.setLineWidth(0.8)
    for ex in sorted(edges):
        line(c, ex, top, ex, bottom)
    line(c, x, bottom, x + w, bottom)
    line(c, x, top, x + w, top)
    c.setLineWidth(0.3)
    return bottom
