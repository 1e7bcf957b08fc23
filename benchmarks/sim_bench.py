"""How fast `kit sim --game karuta` plays: games per second, workers 1 and 2, and linearity;
and what Python's cyclic garbage collector costs every game's runs.

Goal: 5000 four-player games in under 10 s with both cores of a 2-core machine.
Run from the repository root:  python -m benchmarks.sim_bench [DATA_DIR]
Only the collector's figures:  python -m benchmarks.sim_bench --collector [GAMES] [ROUNDS]

The collector's figures: kit/sim/simulate.py's run_games freezes what existed before the games
(gc.freeze) while they play, so the collector's full passes walk only what the games made.
Each case (the default run of `kit sim --game G`, and shikoku-duo's solo game) plays GAMES
games from a new setup (its caches empty, as in a new worker) both ways in this one process:
through run_games, and as run_games played them before, a plain loop. Rounds alternate the
two and the least CPU time of each counts (the round the machine's other load disturbed
least), and both ways must give the same results. Beside the whole game's CPU time (whose
ratio a loaded machine blurs by several per cent) it prints the CPU time spent inside the
collector's passes (gc.callbacks), the figure that shows the effect.
"""

from __future__ import annotations

import gc
import sys
import time
from functools import partial
from pathlib import Path

from kit.games.karuta.model import load
from kit.games.karuta.sim import make_setup, simulate

ROOT = Path(__file__).resolve().parent.parent


def timed(setup, games: int, workers: int) -> float:
    start = time.perf_counter()
    simulate(setup, games, seed=1, workers=workers, show_progress=False)
    return time.perf_counter() - start


def collector_cases():
    """(name, make a new setup's play(seed)) of each case of the collector's figures."""
    from kit.games import make_context
    from kit.games.karuta import sim as karuta
    from kit.games.shikoku_duo import sim as shikoku
    from kit.games.tour_de_dice.model import default_players, load as load_tour
    from kit.games.tour_de_dice.play import make_setup as tour_setup, play_game
    from kit.games.tour_de_dice.policies import parse_policies

    ctx = make_context("karuta")
    karuta_model = load(ctx.data_dir, ctx.rules)
    ctx_s = make_context("shikoku-duo")
    shikoku_model = shikoku.load_model(ctx_s)
    ctx_t = make_context("tour-de-dice")
    tour = load_tour(ctx_t.data_dir, ctx_t.rules)
    seats = default_players(tour.rules)

    def shikoku_play(players):
        return partial(shikoku.play_seeded, shikoku.make_setup(shikoku_model, ctx_s.data_dir, players, None))
    return (("karuta", lambda: partial(karuta.play_seeded, karuta.make_setup(karuta_model, None, None))),
            ("shikoku-duo", lambda: shikoku_play(None)),
            ("shikoku-duo --players 1", lambda: shikoku_play(1)),
            ("tour-de-dice", lambda: partial(play_game, tour_setup(tour, seats, parse_policies(None, seats)))))


class CollectorClock:
    """CPU seconds spent inside the collector's passes (gc.callbacks), and how many passes.
    Little disturbed by the machine's other load, unlike the whole run's CPU time."""

    def __init__(self):
        self.seconds, self.passes, self._start = 0.0, 0, 0.0

    def __call__(self, phase, info):
        if phase == "start":
            self._start = time.process_time()
        else:
            self.seconds += time.process_time() - self._start
            self.passes += 1

    def __enter__(self):
        gc.callbacks.append(self)
        return self

    def __exit__(self, *exc):
        gc.callbacks.remove(self)


def collector_cpu(make_play, games: int, through_run_games: bool) -> tuple[float, float, int, list]:
    """(CPU seconds, of them inside the collector, its passes, results) of seeds 1..games
    from a new setup, through run_games or as it played them before (a plain loop)."""
    from kit.sim.simulate import run_games
    play = make_play()
    gc.collect()
    with CollectorClock() as clock:
        start = time.process_time()
        if through_run_games:
            results = run_games(play, games, 1, workers=1, show_progress=False)
        else:
            results = [play(1 + k) for k in range(games)]
        seconds = time.process_time() - start
    return seconds, clock.seconds, clock.passes, results


def collector_figures(games: int = 3000, rounds: int = 3) -> None:
    print(f"the cyclic collector: {games} games from seed 1 in this process, least CPU of {rounds} rounds, "
          f"before (a plain loop) -> run_games now (what existed before the games frozen)")
    for name, make_play in collector_cases():
        best = {False: float("inf"), True: float("inf")}
        inside = {False: float("inf"), True: float("inf")}
        passes, results = {}, {}
        for r in range(rounds):
            for way in ((False, True) if r % 2 == 0 else (True, False)):
                seconds, gc_seconds, passes[way], results[way] = collector_cpu(make_play, games, way)
                best[way] = min(best[way], seconds)
                inside[way] = min(inside[way], gc_seconds)
        same = "same results" if results[False] == results[True] else "RESULTS DIFFER"
        ms = lambda s: f"{1000 * s / games:.4f}"
        print(f"  {name:<24} a game {ms(best[False])} -> {ms(best[True])} ms CPU ({best[False] / best[True]:.3f}x); "
              f"inside the collector {ms(inside[False])} -> {ms(inside[True])} ms "
              f"({passes[False]} -> {passes[True]} passes)  {same}")


def main() -> None:
    if sys.argv[1:2] == ["--collector"]:
        collector_figures(*(int(a) for a in sys.argv[2:4]))
        return
    data = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "data" / "karuta"
    model = load(data)
    print(f"data: {data}")
    for policy in ("greedy", "random", "foresight", "greedy,random,foresight,greedy"):
        setup = make_setup(model, 4, policy)
        rate = 1000 / timed(setup, 1000, 1)
        print(f"{policy:<32} 1 worker: {rate:6.0f} games/s  ({1000 / rate:.2f} ms a game)")
    setup = make_setup(model, 4, "greedy")
    print("linearity (greedy, 1 worker):")
    for games in (1000, 2000, 4000):
        seconds = timed(setup, games, 1)
        print(f"  {games:5d} games: {seconds:6.2f} s  = {1000 * seconds / games:.3f} ms a game")
    for workers in (1, 2):
        seconds = timed(setup, 5000, workers)
        print(f"5000 games, greedy, {workers} worker{'s' if workers > 1 else ''}: {seconds:5.2f} s "
              f"({5000 / seconds:.0f} games/s){'  goal < 10 s' if workers == 2 else ''}")
    collector_figures()


if __name__ == "__main__":
    main()
