"""Leader lines (引き出し線) from moved boxes back to the places they label.

A box that overlap removal moved off its anchor gets a straight line from its
edge to a target: the anchor itself, or, when another box covers the anchor,
the most central visible point of the labelled area. Leaders must not cross
each other or pass through another box; `untangle` swaps equal-sized boxes
whose leaders cross (the set of rectangles stays the same, so no overlap can
appear). Everything here is plain geometry on `kit.layout.relax.Box` values.
"""

from __future__ import annotations

import heapq
import math
from functools import lru_cache
from typing import Sequence

import numpy as np

from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import box as shapely_box
from shapely.ops import nearest_points, polylabel, unary_union

from kit.layout.relax import Box

Point = tuple[float, float]
Leader = tuple[Point, ...]      # a polyline from the box's edge to its target; () for none

TOL = 1e-7
DETOUR_MOST = 24    # boxes near a leader past which no many-bend detour is sought (its cost grows fast)


def inside(box: Box, p: Point, margin: float = 0.0) -> bool:
    """Whether `p` lies inside `box` shrunk by `margin` on every side."""
    return abs(p[0] - box.x) < box.width / 2 - margin and abs(p[1] - box.y) < box.height / 2 - margin


def edge_point(box: Box, target: Point) -> Point:
    """Where the ray from the box's centre towards `target` leaves the box."""
    dx, dy = target[0] - box.x, target[1] - box.y
    scale = min(box.width / 2 / abs(dx) if dx else math.inf, box.height / 2 / abs(dy) if dy else math.inf)
    if scale >= 1 or math.isinf(scale):  # the target is inside the box
        return target
    return (box.x + dx * scale, box.y + dy * scale)


def distance(box: Box, p: Point) -> float:
    """How far `p` lies outside `box` (0 inside or on its edge)."""
    dx = max(abs(p[0] - box.x) - box.width / 2, 0.0)
    dy = max(abs(p[1] - box.y) - box.height / 2, 0.0)
    return math.hypot(dx, dy)


def needs_leader(box: Box, anchor: Point, threshold: float) -> bool:
    """A box needs a leader when its anchor lies more than `threshold` outside it."""
    return distance(box, anchor) > threshold


