"""How much `search` beats each game's strongest other policy, and what a move costs, by budget.

Run from the repository root: python benchmarks/search_strength.py [games] [game ...]
(`games` per seat, 50 unless given; the games: karuta tour-de-dice shikoku-duo).

Each table seats one `search:N` player among the game's strongest other policy (karuta:
foresight; tour-de-dice: patient; shikoku-duo: planner), at the game's default player
count, and plays the same seeds with the search player in every seat in turn, so no
seat's advantage counts for it. Printed per budget: the search player's share of the
games with its 95 % Wilson interval, beside the share an equal player would have (what
one seat of the strongest policy wins at a table of its own, on as many seeds: one over
the number of players, less the games nobody wins, such as shikoku-duo's draws); the
verdict (beats: the interval lies above it; equals: it holds it; below: it lies under);
and the CPU time one search decision costs (its playouts; the mean over the run).
"""

from __future__ import annotations

import sys
import time

from kit.games import make_context
from kit.sim import search
from kit.sim.simulate import wilson

STRONGEST = {"karuta": "foresight", "tour-de-dice": "patient", "shikoku-duo": "planner"}
BUDGETS = {"karuta": (16, 64), "tour-de-dice": (16, 64), "shikoku-duo": (8, 32)}
PLAYERS = {"karuta": 4, "tour-de-dice": 4, "shikoku-duo": 2}


def simulator(game: str):
    if game == "karuta":
        from kit.games.karuta.sim import SIM
    elif game == "tour-de-dice":
        from kit.games.tour_de_dice.sim import SIM
    else:
        from kit.games.shikoku_duo.sim import SIM
    return SIM


class Clock:
    """Counts the search decisions of this process and the CPU time their playouts take."""

    def __init__(self):
        self.moves, self.seconds = 0, 0.0
        self._choose = search.choose

    def __enter__(self):
        def timed(*args, **kw):
            start = time.process_time()
            try:
                return self._choose(*args, **kw)
            finally:
                self.seconds += time.process_time() - start
                self.moves += 1
        search.choose = timed
        return self

    def __exit__(self, *exc):
        search.choose = self._choose


def table(game: str, budget: int, games: int) -> str:
    sim, players, base = simulator(game), PLAYERS[game], STRONGEST[game]
    ctx = make_context(game)
    name = f"search:{budget}"
    won = 0.0
    with Clock() as clock:
        for seat in range(players):
            seats = [base] * players
            seats[seat] = name
            run = sim.run(ctx, games=games, players=players, seed=1, policy=",".join(seats), workers=1,
                          show_progress=False)
            won += run.figures["policy_win_rate"][name] * games
    n = games * players
    lo, hi = wilson(won, n)
    own = sim.run(ctx, games=n, players=players, seed=1, policy=base, workers=1, show_progress=False)
    fair = own.figures["policy_win_rate"][base] / players     # a seat's share at a table of its own
    verdict = "beats" if lo > fair else "equals" if hi >= fair else "below"
    cost = clock.seconds / max(1, clock.moves)
    return (f"{game:<13} {name:<10} vs {base:<9} {n:5d} games: wins {won / n:6.1%} ({lo:.1%}–{hi:.1%}), "
            f"an equal player {fair:.1%}, {won / n - fair:+6.1%} ({verdict}); "
            f"{cost * 1000:7.1f} ms CPU per search move ({clock.moves} moves)")


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    chosen = sys.argv[2:] or list(STRONGEST)
    for game in chosen:
        for budget in BUDGETS[game]:
            print(table(game, budget, games), flush=True)


if __name__ == "__main__":
    main()
