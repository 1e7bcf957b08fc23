"""The board (盤面): Shikoku, its ring of spaces, towns, routes and the artist regions.

`board_layout(model, layout)` is pure: every mark on the board as numbers in board mm
(y up, origin bottom-left), from the model's geometry and the named pieces of
layouts/shikoku-duo.yaml (`board`, `ring_space`, `mountain_town`, and the slots for
`shop_token`, `wave_tile` and `hot_spring_token`). `draw_board` paints those numbers
into one PDF form; `board_pdfs` shows the form at true scale (one A3 sheet, or tiles
with the same assembly aids as karuta's board, kit/draw/tiles.py) and scaled onto one page.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from reportlab.lib.colors import Color, black, white
from reportlab.pdfgen.canvas import Canvas

from kit.draw.fonts import FONT, text_width
from kit.draw.imposition import Rect
from kit.data.layoutfile import Layout
from kit.draw.pdf import Pdf
from kit.draw.render import colour, fill_rect, mix, stroke_rect, text
from kit.draw.tiles import draw_assembly, draw_tiles, plan
from kit.data.units import to_pt

from kit.games.shikoku_duo.boardlayout import Frame, board_piece, frame, tiling
from kit.games.shikoku_duo.icons import draw_icon, draw_kind
from kit.games.shikoku_duo.values import KINDS, ShikokuDuo
from kit.games.shikoku_duo.pieces import INK, ONSEN, TITLE, WAVE, painting_colour, piece

FORM = "shikoku-board"
CREDIT = "Map: Ash_Crow, Wikimedia Commons, CC BY 2.5 (modified)"
SEA = Color(0.88, 0.94, 0.98)
COAST = Color(0.25, 0.3, 0.35)
ROUTE = "#e07b1a"          # the rules' orange trade routes
ROUTE_EDGE = "#8a4a0e"
MOUNTAIN = "#6b4a2b"
TRACK = Color(0.45, 0.55, 0.65)
HALO = Color(1, 1, 1)             # opaque: reportlab forms cannot carry transparency
SUPPLY_FILL = Color(0.95, 0.97, 0.99)
KIND_COLOURS = {"temple": "#8c3b2e", "garden": "#3f7d3a", "hot_spring": ONSEN, "seashore": WAVE,
                "town": "#b8862b"}
KIND_NAMES = {"temple": ("寺", "temple: shrine track +1"), "garden": ("庭", "garden: garden track +1"),
              "hot_spring": ("温泉", "hot spring: take the token"), "seashore": ("浜", "seashore: a wave tile"),
              "town": ("港", "coastal town: coins; merchants sell")}

NAME_PT = 8.0              # place names round the ring
ROMAJI_PT = 6.0
LABEL_GAP = 1.2            # mm between a disc and its label
SLOT_GAP = 1.5             # mm between a coastal town's disc and its shop-token slot
REGION_ICON = 12.0         # mm: the disc showing a region's painting type
LEGEND_W, LEGEND_H = 150.0, 66.0


@dataclass(frozen=True)
class Label:
    x: float                   # the anchor, board mm
    y: float
    align: str                 # left, centre or right
    lines: tuple               # (text, size pt, grey?) top line first
    box: Rect                  # the space the text takes (for overlap tests)


@dataclass(frozen=True)
class SpaceMark:
    index: int
    kind: str
    centre: tuple[float, float]
    radius: float
    outward: tuple[float, float]   # unit vector away from the coast
    label: Label
    shop: Rect | None              # the shop-token slot of a coastal town


@dataclass(frozen=True)
class TownMark:
    id: str
    centre: tuple[float, float]
    radius: float
    value: int
    label: Label


@dataclass(frozen=True)
class RegionMark:
    id: str
    painting: str
    polygon: tuple                 # board mm
    icon: tuple[float, float]      # centre of its icon disc
    label: Label


@dataclass(frozen=True)
class BoardLayout:
    width: float
    height: float
    frame: Frame
    outline: tuple                 # board mm
    ring: tuple                    # the ring line, board mm
    spaces: tuple                  # SpaceMark, ring order
    towns: tuple                   # TownMark (mountain towns)
    routes: tuple                  # ((x, y), (x, y)) board mm
    regions: tuple                 # RegionMark
    arrows: tuple                  # ((x, y), (dx, dy)): a clockwise chevron between two spaces
    start: tuple                   # ((x, y), (dx, dy)): the start arrow into space 0
    start_label: Label
    start_town: str
    start_region: str
    legend: Rect
    supply: Rect
    supply_slots: tuple            # (name, Rect): the wave tiles and the hot-spring token
    crowded: tuple = ()            # marks drawn overlapping others for want of room (kit check warns)


def _label(x: float, y: float, outward, lines) -> Label:
    """Text beside a point, on the side `outward` points to."""
    ux, uy = outward
    align = "left" if ux > 0.38 else "right" if ux < -0.38 else "centre"
    heights = [size / to_pt(1) for _, size, _ in lines]
    width = max(text_width(t, size) / to_pt(1) for t, size, _ in lines)
    total = sum(h * 1.15 for h in heights)
    if uy > 0.38:
        top = y + total
    elif uy < -0.38:
        top = y
    else:
        top = y + total / 2
    left = x if align == "left" else x - width if align == "right" else x - width / 2
    return Label(x, top, align, tuple(lines), Rect(left, top - total, width, total))


def _turn(d, degrees: float) -> tuple[float, float]:
    a = math.radians(degrees)
    return (d[0] * math.cos(a) - d[1] * math.sin(a), d[0] * math.sin(a) + d[1] * math.cos(a))


def _hits(a: Rect, b: Rect) -> bool:
    return a.x < b.x2 and b.x < a.x2 and a.y < b.y2 and b.y < a.y2


def disc_hits(rect: Rect, centre, r: float) -> bool:
    """Whether a disc overlaps a rectangle (the nearest point of the rectangle lies within r)."""
    nx = min(max(centre[0], rect.x), rect.x2)
    ny = min(max(centre[1], rect.y), rect.y2)
    return math.hypot(centre[0] - nx, centre[1] - ny) < r


class Taken:
    """What is already on the board: rectangles and discs, for placing the next mark."""

    def __init__(self):
        self.rects, self.discs = [], []
        self.crowded: list[str] = []      # marks that found no clear place (drawn overlapping)

    def hits(self, r: Rect, pad: float = 0.0) -> bool:
        g = r.grow(pad)
        return any(_hits(g, o) for o in self.rects) or any(disc_hits(g, c, rr) for c, rr in self.discs)


def _inside(a: Rect, b: Rect) -> bool:
    return b.x <= a.x and a.x2 <= b.x2 and b.y <= a.y and a.y2 <= b.y2


def _rect_shape(r: Rect):
    from shapely.geometry import box

    return box(r.x, r.y, r.x2, r.y2)


def _place_label(c, r: float, out, lines, taken, edge, avoid=(), name: str = "") -> Label:
    """The label beside a disc: outward first, then turned or pushed out until it is clear
    of the discs, slots and labels already placed and inside the board."""
    first = None
    for push in (LABEL_GAP, LABEL_GAP + 3, LABEL_GAP + 6, LABEL_GAP + 10):
        for turn in (0, 25, -25, 50, -50, 75, -75, 100, -100):
            d = _turn(out, turn)
            lab = _label(c[0] + d[0] * (r + push), c[1] + d[1] * (r + push), d, lines)
            first = first or lab
            if _inside(lab.box, edge) and not taken.hits(lab.box, 0.4) and \
                    not any(_rect_shape(lab.box).intersects(a) for a in avoid):
                return lab
    taken.crowded.append(f"the name of {name or lines[0][0]}")
    return first


def _unit(dx: float, dy: float) -> tuple[float, float]:
    n = math.hypot(dx, dy) or 1.0
    return (dx / n, dy / n)


def board_layout(model: ShikokuDuo, layout: Layout) -> BoardLayout:
    """Every mark on the board in mm (pure but for measuring text in the registered font)."""
    from shapely.geometry import LineString, Point, Polygon
    from shapely.ops import polylabel, unary_union

    b = model.board
    bp = board_piece(layout)
    f = frame(b, bp)
    coast = Polygon([f.at(p) for p in b.outline])
    r = bp.space / 2
    shop_size = piece(layout, "shop_token").width + 1.0
    routes = tuple((f.at(b.towns[a].point), f.at(b.towns[c].point)) for a, c in b.routes)
    types = {t.id: t for t in model.components.painting_types}
    regions = []
    crowded_regions: list[str] = []
    town_discs = unary_union([Point(f.at(t.point)).buffer(bp.town / 2 + 1.5) for t in b.towns.values()
                              if t.kind == "mountain"])
    for reg in b.regions:
        poly = Polygon([f.at(p) for p in reg.polygon])
        # the icon and its name inside the region, clear of its edges (routes and coast) and of the
        # mountain towns; the pole of inaccessibility first, then the nearest clear point to it
        inner = poly.buffer(-REGION_ICON / 2 - 2)
        inner = inner if not inner.is_empty and inner.geom_type == "Polygon" else poly
        pole = polylabel(inner, tolerance=0.5)
        names = [(f"{reg.name}", NAME_PT, False), (f"{types[reg.painting].name} {reg.romaji}", ROMAJI_PT, True)]

        def mark(x, y):
            lab = _label(x, y - REGION_ICON / 2 - 0.8, (0, -1), names)
            return lab, Point(x, y).buffer(REGION_ICON / 2).union(_rect_shape(lab.box.grow(0.6)))

        ic, lab = (round(pole.x, 3), round(pole.y, 3)), None
        x0, y0, x1, y1 = inner.bounds
        grid = sorted(((x0 + i * 2.0, y0 + j * 2.0) for i in range(int((x1 - x0) / 2) + 1)
                       for j in range(int((y1 - y0) / 2) + 1)),
                      key=lambda q: ((q[0] - pole.x) ** 2 + (q[1] - pole.y) ** 2, q))
        for x, y in [(pole.x, pole.y)] + grid:
            cand, shape = mark(x, y)
            if poly.contains(shape) and not shape.intersects(town_discs):
                ic, lab = (round(x, 3), round(y, 3)), cand
                break
        if lab is None:
            lab = mark(*ic)[0]
            crowded_regions.append(f"the icon of region {reg.name}")
        regions.append(RegionMark(reg.id, reg.painting, tuple(poly.exterior.coords), ic, lab))

    towns_at = {t.id: f.at(t.point) for t in b.towns.values()}
    roads = [LineString(rt).buffer(1.2) for rt in routes]
    first_route = {}
    for a, c in b.routes:
        first_route.setdefault(a, towns_at[c])
        first_route.setdefault(c, towns_at[a])
    centres = [f.at(s.point) for s in b.ring]
    taken = Taken()
    taken.crowded += crowded_regions
    taken.discs += [(c, r) for c in centres]
    taken.discs += [(c, bp.town / 2) for t, c in towns_at.items() if b.towns[t].kind == "mountain"]
    taken.discs += [(m.icon, REGION_ICON / 2) for m in regions]
    taken.rects += [m.label.box for m in regions]
    edge = Rect(1.0, 1.0, bp.width - 2.0, bp.height - 2.0)
    spaces = []
    for s, c in zip(b.ring, centres):
        near = coast.exterior.interpolate(coast.exterior.project(Point(c)))
        out = _unit(c[0] - near.x, c[1] - near.y)
        shop = None
        if s.kind == "town":
            # the shop token lies where the town's trade route leaves it, a step inland
            road = _unit(first_route[s.town][0] - c[0], first_route[s.town][1] - c[1])
            shop = None
            for extra in (0.0, 2.0, 4.0, 6.0, 9.0, 12.0):
                for turn in (0, 20, -20, 40, -40, 60, -60, 80, -80):
                    d = _turn(road, turn)
                    k = r + SLOT_GAP + shop_size / 2 + extra
                    x, y = c[0] + d[0] * k, c[1] + d[1] * k
                    cand = Rect(x - shop_size / 2, y - shop_size / 2, shop_size, shop_size)
                    if shop is None:
                        shop = cand
                    if not taken.hits(cand):
                        shop = cand
                        break
                else:
                    continue
                break
            if taken.hits(shop):
                taken.crowded.append(f"the shop slot of {s.name}")
            taken.rects.append(shop)
        lines = [(s.name, NAME_PT + (2 if s.kind == "town" else 0), False)]
        if s.romaji:
            lines.append((s.romaji, ROMAJI_PT, True))
        lab = _place_label(c, r, out, lines, taken, edge, roads)
        taken.rects.append(lab.box)
        spaces.append(SpaceMark(s.index, s.kind, c, r, out, lab, shop))

    towns = []
    tr = bp.town / 2
    for t in b.towns.values():
        if t.kind != "mountain":
            continue
        c = f.at(t.point)
        lab = _place_label(c, tr, (0, 1), [(t.name, NAME_PT + 1, False), (t.romaji, ROMAJI_PT, True)], taken, edge,
                           roads)
        taken.rects.append(lab.box)
        towns.append(TownMark(t.id, c, tr, t.value, lab))

    pts = [sp.centre for sp in spaces]
    arrows = []
    for i in range(len(pts)):
        a, c = pts[i], pts[(i + 1) % len(pts)]
        if i == len(pts) - 1:
            continue                      # the start arrow stands between the last space and the first
        arrows.append((((a[0] + c[0]) / 2, (a[1] + c[1]) / 2), _unit(c[0] - a[0], c[1] - a[1])))
    last, first = pts[-1], pts[0]
    start = (((last[0] + first[0]) / 2, (last[1] + first[1]) / 2), _unit(first[0] - last[0], first[1] - last[1]))
    taken.discs.append((start[0], 4.0))
    start_label = _place_label(start[0], 4.0, spaces[0].outward,
                               [("★ 発願 start", 9.0, False), ("both pilgrims begin on space 0", 6.0, True)], taken, edge)

    legend, supply = _corners(bp, spaces, coast, supply_size(layout), taken.crowded)
    wave_w, wave_h = _wave_slot(layout)
    onsen_w = piece(layout, "hot_spring_token").width + 1.0
    slots = []
    x = supply.x + 4
    y = supply.y2 - 9 - wave_h
    for k in range(3):
        slots.append((f"wave {k + 1}", Rect(x + k * (wave_w + 3), y, wave_w, wave_h)))
    slots.append(("onsen", Rect(x + 3 * (wave_w + 3) + 1, y + wave_h - onsen_w, onsen_w, onsen_w)))
    rules = model.rules
    start_town = rules.get("start_town") or next(t.id for t in b.towns.values() if t.kind == "mountain")
    start_region = rules.get("start_region") or b.regions[0].id
    return BoardLayout(bp.width, bp.height, f, tuple(coast.exterior.coords), tuple(f.at(p) for p in b.ring_line),
                       tuple(spaces), tuple(towns), routes, tuple(regions), tuple(arrows), start, start_label,
                       start_town, start_region, legend, supply, tuple(slots), tuple(taken.crowded))


ONSEN_LABEL_W = 30.0      # mm the hot-spring slot's two lines take below it (7 pt and 6 pt)


def _wave_slot(layout: Layout) -> tuple[float, float]:
    """A wave tile's slot in the supply: the tile and 1 mm of play."""
    tile = piece(layout, "wave_tile")
    return tile.width + 1.0, tile.height + 1.0


