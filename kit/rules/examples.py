"""Worked examples played through a game's engine: a rulebook whose example the engine
contradicts is refused at the example's line, by `kit check` and by `kit build` alike."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from kit.data.errors import Collector, KitError, Where
from kit.rules.book import Example, Rulebook

# check(example, values) -> the problems found, as (where, message): what the engine does
# that the example says it does not, e.g. "the engine allows 駿河 here".
Check = Callable[[Example, object], Iterable[tuple[Where, str]]]


def verify(book: Rulebook, values, check: Check) -> int:
    """Play every example that holds under `values` through `check`; the number verified."""
    errors = Collector()
    examples = book.examples_for(values)
    for ex in examples:
        try:
            for where, message in check(ex, values):
                errors.error(f"example {ex.number}: {message}", where)
        except KitError as err:
            errors.error(f"example {ex.number}: {err.message}", err.where or ex.where)
    errors.raise_if_any()
    return len(examples)
