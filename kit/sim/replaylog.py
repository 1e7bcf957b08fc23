"""What every game's `kit replay` log shares: its head, read once, and how a replay words a
figure's place among the simulated games'.

A log is the YAML the players copy from a progress sheet: a mapping with the game's own
keys and, optionally, `rules:` (overrides, each checked where it is written, by
kit.data.options.log_rules). Every game's parsed log is a `GameLog` (the players, those
overrides, where the log was read) with its own fields added: karuta and shikoku-duo the
seed and the turns or rounds, tour-de-dice the ring, the start player and the turns.

`kit replay` reads a log with `replay_log` (its head parsed, the game made under the log's
rules, then `read_log`): its turns (or rounds) are checked one at a time as
they are read and none is kept, so a log of any length takes little memory and is refused at
its first bad turn at once. Its head (the keys but the list) is written before the list, as
the progress sheets and the table write it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence, TypeVar

from kit.data.errors import KitError, ValueRefused, Where, display_path, quoted
from kit.data.options import Option, log_rules
from kit.sim.simulate import Values
from kit.data.yamlload import LMap, fields, load_yaml

G = TypeVar("G")
L = TypeVar("L", bound="GameLog")
M = TypeVar("M")


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


def with_log_rules(load: Callable[[tuple], M], head: LMap, log_rules: tuple, given: tuple) -> M:
    """`load(rules)` under the log's rules and, over them, the command line's (`given`): the
    log's own rules describe how the game was played, `--rule` may still override them. A
    preset the log names and the rules file has not is refused at the log's line."""
    try:
        return load(tuple(log_rules) + tuple(given))
    except ValueRefused as err:
        rules = head.get("rules")
        if err.option == "--preset" and isinstance(rules, LMap) and "preset" in rules \
                and all(key != "preset" for key, _ in given):
            raise KitError(f"preset {quoted(err.value)}: {err.why}", rules.at("preset")) from None
        raise


def replay_log(log: str | Path, key: str, head: Sequence[str], first: Sequence[str],
               parse: Callable[[LMap, Where, bool], L], load: Callable[[tuple], M], given: tuple,
               start: Callable[[L, M], G], step: Callable[[G, Any, int, Where], None]) -> G:
    """The log file `log` read as `kit replay` reads it, by `read_log` (`key`, `head`, `first`
    and `step` as there): `parse(doc, where, whole)` checks the log's keys (`whole`: its list
    too), `where` the file's first line; the game's model is `load(rules)` under the log's own
    rules and `given` (`--rule`) over them (`with_log_rules`); `start(parsed, model)` makes the
    game its items are checked against. Returns the game."""
    path = Path(log)
    where = Where(display_path(path), 1)

    def begin(top: LMap, whole: bool) -> G:
        parsed = parse(top, where, whole)
        return start(parsed, with_log_rules(load, top, parsed.rules, given))

    return read_log(path, key, head, first, lambda doc: parse(doc, where, True), begin, step)


def read_log(path: Path, key: str, head: Sequence[str], first: Sequence[str], check: Callable[[LMap], Any],
             start: Callable[[LMap, bool], G], step: Callable[[G, Any, int, Where], None]) -> G:
    """The log at `path` checked item by item as its list `key` is read, keeping no item.

    `head`: the keys of the log's head, `first` those of them the game is made from, which
    must be written before the list. `start(head, False)` makes the game from the keys
    written before the list when its first item is read; `step(game, item, number, where)`
    checks item `number` (from 1), raising KitError at its line. Once the log is read,
    `check(log)` checks the whole log's keys (its list left empty), and a log of no item
    makes its game with `start(log, True)`. Returns the game.

    A head key written after the list is refused at its line, rather than an item checked, or
    a game made, without it: when either is refused and such a key may follow (a line of the
    text begins with it), the rest is read, the list's items only read through, to see."""
    read: dict = {"items": 0, "refused": None, "before": None}
    order = f"(kit checks a log {key.removesuffix('s')} by {key.removesuffix('s')} as it reads it)"

    def each(top: LMap, item, at: Where) -> bool:
        if read["before"] is None:
            missing = [k for k in first if k not in top]
            if missing:
                raise KitError(f"{' and '.join(missing)} must be written before {key}: {order}", at)
            read["before"] = set(top)
        try:
            if not read["items"]:
                read["game"] = start(top, False)
            read["items"] += 1
            step(read["game"], item, read["items"], at)
        except KitError as err:
            if not _may_follow(path, [k for k in head if k not in read["before"]], at.line):
                raise
            read["refused"] = err
            return True     # the rest of the list only read through
        return False

    try:
        doc = load_yaml(path, each=(key, each))
        check(doc)
    except KitError:
        if read["refused"]:     # what comes after a refused item does not hide it
            raise read["refused"] from None
        raise
    if read["before"] is None:        # no item was read: `key: []`
        return start(doc, True)
    late = [k for k in head if k in doc and k not in read["before"]]
    if late:
        raise KitError(f"{late[0]}: must be written before {key}: {order}", doc.at(late[0]))
    if read["refused"]:
        raise read["refused"]
    return read["game"]


def _may_follow(path: Path, keys: Sequence[str], line: int) -> bool:
    """Whether a line after `line` of the file may hold one of the top-level `keys` (a line
    beginning with it, quoted or not): the rest is read to know only then."""
    if not keys:
        return False
    pattern = re.compile(rb"^[\"']?(?:%s)[\"']?[ \t]*:" % b"|".join(re.escape(k.encode()) for k in keys), re.M)
    data = path.read_bytes()
    at = 0
    for _ in range(line):
        at = data.find(b"\n", at) + 1
        if not at:
            return False
    return pattern.search(data, at) is not None


def headed(words: dict, head: dict, reports: dict[str, str]) -> dict[str, str]:
    """Each language's report under its head line (`words[lang]["head"]`, filled from `head`)."""
    return {lang: words[lang]["head"].format(**head) + "\n" + text for lang, text in reports.items()}


def ordinal(x: float) -> str:
    """A percentile rank in words: 1st, 2nd, 3rd, 4th, 11th, 21st."""
    n = int(round(x))
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def placed(label: str, value: int, values, width: int, lang: str = "en") -> str:
    """`  LABEL  VALUE: Nth percentile (simulated median M, p5 A, p95 B)`: a figure of the played
    game among the simulated games' (the label padded to `width`, so a block of them aligns), in
    English or Japanese (`lang`). Quantiles print to one decimal at most: a p5 of 23.95 points is
    no figure to read."""
    if not isinstance(values, Values):     # a list; a run that streams its games gives Values
        values = Values(values)
    s = values.summary()
    median, p5, p95 = _short(s["median"]), _short(s["p5"]), _short(s["p95"])
    if lang == "ja":
        return (f"  {label}　{value}：{round(values.ranks(value))} パーセンタイル"
                f"（模擬の中央値 {median}、p5 {p5}、p95 {p95}）")
    return (f"  {label:<{width}}{value:>5}: {ordinal(values.ranks(value))} percentile "
            f"(simulated median {median}, p5 {p5}, p95 {p95})")


def _short(x: float) -> str:
    return f"{round(x, 1):g}"
