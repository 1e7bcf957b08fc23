"""The shikoku-duo data: the board round Shikoku and the pieces, as plain values.

`load(data_dir, overrides, map_path)` reads data/shikoku-duo/*.yaml, checks every rule
that can be checked without a paper size, computes the board's geometry from the
province map, and returns an immutable `ShikokuDuo`. Errors name the file and line;
all the independent ones are reported together.

How the board is computed (the designer types places, never coordinates or regions):
- Shikoku is the largest part of the union of the provinces named in board.yaml; the
  small islands (小豆島 and the like) are dropped, and so are the map's slivers between
  provinces (holes).
- Longitude/latitude become map units by the affine map that sends three capes, typed in
  board.yaml, to the outline's westmost, eastmost and southmost points.
- The ring line runs in the sea at `ring.offset` map units from the coast, with bays and
  capes smoothed over (`ring.smoothing`), clockwise as seen on the map (east coast
  southwards first). Spaces with `at:` sit where their place projects onto the line; the
  spaces between two such anchors are spaced evenly along the line.
- Coastal towns are their ring spaces; a trade route is the straight segment between
  its towns' points, so a route from a coastal town crosses the coast.
- The artist regions are the faces that the coast and the routes cut the island into
  (shapely's polygonize); each takes the painting type of the one named place inside it.
  A region's spaces are the ring spaces along its coast: those between two coastal towns
  belong to the one region both towns bound, and a coastal town's space to every region
  its routes bound; its towns are those on its edge; its neighbours are
  the regions sharing a stretch of route with it (meeting at a town point is not enough).

Everything the engine needs is plain tuples, frozensets and MappingProxyType; drawing
shapes are coordinate tuples, so unpickling a model never needs shapely. That is also how
the computed board is kept in output/cache/ between runs (see _board): a run whose
board.yaml, map, code and libraries are unchanged reads it back without the map or shapely.
"""

from __future__ import annotations

import copyreg
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType

from kit.rebuild import cache
from kit.data.errors import Collector, KitError, Warning_, Where, did_you_mean, display_path, quoted
from kit.data.options import load_options
from kit.data.yamlload import LList, LMap, fields, load_yaml, require_files
from kit.data.project import find_map
from kit.games.shikoku_duo.options import SPEC as RULE_SPEC

CHARACTERS = ("pilgrim", "merchant", "artist")
KINDS = ("temple", "garden", "hot_spring", "seashore", "town")
ICONS = ("mountain", "flower", "wave", "temple")     # the painting icons board.py can draw
EFFECTS = ("pilgrim_plus", "pilgrim_minus", "draw_plus", "sell_plus", "paint_plus", "paint_path")

# Fixed by the rules text, not by the designer.
RING_SPACES = 37
COASTAL_TOWNS = 8
MOUNTAIN_TOWNS = 4
REGIONS = 8
SHIKOKU = ("阿波", "讃岐", "伊予", "土佐")     # the provinces of the island the board is
PAINTING_TYPES = 4
MOUNTAIN_VALUES = (2, 3, 4)
SHRINE_SLOTS = 9          # the shrine track is full at slot 9
GARDEN_SLOTS = 6
SLABS = 6
PAINTINGS = 10            # tiles per player, and artist board slots
WAVE_SIDES = 2            # per character

# Bounds no real game comes near. The engine tabulates every path of up to (the largest die
# face + the pilgrim_plus amount) steps, a table that grows about threefold a step: a face
# or an amount of 40 would take minutes, of 10**20 for ever. Pieces are printed and put in
# a bag: a count of 10**9 would fill the memory.
DIE_FACES = (1, 6)        # the faces of an ordinary six-sided die
WAVE_AMOUNT = (0, 3)      # a wave tile changes a roll or a sale by a little, never the whole turn
GOODS_COUNT = (1, 100)    # goods of one kind in the bag
MAX_GOODS = 300           # goods in the bag in all (a few hundred pieces is a big box)
# Copper is counted on a track of 0..copper_max and 10 become a gold slab at once
# (rules.COPPER_PER_SLAB), so the track, a town's coins and a good's price stay under 10;
# the hold and the copper track are rows of printed slots: a hold of 10**9 could not be drawn.
COPPER = (1, 9)           # copper_max
TOWN_COINS = (1, 9)       # copper a pilgrim earns in a coastal town
SHOP_VALUE = (1, 9)       # copper a shop pays for one good
HOLD = (1, 10)            # goods a merchant may hold (the rules' hold is 5)
SCORE = (0, 999)          # a value printed in a track's or a slab's slot

