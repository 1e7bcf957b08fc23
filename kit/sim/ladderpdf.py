"""The `kit sim --ladder --report` PDF: one page with the ratings, each policy's win share alone
against each other policy (95% intervals, pure luck marked), and luck or skill in words."""

from __future__ import annotations

from kit.draw.charts import Share, draw_shares, grid_cells
from kit.draw.fonts import register
from kit.draw.imposition import Rect
from kit.draw.pdf import Pdf
from kit.sim.reportpdf import GAP_Y, heading, page_of
from kit.sim.ladder import lines
from kit.draw.textcell import draw_text_cell


def ladder_pdf(sim, lad: dict, ctx) -> bytes:
    page = page_of(ctx.layout)
    pdf = Pdf(page.width, page.height, f"{sim.name} ladder", font=register(ctx.font))
    c = pdf.canvas
    text = lines(sim.name, lad, sim.unit)
    bottom = heading(c, page, f"{sim.title}: ladder of {', '.join(lad['policies'])}", [text[0], text[1]])
    order = sorted(lad["policies"], key=lambda n: -lad["ratings"][n]["rating"])
    luck = 1 / lad["players"]
    items = [Share(f"{a} alone vs {b}", lad["win_share"][a][b]["share"] or 0.0,
                   tuple(lad["win_share"][a][b]["interval"]))
             for a in order for b in order if b != a]
    rated = [f"{lad['model']}; 95% intervals:"]
    for n in order:
        rt = lad["ratings"][n]
        lo, hi = rt["interval"]
        anchor = n == lad["policies"][0]
        rated.append(f"  {n}: {rt['rating']:+.0f} Elo" + ("" if anchor else f" ({lo:+.0f} to {hi:+.0f})"))
    rated += ["", "luck or skill:", *("  " + s for s in lad["luck"]["text"])]
    b = page.body
    left, right = grid_cells(Rect(b.x, b.y, b.w, bottom - 2 - b.y), 2, 1, 14, GAP_Y)
    draw_shares(c, left, items, "win share of one player alone against another policy (95% interval)",
                reference=luck, reference_label=f"pure luck {luck:.0%}")
    draw_text_cell(c, right, "ratings and luck or skill", rated)
    pdf.show_page()
    return pdf.finish()
