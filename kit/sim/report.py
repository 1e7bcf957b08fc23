"""The report every game's `kit sim` makes: its schema, one game's Outcome and the figures.

A game's simulator turns each simulated game into an `Outcome` (who won, how many
turns, and the few per-game numbers the game measures) and hands them, with its
own figures, to a `Tally` as they come in (`figures()` for a list). Every game's
`kit sim --json` is then one object with
the same top-level keys:

    games               int     games simulated
    players             int     seats per game
    seed                int     game k was played with seed + k
    policies            [str]   the policy of each seat, seat 1 first
    policy_seats        {name: [seat, ...]}   seats (from 1) each policy played
    rules               {"preset": name or null, "overrides": {option: value},
                         "options": {option: value}}   what was played, and how it was chosen
    turns               {median, min, max, p5, p95}    turns per game
    seat_win_rate       [float]  share of all games each seat won (a shared win counts
                                 as its fraction; games nobody won count for no seat)
    seat_win_interval   [[lo, hi]]  95% Wilson interval of each seat's share
    policy_win_rate     {name: float}  share of all games won by a seat playing it
    policy_win_interval {name: [lo, hi]}
    no_winner_rate      float    share of games nobody won (a stall with no winner,
                                 a race stopped by the turn limit)
    quality             {...}    game-quality measures from each game's standings (kit/sim/quality.py)
    game                {...}    what only this game measures (its own docstring says)

Its text (kit/sim/text.py) has one shape too.

"""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from typing import Callable, Iterable, Mapping, Sequence

from kit.sim.quality import Facts, Tally as QualityTally
from kit.sim.seating import policy_seats
from kit.sim.simulate import Values, wilson

KEYS = ("games", "players", "seed", "policies", "policy_seats", "rules", "turns", "seat_win_rate",
        "seat_win_interval", "policy_win_rate", "policy_win_interval", "no_winner_rate", "quality", "game")


@dataclass(frozen=True)
class Outcome:
    """One simulated game as the shared report reads it."""

    wins: tuple[float, ...]         # per seat: 1 for the winner, fractions of a shared win, all 0 if none
    turns: int
    measures: tuple[float, ...] = ()    # the game's MEASURES, in order
    quality: Facts | None = None        # what its standings showed (kit/sim/quality.py)


@dataclass(frozen=True)
class Measure:
    """A number every game of a run has, compared across the rows of a sweep."""

    key: str
    label: str
    rate: bool = False              # True: 0 or 1 per game, shown as a share of games


def rules_figure(options: Mapping) -> dict:
    """The `rules` object: the preset and overrides that chose the options, and the options."""
    return {"preset": getattr(options, "preset", None),
            "overrides": dict(getattr(options, "overrides", {})),
            "options": dict(options)}


class Tally:
    """The shared figures of a run, summed as its games' outcomes come in (`add`), so a run
    keeps no game: memory does not grow with the number of games. `keep`, when given, is handed
    every outcome in game order as well (a sweep pairs each game with the same seed's in its
    first row as they come)."""

    def __init__(self, players: int, measures: int = 0, keep: Callable[[Outcome], None] | None = None,
                 standing: str = ""):
        self.players = players
        self.quality = QualityTally(players, standing)  # `standing` names what it counts
        self.n = 0
        self.seat_wins = [0] * players      # summed in game order, as sum() over the games
        self.no_winner = 0
        self.turns = Values()
        self.measures = [Values() for _ in range(measures)]
        self.keep = keep

    def add(self, o: Outcome) -> Outcome:
        self.n += 1
        for s in range(self.players):
            self.seat_wins[s] += o.wins[s]
        if sum(o.wins) == 0:
            self.no_winner += 1
        self.turns.add(o.turns)
        for values, m in zip(self.measures, o.measures):
            values.add(m)
        self.quality.add(o)
        if self.keep is not None:
            self.keep(o)
        return o

    def figures(self, *, seed: int, policies: Sequence[str], options: Mapping, game: dict) -> dict:
        """The shared report of the run (the module docstring lists its keys)."""
        n = self.n
        seat_wins = self.seat_wins
        seats = policy_seats(policies)
        policy_wins = {name: sum(seat_wins[s - 1] for s in where) for name, where in seats.items()}
        return {
            "games": n,
            "players": len(policies),
            "seed": seed,
            "policies": list(policies),
            "policy_seats": seats,
            "rules": rules_figure(options),
            "turns": self.turns.summary(),
            "seat_win_rate": [w / n for w in seat_wins],
            "seat_win_interval": [list(wilson(w, n)) for w in seat_wins],
            "policy_win_rate": {name: w / n for name, w in policy_wins.items()},
            "policy_win_interval": {name: list(wilson(w, n)) for name, w in policy_wins.items()},
            "no_winner_rate": self.no_winner / n,
            "quality": self.quality.figure(),
            "game": game,
        }


def measured(item) -> tuple:
    """(result, Facts or None) of an item a run streams: a game's result, or the plain pair
    (result, facts) a game's play_measured gives."""
    return item if type(item) is tuple else (item, None)


def figures(outcomes: Iterable[Outcome], *, seed: int, policies: Sequence[str], options: Mapping,
            game: dict, standing: str = "") -> dict:
    """The shared report of a run's outcomes (the module docstring lists its keys); `standing`
    names what the game's per-turn standing counts."""
    tally = Tally(len(policies), standing=standing)
    for o in outcomes:
        tally.add(o)
    return tally.figures(seed=seed, policies=policies, options=options, game=game)


def mean_or_none(values: Sequence[float]) -> float | None:
    return statistics.fmean(values) if values else None



@dataclass(frozen=True)
class Run:
    """A finished run: its figures (the schema above), its Tally (the distributions the report's
    charts draw), and whatever else the
    game's report pages need (karuta: the loaded model, for its map)."""

    figures: dict
    tally: Tally
    extra: object = None
