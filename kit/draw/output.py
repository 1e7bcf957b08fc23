"""Writing outputs so that a failed build never leaves a half-written or lost file."""

from __future__ import annotations

import io
import os
import re
import stat
import tempfile
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen import canvas as rl_canvas

from kit.draw import fonts

from kit.sim import progress
from kit.data.errors import KitError, Where, display_path
from kit.rebuild.memo import active
from kit.data.units import to_pt


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


_KINDS = [(stat.S_ISDIR, "a folder"), (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"),
          (stat.S_ISFIFO, "a pipe (FIFO)"), (stat.S_ISSOCK, "a socket"), (stat.S_ISREG, "a file")]


def _kind(mode: int) -> str:
    return next((name for test, name in _KINDS if test(mode)), "something else")


def check_target(path: Path) -> None:
    """Refuse, before any work, a target that is not a regular file kit may replace.

    The write renames a new file over the path, so a device, a pipe or a folder named
    there (`--report /dev/full`) would be replaced by a plain file; a symbolic link to
    one of those is refused too. A link to a regular file is replaced by the new file,
    leaving the file it pointed to as it was.
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
    for folder in (path.parent, *path.parent.parents):
        if folder.exists():
            if not folder.is_dir():
                raise KitError(f"cannot make the output folder: {display_path(folder)} is "
                               f"{_kind(folder.stat().st_mode)}", Where(display_path(path)))
            break


def check_targets(paths) -> None:
    """check_target for each path: called at the start of a command, before any work."""
    for path in paths:
        check_target(Path(path))


# The names of the files kit stages an output in (mkstemp: the prefix, then 8 of these characters).
TEMP_NAME = re.compile(r"\.(?P<name>.+)\.[a-z0-9_]{8}")


def remove_stray_temps(path: Path) -> None:
    """Delete `.NAME.XXXXXXXX` files an interrupted write of `path` left beside it."""
    prefix = f".{path.name}."
    try:
        entries = list(os.scandir(path.parent))
    except OSError:
        return
    for entry in entries:
        m = TEMP_NAME.fullmatch(entry.name)
        if m and m.group("name") == path.name and entry.name.startswith(prefix) \
                and entry.is_file(follow_symlinks=False):
            try:
                os.unlink(entry.path)
            except OSError:
                pass


def _staged(path: Path, data: bytes) -> str:
    """`data` in a temporary file beside `path`, readable as a normal new file would be."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600; outputs are shared files
    except BaseException:
        os.unlink(tmp)
        raise
    return tmp


def write_all(files: dict[Path, bytes], product: bool = True) -> None:
    """Write every file, or none: all are staged beside their targets first, then renamed.

    A disk or permission error while staging leaves every earlier output as it was;
    it becomes a KitError naming the file. (The renames themselves only fail in
    ways staging beside the target already shows.)
    Under `--watch`, a file whose bytes are those the watch last wrote there is left alone,
    and the watch reports the files it wrote; not so for a file that is no `product` of the
    build (kit's cache, kit/rebuild/cache.py).
    """
    memo = active() if product else None
    if memo is not None:
        files = {path: data for path, data in files.items() if not memo.unchanged(path, data)}
    check_targets(files)
    for path in files:
        remove_stray_temps(Path(path))
    staged: dict[Path, str] = {}
    data_of = {Path(path): data for path, data in files.items()}
    try:
        for path, data in files.items():
            staged[Path(path)] = _staged(Path(path), data)
        for path, tmp in staged.items():
            os.replace(tmp, path)
            if memo is not None:
                memo.wrote(path, data_of[path])
    except OSError as err:
        raise KitError(f"cannot write: {err.strerror or err}", Where(display_path(err.filename or path))) from None
    finally:
        for tmp in staged.values():
            if os.path.exists(tmp):
                os.unlink(tmp)


def write_atomic(path: Path, data: bytes, product: bool = True) -> None:
    """Write one file through a temporary file and a rename."""
    write_all({Path(path): data}, product)


MAX_PAGES = 2000


class Pdf:
    """A deterministic reportlab canvas writing to memory; page size in mm.

    `invariant=1` removes dates and random ids, so identical inputs give
    byte-identical files.
    """

    def __init__(self, width_mm: float, height_mm: float, title: str, font: str | None = None):
        self.buffer = io.BytesIO()
        self.width, self.height = width_mm, height_mm
        # Every page's preamble names the initial font. Left at reportlab's default that is a
        # non-embedded Helvetica, which a print shop may not have, so it is kit's embedded font.
        if font is None:
            font = fonts.FONT
            if font not in pdfmetrics.getRegisteredFontNames():
                fonts.register()
        self.canvas = rl_canvas.Canvas(
            self.buffer, pagesize=(to_pt(width_mm), to_pt(height_mm)), invariant=1, pageCompression=1,
            initialFontName=font,
        )
        self.title = title
        self.canvas.setTitle(title)
        self.canvas.setAuthor("kit")
        self.canvas.setCreator("kit")
        self.canvas.setProducer("kit")
        self.pages = 0
        self.trim: tuple[float, float, float, float] | None = None
        self.bleed = 0.0

    def set_page_size(self, width_mm: float, height_mm: float,
                      trim: tuple[float, float, float, float] | None = None, bleed: float = 0.0) -> None:
        """The next page's size; `trim` (x, y, w, h mm) is the finished piece on it, when the page
        is not itself the finished size, and `bleed` how far its artwork runs past the trim."""
        self.width, self.height = width_mm, height_mm
        self.trim, self.bleed = trim, bleed
        self.canvas.setPageSize((to_pt(width_mm), to_pt(height_mm)))

    def boxes(self) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """The page's TrimBox and BleedBox in pt: the trim given with the page size (else the whole
        page, a sheet printed as it is) and the trim grown by the bleed, inside the page."""
        x, y, w, h = self.trim or (0.0, 0.0, self.width, self.height)
        b = self.bleed if self.trim else 0.0
        trim = (x, y, x + w, y + h)
        bleed = (max(0.0, x - b), max(0.0, y - b), min(self.width, x + w + b), min(self.height, y + h + b))
        return tuple(round(to_pt(v), 4) for v in trim), tuple(round(to_pt(v), 4) for v in bleed)

    def show_page(self) -> None:
        # Every page states its TrimBox and BleedBox, which print services and imposition
        # software read to cut and to check the bleed.
        trim, bleed = self.boxes()
        self.canvas.setTrimBox(trim)
        self.canvas.setBleedBox(bleed)
        self.canvas.showPage()
        self.pages += 1
        progress.tick()
        if self.pages > MAX_PAGES:  # a backstop: each product refuses its own excess first, in its words
            raise KitError(f"{self.title}: more than {MAX_PAGES:,} pages, kit's limit for one PDF "
                           "(no product of a real game comes near it)")

    def finish(self) -> bytes:
        """The PDF's bytes; refused if the font lacked a glyph for any text drawn in it."""
        doc = self.canvas._doc  # the document reportlab's fonts key their state by
        self.canvas.save()
        fonts.drawn_but_missing(doc)
        return self.buffer.getvalue()