def supply_size(layout: Layout) -> tuple[float, float]:
    wave_w, wave_h = _wave_slot(layout)
    onsen_w = piece(layout, "hot_spring_token").width + 1.0
    return 4 + 3 * (wave_w + 3) + 1 + max(onsen_w, ONSEN_LABEL_W) + 4, 9 + wave_h + 4


def _corners(bp, spaces, coast, supply_wh, crowded) -> tuple[Rect, Rect]:
    """The legend and the supply: the free places of the sea nearest the top-left and
    bottom-right corners, clear of the land, the spaces, their labels and slots."""
    from shapely.geometry import box
    from shapely.ops import unary_union

    blocked = [coast.buffer(2)]
    for s in spaces:
        blocked.append(box(s.centre[0] - s.radius - 1, s.centre[1] - s.radius - 1,
                           s.centre[0] + s.radius + 1, s.centre[1] + s.radius + 1))
        blocked.append(box(s.label.box.x - 1, s.label.box.y - 1, s.label.box.x2 + 1, s.label.box.y2 + 1))
        if s.shop:
            blocked.append(box(s.shop.x - 1, s.shop.y - 1, s.shop.x2 + 1, s.shop.y2 + 1))
    obstacles = unary_union(blocked)
    legend = _free(obstacles, bp, LEGEND_W, LEGEND_H, (0, bp.height), crowded, "the legend")
    sw, sh = supply_wh
    supply = _free(obstacles.union(box(legend.x, legend.y, legend.x2, legend.y2)), bp, sw, sh, (bp.width, 0),
                   crowded, "the wave-tile and hot-spring slots")
    return legend, supply


