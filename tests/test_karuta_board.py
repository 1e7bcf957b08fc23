"""The karuta board a family plays on: the map shows under the slots, the highways stay readable
with every card placed, the rules' exceptions are marked, the paper is cropped. Measured on the
board's values (`board_plan`) and on the built PDFs."""

import pytest
from pypdf import PdfReader
from shapely.geometry import LineString
from shapely.geometry import box as shapely_box

from kit.games import make_context




@pytest.fixture(scope="module")
def board():
    from kit.games.karuta.boardpdf import board_plan
    from kit.games.karuta.build import board_slots
    from kit.games.karuta.geo import load_all
    ctx = make_context("karuta")
    model, world = load_all(ctx)
    slots = board_slots(model, world, ctx.layout)
    return ctx, model, world, slots, board_plan(model, world, slots, ctx.layout)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    from kit.games.karuta.build import build
    out = tmp_path_factory.mktemp("board")
    ctx = make_context("karuta", out=str(out))
    build(ctx)
    return ctx


def _slot_box(s):
    return shapely_box(s.centre[0] - s.width / 2, s.centre[1] - s.height / 2,
                       s.centre[0] + s.width / 2, s.centre[1] + s.height / 2)


# --- 1. slots are a frame and a light tint; the answer key ------------------------------------


def test_every_province_keeps_its_colour_under_a_light_slot_tint(board):
    from kit.games.karuta.boardpdf import SLOT_TINT_ALPHA, province_fill, slot_patches
    _, model, world, slots, _ = board
    assert SLOT_TINT_ALPHA <= 0.25
    patches = slot_patches(model, world, slots, None)
    for kanji, s in slots.items():
        rect = _slot_box(s)
        under = [p.kanji for p in model.provinces if world.regions[p.kanji].shape.intersection(rect).area > 0]
        mine = [(piece, c) for k, piece, c in patches if k == kanji]
        # one piece per province under the slot, each within the tint's reach of that province's colour
        for name in under:
            fill = province_fill(model, name)
            assert any(max(abs(a - b) for a, b in zip((c.red, c.green, c.blue), (fill.red, fill.green, fill.blue)))
                       <= SLOT_TINT_ALPHA + 1e-9 for _, c in mine), (kanji, name)
        from shapely.ops import unary_union
        assert unary_union([piece for piece, _ in mine]).area == pytest.approx(rect.area, rel=1e-6)


def test_answer_key_names_and_numbers_every_slot(built):
    reader = PdfReader(built.out_dir / "board-key.pdf")
    assert len(reader.pages) == 1
    words = set(reader.pages[0].extract_text().split())
    from kit.games.karuta.model import load
    model = load(built.data_dir)
    for p in model.provinces:
        assert p.kanji in words and str(p.number) in words, p.kanji


# --- 2. highways readable with every card placed ----------------------------------------------


def test_no_highway_runs_across_a_slot_off_that_highway(board):
    from kit.games.karuta.roads import foreign_crossings
    _, model, _, slots, bp = board
    assert foreign_crossings(model, slots, bp.roads) == []
    links = sum(len(h.provinces) - 1 for h in model.highways)
    assert len(bp.roads) == links


def test_every_highway_link_shows_between_the_slots(board):
    from kit.games.karuta.roads import visible
    ctx, _, _, slots, bp = board
    shown = visible(bp.roads, slots)
    # with every card down, each link still shows at least the slot gap (4 mm on the default board)
    from kit.games.karuta.settings import board as board_settings
    settings = board_settings(ctx.layout)
    assert min(shown.values()) * settings.scale >= settings.slot_gap - 1e-6


def test_every_highway_is_named_once_clear_of_the_slots(board):
    from kit.games.karuta.roads import _band, slot_union
    _, model, _, slots, bp = board
    assert sorted(n.highway for n in bp.names) == sorted(h.name for h in model.highways)
    cover = slot_union(slots)
    bands = [_band(n.at, n.angle, n.length, n.size * 25.4 / 72 / bp.frame.scale * 1.3) for n in bp.names]
    for n, b in zip(bp.names, bands):
        assert n.size >= 5.0
        assert not b.intersects(cover), n.highway
    for i, a in enumerate(bands):
        assert not any(a.intersects(b) for b in bands[i + 1:])


