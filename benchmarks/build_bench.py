"""How long `kit build --game karuta` takes, whole and per file (goal: under 10 s on 2 cores).

Run from the repository (or a folder with data/ and layouts/):
    python benchmarks/build_bench.py [--runs N]
Prints the wall time of each run, the best and median, and a per-file split of one run.
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

GOAL_S = 10.0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as out:
        ctx = make_context("karuta", out=out)
        times = []
        for _ in range(args.runs):
            start = time.perf_counter()
            written = build(ctx)
            times.append(time.perf_counter() - start)
        pages = sum(n for _, n in written)
        print(f"kit build --game karuta: {len(written)} files, {pages} pages")
        print("runs (s): " + " ".join(f"{t:.2f}" for t in times))
        print(f"best {min(times):.2f} s, median {statistics.median(times):.2f} s, goal < {GOAL_S:g} s: "
              f"{'met' if max(times) < GOAL_S else 'MISSED'}")

        fonts.register(ctx.font)
        t0 = time.perf_counter()
        model, board = load_all(ctx)
        t1 = time.perf_counter()
        slots = board_slots(model, board, ctx.layout)
        t2 = time.perf_counter()
        shapes = {k: r.shape for k, r in board.regions.items()}
        boardpdf.board_pdfs(model, board, slots, ctx.layout, ctx.layout.piece("card").width,
                            ctx.layout.piece("card").height)
        t3 = time.perf_counter()
        cards.cards_pdf(model, shapes, ctx.layout)
        t4 = time.perf_counter()
        sheets.sampler_pdf(model, shapes, ctx.layout)
        t5 = time.perf_counter()
        sheets.progress_pdf(model, ctx.layout)
        t6 = time.perf_counter()
        for name, t in (("load data + map (cached after the first run)", t1 - t0), ("relax slots", t2 - t1),
                        ("board.pdf + board-overview.pdf", t3 - t2), ("cards.pdf", t4 - t3),
                        ("card-sizes.pdf", t5 - t4), ("progress-sheet.pdf", t6 - t5)):
            print(f"  {name:<46} {t * 1000:7.0f} ms")


if __name__ == "__main__":
    main()
