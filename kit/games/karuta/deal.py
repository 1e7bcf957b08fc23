"""Dealing: the one function the deal sheets, the simulator and replays share.

`deal_hands(model, players, seed)` is the deal of `kit deal --seed SEED`, and of
game k of `kit sim --seed S` when SEED = S + k.
"""

from __future__ import annotations

import random

from kit.data.errors import KitError
from kit.sim.draws import shuffle


DEALS = ("even", "equal")


def deal_hands(cards: tuple[str, ...], players: int, seed: int, mode: str = "even") -> tuple[tuple[str, ...], ...]:
    """Shuffle `cards` with `seed` and deal them round the table, one at a time.

    `even`: every card is dealt; with 68 cards and 3 players the first two seats get
    23 and the last 22. `equal`: every seat gets the same number, and the cards left
    over at the bottom of the deck are set aside for the game (see `set_aside`).
    The shuffle is the same either way. Each hand is in the order of `cards`.
    """
    if not 2 <= players <= len(cards):
        raise KitError(f"cannot deal {len(cards)} cards to {players} players")
    if mode not in DEALS:
        raise KitError(f"unknown deal {mode!r}; choose one of {', '.join(DEALS)}")
    return tuple(tuple(cards[i] for i in seat) for seat in dealt(len(cards), players, seed, mode))


def dealt(cards: int, players: int, seed: int, mode: str = "even") -> tuple[list[int], ...]:
    """The deal of `deal_hands` as card positions (0 .. cards-1), each hand in ascending
    order; the simulator makes its card masks from these without the names. The
    shuffle moves positions exactly as it moves the cards themselves."""
    deck = list(range(cards))
    shuffle(random.Random(seed), deck)     # random.Random(seed).shuffle(deck), drawn the same
    if mode == "equal":
        deck = deck[:len(deck) - len(deck) % players]
    return tuple(sorted(deck[seat::players]) for seat in range(players))


def set_aside(cards: tuple[str, ...], hands: tuple[tuple[str, ...], ...]) -> tuple[str, ...]:
    """The cards no seat was dealt, in the order of `cards`."""
    dealt = {c for hand in hands for c in hand}
    return tuple(c for c in cards if c not in dealt)
