"""Playing a run's games on a Dask distributed cluster (`kit sim --cluster ADDRESS`).

`--cluster tcp://HOST:8786` connects to a running scheduler; `--cluster local:N` starts a
LocalCluster of N worker processes on this machine for the command's length. While a
cluster is in use, kit.sim.simulate.run_games sends its chunks of games to it instead of to
its own worker processes: the same chunks (fixed-size, games seed+k), collected in order,
so the results are the same game for game, and the JSON the same byte for byte. A game's
setup travels once to every worker (plain values: the workers need kit installed, not
the data folder), then each chunk is a task naming its seeds.
"""

from __future__ import annotations

from contextlib import contextmanager

from kit.data.errors import KitError

MAX_LOCAL = 64
_ACTIVE: list = []      # the client of the cluster in use, innermost last


def active():
    """The Dask client of the cluster in use, or None (games run in kit's own processes)."""
    return _ACTIVE[-1] if _ACTIVE else None


def local_workers(address: str) -> int | None:
    """N of `local:N`, or None for a scheduler's address."""
    if not address.startswith("local:"):
        return None
    n = address.removeprefix("local:").strip()
    if not n.isdecimal() or not 1 <= int(n) <= MAX_LOCAL:
        raise KitError(f"--cluster {address}: write local:N with N worker processes, 1 to {MAX_LOCAL}, "
                       "or a scheduler's address such as tcp://HOST:8786")
    return int(n)


@contextmanager
def cluster(address: str | None):
    """Runs inside send their games to the cluster at `address` (nothing changes for None)."""
    if not address:
        yield None
        return
    n = local_workers(address)
    import logging

    from dask.distributed import Client, LocalCluster

    local = None
    try:
        if n is not None:
            local = LocalCluster(n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None,
                                 silence_logs=logging.ERROR)
            client = Client(local)
        else:
            client = Client(address, timeout="10s")
    except (OSError, TimeoutError, ValueError, RuntimeError) as err:
        if local is not None:
            local.close()
        raise KitError(f"--cluster {address}: no Dask cluster could be reached or started there ({err})") from None
    _ACTIVE.append(client)
    try:
        yield client
    finally:
        _ACTIVE.pop()
        client.close()
        if local is not None:
            local.close()


def cluster_chunk(client, games: int, most: int = 200) -> int:
    """Games a task: a few tasks for every worker, so a short run (one seating of a ladder)
    still keeps them all busy. Which games go together changes no result: game k is seed+k."""
    workers = max(1, len(client.scheduler_info()["workers"]))
    return max(1, min(most, -(-games // (4 * workers))))


def play_chunks(client, chunks, play_chunk):
    """Each chunk's games (play, seed, start, stop) played on the cluster by
    play_chunk((play, seed, start, stop)), the same function a local worker runs; yielded in order."""
    if not chunks:
        return
    play = client.scatter(chunks[0][0], broadcast=True, hash=False)
    futures = [client.submit(lambda p, s, a, b: play_chunk((p, s, a, b)), play, seed, a, b, pure=False)
               for _, seed, a, b in chunks]
    done = 0
    try:
        for f in futures:
            yield f.result()
            f.release()
            done += 1
    finally:
        if done < len(futures):     # stopped early (an error, Ctrl-C): the rest is not wanted
            client.cancel(futures[done:])
