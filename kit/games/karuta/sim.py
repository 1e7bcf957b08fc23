"""`kit sim --game karuta`: play many games with AI players and report what they show.

Game k of `--seed S` is dealt by `deal_hands(..., seed=S+k)` - the deal `kit deal
--seed S+k` prints - and its players' random choices come from their own Random
seeded from the same number, so a run reproduces whatever `--workers` says.

A win shared in a stall tie counts as an equal fraction for each tied player, so
seat and policy shares add up to one less the games nobody won.
"""

from __future__ import annotations

import json
import random
import statistics
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from kit.errors import display_path
from kit.games.karuta.deal import deal_hands
from kit.games.karuta.options import check_players
from kit.games.karuta.model import Karuta, load
from kit.games.karuta.policies import POLICIES, seat_policies
from kit.games.karuta.rules import Result, Rules, Tables, bits, play, tables
from kit.simulate import run_games, summary, wilson

TOP_STUCK = 10


@dataclass(frozen=True)
class Setup:
    """Everything a worker needs to play a game, as plain picklable values."""

    tables: Tables
    rules: Rules
    policies: tuple[str, ...]   # per seat

    @property
    def players(self) -> int:
        return len(self.policies)


def make_setup(model: Karuta, players: int | None, policy: str | None) -> Setup:
    players = check_players(players if players is not None else model.rules["players"])
    return Setup(tables(model), Rules.from_options(model.rules), seat_policies(policy, players))


def hands_of(setup: Setup, seed: int) -> tuple[int, ...]:
    """The deal of `kit deal --seed SEED`, as card masks per seat."""
    t = setup.tables
    ids = {k: i for i, k in enumerate(t.names)}
    return tuple(sum(1 << ids[k] for k in hand) for hand in deal_hands(t.names, setup.players, seed,
                                                                           setup.rules.deal))


def game_rng(seed: int) -> random.Random:
    # A string seed keeps the players' draws apart from the deal's shuffle of the same number.
    return random.Random(f"karuta-play-{seed}")


def play_dealt(setup: Setup, hands: tuple[int, ...] | None, seed: int, record=None) -> Result:
    """Game `seed`: dealt by that seed unless `hands` fixes the deal (as a replay does)."""
    pick = [POLICIES[name] for name in setup.policies]
    return play(setup.tables, setup.rules, hands or hands_of(setup, seed), pick, game_rng(seed), record)


def play_seeded(setup: Setup, seed: int) -> Result:
    return play_dealt(setup, None, seed)


def simulate(setup: Setup, games: int, seed: int, workers: int | None = None,
             show_progress: bool | None = None, hands: tuple[int, ...] | None = None) -> list[Result]:
    """Results of games seed, seed+1, ...; with `hands`, every game plays that one deal."""
    return run_games(partial(play_dealt, setup, hands), games, seed, workers,
                     desc="karuta", show_progress=show_progress)


def figures(setup: Setup, results: list[Result], seed: int) -> dict:
    """The run's statistics as plain JSON-ready values."""
    n, t = len(results), setup.tables
    seat_wins = [sum(r.wins[s] for r in results) for s in range(setup.players)]
    by_policy: dict[str, list[int]] = {}
    for s, name in enumerate(setup.policies):
        by_policy.setdefault(name, []).append(s)
    policy_wins = {name: sum(seat_wins[s] for s in seats) for name, seats in by_policy.items()}
    losers_left = [r.left[s] for r in results for s in range(setup.players) if r.wins[s] == 0]
    stuck = [0] * t.cards
    for r in results:
        for c in bits(r.stuck):
            stuck[c] += 1
    return {
        "games": n,
        "players": setup.players,
        "seed": seed,
        "policies": list(setup.policies),
        "rules": {k: getattr(setup.rules, k) for k in setup.rules.__dataclass_fields__},
        "stall_rate": sum(r.stalled for r in results) / n,
        "no_winner_rate": sum(1 for r in results if sum(r.wins) == 0) / n,
        "turns": summary([r.turns for r in results]),
        "passes": summary([r.passes for r in results]),
        "seat_win_rate": [w / n for w in seat_wins],
        "seat_win_interval": [list(wilson(w, n)) for w in seat_wins],
        "policy_win_rate": {name: w / n for name, w in policy_wins.items()},
        "policy_seats": {name: [s + 1 for s in seats] for name, seats in by_policy.items()},
        "losers_cards_left": summary(losers_left) | {"mean": statistics.fmean(losers_left) if losers_left else None},
        "stuck_by_province": {t.names[c]: stuck[c] / n for c in range(t.cards)},
        "turns_all": [r.turns for r in results],
        "passes_all": [r.passes for r in results],
    }


