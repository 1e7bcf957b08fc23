"""Random draws written out, for the engines' inner loops.

Each draws exactly what the random.Random method of its name draws, from the same generator
state, through the public getrandbits (what Random's `_randbelow(n)` does: ask for
`n.bit_length()` bits until the number is below n), without random's Python-level helpers
around each draw: in a compiled engine a game's shuffles and ties cost more through those
than its moves do. kit.sim.accel compiles this module (SHARED), so an engine's call to it
stays a call into C.
"""

from __future__ import annotations

import random


def randrange(rng: random.Random, n: int) -> int:
    """rng.randrange(n) (n > 0): the same number from the same generator state."""
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def choice(rng: random.Random, seq):
    """rng.choice(seq) (seq not empty): the same element from the same generator state."""
    return seq[randrange(rng, len(seq))]


def shuffle(rng: random.Random, items: list) -> None:
    """rng.shuffle(items): the same order from the same generator state."""
    bits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = bits(k)
        while j >= n:
            j = bits(k)
        items[i], items[j] = items[j], items[i]
