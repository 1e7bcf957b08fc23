"""What a `kit sim --game shikoku-duo` command pays before its first game: loading the model,
with its board geometry computed from the map (cold) or read from output/cache/ (warm),
beside karuta's command, which computes no geometry.

Run from the repository root:
    python -m benchmarks.shikoku_start [--games N] [--workers W] [--rounds R]

Each round runs, as separate processes of this tree and one after another (so a shared
machine's load falls on all of them alike):
- `kit sim --game karuta --games N/2 --workers W`, the issue's yardstick;
- `kit sim --game shikoku-duo --games N --workers W` with no cache (the file removed first),
  then again with the cache it wrote;
- a process that only imports the model and calls load(), for each game (shikoku-duo cold
  and warm): the time inside it, from before the import to after load().
Wall time and CPU time (the process and its workers) are printed for each, the least of R
rounds (the round the machine's other load disturbed least), with the ratios the issue
asks about; the shikoku-duo results must be the same cold and warm.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}

LOAD = """
import json, sys, time
wall, cpu = time.perf_counter(), time.process_time()
from kit.project import make_context
ctx = make_context(sys.argv[1])
if sys.argv[1] == "karuta":
    from kit.games.karuta.model import load
    load(ctx.data_dir, ctx.rules)
else:
    from kit.games.shikoku_duo.model import load
    load(ctx.data_dir, ctx.rules, ctx.map_path())
geometry = sorted(m for m in ("kit.svgmap", "shapely", "numpy") if m in sys.modules)
print(json.dumps([time.perf_counter() - wall, time.process_time() - cpu, geometry]))
"""


def cache_file() -> Path:
    sys.path.insert(0, str(ROOT))
    from kit import cache
    from kit.games.shikoku_duo.model import CACHE_FILE

    return cache.folder(ROOT / "data" / "shikoku-duo") / CACHE_FILE


def timed(args: list[str]) -> tuple[float, float, bytes]:
    """(wall s, CPU s of the process and its children, stdout) of one command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, *args], cwd=ROOT, env=ENV, capture_output=True, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    cached = cache_file()
    sim = ["-m", "kit", "sim", "--games"]
    karuta = [*sim, str(args.games // 2), "--workers", str(args.workers), "--game", "karuta", "--json"]
    shikoku = [*sim, str(args.games), "--workers", str(args.workers), "--game", "shikoku-duo", "--json"]
    best: dict[str, list] = {}
    results: set[str] = set()

    def note(name, wall, cpu):
        old = best.get(name)
        best[name] = [min(wall, old[0]), min(cpu, old[1])] if old else [wall, cpu]

    for _ in range(args.rounds):
        wall, cpu, _out = timed(karuta)
        note(f"kit sim karuta --games {args.games // 2}", wall, cpu)
        for state in ("cold", "warm"):
            if state == "cold":
                cached.unlink(missing_ok=True)
            wall, cpu, out = timed(shikoku)
            note(f"kit sim shikoku-duo --games {args.games}, {state}", wall, cpu)
            results.add(hashlib.sha256(out).hexdigest())
        for game, state in (("karuta", ""), ("shikoku-duo", "cold"), ("shikoku-duo", "warm")):
            if state == "cold":
                cached.unlink(missing_ok=True)
            _, _, out = timed(["-c", LOAD, game])
            inner_wall, inner_cpu, geometry = json.loads(out)
            note(f"import and load() {game} {state}".rstrip(), inner_wall, inner_cpu)
            if state == "warm" and geometry:
                raise SystemExit(f"a warm load imported {', '.join(geometry)}")

    print(f"least of {args.rounds} rounds, workers {args.workers}; CPU = the process and its workers")
    print(f"{'':48} {'wall s':>8} {'CPU s':>8}")
    for name, (wall, cpu) in best.items():
        print(f"{name:48} {wall:8.3f} {cpu:8.3f}")
    base = best[f"kit sim karuta --games {args.games // 2}"]
    for state in ("cold", "warm"):
        wall, cpu = best[f"kit sim shikoku-duo --games {args.games}, {state}"]
        print(f"shikoku-duo {state} / karuta: wall {wall / base[0]:.2f}, CPU {cpu / base[1]:.2f}")
    print("shikoku-duo results cold and warm:", "the same" if len(results) == 1 else "DIFFER")
    if len(results) != 1:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