def _orient(a: Point, b: Point, c: Point) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def segments_meet(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    """Whether two segments share any point (touching counts)."""
    # Segments whose bounding boxes lie more than TOL apart cannot meet: a cheap answer
    # for most pairs a visibility graph asks about.
    if max(p1[0], p2[0]) < min(q1[0], q2[0]) - TOL or max(q1[0], q2[0]) < min(p1[0], p2[0]) - TOL \
            or max(p1[1], p2[1]) < min(q1[1], q2[1]) - TOL or max(q1[1], q2[1]) < min(p1[1], p2[1]) - TOL:
        return False
    d1, d2 = _orient(q1, q2, p1), _orient(q1, q2, p2)
    d3, d4 = _orient(p1, p2, q1), _orient(p1, p2, q2)
    if ((d1 > TOL and d2 < -TOL) or (d1 < -TOL and d2 > TOL)) and \
            ((d3 > TOL and d4 < -TOL) or (d3 < -TOL and d4 > TOL)):
        return True

    def on(a, b, c, d):  # c collinear with a-b and within its bounding box
        return abs(d) <= TOL and min(a[0], b[0]) - TOL <= c[0] <= max(a[0], b[0]) + TOL \
            and min(a[1], b[1]) - TOL <= c[1] <= max(a[1], b[1]) + TOL

    return (abs(d1) <= TOL and on(q1, q2, p1, d1)) or (abs(d2) <= TOL and on(q1, q2, p2, d2)) \
        or (abs(d3) <= TOL and on(p1, p2, q1, d3)) or (abs(d4) <= TOL and on(p1, p2, q2, d4))


def segment_enters(p: Point, q: Point, box: Box, margin: float = TOL) -> bool:
    """Whether the segment p-q passes through the inside of `box` (shrunk by `margin`).

    Liang–Barsky clipping (see `_clear_of`): the segment enters if a piece of positive
    length survives.
    """
    x0, x1 = box.x - box.width / 2 + margin, box.x + box.width / 2 - margin
    y0, y1 = box.y - box.height / 2 + margin, box.y + box.height / 2 - margin
    # the clipped box is its own bounding box: a segment apart from it cannot enter it
    return not _clear_of(p, q, ((x0, x1, y0, y1, ((x0, x1), (y0, y1))),))


def _segments(leader: Leader):
    return zip(leader, leader[1:])


def crossings(leaders: Sequence[Leader]) -> tuple[tuple[int, int], ...]:
    """Every pair of leaders (i < j) that cross or touch.

    The pairs whose extents lie apart (`_meet`'s first test) are set aside for all pairs at
    once; the others are tested segment by segment, in the same order."""
    drawn = [i for i, leader in enumerate(leaders) if leader]   # most slots have none
    if len(drawn) < 2:
        return ()
    x0, y0, x1, y1 = np.array([_extent(leaders[i]) for i in drawn], dtype=float).T
    apart = (x0[:, None] > x1[None, :] + TOL) | (x0[None, :] > x1[:, None] + TOL) \
        | (y0[:, None] > y1[None, :] + TOL) | (y0[None, :] > y1[:, None] + TOL)
    a, b = np.nonzero(np.triu(~apart, 1))
    return tuple((drawn[m], drawn[n]) for m, n in zip(a.tolist(), b.tolist())
                 if _segments_meet(leaders[drawn[m]], leaders[drawn[n]]))


def through_boxes(leaders: Sequence[Leader], boxes: Sequence[Box]) -> tuple[tuple[int, int], ...]:
    """Every (leader i, box k), k ≠ i, such that leader i passes through box k.

    The pairs apart by their bounding boxes (`_passes`'s first test) are set aside for all
    pairs at once; the others are tested segment by segment, in the same order."""
    drawn = [i for i, leader in enumerate(leaders) if leader]
    if not drawn or not boxes:
        return ()
    x0, y0, x1, y1 = (v[:, None] for v in np.array([_extent(leaders[i]) for i in drawn], dtype=float).T)
    bx, by, bw, bh = np.array([(b.x, b.y, b.width, b.height) for b in boxes], dtype=float).T
    near = ~((x0 >= bx + bw / 2) | (x1 <= bx - bw / 2) | (y0 >= by + bh / 2) | (y1 <= by - bh / 2))
    own = [(m, i) for m, i in enumerate(drawn) if i < len(boxes)]
    near[[m for m, _ in own], [i for _, i in own]] = False      # a leader leaves its own box
    m, k = np.nonzero(near)
    return tuple((drawn[a], c) for a, c in zip(m.tolist(), k.tolist())
                 if any(segment_enters(p, q, boxes[c]) for p, q in _segments(leaders[drawn[a]])))


@lru_cache(maxsize=4096)
def _extent(leader: Leader) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of a leader's points. Untangling asks for the same few hundred
    leaders' extents hundreds of thousands of times: remembered, not recomputed."""
    xs, ys = [p[0] for p in leader], [p[1] for p in leader]
    return min(xs), min(ys), max(xs), max(ys)


def _passes(leader: Leader, box: Box) -> bool:
    x0, y0, x1, y1 = _extent(leader)
    if x0 >= box.x + box.width / 2 or x1 <= box.x - box.width / 2 or \
            y0 >= box.y + box.height / 2 or y1 <= box.y - box.height / 2:
        return False  # apart by their bounding boxes: the cheap common case
    return any(segment_enters(p, q, box) for p, q in _segments(leader))


def target(anchor: Point, area, box: Box, others: Sequence[Box], margin: float) -> Point:
    """Where the leader of `box` ends: its anchor if no other box covers it; else the most
    central point of the part of `area` that no box covers, nearest the anchor (the
    anchor when nothing of `area` shows)."""
    if area is None or not any(inside(b, anchor, -margin) for b in others):
        return anchor
    x0, y0, x1, y1 = area.bounds     # only boxes that reach the area can hide part of it
    cover = unary_union([shapely_box(b.x - b.width / 2 - margin, b.y - b.height / 2 - margin,
                                     b.x + b.width / 2 + margin, b.y + b.height / 2 + margin)
                         for b in (box, *others)
                         if b.x - b.width / 2 - margin < x1 and b.x + b.width / 2 + margin > x0
                         and b.y - b.height / 2 - margin < y1 and b.y + b.height / 2 + margin > y0])
    visible = area.difference(cover)
    parts = [g for g in getattr(visible, "geoms", [visible]) if g.geom_type == "Polygon" and g.area > 0]
    if not parts:
        return anchor
    here = ShapelyPoint(anchor)
    part = min(parts, key=lambda g: (round(g.distance(here), 6), -g.area))
    p = polylabel(part, tolerance=0.2)
    if not part.contains(p):
        p = part.representative_point()
    return (round(p.x, 3), round(p.y, 3))


def route(boxes: Sequence[Box], anchors: Sequence[Point], areas: Sequence | None = None,
          threshold: float = 1.0, margin: float = 0.5) -> tuple[Leader, ...]:
    """A leader for each box that needs one (see `needs_leader`), else (): straight from
    the box's edge to its target, or with one bend where the straight line would pass
    through another box.

    `areas` (shapely shapes, optional) let a leader whose anchor is hidden under
    another box end on a visible part of its area instead.
    """
    return tuple(_leader(boxes, anchors, areas, threshold, margin, i) for i in range(len(boxes)))


def _leader(boxes, anchors, areas, threshold, margin, i) -> Leader:
    b, a = boxes[i], anchors[i]
    if not needs_leader(b, a, threshold):
        return ()
    near = [o for k, o in enumerate(boxes) if k != i and _near(o, b, a)]
    end = target(a, areas[i] if areas is not None else None, b, near, margin)
    straight = (edge_point(b, end), end)
    if segment_clear(*straight, near):
        return straight
    return _bent(b, end, near, margin) or straight


def _detour(box: Box, end: Point, others: Sequence[Box], margin: float, avoid: Sequence = ()) -> Leader | None:
    """A leader with as many bends as it takes, through the gaps between the other boxes
    (`path_round`) and meeting none of the segments `avoid`; None when there is no way."""
    reach = 1.5 * max(box.width, box.height)     # a detour keeps near the straight way
    lo_x, hi_x = min(box.x, end[0]) - reach, max(box.x, end[0]) + reach
    lo_y, hi_y = min(box.y, end[1]) - reach, max(box.y, end[1]) + reach
    around = [o for o in others if lo_x < o.x < hi_x and lo_y < o.y < hi_y]
    if len(around) > DETOUR_MOST:
        return None
    # only segments that reach the region the path can take are in its way
    lo_x, hi_x = lo_x - reach, hi_x + reach
    lo_y, hi_y = lo_y - reach, hi_y + reach
    avoid = [(p, q) for p, q in avoid if max(p[0], q[0]) > lo_x and min(p[0], q[0]) < hi_x
             and max(p[1], q[1]) > lo_y and min(p[1], q[1]) < hi_y]
    path = path_round((box.x, box.y), end, around, margin, avoid)
    sides = _sides(others)
    if len(path) < 3 or not all(_clear_of(p, q, sides) for p, q in _segments(path)):
        return None
    leader = (edge_point(box, path[1]), *path[1:])
    if any(segment_enters(p, q, box) for p, q in _segments(leader[1:])):
        return None
    return leader


def _bent(box: Box, end: Point, others: Sequence[Box], margin: float) -> Leader | None:
    """The shortest leader with one bend, at a corner of a nearby box (or of `box`), that
    passes through no box; None if there is none.

    Each corner's leader length is known before its clearance is tested, so the corners are
    tried shortest first and the first clear one is the answer."""
    every = (box, *others)
    xs = np.array([o.x for o in every])
    ys = np.array([o.y for o in every])
    hw = np.array([o.width / 2 for o in every])
    hh = np.array([o.height / 2 for o in every])
    sx = np.array([-1.0, -1.0, 1.0, 1.0])
    sy = np.array([-1.0, 1.0, -1.0, 1.0])
    cx = (xs[:, None] + sx[None, :] * (hw[:, None] + margin)).ravel()
    cy = (ys[:, None] + sy[None, :] * (hh[:, None] + margin)).ravel()
    # a corner inside any box (the leader's own included) is no place to bend
    covered = ((np.abs(cx[:, None] - xs[None, :]) < hw[None, :]) &
               (np.abs(cy[:, None] - ys[None, :]) < hh[None, :])).any(axis=1)
    found = []
    for k in np.flatnonzero(~covered).tolist():
        bend = (float(cx[k]), float(cy[k]))
        start = edge_point(box, bend)
        found.append((math.dist(start, bend) + math.dist(bend, end), k, (start, bend, end)))
    found.sort(key=lambda f: (f[0], f[1]))
    sides = _sides(others)     # once for the many corners tried
    for _, _, path in found:
        if segment_enters(path[1], end, box):
            continue
        if all(_clear_of(p, q, sides) for p, q in _segments(path)):
            return path
    return None


def path_round(start: Point, end: Point, obstacles: Sequence[Box], margin: float,
               avoid: Sequence[tuple[Point, Point]] = ()) -> tuple[Point, ...]:
    """The shortest polyline from `start` to `end` that enters none of `obstacles` and meets
    none of the segments `avoid` (other leaders), bending only at the obstacles' corners grown
    by `margin` (a visibility graph); straight if nothing is in the way."""

    # Each segment to avoid with its bounding box: an edge of the graph passes over those
    # it cannot meet without a call (the first test segments_meet makes).
    spans = [(min(a[0], b[0]) - TOL, max(a[0], b[0]), min(a[1], b[1]) - TOL, max(a[1], b[1]), a, b)
             for a, b in avoid]

    # Each obstacle with its sides, worked out once for the many edges tried against it.
    sides = _sides(obstacles)

    def clear(p, q):
        if not _clear_of(p, q, sides):
            return False
        x0, x1 = (q[0], p[0]) if q[0] < p[0] else (p[0], q[0])
        y0, y1 = (q[1], p[1]) if q[1] < p[1] else (p[1], q[1])
        x0, y0 = x0 - TOL, y0 - TOL
        for a_x0, a_x1, a_y0, a_y1, a, b in spans:
            if x1 < a_x0 or a_x1 < x0 or y1 < a_y0 or a_y1 < y0:
                continue
            if segments_meet(p, q, a, b):
                return False
        return True

    if clear(start, end):
        return (start, end)
    corners = []
    halves = [(b.x, b.y, b.width / 2, b.height / 2) for b in obstacles]
    for o in obstacles:
        hw, hh = o.width / 2 + margin, o.height / 2 + margin
        for sx in (-1, 1):
            for sy in (-1, 1):
                cx, cy = round(o.x + sx * hw, 6), round(o.y + sy * hh, 6)
                for bx, by, bw, bh in halves:
                    if abs(cx - bx) < bw and abs(cy - by) < bh:
                        break       # inside another obstacle: no corner to bend at
                else:
                    corners.append((cx, cy))
    nodes = [start, end, *sorted(set(corners))]
    dist, prev = [math.inf] * len(nodes), [-1] * len(nodes)
    dist[0] = 0.0
    todo = [(0.0, 0)]
    dist_to = math.dist
    while todo:
        d, i = heapq.heappop(todo)
        if i == 1:
            break
        if d > dist[i]:
            continue
        p = nodes[i]
        for j, (q, far) in enumerate(zip(nodes, dist)):
            if j == 0 or j == i:
                continue
            nd = d + dist_to(p, q)
            if nd < far - 1e-9 and clear(p, q):
                dist[j], prev[j] = nd, i
                heapq.heappush(todo, (nd, j))
    if prev[1] < 0:
        return (start, end)      # boxed in: nothing better than straight
    path, i = [nodes[1]], 1
    while i != 0:
        i = prev[i]
        path.append(nodes[i])
    return tuple(reversed(path))


def segment_clear(p: Point, q: Point, boxes: Sequence[Box]) -> bool:
    """Whether the segment p-q enters none of `boxes`.

    Boxes apart from the segment's bounding box are passed over before the exact test:
    the same answer as segment_enters on every box, at a fraction of the cost.
    """
    return _clear_of(p, q, _sides(boxes))


def _sides(boxes: Sequence[Box]) -> list[tuple]:
    """Each box as (left, right, bottom, top, clip) where clip holds, per axis, the sides moved
    in by TOL (what segment_enters clips to, the same sums)."""
    return [(o.x - o.width / 2, o.x + o.width / 2, o.y - o.height / 2, o.y + o.height / 2,
             ((o.x - o.width / 2 + TOL, o.x + o.width / 2 - TOL), (o.y - o.height / 2 + TOL, o.y + o.height / 2 - TOL)))
            for o in boxes]


def _clear_of(p: Point, q: Point, sides) -> bool:
    """segment_clear on boxes given by `_sides` (each box's clipping sides worked out once):
    Liang–Barsky clipping of the segment to each box the segment's bounding box meets, per
    axis, a box entered if a piece of positive length survives."""
    px, py = p
    qx, qy = q
    x0, x1 = (qx, px) if qx < px else (px, qx)
    y0, y1 = (qy, py) if qy < py else (py, qy)
    dx, dy = qx - px, qy - py
    flat_x, flat_y = abs(dx) < 1e-15, abs(dy) < 1e-15
    length = None
    for left, right, bottom, top, ((low, high), (low_y, high_y)) in sides:
        if right <= x0 or left >= x1 or top <= y0 or bottom >= y1 or low >= high:
            continue
        if flat_x:
            if not low < px < high:
                continue
            lo, hi = 0.0, 1.0
        else:
            t0, t1 = (low - px) / dx, (high - px) / dx
            if t0 > t1:
                t0, t1 = t1, t0
            lo = t0 if t0 > 0.0 else 0.0
            hi = t1 if t1 < 1.0 else 1.0
            if lo >= hi:
                continue
        if low_y >= high_y:
            continue
        if flat_y:
            if not low_y < py < high_y:
                continue
        else:
            t0, t1 = (low_y - py) / dy, (high_y - py) / dy
            if t0 > t1:
                t0, t1 = t1, t0
            if t0 > lo:
                lo = t0
            if t1 < hi:
                hi = t1
            if lo >= hi:
                continue
        if length is None:
            length = math.hypot(dx, dy)
        if (hi - lo) * length > TOL:
            return False
    return True


def _near(other: Box, box: Box, anchor: Point) -> bool:
    """Whether `other` could touch the region between `box` and `anchor` (a cheap filter)."""
    reach = math.dist((box.x, box.y), anchor) + max(box.width, box.height) + max(other.width, other.height)
    return math.dist((other.x, other.y), anchor) < reach


def faults(leaders: Sequence[Leader], boxes: Sequence[Box]) -> tuple[int, int]:
    """(crossing pairs, leader-through-box pairs): both should be zero."""
    return len(crossings(leaders)), len(through_boxes(leaders, boxes))


def _meet(a: Leader, b: Leader) -> bool:
    if not (a and b):
        return False
    ax0, ay0, ax1, ay1 = _extent(a)
    bx0, by0, bx1, by1 = _extent(b)
    if ax0 > bx1 + TOL or bx0 > ax1 + TOL or ay0 > by1 + TOL or by0 > ay1 + TOL:
        return False  # apart by their bounding boxes
    return _segments_meet(a, b)


def _segments_meet(a: Leader, b: Leader) -> bool:
    return any(segments_meet(p, q, r, s) for p, q in _segments(a) for r, s in _segments(b))


def _faults_of(pair: tuple[int, int], leaders, boxes) -> tuple[int, int]:
    """The faults that involve the leaders of `pair`: crossings with any leader, and their
    passes through other boxes. Other leaders' passes do not change when the two boxes swap
    places, since the set of rectangles stays the same."""
    i, j = pair
    cross = sum(_meet(leaders[i], leaders[k]) + _meet(leaders[j], leaders[k])
                for k in range(len(leaders)) if k not in pair) + _meet(leaders[i], leaders[j])
    through = sum(1 for m in pair if leaders[m] for k, b in enumerate(boxes)
                  if k != m and _passes(leaders[m], b))
    return cross, through


def untangle(boxes: Sequence[Box], anchors: Sequence[Point], areas: Sequence | None = None,
             threshold: float = 1.0, margin: float = 0.5, rounds: int = 50, detour: bool = True,
             reach: float = math.inf, allowed=None) -> tuple[tuple[Box, ...], tuple[Leader, ...]]:
    """Swap the places of equal-sized boxes whose leaders cross, while that lowers the
    number of faults (crossings, then leaders through boxes); return boxes and leaders.

    A swap moves two boxes onto each other's rectangles, so boxes that did not
    overlap still do not, and only the two swapped leaders change. Since the set of
    rectangles never changes, a box's leader depends only on where that box is: each
    is routed once per place and remembered, however often a swap is tried again.
    No swap takes a box further than `reach` from its anchor (a swap must not undo what
    keeping the farthest box near cost), nor one that `allowed(i, j, boxes)`, if given,
    refuses (with the boxes as they would be). Pairs are tried in index order: the result is
    deterministic. With `detour`, a leader
    that still runs through a box is then routed round the boxes where that is clear.
    """
    boxes = tuple(boxes)
    leaders = route(boxes, anchors, areas, threshold, margin)
    known = {(m, b.x, b.y): leader for m, (b, leader) in enumerate(zip(boxes, leaders))}
    score = faults(leaders, boxes)
    for _ in range(rounds):
        if score == (0, 0):
            break
        for pair in _swap_candidates(leaders, boxes):
            i, j = pair
            a, b = boxes[i], boxes[j]
            if (a.width, a.height) != (b.width, b.height):
                continue
            if math.dist((b.x, b.y), anchors[i]) > reach or math.dist((a.x, a.y), anchors[j]) > reach:
                continue
            trial = list(boxes)
            trial[i], trial[j] = Box(b.x, b.y, a.width, a.height), Box(a.x, a.y, b.width, b.height)
            if allowed is not None and not allowed(i, j, trial):
                continue
            t_leaders = list(leaders)
            for m in pair:
                key = (m, trial[m].x, trial[m].y)
                if key not in known:
                    known[key] = _leader(trial, anchors, areas, threshold, margin, m)
                t_leaders[m] = known[key]
            before, after = _faults_of(pair, leaders, boxes), _faults_of(pair, t_leaders, trial)
            t_score = (score[0] - before[0] + after[0], score[1] - before[1] + after[1])
            if t_score < score:
                boxes, leaders, score = tuple(trial), tuple(t_leaders), t_score
                break
        else:
            break
    if detour:
        leaders = _detours(boxes, leaders, anchors, areas, margin)
    return boxes, leaders


def _detours(boxes, leaders, anchors, areas, margin) -> tuple[Leader, ...]:
    """Each leader that still runs through a box or crosses another, routed round the boxes
    and the other leaders instead, where there is such a way."""
    leaders = list(leaders)
    through = {i for i, _ in through_boxes(leaders, boxes)}
    for i in sorted(through | {i for pair in crossings(leaders) for i in pair}):
        if i not in through and not any(_meet(leaders[i], leaders[k]) for k in range(len(leaders)) if k != i):
            continue     # its crossing went when the other leader was routed round
        better = _round(i, boxes, leaders, anchors, margin, avoid=True)
        if better is None:
            # No way clear of the other leaders: go round the boxes only, and then route each
            # leader that way crosses round the boxes and the new leader, if each can be.
            better = _round(i, boxes, leaders, anchors, margin, avoid=False)
            if better is None:
                continue
            trial = list(leaders)
            trial[i] = better
            for k in [k for k in range(len(leaders)) if k != i and _meet(better, leaders[k])]:
                trial[k] = _round(k, boxes, trial, anchors, margin, avoid=True)
                if trial[k] is None:
                    break
            else:
                leaders = trial
            continue
        leaders[i] = better
    return tuple(leaders)


def _round(i, boxes, leaders, anchors, margin, avoid: bool) -> Leader | None:
    """Leader i routed round the other boxes (and, with `avoid`, clear of the other leaders)
    to where it ends now; None when there is no such way."""
    b = boxes[i]
    others = [o for k, o in enumerate(boxes) if k != i]
    near = [o for o in others if _near(o, b, anchors[i])]
    segments = [seg for k, leader in enumerate(leaders) if k != i and leader for seg in _segments(leader)]
    better = _detour(b, leaders[i][-1], near, margin, segments if avoid else ())
    if better is None or any(_passes(better, o) for o in others):
        return None
    if avoid and any(_meet(better, leaders[k]) for k in range(len(leaders)) if k != i):
        return None
    return better


def _swap_candidates(leaders, boxes) -> list[tuple[int, int]]:
    """Pairs whose swap may help: crossing leaders, and a leader with the box it passes."""
    pairs = set(crossings(leaders))
    pairs |= {(min(i, k), max(i, k)) for i, k in through_boxes(leaders, boxes)}
    return sorted(pairs)


def length(leader: Leader) -> float:
    return sum(math.dist(p, q) for p, q in zip(leader, leader[1:]))


def lengthen(boxes: Sequence[Box], leaders: Sequence[Leader], areas: Sequence | None, least: float,
             margin: float, inset: float) -> tuple[Leader, ...]:
    """Each leader shorter than `least` (a stub that barely leaves its box reads as a mark on
    the box, not as a line to a place) aimed instead, straight, at the point of its area
    nearest its old end that lies `least` from its box, `inset` inside the area and `margin`
    clear of the other boxes; kept as it is where no such point is, or where the new line would
    pass through a box or meet another leader."""
    out = list(leaders)
    if areas is None:
        return tuple(out)
    for i, leader in enumerate(leaders):
        if not leader or length(leader) >= least - TOL:
            continue
        b = boxes[i]
        others = [o for k, o in enumerate(boxes) if k != i]
        near = [o for o in others if _near(o, b, leader[-1])]
        away = shapely_box(b.x - b.width / 2, b.y - b.height / 2, b.x + b.width / 2, b.y + b.height / 2)
        room = areas[i].buffer(-inset).difference(unary_union(
            [away.buffer(least + 0.01)] + [shapely_box(o.x - o.width / 2 - margin - inset, o.y - o.height / 2 - margin - inset,
                                                       o.x + o.width / 2 + margin + inset, o.y + o.height / 2 + margin + inset)
                                           for o in near]))
        if room.is_empty:
            continue
        p = nearest_points(room, ShapelyPoint(leader[-1]))[0]
        end = (round(p.x, 3), round(p.y, 3))
        new = (edge_point(b, end), end)
        if length(new) < least - 1e-3 or not segment_clear(*new, near) or any(_passes(new, o) for o in others):
            continue
        if any(_meet(new, out[k]) for k in range(len(out)) if k != i and out[k]):
            continue
        out[i] = new
    return tuple(out)


def tail_wedge(at: Point, tip: Point, w: float, h: float, base: float, near: float):
    """A speech bubble's tail: the wedge from the edge of the `w` × `h` box centred at `at`
    (axis-aligned), `base` wide where it leaves the box, narrowing to `tip`; None when `tip`
    is within `near` of the box (the box itself reaches it). Any units, the same for all."""
    from shapely.geometry import Polygon
    x, y = at
    tx, ty = tip
    dx, dy = tx - x, ty - y
    k = min(w / 2 / abs(dx) if dx else math.inf, h / 2 / abs(dy) if dy else math.inf)
    if k >= 1 - near / max(math.hypot(dx, dy), 1e-9):
        return None
    ex, ey = x + dx * min(k, 1.0), y + dy * min(k, 1.0)       # where the way to the tip leaves the box
    along_x = k == (w / 2 / abs(dx) if dx else math.inf)       # leaves by a side: the base runs up it
    b = base / 2
    edge = ((ex, ey - b), (ex, ey + b)) if along_x else ((ex - b, ey), (ex + b, ey))
    return Polygon([edge[0], (tx, ty), edge[1]])
