"""How long `kit build --game karuta` takes, whole and per file (goal: under 10 s on 2 cores
for the layout's card; under 5 s of CPU for any card size up to 63 × 88).

Run from the repository (or a folder with data/ and layouts/):
    python benchmarks/build_bench.py [--runs N] [--card WxH]
Prints the CPU time (time.process_time, so other work on a shared machine skews it less)
and wall time of each run, the best and median, and a per-file split of one run, in CPU ms.
Each run after the first finds the map and fonts already loaded.

    python benchmarks/build_bench.py --command [--runs N] [--card WxH ...]
times the whole command a user runs, `python -m kit build --game karuta --card WxH` in a
fresh process (imports, fonts and map included; output to a temporary folder), for each
card size (default: 22x16 24x26 30x40 34x46 36x48 46x62 63x88): CPU (user + system, from
the child's resource usage) and wall of each run, and whether every run of every size
stayed under 5 s. Alternate this with the same script on another checkout to compare.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

from kit.draw import fonts
from kit.games.karuta import boardpdf, cards, sheets
from kit.games.karuta.build import board_slots, build
from kit.games.karuta.geo import load_all
from kit.games import make_context

GOAL_S = 10.0           # wall, the layout's own card
GOAL_CPU_S = 5.0        # CPU, any card size up to 63 × 88
SIZES = ("22x16", "24x26", "30x40", "34x46", "36x48", "46x62", "63x88")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--card", metavar="WxH", action="append",
                        help="a card size in mm (default: the layout's; with --command, several)")
    parser.add_argument("--command", action="store_true", help="time the whole command, in a fresh process")
    args = parser.parse_args()
    if args.command:
        commands(args.card or SIZES, args.runs)
        return
    if args.card and len(args.card) > 1:
        parser.error("one --card at a time (or --command)")
    args.card = args.card[0] if args.card else None
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
        for n in sheets.SEATS:
            sheets.progress_pdf(model, ctx.layout, n)
        t6 = time.process_time()
        for name, t in (("load data + map (cached after the first run)", t1 - t0), ("relax slots", t2 - t1),
                        ("board plan + board, overview and key PDFs", t3 - t2), ("cards.pdf", t4 - t3),
                        ("card-sizes.pdf", t5 - t4), ("progress-sheet-2p/3p/4p.pdf", t6 - t5)):
            print(f"  {name:<46} {t * 1000:7.0f} ms")


def commands(sizes, runs: int) -> None:
    """`python -m kit build --game karuta --card WxH`, `runs` times per size, each in a fresh process."""
    missed = []
    print(f"python -m kit build --game karuta --card WxH, {runs} runs each (CPU = user + system of the process)")
    with tempfile.TemporaryDirectory() as out:
        for size in sizes:
            cpu, wall = [], []
            for _ in range(runs):
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                start = time.perf_counter()
                subprocess.run([sys.executable, "-m", "kit", "build", "--game", "karuta", "--card", size,
                                "--out", os.path.join(out, size)], check=True, stdout=subprocess.DEVNULL)
                wall.append(time.perf_counter() - start)
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
            missed += [size] if max(wall) >= GOAL_CPU_S or max(cpu) >= GOAL_CPU_S else []
            print(f"  {size:>6}: CPU {' '.join(f'{t:.2f}' for t in cpu)} (median {statistics.median(cpu):.2f}) s; "
                  f"wall {' '.join(f'{t:.2f}' for t in wall)} (median {statistics.median(wall):.2f}) s")
    print(f"every run under {GOAL_CPU_S:g} s, CPU and wall: " + ("met" if not missed else f"MISSED at {', '.join(missed)}"))


if __name__ == "__main__":
    main()
