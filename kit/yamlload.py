"""YAML loading that remembers where every value came from.

Mappings load as `LMap` (a dict) and sequences as `LList` (a list); each knows
its own place and the place of each key or item, so a check far from the
parser can still say `file:line: what is wrong`. Scalars stay plain values.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from kit.errors import KitError, Where, did_you_mean, display_path


class LMap(dict):
    where: Where
    key_where: dict

    def at(self, key) -> Where:
        """Where the value of `key` is written (falls back to the mapping itself)."""
        return self.key_where.get(key, self.where)


class LList(list):
    where: Where
    item_where: list

    def at(self, index: int) -> Where:
        return self.item_where[index] if 0 <= index < len(self.item_where) else self.where


def where_of(value, fallback: Where) -> Where:
    return getattr(value, "where", fallback)


def _build(node: yaml.Node, loader: yaml.SafeLoader, file: str, inside: tuple = ()) -> Any:
    here = Where(file, node.start_mark.line + 1)
    if node in inside:  # `&a [*a]`: an alias inside its own anchor would nest for ever
        raise KitError("a value contains itself (an alias *name inside its own &name)", here)
    inside += (node,)
    if isinstance(node, yaml.MappingNode):
        loader.flatten_mapping(node)
        out = LMap()
        out.where, out.key_where = here, {}
        for key_node, value_node in node.value:
            key = _build(key_node, loader, file, inside)
            key_where = Where(file, key_node.start_mark.line + 1)
            if isinstance(key, (LMap, LList)):
                raise KitError("a mapping key must be a plain value", key_where)
            if key in out:
                raise KitError(
                    f"duplicate key {key!r} (first on line {out.key_where[key].line})", key_where
                )
            out[key] = _build(value_node, loader, file, inside)
            out.key_where[key] = key_where
        return out
    if isinstance(node, yaml.SequenceNode):
        out = LList()
        out.where = here
        out.item_where = [Where(file, n.start_mark.line + 1) for n in node.value]
        out.extend(_build(n, loader, file, inside) for n in node.value)
        return out
    try:
        return loader.construct_object(node, deep=True)
    except _SCALAR_ERRORS as err:
        kind = node.tag.rpartition(":")[2]  # tag:yaml.org,2002:timestamp -> timestamp
        detail = f" ({err})" if isinstance(err, ValueError) else ""
        raise KitError(f"{node.value!r} is not a valid {kind}{detail}", here) from None


# PyYAML's scalar constructors fail on some values with plain Python errors: a date like
# 2024-13-45 (ValueError), `!!float` with no value (IndexError), `!!bool x` (KeyError).
_SCALAR_ERRORS = (ValueError, TypeError, IndexError, KeyError, AttributeError, OverflowError)


def parse_yaml(text: str, file: str) -> Any:
    """Parse YAML text; syntax errors become KitError with the line."""
    try:
        loader = yaml.SafeLoader(text)
    except yaml.reader.ReaderError as err:  # the reader refuses control characters before parsing
        line = text.count("\n", 0, err.position) + 1
        raise KitError(f"YAML: character U+{err.character:04X} is not allowed in a YAML file",
                       Where(file, line)) from None
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        return _build(node, loader, file)
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = mark.line + 1 if mark else None
        raise KitError(f"YAML syntax: {err.problem or err.context}", Where(file, line)) from None
    except yaml.YAMLError as err:  # unmarked (rare): still a data error, not a crash
        raise KitError(f"YAML: {err}", Where(file)) from None
    except (ValueError, TypeError) as err:  # e.g. a malformed timestamp scalar
        raise KitError(f"YAML value: {err}", Where(file)) from None
    finally:
        loader.dispose()


def load_yaml(path: Path | str) -> Any:
    path = Path(path)
    name = display_path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise KitError("file not found", Where(name)) from None
    except UnicodeDecodeError as err:
        raise KitError(f"not UTF-8 text ({err.reason} at byte {err.start})", Where(name)) from None
    except OSError as err:
        raise KitError(f"cannot read: {err.strerror}", Where(name)) from None
    return parse_yaml(text, name)


_TYPE_NAMES = {
    str: "text",
    int: "a whole number",
    float: "a number",
    bool: "true or false",
    list: "a list",
    dict: "a mapping",
}


def describe(value) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "nothing"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    return f"{type(value).__name__} {value!r}"


def is_type(value, kind) -> bool:
    if kind is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, kind)


def expect(value, kind, where: Where, what: str):
    """`value` if it is of `kind`, else a KitError naming `what`."""
    if not is_type(value, kind):
        raise KitError(f"{what} should be {_TYPE_NAMES.get(kind, kind.__name__)}, not {describe(value)}", where)
    return value


def fields(mapping, required: dict, optional: dict | None = None, what: str = "entry",
           where: Where | None = None) -> dict:
    """Check a mapping's keys and value types; return {key: value} with optional keys present.

    `required` and `optional` map key -> type (or a tuple of types). Unknown keys
    are errors, with a did-you-mean, because a misspelt option that is silently
    ignored is worse than a refusal. `where` places a value that cannot carry its
    own place (a list item that is text or empty instead of a mapping).
    """
    optional = optional or {}
    fallback = getattr(mapping, "where", where)
    if not isinstance(mapping, dict):
        raise KitError(f"{what} should be a mapping of keys, not {describe(mapping)}", fallback)
    known = {**required, **optional}
    for key in mapping:
        if key not in known:
            raise KitError(
                f"unknown key {key!r} in {what}{did_you_mean(key, known)}", mapping.at(key)
            )
    missing = [k for k in required if k not in mapping]
    if missing:
        raise KitError(f"{what} is missing {', '.join(repr(k) for k in missing)}", mapping.where)
    out = {}
    for key, kind in known.items():
        if key not in mapping:
            continue
        kinds = kind if isinstance(kind, tuple) else (kind,)
        value = mapping[key]
        if not any(is_type(value, k) for k in kinds):
            names = " or ".join(_TYPE_NAMES.get(k, k.__name__) for k in kinds)
            raise KitError(f"{key!r} should be {names}, not {describe(value)}", mapping.at(key))
        out[key] = value
    return out


def top_list(doc, key: str, file_where: Where) -> LList:
    """The list under a document's single top-level key (`provinces:` etc.)."""
    data = fields(doc if doc is not None else _empty(file_where), {key: list}, what="file")
    return data[key]


def _empty(where: Where) -> LMap:
    m = LMap()
    m.where, m.key_where = where, {}
    return m
