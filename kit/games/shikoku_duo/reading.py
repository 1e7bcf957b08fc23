"""Reading data/shikoku-duo/*.yaml: board.yaml's places, components.yaml and waves.yaml, every
value checked where it is written (`file:line: message`), the independent errors together."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from kit.data.errors import Collector, KitError, Where, did_you_mean, display_path, quoted
from kit.data.yamlload import LList, LMap, fields, load_yaml
from kit.rules.book import PLACEHOLDER
from kit.games.shikoku_duo.options import SPEC
from kit.games.shikoku_duo.values import (
    CHARACTERS, COASTAL_TOWNS, COPPER, Components, DIE_FACES, EFFECTS, GARDEN_SLOTS, GOODS_COUNT,
    HOLD, ICONS, KINDS, MAX_GOODS, MOUNTAIN_TOWNS, MOUNTAIN_VALUES, PAINTINGS, PAINTING_TYPES,
    PaintingType, Point, RING_SPACES, SCORE, SHIKOKU, SHOP_VALUE, SHRINE_SLOTS, SLABS, Shop,
    TOWN_COINS, WAVE_AMOUNT, WAVE_SIDES, WaveSide)

OPTION_NAMES = tuple(o.name for o in SPEC)


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



@dataclass(frozen=True)
class _RawSpace:
    name: str
    kind: str
    town: str | None
    at: Point | None
    reading: str
    romaji: str
    where: Where


def read_board(path: Path, errors: Collector):
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



def read_components(path: Path, errors: Collector, where_map: dict) -> Components:
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


def read_waves(path: Path, errors: Collector) -> tuple:
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
        for key in ("text", "text_en"):        # a side a rule option words prints that option's sentence
            for name in PLACEHOLDER.findall(f[key]):
                if name not in OPTION_NAMES:
                    errors.error(f"{{rule:{name}}}: no rule option {name!r}{did_you_mean(name, OPTION_NAMES)}",
                                 item.at(key))
        sides.append(WaveSide(f["id"], f["character"], f["name"], f["name_en"], f["text"], f["effect"],
                              f["amount"], f["text_en"]))
    per = Counter(s.character for s in sides)
    for c in CHARACTERS:
        if per[c] != WAVE_SIDES:
            errors.error(f"the {c}'s wave tile has {per[c]} sides; it needs {WAVE_SIDES}", items.where)
    return tuple(sides)
