"""tour-de-dice's parts of the `kit sim --report` PDF (kit/sim/reportpdf.py draws the rest).

Page 1 (shared) is read at a glance: histograms of turns per game and, from this game,
of the finishing gap and of the dice each player lost; the winner's share by seat (95%
intervals) and by policy, against the even share; how often the start player won and,
under rule ①, how often Breakaway held the pack and how often its leader won. Page 2
lists every figure as `kit sim` prints it.
"""

from __future__ import annotations

from kit.draw.charts import Share, draw_histogram, draw_shares
from kit.sim.text import text
from kit.sim.reportpdf import heading, text_pages

LINE_PT, LINE_H = 8.5, 4.6


def _counts(histogram: dict) -> dict[int, int]:
    # JSON turns the keys into strings; the charts want the whole numbers back.
    return {int(k): v for k, v in histogram.items()}


def _share(label: str, s: dict) -> Share:
    return Share(label, s["share"] or 0.0, tuple(s["ci95"]) if s["share"] is not None else None)


def cells(sim, run) -> tuple[list, list]:
    fig = run.figures
    g = fig["game"]
    gap, lost = g["finishing_gap"]["spaces"], g["dice_lost_per_player"]
    even = 1 / fig["players"]
    b = g["breakaway"]
    events = [_share("start player\nwins", g["start_player"])]
    if b is not None:
        events += [_share("Breakaway held\nthe pack", b["games_held"]),
                   _share("Breakaway\nleader wins", b["leader_won"])]
    top = [lambda c, box: draw_histogram(c, box, _counts(g["finishing_gap"]["spaces_histogram"]),
                                         "finishing gap: runner-up's spaces from the goal", gap["median"],
                                         f"median {_num(gap['median'])}"),
           lambda c, box: draw_histogram(c, box, _counts(lost["histogram"]), "dice lost per player (players per count)",
                                         lost["mean"], f"mean {lost['mean']:.2f}")]
    bottom = [lambda c, box: draw_shares(c, box, events, "share of races (95% interval)" if b is not None
                                         else "share of races (95% interval; rule ① Breakaway off)",
                                         horizontal=False, reference=even, reference_label=f"even {even:.0%}")]
    return top, bottom


def _num(x) -> str:
    return "–" if x is None else f"{x:g}"


def pages(sim, pdf, page, run, ctx) -> None:
    """Every figure as `kit sim` prints it, as many pages as it takes."""
    lines = text(sim, run.figures).splitlines()
    title = "Tour de Dice simulation: every figure"
    y = heading(pdf.canvas, page, title, lines[:1]) - 2
    text_pages(pdf, page, lines[1:], y, title, LINE_PT, LINE_H)
