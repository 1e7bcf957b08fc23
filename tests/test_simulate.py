import gc
import random
import weakref

import pytest

from kit.simulate import CHUNK, percentile_rank, quantile, run_games, summary, wilson


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
    was, thresholds = gc.isenabled(), gc.get_threshold()
    (gc.enable if enabled else gc.disable)()
    try:
        assert run_games(roll, 450, seed=1, workers=workers, show_progress=False) == [roll(1 + k) for k in range(450)]
        assert gc.isenabled() is enabled and gc.get_threshold() == thresholds
        with pytest.raises(ValueError, match="game 300"):
            run_games(roll_but_fail_at_300, 450, seed=1, workers=workers, show_progress=False)
        assert gc.isenabled() is enabled and gc.get_threshold() == thresholds
    finally:
        (gc.enable if was else gc.disable)()


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


def test_cycles_left_by_games_are_freed_chunk_by_chunk_during_the_run():
    was = gc.isenabled()
    gc.disable()            # the caller's collector is not what frees them
    _MADE.clear(), _ALIVE.clear()
    try:
        assert run_games(cyclic, 3 * CHUNK + 50, seed=0, workers=1, show_progress=False) == list(range(3 * CHUNK + 50))
        assert max(_ALIVE) < CHUNK              # never more than one chunk's worth waits
        assert _ALIVE[CHUNK] == 0               # the first chunk's are gone before the second
        assert all(ref() is None for ref in _MADE)
    finally:
        (gc.enable if was else gc.disable)()


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
