"""Speed of `kit sim --game tour-de-dice`: the goal is 10,000 races in under 10 s on two cores.

Run from the repository root: python benchmarks/tour_sim.py [games] [workers]
Prints seconds and races per second for the default rules and for each optional rule, and
the CPU time of one race in this process, which does not depend on other load on the machine.
"""

from __future__ import annotations

import sys
import time

from kit.games.tour_de_dice.sim import simulate
from kit.games import make_context


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    workers = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    for rules, policy in (((), "bold"), ((), "bold,careful,patient,drafting"),
                          ((("breakaway", "on"),), "bold,careful,patient,drafting"),
                          ((("two_colours", "on"),), "bold,patient,drafting")):
        ctx = make_context("tour-de-dice", rules=rules)
        start = time.perf_counter()
        stats = simulate(ctx, games, None, 1, policy, workers, show_progress=False)
        took = time.perf_counter() - start
        label = ",".join(f"{k}={v}" for k, v in rules) or "default rules"
        cpu = cpu_per_race(ctx, policy)
        print(f"{label:<18} {policy:<30} {games} races, {workers} workers: {took:5.2f} s "
              f"({games / took:,.0f} races/s, median {stats['turns']['median']} turns); "
              f"CPU {cpu:.2f} ms per race")


def cpu_per_race(ctx, policy: str, games: int = 1000) -> float:
    from kit.games.tour_de_dice.model import default_players, load
    from kit.games.tour_de_dice.play import make_setup, play_measured
    from kit.games.tour_de_dice.policies import parse_policies

    tour = load(ctx.data_dir, ctx.rules)
    players = default_players(tour.rules)
    setup = make_setup(tour, players, parse_policies(policy, players))
    start = time.process_time()
    for seed in range(games):
        play_measured(setup, seed)      # as kit sim plays it, its quality standings measured
    return (time.process_time() - start) / games * 1000


if __name__ == "__main__":
    main()
