"""The web table's speed goals (`kit play`): interactive within 1 s on localhost, an AI move
under 200 ms, server memory bounded over 100 consecutive games.

Run from the repository (KIT_MAP naming the map if it is not beside the repository):
    python benchmarks/play_table.py [--games N] [--game GAME ...]
Prints, per game:
- the table's start (the match opened and its board drawn), and time to interactive: from
  the page requested in headless Chromium to the first table drawn from the WebSocket's
  state (median of 5 loads);
- AI move time: every AI decision of whole all-AI games (the policy's choice and the
  engine applying it, the save written), median, p95 and max in ms;
- the process's resident memory after 1, 10 and N consecutive all-AI games played through
  the session (the saves written, the browser's view made after every move).
"""

from __future__ import annotations

import argparse
import importlib
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from kit.draw import fonts
from kit.play.command import start_thread
from kit.play.server import Table
from kit.play.session import Seats, Session
from kit.games import make_context

GAMES = ("karuta", "tour-de-dice", "shikoku-duo")
PLAYERS = {"karuta": 2, "tour-de-dice": 2, "shikoku-duo": 1}


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def table_module(game: str):
    return importlib.import_module(f"kit.games.{game.replace('-', '_')}.table")


def interactive(game: str, folder: Path) -> tuple[float, list[float]]:
    from playwright.sync_api import sync_playwright
    ctx = make_context(game)
    t0 = time.perf_counter()
    match = table_module(game).Match(ctx, PLAYERS[game], None, 1)
    session = Session(match, Seats.new((0,)), folder / f"{game}.yaml")
    table = Table(session, 0.0, fonts.font_path(None))
    start = time.perf_counter() - t0
    server, base = start_thread(table)
    loads = []
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        for _ in range(5):
            page = browser.new_page(viewport={"width": 390, "height": 844})
            t = time.perf_counter()
            page.goto(base + "?t=" + session.seats.host_token())
            page.wait_for_function("document.body.dataset.mine === '1'")
            loads.append(time.perf_counter() - t)
            page.close()
        browser.close()
    server.should_exit = True
    return start, loads


def ai_games(game: str, games: int, folder: Path):
    ctx = make_context(game)
    module = table_module(game)
    times, memory = [], {}
    for seed in range(1, games + 1):
        session = Session(module.Match(ctx, PLAYERS[game], None, seed), Seats.new(()), folder / f"{game}-{seed}.yaml")
        while session.ai_to_move():
            t = time.perf_counter()
            session.ai_step()
            times.append(time.perf_counter() - t)
            session.view(None)
        if seed in (1, 10, games):
            memory[seed] = rss_mb()
    return times, memory


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--game", action="append", choices=GAMES)
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        for game in args.game or GAMES:
            start, loads = interactive(game, Path(tmp))
            print(f"{game}: table opened and board drawn in {start * 1000:.0f} ms; time to interactive "
                  f"median {statistics.median(loads) * 1000:.0f} ms (max {max(loads) * 1000:.0f}) over {len(loads)} loads")
            times, memory = ai_games(game, args.games, Path(tmp))
            ms = sorted(t * 1000 for t in times)
            print(f"  AI move: median {statistics.median(ms):.2f} ms, p95 {ms[int(len(ms) * 0.95)]:.2f}, "
                  f"max {ms[-1]:.2f} over {len(ms)} moves")
            print("  resident memory after " + ", ".join(f"{k} game{'s' if k > 1 else ''}: {v:.0f} MB"
                                                        for k, v in memory.items()))
            sys.stdout.flush()


if __name__ == "__main__":
    main()
