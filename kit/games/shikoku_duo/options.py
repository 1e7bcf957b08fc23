"""The shikoku-duo rule options (data/shikoku-duo/rules.yaml), with their documented defaults.

Each option names one point the designer's rules leave open; `kit sim --rule
key=value` flips one for a variant run. kit/games/shikoku_duo/rules.py reads them
as a `Rules` value and its docstring says how each default reads the text.
"""

from __future__ import annotations

from kit.data.errors import KitError
from kit.data.options import Option

PLAYERS = (1, 2)


def check_players(players: int) -> int:
    """1 (against the Automa) or 2."""
    if not PLAYERS[0] <= players <= PLAYERS[1]:
        raise KitError(f"--players: shikoku-duo is for 1 (against the Automa) or 2 players, not {players}")
    return players


SPEC = (
    Option("players", 2, "default number of players: 2, or 1 against the Automa (kit sim --players overrides it)",
           kind=int, minimum=PLAYERS[0], maximum=PLAYERS[1]),
    Option("first_drafter", "random",
           "who drafts first in round 1: drawn from the game's seed (random), or always seat 1 (seat1); "
           "it alternates every round after", choices=("random", "seat1")),
    Option("pilgrim_blockers", "figures",
           "what makes a ring space occupied for a pilgrim: any figure on it, a merchant in a coastal "
           "town included (figures), or only the other pilgrim (pilgrims)", choices=("figures", "pilgrims")),
    Option("merchant_path", "simple",
           "a merchant's path of exactly N segments enters no town twice and never returns to its start "
           "(simple), or may double back along a route (walk)", choices=("simple", "walk")),
    Option("paint_plus", "count",
           "the paint_plus wave effect: turns n more tiles and raises the cap to 5+n (count), or only "
           "raises the cap, as the designer's text says of the artist's tile (cap)", choices=("count", "cap")),
    Option("copper_over_top", "lost",
           "copper above the copper track's top (components.yaml copper_max), which only comes once every "
           "gold-slab slot is filled: lost (lost), or counted on past the track, for the tie-break (kept)",
           choices=("lost", "kept")),
    Option("start_town", "", "the town both merchants start in (a town id); empty: the first mountain "
           "town in board.yaml"),
    Option("start_region", "", "the region both artists start in (a region id); empty: the first region "
           "in board.yaml"),
    Option("round_limit", 60, "rounds after which a game that has not ended stops (counted as `limit`)",
           kind=int, minimum=1, maximum=1000),
)
