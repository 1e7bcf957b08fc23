"""The simulators' innermost loops, compiled when they can be.

The modules in COMPILED (the shared ones in SHARED, and those each game names in its
declaration's `compiled=`) are plain Python that setup.py also compiles with Cython, as they
are: no Cython syntax, and annotations are not read as C types, so every value keeps
Python's semantics and a seed plays the same game compiled or not (the tests compare the
two). Compiled, a game costs less CPU (benchmarks/speed_ratio.py measures how much).

A module may have a .pxd beside it that Cython reads as the .py's C types (typed locals,
C classes and methods). Its C types must hold what the Python values hold (C doubles are
Python floats; ints stay small), so the module still plays what its .py plays, and the .py
alone runs without it.

The .py stays the source of truth. Beside each compiled module the build writes a mark
holding the sha256 of the source it was compiled from (its .py and .pxd), and a compiled
module is imported only while that mark matches the source as it is now: an edit to either
file takes effect at once, running as plain Python until the next `pip install -e .`.
Without a C compiler the build leaves no compiled module and everything runs as plain
Python. KIT_PURE_PYTHON=1 in the environment runs every module as plain Python.
"""

from __future__ import annotations

import ast
import hashlib
import importlib.machinery
import importlib.util
import os
import sys
from pathlib import Path

SHARED: tuple[str, ...] = ("kit.sim.draws",)     # shared modules compiled; each game declares its own
GAMES = Path(__file__).resolve().parent.parent / "games"


def declared(games: Path = GAMES) -> tuple[str, ...]:
    """The modules each game's declaration (kit/games/NAME/__init__.py) names in
    `compiled=(...)`, read from its source with ast, so that neither setup.py nor kit's own
    start-up imports a game to learn them."""
    out = []
    for init in sorted(games.glob("*/__init__.py")):
        for node in ast.walk(ast.parse(init.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Game":
                for kw in node.keywords:
                    if kw.arg == "compiled":
                        package = f"kit.games.{init.parent.name}"
                        out += [f"{package}.{name}" for name in ast.literal_eval(kw.value)]
    return tuple(out)


COMPILED = SHARED + declared()
MARK = ".compiled"      # suffix of the mark beside a compiled module: <name>.compiled
# The build's record beside this file: {"compiled": [names], "not_compiled": {name: why}}.
RECORD = "accel-build.json"


def source_digest(source: bytes) -> str:
    return hashlib.sha256(source).hexdigest()


def module_digest(folder: Path, name: str) -> str:
    """The mark of module `name` (last part) in `folder`: the sha256 of its .py, or with a .pxd
    beside it, the sha256 of the two files' digests (so a .pxd added, edited or removed
    after the build makes the compiled module stale too)."""
    digest = source_digest((folder / (name + ".py")).read_bytes())
    pxd = folder / (name + ".pxd")
    if pxd.is_file():
        digest = source_digest(f"{digest} {source_digest(pxd.read_bytes())}".encode())
    return digest


def current(folder: Path, name: str) -> bool:
    """Whether the compiled module `name` (last part) in `folder` was built from its source as it is now."""
    try:
        mark = (folder / (name + MARK)).read_text().strip()
        return mark == module_digest(folder, name)
    except OSError:
        return False


def compiled_file(folder: Path, name: str) -> Path | None:
    """The compiled module `name` in `folder`, if one is built for this Python."""
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        if (folder / (name + suffix)).is_file():
            return folder / (name + suffix)
    return None


def build_record() -> dict | None:
    """What the last build (setup.py) compiled in this tree, or None if no build ran here."""
    import json

    try:
        return json.loads(Path(__file__).with_name(RECORD).read_text())
    except FileNotFoundError:
        return None


def running_compiled() -> dict[str, bool]:
    """Module name -> whether it is (or would be) imported compiled in this process."""
    finder = _Finder()
    out = {}
    for full in COMPILED:
        spec = finder.find_spec(full, [str(Path(__file__).parents[1].joinpath(*full.split(".")[1:-1]))])
        out[full] = spec is not None and spec.origin is not None and not spec.origin.endswith(".py")
    return out


class _Finder:
    """Finds the modules in COMPILED: compiled when current, else their .py."""

    def find_spec(self, fullname, path, target=None):
        if fullname not in COMPILED or not path:
            return None
        folder, name = Path(path[0]), fullname.rpartition(".")[2]
        binary = compiled_file(folder, name)
        if binary is not None and current(folder, name) and not os.environ.get("KIT_PURE_PYTHON"):
            loader = importlib.machinery.ExtensionFileLoader(fullname, str(binary))
            return importlib.util.spec_from_file_location(fullname, binary, loader=loader)
        source = folder / (name + ".py")
        return importlib.util.spec_from_file_location(fullname, source) if source.is_file() else None


def install() -> None:
    """Put the finder first on sys.meta_path (once)."""
    if not any(isinstance(f, _Finder) for f in sys.meta_path):
        sys.meta_path.insert(0, _Finder())
