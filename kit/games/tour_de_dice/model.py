"""The tour-de-dice data: course cards, the goal card, the Breakaway event card, the start,
the six player colours and the rule options.

`load(data_dir, overrides)` reads the YAML the designer edits, checks everything
that can be checked, and returns an immutable `Tour`. Errors name the file and line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

from kit.data.errors import Collector, KitError, Where, did_you_mean, display_path, quoted
from kit.data.options import load_options
from kit.data.yamlload import LMap, fields, load_yaml, require_files

from kit.games.tour_de_dice.options import EXCLUSIVE, SPEC as RULE_SPEC

FILES = ("course.yaml", "pieces.yaml")
# Far more course cards than a table holds in a ring; the bound also keeps a slip such as
# `copies: 99999999` from building a deck that fills the memory.
MAX_COURSE = 200
SECTIONS = (("cards", list, "the cards list"), ("goal", dict, "the goal card"),
            ("breakaway", dict, "the Breakaway event card"), ("start", dict, "the start"))


@dataclass(frozen=True)
class CourseCard:
    id: str
    outer: int        # cost of the outer space, run on lap 1
    inner: int        # cost of the inner space, run on lap 2
    copies: int = 1


@dataclass(frozen=True)
class GoalCard:
    id: str
    outer: int        # the link space from lap 1 to lap 2
    inner: int        # the goal space: reaching it wins


@dataclass(frozen=True)
class EventCard:
    """Breakaway: its outer space costs 0 and cannot be stopped on (lap 1 only)."""

    id: str
    name: str
    name_ja: str
    inner: int        # cost of its inner space on lap 2
    replaces: str     # the course card it swaps with under optional rule ①
    condition: str    # the passing condition, as printed on the card


@dataclass(frozen=True)
class Colour:
    name: str
    name_ja: str
    rgb: str


@dataclass(frozen=True)
class Tour:
    cards: tuple[CourseCard, ...]
    goal: GoalCard
    breakaway: EventCard
    start: str                      # the start's label (it lies outside the goal card)
    colours: tuple[Colour, ...]
    rules: MappingProxyType = field(default_factory=lambda: MappingProxyType({}))
    where: MappingProxyType = field(default_factory=lambda: MappingProxyType({}))  # id -> Where

    @property
    def by_id(self) -> dict[str, CourseCard]:
        return {c.id: c for c in self.cards}

    def deck(self) -> tuple[CourseCard | EventCard, ...]:
        """The course cards one per copy, with Breakaway swapped in under rule ①; no goal card."""
        out: list = []
        swapped = not self.rules.get("breakaway", False)
        for card in self.cards:
            for _ in range(card.copies):
                if not swapped and card.id == self.breakaway.replaces:
                    out.append(self.breakaway)
                    swapped = True
                else:
                    out.append(card)
        return tuple(out)

    def inverted(self) -> tuple[CourseCard, ...]:
        """Cards whose inner cost is below their outer cost, against the setup rule (larger number inside)."""
        return tuple(c for c in self.cards if c.inner < c.outer)


DIE = 6     # a die's highest face: what a piece down to one die can pay


def _cost(mapping: LMap, key: str, errors: Collector, what: str, lowest: int = 1) -> int:
    value = mapping[key]
    if value < lowest:
        word = "negative" if value < 0 else "zero"
        errors.error(f"{what} {key} cost is {word} ({value}); costs are whole numbers from {lowest}",
                     mapping.at(key))
    elif value > DIE:
        errors.error(f"{what} {key} cost is {value}; costs are whole numbers from {lowest} to {DIE}: a piece "
                     f"down to one die rolls at most {DIE}, and a dearer space would stall it for good",
                     mapping.at(key))
    return value


def load(data_dir: Path, rule_overrides=()) -> Tour:
    """Read data/tour-de-dice/*.yaml into a checked Tour value."""
    data_dir = require_files(data_dir, FILES)
    errors = Collector()
    where: dict = {}
    path = data_dir / "course.yaml"
    doc = load_yaml(path)
    name = display_path(path)
    if not isinstance(doc, dict):
        raise KitError("course.yaml should be a mapping with cards:, goal:, breakaway: and start:", Where(name, 1))
    # fields() checks the keys' types and spelling; a missing section is named here, in words.
    top = fields(doc, {}, {key: kind for key, kind, _ in SECTIONS}, what="course.yaml")
    for key, _, words in SECTIONS:
        if key not in top:
            raise KitError(f"missing {words} ({key}:)", Where(name, 1))

    cards, seen = [], {}
    for i, item in enumerate(top["cards"]):
        at = top["cards"].at(i)
        f = fields(item, {"id": str, "outer": int, "inner": int}, {"copies": int}, what="course card", where=at)
        if not f["id"].strip():
            errors.error("a course card's id is empty; the card prints it", item.at("id"))
            continue
        if f["id"] in seen:
            errors.error(f"card id {f['id']} is used twice (first on line {seen[f['id']].line})", item.at("id"))
            continue
        seen[f["id"]] = at
        where[f["id"]] = at
        copies = f.get("copies", 1)
        if copies < 1:
            errors.error(f"copies of {f['id']} should be at least 1, not {copies}", item.at("copies"))
        cards.append(CourseCard(f["id"], _cost(item, "outer", errors, f["id"]),
                                _cost(item, "inner", errors, f["id"]), copies))
    if not cards:
        errors.error("the course needs at least one course card", top["cards"].where)
    elif sum(c.copies for c in cards) > MAX_COURSE:
        most = max(cards, key=lambda c: c.copies)
        errors.error(f"the course has {sum(c.copies for c in cards)} cards, more than {MAX_COURSE} "
                     f"({most.id} has {most.copies} copies)", where[most.id])

    g = fields(top["goal"], {"id": str, "outer": int, "inner": int}, what="goal card")
    goal = GoalCard(g["id"], _cost(top["goal"], "outer", errors, "goal card link"),
                    _cost(top["goal"], "inner", errors, "goal card goal"))
    where[goal.id] = top["goal"].where
    if goal.id in seen:
        errors.error(f"the goal card's id {goal.id} is also a course card's id", top["goal"].at("id"))

    b = fields(top["breakaway"], {"id": str, "name": str, "name_ja": str, "inner": int, "replaces": str,
                                  "condition": str}, what="event card")
    event = EventCard(b["id"], b["name"], b["name_ja"], _cost(top["breakaway"], "inner", errors, "Breakaway inner"),
                      b["replaces"], b["condition"])
    where[event.id] = top["breakaway"].where
    where["replaces"] = top["breakaway"].at("replaces")
    if event.id in seen or event.id == goal.id:
        errors.error(f"the event card's id {event.id} is already used", top["breakaway"].at("id"))
    if event.replaces not in seen:
        errors.error(f"Breakaway replaces {event.replaces!r}, which is not a course card"
                     f"{did_you_mean(event.replaces, seen)}", top["breakaway"].at("replaces"))
    s = fields(top["start"], {"label": str}, what="start")

    ppath = data_dir / "pieces.yaml"
    pdoc = load_yaml(ppath)
    if not isinstance(pdoc, dict):
        raise KitError("pieces.yaml should be a mapping with colours:", Where(display_path(ppath), 1))
    colours_list = fields(pdoc, {"colours": list}, what="pieces.yaml")["colours"]
    colours = []
    for i, item in enumerate(colours_list):
        f = fields(item, {"name": str, "name_ja": str, "rgb": str}, what="colour", where=colours_list.at(i))
        if not (len(f["rgb"]) == 7 and f["rgb"].startswith("#")
                and all(ch in "0123456789abcdefABCDEF" for ch in f["rgb"][1:])):
            errors.error(f"colour {f['rgb']!r} should be #RRGGBB", item.at("rgb"))
        for key in ("name", "name_ja"):
            twice = next((c for c in colours if getattr(c, key) == f[key]), None)
            if twice is not None:
                errors.error(f"two colours are named {quoted(f[key])}; each player's colour needs its own name",
                             item.at(key))
        colours.append(Colour(f["name"], f["name_ja"], f["rgb"]))
    if len(colours) != 6:
        errors.error(f"pieces.yaml needs six colours (six player markers), not {len(colours)}",
                     colours_list.where)
    errors.raise_if_any()

    rules = load_rules(data_dir, rule_overrides)
    return Tour(tuple(cards), goal, event, s["label"], tuple(colours), rules, MappingProxyType(where))


def load_rules(data_dir: Path, overrides=()) -> MappingProxyType:
    """The rule options; optional rules ① and ② together are refused, naming both."""
    path = Path(data_dir) / "rules.yaml"
    rules = load_options(RULE_SPEC, path, overrides)
    if all(rules[name] for name in EXCLUSIVE):
        raise KitError(f"rules {EXCLUSIVE[0]} (optional rule ①) and {EXCLUSIVE[1]} (optional rule ②) "
                       "cannot both be on: the rules allow only one of them", _rule_where(path, overrides))
    doc = load_yaml(path) if path.exists() else None
    presets = doc.get("presets") if isinstance(doc, LMap) else None
    for name in (presets if isinstance(presets, LMap) else ()):   # every preset, not just the one run
        chosen = load_options(RULE_SPEC, path, (("preset", name),))
        if all(chosen[key] for key in EXCLUSIVE):
            raise KitError(f"preset {quoted(name)} turns on both {EXCLUSIVE[0]} (optional rule ①) and "
                           f"{EXCLUSIVE[1]} (optional rule ②): the rules allow only one of them", presets.at(name))
    return rules


def _rule_where(path: Path, overrides) -> Where | None:
    """The rules.yaml line that turned the second option on, unless --rule did."""
    if any(key in EXCLUSIVE for key, _ in overrides) or not path.exists():
        return None
    doc = load_yaml(path)
    lines = [doc.at(k).line for k in EXCLUSIVE if isinstance(doc, LMap) and k in doc]
    return Where(display_path(path), max(lines)) if lines else None


PLAYER_RANGE = (2, 6)          # the players a race seats
BREAKAWAY_PLAYERS = (3, 6)     # optional rule ①'s table sizes
TWO_COLOUR_PLAYERS = 3         # optional rule ②'s only table size


def default_players(rules) -> int:
    """The player count when none is given: the rules' `players`, within what the optional rules allow."""
    if rules["two_colours"]:
        return TWO_COLOUR_PLAYERS
    return max(BREAKAWAY_PLAYERS[0], rules["players"]) if rules["breakaway"] else rules["players"]


def check_players(rules, players: int) -> int:
    """The player count, checked against the optional rules in force."""
    low, high = BREAKAWAY_PLAYERS
    if rules["two_colours"] and players != TWO_COLOUR_PLAYERS:
        raise KitError(f"two_colours (optional rule ②) is for exactly {TWO_COLOUR_PLAYERS} players, not {players}")
    if rules["breakaway"] and not low <= players <= high:
        raise KitError(f"breakaway (optional rule ①) is for {low} to {high} players, not {players}")
    if not PLAYER_RANGE[0] <= players <= PLAYER_RANGE[1]:
        raise KitError(f"tour-de-dice is for {PLAYER_RANGE[0]} to {PLAYER_RANGE[1]} players, not {players}")
    return players
