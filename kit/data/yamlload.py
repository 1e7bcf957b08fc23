"""YAML loading that remembers where every value came from.

Mappings load as `LMap` (a dict) and sequences as `LList` (a list); each knows
its own place and the place of each key or item, so a check far from the
parser can still say `file:line: what is wrong`. Scalars stay plain values.

Values are built straight from the parser's events with an explicit stack, so no
nesting can exhaust Python's recursion; libyaml's parser is used when PyYAML has
it. A file past MAX_FILE_BYTES, MAX_DEPTH or MAX_VALUES is refused, at its line.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from kit.data.errors import KitError, Where, did_you_mean, display_path, quoted


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


# Limits no real game comes near (the shipped files are under 12 kB, nest 4 deep and use
# no aliases), so that a damaged or hostile file is refused at once instead of taking
# minutes and gigabytes: a 300-byte alias bomb expands to a billion values.
MAX_FILE_BYTES = 10_000_000
MAX_DEPTH = 64
MAX_VALUES = 2_000_000  # counted with every alias expanded

# libyaml's parser where PyYAML has it (about 15 times faster on a large file).
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_STR = "tag:yaml.org,2002:str"
_MERGE = "tag:yaml.org,2002:merge"
# What the YAML reader refuses (PyYAML's NON_PRINTABLE), checked first, the same for both parsers.
_NOT_PRINTABLE = re.compile("[^\x09\x0A\x0D\x20-\x7E\x85\xA0-\uD7FF\uE000-\uFFFD\U00010000-\U0010FFFF]")
# What no text of a game's files holds, though an escape in a double-quoted string can write it
# (the reader refuses it raw): control characters but the tab and the line break.
_CONTROL = re.compile("[\x00-\x08\x0B-\x1F\x7F-\x9F]")
_OPEN = (yaml.MappingStartEvent, yaml.SequenceStartEvent)
_CLOSE = (yaml.MappingEndEvent, yaml.SequenceEndEvent)
_SKIP = (yaml.StreamStartEvent, yaml.StreamEndEvent, yaml.DocumentEndEvent)

# PyYAML's scalar constructors fail on some values with plain Python errors: a date like
# 2024-13-45 (ValueError), `!!float` with no value (IndexError), `!!bool x` (KeyError).
_SCALAR_ERRORS = (ValueError, TypeError, IndexError, KeyError, AttributeError, OverflowError)


class _Open:
    """A mapping or sequence whose end has not been read yet."""

    __slots__ = ("value", "size", "anchor", "key", "key_where", "merges")

    def __init__(self, value, anchor):
        self.value, self.size, self.anchor = value, 1, anchor
        self.key = self.key_where = None
        self.merges = []


# Plain numbers YAML 1.1 reads otherwise than a reader of a game's files means them: `1e9`
# (an exponent with no dot or no sign) is text to YAML 1.1 and is read as the number it is
# (as YAML 1.2 does); `0x30`, `0b11`, `030` and `1:30` are hexadecimal, binary, octal and
# base-60 numbers to YAML 1.1 (48, 3, 24, 90), which nobody writing a size or a count means,
# so they are refused rather than read as another number.
_EXPONENT = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+")
_NOT_DECIMAL = {"tag:yaml.org,2002:int": re.compile(r"[-+]?(?:0[xXbB_0-9].*|[0-9][0-9_]*(?::[0-9_]+)+)"),
                "tag:yaml.org,2002:float": re.compile(r"[-+]?[0-9][0-9_]*(?::[0-9_]+)+\.[0-9_]*")}
_FLOAT = "tag:yaml.org,2002:float"


def _scalar(loader, event, where: Where):
    """(value, tag) of a scalar event, typed as YAML 1.1 reads it (`3` an int, `on` true), but
    for the plain numbers above."""
    tag = event.tag
    if tag is None or tag == "!":
        tag = loader.resolve(yaml.ScalarNode, event.value, event.implicit)
        plain = event.tag is None and event.implicit[0]     # written plain: no quotes, no tag
        if plain and tag == _STR and _EXPONENT.fullmatch(event.value):
            return float(event.value), _FLOAT
        if plain and tag in _NOT_DECIMAL and _NOT_DECIMAL[tag].fullmatch(event.value):
            raise KitError(f"{event.value} is not a decimal number (YAML would read it as "
                           f"{_not_decimal_kind(event.value)}); write the number in decimal digits "
                           "(a size as WxH, like 24x26), or quote the value if it is text", where)
    if tag in (_STR, _MERGE):
        control = _CONTROL.search(event.value)
        if control:
            raise KitError(f"text {quoted(_around(event.value, control.start()))} holds the control character "
                           f"U+{ord(control.group()):04X} (written as a YAML escape): a printed piece shows it as "
                           "nothing or as a box; remove it", where)
        return event.value, tag
    node = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style)
    constructors = loader.yaml_constructors
    construct = constructors.get(tag) or constructors[None]  # None: "could not determine a constructor"
    try:
        return construct(loader, node), tag
    except _SCALAR_ERRORS as err:
        kind = tag.rpartition(":")[2]  # tag:yaml.org,2002:timestamp -> timestamp
        detail = f" ({err})" if isinstance(err, ValueError) else ""
        raise KitError(f"{event.value!r} is not a valid {kind}{detail}", where) from None


def _around(text: str, at: int, room: int = 20) -> str:
    """The part of `text` round its character at `at`, marked with … where it is cut."""
    start = max(0, at - room)
    return ("…" if start else "") + text[start:at + room] + ("…" if at + room < len(text) else "")


def _not_decimal_kind(text: str) -> str:
    digits = text.lstrip("+-")
    kind = ("base-60" if ":" in digits else "hexadecimal" if digits[1:2] in "xX"
            else "binary" if digits[1:2] in "bB" else "octal")
    try:
        return f"the {kind} number {yaml.safe_load(text)}"
    except yaml.YAMLError:
        return f"a {kind} number"


def _merged(item: _Open) -> LMap:
    """A mapping with `<<: *base` keys under its own (its own keys win, then earlier merges)."""
    out = LMap()
    out.where, out.key_where = item.value.where, {}
    for source, where in item.merges:
        for m in source if isinstance(source, LList) else [source]:
            if not isinstance(m, LMap):
                raise KitError("`<<` merges a mapping or a list of mappings only", where)
            for key, value in m.items():
                if key not in item.value and key not in out:
                    out[key] = value
                    out.key_where[key] = m.key_where[key]
    out.update(item.value)
    out.key_where.update(item.value.key_where)
    return out


def _compose(loader, file: str, each=None) -> Any:
    """The document's value, built from the parser's events with an explicit stack.

    An alias gives the anchored value itself (as PyYAML does) but counts at its full
    size against MAX_VALUES, so an alias bomb is refused after a few hundred events.
    `each` is (KEY, function): see parse_yaml.
    """
    anchors: dict[str, tuple[Any, int]] = {}
    unfinished: set[str] = set()
    stack: list[_Open] = []
    total, documents, root = 0, 0, None
    skip = 0        # > 0: the depth into the streamed list's rest, read without a value made
    while loader.check_event():
        event = loader.get_event()
        if skip:
            skip += isinstance(event, _OPEN) - isinstance(event, _CLOSE)
            if skip:
                continue
        if isinstance(event, _SKIP):
            continue
        here = Where(file, event.start_mark.line + 1)
        if isinstance(event, yaml.DocumentStartEvent):
            documents += 1
            if documents > 1:
                raise KitError("a second YAML document (`---`): a kit file holds one", here)
            continue
        if isinstance(event, _OPEN):
            if len(stack) >= MAX_DEPTH:
                raise KitError(f"lists and mappings nested more than {MAX_DEPTH} deep "
                               "(kit's limit; real data nests a few levels)", here)
            value = LMap() if isinstance(event, yaml.MappingStartEvent) else LList()
            value.where = here
            if isinstance(value, LMap):
                value.key_where = {}
            else:
                value.item_where = []
            if event.anchor:
                unfinished.add(event.anchor)
            stack.append(_Open(value, event.anchor))
            continue
        tag = None
        if isinstance(event, _CLOSE):
            item = stack.pop()
            value, size, here = item.value, item.size, item.value.where
            if item.merges:
                value = _merged(item)
            if item.anchor:
                unfinished.discard(item.anchor)
                anchors[item.anchor] = (value, size)
        else:
            if isinstance(event, yaml.AliasEvent):
                if event.anchor in unfinished:
                    raise KitError("a value contains itself (an alias *name inside its own &name)", here)
                if event.anchor not in anchors:
                    raise KitError(f"alias *{event.anchor} has no &{event.anchor} before it", here)
                value, size = anchors[event.anchor]
            else:
                value, tag = _scalar(loader, event, here)
                size = 1
                if event.anchor:
                    anchors[event.anchor] = (value, size)
            total += size
            if total > MAX_VALUES:
                raise KitError(f"more than {MAX_VALUES:,} values once aliases are expanded "
                               "(kit's limit; real data has a few thousand)", here)
        if not stack:
            root = value
            continue
        parent = stack[-1]
        parent.size += size
        if each is not None and len(stack) == 2 and isinstance(parent.value, LList) and stack[0].key == each[0] \
                and isinstance(stack[0].value, LMap):
            if each[1](stack[0].value, value, here):     # an item of the streamed list: handed on, not kept
                skip = 1        # the function wants no more: the list's rest is only read through
        elif isinstance(parent.value, LList):
            parent.value.append(value)
            parent.value.item_where.append(here)
        elif parent.key_where is None:  # this value is a key
            if isinstance(value, (LMap, LList)):
                raise KitError("a mapping key must be a plain value", here)
            parent.key, parent.key_where = (_MERGE if tag == _MERGE else value), here
        else:  # this value is the key's value
            key, key_where = parent.key, parent.key_where
            parent.key = parent.key_where = None
            if key == _MERGE:
                parent.merges.append((value, key_where))
            elif key in parent.value:
                raise KitError(f"duplicate key {key!r} (first on line {parent.value.key_where[key].line})",
                               key_where)
            else:
                parent.value[key] = value
                parent.value.key_where[key] = key_where
    return root


def parse_yaml(text: str, file: str, each=None) -> Any:
    """Parse YAML text; syntax errors and values past kit's limits become KitError with the line.

    With `each` = (KEY, function), the items of the list under the document's top-level KEY
    are not kept: each is handed to function(head, item, where) as soon as it is read, in
    order, `head` being the mapping of the keys written before KEY; the list is left empty.
    A refusal the function raises stops the reading there; when it returns true, the rest of
    the list is read through (syntax checked) but no more handed on."""
    bad = _NOT_PRINTABLE.search(text)
    if bad:
        line = text.count("\n", 0, bad.start()) + 1
        raise KitError(f"YAML: character U+{ord(bad.group()):04X} is not allowed in a YAML file",
                       Where(file, line))
    loader = _Loader(text)
    try:
        return _compose(loader, file, each)
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = mark.line + 1 if mark else None
        raise KitError(f"YAML syntax: {err.problem or err.context}", Where(file, line)) from None
    except yaml.YAMLError as err:  # unmarked (rare): still a data error, not a crash
        raise KitError(f"YAML: {err}", Where(file)) from None
    finally:
        loader.dispose()


def require_files(folder: Path | str, names) -> Path:
    """The data folder, once every file a game reads is there; else the first missing one."""
    folder = Path(folder)
    for name in names:
        if not (folder / name).exists():
            raise KitError(f"missing data file {name}", Where(display_path(folder / name)))
    return folder


def load_yaml(path: Path | str, each=None) -> Any:
    """A YAML file's value (`each`: see parse_yaml)."""
    path = Path(path)
    name = display_path(path)
    try:
        with path.open("rb") as f:
            data = f.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise KitError("file not found", Where(name)) from None
    except OSError as err:
        raise KitError(f"cannot read: {err.strerror}", Where(name)) from None
    if len(data) > MAX_FILE_BYTES:
        raise KitError(f"larger than {MAX_FILE_BYTES:,} bytes (kit's limit for a YAML file; "
                       "real data files are a few kB)", Where(name))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        column = err.start - (data.rfind(b"\n", 0, err.start) + 1) + 1
        raise KitError(f"not UTF-8 text: {err.reason} (byte {column} of the line); kit reads data "
                       "files as UTF-8", Where(name, line)) from None
    return parse_yaml(text, name, each)


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
    return f"{type(value).__name__} {quoted(value)}"


