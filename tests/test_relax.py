"""Overlap removal and leader lines as values: generic boxes, no map needed."""

import math
import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from kit.layout.leaders import crossings, path_round, segment_enters, segments_meet, through_boxes, untangle
from kit.layout.relax import Box, Separation, overlaps, relax, solve_1d

FRAME = (0.0, 0.0, 200.0, 200.0)


def test_two_equal_boxes_move_apart_by_half_the_overlap_each():
    # 10 wide, centres 6 apart, gap 1: they need 11, so each moves 2.5 along x.
    res = relax([Box(50, 50, 10, 10), Box(56, 50, 10, 10)], FRAME, gap=1.0)
    (x0, y0), (x1, y1) = res.centres
    assert math.isclose(x0, 47.5) and math.isclose(x1, 58.5)
    assert math.isclose(y0, 50) and math.isclose(y1, 50)


def test_boxes_that_do_not_overlap_do_not_move():
    boxes = [Box(20, 20, 10, 10), Box(40, 20, 10, 10), Box(20, 60, 8, 30)]
    assert relax(boxes, FRAME, gap=1.0).centres == tuple((b.x, b.y) for b in boxes)


def test_a_pull_with_nothing_to_pull_leaves_the_boxes_where_they_are():
    # With no box displaced the pull's bound is 0, and holding a box divided by it.
    boxes = [Box(20, 20, 10, 10), Box(60, 60, 10, 10)]
    assert relax(boxes, FRAME, gap=1.0, pull=True).centres == ((20, 20), (60, 60))


def test_boxes_stay_inside_the_frame():
    boxes = [Box(3, 3, 10, 10), Box(5, 4, 10, 10), Box(199, 100, 10, 10)]
    res = relax(boxes, FRAME, gap=1.0)
    for b, (x, y) in zip(boxes, res.centres):
        assert FRAME[0] - 1e-7 <= x - b.width / 2 and x + b.width / 2 <= FRAME[2] + 1e-7
        assert FRAME[1] - 1e-7 <= y - b.height / 2 and y + b.height / 2 <= FRAME[3] + 1e-7


def _kkt(desired, weights, cons, x, lm):
    """Feasible, multipliers non-negative, and the gradient balanced by the multipliers."""
    assert all(x[c.right] - x[c.left] >= c.gap - 1e-7 for c in cons)
    assert all(v >= -1e-7 for v in lm.values())
    force = [0.0] * len(x)
    for k, m in lm.items():
        force[cons[k].right] += m
        force[cons[k].left] -= m
    for i, (d, w) in enumerate(zip(desired, weights)):
        if not math.isinf(w):
            assert math.isclose(w * (x[i] - d), force[i], abs_tol=1e-6)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000))
def test_solve_1d_meets_the_optimality_conditions(seed):
    rnd = random.Random(seed)
    n = rnd.randint(2, 10)
    desired = [rnd.uniform(0, 40) for _ in range(n)]
    weights = [rnd.uniform(0.5, 3) for _ in range(n)]
    rank = rnd.sample(range(n), n)  # constraints follow one order: never a cycle
    cons = []
    for _ in range(rnd.randint(1, 2 * n)):
        i, j = rnd.sample(range(n), 2)
        if rank[i] > rank[j]:
            i, j = j, i
        cons.append(Separation(i, j, rnd.uniform(0, 12)))
    x, lm = solve_1d(desired, weights, cons)
    _kkt(desired, weights, cons, x, lm)


boxes_strategy = st.lists(
    st.tuples(st.floats(20, 180), st.floats(20, 180), st.floats(4, 20), st.floats(4, 20)),
    min_size=1, max_size=14)


@settings(max_examples=40, deadline=None)
@given(boxes_strategy, st.floats(0, 2))
def test_random_boxes_end_apart_inside_the_frame_and_deterministic(raw, gap):
    boxes = [Box(*t) for t in raw]
    res = relax(boxes, FRAME, gap)
    moved = [Box(x, y, b.width, b.height) for b, (x, y) in zip(boxes, res.centres)]
    assert overlaps(moved, gap, tol=1e-6) == ()
    for b in moved:
        assert b.x - b.width / 2 >= -1e-6 and b.x + b.width / 2 <= 200 + 1e-6
        assert b.y - b.height / 2 >= -1e-6 and b.y + b.height / 2 <= 200 + 1e-6
    assert relax(boxes, FRAME, gap) == res
    # Listing the boxes in another order gives the same places (boxes at one spot
    # can only be told apart by their index).
    assume(len({(b.x, b.y) for b in boxes}) == len(boxes))
    back = relax(boxes[::-1], FRAME, gap)
    assert back.centres[::-1] == res.centres


