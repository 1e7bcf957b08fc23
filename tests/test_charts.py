"""kit.draw.charts: the geometry of histograms and share bars, and the reports drawn with them."""

from __future__ import annotations

import io
import math

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from kit.draw.charts import (Share, draw_histogram, draw_shares, grid_cells, histogram_layout, nice_step, nice_ticks,
                        share_layout, share_top)
from kit.cli import main
from kit.draw.fonts import register
from kit.draw.imposition import Rect
from kit.draw.pdf import Pdf


BOX = Rect(20, 30, 120, 80)
EPS = 1e-6

counts_st = st.dictionaries(st.integers(-50, 400), st.integers(1, 5000), max_size=120)
shares_st = st.lists(
    st.tuples(st.text("abcdefgh 12", min_size=1, max_size=12), st.floats(0, 1),
              st.one_of(st.none(), st.tuples(st.floats(0, 1), st.floats(0, 1)))),
    max_size=8,
).map(lambda rows: [Share(label, s, None if i is None else (min(i[0], s), max(i[1], s))) for label, s, i in rows])


def inside(r: Rect, box: Rect) -> bool:
    return box.x - EPS <= r.x and r.x + r.w <= box.x2 + EPS and box.y - EPS <= r.y and r.y + r.h <= box.y2 + EPS


def point_inside(x: float, y: float, box: Rect) -> bool:
    return box.x - EPS <= x <= box.x2 + EPS and box.y - EPS <= y <= box.y2 + EPS


def is_round(v: float, step: float) -> bool:
    return abs(v / step - round(v / step)) < 1e-6


# --- scales -----------------------------------------------------------------------------

@given(st.floats(1e-3, 1e6), st.integers(1, 12))
def test_nice_step_is_one_two_or_five_and_the_smallest_that_fits(span, most):
    step = nice_step(span, most)
    mantissa = step / 10 ** math.floor(math.log10(step) + 1e-9)
    assert any(abs(mantissa - m) < 1e-6 for m in (1, 2, 5))
    assert span / step <= most * (1 + 1e-6)
    smaller = [m * 10 ** k for k in range(-4, 8) for m in (1, 2, 5) if m * 10 ** k < step * (1 - 1e-9)]
    assert all(span / s > most for s in smaller)


@given(st.floats(-1e4, 1e4), st.one_of(st.just(0.0), st.floats(1e-3, 1e4)), st.integers(1, 10), st.booleans())
def test_ticks_are_round_evenly_spaced_and_inside_the_range(lo, span, most, whole):
    hi = lo + span
    ticks = nice_ticks(lo, hi, most, whole)
    step = max(1.0, nice_step(hi - lo, most)) if whole else nice_step(hi - lo, most)
    assert len(ticks) <= most + 2
    dust = 1e-6 * max(1, step)  # nice_ticks forgives float dust in units of the step
    assert all(lo - dust <= t <= hi + dust and is_round(t, step) for t in ticks)
    assert all(abs(b - a - step) < 1e-6 * max(1, step) for a, b in zip(ticks, ticks[1:]))
    if whole:
        assert all(float(t).is_integer() for t in ticks)
    if span >= 2 * step:
        assert len(ticks) >= 2


def test_share_axis_ends_on_a_round_share_past_every_whisker():
    items = [Share("a", 0.2, (0.15, 0.27)), Share("b", 0.05)]
    assert share_top(items) == pytest.approx(0.3)
    assert share_top(items, reference=0.34) == pytest.approx(0.4)
    assert share_top([Share("a", 0.99, (0.97, 1.0))]) == 1.0
    assert share_top([]) > 0


@given(st.integers(1, 5), st.integers(1, 4), st.floats(0, 20), st.floats(0, 20))
def test_grid_cells_tile_the_area_in_reading_order(cols, rows, gx, gy):
    area = Rect(10, 10, 277, 170)
    cells = grid_cells(area, cols, rows, gx, gy)
    assert len(cells) == cols * rows
    assert all(inside(c, area) for c in cells)
    assert len({(round(c.w, 6), round(c.h, 6)) for c in cells}) == 1
    for a, b in zip(cells, cells[1:]):
        if b.y == a.y:
            assert b.x == pytest.approx(a.x2 + gx)
        else:
            assert b.y2 == pytest.approx(a.y - gy)


# --- histogram --------------------------------------------------------------------------

