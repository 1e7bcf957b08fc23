"""Build steps that remember what they read, so a rebuild redoes only what a save changed.

`kit build --watch` keeps one `Memo` for its whole run. A game's build runs each product
(and each costly shared step, such as karuta's slot relaxation) through `step(name, fn,
*args)`. Outside a watch there is no memo and `step` simply calls `fn(*args)`: a plain
build runs exactly the code it always did.

Inside a watch, `step` gives `fn` copies of its arguments whose dataclass values note each
field read (`Province.kana`, `Layout.pieces`, ...), and keeps the result with those reads.
On the next build the step fingerprints its new arguments *restricted to the fields read
last time*; if the fingerprint is unchanged, `fn` would read the same values and so return
the same result, and the kept result is used without running it. So nobody lists what a
product depends on: the build records it, and it cannot go stale when drawing code starts
reading another field. A furigana edit changes only `Province.kana`, which the board,
its slot relaxation and the player aid never read, so only cards.pdf and card-sizes.pdf
are drawn again.

What a fingerprint sees:
- a dataclass: only the fields this step read from any value of that class (so never less
  than it read); of a read-only mapping held in a field (`Layout.settings`, a model's
  `where`), only the keys looked up, unless it was listed;
- tuples, lists, dicts, sets: every element, in order (so lengths and keys always count);
- str, int, float, bool, None, bytes, Path: the value;
- shapely geometry: its WKB (map shapes are immutable; each is digested once);
- a value with its own `__reduce__` (e.g. kit.data.options.RuleValues): the values it is made from;
- anything else (a function, an open file): no fingerprint, and the step always runs.
A step must take everything it reads as arguments (no files, no globals that change
between builds); `extra` adds values to the fingerprint that are not passed (e.g. the
font file).
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import struct
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import PurePath
from collections.abc import Mapping
from types import MappingProxyType
from typing import Callable

from kit.run.files import recording

# The memo of this thread's watch (a context variable: each thread sees its own).
_ACTIVE: ContextVar = ContextVar("kit_memo", default=None)
# The read sets of the steps now running, in any thread: a read is noted in each, which can
# only make a step's fingerprint stricter, never miss a read.
_FRAMES: list[set] = []
_RECORDING: dict[type, type] = {}
_WHOLE = object()


class Uncacheable(Exception):
    """An argument with no fingerprint: its step runs every time."""


def _field_reader(cls: type, name: str) -> property:
    """A field read through the instance's __dict__, noted in the open frames (a _Keys notes
    its own reads, key by key)."""
    def read(self):
        value = self.__dict__[name]
        if _FRAMES and type(value) is not _Keys:
            for frame in _FRAMES:
                frame.add((cls, name))
        return value

    def write(self, value):     # a frozen dataclass's own __init__ (dataclasses.replace) sets fields so
        self.__dict__[name] = value
    return property(read, write)


def _record_class(cls: type) -> type:
    """A subclass of dataclass `cls` whose instances note each field read into the open frames:
    a property per field, so methods and other attributes cost nothing extra. (A dataclass
    with __slots__ has no __dict__ to hold its values; kit declares none.)"""
    if cls in _RECORDING:
        return _RECORDING[cls]
    body = {f.name: _field_reader(cls, f.name) for f in dataclasses.fields(cls)}
    recorded = type(cls.__name__, (cls,), {**body, "__recorded__": cls, "__module__": cls.__module__,
                                           "__qualname__": cls.__qualname__})
    _RECORDING[cls] = recorded
    return recorded


def _raw(value, name: str):
    """A dataclass field's value without noting a read."""
    if type(value).__dict__.get("__recorded__") is not None:
        return value.__dict__[name]
    return object.__getattribute__(value, name)


def _base(cls: type) -> type:
    """The dataclass itself, for a recording subclass of it."""
    return cls.__dict__.get("__recorded__", cls)


class _Keys(Mapping):
    """A read-only mapping held in a dataclass field (e.g. `Layout.settings`) that notes each
    key looked up as a read of that key alone; listing its keys reads the whole field."""

    def __init__(self, mapping, owner: type, name: str):
        self._mapping, self._owner, self._name = mapping, owner, name

    def _read(self, key=_WHOLE) -> None:
        for frame in _FRAMES:
            frame.add((self._owner, self._name) if key is _WHOLE else (self._owner, self._name, key))

    def __getitem__(self, key):
        self._read(key)
        return self._mapping[key]

    def __contains__(self, key):
        self._read(key)
        return key in self._mapping

    def __iter__(self):
        self._read()
        return iter(self._mapping)

    def __len__(self):
        self._read()
        return len(self._mapping)

    def __repr__(self):
        return f"_Keys({self._mapping!r})"


