"""The board computed from the province map: how model.load turns board.yaml's places into
the ring, the towns, the routes and the artist regions (model.py's docstring says how)."""

from __future__ import annotations

from types import MappingProxyType

from kit.data.errors import Collector, KitError, Where, did_you_mean, display_path
from kit.games.shikoku_duo.values import (
    Board, COASTAL_TOWNS, CRACK, EPS, REGIONS, Region, Space, Town)
from kit.layout.graph import reachable


def shikoku_outline(world, provinces: list[str], where: Where):
    """The main island: the largest part of the named provinces' union, without holes."""
    from shapely.geometry import Polygon
    from shapely.ops import unary_union

    from kit.layout.svgmap import largest_part

    by_name = {r.name: r for r in world.regions.values() if r.name}
    missing = [p for p in provinces if p not in by_name]
    if missing:
        raise KitError(f"the map {display_path(world.path)} has no province "
                       + ", ".join(f"{m}{did_you_mean(m, by_name)}" for m in missing), where)
    # The provinces are drawn separately and do not quite meet: closing by CRACK map units
    # seals the slits between them, which would otherwise run from the sea into the island.
    union = unary_union([by_name[p].shape for p in provinces]).buffer(CRACK, join_style="mitre")
    union = union.buffer(-CRACK, join_style="mitre")
    return Polygon(largest_part(union).exterior).simplify(0.01)


def georeference(outline, capes: dict):
    """lon/lat -> map units: the affine map sending the three capes to the outline's
    westmost, eastmost and southmost points (y grows southwards on the map)."""
    import numpy as np

    xy = np.array(outline.exterior.coords)
    targets = {"west": xy[xy[:, 0].argmin()], "east": xy[xy[:, 0].argmax()], "south": xy[xy[:, 1].argmax()]}
    rows, rhs = [], []
    for side in ("west", "east", "south"):
        lon, lat = capes[side]
        rows += [[lon, lat, 1, 0, 0, 0], [0, 0, 0, lon, lat, 1]]
        rhs += list(targets[side])
    try:
        a, b, c, d, e, f = np.linalg.solve(np.array(rows, float), np.array(rhs, float))
    except np.linalg.LinAlgError:
        raise KitError("the three georeference capes lie on one line") from None
    return lambda lon, lat: (round(float(a * lon + b * lat + c), 4), round(float(d * lon + e * lat + f), 4))


def ring_line(outline, offset: float, smoothing: float):
    """The ring's path: `offset` out to sea, bays narrower than 2×smoothing closed,
    clockwise as seen on the map (counter-clockwise in y-down coordinates)."""
    import shapely
    from shapely.geometry import LineString

    from kit.layout.svgmap import largest_part

    grown = outline.buffer(offset + smoothing, quad_segs=16).buffer(-smoothing, quad_segs=16)
    ring = largest_part(grown).exterior.simplify(0.05)
    if not shapely.is_ccw(ring):
        ring = LineString(list(ring.coords)[::-1])
    return LineString(ring.coords)


def _from(line, start: float):
    """The closed line re-started at arc length `start`."""
    from shapely.geometry import LineString
    from shapely.ops import substring

    length = line.length
    if start <= EPS or start >= length - EPS:
        return line
    a, b = substring(line, start, length), substring(line, 0, start)
    return LineString(list(a.coords) + list(b.coords)[1:])


def spaced(anchored: list, length: float, weight: float) -> list[float]:
    """Arc positions for the ring spaces: as even as possible, and near their places.

    Least squares over the positions (the start fixed at 0): every step between
    neighbours wants length/n, every anchored space wants its place, with `weight`
    saying how much a place counts against one step (0: even spacing only; large: the
    spaces sit on their places and bunch up between them).
    """
    import numpy as np

    n = len(anchored)
    step = length / n
    rows, rhs = [], []
    for i in range(n):                      # step i: from space i to i+1 (n: back to the start)
        row = np.zeros(n - 1)
        if i + 1 < n:
            row[i] += 1                      # p[i+1] is unknown i
        if i > 0:
            row[i - 1] -= 1
        rows.append(row)
        rhs.append(step if i + 1 < n else step - length)   # the last step ends at `length`
    for i, a in enumerate(anchored):
        if i and a is not None:
            row = np.zeros(n - 1)
            row[i - 1] = weight
            rows.append(row)
            rhs.append(weight * a)
    sol = np.linalg.lstsq(np.array(rows), np.array(rhs), rcond=None)[0]
    return [0.0] + [float(x) for x in sol]


def _faces(outline, segments):
    import shapely
    from shapely.geometry import LineString
    from shapely.ops import polygonize

    lines = [LineString(outline.exterior.coords)] + [LineString(s) for s in segments]
    merged = shapely.union_all(lines)
    faces = [f for f in polygonize(merged) if f.representative_point().within(outline)]
    return faces