FILES = ("board.yaml", "components.yaml", "waves.yaml")
EPS = 1e-6                # map units: a point "on" a line
CRACK = 1.0               # map units: gaps between provinces' paths narrower than 2× this are sealed


Point = tuple[float, float]

# A MappingProxyType is a read-only view and will not pickle by itself; the model is sent to
# simulation workers, so it pickles as the proxy of a copy of its mapping.
def frozen(mapping) -> MappingProxyType:
    return MappingProxyType(dict(mapping))


copyreg.pickle(MappingProxyType, lambda m: (frozen, (dict(m),)))


@dataclass(frozen=True)
class Space:
    index: int                 # 0 = the start, then clockwise
    name: str
    kind: str                  # one of KINDS
    town: str | None           # the town id for a coastal town, else None
    point: Point               # map units (y down)
    reading: str = ""
    romaji: str = ""


@dataclass(frozen=True)
class Town:
    id: str
    name: str
    kind: str                  # coastal | mountain
    value: int | None          # goods drawn (mountain), None (coastal)
    ring_index: int | None     # its ring space (coastal), None (mountain)
    point: Point
    reading: str = ""
    romaji: str = ""


@dataclass(frozen=True)
class Region:
    id: str
    painting: str                   # a painting type id
    point: Point                    # the named place inside it
    spaces: frozenset               # ring indices around it
    towns: frozenset                # town ids on its edge
    neighbours: frozenset           # region ids sharing a route segment with it
    name: str = ""
    romaji: str = ""
    polygon: tuple = ()             # its outline, map units (drawing only)


@dataclass(frozen=True)
class Board:
    ring: tuple                     # Space, clockwise from the start
    towns: MappingProxyType         # id -> Town (coastal in ring order, then mountain)
    routes: tuple                   # (town id, town id)
    regions: tuple                  # Region, in board.yaml's order
    outline: tuple                  # Shikoku's coast, map units (drawing only)
    ring_line: tuple                # the ring's path, map units, clockwise from the start
    map_path: str = ""


@dataclass(frozen=True)
class PaintingType:
    id: str
    name: str
    icon: str
    romaji: str = ""


@dataclass(frozen=True)
class Shop:
    kind: str                  # a goods kind
    value: int                 # copper per good sold


@dataclass(frozen=True)
class WaveSide:
    id: str
    character: str
    name: str
    name_en: str
    text: str
    effect: str                # one of EFFECTS
    amount: int
    text_en: str = ""          # `text` in English


@dataclass(frozen=True)
class Components:
    dice: MappingProxyType          # character -> 6 faces
    goods: MappingProxyType         # kind -> count
    goods_names: MappingProxyType   # kind -> name
    shops: tuple
    town_coins: int
    shrine_track: tuple             # values of slots 0..9
    garden_track: tuple             # values of slots 0..6
    slabs: tuple                    # 6 values, leftmost first
    artist_slots: tuple             # 10 values, left to right, top row first
    painting_types: tuple
    paintings: tuple                # 10 painting type ids (one player's tiles)
    hold: int
    copper_max: int
    waves: tuple                    # 6 WaveSide, two per character


@dataclass(frozen=True)
class ShikokuDuo:
    board: Board
    components: Components
    rules: MappingProxyType = field(default_factory=lambda: MappingProxyType({}))
    where: MappingProxyType = field(default_factory=lambda: MappingProxyType({}))  # (kind, key) -> Where
    warnings: tuple = ()            # Warning_ found while loading (not errors: the game still plays)


# ---------------------------------------------------------------- reading helpers

def _doc(path: Path, what: str) -> LMap:
    doc = load_yaml(path)
    if not isinstance(doc, dict):
        raise KitError(f"{what} should be a mapping of sections", Where(display_path(path), 1))
    return doc


def _lonlat(value, where: Where, errors: Collector) -> Point | None:
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)):
        errors.error(f"`at` should be [longitude, latitude] in degrees, not {value!r}", where)
        return None
    lon, lat = float(value[0]), float(value[1])
    if not (-180 <= lon <= 180 and -90 <= lat <= 90):
        errors.error(f"`at` [{lon}, {lat}] is not a longitude and latitude", where)
        return None
    return lon, lat