def recorded(value, seen: dict | None = None):
    """A copy of `value` in which every dataclass notes its field reads (containers of the
    plain built-in types are copied through; everything else is shared as it is)."""
    seen = {} if seen is None else seen
    key = id(value)
    if key in seen:
        return seen[key]
    kind = type(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        base = _base(kind)
        if not hasattr(value, "__dict__"):
            return value                  # a dataclass with __slots__: shared, and fingerprinted whole
        out = object.__new__(_record_class(base))
        seen[key] = out
        for f in dataclasses.fields(base):
            held = recorded(_raw(value, f.name), seen)
            if type(held) is MappingProxyType:
                held = _Keys(held, base, f.name)
            out.__dict__[f.name] = held
        return out
    if kind is tuple:
        out = tuple(recorded(v, seen) for v in value)
    elif kind is list:
        out = [recorded(v, seen) for v in value]
    elif kind is dict:
        out = {k: recorded(v, seen) for k, v in value.items()}
    elif kind is MappingProxyType:
        out = MappingProxyType({k: recorded(v, seen) for k, v in value.items()})
    else:
        return value
    seen[key] = out
    return out


class _Digest:
    """A fingerprint of values, restricted to the dataclass fields in `reads`."""

    def __init__(self, reads: frozenset, leaves: dict):
        whole: dict[type, set] = {}
        keys: dict[tuple, set] = {}
        for read in reads:
            whole.setdefault(read[0], set())
            if len(read) == 2:
                whole[read[0]].add(read[1])
            else:
                keys.setdefault(read[:2], set()).add(read[2])
                whole[read[0]].add(read[1])
        # class -> ((field, None: all of it | the keys read), ...)
        self.fields = {cls: tuple((name, None if name in {r[1] for r in reads if len(r) == 2 and r[0] is cls}
                                   else tuple(sorted(keys[cls, name], key=repr)))
                                  for name in sorted(names))
                       for cls, names in whole.items()}
        self.leaves = leaves
        self.h = hashlib.blake2b(digest_size=20)

    def add(self, value) -> None:
        h = self.h
        kind = type(value)
        if value is None or kind in (bool, int, str):
            h.update(f"{kind.__name__}:{value!r};".encode())
        elif kind is float:
            h.update(b"f" + struct.pack("<d", value))
        elif kind is bytes:
            h.update(b"b%d:" % len(value) + value)
        elif kind in (tuple, list) or (isinstance(value, (tuple, list)) and not hasattr(value, "_fields")):
            h.update(f"{kind.__name__}[{len(value)}".encode())
            for v in value:
                self.add(v)
            h.update(b"]")
        elif isinstance(value, _Keys):
            self.add(value._mapping)
        elif isinstance(value, (dict, MappingProxyType)):
            h.update(f"{kind.__name__}{{{len(value)}".encode())
            for k, v in value.items():
                self.add(k)
                self.add(v)
            h.update(b"}")
        elif isinstance(value, (set, frozenset)):
            parts = sorted(self._alone(v) for v in value)
            h.update(f"set{len(parts)}:".encode() + b"".join(parts))
        elif dataclasses.is_dataclass(value) and not isinstance(value, type):
            base = _base(kind)
            h.update(f"<{base.__module__}.{base.__qualname__}".encode())
            if not hasattr(value, "__dict__"):      # never recorded (__slots__): every field counts
                for f in dataclasses.fields(base):
                    h.update(f.name.encode() + b"=")
                    self.add(getattr(value, f.name))
            for name, keys in self.fields.get(base, ()) if hasattr(value, "__dict__") else ():
                h.update(name.encode() + b"=")
                held = _raw(value, name)
                if keys is None:
                    self.add(held)
                    continue
                held = held._mapping if isinstance(held, _Keys) else held
                for k in keys:      # only the keys read, each present or not
                    self.add(k)
                    self.add((held[k],) if k in held else ())
            h.update(b">")
        elif isinstance(value, enum.Enum):
            h.update(f"{kind.__qualname__}.{value.name};".encode())
        elif isinstance(value, PurePath):
            h.update(f"path:{value};".encode())
        elif hasattr(value, "_fields") and isinstance(value, tuple):     # a namedtuple
            h.update(f"{kind.__qualname__}".encode())
            self.add(tuple(value))
        elif hasattr(value, "wkb") and hasattr(value, "geom_type"):       # shapely geometry
            h.update(self._leaf(value, lambda v: hashlib.blake2b(v.wkb, digest_size=20).digest()))
        elif type(value).__reduce__ is not object.__reduce__:      # a value that says how to rebuild it
            made = value.__reduce__()
            if not (isinstance(made, tuple) and len(made) == 2):
                raise Uncacheable(f"no fingerprint for {kind.__qualname__}")
            h.update(f"<{kind.__module__}.{kind.__qualname__}".encode())
            self.add(made[1])
            h.update(b">")
        else:
            raise Uncacheable(f"no fingerprint for {kind.__qualname__}")

    def _alone(self, value) -> bytes:
        one = _Digest(frozenset(), self.leaves)
        one.fields = self.fields
        one.add(value)
        return one.h.digest()

    def _leaf(self, value, digest: Callable) -> bytes:
        # Keyed by id with the value kept alive, so the id cannot be reused by another object.
        kept = self.leaves.get(id(value))
        if kept is None or kept[0] is not value:
            kept = self.leaves[id(value)] = (value, digest(value))
        return kept[1]


@dataclasses.dataclass
class _Entry:
    reads: frozenset
    key: bytes
    result: object


class Memo:
    """The steps' results of the last build, each with the fields it read; kept by a watch."""

    def __init__(self):
        self.entries: dict[str, _Entry] = {}
        self.leaves: dict[int, tuple] = {}
        self.ran: list[str] = []         # steps run (not reused) in the current build
        self.reused: list[str] = []
        self.written: dict = {}          # path -> bytes last written, to skip rewriting the same
        self.changed: list = []          # files written in the current build

    def key(self, reads: frozenset, args: tuple) -> bytes | None:
        d = _Digest(reads, self.leaves)
        try:
            d.add(args)
        except Uncacheable:
            return None
        return d.h.digest()

    def run(self, name: str, fn: Callable, args: tuple, kwargs: dict, extra: tuple):
        everything = (args, tuple(sorted(kwargs.items())), extra)
        entry = self.entries.get(name)
        if entry is not None:
            key = self.key(entry.reads, everything)
            if key is not None and key == entry.key:
                self.reused.append(name)
                for frame in _FRAMES:         # an enclosing step depends on what this one read
                    frame.update(entry.reads)
                return entry.result
        reads: set = set()
        seen: dict = {}
        copies = recorded(args, seen)
        copied_kwargs = {k: recorded(v, seen) for k, v in kwargs.items()}
        _FRAMES.append(reads)
        try:
            result = fn(*copies, **copied_kwargs)
        finally:
            del _FRAMES[next(i for i, f in enumerate(_FRAMES) if f is reads)]
        for frame in _FRAMES:
            frame.update(reads)
        reads_ = frozenset(reads)
        # The fingerprint of the arguments restricted to what this run read; the next build
        # fingerprints its arguments over the same reads and compares.
        key = self.key(reads_, everything)
        self.ran.append(name)
        if key is None:
            self.entries.pop(name, None)
        else:
            self.entries[name] = _Entry(reads_, key, result)
        return result

    def begin(self) -> None:
        self.ran, self.reused, self.changed = [], [], []

    def forget(self) -> None:
        """Drop every step's result (a file the steps know only by name, the font, has
        changed), so each runs again; what was written is kept, so unchanged files stay."""
        self.entries.clear()
        self.leaves.clear()

    def unchanged(self, path, data: bytes) -> bool:
        """True when `data` is what this watch last wrote to `path` and the file is still there."""
        import os

        last = self.written.get(str(path))
        if last is None or last[0] != data:
            return False
        try:
            st = os.stat(path)
        except OSError:
            return False
        return (st.st_size, st.st_mtime_ns) == last[1]

    def wrote(self, path, data: bytes) -> None:
        import os

        try:
            st = os.stat(path)
        except OSError:
            return
        self.written[str(path)] = (data, (st.st_size, st.st_mtime_ns))
        self.changed.append(path)


def step(name: str, fn: Callable, *args, extra: tuple = (), **kwargs):
    """`fn(*args, **kwargs)`, reused from the last build of a watch when what it read is unchanged."""
    memo = _ACTIVE.get()
    if memo is None:
        return fn(*args, **kwargs)
    return memo.run(name, fn, args, kwargs, extra)


def active() -> Memo | None:
    return _ACTIVE.get()


@contextmanager
def remembering(memo: Memo | None):
    """Use `memo` for the builds inside (a watch holds one for its whole run)."""
    token = _ACTIVE.set(memo)
    try:
        with recording(memo):
            yield memo
    finally:
        _ACTIVE.reset(token)
