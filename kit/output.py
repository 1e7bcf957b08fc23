"""Writing outputs so that a failed build never leaves a half-written or lost file."""

from __future__ import annotations

import io
import os
import tempfile
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen import canvas as rl_canvas

from kit import fonts
from kit.errors import KitError, Where, display_path
from kit.units import to_pt


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _check_target(path: Path) -> None:
    """Refuse, before anything is written, a target that a rename could not replace."""
    if path.is_dir():
        raise KitError("a folder is in the way of this output file", Where(display_path(path)))
    for folder in (path.parent, *path.parent.parents):
        if folder.exists():
            if not folder.is_dir():
                raise KitError(f"cannot make the output folder: {display_path(folder)} is a file",
                               Where(display_path(path)))
            break


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


def write_all(files: dict[Path, bytes]) -> None:
    """Write every file, or none: all are staged beside their targets first, then renamed.

    A disk or permission error while staging leaves every earlier output as it was;
    it becomes a KitError naming the file. (The renames themselves only fail in
    ways staging beside the target already shows.)
    """
    for path in files:
        _check_target(Path(path))
    staged: dict[Path, str] = {}
    try:
        for path, data in files.items():
            staged[Path(path)] = _staged(Path(path), data)
        for path, tmp in staged.items():
            os.replace(tmp, path)
    except OSError as err:
        raise KitError(f"cannot write: {err.strerror or err}", Where(display_path(err.filename or path))) from None
    finally:
        for tmp in staged.values():
            if os.path.exists(tmp):
                os.unlink(tmp)


def write_atomic(path: Path, data: bytes) -> None:
    """Write one file through a temporary file and a rename."""
    write_all({Path(path): data})


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

    def finish(self) -> bytes:
        self.canvas.save()
        return self.buffer.getvalue()