def outside(value: int, minimum: int, maximum: int, what: str, why: str = "") -> str | None:
    """The words refusing a `value` outside minimum..maximum (None inside): every bounded
    number of shikoku-duo's data, components and Automa alike, is refused in them."""
    if minimum <= value <= maximum:
        return None
    return f"{what} should be {minimum} to {maximum}, not {value}" + (f" ({why})" if why else "")


def _count(value: int, what: str, where: Where, errors: Collector, minimum: int = 0,
           maximum: int | None = None, why: str = "") -> bool:
    """True if `value` is at least `minimum` (and at most `maximum`); else an error at `where`."""
    if maximum is not None and (refusal := outside(value, minimum, maximum, what, why)):
        errors.error(refusal, where)
        return False
    if value < minimum:
        errors.error(f"{what} should be at least {minimum}, not {value}", where)
        return False
    return True


def _ints(values, what: str, where: Where, errors: Collector, length: int | None = None,
          minimum: int = 0, maximum: int | None = None, why: str = "") -> tuple:
    if not isinstance(values, list):
        errors.error(f"{what} should be a list of whole numbers", where)
        return ()
    out = []
    for i, v in enumerate(values):
        at = values.at(i) if isinstance(values, LList) else where
        if not isinstance(v, int) or isinstance(v, bool):
            errors.error(f"{what}: {v!r} is not a whole number", at)
            continue
        if maximum is not None:
            _count(v, f"{what}: a value", at, errors, minimum, maximum, why)
        elif v < minimum:
            errors.error(f"{what}: {v} is below {minimum}", at)
        out.append(v)
    if length is not None and len(values) != length:
        errors.error(f"{what} should have {length} values, not {len(values)}", where)
    return tuple(out)


def _rising(items, values: tuple, what: str, where: Where, errors: Collector) -> None:
    """A score track's values, left to right, never fall: a step along it never costs points."""
    for i in range(1, len(values)):
        if values[i] < values[i - 1]:
            at = items.at(i) if isinstance(items, LList) and len(items) == len(values) else where
            errors.error(f"{what}: {values[i]} after {values[i - 1]}; the values run from the start slot up "
                         "and never fall (a step along the track never costs points)", at)
            return


# ---------------------------------------------------------------- board.yaml

@dataclass(frozen=True)
class _RawSpace:
    name: str
    kind: str
    town: str | None
    at: Point | None
    reading: str
    romaji: str
    where: Where


