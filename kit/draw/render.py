"""Drawing imposed card sheets: fronts with bleed, crop marks, mirrored duplex backs.

Game-neutral. A game supplies two callbacks, `front(canvas, index, trim, bleed)` and
`back(canvas, index, trim, bleed)`, that draw one card given its finished trim
rectangle in mm (sheet coordinates, y up) and its bleed; they are clipped to the
bleed box, so artwork meant to bleed simply draws past the trim. Where things go
comes from `kit.draw.imposition`; this module only draws those values.
"""

from __future__ import annotations

from typing import Callable

from reportlab.lib.colors import Color, HexColor, black, white
from reportlab.pdfgen.canvas import Canvas

from kit.draw.fonts import FONT, fit_size
from kit.draw.imposition import Grid, Rect, Segment, back_point, back_trims, caption_box, grid, paginate
from kit.data.layoutfile import Layout, Piece
from kit.draw.pdf import Pdf
from kit.data.units import to_pt

DrawCard = Callable[[Canvas, int, Rect, float], None]

HAIRLINE_PT = 0.25          # crop marks and cut lines: thin but printable on a home printer
CAPTION_PT = 6.0
CAPTION_H = 3.0             # mm reserved for a sheet caption under the crop marks
REGISTRATION = Color(0, 0, 0)


def colour(hex_rgb: str) -> Color:
    return HexColor(hex_rgb)


def ink_on(hex_rgb: str, dark: Color = black, light: Color = white) -> Color:
    """Ink that reads on a fill: `light` on dark colours, `dark` on light ones (Rec. 709 luminance)."""
    c = colour(hex_rgb)
    return dark if 0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue > 0.6 else light


def mix(hex_rgb: str, toward: Color, amount: float) -> Color:
    """`hex_rgb` moved `amount` (0..1) of the way toward another colour: tints and shades."""
    c = HexColor(hex_rgb)
    return Color(c.red + (toward.red - c.red) * amount, c.green + (toward.green - c.green) * amount,
                 c.blue + (toward.blue - c.blue) * amount)


def rect_path(canvas: Canvas, r: Rect):
    p = canvas.beginPath()
    p.rect(to_pt(r.x), to_pt(r.y), to_pt(r.w), to_pt(r.h))
    return p


def rings_path(canvas: Canvas, rings, at: Callable[[float, float], tuple[float, float]] = lambda x, y: (x, y)):
    """One path of closed rings (e.g. `svgmap.shape_rings` of a province), `at` placing each
    point in mm on the page. Fill it even-odd (`fillMode=0`) so holes stay holes."""
    path = canvas.beginPath()
    for ring in rings:
        x, y = at(*ring[0])
        path.moveTo(to_pt(x), to_pt(y))
        for q in ring[1:]:
            x, y = at(*q)
            path.lineTo(to_pt(x), to_pt(y))
        path.close()
    return path


def fill_rect(canvas: Canvas, r: Rect, fill: Color) -> None:
    canvas.setFillColor(fill)
    canvas.rect(to_pt(r.x), to_pt(r.y), to_pt(r.w), to_pt(r.h), stroke=0, fill=1)


def stroke_rect(canvas: Canvas, r: Rect, stroke: Color, width_pt: float, dash=None) -> None:
    canvas.setStrokeColor(stroke)
    canvas.setLineWidth(width_pt)
    canvas.setDash(*(dash or ([], 0)))
    canvas.rect(to_pt(r.x), to_pt(r.y), to_pt(r.w), to_pt(r.h), stroke=1, fill=0)
    canvas.setDash([], 0)


def line(canvas: Canvas, x1: float, y1: float, x2: float, y2: float) -> None:
    canvas.line(to_pt(x1), to_pt(y1), to_pt(x2), to_pt(y2))


def text(canvas: Canvas, x: float, y: float, s: str, size: float, align: str = "left",
         fill: Color = black, font: str = FONT) -> None:
    """`s` with its baseline at (x, y) mm; align is left, centre or right."""
    canvas.setFillColor(fill)
    canvas.setFont(font, size)
    if align == "centre":
        canvas.drawCentredString(to_pt(x), to_pt(y), s)
    elif align == "right":
        canvas.drawRightString(to_pt(x), to_pt(y), s)
    else:
        canvas.drawString(to_pt(x), to_pt(y), s)


def text_in_box(canvas: Canvas, box: Rect, s: str, size: float, fill: Color = black,
                floor: float = 4.0) -> float:
    """`s` centred in `box`, shrunk to fit its width (never below `floor`); returns the size used."""
    size = max(floor, fit_size(s, to_pt(box.w), size, floor))
    baseline = box.y + box.h / 2 - size * 0.35 / to_pt(1)
    text(canvas, box.x + box.w / 2, baseline, s, size, "centre", fill)
    return size


def draw_segments(canvas: Canvas, segments: tuple[Segment, ...], width_pt: float = HAIRLINE_PT) -> None:
    canvas.setStrokeColor(REGISTRATION)
    canvas.setLineWidth(width_pt)
    canvas.setDash([], 0)
    for s in segments:
        line(canvas, s.x1, s.y1, s.x2, s.y2)


