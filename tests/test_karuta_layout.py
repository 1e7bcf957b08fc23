"""The karuta board slots on the shipped map: numbers, no PDF."""

import json
import math

import pytest

from conftest import MAP, shipped_layout
from kit.games.karuta.layout import place, table
from kit.games.karuta.settings import compared_cards
from kit.layout.leaders import crossings, inside, through_boxes
from kit.layout.relax import overlaps

COMPARED = tuple((c.width, c.height) for c in compared_cards(shipped_layout("karuta")))


@pytest.fixture(scope="module")
def world():
    from kit.layout.svgmap import load_map
    m = load_map(str(MAP))
    regions = list(m.regions.values())
    return ({r.name: r.anchor for r in regions}, {r.name: r.shape for r in regions}, (m.width, m.height))


@pytest.fixture(scope="module")
def shipped():
    """The layout's gaps and the highways' links: what `kit build` lays the slots out with."""
    from kit.games.karuta.geo import load_all
    from kit.games.karuta.roads import links
    from kit.games.karuta.settings import board
    from kit.games import make_context
    ctx = make_context("karuta")
    settings = board(ctx.layout)
    return {"gap": settings.slot_gap_least, "corridor": settings.slot_gap, "links": links(load_all(ctx)[0])}


@pytest.fixture(scope="module")
def layouts(world, shipped):
    anchors, shapes, size = world
    return {card: place(anchors, size, card[0], card[1], shipped["gap"], shapes, card=card, links=shipped["links"],
                        corridor=shipped["corridor"]) for card in COMPARED}


@pytest.mark.parametrize("card", COMPARED)
def test_slots_apart_on_the_board_and_leaders_clean(layouts, world, shipped, card):
    layout = layouts[card]
    boxes = [s.box for s in layout.slots]
    assert len(boxes) == 68
    assert overlaps(boxes, shipped["gap"], tol=1e-6) == ()
    # slots a highway joins keep the corridor between them
    at = {s.kanji: s.box for s in layout.slots}
    from kit.games.karuta.roads import between
    assert min(between(at[a], at[b])[1] for a, b in shipped["links"]) >= shipped["corridor"] - 1e-6
    w, h = world[2]
    for b in boxes:
        assert -1e-6 <= b.x - b.width / 2 and b.x + b.width / 2 <= w + 1e-6
        assert -1e-6 <= b.y - b.height / 2 and b.y + b.height / 2 <= h + 1e-6
    leaders = [s.leader for s in layout.slots]
    assert crossings(leaders) == ()
    assert layout.metrics.crossings == 0
    # Leaders avoid other slots wherever the layout allows it; the count is reported.
    assert layout.metrics.leader_through_slot == len(through_boxes(leaders, boxes))


def test_adopted_size_meets_the_designers_targets(layouts):
    m = layouts[(24.0, 26.0)].metrics
    assert m.overlaps_after == 0
    assert m.max_disp <= 30
    assert m.crossings == 0 and m.leader_through_slot == 0


def test_34x46_apart_clean_and_nearer_than_the_designers_prototype(layouts, shipped):
    # The designer's prototype at 34 × 46 moved its farthest card 73.1 map units.
    slots_ = layouts[(34.0, 46.0)].slots
    boxes = [s.box for s in slots_]
    assert overlaps(boxes, shipped["gap"], tol=1e-6) == ()
    assert max(math.dist(s.anchor, s.centre) for s in slots_) < 73.1
    assert crossings([s.leader for s in slots_]) == ()


@pytest.mark.parametrize("card", COMPARED)
def test_no_leader_runs_through_a_slot_up_to_34x46(layouts, card):
    # Every leader visibly reaches its province, up to the designer's largest
    # card: it passes through no other slot, nor ends under one (no slot covers the
    # point of another province that a leader points at).
    slots_ = layouts[card].slots
    boxes = [s.box for s in slots_]
    assert through_boxes([s.leader for s in slots_], boxes) == ()
    for i, s in enumerate(slots_):
        if s.leader:
            assert not [o.kanji for j, o in enumerate(slots_) if j != i and inside(o.box, s.leader[-1])], s.kanji


def test_leaders_join_moved_slots_to_their_province(layouts, world):
    shapes = world[1]
    for slot in layouts[(24.0, 26.0)].slots:
        if slot.leader:
            start, end = slot.leader[0], slot.leader[-1]
            assert math.isclose(abs(start[0] - slot.centre[0]), slot.width / 2, abs_tol=1e-6) or \
                math.isclose(abs(start[1] - slot.centre[1]), slot.height / 2, abs_tol=1e-6)
            from shapely.geometry import Point
            assert shapes[slot.kanji].buffer(1e-6).contains(Point(end))


def test_same_input_same_output(world, layouts, shipped):
    anchors, shapes, size = world
    again = place(anchors, size, 24.0, 26.0, shipped["gap"], shapes, card=(24.0, 26.0), links=shipped["links"],
                  corridor=shipped["corridor"])
    assert again == layouts[(24.0, 26.0)]
    # The order in which provinces are listed does not matter either.
    reordered = place(dict(reversed(list(anchors.items()))), size, 24.0, 26.0, shipped["gap"], shapes,
                      card=(24.0, 26.0), links=tuple((b, a) for a, b in reversed(shipped["links"])),
                      corridor=shipped["corridor"])
    assert {s.kanji: s for s in reordered.slots} == {s.kanji: s for s in again.slots}


def test_small_board_without_a_map():
    anchors = {"甲": (50.0, 50.0), "乙": (56.0, 50.0), "丙": (150.0, 150.0)}
    layout = place(anchors, (200.0, 200.0), 10.0, 10.0, 1.0)
    by = {s.kanji: s for s in layout.slots}
    assert math.isclose(by["甲"].centre[0], 47.5) and math.isclose(by["乙"].centre[0], 58.5)
    assert by["丙"].centre == (150.0, 150.0) and by["丙"].leader == ()
    assert [s.kanji for s in layout.slots] == list(anchors)
    assert layout.metrics.overlaps_before == 1 and layout.metrics.overlaps_after == 0
    data = json.loads(json.dumps(layout.as_json()))
    assert data["slots"][0]["kanji"] == "甲" and set(data["metrics"]) >= {"max_disp", "crossings"}
    text = table([layout, layout])
    assert text.count("10×10") == 2 and "leader crossings" in text


def test_cli_layout_json_and_table():
    from click.testing import CliRunner
    from kit.cli import main
    result = CliRunner().invoke(main, ["layout", "--game", "karuta", "--card", "22x16", "--json",
                                       "--map", str(MAP)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["card"] == [22.0, 16.0] and len(data["slots"]) == 68
    assert data["metrics"]["overlaps_after"] == 0
    result = CliRunner().invoke(main, ["layout", "--game", "karuta", "--card", "22x16", "--card", "24x26",
                                       "--map", str(MAP)])
    assert result.exit_code == 0, result.output
    assert "22×16" in result.output and "24×26" in result.output and "max displacement" in result.output


def test_cli_layout_json_is_reproducible():
    from click.testing import CliRunner
    from kit.cli import main
    args = ["layout", "--game", "karuta", "--card", "22x16", "--card", "24x26", "--json", "--map", str(MAP)]
    first, second = (CliRunner().invoke(main, args) for _ in range(2))
    assert first.exit_code == second.exit_code == 0, first.output
    assert first.output == second.output
    assert "time (ms)" in CliRunner().invoke(main, args[:-3] + args[-2:]).output   # the table keeps the time
