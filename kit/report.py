"""One report for every game's `kit sim`: the figures, the policy grammar and the text.

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
    game                {...}    what only this game measures (its own docstring says)

The text of `kit sim` has one shape too: a header line, the rules line, turns per
game, the winner share by seat and by policy, then the game's own lines.

`--policy` has one grammar in every game (`seat_policies`): a single name plays
every seat; a comma list gives one policy per seat and must name exactly as many as
there are players; `name*k` stands for k seats of that policy, so
`greedy*2,random*2` is `greedy,greedy,random,random`.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from typing import Mapping, Sequence

from kit.data.errors import KitError, did_you_mean
from kit.sim.simulate import summary, wilson

KEYS = ("games", "players", "seed", "policies", "policy_seats", "rules", "turns", "seat_win_rate",
        "seat_win_interval", "policy_win_rate", "policy_win_interval", "no_winner_rate", "game")


# --- the policy grammar -------------------------------------------------------------------

def seat_policies(spec: str | None, players: int, known: Sequence[str], default: str) -> tuple[str, ...]:
    """Policy names per seat from `--policy`: `greedy` (every seat), `greedy,random,...` (one
    per seat), with `name*k` for k seats in a row."""
    names: list[str] = []
    for part in (spec if spec is not None else default).split(","):
        name, star, count = part.strip().partition("*")
        name = name.strip()
        k = 1
        if star:
            if not count.strip().isdecimal() or int(count) < 1:
                raise KitError(f"--policy: {part.strip()!r}: write NAME*K with K a whole number of seats, "
                               f"e.g. {name or default}*2")
            k = int(count)
        if not name:
            raise KitError(f"--policy: an empty name in {spec!r}; policies: {', '.join(known)}")
        if name not in known:
            raise KitError(f"--policy: unknown policy {name!r}{did_you_mean(name, known)}; "
                           f"policies: {', '.join(known)}")
        names += [name] * k
    if len(names) == 1 and "*" not in (spec or ""):
        return tuple(names) * players
    if len(names) != players:
        raise KitError(f"--policy {spec} names {len(names)} seat{'s' if len(names) != 1 else ''} for "
                       f"{players} players: give one policy for every seat or one per seat "
                       f"(NAME*K repeats one); policies: {', '.join(known)}")
    return tuple(names)


# --- per-game outcomes and the figures --------------------------------------------------------

@dataclass(frozen=True)
class Outcome:
    """One simulated game as the shared report reads it."""

    wins: tuple[float, ...]         # per seat: 1 for the winner, fractions of a shared win, all 0 if none
    turns: int
    measures: tuple[float, ...] = ()    # the game's MEASURES, in order


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
            game: dict) -> dict:
    """The shared report of a run (the module docstring lists its keys)."""
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
        "game": game,
    }


def policy_seats(policies: Sequence[str]) -> dict[str, list[int]]:
    seats: dict[str, list[int]] = {}
    for s, name in enumerate(policies):
        seats.setdefault(name, []).append(s + 1)
    return seats


def mean_or_none(values: Sequence[float]) -> float | None:
    return statistics.fmean(values) if values else None


# --- text -----------------------------------------------------------------------------------------

def num(x) -> str:
    """A figure as printed: whole numbers plainly (never in exponent form), others to one decimal, a
    dash for none."""
    if x is None:
        return "-"
    if isinstance(x, int):
        return str(x)
    # Rounded first, so 75.96 prints as 76 beside a whole 72, not as "76.0".
    r = round(float(x), 1)
    return str(int(r)) if r.is_integer() else f"{r:.1f}"


def who(policies: Sequence[str]) -> str:
    return policies[0] if len(set(policies)) == 1 else ", ".join(policies)


def header(name: str, fig: dict, unit: str = "games") -> str:
    return (f"{name}: {fig['games']} {unit}, {fig['players']} players ({who(fig['policies'])}), "
            f"seed {fig['seed']}")


def rules_line(fig: dict) -> str:
    r = fig["rules"]
    over = ", ".join(f"{k}={_value(v)}" for k, v in r["overrides"].items()) or "none"
    return f"rules: preset {r['preset'] or '(none)'}; overrides {over}"


def options_line(fig: dict) -> str:
    return "  " + ", ".join(f"{k}={_value(v)}" for k, v in fig["rules"]["options"].items())


def _value(v) -> str:
    return ("on" if v else "off") if isinstance(v, bool) else str(v)


def shared_lines(name: str, fig: dict, unit: str = "games", note: str = "") -> list[str]:
    """The lines every game's `kit sim` text begins with."""
    tu = fig["turns"]
    lines = [header(name, fig, unit), rules_line(fig), options_line(fig),
             f"turns per game: median {num(tu['median'])}, min {num(tu['min'])}, max {num(tu['max'])}, "
             f"p5 {num(tu['p5'])}, p95 {num(tu['p95'])}",
             f"winner share by seat (95% interval{note}):"]
    policies = fig["policies"]
    for s, (rate, (lo, hi)) in enumerate(zip(fig["seat_win_rate"], fig["seat_win_interval"])):
        lines.append(f"  seat {s + 1} {policies[s]:<9} {rate:6.1%}  ({lo:.1%}–{hi:.1%})")
    if len(set(policies)) > 1:
        lines.append("winner share by policy (share of all games; per seat):")
        for name, rate in fig["policy_win_rate"].items():
            seats = fig["policy_seats"][name]
            lo, hi = fig["policy_win_interval"][name]
            lines.append(f"  {name:<9} {rate:6.1%}  ({lo:.1%}–{hi:.1%})  {rate / len(seats):6.1%} per seat "
                         f"(seat{'s' if len(seats) > 1 else ''} {', '.join(map(str, seats))})")
    if fig["no_winner_rate"]:
        lines.append(f"games nobody won: {fig['no_winner_rate']:.1%}")
    return lines


