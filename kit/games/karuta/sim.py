"""`kit sim --game karuta`: play many games with AI players and report what they show.

Game k of `--seed S` is dealt by `deal_hands(..., seed=S+k)` - the deal `kit deal
--seed S+k` prints - and its players' random choices come from their own Random
seeded from the same number, so a run reproduces whatever `--workers` says.

A win shared in a stall tie counts as an equal fraction for each tied player, so
seat and policy shares add up to one less the games nobody won.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import partial

from kit.sim import report
from kit.games.karuta.deal import dealt
from kit.games.karuta.options import check_players
from kit.games.karuta.model import Karuta, load
from kit.games.karuta.policies import POLICIES, seat_policies
from kit.games.karuta.rules import Result, Rules, Tables, bits, play, tables
from kit.sim.report import Measure, Outcome, Run, Simulator, mean_or_none, num
from kit.sim.report import sim_command as sim_report_command
from kit.sim.simulate import run_games, summary

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
    return tuple(sum(1 << c for c in hand) for hand in dealt(setup.tables.cards, setup.players, seed,
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


MEASURES = (Measure("stalls", "stalls", rate=True), Measure("passes", "passes"))


def outcome(r: Result) -> Outcome:
    return Outcome(r.wins, r.turns, (float(r.stalled), r.passes))


def figures(setup: Setup, results: list[Result], seed: int, options=None, outcomes=None) -> dict:
    """The run's statistics in the shared schema (kit/sim/report.py); `game` holds karuta's own:

    stall_rate          share of games where every player passed since the last card
    passes              {median, min, max, p5, p95} passes per game
    losers_cards_left   {median, min, max, p5, p95, mean} cards in each loser's hand at the end
    stuck_by_province   {province: share of games its card was still in a hand at the end}
    """
    n, t = len(results), setup.tables
    if options is None:
        options = {k: getattr(setup.rules, k) for k in setup.rules.__dataclass_fields__}
    losers_left = [r.left[s] for r in results for s in range(setup.players) if r.wins[s] == 0]
    stuck = [0] * t.cards
    for r in results:
        for c in bits(r.stuck):
            stuck[c] += 1
    game = {
        "stall_rate": sum(r.stalled for r in results) / n,
        "passes": summary([r.passes for r in results]),
        "losers_cards_left": summary(losers_left) | {"mean": mean_or_none(losers_left)},
        "stuck_by_province": {t.names[c]: stuck[c] / n for c in range(t.cards)},
    }
    if outcomes is None:    # run() passes the outcomes it keeps, made once
        outcomes = [outcome(r) for r in results]
    return report.figures(outcomes, seed=seed, policies=setup.policies, options=options, game=game)


def lines(fig: dict) -> list[str]:
    """karuta's own lines of `kit sim`."""
    g = fig["game"]
    pa, left = g["passes"], g["losers_cards_left"]
    stuck = sorted(g["stuck_by_province"].items(), key=lambda kv: -kv[1])[:TOP_STUCK]
    return [f"stalls: {g['stall_rate']:.1%} of games",
            f"passes per game: median {num(pa['median'])} (p5 {num(pa['p5'])}, p95 {num(pa['p95'])})",
            f"cards left in losers' hands: mean {num(left['mean'])}, median {num(left['median'])}, "
            f"max {num(left['max'])}",
            f"provinces most often stuck in a hand at the end (top {TOP_STUCK}; all in --json):",
            "  " + "  ".join(f"{k} {v:.0%}" for k, v in stuck)]


def subtitle(fig: dict) -> str:
    tu, pa = fig["turns"], fig["game"]["passes"]
    return (f"stalls {fig['game']['stall_rate']:.1%} of games · turns median {tu['median']:g} "
            f"(p5 {tu['p5']:g}, p95 {tu['p95']:g}) · passes median {pa['median']:g}")


def run(ctx, games: int, players: int | None, seed: int, policy: str | None, workers: int | None = None,
        show_progress: bool | None = None) -> Run:
    model = load(ctx.data_dir, ctx.rules)
    setup = make_setup(model, players, policy)
    results = simulate(setup, games, seed, workers, show_progress)
    outcomes = tuple(outcome(r) for r in results)
    return Run(figures(setup, results, seed, model.rules, outcomes), outcomes, model)


def _cells(run_: Run):
    from kit.games.karuta.simreport import cells
    return cells(run_)


def _pages(pdf, page, run_: Run, ctx) -> None:
    from kit.games.karuta.simreport import pages
    pages(pdf, page, run_, ctx)


SIM = Simulator(name="karuta", title="旧国名かるた", unit="games", measures=MEASURES, run=run, lines=lines,
                subtitle=subtitle, cells=_cells, pages=_pages, win_note="; a tied stall shares the win")


def text(fig: dict) -> str:
    return report.text(SIM, fig)


def sim_command(ctx, games, players, seed, policy, workers, as_json, report, vary=()) -> str:
    return sim_report_command(ctx, SIM, games=games, players=players, seed=seed, policy=policy,
                              workers=workers, as_json=as_json, report=report, vary=vary)