def compute_board(raw, world, errors: Collector, where: dict) -> Board | None:
    """The geometry of board.yaml on the map (raw = read_board's result)."""
    from shapely.geometry import LineString, Point as SPoint

    doc, top, provinces, capes, ring_cfg, spaces, mountains, regions = raw
    outline = shikoku_outline(world, provinces, doc.at("provinces"))
    if any(c is None for c in capes.values()):
        return None
    to_map = georeference(outline, capes)
    line0 = ring_line(outline, float(ring_cfg["offset"]), float(ring_cfg["smoothing"]))
    if not spaces or spaces[0].at is None:
        return None
    start = line0.project(SPoint(to_map(*spaces[0].at)))
    line = _from(line0, start)
    length = line.length

    # arc positions: anchors where given, even spacing between them
    pos: list = [None] * len(spaces)
    pos[0] = 0.0
    last, last_i = 0.0, 0
    for i, s in enumerate(spaces[1:], start=1):
        if s.at is None:
            continue
        p = line.project(SPoint(to_map(*s.at)))
        if p <= last + EPS:
            errors.error(f"{s.name} lies at or before {spaces[last_i].name} (line {spaces[last_i].where.line}) "
                         f"on the ring, which runs clockwise from {spaces[0].name}: check the `at:` places "
                         "or the order of the list", s.where)
            continue
        pos[i], last, last_i = p, p, i
    pos = spaced(pos, length, float(ring_cfg["anchor_weight"]))
    if any(b - a <= EPS for a, b in zip(pos, pos[1:] + [length])):
        errors.error("the ring spaces cannot be spaced in order: lower ring anchor_weight or check the `at:` "
                     "places", top["ring"].at("anchor_weight"))
        return None

    ring, towns, town_where = [], {}, {}
    for i, s in enumerate(spaces):
        pt = line.interpolate(pos[i])
        point = (round(pt.x, 4), round(pt.y, 4))
        ring.append(Space(i, s.name, s.kind, s.town, point, s.reading, s.romaji))
        where[("space", i)] = s.where
        if s.town:
            if s.town in town_where:
                errors.error(f"town id {s.town} is used twice (first on line {town_where[s.town].line})", s.where)
                continue
            towns[s.town] = Town(s.town, s.name, "coastal", None, i, point, s.reading, s.romaji)
            town_where[s.town] = s.where
    coastal = len(towns)
    if coastal != COASTAL_TOWNS:
        errors.error(f"the ring has {coastal} coastal towns; the rules need {COASTAL_TOWNS}", doc.at("spaces"))
    for f, at, w in mountains:
        if f["id"] in town_where:
            errors.error(f"town id {f['id']} is used twice (first on line {town_where[f['id']].line})", w)
            continue
        if at is None:
            continue
        point = to_map(*at)
        if not outline.contains(SPoint(point)):
            errors.error(f"mountain town {f['name']} at {list(at)} is not on Shikoku", w)
        towns[f["id"]] = Town(f["id"], f["name"], "mountain", f["value"], None, point,
                              f.get("reading", ""), f.get("romaji", ""))
        town_where[f["id"]] = w
    for k, w in town_where.items():
        where[("town", k)] = w

    routes, seen = [], {}
    items = top["routes"]
    for i, item in enumerate(items):
        at = items.at(i)
        if not isinstance(item, list) or len(item) != 2 or not all(isinstance(x, str) for x in item):
            errors.error(f"each route is a pair of town ids [A, B], not {item!r}", at)
            continue
        a, b = item
        bad = False
        for t in (a, b):
            if t not in towns:
                errors.error(f"unknown town {t!r}{did_you_mean(t, towns)}", at)
                bad = True
        if bad:
            continue
        if a == b:
            errors.error(f"route joins {a} to itself", at)
            continue
        key = frozenset((a, b))
        if key in seen:
            errors.error(f"route {a}–{b} is listed twice (first on line {seen[key].line})", at)
            continue
        if towns[a].kind == "coastal" and towns[b].kind == "coastal":
            errors.error(f"route {a}–{b} joins two coastal towns; the ring already joins them by sea "
                         "and a route must run inland", at)
            continue
        seen[key] = at
        where[("route", key)] = at
        routes.append((a, b))

    # no route crosses another or runs through a town it does not end at
    segs = [LineString([towns[a].point, towns[b].point]) for a, b in routes]
    for j, (r, s) in enumerate(zip(routes, segs)):
        for t in towns.values():
            if t.id not in r and s.distance(SPoint(t.point)) < EPS:
                errors.error(f"route {r[0]}–{r[1]} runs through {t.id}", where[("route", frozenset(r))])
        for i in range(j):
            inter = s.intersection(segs[i])
            if inter.is_empty:
                continue
            shared = set(routes[i]) & set(r)
            if shared and inter.geom_type == "Point":
                continue
            errors.error(f"route {r[0]}–{r[1]} crosses route {routes[i][0]}–{routes[i][1]} "
                         f"(line {where[('route', frozenset(routes[i]))].line})", where[("route", frozenset(r))])

    # every town reachable by route
    nbrs = {t: set() for t in towns}
    for a, b in routes:
        nbrs[a].add(b)
        nbrs[b].add(a)
    if towns:
        first = next(iter(towns))
        seen_t = reachable(first, nbrs.__getitem__)
        for t in towns:
            if t not in seen_t:
                errors.error(f"town {t} cannot be reached by route from {first}", town_where[t])
    if errors.errors:
        return None

    faces = _faces(outline, [(towns[a].point, towns[b].point) for a, b in routes])
    return _regions(faces, regions, ring, towns, routes, outline, line, to_map, errors, where, top, doc,
                    world.path)


