"""The `kit sim --report` PDF for shikoku-duo: the shared first page (kit/sim/reportpdf.py) with
this game's charts, and a page of points and every figure.

Page 1, beside the shared turns histogram and win shares: rounds per game; which end
condition held at the end (against the 10% each should reach); round 1's first drafter's
win share and, in a solo run, the Automa's (95% intervals, against an even share); the
median share of the winner's points each character brought (at most half is the aim).
Page 2: points by character for winners and losers (median bars, p5-p95 whiskers, on a
scale of the largest p95), how often each wave side was up and held by the winner, and
every figure as `kit sim` prints it. Landscape pages of the layout's paper, in mm, y up.
"""

from __future__ import annotations

from collections import Counter

from kit.draw.charts import Share, draw_histogram, draw_shares, grid_cells
from kit.draw.imposition import Rect
from kit.sim.reportpdf import heading, text_pages
from kit.sim.text import text

LINE_PT, LINE_H = 7.5, 4.0


def cells(sim, run) -> tuple[list, list]:
    fig = run.figures
    g = fig["game"]
    ro, fd = g["rounds"], g["first_drafter"]
    rounds = run.extra     # the run's rounds per game (Values)
    top = [lambda c, box: draw_histogram(c, box, Counter(rounds.counts), "rounds per game",
                                         ro["median"], f"median {ro['median']:g}"),
           lambda c, box: draw_shares(c, box, [Share(k, v) for k, v in g["ended"].items()]
                                      + [Share(f"Automa\n{k} rank", v) for k, v in g.get("automa", {}).get("ended", {}).items()],
                                      "end condition held at the end (share of games)",
                                      reference=0.1, reference_label="10%")]
    firsts = [Share("first drafter\nof round 1", fd["share"], tuple(fd["ci95"]))]
    if "automa" in g:
        a = g["automa"]
        firsts.append(Share(f"Automa vs\n{a['policy']}", a["share"], tuple(a["ci95"])))
    bottom = [lambda c, box: draw_shares(c, box, firsts, "win share (95% interval)", horizontal=False,
                                         reference=0.5, reference_label="even 50%"),
              lambda c, box: draw_shares(c, box, [Share(k, v or 0.0) for k, v in g["winner_share"].items()],
                                         "median share of the winner's points", reference=0.5,
                                         reference_label="half")]
    return top, bottom


def pages(sim, pdf, page, run, ctx) -> None:
    fig = run.figures
    g = fig["game"]
    c = pdf.canvas
    b = page.body
    bottom = heading(c, page, "四国デュオ shikoku-duo simulation: points, wave sides and every figure",
                     ["points by character: median bars, p5–p95 whiskers, on a scale of the largest p95"])
    top = max([g["score"][w][k]["p95"] or 0 for w in ("winner", "loser") for k in g["score"][w]] + [1])
    chart_h = min(62.0, (bottom - b.y) * 0.45)
    boxes = grid_cells(Rect(b.x, bottom - 4 - chart_h, b.w, chart_h), 3, 1, 12, 0)
    for box, who in zip(boxes, ("winner", "loser")):
        s = g["score"][who]
        items = [Share(f"{k} {s[k]['median']:g}", (s[k]["median"] or 0) / top,
                       ((s[k]["p5"] or 0) / top, (s[k]["p95"] or 0) / top)) for k in s]
        draw_shares(c, box, items, f"{who}'s points (share of {top:g})")
    draw_shares(c, boxes[2], [Share(k, v) for k, v in g["winner_waves"].items()],
                "wave side up and held by the winner")
    text_pages(pdf, page, text(sim, fig).splitlines(), bottom - 10 - chart_h,
               "四国デュオ shikoku-duo simulation: every figure", LINE_PT, LINE_H)
