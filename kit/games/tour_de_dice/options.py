"""The tour-de-dice rule options (data/tour-de-dice/rules.yaml), with their documented defaults."""

from __future__ import annotations

from kit.data.options import Option

SPEC = (
    Option("players", 4, "default number of players for kit sim", kind=int, minimum=2, maximum=6),
    Option("dice", 3, "dice each player takes at the start", kind=int, minimum=1, maximum=6),
    Option("breakaway", False, "optional rule ①: swap one 1 (inner) / 2 (outer) course card for the "
           "event card Breakaway (逃げ容認); 3 to 6 players", kind=bool),
    Option("two_colours", False, "optional rule ②: three players, two colours each; the active player "
           "declares which of their colours takes the turn", kind=bool),
    Option("turn_limit", 2000, "a simulated race still running after this many turns stops unfinished "
           "(a safety net; kit sim reports how many)", kind=int, minimum=10),
)

EXCLUSIVE = ("breakaway", "two_colours")
