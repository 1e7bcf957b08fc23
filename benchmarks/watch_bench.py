"""`kit build --game karuta --watch`: the time from saving a province's furigana to the new
cards.pdf (goal: under 1 s on 2 cores).

Run from the repository:
    python benchmarks/watch_bench.py [--saves N]
Copies data/ and layouts/ to a temporary project, watches it as `--watch` does, and saves
provinces.yaml N times with 山城's furigana changed; each time it measures, from the save
to the moment the rewritten cards.pdf (differing from the last) is in place, the wall time
and the CPU time of this process (the watcher's threads included). It does so twice in the
same run, the watch rebuilding every product on each save (as before kit.rebuild.memo) and then only
the steps whose inputs changed (`kit build --watch` today), saves alternating between the
two so that a shared machine's load falls on both alike.
"""

from __future__ import annotations

import argparse
import os
import queue
import shutil
import statistics
import tempfile
import threading
import time
from pathlib import Path

from kit.games import command
from kit.games import make_context
from kit.rebuild.watch import watch

GOAL_S = 1.0
ROOT = Path(__file__).resolve().parent.parent


class Watched:
    """A temporary karuta project with a watch running on it."""

    def __init__(self, tmp: Path, incremental: bool):
        shutil.copytree(ROOT / "data", tmp / "data")
        shutil.copytree(ROOT / "layouts", tmp / "layouts")
        self.tmp, self.out = tmp, tmp / "out"
        self.built: queue.Queue = queue.Queue()
        self.provinces = tmp / "data" / "karuta" / "provinces.yaml"
        self.text = self.provinces.read_text(encoding="utf-8")
        build_fn = command("karuta", "build")
        self.last = None

        def build():
            build_fn(make_context("karuta", out=str(self.out)))
            self.built.put((time.perf_counter(), time.process_time()))

        self.stop = threading.Event()
        self.runner = threading.Thread(target=watch, args=(
            [tmp / "data" / "karuta", tmp / "layouts"], build, lambda s: None, self.stop),
            kwargs={"incremental": incremental})
        self.runner.start()
        self.built.get(timeout=300)

    def save(self, n: int) -> tuple[float, float]:
        kana = "やましろ" if n % 2 else "やまじろ"
        before = (self.out / "cards.pdf").read_bytes()
        wall, cpu = time.perf_counter(), time.process_time()
        self.provinces.write_text(self.text.replace("kana: やましろ", f"kana: {kana}", 1), encoding="utf-8")
        done_wall, done_cpu = self.built.get(timeout=300)
        assert (self.out / "cards.pdf").read_bytes() != before, "cards.pdf was not rewritten"
        return done_wall - wall, done_cpu - cpu

    def close(self) -> None:
        self.stop.set()
        self.runner.join()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--saves", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        os.chdir(tmp)       # make_context finds the project in the working folder
        runs = {}
        for mode, incremental in (("every product", False), ("changed steps", True)):
            (tmp / mode).mkdir()
            os.chdir(tmp / mode)
            runs[mode] = (Watched(tmp / mode, incremental), [])
        for n in range(args.saves):
            for mode, (w, times) in runs.items():
                os.chdir(w.tmp)
                times.append(w.save(n))
                print(f"save {n + 1}, {mode:>13}: new cards.pdf after {times[-1][0]:.2f} s "
                      f"(CPU {times[-1][1]:.2f} s)")
        for w, _ in runs.values():
            w.close()
        os.chdir(ROOT)
    med = {mode: (statistics.median(t[0] for t in times), statistics.median(t[1] for t in times))
           for mode, (_, times) in runs.items()}
    for mode, (wall, cpu) in med.items():
        print(f"{mode:>13}: median {wall:.2f} s wall, {cpu:.2f} s CPU over {args.saves} saves")
    old, new = med["every product"], med["changed steps"]
    print(f"ratio (every product / changed steps): wall {old[0] / new[0]:.1f}×, CPU {old[1] / new[1]:.1f}×; "
          f"goal under {GOAL_S:g} s: {'met' if new[0] < GOAL_S else 'NOT met'} (the machine may be shared)")


if __name__ == "__main__":
    main()
