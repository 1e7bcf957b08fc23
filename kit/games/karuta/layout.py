"""The karuta board: one card-sized slot per province, pushed apart where they overlap.

`slots(model, board, card_w_mm, card_h_mm, layout)` is what the board PDF draws
from: each province's slot (centre and size in map units) and its leader line.
`layout_command` is `kit layout --game karuta`: the same for several card sizes,
as a table or as JSON.
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass, field
from typing import Mapping, Sequence

from kit.data.errors import KitError, PieceMisfit
from kit.layout.leaders import Leader, crossings, inside, lengthen, needs_leader, through_boxes, untangle
from kit.layout.relax import Box, overlaps, relax

from kit.games.karuta.roads import between, links as highway_links, narrow, route_link
from kit.games.karuta.settings import board as board_settings, compared_cards
from kit.games.karuta.cards import face
from kit.games.karuta.geo import load_all

LEADER_THRESHOLD = 1.0   # map units: a slot moved less than this (or still on its anchor) gets no leader
LEADER_MARGIN = 0.5      # map units kept between a leader's end and any other slot
# The least length of a leader, slot edge to end (map units; mm on the shipped 1:1 board): a
# line that clearly leaves its slot, not a dot stuck on the frame (the board's dot is 0.9 mm
# in radius, LEADER_DOT the room it keeps inside its province).
LEADER_LEAST = 4.0
LEADER_DOT = 1.0
REPAIR_ROUNDS = 3        # repairs of faulty leaders, each keeping more anchors in sight
# More faulty leaders than this mean slots too big for the map to keep every province
# in sight: clearing their anchors would push slots far off, so the layout stays as is.
REPAIR_MOST = 16
REPAIR = {"improve": 2, "tries": 5}   # a repair starts from the layout it mends: a short search does
REPAIR_STRETCH = 1.05   # a repair may move the farthest slot this much further, no more
TRADES = 8               # trades of places tried in one mending (each re-routes every leader:
                         # about half a second on a crowded board, where hundreds are possible)
CORRIDOR_ROUNDS = 4      # relaxations that widen the gaps a highway runs through
CORRIDOR = {"improve": 1, "tries": 5}   # each starts from the last: a short search does
LARGE = 175              # overlapping pairs on the anchors past which the local search is cut short
LARGE_SEARCH = {"improve": 1, "tries": 10}   # the local search on such a board: one short round
LARGE_UNTANGLE = 5       # and the swaps of crossing leaders tried there


@dataclass(frozen=True)
class Slot:
    kanji: str
    anchor: tuple[float, float]        # the province's anchor, map units
    centre: tuple[float, float]        # the slot's centre after relaxation
    width: float
    height: float
    leader: Leader                     # from the slot's edge to its province; () when not moved

    @property
    def box(self) -> Box:
        return Box(self.centre[0], self.centre[1], self.width, self.height)

    @property
    def displacement(self) -> float:
        return math.dist(self.anchor, self.centre)


@dataclass(frozen=True)
class Metrics:
    overlaps_before: int               # overlapping slot pairs on the anchors
    overlaps_after: int
    max_disp: float                    # map units
    mean_disp: float
    crossings: int                     # pairs of leaders that cross
    leader_through_slot: int           # (leader, other slot) pairs where the leader runs through the slot
    seconds: float = field(compare=False)


@dataclass(frozen=True)
class BoardLayout:
    card: tuple[float, float]          # card size, mm
    slot_size: tuple[float, float]     # slot size, map units
    slots: tuple[Slot, ...]            # in card order
    metrics: Metrics

    def as_json(self) -> dict:
        """The layout as JSON values; no timing, so the same inputs give the same JSON."""
        m = self.metrics
        return {
            "card": [self.card[0], self.card[1]],
            "slots": [{"kanji": s.kanji, "anchor": _pt(s.anchor), "slot": _pt(s.centre),
                       "leader": [_pt(p) for p in s.leader]} for s in self.slots],
            "metrics": {"overlaps_before": m.overlaps_before, "overlaps_after": m.overlaps_after,
                        "max_disp": round(m.max_disp, 3), "mean_disp": round(m.mean_disp, 3),
                        "crossings": m.crossings, "leader_through_slot": m.leader_through_slot},
        }


def _pt(p) -> list[float]:
    return [round(p[0], 3), round(p[1], 3)]


def place(anchors: Mapping[str, tuple[float, float]], size: tuple[float, float],
          slot_w: float, slot_h: float, gap: float, shapes: Mapping | None = None,
          card: tuple[float, float] | None = None, links: Sequence[tuple[str, str]] = (),
          corridor: float | None = None) -> BoardLayout:
    """Slots of `slot_w` × `slot_h` map units centred on `anchors` (kanji → point) on a
    board of `size` (width, height), relaxed apart by `gap`, with leader lines to the
    anchors (or to a visible part of `shapes[kanji]` when another slot hides the anchor).

    `links` are the pairs of provinces a highway joins: such slots keep `corridor` apart
    (a wider gap), and so do any two slots a highway then runs between, found by routing
    the links round the slots as the board does (`roads.route_link`) and relaxing again
    from there, until no link runs through a gap narrower than `corridor` (or
    CORRIDOR_ROUNDS). Elsewhere slots keep only `gap` apart: corridors where the roads are,
    and the slots no further from their provinces than that needs.

    `metrics.seconds` is CPU time, so a busy machine does not skew it."""
    start = time.process_time()
    # Lay out in an order fixed by position, so the listing order of the provinces
    # cannot change the result; report in the caller's order.
    names = tuple(sorted(anchors, key=lambda k: (float(anchors[k][0]), float(anchors[k][1]), k)))
    points = tuple((float(anchors[k][0]), float(anchors[k][1])) for k in names)
    original = tuple(Box(x, y, slot_w, slot_h) for x, y in points)
    areas = tuple(shapes[k] for k in names) if shapes is not None else None
    frame = (0.0, 0.0, float(size[0]), float(size[1]))
    # Past LARGE overlapping pairs (cards far bigger than the map's provinces) each round of
    # the local search tries only the hardest-pushing separations: the layout stays clean
    # and a 63 × 88 board lays out in seconds rather than minutes of small gains. Its
    # trials are settled in full (no `prune`): pressed against the frame, a trial that
    # starts dearer often ends cheaper once a chain is turned (pruning moves 63 × 88's
    # farthest slot further from its province).
    large = len(overlaps(original, gap)) > LARGE
    index = {k: i for i, k in enumerate(names)}
    corridor = gap if corridor is None else max(corridor, gap)
    wide = {tuple(sorted((index[a], index[b]))): corridor for a, b in links if corridor > gap}
    relaxed = relax(original, frame, gap, pull=not large, wide=wide, prune=not large,
                    **(LARGE_SEARCH if large else {}))
    widened = False
    for _ in range(CORRIDOR_ROUNDS if wide and not large else 0):
        boxes = {k: Box(x, y, slot_w, slot_h) for k, (x, y) in zip(names, relaxed.centres)}
        # The highways, and each leader as the straight line it would be, need corridors.
        paths = [route_link(a, b, boxes, corridor) for a, b in links]
        paths += [((b.x, b.y), p) for b, p in zip(boxes.values(), points) if needs_leader(b, p, LEADER_THRESHOLD)]
        found = {tuple(sorted((index[c], index[d]))) for c, d in narrow(paths, boxes, corridor)} - set(wide)
        if not found:
            break
        wide.update((pair, corridor) for pair in found)
        relaxed = relax(original, frame, gap, start=relaxed.choices, wide=wide, **CORRIDOR)
        widened = True
    if widened:   # the farthest slots pulled in once more, keeping the separations found
        relaxed = relax(original, frame, gap, start=relaxed.choices, pull=True, wide=wide, improve=0)
    boxes, leaders = _lead(relaxed.centres, original, points, areas, large, wide)
    boxes, leaders = _repair(relaxed, boxes, leaders, original, points, areas, frame, gap, wide)
    leaders = lengthen(boxes, leaders, areas, LEADER_LEAST, LEADER_MARGIN, LEADER_DOT)
    seconds = time.process_time() - start
    found = {k: Slot(k, a, (b.x, b.y), slot_w, slot_h, leader)
             for k, a, b, leader in zip(names, points, boxes, leaders)}
    slots_ = tuple(found[k] for k in anchors)
    disp = [s.displacement for s in slots_] or [0.0]
    metrics = Metrics(
        overlaps_before=len(overlaps(original, gap)), overlaps_after=len(overlaps(boxes, gap)),
        max_disp=max(disp), mean_disp=sum(disp) / len(disp),
        crossings=len(crossings(leaders)), leader_through_slot=len(through_boxes(leaders, boxes)),
        seconds=seconds)
    return BoardLayout(card or (slot_w, slot_h), (slot_w, slot_h), slots_, metrics)


def _lead(centres, original, points, areas, large: bool = False, wide=None):
    """Slots of the `original` sizes at `centres`, untangled, and their leaders; no swap
    takes a slot further from its province than the farthest of them, and a swap keeps
    the corridors (`wide`: index pair -> gap) of the two slots it moves. A large board
    gets only a few rounds of swaps and no detours: most of its faults are past mending,
    and mending costs seconds there."""
    boxes = tuple(Box(x, y, b.width, b.height) for b, (x, y) in zip(original, centres))
    keeps = _keeps(wide)
    return untangle(boxes, points, areas, LEADER_THRESHOLD, LEADER_MARGIN, detour=not large,
                    reach=_farthest(boxes, points) + 1e-9, rounds=LARGE_UNTANGLE if large else 50,
                    allowed=(lambda i, j, trial: keeps((i, j), trial)) if wide else None)


def _keeps(wide):
    """`keeps(moved, boxes)`: whether the slots `moved` keep their corridors (`wide`: index
    pair -> gap) to every slot they have one with, the boxes as they would be."""
    near: dict = {}
    for (i, j), g in (wide or {}).items():
        near.setdefault(i, []).append((j, g))
        near.setdefault(j, []).append((i, g))
    return lambda moved, trial: all(between(trial[m], trial[k])[1] >= g - 1e-6
                                    for m in moved for k, g in near.get(m, ()))


def _repair(relaxed, boxes, leaders, original, points, areas, frame, gap, wide):
    """Mend faulty leaders (crossing, or through a slot) where the layout is.

    A faulty leader almost always ends on an anchor that another slot covers: its
    province lies under that slot, so the leader cannot visibly reach it. A repair asks
    the relaxation to keep those anchors in sight (each round adding the anchors the last
    one left covered), starting from the first layout's separations, so only the slots
    near them move; and then, where a slot still covers another province's anchor, lets
    the slots trade places (`_rotate`). A repair is kept only if it has fewer faults and
    moves no slot much further than the first layout's farthest."""
    farthest = REPAIR_STRETCH * _farthest(boxes, points)
    boxes, leaders = _rotate(boxes, leaders, original, points, areas, wide, farthest)
    score = _score(boxes, leaders, points)
    clear: list = [None] * len(points)
    t_boxes, t_leaders = boxes, leaders
    for _ in range(REPAIR_ROUNDS):
        bad = _bad(t_boxes, t_leaders)
        if not bad or len(bad) > REPAIR_MOST:
            break
        # A leader that ends inside another slot (its province hidden) can only be mended by
        # moving slots; the others first get the chance to be routed round.
        ends = _hidden(t_boxes, t_leaders)
        for i in {i for i, _ in ends} or bad:
            clear[i] = points[i]
        try:
            trial = relax(original, frame, gap, clear=clear, clearance=LEADER_MARGIN,
                          start=relaxed.choices, pull=True, wide=wide, **REPAIR)
        except KitError:
            break
        t_boxes, t_leaders = _lead(trial.centres, original, points, areas, False, wide)
        t_boxes, t_leaders = _rotate(t_boxes, t_leaders, original, points, areas, wide, farthest)
        t_score = _score(t_boxes, t_leaders, points)
        if t_score < score and _farthest(t_boxes, points) <= farthest:
            boxes, leaders, score = t_boxes, t_leaders, t_score
    return boxes, leaders