def is_type(value, kind) -> bool:
    if kind is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, kind)


def _whole_hint(value, kinds) -> str:
    """'; write it as 100' for 1e2 or 100.0 where only a whole number is taken."""
    if int in kinds and float not in kinds and isinstance(value, float) and value.is_integer():
        return f"; write it as {int(value)}"
    return ""


def expect(value, kind, where: Where, what: str):
    """`value` if it is of `kind`, else a KitError naming `what`."""
    if not is_type(value, kind):
        raise KitError(f"{what} should be {_TYPE_NAMES.get(kind, kind.__name__)}, not {describe(value)}"
                       f"{_whole_hint(value, (kind,))}", where)
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
        raise KitError(f"{what} is missing {', '.join(repr(k) for k in missing)}", fallback)
    out = {}
    for key, kind in known.items():
        if key not in mapping:
            continue
        kinds = kind if isinstance(kind, tuple) else (kind,)
        value = mapping[key]
        if not any(is_type(value, k) for k in kinds):
            names = " or ".join(_TYPE_NAMES.get(k, k.__name__) for k in kinds)
            raise KitError(f"{key!r} should be {names}, not {describe(value)}{_whole_hint(value, kinds)}",
                           mapping.at(key))
        out[key] = value
    return out


def top_list(doc, key: str, file_where: Where) -> LList:
    """The list under a document's single top-level key (`provinces:` etc.)."""
    data = fields(doc if doc is not None else _empty(file_where), {key: list},
                  what=Path(file_where.file).name, where=file_where)
    return data[key]


def empty_mapping(where: Where) -> LMap:
    """An empty document's mapping, placed at `where` (the file's first line)."""
    return _empty(where)


def _empty(where: Where) -> LMap:
    m = LMap()
    m.where, m.key_where = where, {}
    return m
