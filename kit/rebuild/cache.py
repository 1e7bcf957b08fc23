"""Results kept on disk between runs, under the project's output/cache/ folder.

A costly pure computation (shikoku-duo's board geometry: reading the SVG map and cutting
it with shapely) is stored with a key: the sha256 of everything its result depends on.
A later run whose key is the same reads the result back instead of computing it, and so
never imports the libraries the computation needs.

What a key always holds, besides the caller's inputs (`fingerprint`):
- the code: every .py file of the kit package (a few ms to hash), so any change to kit
  recomputes, not just a change to the functions one remembered to list;
- the Python version and the installed versions of the libraries named by the caller,
  read without importing them.

The file is the key, then the pickled value. The key is compared before anything is
unpickled, and unpickling may only build the classes the caller names, so a file from
another key, another version or anyone else is never run as code: it is recomputed and
replaced like a missing, unreadable or damaged one. Writing is best effort (through
kit.run.files's atomic write): a read-only or full disk leaves the command working as
without a cache.
"""

from __future__ import annotations

import hashlib
import io
import pickle
import sys
from functools import lru_cache
from pathlib import Path

from kit.data.errors import KitError
from kit.run.files import write_atomic

FORMAT = b"kit-cache 1\n"
PACKAGE = Path(__file__).resolve().parents[1]     # the kit package


def folder(data_dir: Path) -> Path | None:
    """The cache folder of the project whose data folder holds `data_dir` (PROJECT/data/GAME ->
    PROJECT/output/cache); None for a data folder outside a project's data/, which is not cached."""
    data_dir = Path(data_dir).resolve()
    if data_dir.parent.name != "data":
        return None
    return data_dir.parent.parent / "output" / "cache"


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """The sha256 of kit's Python sources (each file's path within kit, then its bytes)."""
    digest = hashlib.sha256()
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(PACKAGE).as_posix().encode()
        digest.update(len(name).to_bytes(4, "big") + name)
        data = path.read_bytes()
        digest.update(len(data).to_bytes(8, "big") + data)
    return digest.hexdigest()


def versions(distributions) -> tuple:
    """(name, installed version or None) of each distribution, read without importing it."""
    return tuple((name, _version(name)) for name in distributions)


def _version(name: str) -> str | None:
    """The version in the name of the package's NAME-VERSION.dist-info folder beside it (what
    pip installs: found in well under a millisecond, where importing importlib.metadata and
    asking it takes 20-40 ms); else importlib.metadata's answer."""
    import importlib.util
    import os

    try:
        spec = importlib.util.find_spec(name)       # finds a top-level package without running it
    except (ImportError, ValueError):
        spec = None
    if spec is not None and spec.origin and spec.submodule_search_locations:
        site = Path(spec.origin).parent.parent
        prefix = name.lower().replace("-", "_") + "-"
        try:
            found = [e for e in os.listdir(site) if e.lower().startswith(prefix) and e.endswith(".dist-info")]
        except OSError:
            found = []
        if len(found) == 1:
            return found[0][len(prefix):-len(".dist-info")]
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(name)
    except PackageNotFoundError:
        return None


def fingerprint(parts, libraries=()) -> bytes:
    """The key of a result made from `parts` (bytes or str, in order) by kit's code with the
    installed `libraries`."""
    digest = hashlib.sha256()
    always = [code_fingerprint(), sys.version, repr(versions(libraries))]
    for part in [*always, *parts]:
        data = part.encode() if isinstance(part, str) else bytes(part)
        digest.update(len(data).to_bytes(8, "big") + data)
    return digest.hexdigest().encode()


class _Unpickler(pickle.Unpickler):
    def __init__(self, data: bytes, allowed: frozenset):
        super().__init__(io.BytesIO(data))
        self.allowed = allowed

    def find_class(self, module, name):
        if (module, name) not in self.allowed:
            raise pickle.UnpicklingError(f"{module}.{name} is not expected in a cache file")
        return super().find_class(module, name)


def read(path: Path | None, key: bytes, allowed):
    """The value stored at `path` under `key`, or None when there is none to trust (missing,
    unreadable, another key, damaged, or naming a class outside `allowed`, given as
    (module, name) pairs)."""
    if path is None:
        return None
    head = FORMAT + key + b"\n"
    try:
        data = Path(path).read_bytes()
    except OSError:
        return None
    if not data.startswith(head):
        return None
    try:
        return _Unpickler(data[len(head):], frozenset(allowed)).load()
    except Exception:  # a damaged file fails in many ways: each means "compute it again"
        return None


def write(path: Path | None, key: bytes, value) -> None:
    """Store `value` under `key` at `path`, atomically; silently nothing when it cannot be."""
    if path is None:
        return

    data = FORMAT + key + b"\n" + pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    try:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        write_atomic(Path(path), data, product=False)
    except (OSError, KitError):
        pass