def _read_board(path: Path, errors: Collector):
    doc = _doc(path, "board.yaml")
    top = fields(doc, {"provinces": list, "georeference": dict, "ring": dict, "spaces": list,
                       "mountain_towns": list, "routes": list, "regions": list}, what="board.yaml")
    provinces = [p for p in top["provinces"] if isinstance(p, str)]
    if len(provinces) != len(top["provinces"]) or not provinces:
        errors.error("provinces should be a list of province names on the map", doc.at("provinces"))
    for i, name in enumerate(top["provinces"]):
        if isinstance(name, str) and name not in SHIKOKU:
            errors.error(f"province {quoted(name)} is not one of Shikoku's; the board is the island of "
                         f"{', '.join(SHIKOKU)}{did_you_mean(name, SHIKOKU)}", top["provinces"].at(i))
        elif name in top["provinces"][:i]:
            errors.error(f"province {name} is listed twice", top["provinces"].at(i))

    geo = fields(top["georeference"], {"west": dict, "east": dict, "south": dict}, what="georeference")
    capes = {}
    for side in ("west", "east", "south"):
        fields(geo[side], {"name": str, "at": list}, what=f"georeference {side}")
        capes[side] = _lonlat(geo[side]["at"], geo[side].at("at"), errors)

    ring = fields(top["ring"], {"offset": (int, float), "smoothing": (int, float),
                                "anchor_weight": (int, float)}, what="ring")
    if not 0 <= ring["anchor_weight"] <= 100:
        errors.error(f"ring anchor_weight should be 0 to 100, not {ring['anchor_weight']}",
                     top["ring"].at("anchor_weight"))
    for key in ("offset", "smoothing"):
        if not 0 < ring[key] < 50:
            errors.error(f"ring {key} should be more than 0 and less than 50 map units, not {ring[key]}",
                         top["ring"].at(key))

    spaces = []
    items = top["spaces"]
    for i, item in enumerate(items):
        f = fields(item, {"kind": str, "name": str}, {"town": str, "at": list, "reading": str, "romaji": str},
                   what="ring space", where=items.at(i))
        where = items.at(i)
        if f["kind"] not in KINDS:
            errors.error(f"unknown kind {f['kind']!r}{did_you_mean(f['kind'], KINDS)}; "
                         f"kinds: {', '.join(KINDS)}", item.at("kind"))
        if f["kind"] == "town" and "town" not in f:
            errors.error(f"coastal town {f['name']} needs a `town:` id for the trade routes", where)
        if f["kind"] != "town" and "town" in f:
            errors.error(f"{f['name']} has a `town:` id but is a {f['kind']}, not a town", item.at("town"))
        twice = next((sp for sp in spaces if sp.name == f["name"]), None)
        if twice is not None:
            errors.error(f"space name {f['name']} is used twice (first on line {twice.where.line}); the board "
                         "and the progress sheet tell spaces apart by name", item.at("name"))
        at = _lonlat(f["at"], item.at("at"), errors) if "at" in f else None
        spaces.append(_RawSpace(f["name"], f["kind"], f.get("town"), at, f.get("reading", ""),
                                f.get("romaji", ""), where))
    if len(spaces) != RING_SPACES:
        errors.error(f"the ring has {len(spaces)} spaces; the rules need {RING_SPACES}", doc.at("spaces"))
    if spaces and spaces[0].at is None:
        errors.error("the first space is the start: give it `at:` so the ring knows where to begin",
                     spaces[0].where)

    mountains = []
    items = top["mountain_towns"]
    for i, item in enumerate(items):
        f = fields(item, {"id": str, "name": str, "value": int, "at": list}, {"reading": str, "romaji": str},
                   what="mountain town", where=items.at(i))
        if f["value"] not in MOUNTAIN_VALUES:
            errors.error(f"mountain town {f['name']}: value {f['value']} should be "
                         f"{', '.join(map(str, MOUNTAIN_VALUES))}", item.at("value"))
        at = _lonlat(f["at"], item.at("at"), errors)
        mountains.append((f, at, items.at(i)))
    if len(mountains) != MOUNTAIN_TOWNS:
        errors.error(f"there are {len(mountains)} mountain towns; the rules need {MOUNTAIN_TOWNS}",
                     doc.at("mountain_towns"))

    regions = []
    items = top["regions"]
    for i, item in enumerate(items):
        f = fields(item, {"id": str, "name": str, "painting": str, "at": list}, {"romaji": str},
                   what="region", where=items.at(i))
        twice = next((r for r in regions if r[0]["id"] == f["id"]), None)
        if twice is not None:
            errors.error(f"region id {f['id']} is used twice (first on line {twice[2].line})", item.at("id"))
        at = _lonlat(f["at"], item.at("at"), errors)
        regions.append((f, at, items.at(i), item.at("painting")))
    return doc, top, provinces, capes, ring, spaces, mountains, regions


# ---------------------------------------------------------------- components.yaml, waves.yaml

