"""The searching player every game has: its budget in the policy grammar, and the search.

`--policy search` plays the game's `search` policy with DEFAULT_PLAYOUTS playouts per
decision; `search:N` gives it N (the one budget option, the same in every game; a
policy that searches nothing refuses a budget). A playout plays the game out from
the position after one candidate move, in a world sampled from what the player may
know (each game's policies.py says how it samples), with the game's own engine and
its rollout policy. The rollout policy's own choice is kept unless a candidate wins
clearly more often (SURE standard errors on the same worlds), so the search starts from
that policy and moves away from it only where the playouts say so.

The budget is spread by sequential halving: every candidate gets an equal share in
the first round, the better half goes on to the next with the same total, and so on,
so a large budget is spent on the candidates that matter. Playout j of every
candidate plays in world j (common random numbers), so candidates are compared on
the same sampled hands, bags and dice, and the choice is a pure function of the
position and the seed the search is given.
"""

from __future__ import annotations

import random
from functools import partial
from math import ceil, log2
from typing import Callable, Sequence

from kit.data.errors import ValueRefused

NAME = "search"
DEFAULT_PLAYOUTS = 64
MOST_PLAYOUTS = 100_000     # per decision: past this a game of a run takes hours


def split(spec: str) -> tuple[str, int | None]:
    """`search:64` -> ("search", 64); a name without a budget -> (name, None)."""
    name, colon, budget = spec.partition(":")
    name = name.strip()
    if not colon:
        return name, None
    budget = budget.strip()
    if name != NAME:
        raise ValueRefused("--policy", spec, f"only {NAME} takes a budget (playouts per move, as in "
                           f"{NAME}:{DEFAULT_PLAYOUTS}); {name} takes none")
    if not budget.isdecimal() or not 1 <= int(budget) <= MOST_PLAYOUTS:
        raise ValueRefused("--policy", spec, f"write {NAME}:N with N playouts per move, a whole number from 1 "
                           f"to {MOST_PLAYOUTS:,}")
    return name, int(budget)


class Registry(dict):
    """A game's policies by name; `search:N` looks up `search` with a budget of N playouts.

    Iterating lists the plain names (what `--policy` offers); `with_budget(policy, n)`
    makes the searching policy of n playouts from the registered one.
    """

    def __init__(self, policies: dict, with_budget: Callable | None = None):
        super().__init__(policies)
        self.with_budget = with_budget or (lambda policy, n: partial(policy, playouts=n))

    def __missing__(self, key):
        if not isinstance(key, str):
            raise KeyError(key)
        name, budget = split(key)
        if budget is None or name not in self.keys():
            raise KeyError(key)
        return self.with_budget(dict.__getitem__(self, name), budget)


def seed_of(rng) -> int:
    """The search's own seed, one draw from the game's generator: the game stays reproducible
    and the search's many draws do not shift the game's own."""
    return rng.getrandbits(64)


def world(seed: int, j: int) -> random.Random:
    """The generator of playout j (its sampled world and the dice it rolls)."""
    return random.Random(f"search {seed} {j}")


# A candidate replaces the policy's own choice only when it wins more often by this many
# standard errors of the paired difference: playouts are noisy, and a search that follows
# the noise plays worse than the policy it starts from: where moves differ by little, as a
# dice count often does in tour-de-dice, the noise would choose.
SURE = 2.0


def choose(candidates: Sequence, playout: Callable[[object, int], float], playouts: int, default: int = 0):
    """The candidate with the best mean of `playout(candidate, j)` over worlds j, the budget
    of `playouts` spread by sequential halving; candidates[default] (the rollout policy's own
    choice) is never dropped, and is kept unless the best beats it by SURE standard errors on
    the same worlds. Ties keep the earlier candidate, so the result depends on nothing but
    the playouts."""
    k = len(candidates)
    if k == 1:
        return candidates[0]
    results: list[list[float]] = [[] for _ in range(k)]
    alive = list(range(k))
    rounds = max(1, ceil(log2(k)))
    for r in range(rounds):
        share = max(1, playouts // (len(alive) * rounds))
        for i in alive:
            got = results[i]
            got.extend(playout(candidates[i], j) for j in range(len(got), len(got) + share))
        if len(alive) <= 2:
            continue
        ranked = sorted(alive, key=lambda i: (-_mean(results[i]), i))
        alive = sorted(set(ranked[:max(2, (len(alive) + 1) // 2)]) | {default})
    best = min(alive, key=lambda i: (-_mean(results[i]), i))
    if best == default:
        return candidates[default]
    diffs = [a - b for a, b in zip(results[best], results[default])]
    m = _mean(diffs)
    if m <= 0:
        return candidates[default]
    var = sum((d - m) ** 2 for d in diffs) / max(1, len(diffs) - 1)
    return candidates[best] if m * m * len(diffs) > SURE * SURE * var else candidates[default]


def _mean(xs) -> float:
    return sum(xs) / len(xs)
