"""The karuta rule options (data/karuta/rules.yaml), with their documented defaults.

Each option names one choice the designer's rules leave open or may want to vary;
`kit sim --rule key=value` flips one for a variant run. The rules engine
(kit/games/karuta/rules.py) reads them as a `Rules` value; every option changes
how a game is played or scored, and tests/test_karuta_rules.py shows how.
"""

from __future__ import annotations

from kit.data.errors import KitError
from kit.data.options import Option

PLAYERS = (2, 4)


def check_players(players: int) -> int:
    """A table size the game is for (the deal sheets and the simulator share this)."""
    if not PLAYERS[0] <= players <= PLAYERS[1]:
        raise KitError(f"--players: karuta is for {PLAYERS[0]} to {PLAYERS[1]} players, not {players}")
    return players

SPEC = (
    Option("players", 4, "default number of players (kit sim --players overrides it)",
           kind=int, minimum=PLAYERS[0], maximum=PLAYERS[1]),
    Option("deal", "even",
           "how the 68 cards are dealt: all of them, as evenly as possible, the first seats "
           "taking the extra cards (even); or the same number to every seat, the few left over "
           "set aside unseen for the whole game (equal). Only 3 players see a difference.",
           choices=("even", "equal")),
    Option("first_card", "any",
           "the game's first card: any card (any), any card on a highway (highway), or Musashi, "
           "played by whoever holds it (musashi; not with deal=equal, which may set it aside). A highway "
           "first card may be followed by a chain in the same turn.", choices=("any", "highway", "musashi")),
    Option("joins", "along",
           "which highway lines a placed card joins: only those of the highways it was played "
           "along, a chain switching onto another highway at a crossing only for a card it cannot "
           "reach by carrying on (along); or every line it is next on, whatever route it came by "
           "(every_line)", choices=("along", "every_line")),
    Option("open_highway", "crossing_only",
           "how a highway with no card on the board gets started: only where one of its provinces "
           "comes onto the board some other way - the first card, a crossing reached along another "
           "highway - and a chain switches onto it there (crossing_only); or also by playing any "
           "of its provinces next to a province on the board - by a border, a highway leg or a sea "
           "route - which a chain may follow (neighbour; a departure from the written rules, which "
           "let only provinces on no highway in by adjacency)",
           choices=("crossing_only", "neighbour")),
    Option("direction", "second_card",
           "how a highway line's direction is fixed when its first card lands mid-highway: the "
           "second card played along it, on either side, fixes it and the other side is behind the "
           "start (second_card); the start grows outwards on both sides, each side one way "
           "(both_ways); or lines always grow away from the highway's origin (origin)",
           choices=("second_card", "both_ways", "origin")),
    Option("behind_start", "dead",
           "highway cards behind a line's start (not ahead of any line on any of their highways): "
           "never playable (dead), or playable like an off-highway card, one card next to a "
           "province on the board (adjacency)", choices=("dead", "adjacency")),
    Option("crossing", "new_line",
           "a crossing card reaching a highway whose line is elsewhere (it came along another "
           "highway): it starts a second line of that highway, so a chain may switch there "
           "(new_line); it waits and the line passes over it when it gets there (pass_through); "
           "or the line stops there for good (block)",
           choices=("new_line", "pass_through", "block")),
    Option("chain_limit", 0, "most cards in one highway chain; 0 means no limit",
           kind=int, minimum=0, maximum=68),
    Option("passing", "when_stuck",
           "a player may pass only when they cannot play (when_stuck) or on any turn (any_time)",
           choices=("when_stuck", "any_time")),
    Option("round_start", "random",
           "who starts each round: a die roll (random), the seat after last round's starter "
           "(rotate), or last round's starter again, i.e. plain turn order (fixed)",
           choices=("random", "rotate", "fixed")),
    Option("stall", "fewest_cards",
           "when every player passes in a row: the fewest cards left wins (fewest_cards), or "
           "nobody wins (no_winner)", choices=("fewest_cards", "no_winner")),
    Option("tie_break", "shared",
           "a stall tie between players with equally few cards: each tied player gets an equal "
           "share of the win (shared), or the tied player who played a card most recently wins "
           "(last_played)", choices=("shared", "last_played")),
)
