"""PNG images of the printed pieces, for screens and virtual tabletops (`kit build --images`).

Nothing here draws a piece. Each piece is drawn by its game's own card-drawing function
(the `DrawCard` that `render.card_sheets` imposes) one piece per page, as `--print-shop`
prints it, and that PDF's pages are rasterised with pypdfium2, cut at the trim; boards are
rasterised from the very PDF the build writes. So an image cannot drift from the print.

A deck's images, in OUT/images/:
- `NAME-01.png` ... one per face, `NAME-back.png` when every back is the same (else
  `NAME-back-01.png` ...), at the chosen dpi: round(mm / 25.4 * dpi) pixels a side;
- `NAME-sheet-K-CxR.png`: the faces on sheets of at most 10 columns × 7 rows, the grid
  virtual tabletops import (Tabletop Simulator's deck limit), cells in reading order,
  the grid size in the file name; the back is its own image, as they ask;
- `BOARD.png`: each board, one image;
- `phone/...`: the first face of each deck and each board at a phone's real width
  (`PHONE_PX`: a 390-px-wide screen at 3×), with `phone_report`'s readability figures.

PNGs are written by Pillow without metadata (no time, no text chunks), so the same data
gives byte-identical files.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from typing import Callable

from kit.draw.imposition import Grid, Rect
from kit.draw.pdf import Pdf
from kit.draw.render import DrawCard, single_pages
from kit.data.units import to_pt

MAX_COLS, MAX_ROWS = 10, 7          # a virtual-tabletop deck sheet holds at most 10 × 7 cards
PHONE_CSS_PX = 390                  # the usual phone's width in CSS pixels ...
PHONE_SCALE = 3                     # ... at 3 device pixels each
PHONE_PX = PHONE_CSS_PX * PHONE_SCALE
# The smallest em height, in CSS pixels, at which a role still reads on a phone: Apple's
# Human Interface Guidelines give 11 pt (= 11 CSS px) as the smallest text size, and
# Japanese kana and kanji, denser than Latin letters, need no less.
READABLE_CSS_PX = 11.0
MM_PER_PT = 25.4 / 72


@dataclass(frozen=True)
class Deck:
    """A game's pieces of one kind, drawn the way its print files draw them.

    `front(canvas, index, trim, bleed)` and `back(...)` are the DrawCards the game imposes;
    `prepare(canvas)` defines what they share (e.g. a form XObject) once per file.
    `roles`: each text role on the face and the smallest size it prints at, in pt.
    """

    name: str
    width: float                    # trim, mm
    height: float
    bleed: float
    count: int
    front: DrawCard
    back: DrawCard | None = None
    prepare: Callable | None = None
    roles: tuple[tuple[str, float], ...] = ()


def pixels(mm: float, dpi: int) -> int:
    """A length on paper as whole pixels at `dpi`."""
    return round(mm / 25.4 * dpi)


def deck_pdf(deck: Deck, title: str) -> bytes:
    """The deck as `--print-shop` prints it (`render.single_pages`): each piece on a page of
    its own, its trim plus bleed, each face followed by its back."""
    pdf = Pdf(deck.width + 2 * deck.bleed, deck.height + 2 * deck.bleed, title)
    if deck.prepare:
        deck.prepare(pdf.canvas)
    one = Grid(deck.width, deck.height, 1, 1, (Rect(0, 0, deck.width, deck.height),), deck.bleed, ())
    single_pages(pdf, one, deck.count, deck.front, deck.back)
    return pdf.finish()


def rasterise(pdf: bytes, dpi: int | None = None, width_px: int | None = None, pages=None,
              bleed: float = 0.0) -> list:
    """PIL images of a PDF's pages, less `bleed` mm at every edge, at `dpi` or scaled to
    `width_px` pixels wide."""
    import pypdfium2

    doc = pypdfium2.PdfDocument(pdf)
    cut = to_pt(bleed)
    out = []
    try:
        for n in (range(len(doc)) if pages is None else pages):
            page = doc[n]
            w_pt, h_pt = (d - 2 * cut for d in page.get_size())
            if width_px is not None:
                size = (width_px, round(h_pt * width_px / w_pt))
            else:
                size = (pixels(w_pt * MM_PER_PT, dpi), pixels(h_pt * MM_PER_PT, dpi))
            # Rendered at the scale that gives exactly these pixels, so the size follows the
            # piece's mm and the dpi, not pdfium's rounding.
            image = page.render(scale=size[0] / w_pt, crop=(cut,) * 4).to_pil().convert("RGB")
            if image.size != size:
                image = image.resize(size)
            out.append(image)
            page.close()
    finally:
        doc.close()
    return out


def png(image) -> bytes:
    """PNG bytes with no metadata: the same pixels always give the same bytes."""
    buf = io.BytesIO()
    image.save(buf, format="PNG", optimize=False, compress_level=6)
    return buf.getvalue()


def sheet_grids(count: int) -> list[tuple[range, int, int]]:
    """The deck sheets: (the cards on it, columns, rows), at most MAX_COLS × MAX_ROWS each."""
    per = MAX_COLS * MAX_ROWS
    out = []
    for start in range(0, count, per):
        n = min(per, count - start)
        cols = min(MAX_COLS, n)
        out.append((range(start, start + n), cols, math.ceil(n / cols)))
    return out


def sheet(images: list, cols: int, rows: int):
    """Cards in reading order on a cols × rows grid of cells the size of the first card."""
    from PIL import Image

    w, h = images[0].size
    out = Image.new("RGB", (cols * w, rows * h), "white")
    for k, im in enumerate(images):
        out.paste(im, ((k % cols) * w, (k // cols) * h))
    return out


def deck_images(deck: Deck, dpi: int, title: str) -> dict[str, bytes]:
    """{file name: PNG} for one deck: faces, back(s) and deck sheets."""
    pages = rasterise(deck_pdf(deck, title), dpi, bleed=deck.bleed)
    faces, backs = (pages[0::2], pages[1::2]) if deck.back else (pages, [])
    digits = max(2, len(str(deck.count)))
    files = {f"{deck.name}-{i + 1:0{digits}d}.png": png(im) for i, im in enumerate(faces)}
    for k, (cards, cols, rows) in enumerate(sheet_grids(deck.count), 1):
        files[f"{deck.name}-sheet-{k}-{cols}x{rows}.png"] = png(sheet([faces[i] for i in cards], cols, rows))
    if backs:
        back_png = [png(im) for im in backs]
        if len(set(back_png)) == 1:
            files[f"{deck.name}-back.png"] = back_png[0]
        else:       # backs that differ (e.g. a tile's side B): one each, and sheets like the faces'
            files.update({f"{deck.name}-back-{i + 1:0{digits}d}.png": b for i, b in enumerate(back_png)})
            for k, (cards, cols, rows) in enumerate(sheet_grids(deck.count), 1):
                files[f"{deck.name}-back-sheet-{k}-{cols}x{rows}.png"] = png(
                    sheet([backs[i] for i in cards], cols, rows))
    return files


# --- the phone check -----------------------------------------------------------------

@dataclass(frozen=True)
class Legibility:
    deck: str
    role: str
    pt: float
    css_px: float           # the role's em height on the phone, the piece filling the screen's width
    per_row: int            # pieces side by side across the screen before the role drops below READABLE

    @property
    def device_px(self) -> float:
        return self.css_px * PHONE_SCALE

    @property
    def readable(self) -> bool:
        """At least READABLE_CSS_PX high with the piece filling the screen's width."""
        return self.per_row >= 1


