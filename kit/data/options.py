"""Rule options: named, documented, validated, overridable with `--rule key=value`.

A game declares its options as `Option` values; `rules.yaml` in the game's data
sets them, and the command line overrides single ones for a variant run.

Presets are named rule sets kept in the same file, under `presets:`:

    presets:
      written: {}                       # the file's own settings
      designer-tool: {chain_limit: 1, crossing: pass_through}

`--preset NAME` (or a `("preset", NAME)` pair among the overrides, which is how the
command line passes it, so every game's loader gets presets for nothing) applies a
preset over the file's settings; `--rule` overrides then apply over the preset,
whatever order they were given in. Without --preset the first preset listed runs, so
list the file's own reading first with no settings. The loaded values remember the
preset and the overrides (`RuleValues.preset`, `.overrides`), so a report can say
what it ran. `preset` is therefore not a name an option may take.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from kit.data.errors import KitError, ValueRefused, Where, did_you_mean, display_path, excerpt, quoted
from kit.data.yamlload import describe, expect, load_yaml

_BOOL_WORDS = {"on": True, "off": False, "true": True, "false": False, "yes": True, "no": False}


@dataclass(frozen=True)
class Option:
    name: str
    default: object
    doc: str
    choices: tuple = ()         # allowed values, for a named choice
    kind: type = str            # str, int, bool (on/off)
    minimum: int | None = None
    maximum: int | None = None

    def parse(self, raw: str):
        """A command-line string (`--rule NAME=RAW`) as this option's value."""
        if self.kind is bool:
            word = raw.lower()
            if word not in _BOOL_WORDS:
                raise ValueRefused("--rule", raw, "not on or off", self.name)
            value = _BOOL_WORDS[word]
        elif self.kind is int:
            try:
                value = int(raw)
            except ValueError:
                raise ValueRefused("--rule", raw, "not a whole number" + whole_number_range(
                    self.minimum, self.maximum, "; it takes "), self.name) from None
        else:
            value = raw
        why = self._why_not(value)
        if why:
            raise ValueRefused("--rule", raw, why, self.name)
        return value

    def check(self, value, where: Where | None = None):
        """A value written in a file (at `where`) checked as this option's."""
        if self.kind is bool and isinstance(value, str) and value.lower() in _BOOL_WORDS:
            value = _BOOL_WORDS[value.lower()]
        expect(value, self.kind, where, f"rule {self.name!r}")   # in the words of every other data file
        why = self._why_not(value)
        if why:
            raise KitError(f"rule {self.name!r} {why}", where)
        return value

    def _why_not(self, value) -> str | None:
        if self.choices and value not in self.choices:
            return f"cannot be {value!r}{did_you_mean(value, self.choices)}; choose one of {', '.join(map(str, self.choices))}"
        return outside_bounds(value, self.minimum, self.maximum)


def outside_bounds(value, minimum: int | None, maximum: int | None) -> str | None:
    """Why a number is refused by its bounds (`must be at least 1, not 0`, `must be from 2 to 4, not
    5`), or None: the words of every bounded number, a rule option's or a command-line option's."""
    if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
        if minimum is not None and maximum is not None:
            return f"must be from {minimum:,} to {maximum:,}, not {value}"
    if minimum is not None and value < minimum:
        return f"must be at least {minimum:,}, not {value}"
    if maximum is not None and value > maximum:
        return f"must be at most {maximum:,}, not {value}"
    return None


def whole_number_range(minimum: int | None, maximum: int | None, lead: str) -> str:
    """`lead` and the bounds in words (`; it takes 1 to 1,000,000`), or '' for none."""
    if minimum is not None and maximum is not None:
        return f"{lead}{minimum:,} to {maximum:,}"
    if minimum is not None:
        return f"{lead}at least {minimum:,}"
    if maximum is not None:
        return f"{lead}at most {maximum:,}"
    return ""


def rules_type(name: str, spec: tuple[Option, ...], module: str, doc: str = "") -> type:
    """The typed rules an engine reads, made from the game's declaration: a frozen dataclass with
    one field per option (its kind and default as declared), and `from_options(values)` taking a
    game's loaded RuleValues. Assign it to `name` in `module`, so a worker can unpickle it.

    The declaration is then the only place an option is named, typed and defaulted."""
    fields = [(o.name, o.kind, dataclasses.field(default=o.default)) for o in spec]
    namespace = {"__module__": module, "__doc__": doc or f"The rule options of {module}, as declared.",
                 "from_options": classmethod(_from_options)}
    return dataclasses.make_dataclass(name, fields, frozen=True, namespace=namespace)


def _from_options(cls, options: Mapping):
    return cls(**{f.name: options[f.name] for f in dataclasses.fields(cls) if f.name in options})


