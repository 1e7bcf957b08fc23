"""The `kit sim --report` PDF, drawn once for every game, on the paper `--paper` names.

Page 1 has the same furniture in every game: a heading (the run, its headline figures,
the rules), then a grid of charts - the turns per game histogram, the game's own top
charts, the winner share by seat (95% intervals) and by policy against the even share,
and the game's own bottom charts. The game's further pages follow. Pages are the
layout's paper turned landscape, in mm with y up.
"""

from __future__ import annotations

from collections import Counter
from kit.draw.charts import Share, Spread, draw_heading, draw_histogram, draw_shares, draw_spreads, grid_cells
from kit.draw.fonts import register
from kit.draw.imposition import Paper, Rect, paper
from kit.draw.pdf import Pdf
from kit.draw.render import text
from kit.draw.textcell import draw_text_cell
from kit.sim.quality import rows as quality_rows
from kit.sim.report import Run
from kit.sim.simulator import Simulator
from kit.sim.sweep import text as sweep_text
from kit.sim.text import header, rules_line

MARGIN = 12.0           # least page edge around a report: more than a printer needs, for binding
GAP_X, GAP_Y = 14.0, 8.0


def page_of(layout) -> Paper:
    """The layout's paper turned landscape, with at least the report margin."""
    return paper(layout, landscape=True, margin=MARGIN)


def heading(c, page: Paper, title: str, lines) -> float:
    """The report heading at the top of `page`; returns the y under it."""
    b = page.body
    return draw_heading(c, b.x, b.y2, b.w, title, lines)


def text_pages(pdf: Pdf, page: Paper, lines, y: float, title: str, size: float, lead: float) -> None:
    """Lines of text (a report's "every figure" page) down the page from `y`, `lead` mm apart,
    continued on as many pages as it takes, each headed `title (continued)`; ends the last page."""
    c = pdf.canvas
    for s in lines:
        if y < page.margin:
            pdf.show_page()
            c = pdf.canvas
            y = heading(c, page, f"{title} (continued)", []) - 2
        text(c, page.margin, y, s, size)
        y -= lead
    pdf.show_page()


def run_heading(c, page: Paper, sim: Simulator, fig: dict, subtitle: str) -> float:
    head = header(sim.title + " simulation", fig, sim.unit)
    return heading(c, page, head, [subtitle, rules_line(fig)])


def seat_shares(fig: dict) -> list[Share]:
    return [Share(f"seat {s + 1} {p}", r, tuple(i)) for s, (p, r, i) in
            enumerate(zip(fig["policies"], fig["seat_win_rate"], fig["seat_win_interval"]))]


def policy_shares(fig: dict) -> list[Share]:
    """Each policy's win share per seat it played, with its interval scaled the same way."""
    out = []
    for name, rate in fig["policy_win_rate"].items():
        k = len(fig["policy_seats"][name])
        lo, hi = fig["policy_win_interval"][name]
        out.append(Share(f"{name} ×{k}", rate / k, (lo / k, hi / k)))
    return out


