"""The `kit sim --report` PDF: a picture of a simulation run the designer reads at a glance.

Page 1: histograms of turns and passes per game, and the win shares by seat (with
their 95% intervals) and by policy. Page 2: the board map, each province shaded by
how often its card was still stuck in a hand when the game ended.
Landscape A4, drawn in mm with y up; the map's y points down and is flipped here.
"""

from __future__ import annotations

from reportlab.lib.colors import Color, black, white

from kit.fonts import FONT, register
from kit.games.karuta.cards import CREDIT
from kit.imposition import Rect
from kit.output import Pdf
from kit.render import fill_rect, line, text
from kit.svgmap import _polygons
from kit.units import to_pt

PAGE_W, PAGE_H, MARGIN = 297.0, 210.0, 12.0
INK = Color(0.2, 0.2, 0.2)
GRID = Color(0.85, 0.85, 0.85)
BAR = Color(0.25, 0.45, 0.7)
MEDIAN = Color(0.8, 0.2, 0.1)
STUCK = Color(0.75, 0.1, 0.1)      # the darkest shade: stuck in every game


def report_pdf(fig: dict, board, font: str | None = None) -> bytes:
    register(font)
    pdf = Pdf(PAGE_W, PAGE_H, "karuta simulation report")
    _charts_page(pdf, fig)
    pdf.show_page()
    _map_page(pdf, fig, board)
    pdf.show_page()
    return pdf.finish()


def _title(c, fig: dict, subtitle: str) -> None:
    policies = fig["policies"]
    who = policies[0] if len(set(policies)) == 1 else ", ".join(policies)
    text(c, MARGIN, PAGE_H - MARGIN, f"旧国名かるた simulation: {fig['games']} games, {fig['players']} players "
         f"({who}), seed {fig['seed']}", 13)
    text(c, MARGIN, PAGE_H - MARGIN - 6, subtitle, 8, fill=INK)
    text(c, MARGIN, PAGE_H - MARGIN - 10.5,
         "rules: " + ", ".join(f"{k}={v}" for k, v in fig["rules"].items()), 7, fill=INK)


def _charts_page(pdf: Pdf, fig: dict) -> None:
    c = pdf.canvas
    tu = fig["turns"]
    _title(c, fig, f"stalls {fig['stall_rate']:.1%} of games · turns median {tu['median']:g} "
                   f"(p5 {tu['p5']:g}, p95 {tu['p95']:g}) · passes median {fig['passes']['median']:g}")
    w = (PAGE_W - 2 * MARGIN - 15) / 2
    h = (PAGE_H - 2 * MARGIN - 48) / 2
    top = Rect(MARGIN, MARGIN + h + 22, w, h)
    histogram(c, top, fig["turns_all"], "turns per game (every turn, passes included)")
    histogram(c, Rect(MARGIN + w + 15, top.y, w, h), fig["passes_all"], "passes per game")
    shares = [(f"seat {s + 1} {p}", r, tuple(i)) for s, (p, r, i) in
              enumerate(zip(fig["policies"], fig["seat_win_rate"], fig["seat_win_interval"]))]
    bars(c, Rect(MARGIN, MARGIN + 6, w, h), shares, "winner share by seat (95% interval; tied stalls shared)")
    per_seat = [(f"{name} ×{len(fig['policy_seats'][name])}", rate / len(fig["policy_seats"][name]), None)
                for name, rate in fig["policy_win_rate"].items()]
    bars(c, Rect(MARGIN + w + 15, MARGIN + 6, w, h), per_seat, "winner share by policy, per seat")


def _axes(c, box: Rect, title: str) -> None:
    text(c, box.x, box.y + box.h + 3, title, 9)
    c.setStrokeColor(INK)
    c.setLineWidth(0.6)
    line(c, box.x, box.y, box.x + box.w, box.y)
    line(c, box.x, box.y, box.x, box.y + box.h)


