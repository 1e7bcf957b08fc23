"""Random draws written out, for the simulators' inner loops.

`below(rng.getrandbits, n)` is the draw `random.Random` makes for `rng.randrange(n)` and
`rng.choice(seq)` (`seq[below(rng.getrandbits, len(seq))]`): its `_randbelow(n)` asks for
`n.bit_length()` bits until the number is below n. Written out, it is one call where the
library's path is two or three deep, and the same seed still gives the same games.
"""


def below(bits, n: int) -> int:
    """Random._randbelow(n) (n > 0) of the Random whose getrandbits is `bits`."""
    k = n.bit_length()
    r = bits(k)
    while r >= n:
        r = bits(k)
    return r
