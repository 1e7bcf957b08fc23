"""Reading a map of regions from SVG into shapely shapes.

svgelements parses the paths (and applies transforms); each `<path>` in the
regions group becomes a (Multi)Polygon keyed by its `id`, with the paths of the
lakes group cut out as holes. An anchor per region, always inside it, is the
pole of inaccessibility of its largest part (shapely's polylabel).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import shapely
from shapely.geometry import MultiPolygon, Polygon
from shapely.ops import polylabel, unary_union
from svgelements import SVG, Close, Group, Line, Move
from svgelements import Path as SvgPath

from kit.errors import KitError, Where, display_path

CURVE_STEPS = 8  # points per curved segment; the shipped map is already flattened


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


def _shape(path: SvgPath) -> Polygon | MultiPolygon:
    parts = [shapely.make_valid(Polygon(r)) for r in _rings(path)]
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
    what `kit.render.rings_path` draws (even-odd, so lakes stay holes)."""
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


@lru_cache(maxsize=8)
def load_map(path: str, regions_group: str = "provinces", lakes_group: str = "lakes") -> Map:
    name = display_path(path)
    try:
        svg = SVG.parse(path)
    except FileNotFoundError:
        raise KitError("map file not found", Where(name)) from None
    except Exception as err:  # svgelements raises many kinds on a broken file
        raise KitError(f"cannot read the map SVG: {err}", Where(name)) from None
    groups = {g.id: g for g in svg.elements() if isinstance(g, Group) and g.id}
    if regions_group not in groups:
        raise KitError(f"the map has no <g id=\"{regions_group}\"> group", Where(name))
    lakes = [_shape(p) for p in groups[lakes_group] if isinstance(p, SvgPath)] if lakes_group in groups else []
    water = unary_union(lakes) if lakes else None
    regions = {}
    for element in groups[regions_group]:
        if not isinstance(element, SvgPath) or not element.id:
            continue
        shape = _shape(element)
        if water is not None and shape.intersects(water):
            shape = shape.difference(water)
        shape = clean(shape)
        if shape.is_empty:
            raise KitError(f"map path {element.id!r} has no area", Where(name))
        regions[element.id] = Region(element.id, element.values.get("data-name-ja"), shape, anchor_of(shape))
    width = float(svg.width) if svg.width else float(svg.viewbox.width)
    height = float(svg.height) if svg.height else float(svg.viewbox.height)
    return Map(str(path), width, height, regions)