def histogram(c, box: Rect, values: list[int], title: str) -> None:
    """Counts per value, binned to at most ~40 bars; median marked; axis labels at the ends."""
    _axes(c, box, title)
    if not values:
        return
    lo, hi = min(values), max(values)
    width = max(1, -(-(hi - lo + 1) // 40))
    counts: dict[int, int] = {}
    for v in values:
        counts[(v - lo) // width] = counts.get((v - lo) // width, 0) + 1
    bins = (hi - lo) // width + 1
    top = max(counts.values())
    bw = box.w / bins
    c.setFillColor(BAR)
    for b, n in counts.items():
        bh = (box.h - 4) * n / top
        c.rect(to_pt(box.x + b * bw + 0.15 * bw), to_pt(box.y), to_pt(0.7 * bw), to_pt(bh), stroke=0, fill=1)
    median = sorted(values)[len(values) // 2]
    mx = box.x + ((median - lo) / width + 0.5) * bw
    c.setStrokeColor(MEDIAN)
    c.setLineWidth(1)
    line(c, mx, box.y, mx, box.y + box.h)
    text(c, mx + 1, box.y + box.h - 3, f"median {median}", 7, fill=MEDIAN)
    for value, x in ((lo, box.x + 0.5 * bw), (hi, box.x + box.w - 0.5 * bw)):
        text(c, x, box.y - 4, str(value), 7, "centre", INK)
    text(c, box.x - 1.5, box.y + box.h - 4, f"{top}", 7, "right", INK)
    text(c, box.x - 1.5, box.y, "0", 7, "right", INK)


def bars(c, box: Rect, items: list[tuple[str, float, tuple | None]], title: str) -> None:
    """Horizontal bars on a 0-100% scale, with an interval whisker when given."""
    _axes(c, box, title)
    scale = max([0.5] + [(i[1] if i else r) for _, r, i in items])
    scale = min(1.0, -(-scale * 10 // 1) / 10)
    label_w = 32
    plot = Rect(box.x + label_w, box.y, box.w - label_w - 4, box.h)
    c.setStrokeColor(GRID)
    c.setLineWidth(0.4)
    for k in range(0, int(round(scale * 10)) + 1):
        x = plot.x + plot.w * (k / 10) / scale
        line(c, x, plot.y, x, plot.y + plot.h)
        text(c, x, box.y - 4, f"{k * 10}%", 6.5, "centre", INK)
    if not items:
        return
    row = min(12.0, plot.h / len(items))
    for k, (label, rate, interval) in enumerate(items):
        y = plot.y + plot.h - (k + 1) * row + row * 0.2
        text(c, box.x + 1, y + row * 0.25, label, 8)
        fill_rect(c, Rect(plot.x, y, plot.w * rate / scale, row * 0.6), BAR)
        text(c, plot.x + plot.w * rate / scale + 1.5, y + row * 0.6 + 0.5, f"{rate:.1%}", 7, fill=INK)
        if interval:
            a, b = (plot.x + plot.w * v / scale for v in interval)
            c.setStrokeColor(black)
            c.setLineWidth(0.8)
            line(c, a, y + row * 0.3, b, y + row * 0.3)
            for x in (a, b):
                line(c, x, y + row * 0.1, x, y + row * 0.5)


def shade(share: float) -> Color:
    """White for never stuck, deep red for stuck in every game (square-root scale: rare
    dead cards still show)."""
    k = min(1.0, max(0.0, share)) ** 0.5
    return Color(1 + (STUCK.red - 1) * k, 1 + (STUCK.green - 1) * k, 1 + (STUCK.blue - 1) * k)


def _map_page(pdf: Pdf, fig: dict, board) -> None:
    c = pdf.canvas
    stuck = fig["stuck_by_province"]
    worst = max(stuck.values()) if stuck else 0
    _title(c, fig, "each province shaded by how often its card was still in a hand at the end of a game "
                   f"(darkest: {worst:.0%})")
    area = Rect(MARGIN, MARGIN + 8, PAGE_W - 2 * MARGIN - 45, PAGE_H - 2 * MARGIN - 26)
    scale = min(area.w / board.width, area.h / board.height)
    ox = area.x + (area.w - board.width * scale) / 2
    oy = area.y + (area.h + board.height * scale) / 2

    def at(x, y):
        return to_pt(ox + x * scale), to_pt(oy - y * scale)

    c.setLineWidth(0.3)
    c.setStrokeColor(Color(0.4, 0.4, 0.4))
    for kanji, region in board.regions.items():
        path = c.beginPath()
        for poly in _polygons(region.shape):
            for ring in (poly.exterior, *poly.interiors):
                xs = list(ring.coords)
                path.moveTo(*at(*xs[0]))
                for p in xs[1:]:
                    path.lineTo(*at(*p))
                path.close()
        c.setFillColor(shade(stuck.get(kanji, 0.0)))
        c.drawPath(path, stroke=1, fill=1, fillMode=0)
    for kanji, region in board.regions.items():
        share = stuck.get(kanji, 0.0)
        if share >= 0.05:
            x, y = at(*region.anchor)
            ink = white if share ** 0.5 > 0.55 else black
            c.setFillColor(ink)
            c.setFont(FONT, 5)
            c.drawCentredString(x, y - 1.5, f"{share:.0%}")
    _legend(c, Rect(PAGE_W - MARGIN - 40, MARGIN + 40, 40, 100), stuck)
    text(c, MARGIN, MARGIN, CREDIT, 6, fill=INK)


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