def _free(obstacles, bp, w: float, h: float, corner, crowded, name: str) -> Rect:
    from shapely.geometry import box
    from shapely.prepared import prep

    ob = prep(obstacles)
    best = None
    step = 2.0
    m = 3.0
    for j in range(int((bp.height - h - 2 * m) // step) + 1):
        for i in range(int((bp.width - w - 2 * m) // step) + 1):
            x, y = m + i * step, m + j * step
            d = (x + w / 2 - corner[0]) ** 2 + (y + h / 2 - corner[1]) ** 2
            if best is not None and d >= best[0]:
                continue
            if not ob.intersects(box(x, y, x + w, y + h)):
                best = (d, Rect(x, y, w, h))
    if best is None:
        crowded.append(f"{name} ({w:g} × {h:g} mm: no free place in the sea)")
        return Rect(m, m, w, h)
    return best[1]


# ---------------------------------------------------------------- drawing

def _path(c: Canvas, points, close: bool = True):
    p = c.beginPath()
    p.moveTo(to_pt(points[0][0]), to_pt(points[0][1]))
    for x, y in points[1:]:
        p.lineTo(to_pt(x), to_pt(y))
    if close:
        p.close()
    return p


def _disc(c: Canvas, centre, r: float, fill: Color, stroke: Color | None = None, width_mm: float = 0.4):
    c.setFillColor(fill)
    if stroke is not None:
        c.setStrokeColor(stroke)
        c.setLineWidth(to_pt(width_mm))
    c.circle(to_pt(centre[0]), to_pt(centre[1]), to_pt(r), stroke=1 if stroke is not None else 0, fill=1)


def _write(c: Canvas, lab: Label, halo: bool = False) -> None:
    if halo:
        fill_rect(c, lab.box.grow(0.6), HALO)
    y = lab.y
    for s, size, grey in lab.lines:
        y -= size / to_pt(1)
        text(c, lab.x, y + 0.15 * size / to_pt(1), s, size, lab.align, Color(0.35, 0.35, 0.4) if grey else INK)
        y -= 0.15 * size / to_pt(1)


def _chevron(c: Canvas, at, d, size: float, ink: Color) -> None:
    (x, y), (dx, dy) = at, d
    nx, ny = -dy, dx
    pts = [(x - dx * size / 2 + nx * size / 2, y - dy * size / 2 + ny * size / 2), (x + dx * size / 2, y + dy * size / 2),
           (x - dx * size / 2 - nx * size / 2, y - dy * size / 2 - ny * size / 2)]
    c.setStrokeColor(ink)
    c.setLineWidth(to_pt(0.5))
    c.setLineJoin(1)
    c.drawPath(_path(c, pts, close=False), stroke=1, fill=0)


def _star(c: Canvas, centre, r: float, fill: Color) -> None:
    pts = []
    for k in range(10):
        a = math.radians(90 + 36 * k)
        rr = r if k % 2 == 0 else r * 0.42
        pts.append((centre[0] + rr * math.cos(a), centre[1] + rr * math.sin(a)))
    c.setFillColor(fill)
    c.setStrokeColor(white)
    c.setLineWidth(to_pt(0.3))
    c.drawPath(_path(c, pts), stroke=1, fill=1)


def draw_board(c: Canvas, model: ShikokuDuo, g: BoardLayout) -> None:
    """The whole board into the form FORM (call between beginForm and endForm)."""
    types = model.components.painting_types
    fill_rect(c, Rect(0, 0, g.width, g.height), SEA)
    c.setLineJoin(1)
    # regions, shaded by painting type, under the coast line
    for reg in g.regions:
        rgb = painting_colour(types, reg.painting)
        c.setFillColor(mix(rgb, white, 0.68))
        c.drawPath(_path(c, reg.polygon), stroke=0, fill=1)
    c.setStrokeColor(COAST)
    c.setLineWidth(to_pt(0.5))
    c.drawPath(_path(c, g.outline), stroke=1, fill=0)
    # the ring's track, dashed, under the spaces
    c.setStrokeColor(TRACK)
    c.setLineWidth(to_pt(0.6))
    c.setDash([to_pt(1.5), to_pt(1.2)], 0)
    c.drawPath(_path(c, g.ring), stroke=1, fill=0)
    c.setDash([], 0)
    # routes: a dark edge under an orange road
    c.setLineCap(1)
    for width, ink in ((2.4, colour(ROUTE_EDGE)), (1.6, colour(ROUTE))):
        c.setStrokeColor(ink)
        c.setLineWidth(to_pt(width))
        for a, b in g.routes:
            c.drawPath(_path(c, (a, b), close=False), stroke=1, fill=0)
    c.setLineCap(0)
    # region icons and names
    by_id = {t.id: t for t in types}
    for reg in g.regions:
        rgb = painting_colour(types, reg.painting)
        _disc(c, reg.icon, REGION_ICON / 2, white, colour(rgb), 0.6)
        s = REGION_ICON * 0.72
        draw_icon(c, by_id[reg.painting].icon, by_id[reg.painting].name,
                  Rect(reg.icon[0] - s / 2, reg.icon[1] - s / 2, s, s), colour(rgb))
        _write(c, reg.label, halo=True)
        if reg.id == g.start_region:
            _star(c, (reg.icon[0] + REGION_ICON * 0.5, reg.icon[1] + REGION_ICON * 0.5), 2.6, black)
    # mountain towns
    for t in g.towns:
        _disc(c, t.centre, t.radius + 0.8, white)
        _disc(c, t.centre, t.radius, colour(MOUNTAIN), colour("#3a2816"), 0.4)
        text(c, t.centre[0], t.centre[1] - 2.6, str(t.value), 20, "centre", white)
        _write(c, t.label, halo=True)
        if t.id == g.start_town:
            _star(c, (t.centre[0] + t.radius * 0.85, t.centre[1] + t.radius * 0.85), 2.6, black)
    # clockwise chevrons, then the spaces over the track
    for at, d in g.arrows:
        _chevron(c, at, d, 2.2, TRACK)
    for s in g.spaces:
        rgb = KIND_COLOURS[s.kind]
        _disc(c, s.centre, s.radius, white, colour(rgb), 0.9)
        icon = s.radius * 1.05
        draw_kind(c, s.kind, Rect(s.centre[0] - icon / 2, s.centre[1] - icon / 2 + s.radius * 0.18, icon, icon),
                  colour(rgb))
        # the ring index, as the engine, the progress sheet and the replay log number the spaces
        text(c, s.centre[0], s.centre[1] - s.radius * 0.78, str(s.index), 6.5, "centre", INK)
        if s.shop:
            fill_rect(c, s.shop, mix(rgb, white, 0.85))
            stroke_rect(c, s.shop, colour(rgb), to_pt(0.5), ([to_pt(1.2), to_pt(0.8)], 0))
            text(c, s.shop.x + s.shop.w / 2, s.shop.y + s.shop.h / 2 - 1.2, "店", 10, "centre", mix(rgb, white, 0.4))
        _write(c, s.label, halo=s.kind == "town")
        if s.kind == "town" and model.board.ring[s.index].town == g.start_town:
            _star(c, (s.centre[0] + s.radius * 0.8, s.centre[1] + s.radius * 0.8), 2.6, black)
    # the start: an arrow into space 0
    (x, y), (dx, dy) = g.start
    c.setFillColor(black)
    size = 4.0
    nx, ny = -dy, dx
    c.drawPath(_path(c, [(x + dx * size, y + dy * size), (x - dx * size + nx * size * 0.7, y - dy * size + ny * size * 0.7),
                         (x - dx * size - nx * size * 0.7, y - dy * size - ny * size * 0.7)]), stroke=0, fill=1)
    _write(c, g.start_label, halo=True)
    _legend(c, model, g)
    _supply(c, g)


def _legend(c: Canvas, model: ShikokuDuo, g: BoardLayout) -> None:
    """The title and the key, in two columns: the ring's spaces; the regions, routes and towns."""
    r = g.legend
    fill_rect(c, r, white)
    stroke_rect(c, r, COAST, to_pt(0.4))
    x, y = r.x + 4, r.y2 - 10
    text(c, x, y, f"{TITLE}  盤面", 16)
    text(c, x, y - 5, "shikoku-duo board · the ring runs clockwise from space 0", 6.5, fill=Color(0.3, 0.3, 0.35))
    top = y - 12
    y = top
    for kind in KINDS:
        ja, en = KIND_NAMES[kind]
        rgb = KIND_COLOURS[kind]
        _disc(c, (x + 2.6, y + 1.0), 2.6, white, colour(rgb), 0.4)
        draw_kind(c, kind, Rect(x + 0.6, y - 1.0, 4.0, 4.0), colour(rgb))
        text(c, x + 7, y, f"{ja} {en}", 7)
        y -= 6
    x2 = r.x + r.w / 2 + 4
    y = top
    types = model.components.painting_types
    text(c, x2, y, "regions 地域 (artists paint and gift by these):", 7)
    y -= 6
    for i, t in enumerate(types):
        gx, gy = x2 + (i % 2) * 30, y - (i // 2) * 6
        rgb = painting_colour(types, t.id)
        fill_rect(c, Rect(gx, gy - 1, 5.2, 4.2), mix(rgb, white, 0.68))
        draw_icon(c, t.icon, t.name, Rect(gx + 0.6, gy - 0.9, 4.0, 4.0), colour(rgb))
        text(c, gx + 7, gy, f"{t.name} {t.romaji}", 7)
    y -= 6 * ((len(types) + 1) // 2)
    c.setStrokeColor(colour(ROUTE))
    c.setLineWidth(to_pt(1.6))
    c.line(to_pt(x2), to_pt(y + 1.2), to_pt(x2 + 5.2), to_pt(y + 1.2))
    text(c, x2 + 7, y, "交易路 trade route: merchants walk it, artists cross it", 6.5)
    y -= 6
    _disc(c, (x2 + 2.6, y + 1.2), 2.6, colour(MOUNTAIN))
    text(c, x2 + 2.6, y - 0.2, "3", 7, "centre", white)
    text(c, x2 + 7, y, "宿場町 mountain town: draw that many goods", 6.5)
    y -= 6
    _star(c, (x2 + 2.6, y + 1.2), 2.4, black)
    text(c, x2 + 7, y, "start town (merchants), start region (artists)", 6.5)
    y -= 6
    text(c, x2, y, "A region's spaces: the ring along its coast, town to town", 6.5)
    text(c, x2, y - 3.4, "(a coastal town counts for the regions on both sides).", 6.5)
    text(c, r.x + 4, r.y + 3, CREDIT, 6.0, fill=Color(0.35, 0.35, 0.4))


def _supply(c: Canvas, g: BoardLayout) -> None:
    r = g.supply
    fill_rect(c, r, SUPPLY_FILL)
    stroke_rect(c, r, COAST, to_pt(0.3), ([to_pt(2), to_pt(1.5)], 0))
    text(c, r.x + 4, r.y2 - 6, "波 wave tiles: the side drawn at setup up", 7)
    for name, s in g.supply_slots:
        if name == "onsen":
            stroke_rect(c, s, colour(ONSEN), to_pt(0.6), ([to_pt(1.2), to_pt(0.8)], 0))
            text(c, s.x, s.y - 4, "温泉 hot-spring token", 7)
            text(c, s.x, s.y - 8, "returns here when used", 6.0, fill=Color(0.35, 0.35, 0.4))
        else:
            stroke_rect(c, s, colour(WAVE), to_pt(0.6), ([to_pt(1.2), to_pt(0.8)], 0))
            text(c, s.x + s.w / 2, s.y + s.h / 2 - 1.5, "波", 12, "centre", mix(WAVE, white, 0.5))


# ---------------------------------------------------------------- products

def board_pdfs(model: ShikokuDuo, layout: Layout) -> dict[str, tuple[bytes, int]]:
    """{"board.pdf": (bytes, pages), "board-overview.pdf": (bytes, pages)}; the font registered by the caller."""
    g = board_layout(model, layout)
    title = f"{TITLE} board"
    tiled = Pdf(layout.paper_width, layout.paper_height, f"{TITLE}: board", FONT)
    _form(tiled.canvas, model, g)
    overlap, overlap_at, size_at = tiling(layout)
    p = plan(g.width, g.height, layout, overlap, where=size_at, overlap_at=overlap_at)
    if len(p.tiles) > 1:
        rows = f"{p.rows} row{'s' if p.rows > 1 else ''} × {p.cols} column{'s' if p.cols > 1 else ''}"
        order = "work right along row A" + (", then row B under it, and so on" if p.rows > 1 else "")
        notes = (f"{len(p.tiles)} 枚、実寸 {g.width:.0f} × {g.height:.0f} mm。100 %（実寸）で印刷する。",
                 f"点線（上と左）で切って隣の実線に重ね、{p.overlap:g} mm ののりしろに貼る。A1 から"
                 + ("行ごとに右へ、次の行へ。" if p.rows > 1 else "右へ。"),
                 f"{len(p.tiles)} sheets, {rows}, true scale: the board is "
                 f"{g.width:.0f} × {g.height:.0f} mm. Print at 100 % (actual size).",
                 "Cut each sheet along its dashed seam lines (top and left) and lay it over its neighbour,",
                 f"the cut edge on the neighbour's solid line, ticks continuing; glue in the {p.overlap:g} mm strip.",
                 f"Start with A1 and {order}.")
        draw_assembly(tiled, p, FORM, title, notes)
        draw_tiles(tiled, p, FORM, title)
    else:
        _one_sheet(tiled, g, layout)
    over = Pdf(layout.paper_width, layout.paper_height, f"{TITLE}: board overview", FONT)
    _form(over.canvas, model, g)
    pw, ph = layout.paper_width, layout.paper_height
    if (g.width > g.height) != (pw > ph):
        pw, ph = ph, pw
    over.set_page_size(pw, ph)
    m = layout.margin + 2
    k = min((pw - 2 * m) / g.width, (ph - 2 * m - 6) / g.height)
    c = over.canvas
    c.saveState()
    c.translate(to_pt((pw - g.width * k) / 2), to_pt(m + 6 + (ph - 2 * m - 6 - g.height * k) / 2))
    c.scale(k, k)
    c.doForm(FORM)
    c.restoreState()
    text(c, m, m + 1, f"{TITLE} board overview, 1:{1 / k:.2f} of the true-size board (board.pdf, "
                      f"{g.width:.0f} × {g.height:.0f} mm). {CREDIT}", 7)
    over.show_page()
    return {"board.pdf": (tiled.finish(), tiled.pages), "board-overview.pdf": (over.finish(), over.pages)}


def _one_sheet(pdf: Pdf, g: BoardLayout, layout: Layout) -> None:
    """The whole board on one sheet at true size, centred, with a caption under it."""
    pw, ph = layout.paper_width, layout.paper_height
    if (g.width > g.height) != (pw > ph):
        pw, ph = ph, pw
    pdf.set_page_size(pw, ph)
    c = pdf.canvas
    x, y = (pw - g.width) / 2, max(layout.margin, (ph - g.height) / 2)
    c.saveState()
    c.translate(to_pt(x), to_pt(y))
    c.doForm(FORM)
    c.restoreState()
    stroke_rect(c, Rect(x, y, g.width, g.height), Color(0.6, 0.6, 0.6), 0.2)
    text(c, x, y - 3.2, f"{TITLE} board, true size {g.width:.0f} × {g.height:.0f} mm: print at 100 % "
                        f"(actual size). {CREDIT}", 6.5)
    pdf.show_page()


def _form(c: Canvas, model: ShikokuDuo, g: BoardLayout) -> None:
    c.beginForm(FORM, 0, 0, to_pt(g.width), to_pt(g.height))
    draw_board(c, model, g)
    c.endForm()
