"""Running many simulated games: seeds, worker processes, progress, and statistics.

Game k of a run with seed S is played with seed S + k, so `kit deal --seed S+k`
deals exactly the hands of that game, and results never depend on how many
workers share the work: chunks are fixed-size and collected in order. Under
`kit sim --cluster` the chunks go to a Dask cluster instead (kit/sim/cluster.py), a
few for every worker, collected in the same order.
"""

from __future__ import annotations

import bisect
import gc
import math
import multiprocessing
import os
import signal
import statistics
import sys
from contextlib import contextmanager
from fractions import Fraction
from typing import Callable, Iterator, Sequence, TypeVar

from kit.sim.cluster import active, cluster_chunk, play_chunks
from kit.sim.progress import progress

R = TypeVar("R")
MAX_GAMES = 1_000_000     # games a run or a sweep plays at most: far past any study, refused before the first
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


def _worker(play, seed: int, conn) -> None:
    """A worker process: plays the chunks the parent sends, until None or the parent is gone.

    Ctrl-C reaches every process of the terminal's group; the parent alone answers it (and
    kills its workers), so a worker ignores SIGINT and dies quietly on SIGTERM, and with its
    parent (Linux: PR_SET_PDEATHSIG), so none is left behind or prints a traceback.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _die_with_parent()
    try:
        while (job := conn.recv()) is not None:
            start, stop = job
            try:
                conn.send((True, _play_chunk((play, seed, start, stop))))
            except Exception as err:        # the parent raises it as the run's own error
                try:
                    conn.send((False, err))
                except Exception:
                    conn.send((False, RuntimeError(f"{type(err).__name__}: {err}")))
    except (EOFError, OSError):             # the parent is gone or stopped the run
        pass
    finally:
        os._exit(0)


def _die_with_parent() -> None:
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)       # PR_SET_PDEATHSIG
    except (OSError, AttributeError):       # not Linux: the parent's stop() still kills it
        pass


def _parallel(play, seed: int, chunks: list[tuple[int, int]], workers: int):
    """Each chunk's results, in order, played by `workers` processes.

    Plain processes with a pipe each, no shared queue or lock: stopping a run (Ctrl-C,
    SIGTERM, an error) kills them at once and never waits on a lock a dying worker held.
    At most two chunks per worker are out at a time, and results are held only until
    every earlier chunk is in, so memory does not grow with the number of games.
    """
    from multiprocessing.connection import wait

    ctx = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    procs, conns = [], []
    try:
        for _ in range(workers):
            parent, child = ctx.Pipe()
            proc = ctx.Process(target=_worker, args=(play, seed, child), daemon=True)
            proc.start()
            child.close()
            procs.append(proc)
            conns.append(parent)
        ahead = 2 * workers                 # chunks sent beyond the next one wanted
        sent = 0
        owner: dict = {}                    # connection -> its chunk indexes, oldest first
        done: dict[int, list] = {}
        want = 0

        def send(conn) -> None:
            nonlocal sent
            conn.send(chunks[sent])
            owner.setdefault(conn, []).append(sent)
            sent += 1

        for conn in conns:
            for _ in range(2):
                if sent < len(chunks):
                    send(conn)
        while want < len(chunks):
            for conn in wait(list(c for c in conns if owner.get(c))):
                try:
                    ok, part = conn.recv()
                except EOFError:
                    raise RuntimeError("a simulation worker process died") from None
                if not ok:
                    raise part
                done[owner[conn].pop(0)] = part
                if sent < len(chunks) and sent < want + ahead + 1:
                    send(conn)
            while want in done:
                yield done.pop(want)
                want += 1
            for conn in conns:              # a worker left idle by the window: give it work
                while len(owner.get(conn, ())) < 2 and sent < len(chunks) and sent < want + ahead + 1:
                    send(conn)
    finally:
        for proc in procs:
            if proc.is_alive():
                proc.kill()
        for proc in procs:
            proc.join()
        for conn in conns:
            conn.close()


def stream_games(play: Callable[[int], R], games: int, seed: int, workers: int | None = None,
                 desc: str = "simulating", show_progress: bool | None = None) -> Iterator[R]:
    """play(seed + k) for k in range(games), in order, spread over worker processes; the
    results stream in, so a caller that summarises them as they come keeps none.

    `play` must be picklable where processes are spawned, not forked (a module-level
    function or a functools.partial of one).
    """
    client = active()
    workers = max(1, workers or os.cpu_count() or 1)
    size = CHUNK if client is None else cluster_chunk(client, games)
    chunks = [(a, min(a + size, games)) for a in range(0, games, size)]
    with _setup_frozen(), progress(games, desc, show_progress) as bar:
        if client is not None:      # `kit sim --cluster`: the same chunks, in the same order
            parts = play_chunks(client, [(play, seed, a, b) for a, b in chunks], _play_chunk)
        elif workers == 1 or len(chunks) <= 1:
            parts = (_play_chunk((play, seed, a, b)) for a, b in chunks)
        else:
            parts = _parallel(play, seed, chunks, min(workers, len(chunks)))
        try:
            for (a, b), part in zip(chunks, parts):
                bar.update(b - a)
                yield from part
        finally:
            close = getattr(parts, "close", None)
            if close is not None:
                close()


def run_games(play: Callable[[int], R], games: int, seed: int, workers: int | None = None,
              desc: str = "simulating", show_progress: bool | None = None) -> list[R]:
    """[play(seed + k) for k in range(games)], spread over worker processes (stream_games)."""
    return list(stream_games(play, games, seed, workers, desc, show_progress))


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


class Values:
    """A per-game figure's values as the games come in, without keeping them: how many games
    had each value (values are few: turns, points, passes), so the median and percentiles are
    exact, and their sum in the order they came, as sum() over a list adds them.

    `summary()` and `fmean()` answer what summary() and statistics.fmean() answer for the list.
    """

    __slots__ = ("counts", "n", "total", "_order")

    def __init__(self, values=()):
        self.counts: dict = {}
        self.n = 0
        self.total = 0
        self._order = None
        for v in values:
            self.add(v)

    def add(self, v) -> None:
        self.counts[v] = self.counts.get(v, 0) + 1
        self.n += 1
        self.total += v
        self._order = None

    def __len__(self) -> int:
        return self.n

    def _at(self, i: int):
        """The i-th value in sorted order (0-based)."""
        if self._order is None:
            keys = sorted(self.counts)
            ends, run = [], 0
            for k in keys:
                run += self.counts[k]
                ends.append(run)
            self._order = (keys, ends)
        keys, ends = self._order
        return keys[bisect.bisect_right(ends, i)]

    def _quantile(self, q: float):
        pos = q * (self.n - 1)
        lo = math.floor(pos)
        hi = min(lo + 1, self.n - 1)
        a, b = self._at(lo), self._at(hi)
        return a + (b - a) * (pos - lo)

    def summary(self) -> dict:
        if not self.n:
            return {"median": None, "min": None, "max": None, "p5": None, "p95": None}
        n = self.n
        median = self._at(n // 2) if n % 2 else (self._at(n // 2 - 1) + self._at(n // 2)) / 2
        return {"median": median, "min": self._at(0), "max": self._at(n - 1),
                "p5": self._quantile(0.05), "p95": self._quantile(0.95)}

    def fmean(self) -> float:
        """statistics.fmean of the values: their exact sum, rounded once, over their count."""
        if not self.n:
            raise statistics.StatisticsError("fmean requires at least one data point")
        exact = sum(Fraction(v) * c for v, c in self.counts.items())
        return float(exact) / self.n

    def stdev(self) -> float:
        """statistics.stdev of the values (the sample standard deviation), from the exact sum of
        squared deviations, rounded once."""
        if self.n < 2:
            raise statistics.StatisticsError("stdev requires at least two data points")
        mean = sum(Fraction(v) * c for v, c in self.counts.items()) / self.n
        squares = sum((Fraction(v) - mean) ** 2 * c for v, c in self.counts.items()) / (self.n - 1)
        return _sqrt(squares.numerator, squares.denominator)

    def ranks(self, value) -> float:
        """percentile_rank(value, the values)."""
        if not self.n:
            return float("nan")
        below = sum(c for v, c in self.counts.items() if v < value)
        return 100.0 * (below + 0.5 * self.counts.get(value, 0)) / self.n


def _sqrt(n: int, m: int) -> float:
    """The square root of n/m correctly rounded, as statistics.stdev rounds it: an integer
    square root of 2 × 53 + 3 bits, rounded to odd, so that one rounding to a float is exact."""
    def isqrt_odd(a: int, b: int) -> int:
        r = math.isqrt(a // b)
        return r | (r * r * b != a)

    q = (n.bit_length() - m.bit_length() - (2 * sys.float_info.mant_dig + 3)) // 2
    if q >= 0:
        return float(isqrt_odd(n, m << 2 * q) << q)
    return isqrt_odd(n << -2 * q, m) / (1 << -q)


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