def charts_page(pdf: Pdf, page: Paper, sim: Simulator, run: Run) -> None:
    c = pdf.canvas
    fig = run.figures
    tu = fig["turns"]
    bottom = run_heading(c, page, sim, fig, sim.subtitle(fig))
    top_cells, bottom_cells = sim.report_pages().cells(sim, run)
    draws = [lambda c, box: draw_histogram(c, box, Counter(run.tally.turns.counts), "turns per game",
                                           tu["median"], f"median {tu['median']:g}"),
             *top_cells,
             lambda c, box: draw_shares(c, box, seat_shares(fig), f"winner share by seat (95% interval{sim.win_note})",
                                        reference=1 / fig["players"], reference_label=f"even {1 / fig['players']:.0%}"),
             lambda c, box: draw_shares(c, box, policy_shares(fig), "winner share by policy, per seat (95% interval)",
                                        reference=1 / fig["players"], reference_label=f"even {1 / fig['players']:.0%}"),
             *bottom_cells,
             lambda c, box: draw_text_cell(c, box, "game quality (95% intervals)", quality_rows(fig["quality"]))]
    cols = -(-len(draws) // 2)
    b = page.body
    cells = grid_cells(Rect(b.x, b.y, b.w, bottom - 2 - b.y), cols, 2, GAP_X if cols == 2 else 12, GAP_Y)
    for draw, box in zip(draws, cells):
        draw(c, box)


def report_pdf(sim: Simulator, run: Run, ctx) -> bytes:
    page = page_of(ctx.layout)
    pdf = Pdf(page.width, page.height, f"{sim.name} simulation report", font=register(ctx.font))
    charts_page(pdf, page, sim, run)
    pdf.show_page()
    sim.report_pages().pages(sim, pdf, page, run, ctx)
    return pdf.finish()


# --- a sweep's page ----------------------------------------------------------------------------

def sweep_cells(sim: Simulator, rows, comparisons) -> list:
    """Chart drawers for a sweep page: every per-game figure, the rows side by side."""
    labels = [" · ".join(v for _, v in r.values) for r in rows]

    def mark(entry) -> str:
        return " *" if entry.get("beyond_noise") else ""

    def figure(name: str, title: str):
        entries = [(label, c[name]) for label, c in zip(labels, comparisons) if name in c]
        if entries[0][1]["kind"] == "count":
            items = [Spread(label + mark(e), e["min"], e["p5"], e["median"], e["p95"], e["max"])
                     for label, e in entries]
            return lambda c, box: draw_spreads(c, box, items, title + " (min, p5-p95, median, max)")
        items = [Share(label + mark(e), e["share"], tuple(e["interval"])) for label, e in entries]
        return lambda c, box: draw_shares(c, box, items, title + " (95% interval)")

    def shares(prefix: str, title: str):
        names = list(dict.fromkeys(n for c in comparisons for n in c if n.startswith(prefix)))
        items = [Share(f"{label} · {n.removesuffix(' per seat')}{mark(c[n])}", c[n]["share"],
                       tuple(c[n]["interval"]))
                 for label, c in zip(labels, comparisons) for n in names if n in c]
        return lambda c, box: draw_shares(c, box, items, title)

    cells = [figure("turns", "turns per game")]
    cells += [figure(m.key, m.label + (" (share of games)" if m.rate else " per game")) for m in sim.measures]
    cells.append(shares("seat ", "winner share by seat (95% interval)"))
    policies = {n for c in comparisons for n in c if n.endswith(" per seat")}
    if len(policies) > 1:
        cells.append(shares_policy(labels, comparisons, mark))
    return cells


def shares_policy(labels, comparisons, mark):
    items = [Share(f"{label} · {n.removesuffix(' per seat')}{mark(c[n])}", c[n]["share"], tuple(c[n]["interval"]))
             for label, c in zip(labels, comparisons) for n in c if n.endswith(" per seat")]
    return lambda c, box: draw_shares(c, box, items, "winner share by policy, per seat (95% interval)")


def sweep_pdf(sim: Simulator, rows, runs, comparisons, ctx, *, games: int, seed: int) -> bytes:
    """One page: every per-game figure of every row of a sweep, the rows side by side."""
    page = page_of(ctx.layout)
    pdf = Pdf(page.width, page.height, f"{sim.name} rule sweep", font=register(ctx.font))
    c = pdf.canvas
    first = sweep_text(sim, rows, runs, comparisons, games=games, seed=seed).splitlines()
    keys = ", ".join(k for k, _ in rows[0].values)
    bottom = heading(c, page, f"{sim.title}: rule sweep, {len(rows)} variants × {games} {sim.unit}",
                     [first[0], first[1], f"rows labelled by {keys}; * marks a difference from the first row "
                      "beyond noise (the 95% interval of the paired difference, same seeds, excludes 0)"])
    draws = sweep_cells(sim, rows, comparisons)
    cols = -(-len(draws) // 2)
    b = page.body
    for draw, box in zip(draws, grid_cells(Rect(b.x, b.y, b.w, bottom - 2 - b.y), cols, 2, 12, GAP_Y)):
        draw(c, box)
    pdf.show_page()
    return pdf.finish()
