"""The karuta data: provinces, regions, highways, adjacency and sea routes.

`load(data_dir)` reads the YAML the designer edits, checks every rule that can be
checked without the map, and returns an immutable `Karuta` value. Errors name the
file and line; all of them are reported together.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from types import MappingProxyType

from kit.data.errors import Collector, KitError, Where, did_you_mean, display_path, quoted
from kit.data.options import load_options
from kit.data.yamlload import LList, empty_mapping, fields, load_yaml, require_files, top_list

from kit.games.karuta.options import SPEC as RULE_SPEC
from kit.layout.graph import reachable

TIERS = ("main", "primary", "secondary")
START = "武蔵"
REGIONS = 8     # 五畿七道: the cards' colours and badges, and the printed key, are made for eight


@dataclass(frozen=True)
class Region:
    name: str
    romaji: str
    badge: str
    color: str


@dataclass(frozen=True)
class Province:
    number: int               # card number, 1-based, in the file's order
    kanji: str
    kana: str
    romaji: str
    region: str
    map_id: str


@dataclass(frozen=True)
class Highway:
    name: str
    romaji: str
    tier: str
    provinces: tuple[str, ...]   # from the highway's origin


@dataclass(frozen=True)
class Karuta:
    provinces: tuple[Province, ...]
    regions: tuple[Region, ...]
    highways: tuple[Highway, ...]
    adjacency: tuple[tuple[str, str], ...]     # unordered pairs, each once
    sea_routes: tuple[tuple[str, str], ...]    # directed: from a port to an island
    islands: tuple[str, ...]
    rules: MappingProxyType = field(default_factory=lambda: MappingProxyType({}))
    where: MappingProxyType = field(default_factory=lambda: MappingProxyType({}))  # (kind, key) -> Where

    @cached_property
    def by_kanji(self) -> dict[str, Province]:
        return {p.kanji: p for p in self.provinces}

    @cached_property
    def region_of(self) -> dict[str, Region]:
        regions = {r.name: r for r in self.regions}
        return {p.kanji: regions[p.region] for p in self.provinces}

    @cached_property
    def neighbours(self) -> dict[str, frozenset[str]]:
        out = {p.kanji: set() for p in self.provinces}
        for a, b in self.adjacency:
            out[a].add(b)
            out[b].add(a)
        return {k: frozenset(v) for k, v in out.items()}

    @cached_property
    def highways_of(self) -> dict[str, tuple[Highway, ...]]:
        return {p.kanji: tuple(h for h in self.highways if p.kanji in h.provinces) for p in self.provinces}

    @cached_property
    def on_highway(self) -> frozenset[str]:
        return frozenset(k for k, hs in self.highways_of.items() if hs)

    @cached_property
    def crossings(self) -> tuple[str, ...]:
        return tuple(p.kanji for p in self.provinces if len(self.highways_of[p.kanji]) > 1)

    @cached_property
    def ports_of(self) -> dict[str, frozenset[str]]:
        """For each island, the provinces a boat reaches it from."""
        out = {i: set() for i in self.islands}
        for a, b in self.sea_routes:
            out.setdefault(b, set()).add(a)
        return {k: frozenset(v) for k, v in out.items()}

    def reachable(self) -> frozenset[str]:
        """Provinces that some sequence of legal plays can reach from the start province.

        Highway neighbours reach each other (either way: the direction option
        decides which way a line grows, not whether it can); off-highway
        provinces need a neighbour; islands need a boat.
        """
        links = {p.kanji: set() for p in self.provinces}
        for h in self.highways:
            for a, b in zip(h.provinces, h.provinces[1:]):
                links[a].add(b)
                links[b].add(a)
        for p in self.provinces:
            if p.kanji not in self.on_highway and p.kanji not in self.islands:
                for n in self.neighbours[p.kanji]:
                    links[n].add(p.kanji)
        for a, b in self.sea_routes:
            links[a].add(b)
        return frozenset(reachable(START, links.__getitem__))


FILES = ("regions.yaml", "provinces.yaml", "highways.yaml", "adjacency.yaml", "sea_routes.yaml")


def _name(value, known: dict, where: Where, errors: Collector, what: str = "province") -> str | None:
    if not isinstance(value, str):
        errors.error(f"{what} should be a name, not {value!r}", where)
        return None
    if value not in known:
        errors.error(f"unknown {what} {value!r}{did_you_mean(value, known)}", where)
        return None
    return value


def _entries(path: Path, key: str) -> LList:
    doc = load_yaml(path)
    return top_list(doc, key, Where(display_path(path), 1))


def _pairs(items: LList, known: dict, errors: Collector, what: str) -> list[tuple[tuple[str, str], Where]]:
    out = []
    for i, item in enumerate(items):
        where = items.at(i)
        if not isinstance(item, list) or len(item) != 2:
            errors.error(f"each {what} is a pair [A, B], not {item!r}", where)
            continue
        a, b = (_name(x, known, where, errors) for x in item)
        if a and b:
            if a == b:
                errors.error(f"{what} joins {a} to itself", where)
            else:
                out.append(((a, b), where))
    return out


def load(data_dir: Path, rule_overrides=()) -> Karuta:
    """Read data/karuta/*.yaml into a checked Karuta value."""
    errors = Collector()
    where: dict = {}
    data_dir = require_files(data_dir, FILES)

    regions, region_names, badges = [], {}, {}
    items = _entries(data_dir / "regions.yaml", "regions")
    for i, item in enumerate(items):
        f = fields(item, {"name": str, "romaji": str, "badge": str, "color": str}, what="region", where=items.at(i))
        if f["name"] in region_names:
            errors.error(f"region {f['name']} is listed twice (first on line {region_names[f['name']].line})",
                         items.at(i))
            continue
        if i == REGIONS:
            errors.error(f"a region past the eighth: karuta's cards and board print the eight regions of "
                         f"五畿七道 ({len(items)} are listed), each with its own colour and badge", items.at(i))
        if len(f["badge"]) != 1:
            errors.error(f"badge {quoted(f['badge'])} should be one character (the kanji printed in the "
                         "card's badge)", item.at("badge"))
        elif f["badge"] in badges:
            errors.error(f"badge {f['badge']} is also region {badges[f['badge']]}'s; each region's badge "
                         "tells it apart", item.at("badge"))
        else:
            badges[f["badge"]] = f["name"]
        if not (len(f["color"]) == 7 and f["color"].startswith("#")
                and all(c in "0123456789abcdefABCDEF" for c in f["color"][1:])):
            errors.error(f"colour {f['color']!r} should be #RRGGBB", item.at("color"))
        region_names[f["name"]] = items.at(i)
        regions.append(Region(f["name"], f["romaji"], f["badge"], f["color"]))

    provinces, known = [], {}
    items = _entries(data_dir / "provinces.yaml", "provinces")
    for i, item in enumerate(items):
        f = fields(item, {"kanji": str, "kana": str, "romaji": str, "region": str, "map_id": str},
                   what="province", where=items.at(i))
        if f["kanji"] in known:
            errors.error(f"province {f['kanji']} is listed twice (first on line {known[f['kanji']].line})",
                         items.at(i))
            continue
        _name(f["region"], region_names, item.at("region"), errors, "region")
        known[f["kanji"]] = items.at(i)
        where[("province", f["kanji"])] = items.at(i)
        where[("map_id", f["kanji"])] = item.at("map_id")
        provinces.append(Province(len(provinces) + 1, f["kanji"], f["kana"], f["romaji"], f["region"], f["map_id"]))
    seen_ids: dict = {}
    for p in provinces:
        if p.map_id in seen_ids:
            errors.error(f"map id {p.map_id} is used by {seen_ids[p.map_id]} and {p.kanji}", where[("map_id", p.kanji)])
        seen_ids[p.map_id] = p.kanji

    highways, highway_names = [], {}
    items = _entries(data_dir / "highways.yaml", "highways")
    for i, item in enumerate(items):
        f = fields(item, {"name": str, "tier": str, "provinces": list}, {"romaji": str}, what="highway", where=items.at(i))
        if f["name"] in highway_names:
            errors.error(f"highway {f['name']} is listed twice (first on line {highway_names[f['name']].line})",
                         items.at(i))
            continue
        highway_names[f["name"]] = items.at(i)
        where[("highway", f["name"])] = items.at(i)
        if f["tier"] not in TIERS:
            errors.error(f"tier {f['tier']!r} is not one of {', '.join(TIERS)}{did_you_mean(f['tier'], TIERS)}",
                         item.at("tier"))
        route, seen = [], set()
        plist = f["provinces"]
        for j, value in enumerate(plist):
            at = plist.at(j)
            name = _name(value, known, at, errors)
            if name is None:
                continue
            if name in seen:
                errors.error(f"highway {f['name']} passes {name} twice", at)
                continue
            seen.add(name)
            route.append(name)
        if len(plist) < 2:
            errors.error(f"highway {f['name']} needs at least two provinces", item.at("provinces"))
        highways.append(Highway(f["name"], f.get("romaji", ""), f["tier"], tuple(route)))

    adjacency, seen_pairs = [], {}
    for (a, b), at in _pairs(_entries(data_dir / "adjacency.yaml", "adjacency"), known, errors, "neighbour pair"):
        key = frozenset((a, b))
        if key in seen_pairs:
            errors.error(f"{a}–{b} is listed twice (first on line {seen_pairs[key].line})", at)
            continue
        seen_pairs[key] = at
        where[("adjacency", key)] = at
        adjacency.append((a, b))

    sea_path = data_dir / "sea_routes.yaml"
    doc = load_yaml(sea_path)
    sea_where = Where(display_path(sea_path), 1)
    f = fields(doc if doc is not None else empty_mapping(sea_where), {"islands": list, "sea_routes": list},
               what="sea_routes.yaml", where=sea_where)
    islands = []
    for j, value in enumerate(f["islands"]):
        name = _name(value, known, f["islands"].at(j), errors)
        if name in islands:
            errors.error(f"island {name} is listed twice", f["islands"].at(j))
        elif name:
            islands.append(name)
            where[("island", name)] = f["islands"].at(j)
    for a, b in adjacency:
        for k in (a, b):
            if k in islands:
                errors.error(f"{a}–{b}: {k} is an island (sea_routes.yaml), reached by sea routes only; "
                             "the adjacency list holds land borders", where[("adjacency", frozenset((a, b)))])
    routes, seen_routes = [], {}
    for (a, b), at in _pairs(f["sea_routes"], known, errors, "sea route"):
        if (a, b) in seen_routes:
            errors.error(f"sea route {a} → {b} is listed twice (first on line {seen_routes[(a, b)].line})", at)
            continue
        if b not in islands:
            errors.error(f"sea route {a} → {b} goes to {b}, which is not in the islands list", at)
        seen_routes[(a, b)] = at
        routes.append((a, b))
    errors.raise_if_any()

    rules = load_options(RULE_SPEC, data_dir / "rules.yaml", rule_overrides)
    _check_rules(rules, data_dir / "rules.yaml", rule_overrides)
    model = Karuta(tuple(provinces), tuple(regions), tuple(highways), tuple(adjacency), tuple(routes),
                   tuple(islands), rules, MappingProxyType(where))
    _check_reach(model, errors)
    errors.raise_if_any()
    return model


def _check_rules(rules, path: Path, overrides) -> None:
    """Rule options that cannot go together, refused before any game is dealt."""
    if rules["deal"] == "equal" and rules["first_card"] == "musashi":
        # Neither default is in the pair, so an option not given with --rule was set in the file.
        from_file = {"deal", "first_card"} - {key for key, _ in overrides}
        raise KitError(f"rules deal=equal and first_card=musashi cannot go together: the equal deal "
                       f"may set {START} aside", Where(display_path(path)) if from_file else None)


def _check_reach(model: Karuta, errors: Collector) -> None:
    for p in model.provinces:
        k = p.kanji
        if k in model.islands:
            if not model.ports_of.get(k):
                errors.error(f"island {k} has no sea route to it", model.where[("island", k)])
            if k in model.on_highway:
                errors.error(f"island {k} is on a highway; islands are reached by sea only",
                             model.where[("province", k)])
        elif k not in model.on_highway and not model.neighbours[k]:
            errors.error(f"{k} is on no highway and has no neighbour, so it can never be played",
                         model.where[("province", k)])
