"""Game-quality measures, the same for every game, from a standing each game gives per turn.

A game's simulator gives, after every turn of a game, each seat's standing: one number per
seat, higher meaning further ahead (karuta: minus the cards left in hand; shikoku-duo: the
points so far; tour-de-dice: minus the spaces still to the goal). `Standings` reduces a
game's standings, inside the worker that plays it, to its few `Facts`; an `Outcome` carries
them, and `Tally` adds the outcomes up as they stream in. `kit sim --json` shows its figure
under the key `quality`:

    standing        what the standing counts, as the game names it
    balance         {spread, interval, most, least}: the win share of the seat that won most
                    less that of the seat that won least, with the 95% interval of that
                    difference (both seats' wins counted in the same games)
    decisiveness    {no_winner: {share, interval}, margin: {mean, interval, median, games}}:
                    games nobody won, and the margin of victory - the best standing at the
                    end less the second best, in the standing's units - over games won
    duration        {mean, interval}: turns per game
    lead_changes    {mean, interval}: times per game the lead passed from one seat to
                    another (a seat leads when its standing is above every other's; a
                    shared lead interrupts no one's and starts no one's)
    runaway         {leader_wins: {share, interval, games}, last_comes_back: {...}}: of the
                    games with one seat ahead of all at half time, the share that seat won;
                    of those with one seat behind all, the share that seat won

Half time is the standing after turn ceil(T/2) of a game of T turns. A win shared in a tie
counts as its fraction; a game with no turn recorded has no half time and no margin.
Intervals: Wilson's for shares, the normal one (mean ± 1.96 standard errors) for means.
"""

from __future__ import annotations

import math
from typing import Iterable, NamedTuple, Sequence

from kit.sim.simulate import wilson

Z = 1.96


class Facts(NamedTuple):
    """What the quality measures need of one game (a tuple: one a game comes back from every
    worker, and a tuple is the cheapest value to send and to build)."""

    lead_changes: int
    half_leader: int | None     # the seat ahead of every other at half time, if one is
    half_last: int | None       # the seat behind every other at half time, if one is
    margin: float | None        # the best final standing less the second best


def _alone(standing: Sequence[float], better) -> int | None:
    """The seat whose standing is better than every other's, or None when it is shared."""
    best = 0
    alone = True
    for s in range(1, len(standing)):
        x = standing[s]
        if better(x, standing[best]):
            best, alone = s, True
        elif x == standing[best]:
            alone = False
    return best if alone else None


def _above(a, b) -> bool:
    return a > b


def _below(a, b) -> bool:
    return a < b


class Standings:
    """A game's standings, turn by turn, reduced to its Facts as they come.

    Only the leader and the last of each turn are kept (two small numbers a turn, for the
    half time, known only at the end), never the standings themselves."""

    __slots__ = ("leaders", "lasts", "final", "changes", "_leader")

    def __init__(self) -> None:
        self.leaders: list = []
        self.lasts: list = []
        self.final: Sequence[float] = ()
        self.changes = 0
        self._leader = None

    def add(self, standing: Sequence[float]) -> None:
        lead, last = _alone(standing, _above), _alone(standing, _below)
        if lead is not None:
            if self._leader is not None and lead != self._leader:
                self.changes += 1
            self._leader = lead
        self.leaders.append(lead)
        self.lasts.append(last)
        self.final = standing

    def facts(self) -> Facts:
        turns = len(self.leaders)
        if not turns:
            return Facts(0, None, None, None)
        half = (turns + 1) // 2 - 1
        return Facts(self.changes, self.leaders[half], self.lasts[half], _margin(self.final))


def _margin(final: Sequence[float]) -> float | None:
    top = sorted(final, reverse=True)
    return float(top[0] - top[1]) if len(top) > 1 else None


def facts_at(lead_changes: int, half: Sequence[float] | None, final: Sequence[float]) -> Facts:
    """The Facts of a game that counted its lead changes as it went and kept only its standing
    at half time and at the end (`half` None: no turn was played)."""
    if half is None:
        return Facts(0, None, None, None)
    top, low = max(half), min(half)     # the seat alone ahead and alone behind, as _alone finds them
    return Facts(lead_changes, half.index(top) if half.count(top) == 1 else None,
                 half.index(low) if half.count(low) == 1 else None, _margin(final))


