"""The PDF every product draws on: a deterministic reportlab canvas in mm, with its print boxes."""

from __future__ import annotations

import io

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen import canvas as rl_canvas

from kit.data.errors import KitError
from kit.data.units import to_pt
from kit.draw import fonts
from kit.run import progress


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
