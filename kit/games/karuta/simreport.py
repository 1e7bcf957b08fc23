"""The `kit sim --report` PDF: a picture of a simulation run the designer reads at a glance.

Page 1: histograms of turns and passes per game, and the win shares by seat (with
their 95% intervals) and by policy, drawn with kit.charts. Page 2: the board map, each
province shaded by how often its card was still stuck in a hand when the game ended.
Landscape A4, drawn in mm with y up; the map's y points down and is flipped here.
"""

from __future__ import annotations

from collections import Counter

from reportlab.lib.colors import Color, black, white

from kit.charts import INK, Share, draw_heading, draw_histogram, draw_shares, grid_cells
from kit.fonts import FONT, register
from kit.games.karuta.cards import CREDIT
from kit.imposition import Rect
from kit.output import Pdf
from kit.render import fill_rect, rings_path, text
from kit.svgmap import shape_rings
from kit.units import to_pt

PAGE_W, PAGE_H, MARGIN = 297.0, 210.0, 12.0
STUCK = Color(0.75, 0.1, 0.1)      # the darkest shade: stuck in every game


def report_pdf(fig: dict, board, font: str | None = None) -> bytes:
    pdf = Pdf(PAGE_W, PAGE_H, "karuta simulation report", font=register(font))
    _charts_page(pdf, fig)
    pdf.show_page()
    _map_page(pdf, fig, board)
    pdf.show_page()
    return pdf.finish()


def _title(c, fig: dict, subtitle: str) -> float:
    policies = fig["policies"]
    who = policies[0] if len(set(policies)) == 1 else ", ".join(policies)
    return draw_heading(c, MARGIN, PAGE_H - MARGIN, PAGE_W - 2 * MARGIN,
                        f"旧国名かるた simulation: {fig['games']} games, {fig['players']} players ({who}), "
                        f"seed {fig['seed']}",
                        [subtitle, "rules: " + ", ".join(f"{k}={v}" for k, v in fig["rules"].items())])


def _charts_page(pdf: Pdf, fig: dict) -> None:
    c = pdf.canvas
    tu, pa = fig["turns"], fig["passes"]
    bottom = _title(c, fig, f"stalls {fig['stall_rate']:.1%} of games · turns median {tu['median']:g} "
                            f"(p5 {tu['p5']:g}, p95 {tu['p95']:g}) · passes median {pa['median']:g}")
    turns, passes, seats, policies = grid_cells(Rect(MARGIN, MARGIN, PAGE_W - 2 * MARGIN, bottom - 2 - MARGIN),
                                                2, 2, 14, 8)
    draw_histogram(c, turns, Counter(fig["turns_all"]), "turns per game (every turn, passes included)",
                   tu["median"], f"median {tu['median']:g}")
    draw_histogram(c, passes, Counter(fig["passes_all"]), "passes per game",
                   pa["median"], f"median {pa['median']:g}")
    even = 1 / fig["players"]
    shares = [Share(f"seat {s + 1} {p}", r, tuple(i)) for s, (p, r, i) in
              enumerate(zip(fig["policies"], fig["seat_win_rate"], fig["seat_win_interval"]))]
    draw_shares(c, seats, shares, "winner share by seat (95% interval; tied stalls shared)",
                reference=even, reference_label=f"even {even:.0%}")
    per_seat = [Share(f"{name} ×{len(fig['policy_seats'][name])}", rate / len(fig["policy_seats"][name]))
                for name, rate in fig["policy_win_rate"].items()]
    draw_shares(c, policies, per_seat, "winner share by policy, per seat",
                reference=even, reference_label=f"even {even:.0%}")


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
        return ox + x * scale, oy - y * scale

    c.setLineWidth(0.3)
    c.setStrokeColor(Color(0.4, 0.4, 0.4))
    for kanji, region in board.regions.items():
        path = rings_path(c, shape_rings(region.shape), at)
        c.setFillColor(shade(stuck.get(kanji, 0.0)))
        c.drawPath(path, stroke=1, fill=1, fillMode=0)
    for kanji, region in board.regions.items():
        share = stuck.get(kanji, 0.0)
        if share >= 0.05:
            x, y = map(to_pt, at(*region.anchor))
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