def facts_of(standings: Iterable[Sequence[float]]) -> Facts:
    """The Facts of a game whose standings after each turn are `standings`."""
    s = Standings()
    for standing in standings:
        s.add(standing)
    return s.facts()


# --- adding up the games ----------------------------------------------------------------------------

class _Mean:
    __slots__ = ("n", "sum", "sq")

    def __init__(self) -> None:
        self.n, self.sum, self.sq = 0, 0.0, 0.0

    def add(self, x: float) -> None:
        self.n += 1
        self.sum += x
        self.sq += x * x

    def figure(self) -> dict:
        if not self.n:
            return {"mean": None, "interval": [None, None]}
        m = self.sum / self.n
        half = Z * math.sqrt(max(0.0, self.sq / self.n - m * m) * self.n / (self.n - 1) / self.n) \
            if self.n > 1 else 0.0
        return {"mean": m, "interval": [m - half, m + half]}


class Tally:
    """The quality figure of a run, from its outcomes added one at a time (bounded memory:
    sums, and one count per margin value for its median)."""

    def __init__(self, players: int, standing: str = "") -> None:
        self.players, self.standing = players, standing
        self.games = 0
        self.seat_wins = [0.0] * players
        # per pair of seats (i < j): the sum and the sum of squares of wins[i] - wins[j]
        self.pair = {(i, j): [0.0, 0.0] for i in range(players) for j in range(i + 1, players)}
        self._pairs = tuple(self.pair.items())
        self.no_winner = 0
        self.margin = _Mean()
        self.margins: dict[float, int] = {}
        self.turns = _Mean()
        self.changes = _Mean()
        self.lead = [0.0, 0]        # wins of the half-time leader, games with one
        self.last = [0.0, 0]

    def add(self, outcome) -> None:
        w = outcome.wins
        self.games += 1
        for s in range(self.players):
            self.seat_wins[s] += w[s]
        for (i, j), acc in self._pairs:
            d = w[i] - w[j]
            acc[0] += d
            acc[1] += d * d
        won = sum(w) > 0
        self.no_winner += not won
        self.turns.add(outcome.turns)
        f = outcome.quality
        if f is None:
            return
        self.changes.add(f.lead_changes)
        if won and f.margin is not None:
            self.margin.add(f.margin)
            self.margins[f.margin] = self.margins.get(f.margin, 0) + 1
        if f.half_leader is not None:
            self.lead[0] += w[f.half_leader]
            self.lead[1] += 1
        if f.half_last is not None:
            self.last[0] += w[f.half_last]
            self.last[1] += 1

    def figure(self) -> dict:
        return {"standing": self.standing, "balance": self._balance(),
                "decisiveness": {"no_winner": _share(self.no_winner, self.games),
                                 "margin": self.margin.figure() | {"median": _median(self.margins),
                                                                   "games": self.margin.n}},
                "duration": self.turns.figure(), "lead_changes": self.changes.figure(),
                "runaway": {"leader_wins": _share(*self.lead) | {"games": self.lead[1]},
                            "last_comes_back": _share(*self.last) | {"games": self.last[1]}}}

    def _balance(self) -> dict:
        n = self.games
        if self.players < 2 or not n:
            return {"spread": None, "interval": [None, None], "most": None, "least": None}
        most = max(range(self.players), key=lambda s: (self.seat_wins[s], -s))
        least = min(range(self.players), key=lambda s: (self.seat_wins[s], s))
        if most == least:
            return {"spread": 0.0, "interval": [0.0, 0.0], "most": 1, "least": self.players}
        i, j = min(most, least), max(most, least)
        total, sq = self.pair[(i, j)]
        mean = abs(total) / n
        var = max(0.0, sq / n - mean * mean) * n / (n - 1) if n > 1 else 0.0
        half = Z * math.sqrt(var / n)
        return {"spread": mean, "interval": [mean - half, mean + half], "most": most + 1, "least": least + 1}


