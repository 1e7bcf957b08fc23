"""The figures behind the default deck's design (data/tour-de-dice/course.yaml).

Run from the repository root: python benchmarks/tour_deck.py [games] [--mixed]
First the four-seat mixed tables: every choice of four of the five policies, one per
seat, on the same seeds, with each policy's share of the wins (95% interval) - the
table in course.yaml's comments, which `--mixed` prints alone. Then, for each player
count, race length with every seat on one policy and win shares at other tables, so a
change to the deck can be judged by the same numbers.
"""

from __future__ import annotations

import itertools
import sys

from kit.games.tour_de_dice.sim import simulate
from kit.project import make_context

TABLES = (
    (4, "bold"), (4, "careful"), (4, "patient"), (4, "drafting"),
    (4, "bold,careful,patient,drafting"), (4, "bold,patient,bold,patient"), (4, "bold,drafting,bold,drafting"),
    (2, "bold"), (2, "bold,patient"), (3, "bold,patient,drafting"), (5, "bold"),
    (6, "bold"), (6, "bold,careful,patient,drafting,bold,patient"),
)


def row(stats: dict) -> str:
    """One table: its length, and each policy's share of the win per seat it played."""
    g = stats["game"]
    shares = "  ".join(f"{name} {100 * rate / len(stats['policy_seats'][name]):.1f}%"
                       for name, rate in stats["policy_win_rate"].items())
    return (f"{stats['players']}p {','.join(stats['policies']):<45} turns {stats['turns']['median']:>5} "
            f"rounds {g['rounds']['median']:>5.1f} (p5 {g['rounds']['p5']:.1f}, p95 {g['rounds']['p95']:.1f})"
            f"  lost {g['dice_lost_per_player']['mean']:.2f}  gap {g['finishing_gap']['spaces']['median']}"
            f"  | {shares}")


POLICIES = ("bold", "careful", "patient", "drafting", "hints")


def mixed(games: int) -> None:
    ctx = make_context("tour-de-dice")
    print(f"four-seat mixed tables, {games} races each (seeds 1-{games}), default rules:")
    top = {}
    for table in itertools.combinations(POLICIES, 4):
        stats = simulate(ctx, games, 4, 1, ",".join(table), show_progress=False)
        cells = []
        for name, share in stats["policy_win_rate"].items():
            lo, hi = stats["policy_win_interval"][name]
            cells.append(f"{name} {100 * share:4.1f}% ({100 * lo:.1f}-{100 * hi:.1f})")
            top[name] = max(top.get(name, 0), share)
        print(f"  {'  '.join(cells)}  turns {stats['turns']['median']:g}")
    print("highest share at any one table: " + ", ".join(f"{k} {100 * v:.1f}%" for k, v in top.items()))


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    games = int(args[0]) if args else 4000
    mixed(games)
    if "--mixed" in sys.argv:
        return
    for rules in ((), (("breakaway", "on"),)):
        print("rules:", ",".join(f"{k}={v}" for k, v in rules) or "default")
        ctx = make_context("tour-de-dice", rules=rules)
        for players, policy in TABLES:
            if rules and players < 3:
                continue
            print(" ", row(simulate(ctx, games, players, 1, policy, show_progress=False)))
    ctx = make_context("tour-de-dice", rules=(("two_colours", "on"),))
    print("rules: two_colours=on")
    for policy in ("bold", "bold,patient,drafting", "patient,careful,bold"):
        print(" ", row(simulate(ctx, games, 3, 1, policy, show_progress=False)))


if __name__ == "__main__":
    main()