def _hidden(boxes, leaders) -> list:
    """(i, j) for each leader i that ends inside slot j: slot j covers i's province there."""
    return [(i, j) for i, leader in enumerate(leaders) if leader
            for j, o in enumerate(boxes) if j != i and inside(o, leader[-1])]


def _rotate(boxes, leaders, original, points, areas, wide, reach):
    """Where slot j covers the anchor a leader i ends on, let i take j's place, j take
    that of a third slot k (or i's own) and k take i's: slots of one size trade places,
    so none comes to overlap another. Of the trades that keep every moved slot within
    `reach` of its province and its corridors, take the one with the fewest faults,
    while that lowers them (a few rounds)."""
    if len(_bad(boxes, leaders)) > REPAIR_MOST:
        return boxes, leaders
    keeps = _keeps(wide)
    score = _score(boxes, leaders, points)
    trades = TRADES
    for _ in range(REPAIR_ROUNDS):
        best = None
        for i, j in _hidden(boxes, leaders):
            for k in (None, *range(len(boxes))):
                if not trades:
                    break
                if k in (i, j) or len({(boxes[m].width, boxes[m].height) for m in (i, j, k) if m is not None}) > 1:
                    continue
                moves = {i: boxes[j], j: boxes[i] if k is None else boxes[k]}
                if k is not None:
                    moves[k] = boxes[i]
                if any(math.dist((b.x, b.y), points[m]) > reach for m, b in moves.items()):
                    continue
                trial = list(boxes)
                for m, b in moves.items():
                    trial[m] = b
                if not keeps(moves, trial):
                    continue
                trades -= 1
                t_boxes, t_leaders = _lead([(b.x, b.y) for b in trial], original, points, areas, False, wide)
                t_score = _score(t_boxes, t_leaders, points)
                if t_score < score and (best is None or t_score < best[0]):
                    best = (t_score, t_boxes, t_leaders)
        if best is None:
            break
        score, boxes, leaders = best
    return boxes, leaders


