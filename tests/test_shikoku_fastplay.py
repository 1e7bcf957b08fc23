"""The flat game loop (fastplay) against the reference engine (rules.play): the same seed
gives the same moves, draws, keeps, repeats and results, under every rule option, with
every wave effect, greedy against greedy and greedy against the Automa."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from kit.games.shikoku_duo import fastplay
from kit.games.shikoku_duo import rules as R
from kit.games.shikoku_duo.automa import Automa, load_automa
from kit.games.shikoku_duo.policies import Greedy
from kit.games.shikoku_duo.sim import Setup, game_rng, play_seeded
from shikoku_world import world

DATA = Path(__file__).resolve().parent.parent / "data" / "shikoku-duo"
AUTOMA = load_automa(DATA / "automa.yaml")

# Rule sets: each option off its default at least once; the test world's wave sides give
# every effect (sides are drawn per game, so both sides of each tile come up).
RULES = (
    {},
    {"merchant_path": "walk", "pilgrim_blockers": "pilgrims"},
    {"paint_plus": "cap", "first_drafter": "seat1", "start_town": "m2", "start_region": "r5"},
    {"round_limit": 9},
)
WAVES = (
    ("pilgrim_plus", "pilgrim_minus", "draw_plus", "sell_plus", "paint_plus", "paint_path"),
    ("pilgrim_minus", "pilgrim_plus", "sell_plus", "draw_plus", "paint_path", "paint_plus"),
)


def reference(t, rules, seed, automa, record):
    seats = [Greedy(t), Automa(t, automa) if automa else Greedy(t)]
    return R.play(t, rules, seed, seats, game_rng(seed), record)


reference_play = R.play      # as imported, whatever a test puts in its place


def both(t, rules, seed, automa=None):
    want, got = [], []
    ref = reference(t, rules, seed, automa, want)
    fast = fastplay.Kit(t, rules, automa).play(seed, game_rng(seed), got)
    return (ref, want), (fast, got)


def first_difference(a, b):
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return f"step {i}: reference {x}, flat loop {y}"
    return f"{len(a)} steps against {len(b)}"


@pytest.mark.parametrize("options", RULES)
@pytest.mark.parametrize("waves", WAVES)
@pytest.mark.parametrize("solo", (False, True))
def test_the_flat_loop_plays_the_reference_games_move_for_move(options, waves, solo):
    m = world(waves=waves, **options)
    t, rules = R.tables(m), R.Rules.from_options(m.rules)
    repeats = wave_moves = 0
    for seed in range(1, 41):
        (ref, want), (fast, got) = both(t, rules, seed, AUTOMA if solo else None)
        assert want == got, f"seed {seed}: {first_difference(want, got)}"
        assert ref == fast, f"seed {seed}"
        repeats += ref.repeats
        wave_moves += sum(1 for s in want if s.move.character == R.PILGRIM and s.move.choice >= 0)
    assert repeats and wave_moves       # the hot spring's repeat and the wave tiles were played


def test_the_shipped_game_plays_the_same_through_kit_sim(shipped):
    for players in (2, 1):
        setup = shipped(players)
        assert fastplay.playable(setup.policies, setup.automa)
        for seed in range(1, 31):
            want = []
            ref = reference(setup.tables, setup.rules, seed, setup.automa, want)
            got = []
            assert play_seeded(setup, seed, got) == ref
            assert got == want


def test_a_wrong_tie_rule_is_caught(monkeypatch):
    """The comparison can fail: a flat loop that lets gains up to 0.3 apart tie (the
    policies' rule is 1e-9) draws among other candidates and plays other games."""
    m = world()
    t, rules = R.tables(m), R.Rules.from_options(m.rules)
    monkeypatch.setattr(fastplay, "TIE", 0.3)
    differ = 0
    for seed in range(1, 11):
        (_, want), (_, got) = both(t, rules, seed)
        differ += want != got
    assert differ >= 5


def test_only_greedy_seats_and_the_automa_are_played_flat():
    assert fastplay.playable(("greedy", "greedy"), None)
    assert fastplay.playable(("greedy", "automa"), AUTOMA)
    assert not fastplay.playable(("greedy", "random"), None)
    assert not fastplay.playable(("planner", "greedy"), None)
    assert not fastplay.playable(("random", "automa"), AUTOMA)


@pytest.fixture(scope="module")
def shipped():
    from kit.games.shikoku_duo.sim import load_model, make_setup
    from kit.games import make_context
    ctx = make_context("shikoku-duo")
    model = load_model(ctx)

    def setup(players: int) -> Setup:
        return make_setup(model, ctx.data_dir, players, None)
    return setup


def test_draws_that_run_past_the_goods_order_start_it_again(monkeypatch):
    """With one bag in the goods order, every game's draws wrap round it (the flat loop makes
    the order a bag at a time)."""
    monkeypatch.setattr(R, "GOODS_BAGS", 1)
    R.goods_order.cache_clear()
    try:
        m = world()
        t, rules = R.tables(m), R.Rules.from_options(m.rules)
        wrapped = 0
        for seed in range(1, 21):
            (ref, want), (fast, got) = both(t, rules, seed)
            assert want == got, f"seed {seed}: {first_difference(want, got)}"
            assert ref == fast
            wrapped += sum(sum(s.drawn) for s in want) > sum(t.goods_counts)
        assert wrapped
    finally:
        R.goods_order.cache_clear()


@pytest.mark.parametrize("solo", (False, True))
def test_a_board_too_large_for_64_bit_masks_is_played_by_the_reference(solo, monkeypatch):
    """Compiled, the flat loop keeps a bit per ring space, town and region (3 per region in
    the counts) in 64-bit ints: a larger board goes to rules.play, with the same players."""
    m = world()
    t, rules = R.tables(m), R.Rules.from_options(m.rules)
    assert fastplay.Kit(t, rules, None).fits
    wide = replace(t, ring_kind=t.ring_kind * 2)
    assert not fastplay.Kit(wide, rules, None).fits
    kit = fastplay.Kit(t, rules, AUTOMA if solo else None)
    kit.fits = False        # the same game played by the fallback
    for seed in range(1, 6):
        want, got = [], []
        ref = reference(t, rules, seed, AUTOMA if solo else None, want)
        played = []
        monkeypatch.setattr(R, "play", lambda *args: played.append(1) or reference_play(*args))
        assert kit.play(seed, game_rng(seed), got) == ref
        monkeypatch.undo()
        assert got == want and played == [1]