def _read_components(path: Path, errors: Collector, where_map: dict) -> Components:
    doc = _doc(path, "components.yaml")
    top = fields(doc, {"dice": dict, "goods": dict, "shops": list, "town_coins": int, "copper_max": int,
                       "hold": int, "shrine_track": list, "garden_track": list, "slabs": list,
                       "artist_slots": list, "painting_types": list, "paintings": dict},
                 what="components.yaml")
    dice = {}
    for key in top["dice"]:
        if key not in CHARACTERS:
            errors.error(f"unknown character {key!r}{did_you_mean(key, CHARACTERS)}; "
                         f"characters: {', '.join(CHARACTERS)}", top["dice"].at(key))
    for c in CHARACTERS:
        if c not in top["dice"]:
            errors.error(f"dice: no faces for the {c}", doc.at("dice"))
            continue
        dice[c] = _ints(top["dice"][c], f"the {c} die", top["dice"].at(c), errors, 6, *DIE_FACES,
                        why="the faces of an ordinary six-sided die")

    goods, goods_names, counted = {}, {}, True
    for kind, item in top["goods"].items():
        f = fields(item, {"name": str, "count": int}, {"romaji": str}, what=f"goods {kind}",
                   where=top["goods"].at(kind))
        counted &= _count(f["count"], f"goods {kind} count", item.at("count"), errors, *GOODS_COUNT,
                          why="pieces in the bag; the shipped game has 6 or 7 of a kind")
        goods[kind], goods_names[kind] = f["count"], f["name"]
        where_map[("goods", kind)] = top["goods"].at(kind)
    if counted and sum(goods.values()) > MAX_GOODS:
        most = max(goods, key=goods.get)
        errors.error(f"the bag holds {sum(goods.values())} goods in {len(goods)} kinds, more than {MAX_GOODS} "
                     f"(each is a printed piece; {most} has {goods[most]})", doc.at("goods"))

    shops = []
    for i, item in enumerate(top["shops"]):
        f = fields(item, {"kind": str, "value": int}, what="shop token", where=top["shops"].at(i))
        if f["kind"] not in goods:
            errors.error(f"shop sells unknown goods {f['kind']!r}{did_you_mean(f['kind'], goods)}", item.at("kind"))
        _count(f["value"], "shop value", item.at("value"), errors, *SHOP_VALUE,
               why="copper for one good; 10 copper become a gold slab")
        shops.append(Shop(f["kind"], f["value"]))
    where_map[("shops",)] = doc.at("shops")
    if len(shops) != COASTAL_TOWNS:
        errors.error(f"there are {len(shops)} shop tokens; the rules need {COASTAL_TOWNS}, one for each coastal "
                     "town", doc.at("shops"))
    sold = {s.kind for s in shops}
    for kind in goods:
        if kind not in sold:
            errors.warn(f"no shop sells {kind}: merchants can never sell it", where_map[("goods", kind)])

    for key, bounds, why in (("town_coins", TOWN_COINS, "a coastal town pays the pilgrim; 10 copper become a "
                                                        "gold slab"),
                             ("copper_max", COPPER, "10 copper become a gold slab at once"),
                             ("hold", HOLD, "slots on the merchant board; the rules' hold is 5")):
        _count(top[key], key, doc.at(key), errors, *bounds, why=why)
    shrine = _ints(top["shrine_track"], "shrine_track", doc.at("shrine_track"), errors, SHRINE_SLOTS + 1, *SCORE)
    garden = _ints(top["garden_track"], "garden_track", doc.at("garden_track"), errors, GARDEN_SLOTS + 1, *SCORE)
    slabs = _ints(top["slabs"], "slabs", doc.at("slabs"), errors, SLABS, *SCORE)
    for name, values in (("shrine_track", shrine), ("garden_track", garden), ("slabs", slabs)):
        _rising(top[name], values, name, doc.at(name), errors)
    slots = _ints(top["artist_slots"], "artist_slots", doc.at("artist_slots"), errors, PAINTINGS, *SCORE)

    types, type_ids = [], {}
    items = top["painting_types"]
    for i, item in enumerate(items):
        f = fields(item, {"id": str, "name": str, "icon": str}, {"romaji": str}, what="painting type",
                   where=items.at(i))
        if f["id"] in type_ids:
            errors.error(f"painting type {f['id']} is listed twice (first on line {type_ids[f['id']].line})",
                         items.at(i))
            continue
        if f["icon"] not in ICONS:
            errors.error(f"unknown icon {f['icon']!r}{did_you_mean(f['icon'], ICONS)}; icons: {', '.join(ICONS)}",
                         item.at("icon"))
        type_ids[f["id"]] = items.at(i)
        where_map[("painting_type", f["id"])] = items.at(i)
        types.append(PaintingType(f["id"], f["name"], f["icon"], f.get("romaji", "")))
    if len(types) != PAINTING_TYPES:
        errors.error(f"there are {len(types)} painting types; the rules need {PAINTING_TYPES}",
                     doc.at("painting_types"))
    where_map[("painting_types",)] = doc.at("painting_types")

    paintings, refused = [], False
    for kind, n in top["paintings"].items():
        at = top["paintings"].at(kind)
        if kind not in type_ids:
            errors.error(f"unknown painting type {kind!r}{did_you_mean(kind, type_ids)}", at)
            continue
        if not isinstance(n, int) or isinstance(n, bool):
            errors.error(f"paintings {kind}: {n!r} should be a whole number of tiles", at)
            refused = True
            continue
        if not _count(n, f"paintings {kind}", at, errors, 0, PAINTINGS, f"a player has {PAINTINGS} painting tiles"):
            refused = True
            continue
        paintings.extend([kind] * n)
    if not refused and len(paintings) != PAINTINGS:
        errors.error(f"a player has {len(paintings)} painting tiles; the rules need {PAINTINGS}",
                     doc.at("paintings"))
    return Components(MappingProxyType(dice), MappingProxyType(goods), MappingProxyType(goods_names),
                      tuple(shops), top["town_coins"], shrine, garden, slabs, slots, tuple(types),
                      tuple(paintings), top["hold"], top["copper_max"], ())


