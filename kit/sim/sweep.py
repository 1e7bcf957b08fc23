"""`kit sim --vary KEY=A,B,...`: every combination of rule values on the same seeds, compared.

Each `--vary` names a key and its values; the rows are every combination, the last
`--vary` changing fastest, and every row plays games seed, seed+1, ... - the same deals
and dice - so a difference between rows is the rules', not the luck's. Keys:

    OPTION=A,B      a rule option of the game (each value as --rule OPTION=VALUE)
    preset=A,B      a preset of the game's rules.yaml (as --preset)
    policy=A,B      a --policy; separate the values with ; when one holds commas:
                    policy='greedy;greedy,random,foresight,greedy'
    rule=A,B        each value a set of OPTION=VALUE overrides joined by +, or - for none:
                    rule='-;joins=every_line+open_highway=crossing_only;chain_limit=1'

Values apply over --preset, --rule and --policy. The first row is the baseline. For
every per-game figure (turns, each of the game's measures, each seat's and each
policy's share of the win) a row shows its value and 95% interval, and is marked `*`
when the difference from the baseline is beyond noise: the 95% interval of the mean
paired difference (the same seed in both rows, row minus baseline) excludes 0. Pairing
on seeds cancels most of the deal's luck, so it finds smaller differences than two
independent intervals would.
"""

from __future__ import annotations

import itertools
import math
import struct
import tempfile
from dataclasses import dataclass, replace
from typing import Sequence

from kit.data.errors import KitError, ValueRefused
from kit.games import refuse_foreign_rules
from kit.sim.report import Outcome, Run
from kit.sim.simulator import Simulator
from kit.sim.text import num
from kit.sim.simulate import MAX_GAMES, Values, wilson

Z = 1.96
RESERVED = ("preset", "policy", "rule")


@dataclass(frozen=True)
class Vary:
    key: str
    values: tuple[str, ...]


@dataclass(frozen=True)
class Variant:
    """One row: its values, the rule overrides they make and the policy they set."""

    values: tuple[tuple[str, str], ...]     # (key, value) per --vary
    rules: tuple[tuple[str, str], ...]
    policy: str | None

    @property
    def label(self) -> str:
        return " ".join(f"{k}={v}" for k, v in self.values)


def parse_vary(text: str) -> Vary:
    key, sep, rest = text.partition("=")
    key = key.strip()
    if not sep or not key or not rest.strip():
        raise KitError(f"--vary {text!r}: write KEY=A,B,... (a rule option, preset, policy or rule), "
                       "e.g. --vary chain_limit=0,1")
    values = tuple(v.strip() for v in rest.split(";" if ";" in rest else ","))
    if any(not v for v in values):
        raise KitError(f"--vary {text!r}: an empty value")
    if len(set(values)) != len(values):
        raise KitError(f"--vary {text!r}: a value is listed twice")
    return Vary(key, values)


def _overrides(key: str, value: str) -> tuple[tuple[str, str], ...]:
    if key == "preset":
        return (("preset", value),)
    if key != "rule":
        return ((key, value),)
    if value == "-":
        return ()
    pairs = []
    for part in value.split("+"):
        k, sep, v = part.partition("=")
        if not sep or not k.strip():
            raise KitError(f"--vary rule: {part!r} is not OPTION=VALUE (join several with +, - for none)")
        pairs.append((k.strip(), v.strip()))
    return tuple(pairs)


# A sweep compares at most MAX_ROWS rows and plays at most MAX_GAMES games in all (rows ×
# --games), the same limit as one run's; both are checked before any combination is made.
MAX_ROWS = 1000


def check_size(varies: Sequence[Vary], games: int) -> None:
    """Refuse, before making any combination, a sweep past kit's limits."""
    rows = math.prod(len(v.values) for v in varies)
    shape = " × ".join(str(len(v.values)) for v in varies)
    if rows > MAX_ROWS:
        raise KitError(f"--vary: {shape} values make {rows:,} combinations; kit compares at most "
                       f"{MAX_ROWS:,} in one sweep")
    if rows * games > MAX_GAMES:
        raise KitError(f"--vary: {rows:,} combinations × --games {games:,} is {rows * games:,} games; kit "
                       f"plays at most {MAX_GAMES:,} in one sweep (fewer games or fewer values)")


def variants(varies: Sequence[Vary], policy: str | None) -> tuple[Variant, ...]:
    keys = [v.key for v in varies]
    if len(set(keys)) != len(keys):
        raise KitError(f"--vary: {', '.join(k for k in dict.fromkeys(keys) if keys.count(k) > 1)} varied twice")
    out = []
    for combo in itertools.product(*(v.values for v in varies)):
        rules: tuple = ()
        pol = policy
        for key, value in zip(keys, combo):
            if key == "policy":
                pol = value
            else:
                rules += _overrides(key, value)
        out.append(Variant(tuple(zip(keys, combo)), rules, pol))
    return tuple(out)


