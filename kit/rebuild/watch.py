"""`kit build --game G --watch`: build, then rebuild each time a file the build reads is
saved, until Ctrl-C: anything under data/G/ or layouts/, and the files it reads from
elsewhere (the map SVG, the font, an extra `--layout` file).

watchfiles (MIT; the OS's file events through Rust's notify) tells us when files change,
so nothing polls by hand. A build that fails prints its `file:line: message` and the
watch goes on; so does one that fails in a way kit did not foresee (a bug: one line
naming the error and where it was raised, never a traceback that ends the watch).
Outputs are written atomically (kit.run.files), so a PDF viewer open on cards.pdf sees the
old file or the new one, never half of one.

The watch keeps one `kit.rebuild.memo.Memo` for its whole run: the parsed map and fonts stay
loaded, and each build step (a product, karuta's slot relaxation and board plan) is
redone only when a value it read last time has changed, so a furigana edit redraws the
cards and the card-size sampler, not the board. A product whose bytes are unchanged is
not rewritten. Each rebuild says which steps ran and which files it wrote. A saved map
or font is read again and every step redone (the steps know the font by its name only).
"""

from __future__ import annotations

import fnmatch
import os
import sys
import time
import traceback
from pathlib import Path
from typing import Callable

from kit.data.errors import KitError
from kit.rebuild.memo import Memo, remembering
from kit.draw import fonts
from kit.run.files import TEMP_NAME

# What a file outside the watched folders is to the build: "map" and "font" are loaded once
# and kept (kit.layout.svgmap, kit.draw.fonts), so a save of one drops what was kept; "layout" is read
# afresh by every build.
RELOADED = ("map", "font")
# Files written beside a real one for a moment, never read by a build: a save of one is no
# reason to rebuild (shell patterns on the file's name; kit's own staged outputs are TEMP_NAME).
TEMPORARY = (
    ".#*",          # Emacs: the lock beside a file being edited
    "*~",           # Emacs, vim and others: the backup of the previous version
    ".*.sw?",       # vim: the swap file (.swp, then .swo, .swn … and .swx)
    "4913",         # vim: the probe it writes to learn whether it may write in the folder
    "*.part",       # a file being downloaded or written before it is renamed into place
    "*.tmp",        # the same, as other programs name it
)
# How long the watcher waits, with no save, before it says it is watching (see watch()).
READY_MS = 1000


def summary(memo: Memo, seconds: float) -> str:
    """One line: the steps a rebuild ran, those it kept, the files it replaced."""
    ran = ", ".join(memo.ran) or "nothing"
    kept = f"; kept {', '.join(memo.reused)}" if memo.reused else ""
    wrote = ", ".join(Path(p).name for p in memo.changed) or "no file changed"
    return f"rebuilt {ran}{kept} in {seconds:.2f} s; wrote {wrote}"


def temporary(name: str) -> bool:
    """True for the name of an editor's, a download's or kit's own temporary file (TEMPORARY)."""
    return bool(TEMP_NAME.fullmatch(name)) or any(fnmatch.fnmatchcase(name, p) for p in TEMPORARY)


def saved_names(changes) -> list[str]:
    """The names of a batch's changed files worth a rebuild: those still there, and YAML files
    that were deleted, except temporary ones. A temporary file an editor or `sed -i` wrote and
    renamed away is gone by the time the batch arrives, and one still there is named so, so a
    batch of those alone rebuilds nothing."""
    return sorted({Path(p).name for _, p in changes
                   if not temporary(Path(p).name) and (Path(p).exists() or Path(p).suffix in (".yaml", ".yml"))})


def _resolved(path) -> Path:
    return Path(os.path.realpath(path))


def relevant(changes, folders: list[Path], files: dict[Path, str]) -> tuple[list[str], set[str]]:
    """The names of a batch's changes worth a rebuild, and the kinds of outside files among them.

    Under a watched folder every file but a temporary one counts (as `saved_names` says); in
    the folder of an outside file (the map's, the font's) only that file does, whatever its
    name, not its neighbours."""
    folders = [_resolved(f) for f in folders]
    inside, named, kinds = [], set(), set()
    for change, p in changes:
        path = _resolved(p)
        if path in files:
            kinds.add(files[path])
            if path.exists() or path.suffix in (".yaml", ".yml"):
                named.add(Path(p).name)
        elif any(path.is_relative_to(f) for f in folders):
            inside.append((change, p))
    return sorted(named | set(saved_names(inside))), kinds


def _stamp(path: Path):
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_size, st.st_mtime_ns


def _files_now(folders: list[Path], files: dict) -> dict[Path, tuple]:
    """Every file under `folders`, and each of `files`, with its size and modification time."""
    found = {}
    for folder in folders:
        for where, _, names in os.walk(folder):
            for name in names:
                path = _resolved(Path(where) / name)
                found[path] = _stamp(path)
    for path in files:
        found[_resolved(path)] = _stamp(path)
    return found


def _tree_now(folders: list[Path], files: dict) -> dict[Path, tuple]:
    """_files_now, and every folder under `folders` too (a folder where a file was is a change)."""
    found = _files_now(folders, files)
    for folder in folders:
        for where, dirs, _ in os.walk(folder):
            for name in dirs:
                found[_resolved(Path(where) / name)] = ("folder",)
    return found


