"""Speed of `kit sim --game shikoku-duo`: the issue asks for 10,000 games on two cores in about
the time karuta takes for 5,000.

Run from the repository root: python benchmarks/shikoku_sim.py [games] [workers]
Runs karuta's 5,000 (half the games) and shikoku-duo's games side by side in this one
process, so the ratio holds however loaded the machine is, and prints the CPU time of
one game of each in this process (greedy players).
"""

from __future__ import annotations

import sys
import time

from kit.project import make_context


def karuta(games: int, workers: int) -> tuple[float, float]:
    from kit.games.karuta.model import load
    from kit.games.karuta.sim import make_setup, play_seeded, simulate

    ctx = make_context("karuta")
    setup = make_setup(load(ctx.data_dir, ctx.rules), None, None)
    start = time.perf_counter()
    simulate(setup, games, 1, workers, show_progress=False)
    took = time.perf_counter() - start
    cpu = time.process_time()
    for seed in range(300):
        play_seeded(setup, seed)
    return took, (time.process_time() - cpu) / 300 * 1000


def shikoku(games: int, workers: int, players: int = 2) -> tuple[float, float]:
    from kit.games.shikoku_duo.sim import load_model, make_setup, play_seeded, simulate

    ctx = make_context("shikoku-duo")
    setup = make_setup(load_model(ctx), ctx.data_dir, players, None)
    start = time.perf_counter()
    simulate(setup, games, 1, workers, show_progress=False)
    took = time.perf_counter() - start
    cpu = time.process_time()
    for seed in range(300):
        play_seeded(setup, seed)
    return took, (time.process_time() - cpu) / 300 * 1000


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    workers = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    k_took, k_cpu = karuta(games // 2, workers)
    print(f"karuta       {games // 2:6d} games, {workers} workers: {k_took:6.2f} s; CPU {k_cpu:.2f} ms per game")
    s_took, s_cpu = shikoku(games, workers)
    print(f"shikoku-duo  {games:6d} games, {workers} workers: {s_took:6.2f} s; CPU {s_cpu:.2f} ms per game")
    a_took, a_cpu = shikoku(games, workers, players=1)
    print(f"  (solo)     {games:6d} games, {workers} workers: {a_took:6.2f} s; CPU {a_cpu:.2f} ms per game")
    print(f"ratio shikoku-duo {games} / karuta {games // 2}: {s_took / k_took:.2f}")


if __name__ == "__main__":
    main()
