"""The board (盤面): the blank map tinted by 五畿七道, card slots, leaders, highways, sea routes.

The whole board is drawn once, at true scale (the layout's `board: scale`, mm per map
unit), into a PDF form XObject; `board.pdf` shows it tiled over sheets with an
assembly page, `board-overview.pdf` shows it scaled onto one page. Drawing
coordinates are mm with y up; the map's own y points down, so `Frame.at` flips it.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color, black, white
from reportlab.pdfgen.canvas import Canvas
from shapely.geometry import LineString, box as shapely_box
from shapely.ops import unary_union
from shapely.prepared import prep

from kit.fonts import FONT
from kit.imposition import Rect
from kit.layoutfile import Layout
from kit.output import Pdf
from kit.render import colour, fill_rect, mix, rings_path, stroke_rect, text
from kit.svgmap import shape_rings
from kit.tiles import draw_assembly, draw_tiles, plan
from kit.units import to_pt

from kit.games.karuta.settings import board as board_settings
from kit.games.karuta.cards import CREDIT, TITLE
from kit.games.karuta.layout import Slot
from kit.games.karuta.model import START, Karuta

FORM = "karuta-board"
SEA = Color(0.92, 0.96, 0.99)
BORDER = Color(0.45, 0.45, 0.45)
LEADER = Color(0.2, 0.2, 0.2)
ROUTE_BLUE = Color(0.1, 0.3, 0.65)
HIGHWAY_INK = Color(0.32, 0.16, 0.08)


@dataclass(frozen=True)
class Stroke:
    """How a line kind is drawn: width in mm, dash in mm (empty: solid)."""

    width: float
    dash: tuple[float, ...]
    ink: Color


# Tiers must stay apart in greyscale: width and dash both differ, not just colour.
TIER_STROKES = {
    "main": Stroke(1.6, (), HIGHWAY_INK),
    "primary": Stroke(0.8, (), HIGHWAY_INK),
    "secondary": Stroke(0.6, (4.0, 2.0), HIGHWAY_INK),
}
SEA_STROKE = Stroke(0.6, (0.1, 1.6), ROUTE_BLUE)     # round dots
TIER_LABELS = {"main": "五街道 main highways", "primary": "脇街道 primary side highways",
               "secondary": "脇街道 secondary side highways"}


@dataclass(frozen=True)
class Frame:
    """Map units to drawing mm."""

    scale: float
    map_h: float

    def at(self, x: float, y: float) -> tuple[float, float]:
        return x * self.scale, (self.map_h - y) * self.scale

    def rect(self, s: Slot) -> Rect:
        (cx, cy), w, h = s.centre, s.width, s.height
        x, y = self.at(cx - w / 2, cy + h / 2)
        return Rect(x, y, w * self.scale, h * self.scale)


def _pt(xy):
    return to_pt(xy[0]), to_pt(xy[1])


def _set_stroke(c: Canvas, s: Stroke, scale: float = 1.0) -> None:
    c.setStrokeColor(s.ink)
    c.setLineWidth(to_pt(s.width * scale))
    c.setDash([to_pt(d * scale) for d in s.dash] if s.dash else [], 0)
    c.setLineCap(1 if s.dash and s.dash[0] < 0.5 else 0)


def _polyline(c: Canvas, points) -> None:
    p = c.beginPath()
    p.moveTo(*_pt(points[0]))
    for q in points[1:]:
        p.lineTo(*_pt(q))
    c.drawPath(p, stroke=1, fill=0)


def _provinces(c: Canvas, model: Karuta, board, f: Frame) -> None:
    for p in model.provinces:
        shape = board.regions[p.kanji].shape
        path = rings_path(c, shape_rings(shape), f.at)
        c.setFillColor(mix(model.region_of[p.kanji].color, white, 0.55))
        c.setStrokeColor(BORDER)
        c.setLineWidth(0.5)
        c.drawPath(path, stroke=1, fill=1, fillMode=0)


def highway_segments(model: Karuta, slots: dict[str, Slot]):
    """(tier, from, to) centre-to-centre segments, lightest tier first so main lines end on top."""
    order = {"secondary": 0, "primary": 1, "main": 2}
    out = []
    for h in sorted(model.highways, key=lambda h: order.get(h.tier, 0)):
        for a, b in zip(h.provinces, h.provinces[1:]):
            out.append((h.tier, slots[a].centre, slots[b].centre))
    return out


def _routes(c: Canvas, model: Karuta, slots: dict[str, Slot], f: Frame) -> None:
    for tier, a, b in highway_segments(model, slots):
        _set_stroke(c, TIER_STROKES.get(tier, TIER_STROKES["secondary"]))
        _polyline(c, [f.at(*a), f.at(*b)])
    _set_stroke(c, SEA_STROKE)
    for a, b in model.sea_routes:
        _polyline(c, [f.at(*slots[a].centre), f.at(*slots[b].centre)])
    c.setDash([], 0)
    c.setLineCap(0)


def _leaders(c: Canvas, slots: dict[str, Slot], f: Frame) -> None:
    c.setStrokeColor(LEADER)
    c.setFillColor(LEADER)
    c.setLineWidth(to_pt(0.3))
    for s in slots.values():
        if len(s.leader) >= 2:
            pts = [f.at(x, y) for x, y in s.leader]
            _polyline(c, pts)
            c.circle(*_pt(pts[-1]), to_pt(0.9), stroke=0, fill=1)


def _slots(c: Canvas, model: Karuta, slots: dict[str, Slot], f: Frame) -> None:
    for s in slots.values():
        r = f.rect(s)
        region = model.region_of[s.kanji].color
        fill_rect(c, r, mix(region, white, 0.85))
        stroke_rect(c, r, colour(region), to_pt(0.7))


def _start_frame(c: Canvas, slots: dict[str, Slot], f: Frame) -> None:
    """A bold double frame round the start slot: it reads in greyscale, unlike a red frame."""
    start = slots.get(START)
    if start is not None:
        r = f.rect(start)
        stroke_rect(c, r.grow(1.2), black, to_pt(1.2))
        stroke_rect(c, r.grow(3.0), black, to_pt(0.5))


START_LABEL_W, START_LABEL_H = 26.0, 10.0
SPOT_STEP = 10.0            # mm between the places tried for the legend and the title


def start_label_rect(slots: dict[str, Slot], f: Frame) -> Rect | None:
    """Where the 「起点」 label goes: beside the start slot, the nearest place free of other slots."""
    w, h = START_LABEL_W, START_LABEL_H
    start = slots.get(START)
    if start is None:
        return None
    others = [f.rect(s) for k, s in slots.items() if k != START]
    first = None
    for d in (4.0, 8.0, 14.0, 22.0, 32.0):
        r = f.rect(start).grow(d)
        for t in (0.5, 0.0, 1.0, 0.25, 0.75):
            for cand in (Rect(r.x + (r.w - w) * t, r.y2 + 0.5, w, h), Rect(r.x2 + 0.5, r.y + (r.h - h) * t, w, h),
                         Rect(r.x + (r.w - w) * t, r.y - h - 0.5, w, h), Rect(r.x - w - 0.5, r.y + (r.h - h) * t, w, h)):
                first = first or cand
                if not any(_hits(cand, o) for o in others):
                    return cand
    return first


def _hits(a: Rect, b: Rect) -> bool:
    return a.x < b.x2 and b.x < a.x2 and a.y < b.y2 and b.y < a.y2


def _start_label(c: Canvas, slots: dict[str, Slot], f: Frame) -> None:
    r = start_label_rect(slots, f)
    if r is None:
        return
    fill_rect(c, r, white)
    stroke_rect(c, r, black, to_pt(0.5))
    text(c, r.x + r.w / 2, r.y + 2.6, "★起点", 16, "centre", black)


def free_spot(obstacles, width: float, height: float, w: float, h: float, corner: tuple[float, float]) -> Rect:
    """The w × h rectangle clear of `obstacles` (a shapely shape, drawing mm) closest to `corner`."""
    obstacles = prep(obstacles)
    best = None
    ny, nx = int((height - h) // SPOT_STEP) + 1, int((width - w) // SPOT_STEP) + 1
    for j in range(ny):
        for i in range(nx):
            x, y = 5 + i * SPOT_STEP, 5 + j * SPOT_STEP
            if x + w > width - 5 or y + h > height - 5:
                continue
            cx, cy = x + w / 2, y + h / 2
            d = (cx - corner[0]) ** 2 + (cy - corner[1]) ** 2
            if best is not None and d >= best[0]:
                continue
            if not obstacles.intersects(shapely_box(x, y, x + w, y + h)):
                best = (d, Rect(x, y, w, h))
    return best[1] if best else Rect(5, 5, w, h)


def obstacles(model: Karuta, board, slots: dict[str, Slot], f: Frame):
    shapes = [shapely_box(r.x - 3, r.y - 3, r.x2 + 3, r.y2 + 3) for r in (f.rect(s) for s in slots.values())]
    for p in model.provinces:
        x0, y0, x1, y1 = board.regions[p.kanji].shape.bounds
        (ax, ay), (bx, by) = f.at(x0, y1), f.at(x1, y0)
        shapes.append(shapely_box(ax - 3, ay - 3, bx + 3, by + 3))
    for _, a, b in highway_segments(model, slots):
        shapes.append(LineString([f.at(*a), f.at(*b)]).buffer(2))
    return unary_union(shapes)


LEGEND_W, LEGEND_H = 120.0, 95.0
TITLE_W, TITLE_H = 170.0, 34.0


def _legend(c: Canvas, model: Karuta, r: Rect) -> None:
    fill_rect(c, r, white)
    stroke_rect(c, r, BORDER, to_pt(0.4))
    x, y = r.x + 5, r.y2 - 9
    text(c, x, y, "凡例 legend", 12)
    y -= 8
    half = (r.w - 10) / 2
    for i, reg in enumerate(model.regions):
        col, row = divmod(i, (len(model.regions) + 1) // 2)
        gx, gy = x + col * half, y - row * 6
        fill_rect(c, Rect(gx, gy - 1, 7, 4.2), mix(reg.color, white, 0.55))
        stroke_rect(c, Rect(gx, gy - 1, 7, 4.2), colour(reg.color), to_pt(0.6))
        text(c, gx + 9, gy, f"{reg.name} {reg.romaji}", 8)
    y -= 6 * ((len(model.regions) + 1) // 2) + 3
    for tier in ("main", "primary", "secondary"):
        _set_stroke(c, TIER_STROKES[tier])
        _polyline(c, [(x, y + 1.2), (x + 16, y + 1.2)])
        names = "、".join(h.name for h in model.highways if h.tier == tier)
        text(c, x + 20, y, TIER_LABELS[tier], 8)
        text(c, x + 20, y - 3.6, _clip(names, 62), 6, fill=Color(0.3, 0.3, 0.3))
        y -= 9
    _set_stroke(c, SEA_STROKE)
    _polyline(c, [(x, y + 1.2), (x + 16, y + 1.2)])
    c.setDash([], 0)
    c.setLineCap(0)
    text(c, x + 20, y, "航路 sea route to an island", 8)
    y -= 7
    c.setStrokeColor(LEADER)
    c.setLineWidth(to_pt(0.3))
    _polyline(c, [(x, y + 1.2), (x + 16, y + 1.2)])
    c.setFillColor(LEADER)
    c.circle(to_pt(x + 16), to_pt(y + 1.2), to_pt(0.9), stroke=0, fill=1)
    text(c, x + 20, y, "引き出し線 leader: the slot's province", 8)
    y -= 7
    stroke_rect(c, Rect(x + 4, y - 1.5, 8, 5.5), black, to_pt(1.0))
    text(c, x + 20, y, f"★起点 start: {START}, where the five main highways begin", 8)


def _clip(s: str, n: int) -> str:
    return s if len(s) <= n else s[: n - 1] + "…"


def _title(c: Canvas, r: Rect, layout: Layout, card_w: float, card_h: float) -> None:
    text(c, r.x, r.y2 - 14, f"{TITLE}  盤面", 30)
    text(c, r.x, r.y2 - 21, f"board · slots for {card_w:g} × {card_h:g} mm cards · "
                            f"1 map unit = {board_settings(layout).scale:g} mm", 9)
    text(c, r.x, r.y2 - 27, f"Play each card onto its own slot; the start is {START} (★起点).", 9)
    text(c, r.x, r.y2 - 32.5, CREDIT, 7.5, fill=Color(0.3, 0.3, 0.3))


def legend_and_title(model: Karuta, board, slots: dict[str, Slot], layout: Layout) -> tuple[Rect, Rect]:
    """Where the legend and the title go: the free spots nearest the bottom-right and top-left corners."""
    f = Frame(board_settings(layout).scale, board.height)
    width, height = board.width * f.scale, board.height * f.scale
    blocked = obstacles(model, board, slots, f)
    legend = free_spot(blocked, width, height, LEGEND_W, LEGEND_H, (width, 0))
    title = free_spot(blocked.union(shapely_box(legend.x, legend.y, legend.x2, legend.y2)),
                      width, height, TITLE_W, TITLE_H, (0, height))
    return legend, title


def define_board(c: Canvas, model: Karuta, board, slots: dict[str, Slot], layout: Layout,
                 card_w: float, card_h: float, legend: Rect, title: Rect) -> tuple[float, float]:
    """Draw the board into the form FORM, the legend and title at the rectangles given; returns its size in mm."""
    f = Frame(board_settings(layout).scale, board.height)
    width, height = board.width * f.scale, board.height * f.scale
    c.beginForm(FORM, 0, 0, to_pt(width), to_pt(height))
    fill_rect(c, Rect(0, 0, width, height), SEA)
    c.setLineJoin(1)
    _provinces(c, model, board, f)
    _leaders(c, slots, f)
    _slots(c, model, slots, f)
    # Routes over the empty slots: the board shows which slots connect; a played card then hides them.
    _routes(c, model, slots, f)
    _start_frame(c, slots, f)
    _start_label(c, slots, f)
    _legend(c, model, legend)
    _title(c, title, layout, card_w, card_h)
    c.endForm()
    return width, height


def board_pdfs(model: Karuta, board, slots: dict[str, Slot], layout: Layout,
               card_w: float, card_h: float) -> tuple[tuple[bytes, int], tuple[bytes, int]]:
    """(board.pdf, board-overview.pdf) as (bytes, pages)."""
    places = legend_and_title(model, board, slots, layout)   # one search serves both files
    tiled = Pdf(layout.paper_width, layout.paper_height, f"{TITLE}: board", FONT)
    width, height = define_board(tiled.canvas, model, board, slots, layout, card_w, card_h, *places)
    p = plan(width, height, layout, board_settings(layout).overlap)
    notes = (f"{len(p.tiles)} sheets, {p.rows} rows (A–{p.tiles[-1].label[0]}) × {p.cols} columns, true scale: "
             f"the board is {width:.0f} × {height:.0f} mm. Print at 100 % (actual size).",
             "Cut each sheet along its dashed seam lines (top and left) and lay it over its neighbour,",
             f"the cut edge on the neighbour's solid line, ticks continuing; glue in the {p.overlap:g} mm strip.",
             "Start with A1 and work right along row A, then row B under it, and so on.")
    draw_assembly(tiled, p, FORM, f"{TITLE} board", notes)
    draw_tiles(tiled, p, FORM, f"{TITLE} board")

    over = Pdf(layout.paper_width, layout.paper_height, f"{TITLE}: board overview", FONT)
    define_board(over.canvas, model, board, slots, layout, card_w, card_h, *places)
    pw, ph = (layout.paper_width, layout.paper_height)
    if (width > height) != (pw > ph):
        pw, ph = ph, pw
    over.set_page_size(pw, ph)
    m = layout.margin + 2
    k = min((pw - 2 * m) / width, (ph - 2 * m - 6) / height)
    c = over.canvas
    c.saveState()
    c.translate(to_pt((pw - width * k) / 2), to_pt(m + 6 + (ph - 2 * m - 6 - height * k) / 2))
    c.scale(k, k)
    c.doForm(FORM)
    c.restoreState()
    text(c, m, m + 1, f"{TITLE} board overview, scaled to 1:{1 / k:.1f} of the true-scale board "
                      f"(board.pdf). {CREDIT}", 7)
    over.show_page()
    return (tiled.finish(), tiled.pages), (over.finish(), over.pages)
