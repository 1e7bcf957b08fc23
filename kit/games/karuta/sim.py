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
from typing import Iterable

from kit.games.karuta.deal import dealt
from kit.games.karuta.options import check_players
from kit.games.karuta.model import Karuta, load
from kit.games.karuta.policies import POLICIES, seat_policies
from kit.games.karuta.rules import Result, Rules, Tables, bits, play, tables
from kit.sim.quality import Facts, facts_at
from kit.sim.report import Measure, Outcome, Run, Tally, measured
from kit.sim.simulator import Simulator
from kit.sim.text import num
from kit.sim.simulate import Values, stream_games

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
    return list(stream(setup, games, seed, workers, show_progress, hands))


def stream(setup: Setup, games: int, seed: int, workers: int | None = None,
           show_progress: bool | None = None, hands: tuple[int, ...] | None = None):
    """simulate()'s results as they come in, none kept."""
    return stream_games(partial(play_dealt, setup, hands), games, seed, workers,
                        desc="karuta", show_progress=show_progress)


STANDING = "cards left in hand, fewer ahead"


def facts_of_turns(hands: tuple[int, ...], turns: list) -> Facts:
    """The quality facts of a game dealt `hands` whose turns, in order, were `turns` (play()'s
    record, (seat, turn) each), its standing minus each seat's cards left: kit.sim.quality's
    Standings worked out in one loop after the game, without a call a turn. A pass changes no
    standing, so the lead is looked at only where a card was played (and on the first turn)."""
    left = [-h.bit_count() for h in hands]
    half = (len(turns) + 1) // 2 - 1        # the standing after turn ceil(T/2) is half time's
    at_half = None
    leader, changes = None, 0
    for i, (seat, turn) in enumerate(turns):
        if turn or not i:
            left[seat] += len(turn)
            top = max(left)
            if left.count(top) == 1:        # a seat alone ahead leads; a shared lead changes nothing
                lead = left.index(top)
                if leader is not None and lead != leader:
                    changes += 1
                leader = lead
        if i == half:
            at_half = tuple(left)
    return facts_at(changes, at_half, left)


def play_measured(setup: Setup, seed: int) -> tuple[Result, Facts]:
    """Game `seed` and the quality facts of its standings, reduced in the worker that plays it."""
    hands = hands_of(setup, seed)
    turns: list = []
    result = play_dealt(setup, hands, seed, turns)
    return result, facts_of_turns(hands, turns)


MEASURES = (Measure("stalls", "stalls", rate=True), Measure("passes", "passes"))


def outcome(r: Result, facts: Facts | None = None) -> Outcome:
    return Outcome(r.wins, r.turns, (float(r.stalled), r.passes), facts)


def figures(setup: Setup, results: Iterable, seed: int, options=None, tally: Tally | None = None) -> dict:
    """The run's statistics in the shared schema (kit/sim/report.py); `game` holds karuta's own:

    stall_rate          share of games where every player passed since the last card
    passes              {median, min, max, p5, p95} passes per game
    losers_cards_left   {median, min, max, p5, p95, mean} cards in each loser's hand at the end
    stuck_by_province   {province: share of games its card was still in a hand at the end}
    first_card_decides  share of games that stalled with only the game's first card played, so that
                        card alone chose the winner (its player, holding the fewest cards)

    One pass over `results` (each a Result, or play_measured's pair of it and its Facts), which
    may stream in: none is kept; `tally` sums the shared figures.
    """
    t = setup.tables
    if options is None:
        options = {k: getattr(setup.rules, k) for k in setup.rules.__dataclass_fields__}
    if tally is None:
        tally = Tally(setup.players, len(MEASURES), standing=STANDING)
    n = stalled = first_decides = 0
    passes, losers_left = Values(), Values()
    stuck = [0] * t.cards
    for item in results:
        r, facts = measured(item)
        n += 1
        stalled += r.stalled
        first_decides += r.stalled and r.turns - r.passes == 1
        passes.add(r.passes)
        for s in range(setup.players):
            if r.wins[s] == 0:
                losers_left.add(r.left[s])
        for c in bits(r.stuck):
            stuck[c] += 1
        tally.add(outcome(r, facts))
    game = {
        "stall_rate": stalled / n,
        "first_card_decides": first_decides / n,
        "passes": passes.summary(),
        "losers_cards_left": losers_left.summary() | {"mean": losers_left.fmean() if losers_left.n else None},
        "stuck_by_province": {t.names[c]: stuck[c] / n for c in range(t.cards)},
    }
    return tally.figures(seed=seed, policies=setup.policies, options=options, game=game)


def lines(fig: dict) -> list[str]:
    """karuta's own lines of `kit sim`."""
    g = fig["game"]
    pa, left = g["passes"], g["losers_cards_left"]
    stuck = sorted(g["stuck_by_province"].items(), key=lambda kv: -kv[1])[:TOP_STUCK]
    return [f"stalls: {g['stall_rate']:.1%} of games",
            f"decided by the first card: {g['first_card_decides']:.1%} of games (a stall with only the first "
            "card played: its player wins on fewest cards)",
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
        show_progress: bool | None = None, keep=None) -> Run:
    model = load(ctx.data_dir, ctx.rules)
    setup = make_setup(model, players, policy)
    played = stream_games(partial(play_measured, setup), games, seed, workers, desc="karuta",
                          show_progress=show_progress)
    tally = Tally(setup.players, len(MEASURES), keep, STANDING)
    return Run(figures(setup, played, seed, model.rules, tally), tally, model)


SIM = Simulator(name="karuta", title="旧国名かるた", unit="games", measures=MEASURES, run=run, lines=lines,
                subtitle=subtitle, report="kit.games.karuta.simreport", win_note="; a tied stall shares the win",
                policies=tuple(POLICIES))

