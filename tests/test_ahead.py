"""kit.ahead: work done in a forked child gives the value a serial call gives, and fails as it fails."""

from __future__ import annotations

import os

import pytest

from kit.ahead import ahead
from kit.errors import KitError


def _values(n):
    return {"pid": os.getpid(), "floats": [1 / (k + 3) for k in range(n)], "text": "近江"}


def _refuse(why):
    raise KitError(why)


def test_the_child_answers_with_the_value_a_call_gives():
    job = ahead(_values, 5000)
    got = job.result()
    want = _values(5000)
    assert got["floats"] == want["floats"] and got["text"] == want["text"]
    if hasattr(os, "fork") and len(os.sched_getaffinity(0)) > 1:
        assert got["pid"] != os.getpid()      # it ran elsewhere
    assert job.result() is got                # asked again: the same answer, not a second run


def test_without_a_fork_it_runs_here_at_once():
    job = ahead(_values, 3, fork=False)
    assert job.result()["pid"] == os.getpid()


def test_a_failing_child_fails_here_with_the_same_error():
    job = ahead(_refuse, "no room for 68 slots")
    with pytest.raises(KitError, match="no room for 68 slots"):
        job.result()


def test_a_cancelled_child_is_gone():
    job = ahead(sum, range(10 ** 8))
    pid = job.pid
    job.cancel()
    if pid is not None:
        with pytest.raises(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)     # reaped: no such child any more
    job.cancel()                            # twice is harmless
