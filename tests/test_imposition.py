"""Card imposition as numbers: trims, bleeds, crop marks, mirrored backs, pagination."""

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.data.errors import KitError
from kit.draw.imposition import (Rect, back_point, back_trims, bleeds, caption_box, grid, marks_extent,
                            paginate, place_all)
from kit.data.layoutfile import PAPERS
from conftest import shipped_layout

ROOT = Path(__file__).resolve().parent.parent
EPS = 1e-6


@pytest.fixture(scope="module")
def karuta():
    return shipped_layout("karuta")


def _meets(a1: float, a2: float, b1: float, b2: float) -> bool:
    """Whether the closed interval [a1, a2] (maybe a point) meets the open interval (b1, b2)."""
    return a1 < b2 - EPS and a2 > b1 + EPS


def _crosses(seg, r: Rect) -> bool:
    """Whether an axis-aligned segment enters the inside of r."""
    x1, x2 = sorted((seg.x1, seg.x2))
    y1, y2 = sorted((seg.y1, seg.y2))
    return _meets(x1, x2, r.x, r.x2) and _meets(y1, y2, r.y, r.y2)


def test_karuta_card_is_exactly_24_by_26_between_its_crop_marks(karuta):
    g = grid(karuta, "card")
    assert all(abs(t.w - 24) < EPS and abs(t.h - 26) < EPS for t in g.trims)
    xs = sorted({round(m.x1, 6) for m in g.crop_marks if m.x1 == m.x2})
    ys = sorted({round(m.y1, 6) for m in g.crop_marks if m.y1 == m.y2})
    # Every trim edge has its marks, and the marks of one card are 24 and 26 mm apart.
    for t in g.trims:
        assert round(t.x, 6) in xs and round(t.x2, 6) in xs
        assert round(t.y, 6) in ys and round(t.y2, 6) in ys
    assert xs[1] - xs[0] == pytest.approx(24) and ys[1] - ys[0] == pytest.approx(26)


def test_a4_karuta_grid_figures(karuta):
    g = grid(karuta, "card")
    c = karuta.piece("card")
    # the grid uses as many columns as fit inside margins, bleed and marks, and no more
    reserve = karuta.margin + c.bleed + karuta.crop_offset + karuta.crop_length
    assert g.cols * c.width + (g.cols - 1) * c.gutter <= karuta.paper_width - 2 * reserve + EPS
    assert (g.cols + 1) * c.width + g.cols * c.gutter > karuta.paper_width - 2 * reserve
    assert (g.rows + 1) * c.height + g.rows * c.gutter > karuta.paper_height - 2 * reserve
    assert g.per_sheet == g.cols * g.rows


@settings(max_examples=60, deadline=None)
@given(w=st.floats(10, 90), h=st.floats(10, 120), paper=st.sampled_from(sorted(PAPERS)),
       bleed=st.floats(0, 3), offset=st.floats(0, 3), length=st.floats(1, 6))
def test_marks_never_touch_a_bleed_and_stay_on_the_paper(karuta, w, h, paper, bleed, offset, length):
    layout = replace(karuta.with_paper(paper), crop_offset=offset, crop_length=length,
                     pieces=(replace(karuta.piece("card"), width=w, height=h, bleed=bleed, gutter=2 * bleed + 1),))
    try:
        g = grid(layout, "card")
    except KitError:
        return
    boxes = bleeds(g)
    for m in g.crop_marks:
        assert not any(_crosses(m, b) for b in boxes), (m, layout)
        for v in (m.x1, m.x2):
            assert layout.margin - EPS <= v <= layout.paper_width - layout.margin + EPS
        for v in (m.y1, m.y2):
            assert layout.margin - EPS <= v <= layout.paper_height - layout.margin + EPS
    # bleeds of neighbours never overlap
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert min(a.x2, b.x2) - max(a.x, b.x) <= EPS or min(a.y2, b.y2) - max(a.y, b.y) <= EPS


@pytest.mark.parametrize("flip", ["long", "short"])
def test_backs_mirror_the_fronts(karuta, flip):
    g = grid(karuta, "card")
    backs = back_trims(g, flip)
    for t, b in zip(g.trims, backs):
        assert (b.w, b.h) == (t.w, t.h)
        if flip == "long":   # turned over left-right: same height, mirrored across the vertical centre
            assert b.y == pytest.approx(t.y) and b.x + t.x2 == pytest.approx(g.width)
        else:
            assert b.x == pytest.approx(t.x) and b.y + t.y2 == pytest.approx(g.height)
        # the point mirror agrees with the rectangles: the front's far corner lands on the back's near one
        if flip == "long":
            assert back_point(g.width, g.height, t.x2, t.y, flip) == pytest.approx((b.x, b.y))
        else:
            assert back_point(g.width, g.height, t.x, t.y2, flip) == pytest.approx((b.x, b.y))


@pytest.mark.parametrize("flip", ["long", "short"])
def test_measured_offset_shifts_every_back_against_it(karuta, flip):
    g = grid(karuta, "card")
    plain, shifted = back_trims(g, flip), back_trims(g, flip, 0.7, -1.2)
    for a, b in zip(plain, shifted):
        assert (b.x - a.x, b.y - a.y) == pytest.approx((-0.7, 1.2))


@pytest.mark.parametrize("count", [1, 53, 54, 55, 68, 200])
def test_every_card_on_some_sheet_exactly_once(karuta, count):
    g = grid(karuta, "card")
    placed = place_all(count, g)
    assert [i for i, _, _ in placed] == list(range(count))
    sheets = {}
    for i, s, t in placed:
        sheets.setdefault(s, []).append(t)
    for trims in sheets.values():
        assert len(trims) == len(set(trims)) <= g.per_sheet
    assert len(paginate(count, g.per_sheet)) == -(-count // g.per_sheet)


def test_caption_stays_clear_of_the_marks(karuta):
    g = grid(karuta, "card")
    box = caption_box(g, karuta.margin, 3.0)
    extent = marks_extent(g)
    assert box is not None
    assert box.y2 <= extent.y + EPS and box.y >= karuta.margin - EPS
    tight = replace(karuta, margin=extent.y - 1.0)
    assert caption_box(g, tight.margin, 3.0) is None
