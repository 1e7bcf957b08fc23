"""How fast `kit sim --game karuta` plays: games per second, workers 1 and 2, and linearity.

Goal: 5000 four-player games in under 10 s with both cores of a 2-core machine.
Run from the repository root:  python benchmarks/sim_bench.py [DATA_DIR]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from kit.games.karuta.model import load
from kit.games.karuta.sim import make_setup, simulate

ROOT = Path(__file__).resolve().parent.parent


def timed(setup, games: int, workers: int) -> float:
    start = time.perf_counter()
    simulate(setup, games, seed=1, workers=workers, show_progress=False)
    return time.perf_counter() - start


def main() -> None:
    data = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "data" / "karuta"
    model = load(data)
    print(f"data: {data}")
    for policy in ("greedy", "random", "foresight", "greedy,random,foresight,greedy"):
        setup = make_setup(model, 4, policy)
        rate = 1000 / timed(setup, 1000, 1)
        print(f"{policy:<32} 1 worker: {rate:6.0f} games/s  ({1000 / rate:.2f} ms a game)")
    setup = make_setup(model, 4, "greedy")
    print("linearity (greedy, 1 worker):")
    for games in (1000, 2000, 4000):
        seconds = timed(setup, games, 1)
        print(f"  {games:5d} games: {seconds:6.2f} s  = {1000 * seconds / games:.3f} ms a game")
    for workers in (1, 2):
        seconds = timed(setup, 5000, workers)
        print(f"5000 games, greedy, {workers} worker{'s' if workers > 1 else ''}: {seconds:5.2f} s "
              f"({5000 / seconds:.0f} games/s){'  goal < 10 s' if workers == 2 else ''}")


if __name__ == "__main__":
    main()