def forget_loaded(memo: Memo) -> None:
    """Drop the kept map and fonts, and every step's result, so the next build reads them afresh."""

    svgmap = sys.modules.get("kit.layout.svgmap")     # loaded only by a build that reads the map
    if svgmap is not None:
        svgmap.load_map.cache_clear()
    fonts._load.cache_clear()
    memo.forget()


def unforeseen(err: BaseException) -> str:
    """One line for an exception kit did not foresee: its kind, message and where it was raised."""
    frames = traceback.extract_tb(err.__traceback__)[1:] or traceback.extract_tb(err.__traceback__)
    ours = [f for f in frames if f"{os.sep}kit{os.sep}" in f.filename] or frames    # the watch's own frame left out
    at = f" at {Path(ours[-1].filename).name}:{ours[-1].lineno}" if ours else ""
    text = str(err).splitlines()[0] if str(err) else ""
    return f"error: the build failed unexpectedly{at}: {type(err).__name__}" + (f": {text}" if text else "") + \
        " (a bug in kit, not in your files: please report it)"


def watch(paths: list[Path], build: Callable[[], object], report: Callable[[str], None],
          stop_event=None, debounce_ms: int = 50, memo: Memo | None = None,
          incremental: bool = True, files: Callable[[], dict] | None = None) -> int:
    """Build once, then after every batch of saves; returns the builds run.

    Every file under the folders `paths` counts. `files()`, asked after each build, names
    the files read from elsewhere, each with its kind ("map", "font", "layout"): their
    folders are watched too, for those files alone, and a saved map or font is loaded
    afresh. `build` raises KitError for bad data; `report` shows a line. Any other
    exception is reported in one line and the watch goes on. Stops when `stop_event` is
    set or on Ctrl-C (no traceback). `memo` (a new one by default) keeps the steps'
    results between builds; `incremental=False` rebuilds everything each time.
    """
    import watchfiles

    memo = memo if memo is not None else Memo()
    files = files or (lambda: {})

    def once() -> None:
        started = time.perf_counter()
        memo.begin()
        try:
            with remembering(memo if incremental else None):
                build()
        except KitError as err:
            report(str(err) if err.where else f"error: {err}")
            report("still watching: fix the file and save it again")
            return
        except Exception as err:       # noqa: BLE001 - a bug must not end the user's watch
            report(unforeseen(err))
            report("still watching: a save rebuilds again")
            return
        if incremental:
            report(summary(memo, time.perf_counter() - started))

    def outside() -> dict[Path, str]:
        try:
            named = files()
        except KitError:
            return {}
        return {_resolved(p): kind for p, kind in named.items()}

    folders = [Path(p) for p in paths]
    before = _files_now(folders, {})
    built_on = _tree_now(folders, {})     # what the folders held when the last build began
    try:
        once()
    except KeyboardInterrupt:
        return 1
    builds = 1
    extra = outside()
    stamps = {p: _stamp(p) for p in extra}
    before.update(stamps)          # known only once a build has said which they are
    built_on.update(stamps)
    announced = None
    while True:
        places = sorted({_resolved(p) for p in folders}
                        | {p.parent for p in extra if p.parent.is_dir()
                           and not any(p.is_relative_to(_resolved(f)) for f in folders)})
        shown = ", ".join(str(p) for p in folders) + "".join(f", {p}" for p in sorted(extra)
                                                            if not any(p.is_relative_to(_resolved(f))
                                                                       for f in folders))
        moved, ready = False, False
        try:
            # yield_on_timeout: an empty batch after a quiet second says the watcher is in place;
            # saves made before then (during the build) are found by comparing the files' stamps.
            for changes in watchfiles.watch(*places, stop_event=stop_event, debounce=debounce_ms, step=20,
                                            rust_timeout=READY_MS, raise_interrupt=False, yield_on_timeout=True):
                if not ready:
                    ready = True
                    if shown != announced:
                        report(f"watching {shown} (Ctrl-C stops)")
                        announced = shown
                    now = _files_now(folders, extra)
                    missed = [(None, str(p)) for p in sorted(set(before) | set(now)) if before.get(p) != now.get(p)]
                    changes = set(changes) | set(missed)
                if not changes:
                    continue
                saved, kinds = relevant(changes, folders, extra)
                if not saved or _tree_now(folders, extra) == built_on:
                    continue        # nothing changed since the last build: an event that came late
                report(f"saved {', '.join(saved)}: rebuilding")
                # Stamped before the build reads them, so a save while it runs counts next time.
                now = {p: _stamp(p) for p in extra}
                if any(extra[p] in RELOADED and now[p] != stamps.get(p) for p in extra):
                    forget_loaded(memo)
                stamps = now
                before = _files_now(folders, extra)
                built_on = _tree_now(folders, extra)
                once()
                builds += 1
                named = outside()
                if named != extra:        # another map or font chosen: watch its folder instead
                    new = {p: _stamp(p) for p in named if p not in extra}
                    stamps.update(new)
                    before.update(new)
                    extra, moved = named, True
                    break
        except KeyboardInterrupt:
            return builds
        if not moved:
            return builds
