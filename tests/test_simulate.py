import random

import pytest

from kit.simulate import percentile_rank, quantile, run_games, summary, wilson


def roll(seed: int) -> int:
    return random.Random(seed).randint(1, 6)


def test_game_k_gets_seed_plus_k_whatever_the_workers():
    one = run_games(roll, 1000, seed=40, workers=1, show_progress=False)
    two = run_games(roll, 1000, seed=40, workers=2, show_progress=False)
    assert one == two == [roll(40 + k) for k in range(1000)]


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
