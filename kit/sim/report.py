"""The report every game's `kit sim` makes: its schema, one game's Outcome and the figures.

A game's simulator turns each simulated game into an `Outcome` (who won, how many
turns, and the few per-game numbers the game measures) and hands the list, with its
own figures, to `figures()`. Every game's `kit sim --json` is then one object with
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
from typing import Mapping, Sequence

from kit.sim.quality import Facts, figure as quality_figure
from kit.sim.seating import policy_seats
from kit.sim.simulate import summary, wilson

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


def figures(outcomes: Sequence[Outcome], *, seed: int, policies: Sequence[str], options: Mapping,
            game: dict, standing: str = "") -> dict:
    """The shared report of a run (the module docstring lists its keys); `standing` names what
    the game's per-turn standing counts."""
    n = len(outcomes)
    players = len(policies)
    seat_wins = [sum(o.wins[s] for o in outcomes) for s in range(players)]
    seats = policy_seats(policies)
    policy_wins = {name: sum(seat_wins[s - 1] for s in where) for name, where in seats.items()}
    return {
        "games": n,
        "players": players,
        "seed": seed,
        "policies": list(policies),
        "policy_seats": seats,
        "rules": rules_figure(options),
        "turns": summary([o.turns for o in outcomes]),
        "seat_win_rate": [w / n for w in seat_wins],
        "seat_win_interval": [list(wilson(w, n)) for w in seat_wins],
        "policy_win_rate": {name: w / n for name, w in policy_wins.items()},
        "policy_win_interval": {name: list(wilson(w, n)) for name, w in policy_wins.items()},
        "no_winner_rate": sum(1 for o in outcomes if sum(o.wins) == 0) / n,
        "quality": quality_figure(outcomes, players, standing),
        "game": game,
    }


def mean_or_none(values: Sequence[float]) -> float | None:
    return statistics.fmean(values) if values else None



@dataclass(frozen=True)
class Run:
    """A finished run: its figures (the schema above), every game's Outcome, and whatever
    else the game's report pages need (karuta: the loaded model, for its map)."""

    figures: dict
    outcomes: tuple[Outcome, ...]
    extra: object = None
