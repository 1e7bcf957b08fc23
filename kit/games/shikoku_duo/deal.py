"""The deal of one seed: everything the engine draws from it, for `kit deal`'s sheet.

`deal(t, rules, seed)` reads it off the engine itself (rules.setup and rules.goods_order),
so the sheet a table sets up and draws from is the game `kit replay` checks, and the one
game k of `kit sim --seed S` plays when S + k = seed. The dice are not in it: at the
table they are real dice, and the log records what they showed.
"""

from __future__ import annotations

from dataclasses import dataclass

from kit.games.shikoku_duo import rules as R


@dataclass(frozen=True)
class Deal:
    seed: int
    first: int                                  # seat (0-based) drafting first in round 1
    shops: tuple[tuple[int, int], ...]          # (coastal town, shop token) in ring order
    sides: tuple[int, int, int]                 # per character: its wave tile's side up (0 = A)
    tiles: tuple[tuple[int, ...], ...]          # per seat: painting types, slot 1 first
    goods: tuple[int, ...]                      # the goods order (kinds): the sheet's numbers 1, 2, ...


def deal(t: R.Tables, rules: R.Rules, seed: int) -> Deal:
    s = R.setup(t, rules, seed)
    return Deal(seed, s.first, tuple((town, s.shops[town]) for town in t.coastal), s.sides,
                tuple(p.paintings for p in s.players), R.goods_order(t.goods_counts, seed))

