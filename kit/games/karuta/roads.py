"""Where the highways run on the board, as values: one polyline per link, one name per highway.

A highway link joins the slots of two consecutive provinces. Drawn straight from
centre to centre it may run across a third slot, where the card played there hides
it and a player follows the wrong road. So each link is routed: straight when that
crosses no other slot, else along the corridors between slots (the layout keeps
`slot_gap` between the slots a link joins or runs between: `narrow` finds the gaps
that are short of it), through corners of the slots in the way, grown by half the
gap so the line runs down the middle of a corridor. Every link then shows outside
the slots, in the gaps, even with all 68 cards on the board.

Each highway is named once, along the longest stretch of its line that lies clear
of every slot and of the names already placed. Everything is in map units (y down),
computed from the slots only, so a test can check it without a PDF.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from shapely.geometry import LineString
from shapely.geometry import box as shapely_box
from shapely.ops import unary_union

from kit.layout.leaders import path_round, segment_enters, tail_wedge
from kit.layout.relax import Box

Point = tuple[float, float]

NEAR = 2.5               # a detour may use the corners of slots within this many slot sizes of the link
LABEL_PT = (7.0, 6.5, 6.0)   # sizes tried for a highway's name, largest first (6 pt: the least read in play)
LABEL_CLEAR = 0.6         # map units kept between a name and any slot
TAIL_BASE = 2.4           # mm: the width of a name's tail where it leaves the name's box


@dataclass(frozen=True)
class Road:
    """One link of a highway: from the slot of `a` to the slot of `b`, along `points`."""

    highway: str
    tier: str
    a: str
    b: str
    points: tuple[Point, ...]     # centre of a, bends, centre of b (map units)


@dataclass(frozen=True)
class Name:
    """A highway's name on the board: centred at `at`, turned `angle` degrees (map y down)."""

    highway: str
    at: Point
    angle: float
    length: float                 # map units the name may take along the line
    size: float                   # pt at the board's true scale
    tie: Point | None = None      # set when the name sits beside its line: the point it is tied to


def _box(s) -> Box:
    return Box(s.centre[0], s.centre[1], s.width, s.height)


def roads(model, slots: dict, gap: float) -> tuple[Road, ...]:
    """Every highway link routed clear of the slots of other provinces, lightest tier first
    (so main lines are drawn on top)."""
    order = {"secondary": 0, "primary": 1, "main": 2}
    boxes = {k: _box(s) for k, s in slots.items()}
    return tuple(Road(h.name, h.tier, a, b, route_link(a, b, boxes, gap))
                 for h in sorted(model.highways, key=lambda h: order.get(h.tier, 0))
                 for a, b in zip(h.provinces, h.provinces[1:]))


def links(model) -> tuple[tuple[str, str], ...]:
    """Every pair of provinces a highway link joins, once each."""
    return tuple(sorted({tuple(sorted((a, b))) for h in model.highways for a, b in zip(h.provinces, h.provinces[1:])}))


def route_link(a: str, b: str, boxes: dict, gap: float) -> tuple[Point, ...]:
    """The link from the slot of `a` to the slot of `b` (`boxes`: kanji -> Box) round the other
    slots, through the corners of those in the way grown by half the gap."""
    start, end = (boxes[a].x, boxes[a].y), (boxes[b].x, boxes[b].y)
    reach = NEAR * max(boxes[a].width, boxes[a].height)
    lo_x, hi_x = min(start[0], end[0]) - reach, max(start[0], end[0]) + reach
    lo_y, hi_y = min(start[1], end[1]) - reach, max(start[1], end[1]) + reach
    near = [o for k, o in boxes.items() if k not in (a, b) and lo_x < o.x < hi_x and lo_y < o.y < hi_y]
    return path_round(start, end, near, gap / 2)


