"""Speed of `kit sim --game shikoku-duo`: the goal is 10,000 games on two cores in about
the time karuta takes for 5,000.

Run from the repository root:
    python -m benchmarks.shikoku_sim [games] [workers] [--cpu-games N] [--rounds R]

In this one process (so the ratios hold however loaded the machine is):
- the whole runs, as `kit sim` makes them: karuta's games/2 and shikoku-duo's games with
  `workers` worker processes, timed by the wall clock and by the CPU time of the workers
  (and of this process) together;
- the CPU time of one game as a run pays it: a worker's share of each run (seeds 1..games/
  workers of shikoku-duo, 1..games/2/workers of karuta) played in this process from cold, as
  a worker starts: a new setup, so the tables a run fills as games meet them (the merchant's
  worth tables, the kept goods, the candidates by blocked towns) start empty. Each of R
  rounds starts cold again on the same seeds; the least round counts (it is the one the
  machine's other load disturbed least; warm tables are never timed alone).
- for reference, on seeds 1..N from cold (N = --cpu-games, fewer games, so the tables'
  filling weighs more than in a run): the solo game (greedy against the Automa), planner
  against greedy, and the default and solo games on the reference engine (rules.play),
  which plays the same games as the flat loop (fastplay.py) `kit sim` runs.
It then prints the ratios shikoku-duo games / karuta games/2 (the goal is about
1, which needs a shikoku-duo game to cost at most half a karuta game), and checks that the
games played in this process are the ones the workers played (same seed, same results).
"""

from __future__ import annotations

import argparse
import os
import time

from kit.games import make_context


def _cpu() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def karuta_setup():
    from kit.games.karuta.model import load
    from kit.games.karuta.sim import make_setup, play_seeded, simulate
    ctx = make_context("karuta")
    model = load(ctx.data_dir, ctx.rules)
    return lambda: make_setup(model, None, None), play_seeded, simulate


def shikoku_setup(players: int = 2, policy: str | None = None, reference: bool = False):
    """(make a setup, play one game, run many) of shikoku-duo; `reference`: games on the
    reference engine (rules.play), as kit sim played them before the flat loop (fastplay)."""
    from kit.games.shikoku_duo import sim
    ctx = make_context("shikoku-duo")
    model = sim.load_model(ctx)

    def cold():
        """A new setup whose games start from empty tables, as in a new worker."""
        sim._KITS.clear()       # the flat loop's tables, kept per run and worker
        return sim.make_setup(model, ctx.data_dir, players, policy)
    return cold, play_reference if reference else sim.play_seeded, sim.simulate


def play_reference(setup, seed: int):
    from kit.games.shikoku_duo.rules import play
    from kit.games.shikoku_duo.sim import controllers, game_rng
    return play(setup.tables, setup.rules, seed, controllers(setup), game_rng(seed))


def whole_run(case, games: int, workers: int):
    """(wall seconds, CPU seconds of this process and its workers, results) of `games` games from seed 1."""
    cold, _, simulate = case
    setup = cold()
    wall, cpu = time.perf_counter(), _cpu()
    results = simulate(setup, games, 1, workers, show_progress=False)
    return time.perf_counter() - wall, _cpu() - cpu, results


def per_game(case, games: int) -> tuple[float, list]:
    """(CPU ms per game, results) of seeds 1..games played in this process from a cold setup."""
    cold, play_seeded, _ = case
    setup = cold()
    start = time.process_time()
    results = [play_seeded(setup, seed) for seed in range(1, games + 1)]
    return (time.process_time() - start) / games * 1000, results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", type=int, nargs="?", default=10_000, help="shikoku-duo games (karuta plays half)")
    parser.add_argument("workers", type=int, nargs="?", default=2)
    parser.add_argument("--cpu-games", type=int, default=300,
                        help="games from cold of the reference timings (other players, the reference engine)")
    parser.add_argument("--rounds", type=int, default=2, help="rounds of the per-game timings (the least counts)")
    args = parser.parse_args()
    games, workers, n = args.games, args.workers, args.cpu_games
    cases = {"karuta": karuta_setup(), "shikoku-duo": shikoku_setup(),
             f"  its first {n} games": shikoku_setup(),
             "  on the reference engine": shikoku_setup(reference=True),
             "  solo (greedy, the Automa)": shikoku_setup(1),
             "    on the reference engine": shikoku_setup(1, reference=True),
             "  planner,greedy": shikoku_setup(2, "planner,greedy")}
    share = {"karuta": max(1, games // 2 // workers), "shikoku-duo": max(1, games // workers)}
    print(f"shikoku-duo {games} games and karuta {games // 2}, {workers} workers; per-game CPU: a worker's "
          f"share from cold (shikoku-duo {share['shikoku-duo']} games, karuta {share['karuta']}), others {n} "
          f"games from cold; least of {args.rounds} rounds (the machine may be shared: compare the ratios)")

    k_wall, k_cpu, _ = whole_run(cases["karuta"], games // 2, workers)
    s_wall, s_cpu, s_results = whole_run(cases["shikoku-duo"], games, workers)

    ms = {name: float("inf") for name in cases}
    played = {}
    for _ in range(args.rounds):
        for name, case in cases.items():
            cpu, played[name] = per_game(case, share.get(name, n))
            ms[name] = min(ms[name], cpu)

    print(f"  karuta       {games // 2:6d} games: {k_wall:7.2f} s wall, {k_cpu:7.2f} s CPU")
    print(f"  shikoku-duo  {games:6d} games: {s_wall:7.2f} s wall, {s_cpu:7.2f} s CPU")
    print(f"  ratio shikoku-duo {games} / karuta {games // 2}: wall {s_wall / k_wall:.2f}, CPU {s_cpu / k_cpu:.2f} "
          f"(target about 1)")
    print("CPU per game, from cold:")
    for name, value in ms.items():
        print(f"  {name:<28} {value:6.2f} ms  ({share.get(name, n)} games)")
    per = ms["shikoku-duo"] / ms["karuta"]
    print(f"  shikoku-duo / karuta per game {per:.2f}; {games} / {games // 2} games {2 * per:.2f} (target about 1)")
    print(f"  flat loop / reference engine per game ({n} games each): greedy,greedy "
          f"{ms[f'  its first {n} games'] / ms['  on the reference engine']:.2f}, solo "
          f"{ms['  solo (greedy, the Automa)'] / ms['    on the reference engine']:.2f}")
    same = played["shikoku-duo"] == s_results[:share["shikoku-duo"]]
    print(f"same seed, same results with {workers} workers and in this process: {'yes' if same else 'NO'}")
    same = (played[f"  its first {n} games"] == played["  on the reference engine"]
            and played["  solo (greedy, the Automa)"] == played["    on the reference engine"])
    print(f"the same results on the flat loop and the reference engine: {'yes' if same else 'NO'}")


if __name__ == "__main__":
    main()
