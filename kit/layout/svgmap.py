"""Reading a map of regions from SVG into shapely shapes.

svgelements parses the paths (and applies transforms); each `<path>` in the
regions group becomes a (Multi)Polygon keyed by its `id`, with the paths of the
lakes group cut out as holes. An anchor per region, always inside it, is the
pole of inaccessibility of its largest part (shapely's polylabel).
"""

from __future__ import annotations

import math
import os
import re
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import shapely
from shapely.geometry import MultiPolygon, Polygon
from shapely.ops import polylabel, unary_union
from svgelements import SVG, Close, Group, Line, Move
from svgelements import Path as SvgPath

from kit.data.errors import KitError, Where, display_path, excerpt

CURVE_STEPS = 8  # points per curved segment; the shipped map is already flattened

# Limits far above any real map (the shipped one: 45 kB, 760 x 794 units, 72 paths, the
# largest with 189 segments in 6 parts, 2,327 segments in all), checked before shapely
# sees a shape: GEOS needs minutes and gigabytes for a path of 40,000 segments.
MAX_MAP_BYTES = 5_000_000
MAX_MAP_SIZE = 100_000.0        # width or height, map units
MAX_PATH_SEGMENTS = 10_000
MAX_PATH_PARTS = 200            # subpaths (islands, holes) of one path
MAX_REPAIR_POINTS = 50          # a larger outline that crosses itself is refused, not repaired
MAX_MAP_SEGMENTS = 200_000


@dataclass(frozen=True)
class Region:
    id: str
    name: str | None          # the map's own label (data-name-ja), a convenience only
    shape: Polygon | MultiPolygon
    anchor: tuple[float, float]


@dataclass(frozen=True)
class Map:
    path: str
    width: float
    height: float
    regions: dict             # id -> Region, in document order

    def __contains__(self, region_id: str) -> bool:
        return region_id in self.regions


def _rings(path: SvgPath) -> list[list[tuple[float, float]]]:
    rings, ring = [], []
    for seg in path.segments():
        if isinstance(seg, Move):
            if len(ring) >= 3:
                rings.append(ring)
            ring = [(seg.end.x, seg.end.y)]
        elif isinstance(seg, (Line, Close)):
            if seg.end is not None:
                ring.append((seg.end.x, seg.end.y))
        else:  # a curve: sample it, the map is schematic anyway
            ring.extend((p[0], p[1]) for p in seg.npoint(np.linspace(0, 1, CURVE_STEPS + 1)[1:]))
    if len(ring) >= 3:
        rings.append(ring)
    return rings


def _part(ring, label: str, where: Where) -> Polygon:
    """One subpath as a valid polygon. make_valid's time grows with the square of the
    crossings (a 200-point outline that crosses itself at random takes it 7 s), so only
    small crossed outlines are repaired; a larger one is refused, naming the place."""
    poly = Polygon(ring)
    if shapely.is_valid(poly):
        return poly
    reason = shapely.is_valid_reason(poly)
    if reason.startswith("Invalid Coordinate"):
        raise KitError(f"{label} has a point that is not a number", where)
    if reason.startswith("Self-intersection") and len(ring) > MAX_REPAIR_POINTS:
        at = reason.partition("[")[2].rstrip("]").split()
        near = f" near ({float(at[0]):.1f}, {float(at[1]):.1f})" if len(at) == 2 else ""
        raise KitError(f"{label} crosses itself{near}; kit repairs that only in outlines of up to "
                       f"{MAX_REPAIR_POINTS} points (this one has {len(ring):,}); redraw it without the crossing",
                       where)
    return shapely.make_valid(poly)


def _shape(path: SvgPath, where: Where | None = None) -> Polygon | MultiPolygon:
    label = f"map path {path.id!r}" if path.id else "a map path"
    parts = [_part(r, label, where) for r in _rings(path)]
    # Subpaths of one province are islands; symmetric difference keeps even-odd holes too.
    shape = None
    for part in parts:
        shape = part if shape is None else shape.symmetric_difference(part)
    return shapely.make_valid(shape) if shape is not None else Polygon()