def test_the_three_tiers_differ_in_width_dash_and_colour():
    from kit.games.karuta.boardpdf import TIER_STROKES
    main, primary, secondary = (TIER_STROKES[t] for t in ("main", "primary", "secondary"))
    assert main.width > primary.width > secondary.width
    assert secondary.dash and not main.dash and not primary.dash
    inks = {(s.ink.red, s.ink.green, s.ink.blue) for s in (main, primary, secondary)}
    assert len(inks) == 3


# --- 3. rules vs map --------------------------------------------------------------------------


def test_every_map_warning_is_marked_on_the_board(board):
    from kit.games.karuta.check import map_warnings
    _, model, world, _, bp = board
    warnings = map_warnings(model, world)
    assert len(bp.marks) == len(warnings) > 0
    for m in bp.marks:
        assert any(m.a in w.message and m.b in w.message for w in warnings), m
    kinds = {m.kind for m in bp.marks}
    assert kinds == {"bar", "link", "ferry"}
    for m in bp.marks:
        if m.kind == "bar":        # the bar crosses the border the two shapes share
            line = LineString([m.p, m.q])
            assert line.intersects(world.regions[m.a].shape) and line.intersects(world.regions[m.b].shape)


# --- 4. paper ---------------------------------------------------------------------------------


def test_every_sheet_carries_land_or_slots_and_there_are_at_most_nine(board):
    from kit.games.karuta.boardpdf import content
    from kit.games.karuta.roads import slot_union
    ctx, model, world, slots, bp = board
    f = bp.frame
    from shapely.ops import unary_union
    land = [world.regions[p.kanji].shape for p in model.provinces]
    carried = unary_union(land + [slot_union(slots)])
    # drawing mm (y up) -> map units (y down)
    for t in bp.tiles.tiles:
        s = t.source
        sheet = shapely_box(s.x / f.scale, f.map_h - s.y2 / f.scale, s.x2 / f.scale, f.map_h - s.y / f.scale)
        assert sheet.intersection(carried).area > 0, t.label
    assert len(bp.tiles.tiles) <= 9
    # and together they hold everything the board carries
    sheets = unary_union([shapely_box(t.source.x, t.source.y, t.source.x2, t.source.y2) for t in bp.tiles.tiles])
    assert sheets.contains(content(model, world, slots, bp.roads, bp.names, bp.marks, f))
    for r in (bp.legend, bp.title):
        assert sheets.contains(shapely_box(r.x, r.y, r.x2, r.y2))


def test_no_ink_on_the_sea_by_default(board):
    from kit.games.karuta.boardpdf import sea_colour
    ctx = board[0]
    assert sea_colour(ctx.layout) is None


def test_the_legend_names_every_highway_of_each_tier_in_lines_inside_it(board, built):
    from kit.data.units import to_pt
    from kit.draw.fonts import text_width
    from kit.games.karuta.boardpdf import (LEGEND_PT, LEGEND_PT_OVERVIEW, LEGEND_W, LEGEND_W_OVERVIEW, TIERS,
                                           _names_extra, _names_size, _tier_names)
    from kit.draw.fonts import register
    _, model, _, _, _ = board
    register()
    for width, pt in ((LEGEND_W, LEGEND_PT), (LEGEND_W_OVERVIEW, LEGEND_PT_OVERVIEW)):
        u = pt / LEGEND_PT
        for tier in TIERS:
            lines = _tier_names(model, tier, pt, width)
            # every name, in order, none cut short
            assert "".join(lines) == "、".join(h.name for h in model.highways if h.tier == tier)
            for line in lines:      # from the text's x (20 u in) to 2 u short of the legend's edge
                assert text_width(line, _names_size(pt)) <= to_pt(width - 22 * u), (tier, line)
    # the true-scale board's legend box (LEGEND_H, placed before any font is read) holds one line a tier
    assert _names_extra(model, LEGEND_PT, LEGEND_W) == 0
    secondary = [h.name for h in model.highways if h.tier == "secondary"]
    assert len(_tier_names(model, "secondary", LEGEND_PT_OVERVIEW, LEGEND_W_OVERVIEW)) > 1   # the overview wraps them
    for name in ("board-overview.pdf", "board-key.pdf"):
        page = PdfReader(built.out_dir / name).pages[0].extract_text()
        assert "…" not in page
        assert all(h in page for h in secondary), name


