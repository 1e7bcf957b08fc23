"""Dealing: the one function the deal sheets, the simulator and replays share.

`deal_hands(model, players, seed)` is the deal of `kit deal --seed SEED`, and of
game k of `kit sim --seed S` when SEED = S + k.
"""

from __future__ import annotations

import random

from kit.errors import KitError


def deal_hands(cards: tuple[str, ...], players: int, seed: int) -> tuple[tuple[str, ...], ...]:
    """Shuffle `cards` with `seed` and deal them round the table, one at a time.

    With 68 cards and 3 players the first two seats get 23 and the last 22: as even
    as possible. Each hand is returned in the order of `cards` (card number order).
    """
    if not 2 <= players <= len(cards):
        raise KitError(f"cannot deal {len(cards)} cards to {players} players")
    deck = list(cards)
    random.Random(seed).shuffle(deck)
    order = {c: i for i, c in enumerate(cards)}
    return tuple(tuple(sorted(deck[seat::players], key=order.__getitem__)) for seat in range(players))
