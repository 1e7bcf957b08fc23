"""Card imposition: where cards, their bleeds and crop marks go on a sheet, in mm.

Pure values, origin at the sheet's bottom-left corner (as in PDF), y up.
Cards sit in a grid with a gutter between trims; each card's bleed fills half the
gutter. Crop marks extend every trim line outside the grid, beyond the outermost
bleed, so no mark is ever printed on a card.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from kit.data.errors import KitError
from kit.data.layoutfile import Layout, Piece


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def x2(self) -> float:
        return self.x + self.w

    @property
    def y2(self) -> float:
        return self.y + self.h

    def grow(self, d: float) -> "Rect":
        return Rect(self.x - d, self.y - d, self.w + 2 * d, self.h + 2 * d)


@dataclass(frozen=True)
class Paper:
    """A page to draw on: its size and the edge a home printer cannot print on, mm."""

    width: float
    height: float
    margin: float

    @property
    def body(self) -> Rect:
        """The page inside its margin."""
        return Rect(self.margin, self.margin, self.width - 2 * self.margin, self.height - 2 * self.margin)


def paper(layout: Layout, landscape: bool = False, margin: float = 0.0) -> Paper:
    """The layout's paper, portrait or turned landscape, with at least `margin` mm of edge."""
    short, long_ = sorted((layout.paper_width, layout.paper_height))
    edge = max(layout.margin, margin)
    return Paper(long_, short, edge) if landscape else Paper(short, long_, edge)


def sheet_margin(layout: Layout) -> float:
    """A whole-page sheet's margin (progress sheets, score pads, player aids): at least 8 mm, and
    2 mm inside the printable area, so a footer line fits between the printer's margin and the
    content."""
    return max(layout.margin + 2.0, 8.0)


@dataclass(frozen=True)
class Segment:
    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class Grid:
    """One sheet's card grid: trim boxes in reading order (left to right, top down)."""

    width: float
    height: float
    cols: int
    rows: int
    trims: tuple[Rect, ...]
    bleed: float
    crop_marks: tuple[Segment, ...]

    @property
    def per_sheet(self) -> int:
        return len(self.trims)


def grid(layout: Layout, piece: Piece | str) -> Grid:
    """The largest grid of a piece (the layout's piece of that name, or a Piece)
    that fits the paper inside margins and crop marks."""
    card = layout.piece(piece) if isinstance(piece, str) else piece
    w, h = card.width, card.height
    reserve = layout.margin + card.bleed + layout.crop_offset + layout.crop_length
    avail_w = layout.paper_width - 2 * reserve
    avail_h = layout.paper_height - 2 * reserve
    cols = math.floor((avail_w + card.gutter) / (w + card.gutter) + 1e-9)
    rows = math.floor((avail_h + card.gutter) / (h + card.gutter) + 1e-9)
    if cols < 1 or rows < 1:
        raise KitError(f"a {w:g} × {h:g} mm {card.name or 'card'} with its bleed and crop marks does not fit on "
                       f"{layout.paper} paper", getattr(card, "where", None))
    used_w = cols * w + (cols - 1) * card.gutter
    used_h = rows * h + (rows - 1) * card.gutter
    # Centre the grid so front and back mirror about the sheet's own centre line.
    x0 = (layout.paper_width - used_w) / 2
    y_top = (layout.paper_height + used_h) / 2
    trims = tuple(
        Rect(x0 + c * (w + card.gutter), y_top - h - r * (h + card.gutter), w, h)
        for r in range(rows) for c in range(cols)
    )
    marks = _crop_marks(trims, card.bleed, layout.crop_offset, layout.crop_length)
    return Grid(layout.paper_width, layout.paper_height, cols, rows, trims, card.bleed, marks)


def _crop_marks(trims, bleed: float, offset: float, length: float) -> tuple[Segment, ...]:
    xs = sorted({round(t.x, 6) for t in trims} | {round(t.x2, 6) for t in trims})
    ys = sorted({round(t.y, 6) for t in trims} | {round(t.y2, 6) for t in trims})
    left, right = xs[0] - bleed - offset, xs[-1] + bleed + offset
    bottom, top = ys[0] - bleed - offset, ys[-1] + bleed + offset
    marks = []
    for x in xs:
        marks.append(Segment(x, top, x, top + length))
        marks.append(Segment(x, bottom - length, x, bottom))
    for y in ys:
        marks.append(Segment(left - length, y, left, y))
        marks.append(Segment(right, y, right + length, y))
    return tuple(marks)


