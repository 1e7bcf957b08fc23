"""CPU time per simulated game, this tree against an earlier revision, side by side.

Run from the repository root:
    python benchmarks/speed_ratio.py --base REV [--games N] [--rounds R] [--game GAME] [--instructions]

The base revision's `kit` and `data` are unpacked (git archive) into a temporary
folder. Each case is then played by both engines in separate processes on the base
revision's data, with every rule spelled out, alternating base and current for R
rounds; the least CPU time of the rounds counts (process time, so other load on the
machine matters less). Both must produce the same results - the script says so for
every case - and the ratio base / current is the speed-up. A case whose results differ
(a rule or a policy changed between the two) is still timed, and said to differ: its
ratio then compares engines that play differently, and is only a guide.

With --instructions each engine is run once under valgrind's callgrind instead, and the
figure is machine instructions per game: a count, so it does not move with other load
on a shared machine (but it weighs every instruction alike, so it is a guide to CPU
time, not a measure of it). It counts N games and N/6 games and divides the difference
by the games between, which leaves out start-up and imports. Needs `valgrind` on PATH;
about a minute per case at the default 300 games.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

KARUTA_RULES = (("deal", "even"), ("first_card", "any"), ("joins", "along"), ("open_highway", "neighbour"),
                ("direction", "second_card"), ("behind_start", "dead"), ("crossing", "new_line"),
                ("chain_limit", "0"), ("passing", "when_stuck"), ("round_start", "random"),
                ("stall", "fewest_cards"), ("tie_break", "shared"))
DESIGNER = (("chain_limit", "1"), ("behind_start", "adjacency"), ("crossing", "pass_through"))

CASES = (
    ("karuta", "greedy", ()), ("karuta", "random", ()), ("karuta", "foresight", ()),
    ("karuta", "greedy,random,foresight,greedy", ()), ("karuta", "random", DESIGNER),
    ("tour-de-dice", "bold", ()), ("tour-de-dice", "bold,careful,patient,drafting", ()),
    ("tour-de-dice", "bold,careful,patient,drafting,bold", (("breakaway", "on"),)),
)



WORKER = r"""
import hashlib, json, sys, time
from pathlib import Path
game, policy, rules, data, games = sys.argv[1], sys.argv[2], json.loads(sys.argv[3]), Path(sys.argv[4]), int(sys.argv[5])
rules = tuple(tuple(r) for r in rules)
if game == "karuta":
    from kit.games.karuta.model import load
    from kit.games.karuta.sim import make_setup, play_dealt
    setup = make_setup(load(data / "karuta", rules), 4, policy)
    play = lambda seed: play_dealt(setup, None, seed)
    key = lambda r: (r.turns, r.passes, r.stalled, r.wins, r.left, r.stuck)
else:
    from kit.games.tour_de_dice.model import load
    from kit.games.tour_de_dice.play import make_setup, play_game
    from kit.games.tour_de_dice.policies import parse_policies
    tour = load(data / "tour-de-dice", rules)
    players = 5 if ("breakaway", "on") in rules else 4
    setup = make_setup(tour, players, parse_policies(policy, players))
    play = lambda seed: play_game(setup, seed)
    key = lambda r: (r.winner, r.turns, r.start, r.passes, r.lost, r.gap_spaces, r.gap_cost, r.leader,
                     r.held_moves, r.held_turns)
play(0)
start = time.process_time()
results = [play(seed) for seed in range(1, games + 1)]
cpu = time.process_time() - start
print(json.dumps({"cpu": cpu, "results": hashlib.sha256(repr([key(r) for r in results]).encode()).hexdigest()}))
"""


def unpack(rev: str, into: Path) -> None:
    blob = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "kit", "data"], check=True,
                          capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(blob)) as tar:
        tar.extractall(into, filter="data")


def worker_env(code_root: Path) -> dict:
    """A bare environment, passing on KIT_PURE_PYTHON (this tree's compiled modules off)."""
    env = {"PYTHONPATH": str(code_root), "PYTHONHASHSEED": "0", "PATH": ""}
    if os.environ.get("KIT_PURE_PYTHON"):
        env["KIT_PURE_PYTHON"] = "1"
    return env


def compiled_here() -> str:
    """Which of this tree's modules run compiled (kit/sim/accel.py), as the workers will find them."""
    out = subprocess.run([sys.executable, "-c", "import json, kit.sim.accel as a; print(json.dumps([n for n, c in a.running_compiled().items() if c]))"],
                         check=True, capture_output=True, text=True, cwd=ROOT, env=worker_env(ROOT)).stdout
    names = json.loads(out)
    return ("this tree runs compiled: " + ", ".join(names)) if names else "this tree runs as plain Python"


def run(code_root: Path, data: Path, game: str, policy: str, rules, games: int) -> dict:
    out = subprocess.run([sys.executable, "-c", WORKER, game, policy, json.dumps(rules), str(data), str(games)],
                         check=True, capture_output=True, text=True, cwd=code_root,
                         env=worker_env(code_root))
    return json.loads(out.stdout)


def instructions(code_root: Path, data: Path, game: str, policy: str, rules, games: int) -> dict:
    """{"instructions": per game, "results": fingerprint of the games} by callgrind."""
    valgrind = shutil.which("valgrind")
    if not valgrind:
        sys.exit("--instructions needs valgrind on PATH")
    few = max(1, games // 6)
    counts = []
    for n in (few, games):
        out = subprocess.run([valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c",
                              WORKER, game, policy, json.dumps(rules), str(data), str(n)],
                             check=True, capture_output=True, text=True, cwd=code_root,
                             env=worker_env(code_root))
        counts.append(int(re.search(r"Collected : (\d+)", out.stderr).group(1)))
    return {"instructions": (counts[1] - counts[0]) / (games - few), "results": json.loads(out.stdout)["results"]}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", required=True, help="the git revision to compare this tree with")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--game", choices=("karuta", "tour-de-dice"), help="only this game's cases")
    parser.add_argument("--instructions", action="store_true",
                        help="count machine instructions per game with callgrind instead of timing")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        unpack(args.base, base)
        data = base / "data"
        print(compiled_here() + " (KIT_PURE_PYTHON=1: none; see kit/sim/accel.py)")
        if args.instructions:
            print(f"base {args.base} against this tree; {args.games} games a case, "
                  "M instructions per game (callgrind)")
        else:
            print(f"base {args.base} against this tree; {args.games} games a case, best of {args.rounds} rounds, "
                  "CPU ms per game")
        for game, policy, extra in CASES:
            if args.game and game != args.game:
                continue
            rules = (KARUTA_RULES if game == "karuta" else ()) + extra
            old, new = [], []
            if args.instructions:
                old.append(instructions(base, data, game, policy, rules, args.games))
                new.append(instructions(ROOT, data, game, policy, rules, args.games))
                a, b = (rs[0]["instructions"] / 1e6 for rs in (old, new))
            else:
                for _ in range(args.rounds):
                    old.append(run(base, data, game, policy, rules, args.games))
                    new.append(run(ROOT, data, game, policy, rules, args.games))
                a, b = (min(r["cpu"] for r in rs) * 1000 / args.games for rs in (old, new))
            same = len({r["results"] for r in old + new}) == 1
            label = ",".join(f"{k}={v}" for k, v in extra) or "-"
            verdict = "same results" if same else "RESULTS DIFFER"
            print(f"{game:<13} {policy:<31} {label:<45} base {a:6.2f}  now {b:6.2f}  ×{a / b:4.1f}  {verdict}")


if __name__ == "__main__":
    main()
