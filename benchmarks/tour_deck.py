"""The figures behind the default deck's design (data/tour-de-dice/course.yaml).

Run from the repository root: python benchmarks/tour_deck.py [games]
Four-seat mixed tables: every choice of four of the five policies, one per seat, on the
same seeds; each policy's share of the wins (95% interval) and the race length. The
table in course.yaml's comments is this script's output.
"""

from __future__ import annotations

import itertools
import sys

from kit.games.tour_de_dice.sim import simulate
from kit.project import make_context

POLICIES = ("bold", "careful", "patient", "drafting", "hints")


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 4000
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
        print(f"  {' '.join(cells)}  turns {stats['turns']['median']:g}")
    print("highest share of any one table: " + ", ".join(f"{k} {100 * v:.1f}%" for k, v in top.items()))


if __name__ == "__main__":
    main()