# --- comparing rows ------------------------------------------------------------------------------
#
# A row's figures are summed as its games come in (kit.sim.simulate.Values: how many games had
# each value), and so is each game's difference from the first row's game of the same seed: the
# first row's per-game figures are written to a temporary file as they come, and read back in
# the same order beside each later row's games. Memory does not grow with the number of games.

def paired(xs: Sequence[float], base: Sequence[float]) -> dict:
    """The mean paired difference xs - base with its 95% interval, and whether it excludes 0."""
    return _paired(Values(a - b for a, b in zip(xs, base)))


def _paired(d: Values) -> dict:
    m = d.fmean()
    half = Z * d.stdev() / math.sqrt(len(d)) if len(d) > 1 else math.inf
    lo, hi = m - half, m + half
    return {"diff": m, "diff_interval": [lo, hi], "beyond_noise": lo > 0 or hi < 0}


def _rate(xs: Values) -> dict:
    n, s = len(xs), xs.total
    return {"share": s / n, "interval": list(wilson(s, n))}


def _count(xs: Values) -> dict:
    m = xs.fmean()
    half = Z * xs.stdev() / math.sqrt(len(xs)) if len(xs) > 1 else 0.0
    s = xs.summary()
    return {"median": s["median"], "p5": s["p5"], "p95": s["p95"], "min": s["min"], "max": s["max"],
            "mean": m, "interval": [m - half, m + half]}


def series(sim: Simulator, figures: dict) -> dict:
    """Every per-game figure of a run as {name: (kind, the figure of an Outcome)}: 'count' or
    'rate'; `figures` (a run's, of one game is enough) give its seats and policies."""
    s = {"turns": ("count", lambda o: o.turns)}
    for k, m in enumerate(sim.measures):
        s[m.key] = ("rate" if m.rate else "count", lambda o, k=k: o.measures[k])
    for seat in range(figures["players"]):
        s[f"seat {seat + 1}"] = ("rate", lambda o, seat=seat: o.wins[seat])
    for name, seats in figures["policy_seats"].items():
        s[f"{name} per seat"] = ("rate", lambda o, seats=tuple(seats): sum(o.wins[x - 1] for x in seats) / len(seats))
    return s


class Row:
    """One row's per-game figures as its games come in (`add`, in game order), and, after the
    first row, each one's difference from the first row's game of the same seed."""

    def __init__(self, sim: Simulator, figures: dict, base: "Row | None" = None):
        self.series = series(sim, figures)
        self.values = {name: Values() for name in self.series}
        self.base = base
        self.shared = [name for name in self.series if base and name in base.series]
        self.diffs = {name: Values() for name in self.shared}
        self._record = struct.Struct(f"<{len(self.series)}d")
        self._file = tempfile.TemporaryFile(buffering=SPILL) if base is None else None  # gone with the process
        self._buffer = bytearray()

    def add(self, o: Outcome) -> None:
        got = [figure(o) for _, figure in self.series.values()]
        for values, x in zip(self.values.values(), got):
            values.add(x)
        if self.base is None:
            self._buffer += self._record.pack(*got)
            if len(self._buffer) >= SPILL:
                self._file.write(self._buffer)
                self._buffer.clear()
            return
        base = dict(zip(self.base.series, self.base.read()))
        mine = dict(zip(self.series, got))
        for name in self.shared:
            self.diffs[name].add(mine[name] - base[name])

    def rewind(self) -> None:
        """Ready the first row's figures to be read back from its first game (for a later row)."""
        self._file.write(self._buffer)
        self._buffer.clear()
        self._file.flush()
        self._file.seek(0)

    def read(self) -> tuple[float, ...]:
        return self._record.unpack(self._file.read(self._record.size))

    def close(self) -> None:
        if self._file is not None:
            self._file.close()

    def comparison(self) -> dict:
        """Per figure: its value and interval, and (after the first row) the paired difference."""
        row = {}
        for name, (kind, _) in self.series.items():
            xs = self.values[name]
            row[name] = {"kind": kind, **(_rate(xs) if kind == "rate" else _count(xs))}
            if name in self.diffs:
                row[name] |= _paired(self.diffs[name])
        return row


SPILL = 1 << 16     # bytes of the first row's figures written or read at a time


def _from_vary(err: ValueRefused, v: Variant, rules) -> KitError:
    """A refused value named as the --vary that gave it (the rest named as given)."""
    for key, value in v.values:
        if err.option == "--policy" and key == "policy" or err.option == "--preset" and key == "preset":
            return KitError(f"--vary {key}={value}: {err.why}")
        if err.option == "--rule" and (err.name, err.value) in _overrides(key, value) \
                and (err.name, err.value) not in rules:
            return KitError(f"--vary {key}={value}: " + (err.why if key == err.name else
                                                        f"{err.name}={err.value}: {err.why}"))
    return err


