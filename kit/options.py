"""Rule options: named, documented, validated, overridable with `--rule key=value`.

A game declares its options as `Option` values; `rules.yaml` in the game's data
sets them, and the command line overrides single ones for a variant run.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from kit.errors import KitError, Where, did_you_mean, display_path
from kit.yamlload import describe, is_type, load_yaml

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
        """A command-line string as this option's value."""
        if self.kind is bool:
            word = raw.lower()
            if word not in _BOOL_WORDS:
                raise KitError(f"--rule {self.name}: {raw!r} is not on or off")
            return self.check(_BOOL_WORDS[word])
        if self.kind is int:
            try:
                return self.check(int(raw))
            except ValueError:
                raise KitError(f"--rule {self.name}: {raw!r} is not a whole number") from None
        return self.check(raw)

    def check(self, value, where: Where | None = None):
        if self.kind is bool and isinstance(value, str) and value.lower() in _BOOL_WORDS:
            value = _BOOL_WORDS[value.lower()]
        if not is_type(value, self.kind):
            raise KitError(f"rule {self.name!r} should be {self.kind.__name__}, not {describe(value)}", where)
        if self.choices and value not in self.choices:
            raise KitError(f"rule {self.name!r} cannot be {value!r}{did_you_mean(value, self.choices)}; "
                           f"choose one of {', '.join(map(str, self.choices))}", where)
        if self.minimum is not None and value < self.minimum:
            raise KitError(f"rule {self.name!r} must be at least {self.minimum}, not {value}", where)
        if self.maximum is not None and value > self.maximum:
            raise KitError(f"rule {self.name!r} must be at most {self.maximum}, not {value}", where)
        return value


def load_options(spec: tuple[Option, ...], path: Path | None, overrides=()) -> MappingProxyType:
    """Defaults, then the rules file, then --rule overrides; every name and value checked."""
    by_name = {o.name: o for o in spec}
    values = {o.name: o.default for o in spec}
    if path is not None and path.exists():
        doc = load_yaml(path)
        if doc is not None:
            if not isinstance(doc, dict):
                raise KitError("the rules file should be a mapping of option: value", Where(display_path(path), 1))
            for key, value in doc.items():
                if key not in by_name:
                    raise KitError(f"unknown rule option {key!r}{did_you_mean(key, by_name)}", doc.at(key))
                values[key] = by_name[key].check(value, doc.at(key))
    for key, raw in overrides:
        if key not in by_name:
            raise KitError(f"--rule: unknown rule option {key!r}{did_you_mean(key, by_name)}; "
                           f"options: {', '.join(by_name)}")
        values[key] = by_name[key].parse(raw)
    return MappingProxyType(values)
