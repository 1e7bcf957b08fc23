"""How long a karuta ladder of every policy takes on a local Dask cluster of two workers.

Goal: the ladder of every karuta policy (random, greedy, foresight, and search when the game
has it) over 2,000 four-player games a pairing, on 2 local workers, in minutes, not hours.
Prints the time (the cluster's start included, then without it), games per second, and
the ladder's ratings and luck-or-skill lines.

Run from the repository root:  python -m benchmarks.ladder_bench [GAMES_A_PAIRING] [WORKERS]
"""

from __future__ import annotations

import sys
import time

from kit.games.karuta.policies import POLICIES
from kit.games.karuta.sim import SIM
from kit.games import make_context
from kit.sim.cluster import cluster
from kit.sim.ladder import ladder, lines


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    workers = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    names = [n for n in ("random", "greedy", "foresight", "search") if n in POLICIES]
    ctx = make_context("karuta")
    start = time.perf_counter()
    with cluster(f"local:{workers}"):
        ready = time.perf_counter()
        lad = ladder(ctx, SIM, games=games, players=None, seed=1, workers=None, spec=",".join(names),
                     show_progress=False)
    end = time.perf_counter()
    pairings = len(names) * (len(names) - 1) // 2
    played = pairings * lad["games_per_pairing"] + lad["luck"]["baseline"]["games"]
    print(f"karuta ladder of {', '.join(names)}: {pairings} pairings × {lad['games_per_pairing']} games "
          f"+ {lad['luck']['baseline']['games']} baseline games = {played} games on {workers} local workers")
    print(f"time: {end - start:.1f} s in all, {ready - start:.1f} s of it starting the cluster; "
          f"{played / (end - ready):.0f} games/s")
    print("\n".join(lines("karuta", lad)))


if __name__ == "__main__":
    main()