def draw_clipped(canvas: Canvas, draw: DrawCard, index: int, trim: Rect, bleed: float) -> None:
    """One card, clipped to its bleed box so no artwork strays onto a neighbour or a mark."""
    canvas.saveState()
    canvas.clipPath(rect_path(canvas, trim.grow(bleed)), stroke=0, fill=0)
    draw(canvas, index, trim, bleed)
    canvas.restoreState()


def _caption(canvas: Canvas, sheet: Grid, layout: Layout, s: str) -> None:
    box = caption_box(sheet, layout.margin, CAPTION_H)
    if box is not None and s:
        text(canvas, box.x + box.w / 2, box.y + 0.6, s, CAPTION_PT, "centre")


def card_sheets(pdf: Pdf, layout: Layout, count: int, front: DrawCard, back: DrawCard | None,
                *, piece: Piece | str, caption: str = "") -> Grid:
    """Every card (the layout's piece named `piece`, or a Piece) on as many sheets as needed; with
    `back`, each front page is followed by its back.

    Backs go where `imposition.back_trims` puts them for the layout's flip edge and
    measured offset, so printing the file duplex lines each back up with its front.
    Returns the grid used.
    """
    sheet = grid(layout, piece)
    if layout.print_shop:
        single_pages(pdf, sheet, count, front, back)
        return sheet
    pages = paginate(count, sheet.per_sheet)
    backs = back_trims(sheet, layout.duplex_flip, layout.duplex_dx, layout.duplex_dy)
    c = pdf.canvas
    for n, indices in enumerate(pages, 1):
        pdf.set_page_size(layout.paper_width, layout.paper_height)
        for i in indices:
            draw_clipped(c, front, i, sheet.trims[i - indices.start], sheet.bleed)
        draw_segments(c, sheet.crop_marks)
        _caption(c, sheet, layout, f"{caption}  sheet {n}/{len(pages)} front  ·  "
                                   f"{sheet.trims[0].w:g} × {sheet.trims[0].h:g} mm")
        pdf.show_page()
        if back is None:
            continue
        pdf.set_page_size(layout.paper_width, layout.paper_height)
        for i in indices:
            draw_clipped(c, back, i, backs[i - indices.start], sheet.bleed)
        _caption(c, sheet, layout, f"{caption}  sheet {n}/{len(pages)} back  ·  "
                                   f"duplex, flip on the {layout.duplex_flip} edge")
        pdf.show_page()
    return sheet


def single_pages(pdf: Pdf, sheet: Grid, count: int, front: DrawCard, back: DrawCard | None) -> None:
    """`--print-shop`: each card on a page of its own, the trim plus its bleed, with TrimBox and
    BleedBox set; each front followed by its back, which a print service lines up itself."""
    w, h, b = sheet.trims[0].w, sheet.trims[0].h, sheet.bleed
    trim = Rect(b, b, w, h)
    for i in range(count):
        for draw in (front, back):
            if draw is None:
                continue
            pdf.set_page_size(w + 2 * b, h + 2 * b, (trim.x, trim.y, trim.w, trim.h), b)
            draw_clipped(pdf.canvas, draw, i, trim, b)
            pdf.show_page()


# --- the duplex alignment test -------------------------------------------------------

SCALE_HALF = 5              # the reading scales run from -5 to +5 mm
TARGET_INSET = 30.0         # mm from the paper edge to the corner targets


def alignment_targets(layout: Layout) -> tuple[tuple[float, float], ...]:
    """Front positions of the test crosses: near each corner, where paper skew shows most."""
    w, h, d = layout.paper_width, layout.paper_height, TARGET_INSET
    return ((d, h - d), (w - d, h - d), (d, d), (w - d, d))


def alignment_back_targets(layout: Layout) -> tuple[tuple[float, float], ...]:
    """Where each front cross's reading scales go on the back page (offset applied, like the cards)."""
    return tuple(back_point(layout.paper_width, layout.paper_height, x, y, layout.duplex_flip,
                            layout.duplex_dx, layout.duplex_dy) for x, y in alignment_targets(layout))