@settings(max_examples=40, deadline=None)
@given(boxes_strategy)
def test_untangled_leaders_neither_cross_nor_pass_through_boxes_more_than_before(raw):
    boxes = [Box(*t) for t in raw]
    res = relax(boxes, FRAME, 1.0)
    moved = [Box(x, y, b.width, b.height) for b, (x, y) in zip(boxes, res.centres)]
    anchors = [(b.x, b.y) for b in boxes]
    new_boxes, leaders = untangle(moved, anchors)
    # Swaps only exchange equal rectangles: still no overlap.
    assert overlaps(new_boxes, 1.0, tol=1e-6) == ()
    assert sorted((b.x, b.y, b.width, b.height) for b in new_boxes) == \
        sorted((b.x, b.y, b.width, b.height) for b in moved)
    for leader, anchor in zip(leaders, anchors):
        if leader:
            assert leader[-1] == anchor  # no areas given: leaders end on the anchors


def test_segment_geometry():
    assert segments_meet((0, 0), (10, 10), (0, 10), (10, 0))
    assert not segments_meet((0, 0), (10, 0), (0, 1), (10, 1))
    assert segments_meet((0, 0), (10, 0), (10, 0), (10, 5))          # touching counts
    box = Box(5, 5, 4, 4)
    assert segment_enters((0, 5), (10, 5), box)
    assert not segment_enters((0, 0), (10, 0), box)
    assert not segment_enters((0, 3), (10, 3), box)                  # along the edge only
    assert crossings([((0, 0), (10, 10)), ((0, 10), (10, 0)), ()]) == ((0, 1),)
    assert through_boxes([((0, 5), (10, 5)), ()], [Box(50, 50, 1, 1), box]) == ((0, 1),)


def test_crossing_leaders_of_equal_boxes_are_swapped():
    # Two boxes each placed over the other's anchor side: their leaders cross.
    anchors = [(10, 50), (90, 50)]
    boxes = [Box(80, 20, 10, 10), Box(20, 20, 10, 10)]
    _, before = untangle(boxes, anchors, rounds=0, detour=False)
    assert crossings(before) == ((0, 1),)
    after_boxes, after = untangle(boxes, anchors)
    assert crossings(after) == ()
    assert (after_boxes[0].x, after_boxes[1].x) == (20, 80)


def test_a_box_keeps_off_another_boxs_point_by_the_shorter_way():
    # A (10 wide) covers B's point 3 to its right: it steps left 2 (not 5 up or down).
    boxes = [Box(50, 50, 10, 10), Box(70, 50, 10, 10)]
    res = relax(boxes, FRAME, gap=1.0, clear=[None, (53, 50)])
    assert res.centres == ((48.0, 50.0), (70.0, 50.0)) and res.given_up == ()
    # A box may cover its own point; `clearance` keeps the others that much further off.
    res = relax(boxes, FRAME, gap=1.0, clear=[(50, 50), (53, 50)], clearance=0.5)
    assert math.isclose(res.centres[0][0], 47.5) and res.centres[1] == (70.0, 50.0)


@settings(max_examples=40, deadline=None)
@given(boxes_strategy, st.floats(0, 1))
def test_points_kept_clear_unless_given_up(raw, clearance):
    boxes = [Box(*t) for t in raw]
    points = [(b.x, b.y) for b in boxes]
    res = relax(boxes, FRAME, 1.0, clear=points, clearance=clearance)
    moved = [Box(x, y, b.width, b.height) for b, (x, y) in zip(boxes, res.centres)]
    assert overlaps(moved, 1.0, tol=1e-6) == ()
    for j, b in enumerate(moved):
        for i, (px, py) in enumerate(points):
            if i != j and (j, i) not in res.given_up:
                assert abs(b.x - px) >= b.width / 2 + clearance - 1e-6 or \
                    abs(b.y - py) >= b.height / 2 + clearance - 1e-6
    assert relax(boxes, FRAME, 1.0, clear=points, clearance=clearance) == res