def _read_waves(path: Path, errors: Collector) -> tuple:
    doc = _doc(path, "waves.yaml")
    items = fields(doc, {"waves": list}, what="waves.yaml")["waves"]
    sides, ids = [], {}
    for i, item in enumerate(items):
        f = fields(item, {"id": str, "character": str, "name": str, "name_en": str, "text": str,
                          "text_en": str, "effect": str, "amount": int}, what="wave side", where=items.at(i))
        if f["id"] in ids:
            errors.error(f"wave side {f['id']} is listed twice (first on line {ids[f['id']].line})", items.at(i))
            continue
        ids[f["id"]] = items.at(i)
        if f["character"] not in CHARACTERS:
            errors.error(f"unknown character {f['character']!r}{did_you_mean(f['character'], CHARACTERS)}",
                         item.at("character"))
        if f["effect"] not in EFFECTS:
            errors.error(f"unknown effect {f['effect']!r}{did_you_mean(f['effect'], EFFECTS)}; "
                         f"effects: {', '.join(EFFECTS)}", item.at("effect"))
        _count(f["amount"], "amount", item.at("amount"), errors, *WAVE_AMOUNT,
               why="a wave tile changes a roll or a sale by a little")
        sides.append(WaveSide(f["id"], f["character"], f["name"], f["name_en"], f["text"], f["effect"],
                              f["amount"], f["text_en"]))
    per = Counter(s.character for s in sides)
    for c in CHARACTERS:
        if per[c] != WAVE_SIDES:
            errors.error(f"the {c}'s wave tile has {per[c]} sides; it needs {WAVE_SIDES}", items.where)
    return tuple(sides)


# ---------------------------------------------------------------- geometry

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
    """The geometry of board.yaml on the map (raw = _read_board's result)."""
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
        seen_t, todo = {first}, [first]
        while todo:
            for n in nbrs[todo.pop()]:
                if n not in seen_t:
                    seen_t.add(n)
                    todo.append(n)
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


# ---------------------------------------------------------------- load

def default_map_path(data_dir: Path) -> Path:

    return find_map(None, None, Path(data_dir).resolve().parent.parent)


def load(data_dir, overrides=(), map_path=None) -> ShikokuDuo:
    """Read data/shikoku-duo/*.yaml and the map into a checked ShikokuDuo value."""

    data_dir = require_files(data_dir, FILES)
    errors = Collector()
    where: dict = {}
    raw = _read_board(data_dir / "board.yaml", errors)
    components = _read_components(data_dir / "components.yaml", errors, where)
    waves = _read_waves(data_dir / "waves.yaml", errors)
    types = {t.id for t in components.painting_types}
    for f, _, w, pw in raw[7]:
        if types and f["painting"] not in types:
            errors.error(f"unknown painting type {f['painting']!r}{did_you_mean(f['painting'], types)}", pw)
    errors.raise_if_any()

    board, store = _board(data_dir, str(map_path or default_map_path(data_dir)), raw, errors, where)
    errors.raise_if_any()
    by_id = {r.id: r for r in board.regions}
    for r in board.regions:
        for n in sorted(r.neighbours):
            if n > r.id and by_id[n].painting == r.painting:
                errors.warn(f"neighbouring regions {r.name} and {by_id[n].name} both show {r.painting}: "
                            "on the board they read as one", where[("painting", r.id)])
    used = {r.painting for r in board.regions}
    for t in components.painting_types:
        if t.id not in used:
            errors.error(f"painting type {t.id} is shown by no region; every type needs a region",
                         where[("painting_type", t.id)])
    errors.raise_if_any()
    rules = load_options(RULE_SPEC, data_dir / "rules.yaml", overrides)
    _check_starts(rules, board)
    store()     # only once the whole data has been accepted: a refused load writes nothing
    components = replace(components, waves=waves)
    return ShikokuDuo(board, components, rules, MappingProxyType(where), tuple(errors.warnings))