# --- a game's simulator, and `kit sim` ----------------------------------------------------------

@dataclass(frozen=True)
class Run:
    """A finished run: its figures (the schema above), every game's Outcome, and whatever
    else the game's report pages need (karuta: the loaded model, for its map)."""

    figures: dict
    outcomes: tuple[Outcome, ...]
    extra: object = None


@dataclass(frozen=True)
class Simulator:
    """What a game gives the shared `kit sim`: how to run, what it measures, how it reads.

    run(ctx, games=, players=, seed=, policy=, workers=, show_progress=) -> Run
    lines(figures) -> the game's own text lines, printed under the shared ones
    subtitle(figures) -> one line of headline figures for the report's heading
    cells(run) -> (top, bottom): the game's own charts on the report's first page, each a
        function (canvas, box); top ones follow the turns histogram, bottom ones the
        seat and policy shares
    pages(pdf, paper, run, ctx) -> the game's further report pages (may be None)
    """

    name: str                       # as the text header names the game
    title: str                      # as the report's heading names it
    unit: str                       # "games", "races"
    measures: tuple[Measure, ...]
    run: object
    lines: object
    subtitle: object
    cells: object
    pages: object = None
    win_note: str = ""              # added to "winner share by seat (95% interval...)"


def text(sim: Simulator, fig: dict) -> str:
    return "\n".join(shared_lines(sim.name, fig, sim.unit, sim.win_note) + list(sim.lines(fig)))


def sim_command(ctx, sim: Simulator, *, games: int, players: int | None, seed: int, policy: str | None,
                workers: int | None, as_json: bool, report: str | None, vary=()) -> str:
    """`kit sim`: one run (or, with `vary`, a sweep) as text or JSON, and optionally a PDF."""
    import json
    from pathlib import Path

    from kit.data.errors import display_path

    if vary:
        from kit.sim.sweep import sweep_command
        return sweep_command(ctx, sim, games=games, players=players, seed=seed, policy=policy,
                             workers=workers, as_json=as_json, report=report, vary=vary)
    run = sim.run(ctx, games=games, players=players, seed=seed, policy=policy, workers=workers)
    wrote = []
    if report:
        from kit.draw.output import write_atomic
        from kit.sim.reportpdf import report_pdf

        path = Path(report)
        write_atomic(path, report_pdf(sim, run, ctx))
        wrote.append(f"wrote {display_path(path)}")
    if as_json:
        return json.dumps(run.figures, ensure_ascii=False, indent=1)
    return "\n".join([text(sim, run.figures), *wrote])