def role_legibility(name: str, width_mm: float, roles) -> list[Legibility]:
    """Each text role's height on a phone showing a piece `width_mm` wide at the screen's full
    width: the one formula behind the build's phone check and karuta's card-size sampler."""
    out = []
    for role, pt in roles:
        css = pt * MM_PER_PT / width_mm * PHONE_CSS_PX
        out.append(Legibility(name, role, pt, css, math.floor(css / READABLE_CSS_PX)))
    return out


def legibility(deck: Deck) -> list[Legibility]:
    """Each text role's height on a phone showing the piece at the screen's full width."""
    return role_legibility(deck.name, deck.width, deck.roles)


def phone_report(decks: list[Deck]) -> tuple[str, list[str]]:
    """The readability table and a warning per role below READABLE_CSS_PX at full width."""
    lines = [f"phone check: each piece at a {PHONE_CSS_PX}-px-wide screen at {PHONE_SCALE}× "
             f"({PHONE_PX} px, images in images/phone/); readable from {READABLE_CSS_PX:g} px"]
    warnings = []
    for deck in decks:
        for f in legibility(deck):
            lines.append(f"  {f.deck:<14} {f.role:<16} {f.pt:5.1f} pt → {f.css_px:5.1f} px "
                         f"({f.device_px:.0f} device px); readable up to {f.per_row} across")
            if not f.readable:
                warnings.append(f"warning: {f.deck}: {f.role} is {f.css_px:.1f} px high on a "
                                f"{PHONE_CSS_PX}-px phone even at full width, below {READABLE_CSS_PX:g} px")
    return "\n".join(lines), warnings


def images(decks: list[Deck], boards: dict[str, bytes], dpi: int, title: str) -> tuple[dict[str, bytes], str]:
    """Every image as {path relative to OUT/images: PNG} and the phone check's text.

    `boards`: {image name: the PDF whose first page is that board}.
    """
    files: dict[str, bytes] = {}
    for deck in decks:
        files.update(deck_images(deck, dpi, f"{title}: {deck.name}"))
        files[f"phone/{deck.name}-01.png"] = png(
            rasterise(deck_pdf(Deck(**{**deck.__dict__, "count": 1, "back": None}), title), width_px=PHONE_PX,
                      bleed=deck.bleed)[0])
    for name, pdf in boards.items():
        files[f"{name}.png"] = png(rasterise(pdf, dpi, pages=[0])[0])
        files[f"phone/{name}.png"] = png(rasterise(pdf, width_px=PHONE_PX, pages=[0])[0])
    text, warnings = phone_report(decks)
    return files, "\n".join([text, *warnings])


def write_images(out_dir, decks, boards, dpi: int, title: str) -> tuple[dict, str]:
    """{path: PNG} under OUT/images (for `output.write_all`, with the PDFs) and a summary."""
    files, report = images(decks, boards, dpi, title)
    folder = out_dir / "images"
    paths = {folder / name: data for name, data in sorted(files.items())}
    summary = f"images: {len(paths)} PNG files at {dpi} dpi in {folder}\n{report}"
    return paths, summary