def _num(x) -> str:
    return "-" if x is None else f"{x:g}" if isinstance(x, int) or float(x).is_integer() else f"{x:.1f}"


def text(fig: dict) -> str:
    policies = fig["policies"]
    who = policies[0] if len(set(policies)) == 1 else ", ".join(policies)
    tu, pa, left = fig["turns"], fig["passes"], fig["losers_cards_left"]
    lines = [
        f"karuta: {fig['games']} games, {fig['players']} players ({who}), seed {fig['seed']}",
        "rules: " + ", ".join(f"{k}={v}" for k, v in fig["rules"].items()),
        f"stalls: {fig['stall_rate']:.1%} of games"
        + (f" ({fig['no_winner_rate']:.1%} with no winner)" if fig["no_winner_rate"] else ""),
        f"turns per game: median {_num(tu['median'])}, min {_num(tu['min'])}, max {_num(tu['max'])}, "
        f"p5 {_num(tu['p5'])}, p95 {_num(tu['p95'])}",
        f"passes per game: median {_num(pa['median'])} (p5 {_num(pa['p5'])}, p95 {_num(pa['p95'])})",
        "winner share by seat (95% interval; a tied stall shares the win):",
    ]
    for s, (rate, (lo, hi)) in enumerate(zip(fig["seat_win_rate"], fig["seat_win_interval"])):
        lines.append(f"  seat {s + 1} {policies[s]:<9} {rate:6.1%}  ({lo:.1%}–{hi:.1%})")
    if len(set(policies)) > 1:
        lines.append("winner share by policy (share of all games; per seat):")
        for name, rate in fig["policy_win_rate"].items():
            seats = fig["policy_seats"][name]
            lines.append(f"  {name:<9} {rate:6.1%}  {rate / len(seats):6.1%} per seat "
                         f"(seat{'s' if len(seats) > 1 else ''} {', '.join(map(str, seats))})")
    lines.append(f"cards left in losers' hands: mean {_num(left['mean'])}, median {_num(left['median'])}, "
                 f"max {_num(left['max'])}")
    stuck = sorted(fig["stuck_by_province"].items(), key=lambda kv: -kv[1])[:TOP_STUCK]
    lines.append(f"provinces most often stuck in a hand at the end (top {TOP_STUCK}; all in --json):")
    lines.append("  " + "  ".join(f"{k} {v:.0%}" for k, v in stuck))
    return "\n".join(lines)


def sim_command(ctx, games, players, seed, policy, workers, as_json, report) -> str:
    model = load(ctx.data_dir, ctx.rules)
    setup = make_setup(model, players, policy)
    results = simulate(setup, games, seed, workers)
    fig = figures(setup, results, seed)
    out = []
    if report:
        from kit.games.karuta.geo import board_of
        from kit.games.karuta.simreport import report_pdf
        from kit.output import write_atomic

        board = board_of(model, ctx)
        path = Path(report)
        write_atomic(path, report_pdf(fig, board, ctx.font))
        out.append(f"wrote {display_path(path)}")
    if as_json:
        shown = {k: v for k, v in fig.items() if k not in ("turns_all", "passes_all")}
        return json.dumps(shown, ensure_ascii=False, indent=1)
    return "\n".join([text(fig), *out])
