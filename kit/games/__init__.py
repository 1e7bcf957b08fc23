"""The games kit knows. Each is a package under kit/games/ exposing command functions.

A game module may define any of: check(ctx), export(ctx), build(ctx, **opts),
layout(ctx, cards, as_json), deal(ctx, players, seed), sim(ctx, **opts),
replay(ctx, log). The CLI calls only what a game has.
"""

from __future__ import annotations

import importlib

from kit.errors import KitError, did_you_mean

GAMES = {
    "karuta": "kit.games.karuta",
    "tour-de-dice": "kit.games.tour_de_dice",
}


def load_game(name: str):
    if name not in GAMES:
        raise KitError(f"unknown game {name!r}{did_you_mean(name, GAMES)}; kit knows {', '.join(GAMES)}")
    return importlib.import_module(GAMES[name])


def command(name: str, verb: str):
    """The function implementing `kit VERB --game NAME`."""
    fn = getattr(load_game(name), verb, None)
    if fn is None:
        raise KitError(f"{name} has no `{verb}` command")
    return fn
