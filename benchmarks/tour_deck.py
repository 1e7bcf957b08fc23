"""The figures behind the default deck's design (data/tour-de-dice/course.yaml).

Run from the repository root:

    python benchmarks/tour_deck.py [games] [--mixed] [--workers N] [--deck SPEC ...]

First the four-seat mixed tables: every choice of four of the five policies, each in all
six seating orders around the table (who sits clockwise of whom decides who may join
whose roll; which seat starts is rolled, so turning a table round changes nothing), every
order on the same seeds 1..games. Each policy's share of the table's wins, pooled over
the six orders, with its 95% interval, and its highest share in any one order: the table
in course.yaml's comments, which `--mixed` prints alone. Then, for each player count, race
length with every seat on one policy and win shares at other tables, so a change to the
deck can be judged by the same numbers.

`--deck SPEC` (repeatable) sweeps other decks on the same seeds instead, one summary line
each: SPEC is the course cards as outer/inner costs with an optional copy count, then the
goal card, e.g. "1/3x4,1/4x3,2/4x3,2/5x2,1/5,2/1;goal=2/4" (the deck before the re-tune).
`--sweep` sweeps SWEEP, the decks the default was chosen from (course.yaml says why).
"""

from __future__ import annotations

import itertools
import sys
from dataclasses import replace
from functools import partial

from kit.games.tour_de_dice.model import CourseCard, load
from kit.games.tour_de_dice.play import make_setup, play_game
from kit.games.tour_de_dice.sim import simulate
from kit.games import make_context
from kit.sim.simulate import run_games, wilson

TABLES = (
    (4, "bold"), (4, "careful"), (4, "patient"), (4, "drafting"), (4, "hints"),
    (4, "bold,careful,patient,drafting"), (4, "bold,patient,bold,patient"), (4, "bold,drafting,bold,drafting"),
    (2, "bold"), (2, "bold,patient"), (3, "bold,patient,drafting"), (5, "bold"),
    (6, "bold"), (6, "bold,careful,patient,drafting,bold,patient"),
)

POLICIES = ("bold", "careful", "patient", "drafting", "hints")