def _regions(faces, regions, ring, towns, routes, outline, line, to_map, errors, where, top, doc, map_path):
    reach = 1.5 * float(top["ring"]["offset"])      # a coastal town sits about `offset` off its regions
    from shapely.geometry import LineString, Point as SPoint

    named = {}        # face index -> (entry, where)
    for f, at, w, pw in regions:
        where[("region", f["id"])] = w
        where[("painting", f["id"])] = pw
        if at is None:
            continue
        p = SPoint(to_map(*at))
        hit = [i for i, face in enumerate(faces) if face.contains(p)]
        if not hit:
            errors.error(f"region {f['name']}: its place {list(at)} lies in no region (off Shikoku or on a route)", w)
            continue
        if hit[0] in named:
            other = named[hit[0]][0]
            errors.error(f"{f['name']} and {other['name']} (line {named[hit[0]][1].line}) name the same region; "
                         "each region needs one place", w)
            continue
        named[hit[0]] = (f, w, (p.x, p.y))
    if len(faces) != REGIONS:
        errors.error(f"the coast and the routes cut Shikoku into {len(faces)} regions; the rules need {REGIONS}",
                     doc.at("routes"))
    for i, face in enumerate(faces):
        if i not in named:
            c = face.representative_point()
            edge = sorted(t.id for t in towns.values() if face.distance(SPoint(t.point)) < reach)
            errors.error(f"the region between {', '.join(edge) or 'the routes'} (near map point "
                         f"{c.x:.0f},{c.y:.0f}) has no painting type: add a region entry with a place inside it",
                         doc.at("regions"))
    if errors.errors:
        return None

    order = sorted(named, key=lambda i: [e[0]["id"] for e in regions].index(named[i][0]["id"]))
    # Each route separates the faces on its two sides: found at the middle of its part on land.
    sides = {}
    for r in routes:
        seg = LineString([towns[r[0]].point, towns[r[1]].point])
        land = seg.intersection(outline)
        parts = [g for g in getattr(land, "geoms", [land]) if g.geom_type == "LineString" and g.length > 0]
        if not parts:
            continue
        mid = max(parts, key=lambda g: g.length).interpolate(0.5, normalized=True)
        sides[frozenset(r)] = {i for i in order if faces[i].distance(mid) < 1e-6}
    ids = {i: named[i][0]["id"] for i in order}
    town_regions: dict = {t: set() for t in towns}
    neighbours: dict = {i: set() for i in order}
    for r, faces_by in sides.items():
        for t in r:
            town_regions[t] |= faces_by
        for i in faces_by:
            neighbours[i] |= faces_by - {i}
    # A space between two coastal towns surrounds the region on that stretch of coast: the one
    # region both towns bound (what a player sees on the board); failing that, the nearest.
    space_regions = {}
    town_at = [i for i, s in enumerate(ring) if s.town]
    for s in ring:
        if s.town:
            space_regions[s.index] = town_regions[s.town]
            continue
        before = max((i for i in town_at if i < s.index), default=town_at[-1])
        after = min((i for i in town_at if i > s.index), default=town_at[0])
        shared = town_regions[ring[before].town] & town_regions[ring[after].town]
        if len(shared) == 1:
            space_regions[s.index] = set(shared)
        else:
            p = SPoint(s.point)
            space_regions[s.index] = {min(order, key=lambda i: (round(faces[i].distance(p), 6), i))}
    out = []
    for i in order:
        f, w, point = named[i]
        nb = frozenset(ids[j] for j in neighbours[i])
        out.append(Region(
            id=f["id"], painting=f["painting"], point=(round(point[0], 4), round(point[1], 4)),
            spaces=frozenset(k for k, rs in space_regions.items() if i in rs),
            towns=frozenset(t for t, rs in town_regions.items() if i in rs),
            neighbours=nb, name=f["name"], romaji=f.get("romaji", ""),
            polygon=tuple((round(x, 4), round(y, 4)) for x, y in faces[i].exterior.coords)))
    ordered_towns = {t.id: t for t in sorted(towns.values(), key=lambda t: (t.kind != "coastal",
                                                                               t.ring_index or 0))}
    return Board(tuple(ring), MappingProxyType(ordered_towns), tuple(routes), tuple(out),
                 tuple((round(x, 4), round(y, 4)) for x, y in outline.exterior.coords),
                 tuple((round(x, 4), round(y, 4)) for x, y in line.coords), str(map_path))
