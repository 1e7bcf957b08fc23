"""`kit sim --game tour-de-dice`: many seeded races, their figures as text or JSON, and a PDF report."""

from __future__ import annotations

from functools import partial

from kit.sim.report import Run, Tally
from kit.sim.simulator import Simulator
from kit.sim.simulate import stream_games

from kit.data.errors import KitError
from kit.games.tour_de_dice.model import check_players, default_players, load
from kit.games.tour_de_dice.play import STANDING, make_setup, play_measured
from kit.games.tour_de_dice.policies import POLICIES, parse_policies
from kit.games.tour_de_dice.stats import MEASURES, figures, lines


def run(ctx, games: int, players: int | None, seed: int, policy: str | None, workers: int | None = None,
        show_progress: bool | None = None, keep=None) -> Run:
    tour = load(ctx.data_dir, ctx.rules)
    rules = tour.rules
    if players is None:
        players = check_players(rules, default_players(rules))
    else:
        try:        # named as karuta's and shikoku-duo's simulators name it
            players = check_players(rules, players)
        except KitError as err:
            raise KitError(f"--players: {err.message}") from None
    setup = make_setup(tour, players, parse_policies(policy, players))
    played = stream_games(partial(play_measured, setup), games, seed, workers, desc="racing",
                          show_progress=show_progress)
    tally = Tally(players, len(MEASURES), keep, STANDING)
    return Run(figures(played, setup, seed, rules, tally), tally)


def simulate(ctx, games: int, players: int | None, seed: int, policy: str | None, workers: int | None = None,
             show_progress: bool | None = None) -> dict:
    """The figures of a run (the shared schema of kit/sim/report.py)."""
    return run(ctx, games, players, seed, policy, workers, show_progress).figures


def subtitle(fig: dict) -> str:
    g, tu = fig["game"], fig["turns"]
    lost = g["dice_lost_per_player"]
    on = [k for k in ("breakaway", "two_colours") if fig["rules"]["options"][k]]
    return (f"optional rules: {', '.join(on) or 'none'} · {g['finished']} of {fig['games']} races finished · "
            f"turns median {_num(tu['median'])} (p5 {_num(tu['p5'])}, p95 {_num(tu['p95'])}) · passes per game "
            f"{g['passes_per_game']:.2f} · dice lost per player: mean {lost['mean']:.2f}, by seat "
            + ", ".join(f"{x:.2f}" for x in lost["by_seat"]))


def _num(x) -> str:
    return "–" if x is None else f"{x:g}"


SIM = Simulator(name="tour-de-dice", title="Tour de Dice", unit="races", measures=MEASURES, run=run,
                lines=lines, subtitle=subtitle, report="kit.games.tour_de_dice.simreport",
                policies=tuple(POLICIES))