def _bad(boxes, leaders) -> set:
    """Slots whose leader crosses another or passes through a slot."""
    return {i for pair in crossings(leaders) for i in pair} | {i for i, _ in through_boxes(leaders, boxes)}


def _score(boxes, leaders, points) -> tuple:
    """Fewer faulty leaders first, then less total squared displacement."""
    return (len(_bad(boxes, leaders)),
            round(sum((b.x - x) ** 2 + (b.y - y) ** 2 for b, (x, y) in zip(boxes, points)), 6))


def _farthest(boxes, points) -> float:
    return max((math.dist((b.x, b.y), p) for b, p in zip(boxes, points)), default=0.0)


def slots(model, board, card_w_mm: float, card_h_mm: float, layout) -> BoardLayout:
    """The board's slots for cards of `card_w_mm` × `card_h_mm`, in the model's card order.

    Slot size in map units is the card size divided by the layout's board scale (mm
    per map unit); slots a highway joins or runs between keep its slot_gap map units
    apart, any others slot_gap_least, and all stay on the board.
    The result is a fresh immutable value: nothing is cached.
    """
    order = [p.kanji for p in model.provinces]
    anchors = {k: board.regions[k].anchor for k in order}
    shapes = {k: board.regions[k].shape for k in order}
    settings = board_settings(layout)
    scale = settings.scale
    fits_on_board(len(order), card_w_mm, card_h_mm, board, layout)
    least = settings.slot_gap if settings.slot_gap_least is None else settings.slot_gap_least
    try:
        return place(anchors, (board.width, board.height), card_w_mm / scale, card_h_mm / scale,
                     min(least, settings.slot_gap), shapes, card=(card_w_mm, card_h_mm),
                     links=highway_links(model), corridor=settings.slot_gap)
    except KitError as err:
        if err.where:
            raise
        raise _misfit(err, len(order), card_w_mm, card_h_mm, board, layout) from None


