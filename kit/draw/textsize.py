"""Text read in play is at least 6 pt: measured on the drawn pages, as printed.

`sizes` reads every run of text off a PDF with the size it prints at (the font size scaled
by the text and drawing matrices in force, so text shrunk to fit counts shrunk) and where it
stands. `too_small` gives each run below `LEAST` points, named by the piece it stands on
(a game's `where(file, page, x, y)`: the piece whose trim holds the point) and its text.
`refuse` raises them all at once: every game's build (and so `kit check`, which renders as
build does) refuses a page with text read in play below the least, before anything is written.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass

from kit.data.errors import KitError, KitErrors

LEAST = 6.0         # pt: the least a table reads across a card or a board


@dataclass(frozen=True)
class Run:
    file: str
    page: int           # 1-based
    size: float         # pt, as printed
    text: str
    x: float            # mm from the page's bottom-left corner
    y: float


def sizes(name: str, data: bytes) -> list[Run]:
    from pypdf import PdfReader

    out = []
    for k, page in enumerate(PdfReader(io.BytesIO(data)).pages, 1):
        def visit(s, cm, tm, font, size, k=k):
            if not s.strip():
                return
            a, b = tm[0] * cm[0] + tm[1] * cm[2], tm[0] * cm[1] + tm[1] * cm[3]
            c, d = tm[2] * cm[0] + tm[3] * cm[2], tm[2] * cm[1] + tm[3] * cm[3]
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            out.append(Run(name, k, round(size * math.sqrt(abs(a * d - b * c)), 2), s.strip(),
                           x / 72 * 25.4, y / 72 * 25.4))
        page.extract_text(visitor_text=visit)
    return out


def too_small(files: dict[str, bytes], where=None, least: float = LEAST) -> list[KitError]:
    """A KitError per piece and text below `least` pt in `files` ({name: pdf bytes}); `where`
    names the piece a point of a file stands on (else the file names it)."""
    seen: dict[tuple, list[Run]] = {}
    for name, data in files.items():
        for run in sizes(name, data):
            if run.size < least - 1e-6:
                piece = where(run.file, run.page, run.x, run.y) if where else None
                seen.setdefault((name, piece or name.removesuffix(".pdf"), run.size), []).append(run)
    out = []
    for (name, piece, size), runs in seen.items():
        texts = list(dict.fromkeys(r.text for r in runs))
        shown = ", ".join(repr(t if len(t) <= 40 else t[:40] + "…") for t in texts[:3])
        more = f" and {len(texts) - 3} more" if len(texts) > 3 else ""
        pages = sorted({r.page for r in runs})
        out.append(KitError(f"{name}: {piece}: {shown}{more} print{'s' if len(texts) == 1 else ''} at {size:g} pt "
                            f"(page{'s' if len(pages) > 1 else ''} {', '.join(map(str, pages[:4]))}"
                            f"{'…' if len(pages) > 4 else ''}); text read in play needs at least {least:g} pt"))
    return out


def refuse(files: dict[str, bytes], where=None, not_in_play: tuple[str, ...] = (), least: float | None = None) -> None:
    """Raise every text below `least` pt in `files` but those named in `not_in_play` (a
    sampler of sizes, a reduced preview, a duplex test page), as `too_small` names them."""
    errors = too_small({n: d for n, d in files.items() if n not in not_in_play}, where,
                       LEAST if least is None else least)
    if errors:
        raise errors[0] if len(errors) == 1 else KitErrors(errors)
