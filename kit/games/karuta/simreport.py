"""karuta's parts of the `kit sim --report` PDF (kit/sim/reportpdf.py draws the rest).

Page 1 (shared): histograms of turns and passes per game, and the win shares by seat
(with their 95% intervals) and by policy. Page 2: the board map, each province shaded
by how often its card was still stuck in a hand when the game ended. On the paper
`--paper` names, turned landscape, in mm with y up; the map's y points down and is
flipped here.
"""

from __future__ import annotations

from collections import Counter

from reportlab.lib.colors import Color, black, white
from shapely.geometry import box as shapely_box

from kit.draw.charts import INK, draw_histogram
from kit.draw.fonts import FONT, text_width
from kit.games.karuta.cards import CREDIT
from kit.draw.imposition import Rect
from kit.draw.pdf import Pdf
from kit.sim.reportpdf import run_heading
from kit.draw.render import fill_rect, rings_path, text
from kit.layout.svgmap import shape_rings
from kit.data.units import to_pt
from kit.games.karuta.geo import board_of

STUCK = Color(0.75, 0.1, 0.1)      # the darkest shade: stuck in every game
LEGEND_W = 45.0                    # the legend column right of the map
LABEL_PT = 6.0                     # a province's share on the map: the smallest size the kit prints


def cells(sim, run) -> tuple[list, list]:
    """karuta's own charts on the shared first page: passes per game, beside the turns."""
    pa = run.figures["game"]["passes"]
    counts = Counter()
    for passes, games in run.tally.measures[1].counts.items():
        counts[int(passes)] += games
    return [lambda c, box: draw_histogram(c, box, counts, "passes per game", pa["median"],
                                          f"median {pa['median']:g}")], []


def pages(sim, pdf, page, run, ctx) -> None:
    """The stuck-card map, on the board the run's data describes."""
    _map_page(pdf, page, sim, run.figures, board_of(run.extra, ctx))
    pdf.show_page()


def shade(share: float) -> Color:
    """White for never stuck, deep red for stuck in every game (square-root scale: rare
    dead cards still show)."""
    k = min(1.0, max(0.0, share)) ** 0.5
    return Color(1 + (STUCK.red - 1) * k, 1 + (STUCK.green - 1) * k, 1 + (STUCK.blue - 1) * k)


def _map_page(pdf: Pdf, page, sim, fig: dict, board) -> None:
    c = pdf.canvas
    stuck = fig["game"]["stuck_by_province"]
    worst = max(stuck.values()) if stuck else 0
    top = run_heading(c, page, sim, fig, "each province shaded by how often its card was still in a hand "
                      f"at the end of a game (darkest: {worst:.0%})")
    b = page.body
    area = Rect(b.x, b.y + 8, b.w - LEGEND_W, top - 4 - b.y - 8)
    # The provinces' own extent, not the board sheet's margins: the map as large as fits.
    bounds = [r.shape.bounds for r in board.regions.values()]
    x0, y0 = min(q[0] for q in bounds), min(q[1] for q in bounds)
    w, h = max(q[2] for q in bounds) - x0, max(q[3] for q in bounds) - y0
    scale = min(area.w / w, area.h / h)
    ox = area.x + (area.w - w * scale) / 2 - x0 * scale
    oy = area.y + (area.h + h * scale) / 2 + y0 * scale

    def at(x, y):
        return ox + x * scale, oy - y * scale

    c.setLineWidth(0.3)
    c.setStrokeColor(Color(0.4, 0.4, 0.4))
    for kanji, region in board.regions.items():
        path = rings_path(c, shape_rings(region.shape), at)
        c.setFillColor(shade(stuck.get(kanji, 0.0)))
        c.drawPath(path, stroke=1, fill=1, fillMode=0)
    region_at = {tuple(map(to_pt, at(*r.anchor))): r for r in board.regions.values()}
    shares = [(stuck.get(k, 0.0), tuple(map(to_pt, at(*r.anchor)))) for k, r in board.regions.items()]
    c.setFont(FONT, LABEL_PT)
    per_pt = 1 / (to_pt(1) * scale)          # map units in a point
    for share, (x, y), label in share_labels(shares, LABEL_PT):
        region = region_at[(x, y)]
        c.setFillColor(label_ink(share, region.shape, region.anchor,
                                 (text_width(label, LABEL_PT) / 2 * per_pt, LABEL_PT * 0.4 * per_pt)))
        c.drawCentredString(x, y - LABEL_PT * 0.3, label)
    _legend(c, Rect(b.x2 - 40, b.y + 40, 40, min(100, top - b.y - 60)), stuck)
    text(c, b.x, b.y, CREDIT, 6, fill=INK)


def share_labels(shares, size: float) -> list[tuple[float, tuple[float, float], str]]:
    """(share, centre in pt, text) of the map's labels: every share of 5% or more, the larger
    shares first, each left out when it would cover one already placed (the shade and the
    legend's list still tell; small provinces crowd together around Kyoto)."""
    placed, boxes = [], []
    for share, (x, y) in sorted(shares, key=lambda s: (-s[0], s[1])):
        if share < 0.05:
            continue
        label = f"{share:.0%}"
        half_w, half_h = text_width(label, size) / 2 + 0.5, size * 0.4
        box = (x - half_w, y - half_h, x + half_w, y + half_h)
        if any(box[0] < q[2] and q[0] < box[2] and box[1] < q[3] and q[1] < box[3] for q in boxes):
            continue
        boxes.append(box)
        placed.append((share, (x, y), label))
    return placed


def label_ink(share: float, shape, anchor: tuple[float, float], half: tuple[float, float]) -> Color:
    """White on the darker shades, black on the lighter, and black wherever the label (its
    half width and height in map units about `anchor`) runs past its province onto the
    white sea, as on a small island."""
    (x, y), (hw, hh) = anchor, half
    inside = shape.contains(shapely_box(x - hw, y - hh, x + hw, y + hh))
    return white if inside and share ** 0.5 > 0.55 else black


def _legend(c, box: Rect, stuck: dict) -> None:
    text(c, box.x, box.y + box.h + 4, "stuck in a hand at the end", 7)
    steps = (0.0, 0.02, 0.05, 0.1, 0.2, 0.4, 0.7, 1.0)
    for k, s in enumerate(steps):
        y = box.y + box.h - (k + 1) * 7
        fill_rect(c, Rect(box.x, y, 6, 5), shade(s))
        c.setStrokeColor(INK)
        c.setLineWidth(0.3)
        c.rect(to_pt(box.x), to_pt(y), to_pt(6), to_pt(5), stroke=1, fill=0)
        text(c, box.x + 8, y + 1.2, f"{s:.0%}", 7)
    top = sorted(stuck.items(), key=lambda kv: -kv[1])[:10]
    y = box.y + box.h - len(steps) * 7 - 10
    text(c, box.x, y, "most often stuck:", 7)
    for k, (name, share) in enumerate(top):
        text(c, box.x, y - 4.5 * (k + 1), f"{name}  {share:.1%}", 7, fill=INK)