@settings(max_examples=200)
@given(counts_st)
def test_histogram_bars_are_proportional_to_counts_and_stay_in_the_plot(counts):
    h = histogram_layout(BOX, counts)
    assert inside(h.plot, BOX)
    if not counts:
        assert h.bars == () and h.x_ticks == () and h.y_ticks == ()
        return
    assert sum(h.counts) == sum(counts.values())
    assert len(h.bars) <= 40
    assert all(inside(b, h.plot) for b in h.bars)
    per_count = [b.h / n for b, n in zip(h.bars, h.counts)]
    assert max(per_count) - min(per_count) < 1e-9
    xs = [b.x for b in h.bars]
    assert all(a.x2 <= b.x + EPS for a, b in zip(h.bars, h.bars[1:])), xs
    assert max(b.h for b in h.bars) >= h.plot.h / 2 - EPS


@settings(max_examples=200)
@given(counts_st.filter(bool))
def test_histogram_ticks_are_round_numbers_inside_the_axis_at_their_bars(counts):
    h = histogram_layout(BOX, counts)
    lo, hi = min(counts), max(counts)
    occupied = sorted({(v - lo) // h.bin_width for v in counts})
    bar_of = dict(zip(occupied, h.bars))
    for t in h.x_ticks:
        assert h.plot.x - EPS <= t.at <= h.plot.x2 + EPS
        v = int(t.label)
        assert lo <= v <= hi
        bar = bar_of.get((v - lo) // h.bin_width)          # the bar that counts v, if any
        if bar is not None:                                 # is the bar nearest the tick
            assert min(h.bars, key=lambda b: abs(b.x + b.w / 2 - t.at)) == bar
    labels = [int(t.label) for t in h.x_ticks]
    if len(labels) > 1:
        step = labels[1] - labels[0]
        assert all(v % step == 0 for v in labels)
    ys = [t.at for t in h.y_ticks]
    assert ys == sorted(ys) and h.y_ticks[0].label == "0" and ys[0] == pytest.approx(h.plot.y)
    assert all(h.plot.y - EPS <= y <= h.plot.y2 + EPS for y in ys)
    for t in h.y_ticks:                                 # a bar of count n reaches the tick labelled n
        n = int(t.label)
        for bar, c in zip(h.bars, h.counts):
            if c == n:
                assert bar.y2 == pytest.approx(t.at)


def test_histogram_of_single_values_puts_each_tick_at_its_bar_centre():
    h = histogram_layout(BOX, {1: 3, 2: 1, 4: 2, 12: 5})
    assert h.bin_width == 1
    centre = {int(n): b.x + b.w / 2 for b, n in zip(h.bars, [1, 2, 4, 12])}
    for t in h.x_ticks:
        if int(t.label) in centre:
            assert t.at == pytest.approx(centre[int(t.label)])
    assert [round(b.h / h.bars[0].h, 6) for b in h.bars] == [1, round(1 / 3, 6), round(2 / 3, 6), round(5 / 3, 6)]


def test_histogram_mark_sits_at_its_value_and_keeps_its_label_in_the_box():
    h = histogram_layout(BOX, {v: 1 for v in range(10, 31)}, mark=20, mark_label="median 20")
    assert h.mark.x == pytest.approx(h.plot.x + h.plot.w / 2) and h.mark.align == "left"
    right = histogram_layout(BOX, {v: 1 for v in range(10, 31)}, mark=29, mark_label="median 29")
    assert right.mark.align == "right"
    assert histogram_layout(BOX, {1: 2}, mark=50).mark is None


# --- share bars -------------------------------------------------------------------------

@settings(max_examples=200)
@given(shares_st, st.booleans(), st.one_of(st.none(), st.floats(0, 1)))
def test_share_bars_scale_with_the_share_and_whiskers_stay_in_the_plot(items, horizontal, reference):
    s = share_layout(BOX, items, horizontal, 30.0, reference)
    assert inside(s.plot, BOX) and len(s.rows) == len(items)
    for item, row in zip(items, s.rows):
        length = row.bar.w if horizontal else row.bar.h
        full = s.plot.w if horizontal else s.plot.h
        assert length == pytest.approx(full * item.share / s.top)
        assert inside(row.bar, s.plot)
        assert point_inside(*row.label_at, BOX) and point_inside(*row.value_at, BOX)
        assert row.value == f"{item.share:.1%}"
        if item.interval is None:
            assert row.whisker == ()
            continue
        for seg in row.whisker:
            assert point_inside(seg.x1, seg.y1, s.plot) and point_inside(seg.x2, seg.y2, s.plot)
        span = row.whisker[0]
        end = row.bar.x2 if horizontal else row.bar.y2
        lo, hi = (span.x1, span.x2) if horizontal else (span.y1, span.y2)
        assert lo - EPS <= end <= hi + EPS
    for t in s.ticks:
        assert (s.plot.x if horizontal else s.plot.y) - EPS <= t.at <= (s.plot.x2 if horizontal else s.plot.y2) + EPS
    assert s.ticks[0].label == "0%"
    if reference is not None and reference <= s.top:
        at = s.reference.x1 if horizontal else s.reference.y1
        assert at == pytest.approx((s.plot.x + s.plot.w * reference / s.top) if horizontal
                                   else (s.plot.y + s.plot.h * reference / s.top))
        assert point_inside(*s.reference_label, BOX)


def test_share_rows_do_not_overlap_and_keep_their_order():
    items = [Share(f"seat {k}", 0.1 * k, (0.1 * k - 0.03, 0.1 * k + 0.04)) for k in range(1, 6)]
    rows = share_layout(BOX, items).rows
    assert all(a.bar.y >= b.bar.y2 for a, b in zip(rows, rows[1:]))        # first item on top
    cols = share_layout(BOX, items, horizontal=False).rows
    assert all(a.bar.x2 <= b.bar.x for a, b in zip(cols, cols[1:]))        # first item on the left


def test_no_shares_still_gives_an_axis():
    s = share_layout(BOX, [])
    assert s.rows == () and len(s.ticks) >= 2


# --- drawing ----------------------------------------------------------------------------

def test_drawn_charts_carry_their_labels_in_the_embedded_font():
    pdf = Pdf(297, 210, "charts", font=register())
    draw_histogram(pdf.canvas, Rect(10, 110, 130, 80), {3: 4, 4: 9, 7: 2}, "旅の長さ", 4, "median 4")
    draw_shares(pdf.canvas, Rect(150, 110, 130, 80), [Share("席 1", 0.25, (0.2, 0.31))], "勝者", reference=0.5,
                reference_label="even 50%")
    draw_shares(pdf.canvas, Rect(10, 10, 130, 80), [Share("two\nlines", 0.6)], "columns", horizontal=False)
    draw_histogram(pdf.canvas, Rect(150, 10, 130, 80), {}, "empty")
    pdf.show_page()
    page = PdfReader(io.BytesIO(pdf.finish())).pages[0]
    words = page.extract_text()
    for s in ("旅の長さ", "median 4", "勝者", "席 1", "25.0%", "even 50%", "two", "lines", "60.0%", "empty"):
        assert s in words
    assert embedded_fonts_only(page)


# --- the reports ------------------------------------------------------------------------

def embedded_fonts_only(page) -> bool:
    fonts = page["/Resources"]["/Font"]
    for ref in fonts.values():
        font = ref.get_object()
        descriptors = [font.get("/FontDescriptor")] + [d.get_object().get("/FontDescriptor")
                                                       for d in font.get("/DescendantFonts", [])]
        if not any(d is not None and any(k in d.get_object() for k in ("/FontFile", "/FontFile2", "/FontFile3"))
                   for d in descriptors):
            return False
    return True


def run_report(tmp_path, *args) -> bytes:
    out = tmp_path / "report.pdf"
    res = CliRunner().invoke(main, ["sim", *args, "--workers", "1", "--report", str(out)])
    assert res.exit_code == 0, res.output
    return out.read_bytes()


def test_tour_report_shows_its_charts_in_embedded_fonts_only(project, tmp_path):
    args = ["-g", "tour-de-dice", "--games", "150", "--seed", "3", "--policy", "bold,careful,patient,drafting",
            "--rule", "breakaway=on"]
    first = run_report(tmp_path, *args)
    reader = PdfReader(io.BytesIO(first))
    assert len(reader.pages) == 2
    charts = reader.pages[0].extract_text()
    for title in ("turns per game", "finishing gap", "dice lost per player", "winner share by seat",
                  "winner share by policy", "Breakaway held", "start player"):
        assert title in charts
    assert "seat 3 patient" in charts and "every figure" in reader.pages[1].extract_text()
    assert all(embedded_fonts_only(p) for p in reader.pages)
    assert run_report(tmp_path, *args) == first
    off = PdfReader(io.BytesIO(run_report(tmp_path, "-g", "tour-de-dice", "--games", "60")))
    assert "Breakaway off" in off.pages[0].extract_text()


def test_karuta_report_uses_embedded_fonts_only(project, tmp_path):
    reader = PdfReader(io.BytesIO(run_report(tmp_path, "-g", "karuta", "--games", "60", "--seed", "5")))
    assert all(embedded_fonts_only(p) for p in reader.pages)
    assert "even 25%" in reader.pages[0].extract_text()