def test_overview_fits_its_page_with_a_legend_of_at_least_6pt(board, built):
    from kit.games.karuta.boardpdf import legend_height, page_plan
    ctx, model, _, _, bp = board
    pp = page_plan(ctx.layout, bp, model)
    assert pp.legend_pt >= 6.0
    m = ctx.layout.margin
    for r in (pp.map_box, pp.legend):
        assert m <= r.x and r.x2 <= pp.paper_w - m and m <= r.y and r.y2 <= pp.paper_h - m
    assert not (pp.legend.x < pp.map_box.x2 and pp.map_box.x < pp.legend.x2
                and pp.legend.y < pp.map_box.y2 and pp.map_box.y < pp.legend.y2)
    assert pp.legend.h >= legend_height(model, pp.legend_pt) - 1e-6
    # landscape where the board is wider than the page's short side allows
    page = PdfReader(built.out_dir / "board-overview.pdf").pages[0]
    w, h = float(page.mediabox.width), float(page.mediabox.height)
    assert (w > h) == (pp.paper_w > pp.paper_h)
    _assert_min_font(page, 6.0)


def _assert_min_font(page, least):
    """Every text on the page itself (not in the scaled map form) is at least `least` pt."""
    import re
    data = page.get_contents().get_data().decode("latin-1")
    sizes = [float(v) for v in re.findall(r"/F\d+\+?\d* ([\d.]+) Tf", data)]
    assert sizes and min(sizes) >= least, sorted(set(sizes))[:5]


def test_every_moved_slot_names_its_province_at_its_leaders_end(board, built):
    """The board is blank but for highways: the only province names on it are at the ends of
    the leaders of slots moved off their province, one each, at 6 pt or more."""
    from kit.games.karuta.boardpdf import LEADER_NAME_PT

    _, model, _, slots, _ = board
    moved = {k for k, s in slots.items() if len(s.leader) >= 2}
    assert moved
    words = []
    for page in PdfReader(built.out_dir / "board.pdf").pages[1:]:
        words += page.extract_text().split()
    from kit.games.karuta.model import START

    named = {w for w in words if w in model.by_kanji}
    assert named - {START} == moved - {START}        # the start slot carries its own label
    assert LEADER_NAME_PT >= 6


def _rect(r):
    return shapely_box(r.x, r.y, r.x2, r.y2)


def test_every_moved_slot_is_traced_to_its_province_on_the_board_itself(board):
    """Each moved slot's leader ends in its own province, clear of every other slot; it is long
    enough to leave its slot plainly, or (where slots cover its province) the slot names its
    province beside where the leader leaves it. Every leader's province is named where no card
    hides it: clear of every slot but its own, nearer its own leader's end than any other."""
    import math
    from shapely.geometry import Point
    from kit.games.karuta.boardpdf import LEADER_DOT_MM, NAME_REACH
    from kit.games.karuta.layout import LEADER_LEAST, LEADER_MARGIN

    _, model, world, slots, bp = board
    f = bp.frame
    moved = {k: s for k, s in slots.items() if len(s.leader) >= 2}
    assert len(moved) >= 10
    rects = {k: _rect(f.rect(s)) for k, s in slots.items()}
    names = {n.province: n for n in bp.leader_names}
    assert set(names) == set(moved)
    ends = {k: Point(f.at(*s.leader[-1])) for k, s in moved.items()}
    for k, s in moved.items():
        end = ends[k]
        assert world.regions[k].shape.buffer(1e-6).contains(Point(s.leader[-1])), k
        assert min(r.distance(end) for o, r in rects.items() if o != k) >= LEADER_MARGIN * f.scale - 1e-6, k
        long_enough = sum(math.dist(p, q) for p, q in zip(s.leader, s.leader[1:])) * f.scale >= LEADER_LEAST - 1e-3
        n = names[k]
        box = _rect(n.box)
        assert long_enough or n.in_slot, (k, "a stub of a leader with its name outside its slot")
        assert not [o for o, r in rects.items() if o != k and r.intersects(box)], (k, "name under another slot")
        if n.in_slot:
            assert rects[k].contains(box) and box.distance(Point(f.at(*s.leader[0]))) <= 4.0, k
        else:
            assert not rects[k].intersects(box) and box.distance(end) <= NAME_REACH + LEADER_DOT_MM + 4, k
            assert all(box.distance(end) < box.distance(e) for o, e in ends.items() if o != k), (k, "names another's dot")
    boxes = [_rect(n.box) for n in bp.leader_names]
    assert not [(a, b) for a in range(len(boxes)) for b in range(a) if boxes[a].intersects(boxes[b])]


