"""The `kit sim --report` PDF for shikoku-duo: what a run shows, read at a glance.

Page 1: rounds per game; which end condition held at the end; the winner share by seat
and of round 1's first drafter (95% intervals) against an even share; the median share
of the winner's points each character brought (the tuning target is at most half).
Page 2: points by character for winners and losers (median, with p5-p95 as the
interval drawn on a 0..max scale), how often each wave side was up and held by the
winner, and every figure as `kit sim` prints it. Landscape A4 in mm with y up, drawn
with kit.charts like the other games' reports.
"""

from __future__ import annotations

from collections import Counter

from kit.charts import Share, draw_heading, draw_histogram, draw_shares, grid_cells
from kit.fonts import register
from kit.imposition import Rect
from kit.output import Pdf
from kit.render import text

PAGE_W, PAGE_H, MARGIN = 297.0, 210.0, 12.0


def report_pdf(fig: dict, results, font: str | None = None) -> bytes:
    from kit.games.shikoku_duo.sim import text as sim_text

    pdf = Pdf(PAGE_W, PAGE_H, "shikoku-duo simulation report", font=register(font))
    _charts_page(pdf, fig, results)
    pdf.show_page()
    _scores_page(pdf, fig, sim_text(fig))
    pdf.show_page()
    return pdf.finish()


def _heading(c, fig: dict, subtitle: str) -> float:
    pol = fig["policies"]
    who = pol[0] if len(set(pol)) == 1 else ", ".join(pol)
    return draw_heading(c, MARGIN, PAGE_H - MARGIN, PAGE_W - 2 * MARGIN,
                        f"四国デュオ shikoku-duo simulation: {fig['games']} games ({who}), seed {fig['seed']}",
                        [subtitle, "rules: " + ", ".join(f"{k}={v}" for k, v in fig["rules"].items())])


def _charts_page(pdf: Pdf, fig: dict, results) -> None:
    c = pdf.canvas
    g = fig["game"]
    ro = g["rounds"]
    fd = g["first_drafter"]
    bottom = _heading(c, fig, f"rounds median {ro['median']:g} (p5 {ro['p5']:g}, p95 {ro['p95']:g}) · "
                              f"first drafter wins {fd['share']:.1%} · draws {g['draws']:.1%}")
    cells = grid_cells(Rect(MARGIN, MARGIN, PAGE_W - 2 * MARGIN, bottom - 2 - MARGIN), 3, 2, 12, 8)
    draw_histogram(c, cells[0], Counter(r.rounds for r in results), "rounds per game",
                   ro["median"], f"median {ro['median']:g}")
    draw_shares(c, cells[1], [Share(k, v) for k, v in g["ended"].items()],
                "end condition held at the end (share of games)", reference=0.1, reference_label="10%")
    seats = [Share(f"seat {s + 1} {p}", r, tuple(i)) for s, (p, r, i) in
             enumerate(zip(fig["policies"], fig["seat_win_rate"], fig["seat_win_interval"]))]
    seats.append(Share("first drafter", fd["share"], tuple(fd["ci95"])))
    draw_shares(c, cells[2], seats, "winner share (95% interval)", reference=0.5, reference_label="even 50%")
    share = [Share(k, v or 0.0) for k, v in g["winner_share"].items()]
    draw_shares(c, cells[3], share, "median share of the winner's points", reference=0.5,
                reference_label="half")
    waves = [Share(k, v) for k, v in g["winner_waves"].items()]
    draw_shares(c, cells[4], waves, "wave side up and held by the winner (share of games)")
    if "automa" in g:
        a = g["automa"]
        draw_shares(c, cells[5], [Share(f"Automa vs {a['policy']}", a["share"], tuple(a["ci95"]))],
                    "the Automa's win share (95% interval)", reference=0.5, reference_label="50%")
    else:
        draw_histogram(c, cells[5], Counter(r.scores[r.winner] - r.scores[1 - r.winner]
                                            for r in results if r.winner is not None),
                       "winning margin (points)")


def _scores_page(pdf: Pdf, fig: dict, lines: str) -> None:
    c = pdf.canvas
    g = fig["game"]
    bottom = _heading(c, fig, "points by character (median; p5–p95 as the interval, on a scale of the largest p95)")
    top = max([g["score"][w][k]["p95"] or 0 for w in ("winner", "loser") for k in g["score"][w]] + [1])
    left, right = grid_cells(Rect(MARGIN, bottom - 70, PAGE_W - 2 * MARGIN, 66), 2, 1, 14, 0)
    for box, who in ((left, "winner"), (right, "loser")):
        s = g["score"][who]
        items = [Share(f"{k} {s[k]['median']:g}", (s[k]["median"] or 0) / top,
                       ((s[k]["p5"] or 0) / top, (s[k]["p95"] or 0) / top)) for k in s]
        draw_shares(c, box, items, f"{who}'s points (share of {top:g})")
    y = bottom - 80
    for line in lines.splitlines():
        text(c, MARGIN, y, line, 7.5)
        y -= 4.0