def _polygons(shape) -> list[Polygon]:
    if isinstance(shape, Polygon):
        return [shape]
    return [g for g in getattr(shape, "geoms", []) if isinstance(g, Polygon)] + [
        p for g in getattr(shape, "geoms", []) if not isinstance(g, Polygon) for p in _polygons(g)]


def shape_rings(shape) -> list[tuple[tuple[float, float], ...]]:
    """Every ring of every polygon in a shape, each outer boundary followed by its holes:
    what `kit.draw.render.rings_path` draws (even-odd, so lakes stay holes)."""
    return [tuple(ring.coords) for poly in _polygons(shape) for ring in (poly.exterior, *poly.interiors)]


def clean(shape) -> Polygon | MultiPolygon:
    """Polygons only (make_valid may add stray lines or points)."""
    polys = [p for p in _polygons(shape) if not p.is_empty and p.area > 0]
    return polys[0] if len(polys) == 1 else MultiPolygon(polys)


def largest_part(shape) -> Polygon:
    return max(_polygons(shape), key=lambda p: p.area)


def anchor_of(shape) -> tuple[float, float]:
    part = largest_part(shape)
    point = polylabel(part, tolerance=0.2)
    if not part.contains(point):  # polylabel's cell centre can sit on a boundary of thin parts
        point = part.representative_point()
    return (round(point.x, 3), round(point.y, 3))


def _size_ok(v) -> bool:
    return isinstance(v, (int, float)) and math.isfinite(v) and v > 0


def _svg_line(name: str, element_id: str | None = None) -> int | None:
    """The line of the map file where <svg> opens, or where the element with this id is."""
    try:
        with open(name, "rb") as f:
            text = f.read(MAX_MAP_BYTES + 1).decode("utf-8", "replace")
    except OSError:
        return None
    m = re.search(rf'\bid="{re.escape(element_id)}"' if element_id else r"<svg\b", text)
    return text.count("\n", 0, m.start()) + 1 if m else None


def _check_points(paths, svg, width: float, height: float, name: str) -> None:
    """Refuse a point that is not a finite number or lies outside the map's own box (its
    viewBox, or 0 0 width height), beyond a margin of 1% of its size: such a point (a typo,
    a transform scaled 1e9) would stretch the board over many more sheets."""
    x0, y0 = (svg.viewbox.x, svg.viewbox.y) if svg.viewbox is not None else (0.0, 0.0)
    tol = 0.01 * max(width, height)
    for element in paths:
        for seg in element:
            point = getattr(seg, "end", None)
            if point is None:
                continue
            x, y = point.x, point.y
            label = f"map path {excerpt(element.id)!r}" if element.id else "a map path"
            where = Where(name, _svg_line(name, element.id) if element.id else None)
            if not (math.isfinite(x) and math.isfinite(y)):
                raise KitError(f"{label} has a point that is not a finite number", where)
            if not (x0 - tol <= x <= x0 + width + tol and y0 - tol <= y <= y0 + height + tol):
                raise KitError(f"{label} has a point at ({x:,.6g}, {y:,.6g}), outside the map's "
                               f"{width:,.6g} x {height:,.6g} units (its viewBox)", where)


def _size(svg, name: str) -> tuple[float, float]:
    """The map's width and height in map units, refused when empty or absurd."""
    box = svg.values.get("viewBox")
    if box is not None and (svg.viewbox is None or not all(
            isinstance(v, (int, float)) and math.isfinite(v) for v in (svg.viewbox.x, svg.viewbox.y))
            or not (_size_ok(svg.viewbox.width) and _size_ok(svg.viewbox.height))):
        raise KitError(f'the map\'s viewBox="{excerpt(box)}" has no width or height; it should be '
                       '"0 0 WIDTH HEIGHT" in map units, e.g. viewBox="0 0 760 794"', Where(name, _svg_line(name)))
    sizes = {}
    for attr in ("width", "height"):
        value = getattr(svg, attr) or (getattr(svg.viewbox, attr) if svg.viewbox is not None else None)
        shown = svg.values.get(attr, value)
        if value is None:
            raise KitError(f"the map has no {attr} (no {attr}= or viewBox= on <svg>)", Where(name))
        value = float(value)
        if not (math.isfinite(value) and 0 < value <= MAX_MAP_SIZE):
            raise KitError(f'the map\'s {attr}="{excerpt(shown)}" is not a size kit can print: it must be more than 0 '
                           f"and at most {MAX_MAP_SIZE:,.0f} map units (the shipped map is 760 x 794)",
                           Where(name))
        sizes[attr] = value
    return sizes["width"], sizes["height"]


