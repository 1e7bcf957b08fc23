"""Overlap removal on the shipped map: kit's relaxation against plain repulsion.

Run: python benchmarks/relax_bench.py [MAP.svg] [--runs N] [--card WxH ...] [--no-build]

For each card size the designer compared (or each --card), prints one row for
what `kit layout` does with the shipped layout's gaps (slot_gap_least between any
two slots, slot_gap where a highway joins or runs between them; relaxation, pull
of the farthest slots, leader untangling and repair) and one for an
adjustText-style repulsion (push overlapping boxes apart along the line between
their centres, a fixed step at a time, until nothing overlaps or an iteration
cap) at slot_gap everywhere, both with leaders from the same leader code
(`through`: leader passes through another slot; `roads`: highway segments across
a slot off that highway). Figures in map units; `layout ms` is the median CPU time
(time.process_time) of N runs (default 5), so other work on the machine does not
skew it much; `build s` is the CPU time of one whole `kit build --card WxH` in
memory (every PDF rendered, nothing written). Targets: the adopted 24×26 under
200 ms; 34×46 with no overlap, no leader through a slot and a farthest move
under the designer's 73.1; every size up to 63×88 built in under 5 s.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from pathlib import Path

from kit.games.karuta.build import render
from kit.games.karuta.geo import load_all
from kit.games.karuta.layout import LEADER_MARGIN, LEADER_THRESHOLD, place
from kit.games.karuta.roads import foreign_crossings, links, roads
from kit.games.karuta.settings import board, compared_cards
from kit.layout.leaders import crossings, route, through_boxes
from kit.data.project import SHIPPED_MAP
from kit.games import make_context
from kit.layout.relax import Box, overlaps
from kit.layout.svgmap import load_map

MAP = Path(__file__).resolve().parents[1] / SHIPPED_MAP


def repulsion(boxes, frame, gap, step=0.5, cap=2000):
    """Move each overlapping pair apart along the centre line by `step` of the overlap."""
    pos = [[b.x, b.y] for b in boxes]
    for _ in range(cap):
        moved = False
        for i in range(len(boxes)):
            for j in range(i + 1, len(boxes)):
                a, b = boxes[i], boxes[j]
                dx, dy = pos[j][0] - pos[i][0], pos[j][1] - pos[i][1]
                ox = (a.width + b.width) / 2 + gap - abs(dx)
                oy = (a.height + b.height) / 2 + gap - abs(dy)
                if ox <= 1e-9 or oy <= 1e-9:
                    continue
                d = math.hypot(dx, dy) or 1.0
                ux, uy = (dx / d, dy / d) if math.hypot(dx, dy) else (1.0, 0.0)
                push = step * min(ox, oy) + 0.01
                pos[i][0] -= ux * push / 2
                pos[i][1] -= uy * push / 2
                pos[j][0] += ux * push / 2
                pos[j][1] += uy * push / 2
                moved = True
        for p, b in zip(pos, boxes):  # keep on the board
            p[0] = min(max(p[0], frame[0] + b.width / 2), frame[2] - b.width / 2)
            p[1] = min(max(p[1], frame[1] + b.height / 2), frame[3] - b.height / 2)
        if not moved:
            break
    return [Box(x, y, b.width, b.height) for (x, y), b in zip(pos, boxes)]


def row(name, card, boxes, anchors, seconds, gap, crossing):
    disp = [math.dist((b.x, b.y), a) for b, a in zip(boxes, anchors)]
    leaders = route(boxes, anchors, None, LEADER_THRESHOLD, LEADER_MARGIN)
    return (f"{card[0]:g}×{card[1]:g}", name, len(overlaps(boxes, gap)), max(disp), sum(disp) / len(disp),
            len(crossings(leaders)), len(through_boxes(leaders, boxes)), crossing(boxes), seconds * 1000, None)


def built(card) -> float:
    """CPU seconds of one whole build for cards of `card` mm, in memory."""
    ctx = make_context("karuta", card=card)
    start = time.process_time()
    render(ctx)
    return time.process_time() - start


def timed(run, runs: int):
    """The last result of `runs` calls and the median CPU seconds they took."""
    times = []
    for _ in range(runs):
        start = time.process_time()
        result = run()
        times.append(time.process_time() - start)
    return result, statistics.median(times)


def main(path: Path, runs: int, cards, build: bool) -> None:
    world = load_map(str(path))
    regions = list(world.regions.values())
    anchors = {r.name: r.anchor for r in regions}
    shapes = {r.name: r.shape for r in regions}
    names, points = list(anchors), list(anchors.values())
    frame = (0.0, 0.0, world.width, world.height)
    ctx = make_context("karuta")
    model = load_all(ctx)[0]
    settings = board(ctx.layout)
    corridor = settings.slot_gap
    gap = corridor if settings.slot_gap_least is None else settings.slot_gap_least
    joined = links(model)

    def crossing(boxes):   # highway segments across a foreign slot, roads routed as the board does
        from kit.games.karuta.layout import Slot
        slots = {k: Slot(k, a, (b.x, b.y), b.width, b.height, ()) for k, a, b in zip(names, points, boxes)}
        return len(foreign_crossings(model, slots, roads(model, slots, corridor)))

    print(f"{'card':>6} {'method':<10} {'overlaps':>8} {'max disp':>9} {'mean disp':>9} "
          f"{'crossings':>9} {'through':>7} {'roads':>5} {'layout ms':>9} {'build s':>7}")
    compared = cards or [(c.width, c.height) for c in compared_cards(ctx.layout)]
    for card in compared:
        layout, took = timed(lambda: place(anchors, (world.width, world.height), card[0], card[1], gap,
                                           shapes, card=card, links=joined, corridor=corridor), runs)
        m = layout.metrics
        rows = [(f"{card[0]:g}×{card[1]:g}", "kit", m.overlaps_after, m.max_disp, m.mean_disp, m.crossings,
                 m.leader_through_slot, crossing([s.box for s in layout.slots]), took * 1000,
                 built(card) if build else None)]
        pushed, took = timed(lambda: repulsion([Box(x, y, card[0], card[1]) for x, y in points], frame,
                                               corridor), runs)
        rows.append(row("repulsion", card, pushed, points, took, corridor, crossing))
        for r in rows:
            b = f"{r[9]:>7.2f}" if r[9] is not None else f"{'':>7}"
            print(f"{r[0]:>6} {r[1]:<10} {r[2]:>8} {r[3]:>9.1f} {r[4]:>9.2f} {r[5]:>9} {r[6]:>7} {r[7]:>5} "
                  f"{r[8]:>9.0f} {b}", flush=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("map", nargs="?", type=Path, default=MAP)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--card", action="append", default=[], metavar="WxH",
                        help="a card size in mm (repeatable; default: the sizes the designer compared)")
    parser.add_argument("--no-build", action="store_true", help="leave out the whole-build times")
    args = parser.parse_args()
    main(args.map, args.runs, [tuple(float(v) for v in c.lower().split("x")) for c in args.card],
         not args.no_build)