def back_trims(sheet: Grid, flip: str, dx: float = 0.0, dy: float = 0.0) -> tuple[Rect, ...]:
    """Where each front card's back goes on the reverse page, same order as `sheet.trims`.

    Turning over on the long edge of a portrait sheet mirrors left-right; on the
    short edge, top-bottom. (dx, dy) is the printer's measured front/back shift,
    applied against it.
    """
    out = []
    for t in sheet.trims:
        # The corner that lands bottom-left after the turn: the right one for a long-edge
        # flip, the top one for a short-edge flip.
        corner = (t.x2, t.y) if flip == "long" else (t.x, t.y2)
        x, y = back_point(sheet.width, sheet.height, *corner, flip, dx, dy)
        out.append(Rect(x, y, t.w, t.h))
    return tuple(out)


def paginate(count: int, per_sheet: int) -> list[range]:
    """Card indices per sheet."""
    return [range(i, min(i + per_sheet, count)) for i in range(0, count, per_sheet)]


def back_point(width: float, height: float, x: float, y: float, flip: str,
               dx: float = 0.0, dy: float = 0.0) -> tuple[float, float]:
    """Where a point of the front lands on the back page, as `back_trims` places cards."""
    if flip == "long":
        x = width - x
    else:
        y = height - y
    return x - dx, y - dy


def bleeds(sheet: Grid) -> tuple[Rect, ...]:
    """Each card's artwork box: its trim grown by the bleed."""
    return tuple(t.grow(sheet.bleed) for t in sheet.trims)


def marks_extent(sheet: Grid) -> Rect:
    """The box holding every card, bleed and crop mark of a sheet."""
    xs = [v for m in sheet.crop_marks for v in (m.x1, m.x2)]
    ys = [v for m in sheet.crop_marks for v in (m.y1, m.y2)]
    return Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def caption_box(sheet: Grid, margin: float, height: float) -> Rect | None:
    """A strip below the crop marks and inside the printable margin for a sheet caption.

    None when the grid leaves no room: the caption is then left off rather than
    printed over a mark.
    """
    extent = marks_extent(sheet)
    room = extent.y - margin
    if room < height:
        return None
    return Rect(margin, extent.y - height - min(1.0, room - height), sheet.width - 2 * margin, height)


def place_all(count: int, sheet: Grid) -> list[tuple[int, int, Rect]]:
    """(card index, sheet index, trim) for every card, in card order."""
    return [(i, s, sheet.trims[i - r.start])
            for s, r in enumerate(paginate(count, sheet.per_sheet)) for i in r]



def band(paper_w: float, paper_h: float, left: float, right: float, w: float, h: float, bleed: float,
         gutter: float, crop_offset: float, crop_length: float, top: float, bottom: float,
         count: int) -> Grid | None:
    """Up to `count` pieces in rows whose crop marks stay inside the box left..right, bottom..top
    (mm, y up).

    Bands of different piece sizes share a sheet, stacked down it and side by side; each band
    has its own crop marks, and its reserve (bleed, gap and mark) keeps them off its
    neighbours' pieces. A band with enough pieces to fill its width is centred in it; one
    with fewer keeps to the left, leaving the rest of the row to the next band. The band
    holds as many of the `count` pieces as fit; None when not one fits.
    """
    reserve = bleed + crop_offset + crop_length
    cols = math.floor((right - left - 2 * reserve + gutter) / (w + gutter) + 1e-9)
    rows = math.floor((top - bottom - 2 * reserve + gutter) / (h + gutter) + 1e-9)
    if cols < 1 or rows < 1 or count < 1:
        return None
    rows = min(rows, math.ceil(count / cols))
    if count < cols:
        cols = count
        x0 = left + reserve
    else:
        x0 = (left + right - (cols * w + (cols - 1) * gutter)) / 2
    y_top = top - reserve
    trims = tuple(Rect(x0 + c * (w + gutter), y_top - h - r * (h + gutter), w, h)
                  for r in range(rows) for c in range(cols))[:count]
    return Grid(paper_w, paper_h, cols, rows, trims, bleed, _crop_marks(trims, bleed, crop_offset, crop_length))
