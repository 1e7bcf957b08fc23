"""A report cell of figures in words: a title and lines of text, wrapped to the cell."""

from __future__ import annotations

from typing import Sequence

from kit.draw.charts import INK, TITLE_PT
from kit.draw.fonts import wrap
from kit.draw.imposition import Rect
from kit.draw.render import text
from kit.data.units import to_pt

LINE_PT = 7.5       # as the report heading's lines; never smaller than the printed rules' 6 pt
LEAD = 1.45         # baseline to baseline, in sizes


def draw_text_cell(c, box: Rect, title: str, lines: Sequence[str], size: float = LINE_PT) -> None:
    """`title` at the top of `box`, then `lines` down it, each wrapped at spaces to the width
    (a wrapped line's rest indented)."""
    text(c, box.x, box.y2 - 3.5, title, TITLE_PT)
    lead = size * LEAD / to_pt(1)
    y = box.y2 - 9 - lead * 0.6
    for s in lines:
        indent = "   " * ((len(s) - len(s.lstrip(" "))) // 2)
        for k, part in enumerate(wrap(s.split(), to_pt(box.w) - 10, size, sep=" ")):
            text(c, box.x, y, indent + ("   " if k else "") + part, size, fill=INK)
            y -= lead
        if not s.strip():
            y -= lead