# --- the command ---------------------------------------------------------------------------------

def sweep(ctx, sim: Simulator, *, games: int, players: int | None, seed: int, policy: str | None,
          workers: int | None, vary: Sequence[str], show_progress: bool | None = None):
    """(variants, runs, comparisons) of every combination, each run on seeds seed .. seed+games-1."""
    varies = [parse_vary(v) for v in vary]
    check_size(varies, games)
    rows = variants(varies, policy)

    def run(v: Variant, games: int, workers, show_progress, keep):
        try:
            return sim.run(replace(ctx, rules=tuple(ctx.rules) + v.rules), games=games, players=players,
                           seed=seed, policy=v.policy, workers=workers, show_progress=show_progress, keep=keep)
        except ValueRefused as err:
            raise _from_vary(err, v, ctx.rules) from None
        except KitError as err:
            if err.where:
                raise
            raise KitError(f"--vary {v.label}: {err.message}") from None

    for v in rows:      # another game's rule option, refused as --rule refuses it, before any game
        try:
            refuse_foreign_rules(ctx.game, v.rules)
        except ValueRefused as err:
            raise _from_vary(err, v, ctx.rules) from None
    # every row's values are checked (one game each) before the sweep plays; that game's figures
    # name the row's seats and policies
    probes = [run(v, 1, 1, False, None).figures for v in rows]
    base = Row(sim, probes[0])
    try:
        runs, comparisons = [], []
        for k, (v, probe) in enumerate(zip(rows, probes)):
            row = base if k == 0 else Row(sim, probe, base)
            if k:
                base.rewind()
            runs.append(run(v, games, workers, show_progress, row.add))
            comparisons.append(row.comparison())
    finally:
        base.close()
    return rows, runs, comparisons


def _cell(entry: dict) -> str:
    mark = " *" if entry.get("beyond_noise") else ""
    if entry["kind"] == "rate":
        lo, hi = entry["interval"]
        return f"{100 * entry['share']:.1f}% ±{100 * (hi - lo) / 2:.1f}{mark}"
    return f"{num(entry['median'])} ({num(entry['p5'])}-{num(entry['p95'])}){mark}"


def table(sim: Simulator, rows, runs, comparisons) -> list[str]:
    """The comparison as aligned text columns, one line per row."""
    names = list(dict.fromkeys(n for c in comparisons for n in c))
    keys = [k for k, _ in rows[0].values]
    head = keys + [_title(sim, n) for n in names]
    body = [[v for _, v in r.values] + [_cell(c[n]) if n in c else "" for n in names]
            for r, c in zip(rows, comparisons)]
    widths = [max(len(x) for x in col) for col in zip(head, *body)]

    def line(cells):
        return "  ".join(c.ljust(w) for c, w in zip(cells, widths)).rstrip()

    return [line(head), *(line(b) for b in body)]


def _title(sim: Simulator, name: str) -> str:
    for m in sim.measures:
        if m.key == name:
            return m.label
    return "turns" if name == "turns" else name


def text(sim: Simulator, rows, runs, comparisons, *, games: int, seed: int) -> str:
    fig = runs[0].figures
    rules = fig["rules"]
    fixed = ", ".join(f"{k}={v}" for k, v in rules["overrides"].items() if not any(
        k == key for r in rows for key, _ in r.rules))
    lines = [f"{sim.name}: {len(rows)} variants × {games} {sim.unit}, seeds {seed}-{seed + games - 1} "
             f"(the same deals and dice in every row), {fig['players']} players",
             f"base: preset {rules['preset'] or '(none)'}; overrides {fixed or 'none'}; "
             f"policy {_who(runs[0])}",
             "rates: share of games ±95% interval; counts per game: median (p5-p95); "
             "seat and policy columns: share of the win, per seat",
             *table(sim, rows, runs, comparisons),
             "* beyond noise: the 95% interval of the paired difference from the first row (same seeds) "
             "excludes 0"]
    return "\n".join(lines)


def _who(run: Run) -> str:
    p = run.figures["policies"]
    return p[0] if len(set(p)) == 1 else ",".join(p)


def sweep_json(sim: Simulator, rows, runs, comparisons, *, games: int, seed: int) -> dict:
    return {
        "game": sim.name,
        "games": games,
        "seed": seed,
        "vary": [{"key": k, "values": list(dict.fromkeys(v for r in rows for kk, v in r.values if kk == k))}
                 for k, _ in rows[0].values],
        "noise": "beyond_noise: the 95% interval of the mean paired difference from row 0 (same seeds) excludes 0",
        "rows": [{"vary": dict(r.values), "report": run.figures, "compare": c}
                 for r, run, c in zip(rows, runs, comparisons)],
    }