def _misfit(err: KitError, count: int, card_w_mm: float, card_h_mm: float, board, layout) -> KitError:
    """The relaxation's failure to set `count` slots apart, blamed on the gap that keeps them off
    the board when the cards take under half of it, else on the board scale."""
    settings = board_settings(layout)
    scale = settings.scale
    least = settings.slot_gap if settings.slot_gap_least is None else settings.slot_gap_least
    cover = count * card_w_mm * card_h_mm / (board.width * board.height * scale ** 2)
    gaps = {"slot_gap": settings.slot_gap, "slot_gap_least": least}
    key = max(gaps, key=gaps.get)
    if cover < 0.5 and gaps[key] > 0:   # the cards take under half the board: the gaps keep them off it
        return KitError(f"{count} slots for cards of {_num(card_w_mm)} × {_num(card_h_mm)} mm do not fit "
                        f"{gaps[key]:g} map units apart (board {key}) on the {board.width * scale:,.0f} × "
                        f"{board.height * scale:,.0f} mm board (the cards alone would cover {cover:.0%} of it; "
                        f"the relaxation said: {err.message}); use a smaller {key}",
                        layout.section("board").at(key))
    return PieceMisfit(f"{count} slots for cards of {_num(card_w_mm)} × {_num(card_h_mm)} mm do not fit apart "
                       f"on the {board.width * scale:,.0f} × {board.height * scale:,.0f} mm board at board scale "
                       f"{scale:g} (they would cover {cover:.0%} of it; the relaxation said: {err.message}); "
                       "use smaller cards or a larger board scale",
                       layout.section("board").at("scale"))