def _share(successes: float, trials: int) -> dict:
    return {"share": successes / trials if trials else None, "interval": list(wilson(successes, trials))}


def _median(counts: dict[float, int]) -> float | None:
    if not counts:
        return None
    values = sorted(counts)
    total = sum(counts.values())
    seen, low = 0, None
    for v in values:
        seen += counts[v]
        if low is None and seen * 2 >= total:
            low = v
        if seen * 2 > total:
            return low if total % 2 else (low + v) / 2
    return low


def figure(outcomes, players: int, standing: str = "") -> dict:
    """The quality figure of a run's outcomes (the module docstring lists its keys)."""
    t = Tally(players, standing)
    for o in outcomes:
        t.add(o)
    return t.figure()


# --- text ------------------------------------------------------------------------------------------

def _pct(x) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def _n(x) -> str:
    if x is None:
        return "-"
    r = round(float(x), 1)
    return str(int(r)) if r.is_integer() else f"{r:.1f}"


def _span(iv, pct: bool = False) -> str:
    f = _pct if pct else _n
    return f"{f(iv[0])}–{f(iv[1])}"


def rows(q: dict) -> list[str]:
    """The quality figure in short lines, for a report's cell."""
    b, d = q["balance"], q["decisiveness"]
    nw, m = d["no_winner"], d["margin"]
    lead, last = q["runaway"]["leader_wins"], q["runaway"]["last_comes_back"]
    out = [f"standing: {q['standing'] or 'per turn'}"]
    if b["spread"] is not None:
        out.append(f"balance: seat spread {_n(100 * b['spread'])} points "
                   f"({_n(100 * b['interval'][0])}–{_n(100 * b['interval'][1])}), seat {b['most']} over {b['least']}")
    out += [f"no winner: {_pct(nw['share'])} ({_span(nw['interval'], True)})",
            f"margin of victory: mean {_n(m['mean'])} ({_span(m['interval'])}), median {_n(m['median'])}",
            f"duration: mean {_n(q['duration']['mean'])} turns ({_span(q['duration']['interval'])})",
            f"lead changes: mean {_n(q['lead_changes']['mean'])} a game ({_span(q['lead_changes']['interval'])})",
            f"half-time leader wins: {_pct(lead['share'])} ({_span(lead['interval'], True)})",
            f"half-time last comes back: {_pct(last['share'])} ({_span(last['interval'], True)})"]
    return out


def lines(q: dict, unit: str = "games") -> list[str]:
    """The quality figure as `kit sim` prints it."""
    b, d = q["balance"], q["decisiveness"]
    nw, m = d["no_winner"], d["margin"]
    lead, last = q["runaway"]["leader_wins"], q["runaway"]["last_comes_back"]
    out = [f"game quality (standing: {q['standing'] or 'per turn'}; 95% intervals):"]
    if b["spread"] is not None:
        out.append(f"  balance: seat spread {_n(100 * b['spread'])} points of win share "
                   f"({_n(100 * b['interval'][0])}–{_n(100 * b['interval'][1])}), seat {b['most']} winning most, "
                   f"seat {b['least']} least")
    out.append(f"  decisiveness: {_pct(nw['share'])} of {unit} without a winner ({_span(nw['interval'], True)}); "
               f"margin of victory (in the standing) mean {_n(m['mean'])} "
               f"({_span(m['interval'])}), median {_n(m['median'])}")
    out.append(f"  duration: mean {_n(q['duration']['mean'])} turns ({_span(q['duration']['interval'])})")
    lc = q["lead_changes"]
    out.append(f"  lead changes: mean {_n(lc['mean'])} a game ({_span(lc['interval'])})")
    out.append(f"  runaway leader: the leader at half time wins {_pct(lead['share'])} "
               f"({_span(lead['interval'], True)}, of {lead['games']}); the last at half time comes back "
               f"in {_pct(last['share'])} ({_span(last['interval'], True)}, of {last['games']})")
    return out
