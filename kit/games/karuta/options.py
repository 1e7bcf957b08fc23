"""The karuta rule options (data/karuta/rules.yaml), with their documented defaults."""

from __future__ import annotations

from kit.options import Option

SPEC = (
    Option("players", 4, "default number of players", kind=int, minimum=2, maximum=4),
    Option("deal", "even", "how the 68 cards are dealt: even (as evenly as possible, the extra "
           "cards to the first seats)", choices=("even",)),
    Option("first_card", "any", "the game's first card: any card (any) or Musashi (musashi)",
           choices=("any", "musashi")),
    Option("direction", "second_card", "how a highway line's direction is fixed: by its second card "
           "(second_card) or always away from the highway's origin (origin)",
           choices=("second_card", "origin")),
    Option("round_start", "random", "who starts each round: a random seat (random) or the next seat "
           "in turn (rotate)", choices=("random", "rotate")),
    Option("stall", "fewest_cards", "when every player passes in a row: the fewest cards wins",
           choices=("fewest_cards",)),
    Option("tie_break", "shared", "a stall tie between players with equally few cards: shared win "
           "(shared) or the tied player who played last (last_played)", choices=("shared", "last_played")),
)
