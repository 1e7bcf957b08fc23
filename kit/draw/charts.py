"""Charts for simulation reports: histograms of whole numbers, and share bars with 95% intervals.

Game-neutral. Each chart is laid out by a pure function that returns its geometry in mm
(bars, ticks, whiskers, label anchors), all inside the chart's `Rect` (y up, as in PDF);
a thin `draw_*` function paints that value on a reportlab canvas. The title takes the top
band of the box, tick labels the bottom and left bands, and the plot the rest.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from reportlab.lib.colors import Color, black
from reportlab.pdfgen.canvas import Canvas

from kit.draw.fonts import fit_size, text_width
from kit.draw.imposition import Rect, Segment
from kit.draw.render import fill_rect, line, text
from kit.data.units import to_pt

INK = Color(0.25, 0.25, 0.25)
GRID = Color(0.86, 0.86, 0.86)
BAR = Color(0.25, 0.45, 0.7)
MARK = Color(0.8, 0.2, 0.1)
REFERENCE = Color(0.45, 0.45, 0.45)

TITLE_H = 9.0       # title band: the title's baseline 3.5 mm below the top, marker labels under it
AXIS_H = 5.0        # tick labels under the plot
TICKS_W = 9.0       # count or percent labels left of a vertical value axis
VALUE_W = 12.0      # room right of horizontal bars for "100.0%"
COLUMN_LABEL_H = 8.0  # two lines of label under vertical bars
MAX_BAR = 12.0      # a few bars stay bar-sized instead of filling a wide or tall box
TITLE_PT, LABEL_PT, TICK_PT = 9.0, 7.5, 6.5


@dataclass(frozen=True)
class Tick:
    at: float           # mm along the axis: x on a horizontal axis, y on a vertical one
    label: str


@dataclass(frozen=True)
class Mark:
    """A vertical line at a value of interest (the median), labelled above the plot."""

    x: float
    label: str
    align: str          # "left" or "right" of the line, whichever keeps the label in the box


@dataclass(frozen=True)
class Histogram:
    plot: Rect
    bars: tuple[Rect, ...]
    counts: tuple[int, ...]         # what each bar stands for
    bin_width: int                  # whole values per bar
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]
    mark: Mark | None


@dataclass(frozen=True)
class Share:
    """One bar: a share in 0..1, with its 95% interval when there is one."""

    label: str
    share: float
    interval: tuple[float, float] | None = None


@dataclass(frozen=True)
class ShareRow:
    bar: Rect
    whisker: tuple[Segment, ...]    # the interval and its two end caps; empty without one
    label: str
    label_at: tuple[float, float]   # baseline anchor: right-aligned (rows) or centred (columns)
    value: str
    value_at: tuple[float, float]


@dataclass(frozen=True)
class ShareBars:
    plot: Rect
    horizontal: bool                # True: bars grow right from labels on the left
    top: float                      # the share at the far end of the value axis
    rows: tuple[ShareRow, ...]
    ticks: tuple[Tick, ...]
    reference: Segment | None       # an even-share line across the bars
    reference_label: tuple[float, float] | None


# --- scales -----------------------------------------------------------------------------

def nice_step(span: float, most: int) -> float:
    """The smallest of 1, 2, 5 × 10^k that cuts `span` into at most `most` steps."""
    most = max(1, most)
    if span / most < sys.float_info.min:  # zero, or so small that log10 would fail
        return 1.0
    k = math.floor(math.log10(span / most))
    for m in (1, 2, 5, 10):
        step = m * 10.0 ** k
        if span / step <= most * (1 + 1e-6):     # float dust in span must not skip a round step
            return step
    return 10.0 ** (k + 1)


def nice_ticks(lo: float, hi: float, most: int, whole: bool = False) -> tuple[float, ...]:
    """Round values (multiples of a nice step) from `lo` to `hi`, at most `most` + 1 of them."""
    if hi < lo:
        return ()
    step = nice_step(hi - lo, most)
    if whole:
        step = max(1.0, step)
    first = math.ceil(lo / step - 1e-9)
    last = math.floor(hi / step + 1e-9)
    # round() drops float dust such as 0.30000000000000004 from labels and positions.
    return tuple(round(k * step, 10) for k in range(first, last + 1))


def _percent(v: float) -> str:
    return f"{round(v * 100, 6):g}%"


def share_top(items: Sequence[Share], reference: float | None = None) -> float:
    """The end of a share axis: the next round share past every bar, whisker and reference."""
    high = max([0.0, reference or 0.0] + [max(s.share, *(s.interval or (0.0,))) for s in items])
    if high < 1e-6:  # nothing a bar could show: keep a readable 0–10% axis
        return 0.1
    step = nice_step(high, 5)
    return min(1.0, math.ceil(high / step - 1e-9) * step)


def grid_cells(area: Rect, cols: int, rows: int, gap_x: float, gap_y: float) -> tuple[Rect, ...]:
    """Equal chart boxes in reading order (left to right, top down)."""
    w = (area.w - (cols - 1) * gap_x) / cols
    h = (area.h - (rows - 1) * gap_y) / rows
    return tuple(Rect(area.x + c * (w + gap_x), area.y2 - h - r * (h + gap_y), w, h)
                 for r in range(rows) for c in range(cols))


# --- histogram --------------------------------------------------------------------------

def histogram_layout(box: Rect, counts: Mapping[int, int], mark: float | None = None,
                     mark_label: str = "", most_bars: int = 40) -> Histogram:
    """Bars for how often each whole value came up, binned to at most `most_bars` bars.

    Every whole value gets an equal slot on the x axis, so a tick or the mark at value v
    sits at the centre of v's slot whether or not values share a bar. The count axis ends
    on the first round number at or above the tallest bar.
    """
    plot = Rect(box.x + TICKS_W, box.y + AXIS_H, box.w - TICKS_W, box.h - AXIS_H - TITLE_H)
    counts = {int(v): n for v, n in counts.items() if n > 0}
    if not counts:
        return Histogram(plot, (), (), 1, (), (), None)
    lo, hi = min(counts), max(counts)
    width = max(1, -(-(hi - lo + 1) // most_bars))
    binned: dict[int, int] = {}
    for v, n in counts.items():
        binned[(v - lo) // width] = binned.get((v - lo) // width, 0) + n
    slot = plot.w / (((hi - lo) // width + 1) * width)
    most_y = max(1, int(plot.h // 9))
    top = max(binned.values())
    step = max(1.0, nice_step(top, most_y))
    top = math.ceil(top / step) * step      # the axis ends on a round count just above the tallest bar
    bar_w = min(width * slot - 2 * min(0.15 * width * slot, 0.6), MAX_BAR)
    bins = sorted(binned)
    bars = tuple(Rect(plot.x + (b + 0.5) * width * slot - bar_w / 2, plot.y, bar_w, plot.h * binned[b] / top)
                 for b in bins)

    def at(v: float) -> float:
        return plot.x + (v - lo + 0.5) * slot

    x_ticks = tuple(Tick(at(v), f"{v:g}") for v in nice_ticks(lo, hi, int(plot.w // 11), whole=True))
    y_ticks = tuple(Tick(plot.y + plot.h * n / top, f"{n:g}") for n in nice_ticks(0, top, most_y, whole=True))
    shown = None
    if mark is not None and lo - 0.5 <= mark <= hi + 0.5:
        x = at(mark)
        shown = Mark(x, mark_label, "right" if x > plot.x + 0.7 * plot.w else "left")
    return Histogram(plot, bars, tuple(binned[b] for b in bins), width, x_ticks, y_ticks, shown)


def draw_histogram(c: Canvas, box: Rect, counts: Mapping[int, int], title: str,
                   mark: float | None = None, mark_label: str = "") -> Histogram:
    """A histogram of whole values in `box`; `mark` draws a labelled line (the median) at a value."""
    h = histogram_layout(box, counts, mark, mark_label)
    _title(c, box, title)
    _grid(c, h.plot, h.y_ticks, horizontal=False)
    for bar in h.bars:
        fill_rect(c, bar, BAR)
    _axis_lines(c, h.plot)
    for t in h.x_ticks:
        line(c, t.at, h.plot.y, t.at, h.plot.y - 1)
        text(c, t.at, h.plot.y - 3.6, t.label, TICK_PT, "centre", INK)
    if h.mark:
        c.setStrokeColor(MARK)
        c.setLineWidth(0.9)
        line(c, h.mark.x, h.plot.y, h.mark.x, h.plot.y2 + 0.5)
        dx = 0.8 if h.mark.align == "left" else -0.8
        text(c, h.mark.x + dx, h.plot.y2 + 1, h.mark.label, LABEL_PT - 0.5, h.mark.align, MARK)
    return h


# --- share bars -------------------------------------------------------------------------

def share_layout(box: Rect, items: Sequence[Share], horizontal: bool = True, label_w: float = 30.0,
                 reference: float | None = None) -> ShareBars:
    """Bars on a 0..top share scale, each with its whisker and its value written past the end.

    Horizontal bars are rows under one another with `label_w` mm of labels on the left;
    vertical bars are columns with their labels beneath. `reference` (an even share,
    say) becomes a line across the bars.
    """
    top = share_top(items, reference)
    if horizontal:
        label_w = min(label_w, 0.45 * box.w)
        plot = Rect(box.x + label_w, box.y + AXIS_H, box.w - label_w - VALUE_W, box.h - AXIS_H - TITLE_H)
        length = plot.w
    else:
        right = VALUE_W if reference is not None else 0.0     # the reference's label goes right of the plot
        plot = Rect(box.x + TICKS_W, box.y + COLUMN_LABEL_H, box.w - TICKS_W - right,
                    box.h - COLUMN_LABEL_H - TITLE_H - 4)
        length = plot.h
    along = (lambda v: plot.x + plot.w * v / top) if horizontal else (lambda v: plot.y + plot.h * v / top)
    ticks = tuple(Tick(along(v), _percent(v)) for v in nice_ticks(0, top, max(2, int(length // 11))))
    rows = tuple(_row(plot, k, len(items), s, along, horizontal) for k, s in enumerate(items))
    ref = ref_at = None
    if reference is not None and 0 <= reference <= top:
        r = along(reference)
        if horizontal:
            ref, ref_at = Segment(r, plot.y, r, plot.y2), (r, plot.y2 + 1)
        else:
            ref, ref_at = Segment(plot.x, r, plot.x2, r), (plot.x2 + 0.8, r - 0.8)
    return ShareBars(plot, horizontal, top, rows, ticks, ref, ref_at)


def _row(plot: Rect, k: int, n: int, s: Share, along, horizontal: bool) -> ShareRow:
    share = min(max(s.share, 0.0), 1.0)
    lo, hi = (min(max(v, 0.0), 1.0) for v in s.interval) if s.interval else (share, share)
    if horizontal:
        row = plot.h / n
        mid = plot.y2 - (k + 0.5) * row
        thick = min(0.5 * row, MAX_BAR / 2)
        bar = Rect(plot.x, mid - thick / 2, along(share) - plot.x, thick)
        a, b = along(lo), along(hi)
        cap = 0.35 * thick
        whisker = (Segment(a, mid, b, mid), Segment(a, mid - cap, a, mid + cap),
                   Segment(b, mid - cap, b, mid + cap)) if s.interval else ()
        end = max(bar.x2, b)
        return ShareRow(bar, whisker, s.label, (plot.x - 1.5, mid - 1.0), f"{share:.1%}", (end + 1.2, mid - 1.0))
    col = plot.w / n
    mid = plot.x + (k + 0.5) * col
    thick = min(0.5 * col, MAX_BAR)
    bar = Rect(mid - thick / 2, plot.y, thick, along(share) - plot.y)
    a, b = along(lo), along(hi)
    cap = 0.25 * thick
    whisker = (Segment(mid, a, mid, b), Segment(mid - cap, a, mid + cap, a),
               Segment(mid - cap, b, mid + cap, b)) if s.interval else ()
    return ShareRow(bar, whisker, s.label, (mid, plot.y - 3.4), f"{share:.1%}", (mid, max(bar.y2, b) + 1.2))


def draw_shares(c: Canvas, box: Rect, items: Sequence[Share], title: str, horizontal: bool = True,
                reference: float | None = None, reference_label: str = "") -> ShareBars:
    """Share bars in `box`; a label too long for its room is set smaller rather than overflow."""
    label_w = (max((text_width(s.label, LABEL_PT) for s in items), default=0.0) / to_pt(1) + 3
               if horizontal else 0.0)
    s = share_layout(box, items, horizontal, label_w, reference)
    _title(c, box, title)
    _grid(c, s.plot, s.ticks, horizontal)
    room = to_pt(s.plot.x - box.x - 1.5)
    for r in s.rows:
        if r.bar.w > 0 and r.bar.h > 0:
            fill_rect(c, r.bar, BAR)
        c.setStrokeColor(black)
        c.setLineWidth(0.8)
        for seg in r.whisker:
            line(c, seg.x1, seg.y1, seg.x2, seg.y2)
        text(c, *r.value_at, r.value, TICK_PT, "left" if horizontal else "centre", INK)
        if horizontal:
            text(c, *r.label_at, r.label, fit_size(r.label, room, LABEL_PT, 4), "right")
        else:
            for k, part in enumerate(r.label.split("\n")):
                text(c, r.label_at[0], r.label_at[1] - 3 * k, part, LABEL_PT - 0.5, "centre")
    _axis_lines(c, s.plot)
    if s.reference:
        c.setStrokeColor(REFERENCE)
        c.setLineWidth(0.6)
        c.setDash([2, 1.5], 0)
        line(c, s.reference.x1, s.reference.y1, s.reference.x2, s.reference.y2)
        c.setDash([], 0)
        text(c, *s.reference_label, reference_label, TICK_PT, "centre" if horizontal else "left", REFERENCE)
    return s


# --- spreads: distributions side by side ---------------------------------------------------

@dataclass(frozen=True)
class Spread:
    """One distribution as a row: its whole range, its middle 90% and its median."""

    label: str
    low: float          # min
    p5: float
    median: float
    p95: float
    high: float         # max


@dataclass(frozen=True)
class SpreadRow:
    whisker: Segment    # min to max
    box: Rect           # p5 to p95
    median: Segment
    label: str
    label_at: tuple[float, float]     # right-aligned baseline anchor
    value: str
    value_at: tuple[float, float]


@dataclass(frozen=True)
class Spreads:
    plot: Rect
    rows: tuple[SpreadRow, ...]
    ticks: tuple[Tick, ...]


def spread_layout(box: Rect, items: Sequence[Spread], label_w: float = 30.0) -> Spreads:
    """Rows under one another on one value axis shared by all, labels on the left, each row's
    median written past its end."""
    label_w = min(label_w, 0.45 * box.w)
    plot = Rect(box.x + label_w, box.y + AXIS_H, box.w - label_w - VALUE_W, box.h - AXIS_H - TITLE_H)
    if not items:
        return Spreads(plot, (), ())
    lo = min(s.low for s in items)
    hi = max(s.high for s in items)
    if hi - lo < 1e-9:
        lo, hi = lo - 1, hi + 1
    step = nice_step(hi - lo, max(2, int(plot.w // 11)))
    lo, hi = math.floor(lo / step) * step, math.ceil(hi / step) * step

    def at(v: float) -> float:
        return plot.x + plot.w * (v - lo) / (hi - lo)

    row_h = plot.h / len(items)
    rows = []
    for k, s in enumerate(items):
        mid = plot.y2 - (k + 0.5) * row_h
        thick = min(0.5 * row_h, MAX_BAR / 2)
        rows.append(SpreadRow(Segment(at(s.low), mid, at(s.high), mid),
                              Rect(at(s.p5), mid - thick / 2, max(at(s.p95) - at(s.p5), 0.3), thick),
                              Segment(at(s.median), mid - thick / 2 - 0.6, at(s.median), mid + thick / 2 + 0.6),
                              s.label, (plot.x - 1.5, mid - 1.0), f"{s.median:g}", (at(s.high) + 1.2, mid - 1.0)))
    ticks = tuple(Tick(at(v), f"{v:g}") for v in nice_ticks(lo, hi, max(2, int(plot.w // 11))))
    return Spreads(plot, tuple(rows), ticks)


def draw_spreads(c: Canvas, box: Rect, items: Sequence[Spread], title: str) -> Spreads:
    """Distributions side by side: a thin line from min to max, a bar over p5-p95, a tick at the median."""
    label_w = max((text_width(s.label, LABEL_PT) for s in items), default=0.0) / to_pt(1) + 3
    s = spread_layout(box, items, label_w)
    _title(c, box, title)
    _grid(c, s.plot, s.ticks, True)
    room = to_pt(s.plot.x - box.x - 1.5)
    for r in s.rows:
        c.setStrokeColor(INK)
        c.setLineWidth(0.5)
        line(c, r.whisker.x1, r.whisker.y1, r.whisker.x2, r.whisker.y2)
        fill_rect(c, r.box, BAR)
        c.setStrokeColor(MARK)
        c.setLineWidth(1.0)
        line(c, r.median.x1, r.median.y1, r.median.x2, r.median.y2)
        text(c, *r.value_at, r.value, TICK_PT, "left", INK)
        text(c, *r.label_at, r.label, fit_size(r.label, room, LABEL_PT, 4), "right")
    _axis_lines(c, s.plot)
    return s


# --- shared furniture -------------------------------------------------------------------

def _title(c: Canvas, box: Rect, title: str) -> None:
    text(c, box.x, box.y2 - 3.5, title, TITLE_PT)


def _grid(c: Canvas, plot: Rect, ticks: Sequence[Tick], horizontal: bool) -> None:
    """Light lines across the plot at the value ticks, labelled below (horizontal) or left."""
    c.setLineWidth(0.3)
    c.setStrokeColor(GRID)
    for t in ticks:
        if horizontal:
            line(c, t.at, plot.y, t.at, plot.y2)
            text(c, t.at, plot.y - 3.6, t.label, TICK_PT, "centre", INK)
        else:
            line(c, plot.x, t.at, plot.x2, t.at)
            text(c, plot.x - 1.2, t.at - 0.8, t.label, TICK_PT, "right", INK)


def _axis_lines(c: Canvas, plot: Rect) -> None:
    c.setStrokeColor(INK)
    c.setLineWidth(0.6)
    line(c, plot.x, plot.y, plot.x2, plot.y)
    line(c, plot.x, plot.y, plot.x, plot.y2)


def draw_heading(c: Canvas, x: float, top: float, width: float, title: str, lines: Sequence[str]) -> float:
    """A report page's title and its smaller lines of context, each set small enough to fit
    `width`; returns the y under them."""
    text(c, x, top, title, fit_size(title, to_pt(width), 13, 6))
    y = top - 6
    for s in lines:
        text(c, x, y, s, fit_size(s, to_pt(width), 7.5, 4), fill=INK)
        y -= 4
    return y