class RuleValues(Mapping):
    """Rule option values (read-only), with the preset and the overrides that chose them."""

    __slots__ = ("_values", "preset", "overrides", "sources")

    def __init__(self, values: dict, preset: str | None = None, overrides: dict | None = None,
                 sources: dict | None = None):
        self._values = dict(values)
        self.preset = preset
        self.overrides = MappingProxyType(dict(overrides or {}))
        self.sources = dict(sources or {})   # option -> the Where its value was written at

    def refuse(self, key: str, why: str) -> KitError:
        """An error about option `key`'s value, where that value came from: its line in the
        rules file (or preset), or `--rule key=value` when the command line set it."""
        value = self._values[key]
        if key in self.overrides:
            return KitError(f"--rule {key}={excerpt(value)}: {why}")
        return KitError(f"rule {key!r} {quoted(value)}: {why}", self.sources.get(key))

    def __getitem__(self, key):
        return self._values[key]

    def __iter__(self):
        return iter(self._values)

    def __len__(self):
        return len(self._values)

    def __repr__(self):
        return f"RuleValues({self._values!r}, preset={self.preset!r})"

    def __reduce__(self):
        return (RuleValues, (self._values, self.preset, dict(self.overrides)))


PRESETS = "presets"


def load_options(spec: tuple[Option, ...], path: Path | None, overrides=()) -> RuleValues:
    """Defaults, then the rules file, then a preset, then --rule overrides; every name and value checked.

    An override named `preset` chooses the preset (the last one given wins).
    """
    by_name = {o.name: o for o in spec}
    values = {o.name: o.default for o in spec}
    presets: dict = {}
    sources: dict = {}
    preset_sources: dict = {}
    if path is not None:
        if not path.exists():        # the game's rules are data like its other files, never guessed
            raise KitError(f"missing data file {path.name}; it sets the rule options and lists the presets",
                           Where(display_path(path)))
        doc = load_yaml(path)
        if doc is None:
            raise KitError("the rules file is empty; it sets the rule options and lists the presets "
                           "(presets:, at least one)", Where(display_path(path), 1))
        if doc is not None:
            if not isinstance(doc, dict):
                raise KitError("the rules file should be a mapping of option: value", Where(display_path(path), 1))
            for key, value in doc.items():
                if key == PRESETS:
                    presets = _presets(value, by_name, doc.at(key), preset_sources)
                    continue
                if key not in by_name:
                    raise KitError(f"unknown rule option {key!r}{did_you_mean(key, by_name)}", doc.at(key))
                values[key] = by_name[key].check(value, doc.at(key))
                sources[key] = doc.at(key)
    chosen = [raw for key, raw in overrides if key == PRESETS[:-1]]
    preset = chosen[-1] if chosen else next(iter(presets), None)
    if preset is not None:
        if preset not in presets:
            where = display_path(path) if path is not None else "the rules file"
            known = f"presets in {where}: {', '.join(presets)}" if presets else f"{where} names no presets"
            raise ValueRefused("--preset", preset, f"unknown preset{did_you_mean(preset, presets)}; {known}")
        values.update(presets[preset])
        sources.update(preset_sources.get(preset, {}))
    chosen_overrides = {}
    for key, raw in overrides:
        if key == PRESETS[:-1]:
            continue
        if key not in by_name:
            raise ValueRefused("--rule", raw, f"unknown rule option {key!r}{did_you_mean(key, by_name)}; "
                               f"options: {', '.join(by_name)}", key)
        values[key] = chosen_overrides[key] = by_name[key].parse(raw)
    return RuleValues(values, preset, chosen_overrides, sources)


def _presets(doc, by_name: dict, where: Where, sources: dict | None = None) -> dict:
    """`presets:` as {name: {option: value}}, each value checked where it is written."""
    if not isinstance(doc, dict):
        raise KitError("presets should be a mapping of preset name: {option: value}", where)
    if not doc:
        raise KitError("presets: lists no preset; list at least one (`written: {}` plays the options "
                       "as written above)", where)
    out = {}
    for name, body in doc.items():
        at = doc.at(name)
        if not isinstance(name, str) or not name:
            raise KitError(f"a preset name should be text, not {describe(name)}", at)
        if body is None:
            body = {}
        if not isinstance(body, dict):
            raise KitError(f"preset {name!r} should be a mapping of option: value, not {describe(body)}", at)
        settings = {}
        for key, value in body.items():
            key_at = body.at(key) if hasattr(body, "at") else at
            if key not in by_name:
                raise KitError(f"preset {name!r}: unknown rule option {key!r}{did_you_mean(key, by_name)}", key_at)
            settings[key] = by_name[key].check(value, key_at)
            if sources is not None:
                sources.setdefault(name, {})[key] = key_at
        out[name] = settings
    return out


def _raw(value) -> str:
    """A YAML rule value as the text `--rule key=value` would give."""
    return ("on" if value else "off") if isinstance(value, bool) else str(value)


def log_rules(spec: tuple[Option, ...], doc) -> tuple[tuple[str, str], ...]:
    """A game log's `rules:` mapping as override pairs, each name and value checked where it
    is written; `preset: NAME` chooses a preset (checked when the rules load)."""
    by_name = {o.name: o for o in spec}
    pairs = []
    for key, value in (doc or {}).items():
        at = doc.at(key)
        if key == PRESETS[:-1]:
            if not isinstance(value, str):
                raise KitError(f"preset should be a preset's name, not {describe(value)}", at)
        elif key not in by_name:
            raise KitError(f"unknown rule option {key!r}{did_you_mean(key, by_name)}", at)
        else:
            by_name[key].check(value, at)
        pairs.append((key, _raw(value)))
    return tuple(pairs)
