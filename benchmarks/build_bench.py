"""How long `kit build --game karuta` takes, whole and per file (goal: under 10 s on 2 cores
for the layout's card; under 5 s of CPU for any card size up to 63 × 88).

Run from the repository (or a folder with data/ and layouts/):
    python benchmarks/build_bench.py [--runs N] [--card WxH]
Prints the CPU time (time.process_time, so other work on a shared machine skews it less)
and wall time of each run, the best and median, and a per-file split of one run, in CPU ms.
Each run after the first finds the map and fonts already loaded.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time

from kit import fonts
from kit.games.karuta import boardpdf, cards, sheets
from kit.games.karuta.build import board_slots, build
from kit.games.karuta.geo import load_all
from kit.project import make_context

GOAL_S = 10.0           # wall, the layout's own card
GOAL_CPU_S = 5.0        # CPU, any card size up to 63 × 88


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--card", metavar="WxH", help="a card size in mm (default: the layout's)")
    args = parser.parse_args()
    card = tuple(float(v) for v in args.card.lower().split("x")) if args.card else None
    with tempfile.TemporaryDirectory() as out:
        ctx = make_context("karuta", out=out, card=card)
        times, cpu = [], []
        for _ in range(args.runs):
            start, start_cpu = time.perf_counter(), time.process_time()
            written = build(ctx)
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
        pages = sum(n for _, n in written)
        size = f" --card {args.card}" if args.card else ""
        print(f"kit build --game karuta{size}: {len(written)} files, {pages} pages")
        print("runs, CPU (s):  " + " ".join(f"{t:.2f}" for t in cpu))
        print("runs, wall (s): " + " ".join(f"{t:.2f}" for t in times))
        print(f"CPU best {min(cpu):.2f} s, median {statistics.median(cpu):.2f} s, goal < {GOAL_CPU_S:g} s: "
              f"{'met' if max(cpu) < GOAL_CPU_S else 'MISSED'}")
        if not args.card:
            print(f"wall best {min(times):.2f} s, median {statistics.median(times):.2f} s, goal < {GOAL_S:g} s: "
                  f"{'met' if max(times) < GOAL_S else 'MISSED'}")

        fonts.register(ctx.font)
        t0 = time.process_time()
        model, board = load_all(ctx)
        t1 = time.process_time()
        slots = board_slots(model, board, ctx.layout)
        t2 = time.process_time()
        shapes = {k: r.shape for k, r in board.regions.items()}
        boardpdf.board_pdfs(model, board, slots, ctx.layout, ctx.layout.piece("card").width,
                            ctx.layout.piece("card").height)
        t3 = time.process_time()
        cards.cards_pdf(model, shapes, ctx.layout)
        t4 = time.process_time()
        sheets.sampler_pdf(model, shapes, ctx.layout)
        t5 = time.process_time()
        sheets.progress_pdf(model, ctx.layout)
        t6 = time.process_time()
        for name, t in (("load data + map (cached after the first run)", t1 - t0), ("relax slots", t2 - t1),
                        ("board plan + board, overview and key PDFs", t3 - t2), ("cards.pdf", t4 - t3),
                        ("card-sizes.pdf", t5 - t4), ("progress-sheet.pdf", t6 - t5)):
            print(f"  {name:<46} {t * 1000:7.0f} ms")


if __name__ == "__main__":
    main()
