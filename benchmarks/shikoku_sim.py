"""Speed of `kit sim --game shikoku-duo`: 10,000 games must cost at most 2.5 times what
karuta's 5,000 cost (the LIMIT below), compiled and as plain Python.

Run from the repository root:
    python -m benchmarks.shikoku_sim [--rounds R] [--games N] [--workers W]

Each round runs, side by side and in turn, `kit sim --game karuta --games N/2` and
`kit sim --game shikoku-duo --games N` as a user runs them (a new process that loads the
data, plays on W worker processes and prints the JSON report), first with the compiled
modules (kit/sim/accel.py: those this tree has built and that are current) and then with
KIT_PURE_PYTHON=1. A command's cost is its CPU time and its workers' (user + system), so
other load on a shared machine matters less than for the wall clock; the rounds alternate
the two games so load that comes and goes disturbs both alike. Before the rounds each game runs
once unmeasured, so what a first run leaves for the next (shikoku-duo's board, worked out from the
map once and kept in output/cache) is not counted in a round. It prints every round, and
for each mode the median CPU of each command, the CPU per game, and the median over the
rounds of the ratio shikoku-duo / karuta within a round, against LIMIT.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys

LIMIT = 2.5         # shikoku-duo's N games against karuta's N/2
MODES = (("compiled", {}), ("plain Python", {"KIT_PURE_PYTHON": "1"}))


def compiled_modules(env: dict) -> list[str]:
    """The modules that run compiled in a `kit` process with this environment."""
    probe = "import json, kit.sim.accel as a; print(json.dumps([n for n, c in a.running_compiled().items() if c]))"
    return json.loads(subprocess.run([sys.executable, "-c", probe], env=env, check=True, capture_output=True,
                                     text=True).stdout)


def cpu_of(game: str, games: int, workers: int, env: dict) -> float:
    """CPU seconds of one `kit sim` (the command and its workers)."""
    command = [sys.executable, "-m", "kit", "sim", "--game", game, "--games", str(games),
               "--workers", str(workers), "--json"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status):
        raise SystemExit(f"{' '.join(command)} failed")
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=10_000, help="shikoku-duo's games (karuta plays half)")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    karuta_games, shikoku_games = args.games // 2, args.games
    # The plain-Python ratio depends on the interpreter (each version speeds up other bytecodes).
    print(f"Python {platform.python_version()} ({platform.python_implementation()}), {os.cpu_count()} CPUs")
    for mode, extra in MODES:
        env = {**os.environ, **extra}
        if not extra:
            env.pop("KIT_PURE_PYTHON", None)
        running = compiled_modules(env)
        print(f"{mode}: " + (", ".join(running) if running else "no module compiled"))
        for game in ("karuta", "shikoku-duo"):      # unmeasured: the caches a first run builds
            cpu_of(game, 1, 1, env)
        rows = []
        for r in range(args.rounds):
            karuta = cpu_of("karuta", karuta_games, args.workers, env)
            shikoku = cpu_of("shikoku-duo", shikoku_games, args.workers, env)
            rows.append((karuta, shikoku))
            print(f"  round {r + 1}: karuta {karuta_games} {karuta:6.2f} s CPU   "
                  f"shikoku-duo {shikoku_games} {shikoku:6.2f} s CPU   ratio {shikoku / karuta:4.2f}")
        k = statistics.median(a for a, _ in rows)
        s = statistics.median(b for _, b in rows)
        ratio = statistics.median(b / a for a, b in rows)
        print(f"  median: karuta {k:6.2f} s ({1000 * k / karuta_games:.3f} ms a game), shikoku-duo {s:6.2f} s "
              f"({1000 * s / shikoku_games:.3f} ms a game); ratio {ratio:.2f} "
              f"({'within' if ratio <= LIMIT else 'OVER'} the limit {LIMIT})")


if __name__ == "__main__":
    main()