def _check_starts(rules, board) -> None:
    """start_town and start_region name a town and a region of the board (empty: the default)."""
    for key, known, what in (("start_town", list(board.towns), "town"),
                             ("start_region", [r.id for r in board.regions], "region")):
        value = rules[key]
        if value and value not in known:
            raise rules.refuse(key, f"no {what} of board.yaml has this id{did_you_mean(value, known)}; "
                                    f"{what}s: {', '.join(known)}")


# ---------------------------------------------------------------- the board, kept between runs

# compute_board's result is kept in PROJECT/output/cache/ (kit/rebuild/cache.py), keyed on board.yaml's
# bytes, the map's bytes and path, kit's code and these libraries' versions: a run whose inputs
# are unchanged reads it back and never imports kit.layout.svgmap, shapely or numpy (~0.3 s a command).
CACHE_FILE = "shikoku-duo-board.pickle"
LIBRARIES = ("shapely", "svgelements", "numpy")
MAP_KEY_BYTES = 5_000_000     # kit.layout.svgmap.MAX_MAP_BYTES: a larger map is refused there, never cached
_CACHED = frozenset((__name__, name) for name in ("Board", "Space", "Town", "Region", "frozen"))


def _nothing() -> None:
    return None


def _board(data_dir: Path, map_path: str, raw, errors: Collector, where: dict):
    """(compute_board's Board, a function that stores it in the cache) - from the cache when its
    inputs are unchanged. What compute_board adds to `errors` and `where` is added the same
    way from the cache: its warnings and places, in the same order, naming the same lines."""
    file, key = _cache_key(data_dir, map_path)
    # A place names its file as the user would type it, which depends on the working folder:
    # the cache names board.yaml and the map by number and they are named again on reading.
    names = (display_path(data_dir / "board.yaml"), display_path(map_path))
    hit = cache.read(file, key, _CACHED) if key else None
    if hit is not None:
        try:
            board, places, warnings = hit
            places = [(k, _place(p, names)) for k, p in places]
            warnings = [Warning_(text, _place(p, names)) for text, p in warnings]
        except (TypeError, ValueError, IndexError):     # not what this code writes: computed again
            hit = None
    if hit is not None and isinstance(board, Board):
        where.update(places)
        errors.warnings.extend(warnings)
        return board, _nothing

    from kit.layout.svgmap import load_map

    before, warned = dict(where), len(errors.warnings)
    board = compute_board(raw, load_map(map_path), errors, where)
    if board is None or errors.errors or key is None:
        return board, _nothing
    value = (board,
             [(k, _unplace(w, names)) for k, w in where.items() if k not in before or before[k] != w],
             [(w.message, _unplace(w.where, names)) for w in errors.warnings[warned:]])
    return board, lambda: cache.write(file, key, value)


def _cache_key(data_dir: Path, map_path: str):
    """(the cache file, the key of compute_board's inputs); (None, None) when not cached."""
    folder = cache.folder(data_dir)
    if folder is None:
        return None, None
    try:
        board = (Path(data_dir) / "board.yaml").read_bytes()
        with open(map_path, "rb") as f:
            drawn = f.read(MAP_KEY_BYTES + 1)
    except OSError:       # load_map says what is wrong with the map
        return None, None
    if len(drawn) > MAP_KEY_BYTES:
        return None, None
    return folder / CACHE_FILE, cache.fingerprint([board, drawn, map_path], LIBRARIES)


def _unplace(where: Where | None, names: tuple):
    if where is None:
        return None
    return (names.index(where.file) if where.file in names else where.file), where.line


def _place(stored, names: tuple) -> Where | None:
    if stored is None:
        return None
    file, line = stored
    return Where(names[file] if isinstance(file, int) else file, line)