def fits_on_board(count: int, card_w_mm: float, card_h_mm: float, board, layout) -> None:
    """Refuse, in the layout's words, a board too small to hold `count` cards side by side:
    the cards' area above the board's, at the layout's board scale (mm per map unit)."""
    settings = board_settings(layout)
    scale = settings.scale
    area = board.width * board.height * scale ** 2
    cards = count * card_w_mm * card_h_mm
    if cards <= area and card_w_mm <= board.width * scale and card_h_mm <= board.height * scale:
        gaps = (("slot_gap", settings.slot_gap, "two slots a highway joins"),
                ("slot_gap_least", settings.slot_gap_least, "any two slots"))
        # Two slots that gap apart must fit side by side across or down the board, or the
        # relaxation fails: the gap is named here, not the board scale.
        most = max(board.width - 2 * card_w_mm / scale, board.height - 2 * card_h_mm / scale)
        for key, gap, which in gaps:
            if count >= 2 and gap is not None and gap > most:
                raise KitError(f"board {key} {gap:g} keeps {which} farther apart than the {board.width:,.4g} × "
                               f"{board.height:,.4g} board (map units) has room for with cards of "
                               f"{_num(card_w_mm)} × {_num(card_h_mm)} mm; it can be at most {most:.3g}",
                               layout.section("board").at(key))
        return
    least = max(math.sqrt(cards / (board.width * board.height)), card_w_mm / board.width,
                card_h_mm / board.height)
    shrink = min(math.sqrt(area / cards), board.width * scale / card_w_mm, board.height * scale / card_h_mm)
    raise PieceMisfit(f"board scale {scale:g} makes the board {board.width * scale:,.4g} × {board.height * scale:,.4g} mm, "
                   f"too small for {count} cards of {_num(card_w_mm)} × {_num(card_h_mm)} mm (they would cover "
                   f"{cards / area:,.1f} times its area); it needs a board scale of at least "
                   f"{float(f'{least:.2g}'):g}, or cards no larger than about {card_w_mm * shrink:.3g} × "
                   f"{card_h_mm * shrink:.3g} mm", layout.section("board").at("scale"))


_ROWS = (
    ("overlapping pairs before", lambda m: f"{m.overlaps_before}"),
    ("overlapping pairs after", lambda m: f"{m.overlaps_after}"),
    ("max displacement", lambda m: f"{m.max_disp:.1f}"),
    ("mean displacement", lambda m: f"{m.mean_disp:.1f}"),
    ("leader crossings", lambda m: f"{m.crossings}"),
    ("leaders through slots", lambda m: f"{m.leader_through_slot}"),
    ("time (ms)", lambda m: f"{m.seconds * 1000:.0f}"),
)


def table(layouts: Sequence[BoardLayout]) -> str:
    """One column per card size, one row per figure (displacements in map units)."""
    heads = [f"{_num(l.card[0])}×{_num(l.card[1])}" for l in layouts]
    label_w = max(len(r[0]) for r in _ROWS)
    cols = [[fmt(l.metrics) for l in layouts] for _, fmt in _ROWS]
    width = max([len(h) for h in heads] + [len(c) for row in cols for c in row]) + 2
    lines = [" " * label_w + "".join(h.rjust(width) for h in heads)]
    for (label, _), row in zip(_ROWS, cols):
        lines.append(label.ljust(label_w) + "".join(c.rjust(width) for c in row))
    return "\n".join(lines)


def _num(v: float) -> str:
    return f"{v:g}"


def layout_command(ctx, cards: Sequence[tuple[float, float]], as_json: bool) -> str:
    """`kit layout --game karuta`: relax the slots for each card size and report."""

    model, board = load_all(ctx)
    sizes = list(cards) or [(c.width, c.height) for c in compared_cards(ctx.layout)]
    safe = ctx.layout.piece("card").safe
    layouts = []
    for w, h in sizes:
        try:
            face(w, h, safe)    # a card with no room inside its safe zone, refused as `kit build` does
            layouts.append(slots(model, board, w, h, ctx.layout))
        except KitError as err:
            if not cards:
                raise
            raise KitError(f"--card {_num(w)}x{_num(h)}: {err.message}"
                           + (f" ({err.where})" if err.where else "")) from None
    if as_json:
        data = [l.as_json() for l in layouts]
        return json.dumps(data[0] if len(data) == 1 else data, ensure_ascii=False, indent=1)
    return table(layouts)
