"""`kit sim --report FILE`: the simulator's figures on paper, drawn with kit.charts.

Page 1 is read at a glance: histograms of turns per game, of the finishing gap and of
the dice each player lost; the winner's share by seat (95% intervals) and by policy,
against the even share; how often the start player won and, under rule ①, how often
Breakaway held the pack and how often its leader won. Page 2 lists every figure as
`kit sim` prints it. Landscape A4, in mm with y up, like the karuta report.
"""

from __future__ import annotations

from pathlib import Path

from kit.charts import Share, draw_heading, draw_histogram, draw_shares, grid_cells
from kit.fonts import register
from kit.imposition import Rect
from kit.output import Pdf, write_atomic
from kit.render import text

from kit.games.tour_de_dice.stats import text as stats_text

PAGE_W, PAGE_H, MARGIN = 297.0, 210.0, 12.0


def report_pdf(stats: dict, header: str, font: str | None = None) -> bytes:
    pdf = Pdf(PAGE_W, PAGE_H, "tour-de-dice simulation report", font=register(font))
    _charts_page(pdf, stats, header)
    pdf.show_page()
    _figures_page(pdf, stats, header)
    pdf.show_page()
    return pdf.finish()


def _counts(histogram: dict) -> dict[int, int]:
    # JSON turns the keys into strings; the charts want the whole numbers back.
    return {int(k): v for k, v in histogram.items()}


def _share(label: str, s: dict) -> Share:
    return Share(label, s["share"] or 0.0, tuple(s["ci95"]) if s["share"] is not None else None)


def _charts_page(pdf: Pdf, stats: dict, header: str) -> None:
    c = pdf.canvas
    tu, gap = stats["turns"], stats["finishing_gap"]["spaces"]
    lost = stats["dice_lost_per_player"]
    bottom = draw_heading(c, MARGIN, PAGE_H - MARGIN, PAGE_W - 2 * MARGIN, "Tour de Dice simulation", [
        header,
        f"{stats['finished']} of {stats['games']} races finished · turns median {_num(tu['median'])} "
        f"(p5 {_num(tu['p5'])}, p95 {_num(tu['p95'])}) · passes per game {stats['passes_per_game']:.2f} · "
        f"dice lost per player: mean {lost['mean']:.2f}, by seat "
        + ", ".join(f"{x:.2f}" for x in lost["by_seat"])])
    cells = grid_cells(Rect(MARGIN, MARGIN, PAGE_W - 2 * MARGIN, bottom - 2 - MARGIN), 3, 2, 12, 8)
    draw_histogram(c, cells[0], _counts(stats["turns_histogram"]), "turns per game",
                   tu["median"], f"median {_num(tu['median'])}")
    draw_histogram(c, cells[1], _counts(stats["finishing_gap"]["spaces_histogram"]),
                   "finishing gap: runner-up's spaces from the goal", gap["median"], f"median {_num(gap['median'])}")
    draw_histogram(c, cells[2], _counts(lost["histogram"]), "dice lost per player (players per count)",
                   lost["mean"], f"mean {lost['mean']:.2f}")
    even = 1 / stats["players"]
    seats = [_share(f"seat {s['seat']} {s['policy']}", s) for s in stats["winner_by_seat"]]
    draw_shares(c, cells[3], seats, "winner share by seat (95% interval)",
                reference=even, reference_label=f"even {even:.0%}")
    policies = [_share(f"{p['policy']} ×{p['seats']}", p) for p in stats["winner_by_policy"]]
    draw_shares(c, cells[4], policies, "winner share by policy, per seat (95% interval)",
                reference=even, reference_label=f"even {even:.0%}")
    b = stats["breakaway"]
    events = [_share("start player\nwins", stats["start_player"])]
    if b is not None:
        events += [_share("Breakaway held\nthe pack", b["games_held"]),
                   _share("Breakaway\nleader wins", b["leader_won"])]
    draw_shares(c, cells[5], events, "share of races (95% interval)" if b is not None
                else "share of races (95% interval; rule ① Breakaway off)", horizontal=False,
                reference=even, reference_label=f"even {even:.0%}")


def _num(x) -> str:
    return "–" if x is None else f"{x:g}"


def _figures_page(pdf: Pdf, stats: dict, header: str) -> None:
    c = pdf.canvas
    lines = stats_text(stats, header).splitlines()
    y = draw_heading(c, MARGIN, PAGE_H - MARGIN, PAGE_W - 2 * MARGIN, "Tour de Dice simulation: every figure",
                     lines[:1]) - 2
    for s in lines[1:]:
        text(c, MARGIN, y, s, 8.5)
        y -= 4.6


def write_report(ctx, stats: dict, path: Path, header: str) -> None:
    write_atomic(path, report_pdf(stats, header, ctx.font))