def alignment_pages(pdf: Pdf, layout: Layout, title: str = "") -> None:
    """A front and a back page that, printed duplex on one sheet, show the printer's offset.

    Held to the light with the back facing you, each front cross shows through onto
    the back's two scales. The scales are numbered so the reading is what to add to
    the layout's duplex offset_x / offset_y (0 and 0 once the backs are aligned).
    """
    if layout.print_shop and pdf.pages:
        return      # after single pieces: the service aligns their backs; a file of its own keeps the test
    c = pdf.canvas
    w, h = layout.paper_width, layout.paper_height
    pdf.set_page_size(w, h)
    c.setStrokeColor(REGISTRATION)
    c.setLineWidth(0.3)
    for x, y in alignment_targets(layout):
        line(c, x - 12, y, x + 12, y)
        line(c, x, y - 12, x, y + 12)
        c.circle(to_pt(x), to_pt(y), to_pt(2), stroke=1, fill=0)
    lines = [
        f"{title} 両面印刷の位置合わせ Duplex alignment test: front".strip(),
        "",
        f"1. このページと次のページを1枚の両面に、{'長辺' if layout.duplex_flip == 'long' else '短辺'}とじ、"
        "100 %（実寸、「用紙に合わせる」なし）で印刷する。",
        "   Print this page and the next on ONE sheet, double-sided,",
        f"   flipping on the {layout.duplex_flip} edge, at 100 % (actual size, no 'fit to page').",
        "2. 裏を手前にして窓かランプに透かす。 Hold the sheet to a window or lamp with the BACK facing you.",
        "3. 四隅で表の十字が透けて見える。縦線が横の目盛り (x) と、横線が縦の目盛り (y) と交わる所を mm で読む。",
        "   At each corner the front's cross shows through the paper. Read where its",
        "   vertical line crosses the horizontal scale (x) and where its horizontal line",
        "   crosses the vertical scale (y), in mm; a half-way reading is fine.",
        "4. 新しいずれ = 今のずれ + 読み（四隅の平均）。 New offsets = current offsets + readings (average the four corners):",
        f"   duplex: offset_x: {layout.duplex_dx:g}mm + x,  offset_y: {layout.duplex_dy:g}mm + y",
        "   layouts/<game>.yaml（または --layout のファイル）に書く。 in layouts/<game>.yaml (or the file given with --layout).",
        "5. 作り直してもう一度印刷: 読みはすべて 0 になる。 Rebuild and print this test again: every reading should now be 0.",
        "",
        f"今の設定 Current layout: {layout.paper} paper, flip {layout.duplex_flip} edge, offset "
        f"x {layout.duplex_dx:g} mm, y {layout.duplex_dy:g} mm.",
        "下の目盛りがちょうど 100 mm か確かめる。 Check the printer's scale: the bar below must measure exactly 100 mm.",
    ]
    top = h - 55
    for k, s in enumerate(lines):
        text(c, 25, top - k * 5.2, s, max(6.0, fit_size(s, to_pt(w - 50), 8.5, 6.0)))
    bar_y = top - len(lines) * 5.2 - 6
    _ruler(c, (w - 100) / 2, bar_y, 100)
    pdf.show_page()

    pdf.set_page_size(w, h)
    for x, y in alignment_back_targets(layout):
        _reading_scales(c, x, y)
    text(c, w / 2, h / 2 + 8, f"{title} 両面印刷の位置合わせ Duplex alignment test: back".strip(), 10, "centre")
    text(c, w / 2, h / 2, "この面を手前にして透かし、表の十字が見える所で各目盛りを読む（説明は表）。", 8.5, "centre")
    text(c, w / 2, h / 2 - 5, "Hold to the light with this side facing you; read each scale where",
         8.5, "centre")
    text(c, w / 2, h / 2 - 10, "the front's cross shows through (instructions on the front).", 8.5, "centre")
    pdf.show_page()


def _ruler(c: Canvas, x: float, y: float, length: int) -> None:
    c.setStrokeColor(black)
    c.setLineWidth(0.3)
    line(c, x, y, x + length, y)
    for k in range(0, length + 1):
        tick = 3 if k % 10 == 0 else (2 if k % 5 == 0 else 1)
        line(c, x + k, y, x + k, y + tick)
        if k % 10 == 0:
            text(c, x + k, y - 3, str(k), 6, "centre")
    text(c, x + length + 2, y - 1, "mm", 6)


SCALE_AWAY = 8.0            # mm from the cross's centre to each scale, along the front's lines


def _reading_scales(c: Canvas, x: float, y: float) -> None:
    """A horizontal scale under (x, y), read against the front's vertical line, and a vertical
    scale left of it, read against the horizontal line. A tick at +p is numbered −p (see
    alignment_pages), so the number read is what to add to the offset."""
    c.setStrokeColor(black)
    c.setLineWidth(0.2)
    hy, vx = y - SCALE_AWAY, x - SCALE_AWAY
    line(c, x - SCALE_HALF, hy, x + SCALE_HALF, hy)
    line(c, vx, y - SCALE_HALF, vx, y + SCALE_HALF)
    for k in range(-2 * SCALE_HALF, 2 * SCALE_HALF + 1):
        p = k / 2
        tick = 2.5 if k == 0 else (1.8 if k % 2 == 0 else 1.0)
        line(c, x + p, hy, x + p, hy + tick)
        line(c, vx, y + p, vx + tick, y + p)
        if k % 4 == 0:
            label = "0" if k == 0 else f"{-p:+g}"
            if k % 8 == 0:    # every 4 mm across: 2 mm apart the numbers would run together
                text(c, x + p, hy - 3, label, 6, "centre")
            text(c, vx - 1, y + p - 0.7, label, 6, "right")
    text(c, x + SCALE_HALF + 1.5, hy - 0.7, "x", 7)
    text(c, vx - 0.7, y + SCALE_HALF + 1.5, "y", 7)
