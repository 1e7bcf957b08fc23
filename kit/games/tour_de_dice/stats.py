"""What `kit sim` reports about many races: plain numbers from a list of Results."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Iterable

from kit.sim.report import Measure, Outcome, Tally, measured
from kit.sim.simulate import Values, wilson

from kit.games.tour_de_dice.play import STANDING, Result, Setup


def _share(wins: int, trials: int) -> dict:
    lo, hi = wilson(wins, trials)
    return {"wins": wins, "trials": trials, "share": wins / trials if trials else None, "ci95": [lo, hi]}


def histogram(values) -> dict[int, int]:
    return dict(sorted(Counter(values).items()))


MEASURES = (Measure("passes", "passes"), Measure("dice_lost", "dice lost per player"),
            Measure("unfinished", "unfinished", rate=True))


def outcome(r: Result, players: int, facts=None) -> Outcome:
    return Outcome(_wins(players)[r.winner], r.turns, (r.passes, sum(r.lost) / players, float(r.winner is None)),
                   facts)


@lru_cache(maxsize=8)
def _wins(players: int) -> dict:
    """Each seat's win (1.0 for the winning seat) by winner, None for a race nobody won: made
    once, not for every race of a run."""
    return {w: tuple(1.0 if w == s else 0.0 for s in range(players)) for w in (None, *range(players))}


def figures(results: Iterable, setup: Setup, seed: int, options, tally: Tally | None = None) -> dict:
    """The shared report (kit/sim/report.py); `game` holds what only tour-de-dice measures:

    pieces, finished, unfinished        colours in play; races won, races the turn limit stopped
    turns_histogram                     {turns: races}
    rounds                              {median, min, max, p5, p95} turns / players
    passes_per_game                     mean turns with 0 dice declared
    start_player                        {wins, trials, share, ci95}: the start player won
    dice_lost_per_player                {mean, by_seat, histogram {dice: players}}
    breakaway                           null without rule ①, else how often it held the pack,
                                        held moves per game, turns the leader ran alone, and
                                        how often the leader won
    finishing_gap                       the runner-up's spaces (and cost) still to the goal

    One pass over `results`, which may stream in (none is kept); `tally` sums the shared figures.
    """
    tally = tally if tally is not None else Tally(setup.players, len(MEASURES), standing=STANDING)
    summing = Summary(setup)
    for item in results:        # a Result, or play_measured's pair of it and its Facts
        r, facts = measured(item)
        tally.add(outcome(r, setup.players, facts))
        summing.add(r)
    return tally.figures(seed=seed, policies=setup.policies, options=options, game=summing.figures())


def summarise(results: Iterable[Result], setup: Setup) -> dict:
    summing = Summary(setup)
    for r in results:
        summing.add(r)
    return summing.figures()


class Summary:
    """tour-de-dice's own figures, summed race by race (`figures` lists them)."""

    def __init__(self, setup: Setup):
        self.setup = setup
        p = setup.players
        self.games = self.finished = self.passes = self.start_won = 0
        self.turns, self.rounds = Counter(), Values()
        self.lost, self.by_seat, self.lost_hist = 0, [0] * p, Counter()
        self.held_games = self.held_moves = self.with_leader = self.leader_won = 0
        self.held_turns, self.gap_spaces, self.gap_cost = Values(), Values(), Values()
        self.gap_hist = Counter()

    def add(self, r: Result) -> None:
        players = self.setup.players
        self.games += 1
        self.turns[r.turns] += 1
        self.rounds.add(r.turns / players)
        self.passes += r.passes
        self.lost += sum(r.lost) / players
        for s in range(players):
            self.by_seat[s] += r.lost[s]
        for n in r.lost:
            self.lost_hist[n] += 1
        self.held_games += bool(r.held_moves)
        self.held_moves += r.held_moves
        if r.leader is not None:
            self.held_turns.add(r.held_turns)
        if r.winner is not None:
            self.finished += 1
            self.start_won += r.winner == r.start
            if r.leader is not None:
                self.with_leader += 1
                self.leader_won += r.winner == r.leader
            self.gap_spaces.add(r.gap_spaces)
            self.gap_hist[r.gap_spaces] += 1
            self.gap_cost.add(r.gap_cost)

    def figures(self) -> dict:
        games, players = self.games, self.setup.players
        return {
            "pieces": self.setup.pieces,
            "finished": self.finished,
            "unfinished": games - self.finished,
            "turns_histogram": dict(sorted(self.turns.items())),
            "rounds": self.rounds.summary(),
            "passes_per_game": self.passes / games,
            "start_player": _share(self.start_won, self.finished),
            "dice_lost_per_player": {
                "mean": self.lost / games,
                "by_seat": [self.by_seat[s] / games for s in range(players)],
                "histogram": dict(sorted(self.lost_hist.items())),
            },
            "breakaway": None if self.setup.breakaway_id is None else {
                "games_held": _share(self.held_games, games),
                "held_moves_per_game": self.held_moves / games,
                "held_turns": self.held_turns.summary(),
                "leader_won": _share(self.leader_won, self.with_leader),
            },
            "finishing_gap": {
                "spaces": self.gap_spaces.summary(),
                "spaces_histogram": dict(sorted(self.gap_hist.items())),
                "cost": self.gap_cost.summary(),
            },
        }


def _pct(share: dict) -> str:
    if share["share"] is None:
        return "–"
    lo, hi = share["ci95"]
    return f"{100 * share['share']:5.1f}% [{100 * lo:.1f}–{100 * hi:.1f}]"


def _summ(s: dict, digits: int = 0) -> str:
    if s["median"] is None:
        return "–"
    f = f"{{:.{digits}f}}"
    return (f"median {f.format(s['median'])}, p5 {f.format(s['p5'])}, p95 {f.format(s['p95'])}, "
            f"range {f.format(s['min'])}–{f.format(s['max'])}")


def lines(fig: dict) -> list[str]:
    """tour-de-dice's own lines of `kit sim`, under the shared ones."""
    g = fig["game"]
    two = g["pieces"] > fig["players"]
    lines = [f"races finished {g['finished']}, unfinished (turn limit) {g['unfinished']}"
             + (f"; {g['pieces']} pieces, two colours each (rule ②)" if two else ""),
             f"rounds per game: {_summ(g['rounds'], 1)}",
             f"passes (0 dice) per game: {g['passes_per_game']:.2f}",
             f"start player wins: {_pct(g['start_player'])}"]
    d = g["dice_lost_per_player"]
    lines.append(f"dice lost per player: mean {d['mean']:.2f}; by seat "
                 + ", ".join(f"{x:.2f}" for x in d["by_seat"]))
    lines.append("  players losing n dice: " + ", ".join(f"{k}: {v}" for k, v in d["histogram"].items()))
    b = g["breakaway"]
    if b is not None:
        lines.append(f"Breakaway held someone back in {_pct(b['games_held'])} of games; "
                     f"{b['held_moves_per_game']:.2f} held moves per game")
        lines.append(f"  turns the leader ran alone: {_summ(b['held_turns'])}")
        lines.append(f"  the Breakaway leader won {_pct(b['leader_won'])}")
    gap = g["finishing_gap"]
    lines.append(f"finishing gap (runner-up behind the goal), spaces: {_summ(gap['spaces'])}")
    lines.append("  " + ", ".join(f"{k}: {v}" for k, v in gap["spaces_histogram"].items()))
    lines.append(f"  cost still to pay: {_summ(gap['cost'])}")
    return lines