def _check_complexity(paths, name: str) -> None:
    """Refuse paths too complex to turn into shapes quickly, naming the first."""
    total = 0
    for element in paths:
        segments = len(element)
        total += segments
        parts = sum(1 for seg in element if isinstance(seg, Move))
        label = f"map path {element.id!r}" if element.id else "a map path"
        if segments > MAX_PATH_SEGMENTS:
            raise KitError(f"{label} has {segments:,} segments, more than kit's limit of {MAX_PATH_SEGMENTS:,} "
                           "(the shipped map's largest has 189); simplify it", Where(name))
        if parts > MAX_PATH_PARTS:
            raise KitError(f"{label} has {parts:,} separate parts, more than kit's limit of {MAX_PATH_PARTS:,}",
                           Where(name))
        if total > MAX_MAP_SEGMENTS:
            raise KitError(f"the map's paths have more than {MAX_MAP_SEGMENTS:,} segments in all "
                           "(kit's limit; the shipped map has 2,327); simplify it", Where(name))


@lru_cache(maxsize=8)
def load_map(path: str, regions_group: str = "provinces", lakes_group: str = "lakes") -> Map:
    name = display_path(path)
    try:
        size = os.path.getsize(path)
    except FileNotFoundError:
        raise KitError("map file not found", Where(name)) from None
    except OSError as err:
        raise KitError(f"cannot read the map: {err.strerror}", Where(name)) from None
    if size > MAX_MAP_BYTES:
        raise KitError(f"the map is larger than {MAX_MAP_BYTES // 1_000_000} MB, kit's limit "
                       "(the shipped map is 45 kB)", Where(name))
    try:
        svg = SVG.parse(path)
    except FileNotFoundError:
        raise KitError("map file not found", Where(name)) from None
    except Exception as err:  # svgelements raises many kinds on a broken file
        position = getattr(err, "position", None)      # an XML error's (line, column)
        line = position[0] if isinstance(position, tuple) and position else None
        text = re.sub(r":? ?line \d+, column \d+$", "", str(err))
        if position and len(position) > 1:
            text += f" (column {position[1] + 1})"
        raise KitError(f"cannot read the map SVG: {excerpt(text, 120)}", Where(name, line)) from None
    width, height = _size(svg, name)
    groups = {g.id: g for g in svg.elements() if isinstance(g, Group) and g.id}
    if regions_group not in groups:
        raise KitError(f"the map has no <g id=\"{regions_group}\"> group", Where(name))
    lake_paths = [p for p in groups[lakes_group] if isinstance(p, SvgPath)] if lakes_group in groups else []
    region_paths = [e for e in groups[regions_group] if isinstance(e, SvgPath) and e.id]
    _check_complexity(lake_paths + region_paths, name)
    _check_points(lake_paths + region_paths, svg, width, height, name)
    lakes = [_shape(p, Where(name)) for p in lake_paths]
    water = unary_union(lakes) if lakes else None
    regions = {}
    for element in region_paths:
        shape = _shape(element, Where(name))
        if water is not None and shape.intersects(water):
            shape = shape.difference(water)
        shape = clean(shape)
        if shape.is_empty:
            raise KitError(f"map path {element.id!r} has no area", Where(name))
        regions[element.id] = Region(element.id, element.values.get("data-name-ja"), shape, anchor_of(shape))
    return Map(str(path), width, height, regions)
