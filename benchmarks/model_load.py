"""What a game's command pays before its first game: importing the game's model and load(),
for karuta and for shikoku-duo with its board computed from the map (cold) or read back
from output/cache/ (warm, kit/rebuild/cache.py). Whole `kit sim` commands, cold and warm, are timed
by benchmarks/sim_commands.py.

Run from the repository root:
    python -m benchmarks.model_load [--rounds R]

Each round runs one new process per case, in turn (so a shared machine's load falls on
them alike), and each process times itself from before the import to after load(): wall
and CPU (every thread of the process). Prints the least of R rounds (the round the
machine's other load disturbed least) and refuses a warm load that imported kit.layout.svgmap,
shapely or numpy.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

LOAD = """
import json, sys, time
wall, cpu = time.perf_counter(), time.process_time()
from kit.games import make_context
ctx = make_context(sys.argv[1])
if sys.argv[1] == "karuta":
    from kit.games.karuta.model import load
    load(ctx.data_dir, ctx.rules)
else:
    from kit.games.shikoku_duo.model import load
    load(ctx.data_dir, ctx.rules, ctx.map_path())
geometry = sorted(m for m in ("kit.layout.svgmap", "shapely", "numpy") if m in sys.modules)
print(json.dumps([time.perf_counter() - wall, time.process_time() - cpu, geometry]))
"""

CASES = (("karuta", ""), ("shikoku-duo", "cold"), ("shikoku-duo", "warm"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from kit.rebuild import cache
    from kit.games.shikoku_duo.boardcache import CACHE_FILE

    kept = cache.folder(ROOT / "data" / "shikoku-duo") / CACHE_FILE
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    best: dict[str, list] = {}
    for _ in range(args.rounds):
        for game, state in CASES:
            if state == "cold":
                kept.unlink(missing_ok=True)
            out = subprocess.run([sys.executable, "-c", LOAD, game], cwd=ROOT, env=env, capture_output=True,
                                 check=True).stdout
            wall, cpu, geometry = json.loads(out)
            if state == "warm" and geometry:
                raise SystemExit(f"a warm load imported {', '.join(geometry)}")
            name = f"{game} {state}".strip()
            best[name] = [min(wall, best[name][0]), min(cpu, best[name][1])] if name in best else [wall, cpu]
    print(f"import and load(), least of {args.rounds} rounds:")
    for name, (wall, cpu) in best.items():
        print(f"  {name:18} {wall:6.3f} s wall, {cpu:6.3f} s CPU")


if __name__ == "__main__":
    main()