def between(a: Box, b: Box) -> tuple[Box, float]:
    """The rectangle between two boxes that do not overlap (the corridor where their sides face,
    or the space between their nearest corners) and how far apart they are."""
    lo, hi, apart = [], [], []
    for c, ha, hb in ((0, a.width / 2, b.width / 2), (1, a.height / 2, b.height / 2)):
        ca, cb = (a.x, a.y)[c], (b.x, b.y)[c]
        low, high = max(ca - ha, cb - hb), min(ca + ha, cb + hb)
        apart.append(max(low - high, 0.0))
        lo.append(min(low, high))
        hi.append(max(low, high))
    return Box((lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, hi[0] - lo[0], hi[1] - lo[1]), math.hypot(*apart)


def narrow(paths, boxes: dict, gap: float) -> set[tuple[str, str]]:
    """Pairs of slots (kanji, sorted) less than `gap` apart that one of `paths` runs between:
    where a highway needs a corridor it does not have."""
    out = set()
    for path in paths:
        xs, ys = [p[0] for p in path], [p[1] for p in path]
        near = sorted(k for k, o in boxes.items() if o.x + o.width / 2 + gap > min(xs) and o.x - o.width / 2 - gap < max(xs)
                      and o.y + o.height / 2 + gap > min(ys) and o.y - o.height / 2 - gap < max(ys))
        for n, c in enumerate(near):
            for d in near[n + 1:]:
                if (c, d) in out:
                    continue
                room, apart = between(boxes[c], boxes[d])
                if apart < gap - 1e-6 and any(segment_enters(p, q, room) for p, q in zip(path, path[1:])):
                    out.add((c, d))
    return out


def foreign_crossings(model, slots: dict, found: tuple[Road, ...]) -> list[tuple[str, str, str, str]]:
    """(highway, a, b, province) for every road piece that runs through the slot of a province
    not on that highway: should be none."""
    on = {h.name: set(h.provinces) for h in model.highways}
    out = []
    for r in found:
        for k, s in slots.items():
            if k in on[r.highway]:
                continue
            if any(segment_enters(p, q, _box(s)) for p, q in zip(r.points, r.points[1:])):
                out.append((r.highway, r.a, r.b, k))
    return out


def slot_boxes(slots: dict) -> list:
    return [shapely_box(s.centre[0] - s.width / 2, s.centre[1] - s.height / 2,
                        s.centre[0] + s.width / 2, s.centre[1] + s.height / 2) for s in slots.values()]


def slot_union(slots: dict):
    return unary_union(slot_boxes(slots))


def visible(found: tuple[Road, ...], slots: dict) -> dict[tuple[str, str, str], float]:
    """How much of each link's line lies outside every slot (map units): what shows with all cards down."""
    cover = slot_union(slots)
    return {(r.highway, r.a, r.b): LineString(r.points).difference(cover).length for r in found}


def text_length(name: str, size_pt: float, scale: float) -> float:
    """Map units a name of full-width characters takes at `size_pt` on a board of `scale` mm per unit."""
    return len(name) * size_pt * 25.4 / 72 / scale


def names(model, slots: dict, found: tuple[Road, ...], scale: float, avoid=None) -> tuple[Name, ...]:
    """One name per highway, along the longest free stretch of its line: clear of every slot,
    of `avoid` (a shape in map units) and of names already placed. Main highways first."""
    order = {"main": 0, "primary": 1, "secondary": 2}
    hard = slot_union(slots)
    if avoid is not None:
        hard = hard.union(avoid)
    cover = hard.buffer(LABEL_CLEAR)
    taken = []
    out = []
    for h in sorted(model.highways, key=lambda h: (order.get(h.tier, 3), model.highways.index(h))):
        pieces = []
        for r in found:
            if r.highway != h.name:
                continue
            for p, q in zip(r.points, r.points[1:]):
                free = LineString([p, q]).difference(cover)
                for g in getattr(free, "geoms", [free]):
                    if g.length > 0:
                        pieces.append(g)
        pieces.sort(key=lambda g: -g.length)
        placed = None
        for size in LABEL_PT:
            need = text_length(h.name, size, scale) + 1.0
            height = size * 25.4 / 72 / scale
            for g in pieces:
                if g.length < need:
                    break
                (x0, y0), (x1, y1) = g.coords[0], g.coords[-1]
                mid = ((x0 + x1) / 2, (y0 + y1) / 2)
                angle = math.degrees(math.atan2(y1 - y0, x1 - x0))
                if angle > 90:
                    angle -= 180
                elif angle < -90:
                    angle += 180
                band = _band(mid, angle, need, height * 1.3)
                if band.intersects(hard) or any(band.intersects(t) for t in taken):
                    continue
                placed = Name(h.name, mid, angle, need, size)
                taken.append(band)
                break
            if placed:
                break
        if placed is None and pieces:
            placed = _beside(h.name, pieces, cover, slot_boxes(slots), taken, scale)
        if placed:
            out.append(placed)
    return tuple(out)


TIE_AT = (0.5, 0.3, 0.7, 0.1, 0.9)    # where along a free piece of its line a name's tail may point, in turn
TAIL_TURNS = 32                      # directions tried round a tie for a name beside its line
BESIDE = (4.0, 7.0, 10.0, 14.0, 19.0, 25.0, 32.0, 40.0, 50.0, 60.0, 75.0)   # map units from the line tried for a name beside it


def _beside(name: str, pieces, cover, slots: list, taken: list, scale: float) -> Name | None:
    """A level name in the free spot nearest `pieces` (clear of `cover`), tied to a point along
    one of them by a tail that crosses none of `slots` (where a card would hide it); where no
    such tail exists, tied to the middle of the longest piece by the tail that crosses fewest."""
    size = LABEL_PT[0]
    need = text_length(name, size, scale) + 1.0
    height = size * 25.4 / 72 / scale * 1.3
    along = [piece.interpolate(t, normalized=True) for t in TIE_AT for piece in pieces]
    fewest = None
    for clear, ties in ((True, along), (False, along[:1])):
        for d in BESIDE:
            for tie in ties:
                for k in range(TAIL_TURNS):
                    a = 2 * math.pi * k / TAIL_TURNS
                    mid = (tie.x + d * math.cos(a), tie.y + d * math.sin(a))
                    band = _band(mid, 0.0, need, height)
                    if band.intersects(cover) or any(band.intersects(t) for t in taken):
                        continue
                    crossed = tail_crossings(mid, (tie.x, tie.y), need, height, scale, slots)
                    if clear and crossed:
                        continue
                    if not clear and (fewest is None or crossed < fewest[0]):
                        fewest = (crossed, mid, tie, band)
                    if not crossed:
                        return _tied(name, mid, need, size, tie, band, taken)
    return None if fewest is None else _tied(name, fewest[1], need, size, fewest[2], fewest[3], taken)


def _tied(name: str, mid: Point, need: float, size: float, tie, band, taken: list) -> Name:
    taken.append(band)
    return Name(name, (round(mid[0], 3), round(mid[1], 3)), 0.0, need, size, (round(tie.x, 3), round(tie.y, 3)))


def tail_crossings(mid: Point, tie: Point, length: float, height: float, scale: float, slots: list) -> int:
    """How many of `slots` (boxes, map units) the tail of a name at `mid` to `tie` runs into: the
    tail as the board draws it, TAIL_BASE mm wide at the name's box (a corner touched is not one)."""
    wedge = tail_wedge(mid, tie, length, height, TAIL_BASE / scale, 0.5 / scale)
    return 0 if wedge is None else sum(1 for b in slots if wedge.intersects(b) and wedge.intersection(b).area > 1e-6)


def _band(mid: Point, angle: float, length: float, height: float):
    """The rectangle a name takes, as a shapely polygon (map units)."""
    a = math.radians(angle)
    ux, uy = math.cos(a), math.sin(a)
    vx, vy = -uy, ux
    hl, hh = length / 2, height / 2
    from shapely.geometry import Polygon
    return Polygon([(mid[0] + sx * hl * ux + sy * hh * vx, mid[1] + sx * hl * uy + sy * hh * vy)
                    for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))])
