"""`kit sim --game tour-de-dice`: many seeded races, their figures as text or JSON, and a PDF report."""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path

from kit.simulate import run_games

from kit.games.tour_de_dice.model import check_players, default_players, load
from kit.games.tour_de_dice.play import make_setup, play_game
from kit.games.tour_de_dice.policies import parse_policies
from kit.games.tour_de_dice.stats import summarise, text


def simulate(ctx, games: int, players: int | None, seed: int, policy: str | None, workers: int | None = None,
             show_progress: bool | None = None) -> dict:
    tour = load(ctx.data_dir, ctx.rules)
    rules = tour.rules
    players = check_players(rules, default_players(rules) if players is None else players)
    policies = parse_policies(policy, players)
    setup = make_setup(tour, players, policies)
    results = run_games(partial(play_game, setup), games, seed, workers, desc="racing",
                        show_progress=show_progress)
    stats = summarise(results, setup)
    stats["seed"] = seed
    stats["rules"] = dict(rules)
    return stats


def sim_command(ctx, games: int, players: int | None, seed: int, policy: str | None, workers: int | None,
                as_json: bool, report: str | None) -> str:
    stats = simulate(ctx, games, players, seed, policy, workers)
    if report:
        from kit.games.tour_de_dice.simreport import write_report
        write_report(ctx, stats, Path(report), header(stats))
    if as_json:
        return json.dumps(stats, ensure_ascii=False, indent=1)
    return text(stats, header(stats)) + (f"\nwrote {report}" if report else "")


def header(stats: dict) -> str:
    on = [k for k in ("breakaway", "two_colours") if stats["rules"][k]]
    return (f"tour-de-dice: {stats['games']} races, {stats['players']} players"
            f"{' (two colours each)' if stats['rules']['two_colours'] else ''}, seed {stats['seed']}, "
            f"policies {','.join(stats['policies'])}, optional rules: {', '.join(on) or 'none'}")
