"""Which places join up: everything a walk from one place reaches, one step at a time.

A place is any hashable value (a province, a town, a sheet's row and column); `neighbours`
gives the places one step from it. The walk keeps its own list of places to visit, so a
graph of any size needs no recursion."""

from __future__ import annotations

from typing import Callable, Hashable, Iterable, TypeVar

P = TypeVar("P", bound=Hashable)


def reachable(start: P, neighbours: Callable[[P], Iterable[P]]) -> set[P]:
    """Every place a walk from `start` reaches by steps `neighbours` allows, `start` included."""
    seen, todo = {start}, [start]
    while todo:
        for nxt in neighbours(todo.pop()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen
