"""Which policy plays each seat: the `--policy` grammar every game shares.

`--policy` has one grammar in every game (`seat_policies`): a single name plays
every seat; a comma list gives one policy per seat and must name exactly as many as
there are players; `name*k` stands for k seats of that policy, so
`greedy*2,random*2` is `greedy,greedy,random,random`. `search:N` is the searching
policy with a budget of N playouts per move (kit/sim/search.py), e.g. `search:200,greedy*3`;
no other policy takes a budget.
"""

from __future__ import annotations

from typing import Sequence

from kit.data.errors import ValueRefused, did_you_mean, quoted
from kit.sim import search


def seat_policies(spec: str | None, players: int, known: Sequence[str], default: str) -> tuple[str, ...]:
    """Policy names per seat from `--policy`: `greedy` (every seat), `greedy,random,...` (one
    per seat), with `name*k` for k seats in a row and `search:N` for a search budget."""
    names: list[str] = []
    for part in (spec if spec is not None else default).split(","):
        name, star, count = part.strip().partition("*")
        name, budget = search.split(name)
        k = 1
        if star:
            if not count.strip().isdecimal() or int(count) < 1:
                raise ValueRefused("--policy", spec, f"{quoted(part.strip())}: write NAME*K with K a whole number of "
                                   f"seats, e.g. {name or default}*2")
            k = int(count) if len(count.strip()) <= 6 else players + 1   # no table seats a million
            if len(names) + k > players:
                raise ValueRefused("--policy", spec, f"names more seats than the {players} players: give one policy "
                                   f"for every seat or one per seat (NAME*K repeats one); policies: {', '.join(known)}")
        if not name:
            raise ValueRefused("--policy", spec, f"an empty name; policies: {', '.join(known)}")
        if name not in known:
            raise ValueRefused("--policy", spec, f"unknown policy {quoted(name)}{did_you_mean(name, known)}; "
                               f"policies: {', '.join(known)}")
        names += [name if budget is None else f"{name}:{budget}"] * k
    if len(names) == 1 and "*" not in (spec or ""):
        return tuple(names) * players
    if len(names) != players:
        raise ValueRefused("--policy", spec, f"names {len(names)} seat{'s' if len(names) != 1 else ''} for {players} "
                           f"players: give one policy for every seat or one per seat (NAME*K repeats one); "
                           f"policies: {', '.join(known)}")
    return tuple(names)


def policy_seats(policies: Sequence[str]) -> dict[str, list[int]]:
    seats: dict[str, list[int]] = {}
    for s, name in enumerate(policies):
        seats.setdefault(name, []).append(s + 1)
    return seats
