"""The board (盤面): the blank map tinted by 五畿七道, card slots, leaders, highways, sea routes.

`board_plan` places everything as values first: the routed highways and their
names (`roads`), the marks where the rules' adjacency differs from the map, the
part of the map that carries something, the sheets that print it and the legend.
The whole board is then drawn once, at true scale (the layout's `board: scale`, mm per map
unit), into a PDF form XObject; `board.pdf` shows it tiled over the sheets that
carry land or slots, with an assembly page; `board-overview.pdf` shows it on one
page with a legend at reading size; `board-key.pdf` is the answer key: the same
page with every slot's province and card number. Drawing coordinates are mm with
y up; the map's own y points down, so `Frame.at` flips it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from reportlab.lib.colors import Color, black, white
from reportlab.pdfgen.canvas import Canvas
import numpy as np
import shapely
from shapely.geometry import LineString, box as shapely_box
from shapely.ops import unary_union

from kit.draw.fonts import FONT, wrap
from kit.draw.imposition import Rect
from kit.data.layoutfile import Layout
from kit.draw.pdf import Pdf
from kit.draw.render import colour, fill_rect, mix, rings_path, stroke_rect, text
from kit.layout.leaders import tail_wedge
from kit.layout.svgmap import shape_rings
from kit.draw.tiles import TilePlan, draw_assembly, draw_tiles, plan
from kit.data.units import to_pt

from kit.games.karuta.cards import CREDIT, TITLE
from kit.games.karuta.settings import board as board_settings
from kit.games.karuta.layout import Slot
from kit.games.karuta.model import START, Karuta
from kit.games.karuta.roads import TAIL_BASE, Name, Road, names, roads
from kit.games.karuta.differences import TOUCH, touching_pairs

FORM = "karuta-board"
BORDER = Color(0.45, 0.45, 0.45)
LEADER = Color(0.2, 0.2, 0.2)
ROUTE_BLUE = Color(0.1, 0.3, 0.65)
SLOT_TINT_ALPHA = 0.18      # a slot is a frame and a light tint: the province's outline and colour show through
SLOT_FRAME_MM = 0.35
CASING = 0.5                # mm of white each side of a highway line, so it reads over any tint


@dataclass(frozen=True)
class Stroke:
    """How a line kind is drawn: width in mm, dash in mm (empty: solid)."""

    width: float
    dash: tuple[float, ...]
    ink: Color


# Tiers stay apart three ways: width, dash and colour (so also in greyscale).
TIER_STROKES = {
    "main": Stroke(1.4, (), Color(0.69, 0.09, 0.12)),
    "primary": Stroke(0.9, (), Color(0.36, 0.20, 0.07)),
    "secondary": Stroke(0.6, (3.0, 1.5), Color(0.22, 0.22, 0.22)),
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


def set_stroke(c: Canvas, s: Stroke, scale: float = 1.0, widen: float = 0.0, ink: Color | None = None) -> None:
    c.setStrokeColor(ink or s.ink)
    c.setLineWidth(to_pt(s.width * scale + widen))
    c.setDash([to_pt(d * scale) for d in s.dash] if s.dash and not widen else [], 0)
    c.setLineCap(1 if s.dash and s.dash[0] < 0.5 else 0)


def polyline(c: Canvas, points) -> None:
    p = c.beginPath()
    p.moveTo(*_pt(points[0]))
    for q in points[1:]:
        p.lineTo(*_pt(q))
    c.drawPath(p, stroke=1, fill=0)


def _shape_path(c: Canvas, shape, f: Frame):
    return rings_path(c, shape_rings(shape), f.at)


class _Art:
    """What every copy of the board draws alike, worked out once for all of them: the slots'
    tint pieces and the path of each shape. A path is plain PDF code, not tied to a canvas, so
    one path serves every canvas and every time a shape is drawn (the provinces twice a board)."""

    def __init__(self, model: Karuta, board, slots: dict[str, Slot], sea: Color | None, f: Frame):
        self.frame = f
        self.patches = slot_patches(model, board, slots, sea)
        self._paths: dict = {}      # id(shape) -> (shape, path): the shape held, so its id stays its own

    def path(self, c: Canvas, shape):
        found = self._paths.get(id(shape))
        if found is None or found[0] is not shape:
            found = self._paths[id(shape)] = (shape, _shape_path(c, shape, self.frame))
        return found[1]


def _provinces(c: Canvas, model: Karuta, board, art: _Art, fill: bool = True) -> None:
    """The provinces tinted by region (`fill`), or only their outlines (drawn again over the slots)."""
    for p in model.provinces:
        path = art.path(c, board.regions[p.kanji].shape)
        if fill:
            c.setFillColor(province_fill(model, p.kanji))
        c.setStrokeColor(BORDER)
        c.setLineWidth(0.5)
        c.drawPath(path, stroke=1, fill=1 if fill else 0, fillMode=0)


# --- the board as values -------------------------------------------------------------


@dataclass(frozen=True)
class Mark:
    """Where the rules' adjacency differs from the map, drawn on the board (map units).

    kind "bar": the shapes touch but the provinces are not neighbours: a bar across the border.
    kind "link": neighbours whose shapes do not touch: a link between them.
    kind "ferry": a highway leg between provinces that do not touch: a 渡 sign on the leg.
    """

    kind: str
    a: str
    b: str
    p: tuple[float, float]
    q: tuple[float, float]
    note: str


BAR_LEN = 9.0      # map units: the bar across a border that does not count


def rule_marks(model: Karuta, board, found_roads) -> tuple[Mark, ...]:
    """Every place `kit check` warns about, as a mark: the same pairs, in the same order."""
    from shapely.ops import nearest_points


    touching = touching_pairs(board)
    islands = set(model.islands)
    num = lambda k: model.by_kanji[k].number   # noqa: E731
    out = []
    for a, b in model.adjacency:
        if frozenset((a, b)) not in touching:
            pa, pb = nearest_points(board.regions[a].shape, board.regions[b].shape)
            out.append(Mark("link", a, b, (pa.x, pa.y), (pb.x, pb.y),
                            f"{a}–{b}: neighbours, although the map does not show them touching"))
    listed = {frozenset(p) for p in model.adjacency}
    for pair in sorted(touching - listed, key=lambda p: sorted(num(k) for k in p)):
        if pair & islands:
            continue
        a, b = sorted(pair, key=num)
        sa, sb = board.regions[a].shape, board.regions[b].shape
        border = sa.buffer(TOUCH).intersection(sb.buffer(TOUCH))
        mid = border.representative_point() if not border.is_empty else nearest_points(sa, sb)[0]
        ca, cb = board.regions[a].anchor, board.regions[b].anchor
        dx, dy = cb[0] - ca[0], cb[1] - ca[1]
        n = (dx * dx + dy * dy) ** 0.5 or 1.0
        h = BAR_LEN / 2
        out.append(Mark("bar", a, b, (mid.x - dx / n * h, mid.y - dy / n * h), (mid.x + dx / n * h, mid.y + dy / n * h),
                        f"{a}–{b}: not neighbours, although the map shows them touching"))
    for h_ in model.highways:
        for a, b in zip(h_.provinces, h_.provinces[1:]):
            if frozenset((a, b)) not in touching:
                road = next(r for r in found_roads if (r.highway, r.a, r.b) == (h_.name, a, b))
                line = LineString(road.points)
                mid = line.interpolate(0.5, normalized=True)
                out.append(Mark("ferry", a, b, (mid.x, mid.y), (mid.x, mid.y),
                                f"{h_.name} {a} → {b}: by boat (the provinces do not touch)"))
    return tuple(out)


@dataclass(frozen=True)
class BoardPlan:
    """Everything the board shows, placed: the drawing is `width` × `height` mm (the whole
    map at true scale); `area` is the part that carries something and is printed."""

    frame: Frame
    width: float
    height: float
    roads: tuple[Road, ...]
    names: tuple[Name, ...]
    marks: tuple[Mark, ...]
    leader_names: tuple["LeaderName", ...]
    area: Rect
    legend: Rect
    title: Rect
    tiles: TilePlan


def board_plan(model: Karuta, board, slots: dict[str, Slot], layout: Layout) -> BoardPlan:
    settings = board_settings(layout)
    f = Frame(settings.scale, board.height)
    width, height = board.width * f.scale, board.height * f.scale
    found = roads(model, slots, settings.slot_gap)
    marks = rule_marks(model, board, found)
    # highway names keep off the marks and the leaders' dots (map units), so none hides a dot
    dots = [shapely.Point(s.leader[-1]).buffer((LEADER_DOT_MM + 0.6) / f.scale) for s in slots.values() if len(s.leader) >= 2]
    keep = [_mark_shape(m) for m in marks] + dots
    named = names(model, slots, found, settings.scale, avoid=unary_union(keep) if keep else None)
    ends = leader_names(slots, f, found, named, marks)
    carried = content(model, board, slots, found, named, marks, f).union(
        unary_union([shapely_box(n.box.x, n.box.y, n.box.x2, n.box.y2) for n in ends]) if ends else shapely_box(0, 0, 0, 0))
    x0, y0, x1, y1 = carried.bounds
    area = Rect(max(0.0, x0 - AREA_PAD), max(0.0, y0 - AREA_PAD), 0, 0)
    area = Rect(area.x, area.y, min(width, x1 + AREA_PAD) - area.x, min(height, y1 + AREA_PAD) - area.y)
    section = layout.section("board")
    tiles = plan(width, height, layout, settings.overlap, area, carried, where=section.at("scale"),
                 overlap_at=section.at("overlap"))
    # The legend and title go on sheets that carry land or slots anyway, clear of both,
    # away from the glue strips.
    room = unary_union([shapely_box(t.source.x + tiles.overlap, t.source.y + tiles.overlap,
                                    t.source.x2 - tiles.overlap, t.source.y2 - tiles.overlap) for t in tiles.tiles])
    blocked = obstacles(model, board, slots, f, found)
    legend = free_spot(blocked, width, height, LEGEND_W, LEGEND_H, (area.x2, area.y), room)
    title = free_spot(blocked.union(shapely_box(legend.x, legend.y, legend.x2, legend.y2)),
                      width, height, TITLE_W, TITLE_H, (area.x, area.y2), room)
    return BoardPlan(f, width, height, found, named, marks, ends, area, legend, title, tiles)


AREA_PAD = 2.0      # mm of sea kept round what the board carries


def _mark_shape(m: Mark):
    return LineString([m.p, m.q]).buffer(3.0) if m.p != m.q else LineString([m.p, (m.p[0] + 0.01, m.p[1])]).buffer(4.0)


def content(model: Karuta, board, slots: dict[str, Slot], found, named, marks, f: Frame):
    """What the board carries, in drawing mm: land, slots, leaders, roads, names, marks, the start label."""
    shapes = [shapely_box(r.x, r.y, r.x2, r.y2) for r in (f.rect(s) for s in slots.values())]
    for p in model.provinces:
        x0, y0, x1, y1 = board.regions[p.kanji].shape.bounds
        (ax, ay), (bx, by) = f.at(x0, y1), f.at(x1, y0)
        shapes.append(shapely_box(ax, ay, bx, by))
    for s in slots.values():
        if len(s.leader) >= 2:
            shapes.append(LineString([f.at(*q) for q in s.leader]).buffer(1.0))
    for r in found:
        shapes.append(LineString([f.at(*q) for q in r.points]).buffer(1.0))
    for n in named:
        shapes.append(_name_box(n, f))
    for m in marks:
        shapes.append(LineString([f.at(*m.p), f.at(*m.q)]).buffer(3.0) if m.p != m.q
                      else shapely_box(*f.at(*m.p), *f.at(*m.p)).buffer(3.5))
    label = start_label_rect(slots, f)
    if label is not None:
        shapes.append(shapely_box(label.x, label.y, label.x2, label.y2))
    return unary_union(shapes)


def _name_box(n: Name, f: Frame):
    from shapely.affinity import rotate
    x, y = f.at(*n.at)
    h = n.size * 25.4 / 72 * 1.3
    w = n.length * f.scale
    return rotate(shapely_box(x - w / 2, y - h / 2, x + w / 2, y + h / 2), -n.angle, origin=(x, y))


# --- drawing -------------------------------------------------------------------------


def _routes(c: Canvas, model: Karuta, slots: dict[str, Slot], found, f: Frame) -> None:
    for r in found:          # white casing under every line first, so crossings stay readable
        set_stroke(c, TIER_STROKES.get(r.tier, TIER_STROKES["secondary"]), widen=2 * CASING, ink=white)
        polyline(c, [f.at(*q) for q in r.points])
    for r in found:
        set_stroke(c, TIER_STROKES.get(r.tier, TIER_STROKES["secondary"]))
        polyline(c, [f.at(*q) for q in r.points])
    set_stroke(c, SEA_STROKE)
    for a, b in model.sea_routes:
        polyline(c, [f.at(*slots[a].centre), f.at(*slots[b].centre)])
    c.setDash([], 0)
    c.setLineCap(0)


def _names(c: Canvas, model: Karuta, named, f: Frame) -> None:
    tier = {h.name: h.tier for h in model.highways}
    for n in named:
        ink = TIER_STROKES.get(tier[n.highway], TIER_STROKES["secondary"]).ink
        x, y = f.at(*n.at)
        if n.tie is not None:       # a speech bubble's tail, not a line with a dot: never read as a slot's leader
            _tail(c, (x, y), n, f, ink)
        c.saveState()
        c.translate(to_pt(x), to_pt(y))
        c.rotate(-n.angle)
        h = n.size * 25.4 / 72
        w = n.length * f.scale
        fill_rect(c, Rect(-w / 2, -h * 0.65, w, h * 1.3), white)
        stroke_rect(c, Rect(-w / 2, -h * 0.65, w, h * 1.3), ink, to_pt(0.2))
        text(c, 0, -h * 0.36, n.highway, n.size, "centre", ink)
        c.restoreState()


def tail_shape(n: Name, f: Frame):
    """A tied highway name's tail (drawing mm): a wedge from its box's edge, TAIL_BASE wide,
    narrowing to the point on the highway it names; None when the box itself reaches the line
    (within half a mm)."""
    return tail_wedge(f.at(*n.at), f.at(*n.tie), n.length * f.scale, n.size * 25.4 / 72 * 1.3, TAIL_BASE, 0.5)


def _tail(c: Canvas, at, n: Name, f: Frame, ink: Color) -> None:
    shape = tail_shape(n, f)
    if shape is None:
        return
    p = c.beginPath()
    (x0, y0), *rest = list(shape.exterior.coords)[:-1]
    p.moveTo(to_pt(x0), to_pt(y0))
    for x, y in rest:
        p.lineTo(to_pt(x), to_pt(y))
    p.close()
    c.setFillColor(white)
    c.setStrokeColor(ink)
    c.setLineWidth(to_pt(0.2))
    c.drawPath(p, stroke=1, fill=1)


MARK_INK = Color(0.80, 0.0, 0.0)


def _marks(c: Canvas, marks, f: Frame) -> None:
    for m in marks:
        p, q = f.at(*m.p), f.at(*m.q)
        if m.kind == "bar":
            c.setStrokeColor(white)
            c.setLineWidth(to_pt(2.6))
            c.setLineCap(0)
            polyline(c, [p, q])
            c.setStrokeColor(MARK_INK)
            c.setLineWidth(to_pt(1.6))
            polyline(c, [p, q])
        elif m.kind == "link":
            c.setStrokeColor(MARK_INK)
            c.setLineWidth(to_pt(1.0))
            c.setDash([to_pt(1.2), to_pt(0.8)], 0)
            polyline(c, [p, q])
            c.setDash([], 0)
            for end in (p, q):
                c.setFillColor(MARK_INK)
                c.circle(*_pt(end), to_pt(1.1), stroke=0, fill=1)
        else:
            c.setFillColor(white)
            c.setStrokeColor(MARK_INK)
            c.setLineWidth(to_pt(0.5))
            c.circle(*_pt(p), to_pt(3.0), stroke=1, fill=1)
            text(c, p[0], p[1] - 1.3, "渡", 10, "centre", MARK_INK)


LEADER_NAME_PT = 6.0        # the province's name at a leader's end
LEADER_DOT_MM = 0.9         # the dot a leader ends in (radius)
NAME_CLEAR = 0.6            # mm a leader's name keeps from any slot: a card laid there leaves it showing
NAME_REACH = 6.0            # mm from the leader's end its name may stand, at most


@dataclass(frozen=True)
class LeaderName:
    """The province named by a moved slot's leader: the white ground it is printed on (drawing
    mm), next to the leader's end and clear of every slot; or, where slots leave no room near
    the end, inside the slot itself beside where its leader leaves it (only its own card covers
    it there, and the card names the province)."""

    province: str
    end: tuple[float, float]      # the leader's end, drawing mm
    box: Rect
    in_slot: bool = False


def leader_names(slots: dict[str, Slot], f: Frame, found=(), named=(), marks=()) -> tuple[LeaderName, ...]:
    """Where each moved slot's province is named: the nearest place by its leader's end, the
    far side from the slot first, clear of every slot (a card laid there would hide it), of
    the other leaders and names, nearer its own leader's end than any other, and clear of the
    highways and marks where it can be; else inside its own slot where the leader leaves it."""
    hard = [shapely_box(r.x, r.y, r.x2, r.y2).buffer(NAME_CLEAR, join_style=2) for r in (f.rect(s) for s in slots.values())]
    lines = {k: LineString([f.at(*q) for q in s.leader]) for k, s in slots.items() if len(s.leader) >= 2}
    soft = [LineString([f.at(*q) for q in r.points]).buffer(0.8) for r in found]
    soft += [_name_box(n, f) for n in named]
    soft += [LineString([f.at(*m.p), f.at(*m.q)]).buffer(3.0) if m.p != m.q else
             LineString([f.at(*m.p), (f.at(*m.p)[0] + 0.01, f.at(*m.p)[1])]).buffer(4.0) for m in marks]
    hard_u = unary_union(hard)
    soft_u = unary_union(soft) if soft else None
    shapely.prepare(hard_u)
    taken: list = []
    out = []
    h = LEADER_NAME_PT / to_pt(1)
    for name, line in lines.items():
        pts = list(line.coords)
        (bx, by), end = pts[-2], pts[-1]
        w = len(name) * h          # full-width kanji: one em each, whatever the font
        a0 = math.atan2(end[1] - by, end[0] - bx)
        dot = shapely.Point(end).buffer(LEADER_DOT_MM + 0.3)
        others = unary_union([l.buffer(0.3) for k, l in lines.items() if k != name] + taken) if len(lines) > 1 or taken \
            else None
        rivals = [shapely.Point(l.coords[-1]) for k, l in lines.items() if k != name]
        def beside(clear_of_soft: bool) -> Rect | None:
            for t in (k * 0.5 for k in range(int(NAME_REACH / 0.5) + 1)):
                for turn in (0, 1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6, -6, 7, -7, 8):
                    a = a0 + turn * math.pi / 8
                    # the box's centre `t` past the point where, this way, it first clears the dot
                    ux, uy = math.cos(a), math.sin(a)
                    reach = min(abs((w / 2 + 0.4) / ux) if abs(ux) > 1e-9 else math.inf,
                                abs((h / 2 + 0.2) / uy) if abs(uy) > 1e-9 else math.inf) + LEADER_DOT_MM + 0.3 + t
                    cx, cy = end[0] + ux * reach, end[1] + uy * reach
                    r = Rect(cx - w / 2 - 0.4, cy - h / 2 - 0.2, w + 0.8, h + 0.4)
                    g = shapely_box(r.x, r.y, r.x2, r.y2)
                    if g.intersects(hard_u) or g.intersects(dot) or line.intersects(g.buffer(-0.05)) \
                            or (others is not None and g.intersects(others)) \
                            or (clear_of_soft and soft_u is not None and g.intersects(soft_u)):
                        continue
                    mine = g.distance(shapely.Point(end))
                    if any(g.distance(q) <= mine + 0.5 for q in rivals):
                        continue       # as near another leader's end: it would name the wrong one
                    return r
            return None

        best, inside = beside(True), False
        if best is None:
            # inside its own slot when that keeps it off the highways; over a highway (its white
            # ground breaking the line) only when neither by the end nor in the slot is clear
            best, inside = _in_slot(f.rect(slots[name]), pts[0], w + 0.8, h + 0.4, soft_u), True
            if soft_u is not None and shapely_box(best.x, best.y, best.x2, best.y2).intersects(soft_u):
                over = beside(False)
                if over is not None:
                    best, inside = over, False
        if not inside:
            taken.append(shapely_box(best.x, best.y, best.x2, best.y2))
        out.append(LeaderName(name, (round(end[0], 3), round(end[1], 3)), best, inside))
    return tuple(out)


def _in_slot(slot: Rect, start: tuple[float, float], w: float, h: float, soft) -> Rect:
    """A w × h box inside `slot`, against the edge where the leader starts (`start`), as near
    the start as keeps it off the highways drawn over the slot, if anywhere along that edge."""
    inset = 0.8
    x0, x1 = slot.x + inset, slot.x2 - inset - w
    y0, y1 = slot.y + inset, slot.y2 - inset - h
    clamp = lambda v, a, b: min(max(v, a), b)      # noqa: E731
    cx, cy = clamp(start[0] - w / 2, x0, x1), clamp(start[1] - h / 2, y0, y1)
    along_x = abs(start[1] - slot.y) < 1e-6 or abs(start[1] - slot.y2) < 1e-6   # on the top or bottom edge
    tries = [Rect(cx, cy, w, h)]
    for step in (k * 0.5 for k in range(1, int(max(slot.w, slot.h) / 0.5))):
        for sign in (1, -1):
            tries.append(Rect(clamp(cx + sign * step, x0, x1), cy, w, h) if along_x else
                         Rect(cx, clamp(cy + sign * step, y0, y1), w, h))
    for r in tries:
        if soft is None or not shapely_box(r.x, r.y, r.x2, r.y2).intersects(soft):
            return r
    return tries[0]


def _leaders(c: Canvas, slots: dict[str, Slot], f: Frame) -> None:
    c.setStrokeColor(LEADER)
    c.setFillColor(LEADER)
    c.setLineWidth(to_pt(0.3))
    for name, s in slots.items():
        if len(s.leader) >= 2:
            pts = [f.at(x, y) for x, y in s.leader]
            c.setStrokeColor(LEADER)
            c.setFillColor(LEADER)
            polyline(c, pts)
            c.circle(*_pt(pts[-1]), to_pt(LEADER_DOT_MM), stroke=0, fill=1)


def _leader_names(c: Canvas, ends: tuple[LeaderName, ...]) -> None:
    """The province named at each leader's end, drawn over the roads: a moved slot is traced to
    its province on the board itself, not on the key."""
    h = LEADER_NAME_PT / to_pt(1)
    for n in ends:
        fill_rect(c, n.box, white)
        text(c, n.box.x + n.box.w / 2, n.box.y + n.box.h / 2 - h * 0.36, n.province, LEADER_NAME_PT, "centre", LEADER)


def _rgb(c: Color) -> tuple[float, float, float]:
    return (c.red, c.green, c.blue)


def _blend(under: Color, over: Color, alpha: float) -> Color:
    """`over` laid on `under` at `alpha`: computed here, so the PDF needs no transparency."""
    return Color(*(u + (o - u) * alpha for u, o in zip(_rgb(under), _rgb(over))))


def province_fill(model: Karuta, kanji: str) -> Color:
    return mix(model.region_of[kanji].color, white, 0.55)


def slot_patches(model: Karuta, board, slots: dict[str, Slot], sea: Color | None) -> list[tuple[str, object, Color]]:
    """(slot, piece, colour): each slot's light tint, split where provinces lie under it so each
    piece is that province's own colour with the slot's tint laid over at SLOT_TINT_ALPHA. The
    province keeps its colour under its slot (and its outline, drawn again on top)."""
    out = []
    for k, s in slots.items():
        rect = shapely_box(s.centre[0] - s.width / 2, s.centre[1] - s.height / 2,
                           s.centre[0] + s.width / 2, s.centre[1] + s.height / 2)
        tint = colour(model.region_of[k].color)
        rest = rect
        for p in model.provinces:
            shape = board.regions[p.kanji].shape
            if not shape.intersects(rect):
                continue
            piece = shape.intersection(rect)
            if piece.area > 0:
                out.append((k, piece, _blend(province_fill(model, p.kanji), tint, SLOT_TINT_ALPHA)))
                rest = rest.difference(shape)
        if rest.area > 0:
            out.append((k, rest, _blend(sea if sea is not None else white, tint, SLOT_TINT_ALPHA)))
    return out


def _slots(c: Canvas, model: Karuta, slots: dict[str, Slot], f: Frame, art: _Art) -> None:
    """A frame and a light tint: the province under the slot keeps its outline and colour."""
    for _, piece, tint in art.patches:
        c.setFillColor(tint)
        c.drawPath(art.path(c, piece), stroke=0, fill=1, fillMode=0)
    for s in slots.values():
        stroke_rect(c, f.rect(s), mix(model.region_of[s.kanji].color, black, 0.25), to_pt(SLOT_FRAME_MM))


def _start_frame(c: Canvas, slots: dict[str, Slot], f: Frame) -> None:
    """A bold double frame round the start slot: it reads in greyscale, unlike a red frame."""
    start = slots.get(START)
    if start is not None:
        r = f.rect(start)
        stroke_rect(c, r.grow(0.6), black, to_pt(1.2))
        stroke_rect(c, r.grow(1.6), black, to_pt(0.5))


START_LABEL_W, START_LABEL_H = 26.0, 10.0
SPOT_STEP = 5.0             # mm between the places tried for the legend and the title
SPOT_BATCH = 512            # places tested at once


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


def starts_game(model: Karuta) -> bool:
    """Whether the rules being built make 武蔵 the game's first card: only then is it marked
    ★起点 (start); otherwise the board says what it is, the origin of the five main highways."""
    return model.rules.get("first_card") == "musashi"


def _start_label(c: Canvas, model: Karuta, slots: dict[str, Slot], f: Frame) -> None:
    r = start_label_rect(slots, f)
    if r is None:
        return
    fill_rect(c, r, white)
    stroke_rect(c, r, black, to_pt(0.5))
    if starts_game(model):
        text(c, r.x + r.w / 2, r.y + 2.6, "★起点", 16, "centre", black)
    else:
        text(c, r.x + r.w / 2, r.y + 3.2, "五街道の起点", 11, "centre", black)


def free_spot(obstacles, width: float, height: float, w: float, h: float, corner: tuple[float, float],
              within=None) -> Rect:
    """The w × h rectangle clear of `obstacles` (a shapely shape, drawing mm) closest to `corner`,
    inside `within` when given (else anywhere on the drawing).

    The places on the SPOT_STEP grid are tried nearest first (ties in grid order), a batch at a
    time with shapely's vectorised predicates: a large board has tens of thousands of them."""
    ny, nx = int((height - h) // SPOT_STEP) + 1, int((width - w) // SPOT_STEP) + 1
    jj, ii = np.meshgrid(np.arange(max(ny, 0)), np.arange(max(nx, 0)), indexing="ij")
    xs, ys = 5 + ii.ravel() * SPOT_STEP, 5 + jj.ravel() * SPOT_STEP
    fits = (xs + w <= width - 5) & (ys + h <= height - 5)
    xs, ys = xs[fits], ys[fits]
    d = (xs + w / 2 - corner[0]) ** 2 + (ys + h / 2 - corner[1]) ** 2
    order = np.lexsort((xs, ys, d))       # nearest first; ties in the grid's row order
    shapely.prepare(obstacles)
    if within is not None:
        shapely.prepare(within)
    for start in range(0, len(order), SPOT_BATCH):
        pick = order[start:start + SPOT_BATCH]
        spots = shapely.box(xs[pick], ys[pick], xs[pick] + w, ys[pick] + h)
        ok = ~shapely.intersects(obstacles, spots)
        if within is not None:
            ok &= shapely.contains(within, spots)
        hit = np.flatnonzero(ok)
        if len(hit):
            k = pick[hit[0]]
            return Rect(float(xs[k]), float(ys[k]), w, h)
    if within is not None:
        return free_spot(obstacles, width, height, w, h, corner)
    return Rect(5, 5, w, h)


def obstacles(model: Karuta, board, slots: dict[str, Slot], f: Frame, found=None):
    shapes = [shapely_box(r.x - 3, r.y - 3, r.x2 + 3, r.y2 + 3) for r in (f.rect(s) for s in slots.values())]
    for p in model.provinces:
        x0, y0, x1, y1 = board.regions[p.kanji].shape.bounds
        (ax, ay), (bx, by) = f.at(x0, y1), f.at(x1, y0)
        shapes.append(shapely_box(ax - 3, ay - 3, bx + 3, by + 3))
    for r in found if found is not None else roads(model, slots, 0.0):
        shapes.append(LineString([f.at(*q) for q in r.points]).buffer(2))
    return unary_union(shapes)


LEGEND_W, LEGEND_H = 120.0, 110.0
TITLE_W, TITLE_H = 170.0, 34.0
LEGEND_PT = 8.0             # the legend's text on the true-scale board
LEGEND_PT_OVERVIEW = 6.5    # and on the one-page overview: never below 6 pt
LEGEND_W_OVERVIEW = 78.0    # mm


TIERS = ("main", "primary", "secondary")
NAMES_LEADING = 1.2         # a highway-name line's height, in its type size


def legend_height(model: Karuta, pt: float, width: float = LEGEND_W_OVERVIEW) -> float:
    """The legend's height in mm for text of `pt` in a legend `width` mm wide (its rows are
    spaced in proportion; a tier whose highways take several lines takes their height)."""
    u = pt / LEGEND_PT
    return u * (20 + 6 * ((len(model.regions) + 1) // 2) + 3 + 9 * 3 + 7 * 6) + _names_extra(model, pt, width)


def _names_size(pt: float) -> float:
    return max(6.0, 0.75 * pt)


def _tier_names(model: Karuta, tier: str, pt: float, width: float) -> list[str]:
    """The names of a tier's highways as the legend sets them: in lines that fit beside its
    line sample, broken after a 、, never cut short."""
    u = pt / LEGEND_PT
    names_ = [h.name for h in model.highways if h.tier == tier]
    tokens = [n + "、" for n in names_[:-1]] + names_[-1:]
    return wrap(tokens, to_pt(width - 25 * u), _names_size(pt))


def _names_extra(model: Karuta, pt: float, width: float) -> float:
    """The legend's height in mm beyond one line of highway names per tier."""
    line = _names_size(pt) * NAMES_LEADING / to_pt(1)
    return sum(line * max(0, len(_tier_names(model, tier, pt, width)) - 1) for tier in TIERS)


def _legend(c: Canvas, model: Karuta, r: Rect, pt: float = LEGEND_PT) -> None:
    """The legend in `r`; every size follows `pt`, the size of its running text."""
    u = pt / LEGEND_PT
    fill_rect(c, r, white)
    stroke_rect(c, r, BORDER, to_pt(0.4))
    x, y = r.x + 5 * u, r.y2 - 9 * u
    text(c, x, y, "凡例 legend", 12 * u)
    y -= 8 * u
    half = (r.w - 10 * u) / 2
    for i, reg in enumerate(model.regions):
        col, row = divmod(i, (len(model.regions) + 1) // 2)
        gx, gy = x + col * half, y - row * 6 * u
        fill_rect(c, Rect(gx, gy - 1 * u, 7 * u, 4.2 * u), mix(reg.color, white, 0.55))
        stroke_rect(c, Rect(gx, gy - 1 * u, 7 * u, 4.2 * u), colour(reg.color), to_pt(0.6))
        text(c, gx + 9 * u, gy, f"{reg.name} {reg.romaji}", pt)
    y -= 6 * u * ((len(model.regions) + 1) // 2) + 3 * u
    small = _names_size(pt)
    line = small * NAMES_LEADING / to_pt(1)
    for tier in TIERS:
        set_stroke(c, TIER_STROKES[tier], widen=2 * CASING, ink=white)
        set_stroke(c, TIER_STROKES[tier])
        polyline(c, [(x, y + 1.2 * u), (x + 16 * u, y + 1.2 * u)])
        text(c, x + 20 * u, y, TIER_LABELS[tier], pt)
        lines = _tier_names(model, tier, pt, r.w)
        for k, names_ in enumerate(lines):
            text(c, x + 20 * u, y - 3.6 * u - k * line, names_, small, fill=Color(0.3, 0.3, 0.3))
        y -= 9 * u + line * (len(lines) - 1)
    set_stroke(c, SEA_STROKE)
    polyline(c, [(x, y + 1.2 * u), (x + 16 * u, y + 1.2 * u)])
    c.setDash([], 0)
    c.setLineCap(0)
    text(c, x + 20 * u, y, "航路 sea route to an island", pt)
    y -= 7 * u
    c.setStrokeColor(LEADER)
    c.setLineWidth(to_pt(0.3))
    polyline(c, [(x, y + 1.2 * u), (x + 16 * u, y + 1.2 * u)])
    c.setFillColor(LEADER)
    c.circle(to_pt(x + 16 * u), to_pt(y + 1.2 * u), to_pt(0.9 * u), stroke=0, fill=1)
    text(c, x + 20 * u, y, "引き出し線 leader: the slot's province", pt)
    y -= 7 * u
    stroke_rect(c, Rect(x + 4 * u, y - 1.5 * u, 8 * u, 5.5 * u), black, to_pt(1.0))
    text(c, x + 20 * u, y, f"★起点 start: {START}" if starts_game(model) else
         f"五街道の起点 {START}: where the 5 main highways begin", pt)
    y -= 7 * u
    legend_mark(c, "bar", x, y, u)
    text(c, x + 20 * u, y, "not neighbours, though they touch", pt)
    y -= 7 * u
    legend_mark(c, "link", x, y, u)
    text(c, x + 20 * u, y, "neighbours, though apart on the map", pt)
    y -= 7 * u
    legend_mark(c, "ferry", x, y, u)
    text(c, x + 20 * u, y, "highway leg by boat", pt)


def legend_mark(c: Canvas, kind: str, x: float, y: float, u: float) -> None:
    f = Frame(1.0, 0.0)
    if kind == "bar":
        m = Mark("bar", "", "", (x + 4 * u, -(y + 1.2 * u)), (x + 12 * u, -(y + 1.2 * u)), "")
    elif kind == "link":
        m = Mark("link", "", "", (x + 2 * u, -(y + 1.2 * u)), (x + 14 * u, -(y + 1.2 * u)), "")
    else:
        m = Mark("ferry", "", "", (x + 8 * u, -(y + 1.2 * u)), (x + 8 * u, -(y + 1.2 * u)), "")
    _marks(c, (m,), f)


def _title(c: Canvas, model: Karuta, r: Rect, layout: Layout, card_w: float, card_h: float) -> None:
    text(c, r.x, r.y2 - 14, f"{TITLE}  盤面", 30)
    text(c, r.x, r.y2 - 21, f"board · slots for {card_w:g} × {card_h:g} mm cards · "
                            f"1 map unit = {board_settings(layout).scale:g} mm", 9)
    first = (f"the first card is {START} (★起点)" if starts_game(model) else
             f"{START} is where the five main highways begin; the first card: see the rules")
    text(c, r.x, r.y2 - 27, f"Play each card onto its own slot; {first}.", 9)
    text(c, r.x, r.y2 - 32.5, CREDIT, 7.5, fill=Color(0.3, 0.3, 0.3))


def sea_colour(layout: Layout) -> Color | None:
    """The board's sea (the layout's `board: sea`), or None: no ink on the sea."""
    sea = board_settings(layout).sea
    return None if sea is None else colour(sea)


def _map(c: Canvas, model: Karuta, board, slots: dict[str, Slot], bp: BoardPlan, layout: Layout,
         art: _Art | None = None) -> None:
    """The map, slots, roads and marks: what every board page shows."""
    f = bp.frame
    sea = sea_colour(layout)
    art = art or _Art(model, board, slots, sea, f)
    if sea is not None:
        fill_rect(c, bp.area, sea)
    c.setLineJoin(1)
    _provinces(c, model, board, art)
    _slots(c, model, slots, f, art)
    _provinces(c, model, board, art, fill=False)    # outlines again, crisp over the tints
    # Routes over the empty slots: the board shows which slots connect; a played card then
    # hides its part, and the line between slots still shows.
    _routes(c, model, slots, bp.roads, f)
    _leaders(c, slots, f)           # over the routes, so no highway hides a leader's dot
    _marks(c, bp.marks, f)
    _names(c, model, bp.names, f)
    _leader_names(c, bp.leader_names)
    _start_frame(c, slots, f)
    _start_label(c, model, slots, f)


def define_board(c: Canvas, model: Karuta, board, slots: dict[str, Slot], layout: Layout,
                 card_w: float, card_h: float, bp: BoardPlan, form: str = FORM,
                 furniture: bool = True, art: _Art | None = None) -> tuple[float, float]:
    """Draw the board into `form` (with the legend and title when `furniture`); returns its size in mm.
    `art`: what an earlier copy of the same board worked out (see `_Art`), to draw it again."""
    c.beginForm(form, 0, 0, to_pt(bp.width), to_pt(bp.height))
    _map(c, model, board, slots, bp, layout, art)
    if furniture:
        _legend(c, model, bp.legend)
        _title(c, model, bp.title, layout, card_w, card_h)
    c.endForm()
    return bp.width, bp.height


# --- the one-page views: overview and answer key ----------------------------------------


@dataclass(frozen=True)
class PagePlan:
    """A one-page view: the board's `area` scaled by `k` to `map_box`, the legend in `legend`."""

    paper_w: float
    paper_h: float
    k: float
    map_box: Rect
    legend: Rect
    legend_pt: float


def page_plan(layout: Layout, bp: BoardPlan, model: Karuta) -> PagePlan:
    """The orientation and legend place (beside or under the map) that print the map largest."""
    m = layout.margin + 2
    lw = LEGEND_W_OVERVIEW
    lh = legend_height(model, LEGEND_PT_OVERVIEW, lw)
    best = None
    for pw, ph in ((layout.paper_width, layout.paper_height), (layout.paper_height, layout.paper_width)):
        foot = 6.0
        for side in ("right", "below"):
            if side == "right":
                room = Rect(m, m + foot, pw - 2 * m - lw - 4, ph - 2 * m - foot - 14)
            else:
                room = Rect(m, m + foot + lh + 4, pw - 2 * m, ph - 2 * m - foot - lh - 4 - 14)
            if room.w <= 0 or room.h <= 0:
                continue
            k = min(room.w / bp.area.w, room.h / bp.area.h)
            w, h = bp.area.w * k, bp.area.h * k
            box = Rect(room.x + (room.w - w) / 2, room.y + (room.h - h) / 2, w, h)
            if side == "right":
                legend = Rect(pw - m - lw, m + foot, lw, lh)
            else:
                legend = Rect(m, m + foot, lw, lh)
            cand = PagePlan(pw, ph, k, box, legend, LEGEND_PT_OVERVIEW)
            if best is None or k > best.k + 1e-9:
                best = cand
    return best


def _one_page(pdf: Pdf, model: Karuta, slots, bp: BoardPlan, layout: Layout, form: str, heading: str,
              key: bool) -> PagePlan:
    pp = page_plan(layout, bp, model)
    pdf.set_page_size(pp.paper_w, pp.paper_h)
    c = pdf.canvas
    m = layout.margin + 2
    c.saveState()
    c.clipPath(_rect_path(c, pp.map_box), stroke=0, fill=0)
    c.translate(to_pt(pp.map_box.x - bp.area.x * pp.k), to_pt(pp.map_box.y - bp.area.y * pp.k))
    c.scale(pp.k, pp.k)
    c.doForm(form)
    c.restoreState()
    stroke_rect(c, pp.map_box, BORDER, 0.4)
    if key:
        _key_labels(c, model, slots, bp, pp)
    _legend(c, model, pp.legend, pp.legend_pt)
    text(c, m, pp.paper_h - m - 6, heading, 12)
    text(c, m, m + 1, f"{TITLE}: scaled to 1:{1 / pp.k:.1f} of the true-scale board (board.pdf). {CREDIT}", 6.5)
    pdf.show_page()
    return pp


def _rect_path(c: Canvas, r: Rect):
    p = c.beginPath()
    p.rect(to_pt(r.x), to_pt(r.y), to_pt(r.w), to_pt(r.h))
    return p


def key_label_size(slot_w_page: float) -> float:
    """pt of the names on the answer key: two kanji fill 80 % of a slot's width on the page."""
    return max(4.0, min(9.0, slot_w_page * 0.8 / 2 / 0.3528))


def _key_labels(c: Canvas, model: Karuta, slots, bp: BoardPlan, pp: PagePlan) -> None:
    f = bp.frame
    for k, s in slots.items():
        r = f.rect(s)
        x = pp.map_box.x + (r.x - bp.area.x) * pp.k
        y = pp.map_box.y + (r.y - bp.area.y) * pp.k
        w, h = r.w * pp.k, r.h * pp.k
        size = key_label_size(w)
        fill_rect(c, Rect(x + 0.3, y + 0.3, w - 0.6, h - 0.6), white)
        text(c, x + w / 2, y + h / 2 + 0.2, k, size, "centre")
        text(c, x + w / 2, y + h / 2 - size * 0.3528 - 0.2, str(model.by_kanji[k].number), size * 0.8, "centre",
             Color(0.3, 0.3, 0.3))


def board_pdfs(model: Karuta, board, slots: dict[str, Slot], layout: Layout,
               card_w: float, card_h: float, bp: BoardPlan | None = None
               ) -> tuple[tuple[bytes, int], tuple[bytes, int], tuple[bytes, int]]:
    """(board.pdf, board-overview.pdf, board-key.pdf) as (bytes, pages)."""
    bp = bp or board_plan(model, board, slots, layout)
    art = _Art(model, board, slots, sea_colour(layout), bp.frame)    # one board, drawn into three PDFs
    tiled = Pdf(layout.paper_width, layout.paper_height, f"{TITLE}: board", FONT)
    width, height = define_board(tiled.canvas, model, board, slots, layout, card_w, card_h, bp, art=art)
    p = bp.tiles
    notes = assembly_notes(p)
    draw_assembly(tiled, p, FORM, f"{TITLE} board", notes, keep_clear=(bp.title, bp.legend))
    draw_tiles(tiled, p, FORM, f"{TITLE} board")

    over = Pdf(layout.paper_width, layout.paper_height, f"{TITLE}: board overview", FONT)
    define_board(over.canvas, model, board, slots, layout, card_w, card_h, bp, furniture=False, art=art)
    _one_page(over, model, slots, bp, layout, FORM, f"{TITLE}  盤面 board overview", key=False)

    key = Pdf(layout.paper_width, layout.paper_height, f"{TITLE}: answer key", FONT)
    define_board(key.canvas, model, board, slots, layout, card_w, card_h, bp, furniture=False, art=art)
    _one_page(key, model, slots, bp, layout, FORM,
              f"{TITLE}  解答 answer key: every slot's province and its card number", key=True)
    return (tiled.finish(), tiled.pages), (over.finish(), over.pages), (key.finish(), key.pages)


def assembly_notes(p: TilePlan) -> tuple[str, ...]:
    """The assembly page's notes, ja then en, for the board's tile plan."""
    return (f"{len(p.tiles)} 枚（{p.rows} 行 × {p.cols} 列、実寸、海だけの紙は省く）。100 %（実寸）で印刷する。",
            f"点線（上と左）で切って隣の実線に重ね、{p.overlap:g} mm ののりしろに貼る。左上から行ごとに右へ。",
            f"{len(p.tiles)} sheets on a grid of {p.rows} rows (A–{chr(64 + p.rows)}) × {p.cols} columns, true "
            f"scale; sheets that would carry only sea are left out. Print at 100 % (actual size).",
            "Cut each sheet along its dashed lines (top and left, where another sheet lies under it) and lay it "
            "over that neighbour,",
            f"the cut edge on the neighbour's solid line, ticks continuing; glue in the {p.overlap:g} mm strip "
            f"between that line and the neighbour's edge.",
            "Start with the top-left sheet and work right along each row, then the row under it.")
