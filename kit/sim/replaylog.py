"""What every game's `kit replay` log shares: its head, read once, and how a replay words a
figure's place among the simulated games'.

A log is the YAML the players copy from a progress sheet: a mapping with the game's own
keys and, optionally, `rules:` (overrides, each checked where it is written, by
kit.data.options.log_rules). Every game's parsed log is a `GameLog` (the players, those
overrides, where the log was read) with its own fields added: karuta and shikoku-duo the
seed and the turns or rounds, tour-de-dice the ring, the start player and the turns.
"""

from __future__ import annotations

from dataclasses import dataclass

from kit.data.errors import KitError, Where
from kit.data.options import Option, log_rules
from kit.sim.simulate import Values
from kit.data.yamlload import LMap, fields


@dataclass(frozen=True)
class GameLog:
    players: int
    rules: tuple[tuple[str, str], ...]     # the log's rule overrides, as `--rule` would give them
    where: Where


def read_head(doc, file_where: Where, what: str, required: dict, spec: tuple[Option, ...]) -> tuple[dict, tuple]:
    """The log's keys checked (`required` and an optional `rules:`), and its rule overrides."""
    if not isinstance(doc, LMap):
        names = list(required)
        raise KitError(f"a {what} should be a mapping with {', '.join(names[:-1])} and {names[-1]}", file_where)
    f = fields(doc, required, {"rules": dict}, what=what)
    return f, log_rules(spec, f.get("rules"))


def ordinal(x: float) -> str:
    """A percentile rank in words: 1st, 2nd, 3rd, 4th, 11th, 21st."""
    n = int(round(x))
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def placed(label: str, value: int, values, width: int) -> str:
    """`  LABEL  VALUE: Nth percentile (simulated median M, p5 A, p95 B)`: a figure of the played
    game among the simulated games' (the label padded to `width`, so a block of them aligns).
    Quantiles print to one decimal at most: a p5 of 23.95 points is no figure to read."""
    if not isinstance(values, Values):     # a list; a run that streams its games gives Values
        values = Values(values)
    s = values.summary()
    return (f"  {label:<{width}}{value:>5}: {ordinal(values.ranks(value))} percentile "
            f"(simulated median {_short(s['median'])}, p5 {_short(s['p5'])}, p95 {_short(s['p95'])})")


def _short(x: float) -> str:
    return f"{round(x, 1):g}"
