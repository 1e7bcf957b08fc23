"""The games kit knows. Each is a package under kit/games/ with a COMMANDS table.

COMMANDS maps a verb to a function: check(ctx), export(ctx), build(ctx, **opts),
layout(ctx, cards, as_json), deal(ctx, players, seed), sim(ctx, **opts),
replay(ctx, **opts). The CLI calls only what a game has. (A table rather than
package attributes, because importing a submodule `check.py` would replace a
package-level function named `check`.)
"""

from __future__ import annotations

import importlib

from kit.errors import KitError, did_you_mean

GAMES = {
    "karuta": "kit.games.karuta",
    "tour-de-dice": "kit.games.tour_de_dice",
    "shikoku-duo": "kit.games.shikoku_duo",
}


def lazy(module: str, name: str):
    """A command that imports its module only when called, so `kit check` does not
    pay for the PDF code and `kit sim` not for the map."""

    def run(*args, **kwargs):
        return getattr(importlib.import_module(module), name)(*args, **kwargs)

    return run


def load_game(name: str):
    if name not in GAMES:
        raise KitError(f"unknown game {name!r}{did_you_mean(name, GAMES)}; kit knows {', '.join(GAMES)}")
    return importlib.import_module(GAMES[name])


def command(name: str, verb: str):
    """The function implementing `kit VERB --game NAME`."""
    fn = getattr(load_game(name), "COMMANDS", {}).get(verb)
    if fn is None:
        raise KitError(f"{name} has no `{verb}` command")
    return fn
