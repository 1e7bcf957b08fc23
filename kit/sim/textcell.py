"""A report cell of figures in words: a title and lines of text, each set to fit the cell."""

from __future__ import annotations

from typing import Sequence

from kit.charts import INK, TITLE_PT
from kit.fonts import fit_size
from kit.imposition import Rect
from kit.render import text
from kit.units import to_pt

LINE_PT, LEAST_PT = 7.5, 6.0    # no figure in a report smaller than the printed rules' least size


def draw_text_cell(c, box: Rect, title: str, lines: Sequence[str]) -> None:
    """`title` at the top of `box`, then `lines` down it, one size for all, the largest that lets
    the longest fit the width and all fit the height (never below LEAST_PT: a longer line runs on)."""
    text(c, box.x, box.y2 - 3.5, title, TITLE_PT)
    if not lines:
        return
    room = to_pt(box.w)
    size = min(fit_size(s, room, LINE_PT, LEAST_PT) for s in lines)
    size = max(LEAST_PT, min(size, (box.h - 9) / len(lines) / 1.45 * to_pt(1)))
    lead = size * 1.45 / to_pt(1)
    y = box.y2 - 9 - lead * 0.6
    for s in lines:
        text(c, box.x, y, s, size, fill=INK)
        y -= lead
