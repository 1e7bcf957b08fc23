"""kit.sim.draws draws exactly what random.Random draws: a seed gives the same games through
the written-out draws as through random's own methods, compiled or not."""

from __future__ import annotations

import random

import pytest

from kit.sim import accel, draws


@pytest.mark.parametrize("seed", [0, 1, 7, "karuta-play-3", 2**70 + 5])
def test_each_draw_is_randoms_own_from_the_same_state(seed):
    ours, theirs = random.Random(seed), random.Random(seed)
    for n in [1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 31, 33, 68, 100, 1000, 2**40 + 3]:
        assert draws.randrange(ours, n) == theirs.randrange(n)
        seq = tuple(range(n)) if n <= 1000 else range(n)
        assert draws.choice(ours, seq) == theirs.choice(seq)
        if n <= 1000:
            a, b = list(seq), list(seq)
            draws.shuffle(ours, a)
            theirs.shuffle(b)
            assert a == b
        assert ours.getstate() == theirs.getstate()     # no draw more or fewer


def test_a_shuffle_of_one_or_none_draws_nothing():
    rng, state = random.Random(5), random.Random(5).getstate()
    for items in ([], ["only"]):
        draws.shuffle(rng, items)
    assert rng.getstate() == state


def test_the_draws_are_compiled_with_the_engines():
    """The engines call them from compiled code: a plain-Python draws would put a Python frame
    back round every draw."""
    assert "kit.sim.draws" in accel.SHARED and "kit.sim.draws" in accel.COMPILED