# The decks the default deck was chosen from: every one keeps 14 course cards with card R
# (2 outer / 1 inner, optional rule ①'s card) and the goal card 2 / 4.
SWEEP = (
    "1/3x4,1/4x3,2/4x3,2/5x2,1/5,2/1;goal=2/4",            # the deck before the re-tune
    "1/3x4,1/4x4,2/4x2,2/5x3,2/1;goal=2/4",
    "1/3x3,1/4x5,2/4,2/5x4,2/1;goal=2/4",
    "1/3x6,1/4,2/4x4,2/5x2,2/1;goal=2/4",
    "1/3x5,1/4,2/4x5,3/4,3/5,2/1;goal=2/4",
    "1/3x3,1/4x3,2/4x3,2/5x2,3/5x2,2/1;goal=2/4",
    "1/3x4,1/4x2,2/4x4,2/5,3/5x2,2/1;goal=2/4",
    "1/3x4,1/4x2,2/4x4,2/5x2,3/5,2/1;goal=2/4",
    "1/3x3,1/4x3,2/4x4,2/5,3/5x2,2/1;goal=2/4",
    "1/3x4,1/4x2,2/4x3,2/5x2,3/5x2,2/1;goal=2/4",
    "1/3x4,1/4x3,2/4x3,2/5,3/5x2,2/1;goal=2/4",
    "1/3x4,1/4x2,2/4x4,2/5,3/4,3/5,2/1;goal=2/4",
    "1/3x3,1/4x2,2/4x4,2/5,3/5x3,2/1;goal=2/4",
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


def orders(table: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Every seating of the table up to turning it round: the first policy in seat 0."""
    return [(table[0],) + rest for rest in itertools.permutations(table[1:])]


def parse_deck(spec: str) -> tuple[tuple[CourseCard, ...], tuple[int, int]]:
    cards_text, _, goal_text = spec.partition(";goal=")
    cards = []
    for i, item in enumerate(cards_text.split(",")):
        costs, _, copies = item.partition("x")
        outer, inner = map(int, costs.split("/"))
        cards.append(CourseCard(chr(ord("A") + i), outer, inner, int(copies or 1)))
    goal = tuple(map(int, goal_text.split("/"))) if goal_text else (2, 4)
    return tuple(cards), goal


def deck_spec(tour) -> str:
    cards = ",".join(f"{c.outer}/{c.inner}" + (f"x{c.copies}" if c.copies > 1 else "") for c in tour.cards)
    return f"{cards};goal={tour.goal.outer}/{tour.goal.inner}"


def mixed_tables(tour, games: int, workers: int | None, deck=None, goal=None) -> list[dict]:
    """Every four-seat mixed table: wins per policy, per seating order, and race length."""
    out = []
    for table in itertools.combinations(POLICIES, 4):
        wins = {name: 0 for name in table}
        best = {name: 0.0 for name in table}
        turns = []
        for seating in orders(table):
            setup = make_setup(tour, 4, seating)
            if deck is not None:
                setup = replace(setup, deck=tuple(c for c in deck for _ in range(c.copies)), goal_costs=goal)
            results = run_games(partial(play_game, setup), games, 1, workers, show_progress=False)
            here = {name: 0 for name in table}
            for r in results:
                if r.winner is not None:
                    here[seating[r.winner]] += 1
            for name in table:
                wins[name] += here[name]
                best[name] = max(best[name], here[name] / games)
            turns += [r.turns for r in results]
        trials = games * len(orders(table))
        turns.sort()
        out.append({"table": table, "trials": trials, "turns": turns[len(turns) // 2],
                    "share": {n: wins[n] / trials for n in table},
                    "ci95": {n: wilson(wins[n], trials) for n in table}, "best_order": best})
    return out


def print_mixed(tables: list[dict]) -> None:
    top = {}
    for t in tables:
        cells = []
        for name in t["table"]:
            lo, hi = t["ci95"][name]
            cells.append(f"{name} {100 * t['share'][name]:4.1f}% ({100 * lo:.1f}-{100 * hi:.1f}, "
                         f"<= {100 * t['best_order'][name]:.1f})")
            top[name] = max(top.get(name, 0), t["share"][name])
        print(f"  {'  '.join(cells)}  turns {t['turns']}")
    print("  highest share at any one table: " + ", ".join(f"{k} {100 * v:.1f}%" for k, v in top.items()))


def summary(spec: str, tables: list[dict]) -> str:
    """One deck in a line: each policy's highest share at any table, hints' worst place, length."""
    top = {n: max(t["share"][n] for t in tables if n in t["share"]) for n in POLICIES}
    low = {n: min(t["share"][n] for t in tables if n in t["share"]) for n in POLICIES}
    place = max(sorted(t["share"].values(), reverse=True).index(t["share"]["hints"]) + 1
                for t in tables if "hints" in t["share"])
    turns = sorted(t["turns"] for t in tables)
    return (f"{spec:<48} max " + " ".join(f"{n[:4]} {100 * top[n]:4.1f}" for n in POLICIES)
            + f" | min " + " ".join(f"{n[:4]} {100 * low[n]:4.1f}" for n in POLICIES)
            + f" | hints place <= {place} | turns {turns[0]}-{turns[-1]}")


def main() -> None:
    argv = sys.argv[1:]
    decks = [argv[i + 1] for i, a in enumerate(argv) if a == "--deck"] + list(SWEEP if "--sweep" in argv else ())
    workers = int(argv[argv.index("--workers") + 1]) if "--workers" in argv else None
    skip = {i + 1 for i, a in enumerate(argv) if a in ("--deck", "--workers")}
    args = [a for i, a in enumerate(argv) if not a.startswith("--") and i not in skip]
    games = int(args[0]) if args else 2000
    ctx = make_context("tour-de-dice")
    tour = load(ctx.data_dir)
    if decks:
        print(f"four-seat mixed tables, {games} races per seating order (seeds 1-{games}), default rules:")
        for spec in decks:
            deck, goal = parse_deck(spec)
            print(summary(spec, mixed_tables(tour, games, workers, deck, goal)), flush=True)
        return
    print(f"four-seat mixed tables of the default deck ({deck_spec(tour)}), default rules: every choice of "
          f"four policies in its six seating orders, {games} races each (seeds 1-{games}); share of the "
          f"table's wins (95% interval, <= highest in one order):")
    print_mixed(mixed_tables(tour, games, workers))
    if "--mixed" in argv:
        return
    for rules in ((), (("breakaway", "on"),)):
        print("rules:", ",".join(f"{k}={v}" for k, v in rules) or "default")
        ctx = make_context("tour-de-dice", rules=rules)
        for players, policy in TABLES:
            if rules and players < 3:
                continue
            print(" ", row(simulate(ctx, games, players, 1, policy, workers, show_progress=False)))
    ctx = make_context("tour-de-dice", rules=(("two_colours", "on"),))
    print("rules: two_colours=on")
    for policy in ("bold", "bold,patient,drafting", "patient,careful,bold"):
        print(" ", row(simulate(ctx, games, 3, 1, policy, workers, show_progress=False)))


if __name__ == "__main__":
    main()
