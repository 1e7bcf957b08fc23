"""`kit sim --report FILE`: the simulator's figures on paper, with two histograms."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.colors import Color, black

from kit.fonts import register
from kit.imposition import Rect
from kit.output import Pdf, write_atomic
from kit.render import fill_rect, line, text

from kit.games.tour_de_dice.stats import text as stats_text

BAR = Color(0.10, 0.20, 0.38)


def report_pdf(stats: dict, header: str, font: str | None = None) -> bytes:
    register(font)
    pdf = Pdf(210, 297, "tour-de-dice simulation report")
    c = pdf.canvas
    y = 297 - 15
    for k, s in enumerate(stats_text(stats, header).splitlines()):
        text(c, 12, y, s[:150], 9 if k == 0 else 7.2)
        y -= 4.2
    turns = {int(k): v for k, v in stats["turns_histogram"].items()}
    gaps = {int(k): v for k, v in stats["finishing_gap"]["spaces_histogram"].items()}
    box_h = (y - 30) / 2 - 8
    histogram(c, Rect(20, y - 10 - box_h, 175, box_h), turns, "turns per game")
    histogram(c, Rect(20, 20, 175, box_h), gaps, "finishing gap: spaces between the goal and the runner-up")
    pdf.show_page()
    return pdf.finish()


def histogram(c, box: Rect, counts: dict[int, int], title: str) -> None:
    """Counts per whole-number value as bars, the axis labelled at a few round values."""
    text(c, box.x, box.y2 + 3, title, 8)
    c.setStrokeColor(black)
    c.setLineWidth(0.4)
    line(c, box.x, box.y, box.x2, box.y)
    if not counts:
        return
    lo, hi = min(counts), max(counts)
    top = max(counts.values())
    width = box.w / (hi - lo + 1)
    step = max(1, round((hi - lo + 1) / 10))
    for v in range(lo, hi + 1):
        n = counts.get(v, 0)
        x = box.x + (v - lo) * width
        if n:
            fill_rect(c, Rect(x, box.y, max(width * 0.85, 0.2), box.h * n / top), BAR)
        if (v - lo) % step == 0:
            text(c, x + width / 2, box.y - 3.5, str(v), 6, "centre")
    text(c, box.x - 1, box.y2 - 2, str(top), 6, "right")


def write_report(ctx, stats: dict, path: Path, header: str) -> None:
    write_atomic(path, report_pdf(stats, header, ctx.font))
