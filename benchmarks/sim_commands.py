"""Wall and CPU time of whole `kit sim` commands, as a user runs them: a new process that
loads the game's data, plays the games on worker processes and prints the report.

The goal measured here: `kit sim --game shikoku-duo --games 10000` on two cores in
about the time `kit sim --game karuta --games 5000` takes.

Run from the repository root (or any folder with data/ and layouts/):
    python -m benchmarks.sim_commands [--rounds R] [--workers W] [--against DIR] [--plain] [GAME:GAMES[:cold] ...]

--against DIR runs every command in another checkout of kit too (its own code and data, compiled
in place or not, as it is), side by side with this one, and prints the ratio of this tree to it;
--plain runs both as plain Python (KIT_PURE_PYTHON=1), else each runs what it has compiled.

`:cold` removes the game's kept board (output/cache/, kit/rebuild/cache.py) before each run, as a
first run or a run after a change to the board or the map finds it: shikoku-duo then
computes its board from the map with shapely; without it, the command reads it back.

Each round runs every command once, in turn, so a machine whose other load comes and goes
disturbs them alike; the CPU time is the command's and its workers' (user + system). It
prints every round, the median of each command, and the median ratio of each command to the
first one (the reference) within a round.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

DEFAULT = ("karuta:5000", "shikoku-duo:10000:cold", "shikoku-duo:10000")


def run_once(game: str, games: int, workers: int, cold: bool = False, tree: str | None = None,
             plain: bool = False) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the command and its workers) of one `kit sim`, in the
    checkout `tree` (None: where this runs)."""
    if cold:
        from kit.rebuild import cache
        from kit.games import make_context

        folder = cache.folder(make_context(game).data_dir)
        for kept in folder.glob(f"{game}-*") if folder else ():
            kept.unlink()
    command = [sys.executable, "-m", "kit", "sim", "--game", game, "--games", str(games),
               "--workers", str(workers), "--json"]
    env = dict(os.environ)
    if plain:
        env["KIT_PURE_PYTHON"] = "1"
    if tree is not None:          # `python -m kit` there runs that checkout's kit
        env["PYTHONPATH"] = tree
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, cwd=tree, env=env)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode:
        raise SystemExit(f"{' '.join(command)} failed with exit status {process.returncode}")
    return wall, usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("commands", nargs="*", default=DEFAULT, metavar="GAME:GAMES")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--against", metavar="DIR", help="another checkout of kit, run side by side")
    parser.add_argument("--plain", action="store_true", help="both as plain Python (KIT_PURE_PYTHON=1)")
    args = parser.parse_args()
    cases = [(game, int(games), cold == ["cold"]) for game, games, *cold in (c.split(":") for c in args.commands)]
    if args.against:
        return side_by_side(cases, args)
    names = [f"{game} {games}" + (" cold" if cold else "") for game, games, cold in cases]
    times: dict[str, list] = {name: [] for name in names}
    print(f"kit sim --workers {args.workers}, {args.rounds} rounds; wall / CPU seconds")
    for r in range(args.rounds):
        row = []
        for name, (game, games, cold) in zip(names, cases):
            times[name].append(run_once(game, games, args.workers, cold, plain=args.plain))
            row.append(f"{name}: {times[name][-1][0]:5.2f} / {times[name][-1][1]:5.2f}")
        print(f"  round {r + 1}: " + "   ".join(row))
    ref = names[0]
    for name in names:
        wall = statistics.median(w for w, _ in times[name])
        cpu = statistics.median(c for _, c in times[name])
        line = f"  {name:<22} median {wall:5.2f} s wall, {cpu:5.2f} s CPU"
        if name != ref:
            ratio_wall = statistics.median(a[0] / b[0] for a, b in zip(times[name], times[ref]))
            ratio_cpu = statistics.median(a[1] / b[1] for a, b in zip(times[name], times[ref]))
            line += f"; / {ref}: wall {ratio_wall:.2f}, CPU {ratio_cpu:.2f} (median of the rounds)"
        print(line)


def side_by_side(cases, args) -> None:
    """Each command here and in the other checkout, in turn within every round; the least CPU
    time of the rounds of each (the least disturbed by other load) and their ratio."""
    other = str(Path(args.against).resolve())
    mode = "plain Python" if args.plain else "compiled where each tree is"
    print(f"kit sim --workers {args.workers}, {args.rounds} rounds, {mode}; CPU seconds, this tree / {other}")
    for game, games, cold in cases:
        here, there = [], []
        for _ in range(args.rounds):
            here.append(run_once(game, games, args.workers, cold, plain=args.plain)[1])
            there.append(run_once(game, games, args.workers, cold, tree=other, plain=args.plain)[1])
        print(f"  {game} {games}{' cold' if cold else '':<5}  this tree {min(here):5.2f}   other {min(there):5.2f}"
              f"   ratio {min(here) / min(there):.2f}   (rounds: " + ", ".join(
                  f"{a:.2f}/{b:.2f}" for a, b in zip(here, there)) + ")")


if __name__ == "__main__":
    main()
