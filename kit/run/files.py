"""Writing outputs so that a failed build never leaves a half-written or lost file."""

from __future__ import annotations

import contextlib
import errno
from contextvars import ContextVar
import fcntl
import os
import re
import secrets
import shutil
import stat
from pathlib import Path

from kit.data.errors import KitError, Where, display_path

# What a watch last wrote (kit.rebuild.memo's Memo, which sets it around its builds): a file
# whose bytes it wrote last time is left alone, and each file written is told to it. Held
# here, not imported from the watch, so writing files needs nothing above it.
_RECORD: ContextVar = ContextVar("kit_written", default=None)


@contextlib.contextmanager
def recording(record):
    """Skip and report files through `record` (`unchanged(path, data)`, `wrote(path, data)`)
    for the writes inside."""
    token = _RECORD.set(record)
    try:
        yield record
    finally:
        _RECORD.reset(token)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


_KINDS = [(stat.S_ISDIR, "a folder"), (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"),
          (stat.S_ISFIFO, "a pipe (FIFO)"), (stat.S_ISSOCK, "a socket"), (stat.S_ISREG, "a file")]


def _kind(mode: int) -> str:
    return next((name for test, name in _KINDS if test(mode)), "something else")


def kind_of(path: Path) -> str:
    """What is at `path`, in a refusal's words: 'a file', 'a folder', 'a device', 'a pipe (FIFO)'..."""
    return _kind(Path(path).stat().st_mode)


def check_target(path: Path, probed: set | None = None) -> None:
    """Refuse, before any work, a target that is not a regular file kit may replace.

    The write renames a new file over the path, so a device, a pipe or a folder named
    there (`--report /dev/full`) would be replaced by a plain file; a symbolic link to
    one of those is refused too. A link to a regular file is replaced by the new file,
    leaving the file it pointed to as it was. So is an output whose folder cannot be made or
    written in (`check_folder`).
    """
    path = Path(path)
    try:
        mode = path.stat().st_mode  # follows a link: what it points to
    except (FileNotFoundError, NotADirectoryError):  # a file where a folder should be: below
        mode = None
    except OSError as err:
        raise KitError(f"cannot write here: {err.strerror}", Where(display_path(path))) from None
    if mode is not None and not stat.S_ISREG(mode):
        linked = " (through a symbolic link)" if path.is_symlink() else ""
        if stat.S_ISDIR(mode):
            raise KitError(f"a folder is in the way of this output file{linked}", Where(display_path(path)))
        raise KitError(f"this is {_kind(mode)}{linked}, not a regular file; kit writes only regular files "
                       "and wrote nothing", Where(display_path(path)))
    check_folder(path.parent, path, probed)


def check_folder(folder: Path, path: Path | None = None, probed: set | None = None) -> None:
    """Refuse, before any work, an output folder (of `path`, where the refusal is placed) that is
    a file, or that kit could not make or write in (`_check_makeable`; once a folder, for the
    folders in `probed`)."""
    folder, path = Path(folder), Path(path if path is not None else folder)
    missing = []
    for above in (folder, *folder.parents):
        try:        # one look at each: what is there cannot change between two
            mode = above.stat().st_mode
        except (FileNotFoundError, NotADirectoryError):
            missing.append(above)
            continue
        if not stat.S_ISDIR(mode):
            raise KitError(f"cannot make the output folder: {display_path(above)} is {_kind(mode)}",
                           Where(display_path(path)))
        break
    if probed is None or folder not in probed:
        _check_makeable(path, above, missing[::-1])
        if probed is not None:
            probed.add(folder)


def _check_makeable(path: Path, existing: Path, missing: list[Path]) -> None:
    """Refuse, before any work, an output whose folder kit could not make or write in, by
    making and removing in the folder that is there an empty file (when the output's folder
    is there) or an empty folder (when folders are missing: the write makes them), named as
    a stray of this build, to learn whether the file system lets them be, which no permission
    bit tells root (a read-only mount, /proc, /sys). The probe is never a folder another build
    may be writing in: a check makes and removes only its own."""
    probe = existing / f".probe.kit-{os.getpid()}-{secrets.token_hex(4)}.new"
    try:
        if missing:
            os.mkdir(probe, 0o700)
        else:
            os.close(os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except OSError as err:
        if not missing:
            raise KitError(f"cannot write in {_the_folder(existing, path)}: {err.strerror or err}",
                           Where(display_path(path))) from None
        why = "the file system there allows no new folder" if err.errno == errno.ENOENT else err.strerror or str(err)
        raise KitError(f"cannot make {_the_folder(missing[0], path, 'the output folder')}: {why}",
                       Where(display_path(path))) from None
    if missing:
        try:
            os.rmdir(probe)
        except OSError:
            pass
    else:
        _unlink(probe)


def _the_folder(folder: Path, path: Path, what: str = "the folder") -> str:
    """A folder as a refusal placed at `path` names it: 'this folder' when it is the path."""
    return f"this {what.split()[-1]}" if Path(folder) == Path(path) else f"{what} {display_path(folder)}"


def check_targets(paths, repairing: bool = True, folders=()) -> None:
    """check_target for each path, check_folder for each of `folders` (where a command writes
    files it names only as it writes them): called at the start of a command, before any work,
    when it also repairs what a build that died left in the outputs' folders (`repair`)."""
    paths = [Path(path) for path in paths]
    probed = set()
    for path in paths:
        check_target(path, probed)
    for folder in folders:
        check_folder(folder, probed=probed)
        paths.append(Path(folder) / "-")        # its files' folder, to repair
    if repairing and paths:
        for folder in _folders(paths):
            if folder.is_dir():
                with _locked(folder):
                    repair(folder)


# A build's own files, named by its pid and a random id so that no build touches another live
# build's files: `.NAME.kit-PID-ID.new` (an output staged), `.NAME.kit-PID-ID.old` (the output it
# replaces, kept until the build has committed) and `.kit-PID-ID.staging|commit` (the journal).
_OWN = re.compile(r"\.(?P<name>.+)\.kit-(?P<pid>\d+)-(?P<id>[0-9a-f]{8})\.(?:new|old)")
_JOURNAL = re.compile(r"\.kit-(?P<pid>\d+)-(?P<id>[0-9a-f]{8})\.(?P<state>staging|commit)")
# Any of them: what the watch (kit/rebuild/watch.py) ignores as no save of the user's.
TEMP_NAME = re.compile(r"\..+\.kit-\d+-[0-9a-f]{8}\.(?:new|old)|\.kit-\d+-[0-9a-f]{8}\.(?:staging|commit)")


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:         # another user's process: alive
        return True
    return True


def _fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:         # a file system that cannot sync a folder: nothing more to do
        pass
    finally:
        os.close(fd)


@contextlib.contextmanager
def _locked(folder: Path):
    """An exclusive lock on the folder itself (no lock file is left behind): one build at a
    time stages, commits or repairs there, so concurrent builds never interleave their sets."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        yield
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def _unlink(path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def _read_journal(path: Path) -> list[tuple[Path, Path, Path]]:
    """(staged, target, backup) for each output a journal lists, relative to its folder."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return []
    entries = []
    for line in text.splitlines():
        parts = line.split("\t")
        if len(parts) == 3 and all(parts) and not any(os.path.isabs(p) or ".." in Path(p).parts for p in parts):
            entries.append(tuple(path.parent / p for p in parts))
    return entries


def repair(folder: Path) -> None:
    """Finish or undo what builds that died (their pid no longer runs) left in `folder`.

    A journal still `.staging` means the build died before committing: its staged files are
    deleted and every output is as it was. A `.commit` journal means it died between two
    renames, leaving some outputs new and some old: each staged file still there is renamed
    over its output (each was complete and synced before the journal said commit), so the set
    is the dead build's, whole. Then stray `.new`/`.old` files of dead builds in the folder go.
    """
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        m = _JOURNAL.fullmatch(entry.name)
        if not m or _alive(int(m.group("pid"))):
            continue
        for staged, target, backup in _read_journal(Path(entry.path)):
            if m.group("state") == "commit" and staged.is_file() and not staged.is_symlink():
                try:
                    os.replace(staged, target)
                except OSError:
                    _unlink(staged)
            else:
                _unlink(staged)
            _unlink(backup)
        _unlink(entry.path)
    for entry in entries:
        m = _OWN.fullmatch(entry.name)
        if m and not _alive(int(m.group("pid"))):
            if entry.is_file(follow_symlinks=False):
                _unlink(entry.path)
            elif m.group("name") == "probe" and entry.is_dir(follow_symlinks=False):
                try:        # a check's empty folder (_check_makeable)
                    os.rmdir(entry.path)
                except OSError:
                    pass


def _folders(paths) -> list[Path]:
    """The folders a set of outputs lies in, and the folder holding them all (first): where
    builds journal, so where a later build looks for what a dead one left."""
    parents = list(dict.fromkeys(Path(os.path.abspath(p)).parent for p in paths))
    common = Path(os.path.commonpath(parents))
    return list(dict.fromkeys([common, *parents]))


def _write_new(path: Path, data: bytes, mode: int = 0o666) -> None:
    """`data` in a new file at `path` (refused if one is there), synced to the disk; readable as
    any new file is (the umask applies), or by its owner only when `mode` says so."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)
    finally:
        os.close(fd)


def _cannot(path: Path, err: OSError) -> KitError:
    return KitError(f"cannot write: {err.strerror or err}", Where(display_path(path)))


def write_all(files: dict[Path, bytes], product: bool = True, private: bool = False) -> None:
    """Write every file, or none: one transaction per build.

    Under a lock on the folder holding every output, the build first repairs what dead builds
    left there (`repair`), writes its journal, then stages each output as a new file beside
    its target, synced to the disk. Only when all are staged does the journal say commit;
    then each existing output is kept as a hard link (`.old`) and the staged file renamed over
    it. A failure while staging or renaming undoes every rename made, so every earlier output
    is byte-identical; the error names the output, not a temporary file.

    A crash (kill -9, power cut) before the commit leaves only staged files, which the next
    build deletes; a crash between two renames leaves some outputs new and some old, with the
    journal and the remaining staged files, and the next build that writes to or checks the
    folder finishes those renames first. An open PDF viewer never sees a half file: a rename
    replaces the whole file at once.

    Under `--watch`, a file whose bytes are those the watch last wrote there is left alone,
    and the watch reports the files it wrote; not so for a file that is no `product` of the
    build (kit's cache, kit/rebuild/cache.py). A `private` set of files is readable by its owner
    only (a table's save, whose seat tokens act for its players).

    Writing the same files again and again (a table's save after every move) is one such
    transaction each time: at any moment the files are the last complete set.
    """
    memo = _RECORD.get() if product else None
    if memo is not None:
        files = {path: data for path, data in files.items() if not memo.unchanged(path, data)}
    files = {Path(path): data for path, data in files.items()}
    check_targets(files, repairing=False)
    if not files:
        return
    folders = _folders(files)
    for path in files:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise _cannot(path, err) from None
    common = folders[0]
    build = f"kit-{os.getpid()}-{secrets.token_hex(4)}"
    journal = common / f".{build}.staging"
    plan = [(path, path.parent / f".{path.name}.{build}.new", path.parent / f".{path.name}.{build}.old")
            for path in files]
    with _locked(common):
        for folder in folders:
            repair(folder)
        try:
            _write_new(journal, "".join("\t".join(os.path.relpath(p, common) for p in (s, t, b)) + "\n"
                                        for t, s, b in plan).encode())
        except OSError as err:
            raise _cannot(next(iter(files)), err) from None
        done: list[tuple[Path, Path, Path, bool]] = []
        try:
            for target, staged, _ in plan:
                try:
                    _write_new(staged, files[target], 0o600 if private else 0o666)
                except OSError as err:
                    raise _cannot(target, err) from None
            for folder in folders:
                _fsync_folder(folder)
            committing = common / f".{build}.commit"
            os.replace(journal, committing)
            journal = committing
            _fsync_folder(common)
            for target, staged, backup in plan:
                try:
                    kept = _keep(target, backup)
                    os.replace(staged, target)
                except OSError as err:
                    raise _cannot(target, err) from None
                done.append((target, staged, backup, kept))
        except BaseException:
            for target, staged, backup, kept in reversed(done):   # undo, newest first
                try:
                    if kept:
                        os.replace(backup, target)
                    else:
                        os.unlink(target)
                except OSError:
                    pass
            for _, staged, backup in plan:
                _unlink(staged)
                _unlink(backup)
            _unlink(journal)
            raise
        for folder in folders:
            _fsync_folder(folder)
        for _, _, backup in plan:
            _unlink(backup)
        _unlink(journal)
    if memo is not None:
        for path, data in files.items():
            memo.wrote(path, data)


def _keep(target: Path, backup: Path) -> bool:
    """Keep the output the build is about to replace (a hard link, else a copy), so a failed
    rename can put it back; False when there is none."""
    if not os.path.lexists(target):
        return False
    try:
        os.link(target, backup, follow_symlinks=False)
    except OSError:
        shutil.copy2(target, backup, follow_symlinks=False)
    return True


def write_atomic(path: Path, data: bytes, product: bool = True) -> None:
    """Write one file through a temporary file and a rename."""
    write_all({Path(path): data}, product)
