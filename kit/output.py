"""Writing outputs so that a failed build never leaves a half-written or lost file."""

from __future__ import annotations

import io
import os
import tempfile
from pathlib import Path

from reportlab.pdfgen import canvas as rl_canvas

from reportlab.pdfbase import pdfmetrics

from kit import fonts
from kit.units import to_pt


def write_atomic(path: Path, data: bytes) -> None:
    """Write to a temporary file beside `path`, then rename over it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def write_all(files: dict[Path, bytes]) -> None:
    """Write every rendered file only once all of them rendered without error."""
    for path, data in files.items():
        write_atomic(path, data)


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

    def set_page_size(self, width_mm: float, height_mm: float) -> None:
        self.width, self.height = width_mm, height_mm
        self.canvas.setPageSize((to_pt(width_mm), to_pt(height_mm)))

    def show_page(self) -> None:
        self.canvas.showPage()
        self.pages += 1

    def finish(self) -> bytes:
        self.canvas.save()
        return self.buffer.getvalue()