def test_a_highway_name_beside_its_line_has_a_bubble_tail_not_a_leader(board):
    """A highway name placed off its line points at it with a speech bubble's tail, wider than
    any leader's dot, tipped on the highway's own line: never a thin line like a slot's leader."""
    from shapely.geometry import Point
    from kit.games.karuta.boardpdf import LEADER_DOT_MM, TAIL_BASE, tail_shape

    _, model, _, slots, bp = board
    f = bp.frame
    tied = [n for n in bp.names if n.tie is not None]
    assert tied
    assert TAIL_BASE >= 2 * LEADER_DOT_MM
    leader_ends = [Point(f.at(*s.leader[-1])) for s in slots.values() if len(s.leader) >= 2]
    for n in tied:
        tail = tail_shape(n, f)
        tip = Point(f.at(*n.tie))
        line = [LineString([f.at(*q) for q in r.points]) for r in bp.roads if r.highway == n.highway]
        assert min(g.distance(tip) for g in line) < 1e-3, n.highway
        if tail is None:         # the name's own box reaches its line: no tail
            from kit.games.karuta.boardpdf import _name_box
            assert _name_box(n, f).distance(tip) <= 0.5, n.highway
            continue
        assert tail.area > 1.0 and tail.exterior.distance(tip) < 1e-6, n.highway
        assert min(e.distance(tip) for e in leader_ends) > 2 * LEADER_DOT_MM, n.highway


def test_the_assembly_page_s_sheet_names_leave_the_small_board_title_and_legend_readable(board):
    # the title and legend as the small drawing shows them, against every sheet's name card
    from kit.draw.tiles import assembly_page
    from kit.games.karuta.boardpdf import assembly_notes

    _, model, _, _, bp = board
    page = assembly_page(bp.tiles, len(assembly_notes(bp.tiles)), (bp.title, bp.legend))
    furniture = [_rect(page.at(r)) for r in (bp.title, bp.legend)]
    assert len(page.sheets) >= 6
    for label, sheet, tag in page.sheets:
        assert _rect(sheet).contains(_rect(tag)), label
        assert not [f for f in furniture if f.intersects(_rect(tag))], label
        assert tag.y2 >= sheet.y + sheet.h / 2, label          # in the sheet's upper half, by its left edge
    # on the shipped board the title does stand in a sheet's top-left corner: the rule is used
    assert any(_rect(page.at(bp.title)).intersects(_rect(type(tag)(sheet.x + 1.2, sheet.y2 - 8.2, 11, 7)))
               for _, sheet, tag in page.sheets)


def test_no_highway_name_hides_a_leader_s_dot(board):
    from shapely.geometry import Point
    from kit.games.karuta.boardpdf import LEADER_DOT_MM, _name_box

    _, _, _, slots, bp = board
    f = bp.frame
    dots = {k: Point(f.at(*s.leader[-1])).buffer(LEADER_DOT_MM) for k, s in slots.items() if len(s.leader) >= 2}
    for n in bp.names:
        assert not [k for k, d in dots.items() if _name_box(n, f).intersects(d)], n.highway


def test_a_highway_name_s_tail_runs_into_no_slot_where_its_line_leaves_a_way_clear(board):
    """A card laid on a slot hides whatever tail runs under it: a tail crosses no slot where one
    clear of them reaches the line (若狭街道's, through the gap below 若狭), and at most one
    where the line shows only in a gap the slots close round (豊後街道, 金毘羅往来)."""
    from kit.games.karuta.boardpdf import tail_shape

    _, _, _, slots, bp = board
    f = bp.frame
    rects = {k: _rect(f.rect(s)) for k, s in slots.items()}
    crossed = {}
    for n in bp.names:
        tail = tail_shape(n, f) if n.tie is not None else None
        if tail is not None:
            crossed[n.highway] = [k for k, r in rects.items() if tail.intersection(r).area > 1e-6]
    assert "若狭街道" in crossed and crossed["若狭街道"] == []
    assert all(len(under) <= 1 for under in crossed.values()), crossed


def test_no_leader_s_province_name_sits_on_a_highway_line(board):
    """A province name at a leader's end (or in its slot) is printed on white: over a highway it
    would break the line a player follows (和泉 over 大和街道)."""
    from kit.games.karuta.boardpdf import TIER_STROKES

    _, _, _, _, bp = board
    f = bp.frame
    on = [(n.province, r.highway) for n in bp.leader_names for r in bp.roads
          if LineString([f.at(*q) for q in r.points]).distance(_rect(n.box))
          < TIER_STROKES.get(r.tier, TIER_STROKES["secondary"]).width / 2]
    assert on == []
