"""Running many simulated games: seeds, worker processes, progress, and statistics.

Game k of a run with seed S is played with seed S + k, so `kit deal --seed S+k`
deals exactly the hands of that game, and results never depend on how many
workers share the work: chunks are fixed-size and collected in order. Under
`kit sim --cluster` the chunks go to a Dask cluster instead (kit/sim/cluster.py), a
few for every worker, collected in the same order.
"""

from __future__ import annotations

import gc
import math
import multiprocessing
import os
import statistics
from contextlib import contextmanager
from typing import Callable, Sequence, TypeVar

from kit.sim.progress import progress

R = TypeVar("R")
CHUNK = 200


def game_seed(seed: int, k: int) -> int:
    return seed + k


@contextmanager
def _setup_frozen():
    """Everything made before the games (modules, the game's data and setup, the caller's
    objects) moved out of the cyclic garbage collector's sight while they play, as the caller
    had it after (gc.freeze, then gc.unfreeze; left alone when the caller froze objects itself).

    The collector's rare full passes then walk only what the games made, not the whole
    process again; worker processes, forked inside, inherit the frozen objects, so their
    passes skip them too. The young passes go on as Python sets them, so a cycle a game
    leaves behind is freed within a few games, its memory reused while still in cache.
    Turning the collector off per chunk of games was measured and rejected when compiled
    shikoku-duo games each left one cycle (their closures' scope, about 55 objects; its Game
    now leaves none): holding a chunk's worth before one collection made its games slower.
    """
    if gc.get_freeze_count():
        yield
        return
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def _play_chunk(args):
    play, seed, start, stop = args
    return [play(game_seed(seed, k)) for k in range(start, stop)]


def run_games(play: Callable[[int], R], games: int, seed: int, workers: int | None = None,
              desc: str = "simulating", show_progress: bool | None = None) -> list[R]:
    """[play(seed + k) for k in range(games)], spread over worker processes.

    `play` must be picklable (a module-level function or a functools.partial of one).
    """
    from kit.sim.cluster import active, cluster_chunk, play_chunks

    client = active()
    workers = max(1, workers or os.cpu_count() or 1)
    size = CHUNK if client is None else cluster_chunk(client, games)
    chunks = [(play, seed, a, min(a + size, games)) for a in range(0, games, size)]
    results: list[R] = []
    with _setup_frozen(), progress(games, desc, show_progress) as bar:
        if client is not None:      # `kit sim --cluster`: the same chunks, in the same order
            for chunk, part in zip(chunks, play_chunks(client, chunks)):
                results.extend(part)
                bar.update(chunk[3] - chunk[2])
            return results
        if workers == 1 or len(chunks) <= 1:
            for chunk in chunks:
                results.extend(_play_chunk(chunk))
                bar.update(chunk[3] - chunk[2])
            return results
        ctx = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
        with ctx.Pool(min(workers, len(chunks))) as pool:
            for chunk, part in zip(chunks, pool.imap(_play_chunk, chunks)):
                results.extend(part)
                bar.update(chunk[3] - chunk[2])
    return results


def quantile(values: Sequence[float], q: float) -> float:
    """The q-quantile (0..1) with linear interpolation between order statistics."""
    return _quantile_sorted(sorted(values), q)


def _quantile_sorted(data: Sequence[float], q: float) -> float:
    if not data:
        return float("nan")
    pos = q * (len(data) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(data) - 1)
    return data[lo] + (data[hi] - data[lo]) * (pos - lo)


def summary(values: Sequence[float]) -> dict:
    """median, min, max, p5, p95 of a list of numbers."""
    if not values:
        return {"median": None, "min": None, "max": None, "p5": None, "p95": None}
    data = sorted(values)       # once for all five: a run's figures summarise many long lists
    return {"median": statistics.median(data), "min": data[0], "max": data[-1],
            "p5": _quantile_sorted(data, 0.05), "p95": _quantile_sorted(data, 0.95)}


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile_rank(value: float, values: Sequence[float]) -> float:
    """Share (0..100) of `values` below `value`, counting ties as half."""
    if not values:
        return float("nan")
    below = sum(1 for v in values if v < value)
    equal = sum(1 for v in values if v == value)
    return 100.0 * (below + 0.5 * equal) / len(values)