@settings(max_examples=30, deadline=None)
@given(boxes_strategy)
def test_starting_from_a_result_keeps_it(raw):
    boxes = [Box(*t) for t in raw]
    res = relax(boxes, FRAME, 1.0)
    again = relax(boxes, FRAME, 1.0, start=res.choices)
    assert again.cost <= res.cost + 1e-6
    moved = [Box(x, y, b.width, b.height) for b, (x, y) in zip(boxes, again.centres)]
    assert overlaps(moved, 1.0, tol=1e-6) == ()


@settings(max_examples=30, deadline=None)
@given(boxes_strategy)
def test_the_bound_that_skips_trials_never_exceeds_their_cost(raw):
    # Local search skips turning a separation when this bound says it cannot pay;
    # that is only safe if the bound is below the cost the turn actually reaches.
    from kit.layout.relax import _bound, _Problem, _overlapping

    boxes = [Box(*t) for t in raw]
    problem = _Problem(boxes, FRAME, 1.0, [1.0] * len(boxes), None, None, 0.0)
    start = [(b.x, b.y) for b in boxes]
    choices = {k: problem.choose(k, start) for k in _overlapping(*problem.desired, *problem.half, 1.0)}
    centres, lm, cost = problem.settle(choices)
    for key, m in lm.items():
        if m > 1e-9:
            turn = problem.along(key, 1 - choices[key].axis)
            trial = {**choices, key: turn}
            try:
                _, _, t_cost = problem.settle(trial)
            except Exception:
                continue
            if trial[key] == turn:  # not turned back to break a cycle
                assert _bound(problem, key, turn, m, centres, cost) <= t_cost + 1e-6


def test_wide_pairs_keep_their_own_gap():
    # Three boxes in a row, all overlapping: the pair given a corridor keeps 4 apart, the other 1.
    boxes = [Box(50, 50, 10, 10), Box(55, 50, 10, 10), Box(60, 50, 10, 10)]
    res = relax(boxes, FRAME, gap=1.0, wide={(0, 1): 4.0})

    def apart(i, j):
        (xi, yi), (xj, yj) = res.centres[i], res.centres[j]
        return max(abs(xi - xj), abs(yi - yj)) - 10

    assert math.isclose(apart(0, 1), 4.0, abs_tol=1e-6)      # no more apart than asked: both tight
    assert math.isclose(apart(1, 2), 1.0, abs_tol=1e-6)


def test_pull_lowers_the_farthest_move():
    # A heavy box and a light one on top of each other: least squares moves the light one far;
    # pulled, the move is shared and the farthest box travels less, with no overlap.
    boxes = [Box(50, 50, 10, 10), Box(52, 50, 10, 10)]
    plain = relax(boxes, FRAME, weights=[9, 1])
    pulled = relax(boxes, FRAME, weights=[9, 1], pull=True)

    def farthest(r):
        return max(math.dist(c, (b.x, b.y)) for c, b in zip(r.centres, boxes))

    assert farthest(pulled) < farthest(plain) - 2
    assert abs(pulled.centres[1][0] - pulled.centres[0][0]) >= 10 - 1e-6 or \
        abs(pulled.centres[1][1] - pulled.centres[0][1]) >= 10 - 1e-6


def test_a_path_round_boxes_keeps_off_segments_it_must_avoid():
    # A box between start and end, and a wall of a leader across the way below it: the path
    # goes round the box on the side the leader leaves free.
    box = Box(50, 50, 10, 10)
    wall = ((45.0, 60.0), (45.0, 100.0))      # blocks passing under the box's left side
    path = path_round((20, 50), (80, 50), [box], 0.5, avoid=[wall])
    assert len(path) > 2
    assert all(not segment_enters(p, q, box) for p, q in zip(path, path[1:]))
    assert all(not segments_meet(p, q, *wall) for p, q in zip(path, path[1:]))
    assert max(p[1] for p in path) <= 50      # round the top
