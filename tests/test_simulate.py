import gc
import multiprocessing
import random
import weakref

import pytest

from kit.sim.simulate import CHUNK, percentile_rank, quantile, run_games, summary, wilson


def roll(seed: int) -> int:
    return random.Random(seed).randint(1, 6)


def test_game_k_gets_seed_plus_k_whatever_the_workers():
    one = run_games(roll, 1000, seed=40, workers=1, show_progress=False)
    two = run_games(roll, 1000, seed=40, workers=2, show_progress=False)
    assert one == two == [roll(40 + k) for k in range(1000)]


def roll_but_fail_at_300(seed: int) -> int:
    if seed == 300:
        raise ValueError("game 300")
    return roll(seed)


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("enabled", [True, False])
def test_the_callers_collector_is_as_it_was_after_a_run_even_one_that_raises(workers, enabled):
    was, thresholds, frozen = gc.isenabled(), gc.get_threshold(), gc.get_freeze_count()
    (gc.enable if enabled else gc.disable)()
    try:
        assert run_games(roll, 450, seed=1, workers=workers, show_progress=False) == [roll(1 + k) for k in range(450)]
        assert (gc.isenabled(), gc.get_threshold(), gc.get_freeze_count()) == (enabled, thresholds, frozen)
        with pytest.raises(ValueError, match="game 300"):
            run_games(roll_but_fail_at_300, 450, seed=1, workers=workers, show_progress=False)
        assert (gc.isenabled(), gc.get_threshold(), gc.get_freeze_count()) == (enabled, thresholds, frozen)
    finally:
        (gc.enable if was else gc.disable)()


def frozen_while_playing(seed: int) -> int:
    """How many objects are frozen as the first game of each chunk plays (counting them walks
    them all, so not every game)."""
    return gc.get_freeze_count() if (seed - 1) % CHUNK == 0 else -1


@pytest.mark.parametrize("workers", [1, 2])
def test_what_existed_before_the_games_is_frozen_while_they_play_and_only_then(workers):
    if workers > 1 and "fork" not in multiprocessing.get_all_start_methods():
        pytest.skip("workers inherit the frozen objects only when forked")
    gc.unfreeze()
    before = len(gc.get_objects())
    counts = [n for n in run_games(frozen_while_playing, 450, seed=1, workers=workers, show_progress=False) if n >= 0]
    assert len(counts) == 3 and min(counts) >= before
    assert gc.get_freeze_count() == 0


def test_objects_the_caller_froze_stay_frozen():
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        assert run_games(frozen_while_playing, 50, seed=1, workers=1, show_progress=False)[0] == frozen
        assert gc.get_freeze_count() == frozen
    finally:
        gc.unfreeze()


class Node:
    pass


_MADE: list = []        # a weak reference to each cycle the games below made
_ALIVE: list = []       # how many of them were still alive as each game started


def cyclic(seed: int) -> int:
    """A game that leaves a reference cycle behind, which reference counting cannot free."""
    _ALIVE.append(sum(ref() is not None for ref in _MADE))
    a, b = Node(), Node()
    a.other, b.other = b, a
    _MADE.append(weakref.ref(a))
    return seed


def test_cycles_left_by_games_do_not_pile_up_during_a_run():
    assert gc.isenabled()
    _MADE.clear(), _ALIVE.clear()
    games = 5 * CHUNK
    assert run_games(cyclic, games, seed=0, workers=1, show_progress=False) == list(range(games))
    assert max(_ALIVE) < games // 2             # freed as the games go, not kept to the end


def test_progress_is_quiet_when_not_on_a_terminal(capfd):
    run_games(roll, 500, seed=1, workers=1)  # stderr is captured here, not a terminal
    assert capfd.readouterr().err == ""


def test_progress_shows_when_asked(capfd):
    run_games(roll, 500, seed=1, workers=1, show_progress=True)
    assert "/500" in capfd.readouterr().err


def test_quantiles_and_summary():
    values = list(range(101))
    assert quantile(values, 0.05) == 5 and quantile(values, 0.5) == 50
    assert summary(values) == {"median": 50, "min": 0, "max": 100, "p5": 5, "p95": 95}
    assert summary([])["median"] is None


def test_wilson_interval_contains_the_rate_and_narrows():
    lo, hi = wilson(25, 100)
    assert lo < 0.25 < hi
    lo2, hi2 = wilson(2500, 10000)
    assert hi2 - lo2 < hi - lo
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(0, 50)[0] == 0.0 and wilson(50, 50)[1] == 1.0


def test_percentile_rank_counts_ties_as_half():
    assert percentile_rank(5, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) == pytest.approx(45.0)
    assert percentile_rank(0, [1, 2]) == 0 and percentile_rank(3, [1, 2]) == 100
