"""tour-de-dice's rulebook: data/tour-de-dice/rulebook.yaml, its examples played through the engine.

An example is a stretch of course and one roll:

    course:  [1, 1, 3, 2]        # the cost of each space after the start (space 0), in order
    breakaway: 3                 # the space of the Breakaway card, if any (it costs 0)
    pieces:  [[0, 3], [0, 2]]    # each piece's [space, dice]; piece 1 (A) is the active one
    leader:  1                   # the piece already through Breakaway (1-based), if any
    rollers: [1, 2]              # who rolls: the active piece, then joiners clockwise
    rolls:   [[2, 3], [6, 6]]    # each roller's dice
    to:      [3, 3]              # where each roller stops (default: as far as it may)
  and what the engine must say:
    stops:   [[0, 1, 2, 3], ...] # the spaces each roller may stop on, in order
    lost:    [0, 1]              # dice each roller loses
    held:    [2]                 # rollers Breakaway holds back
    joins:   [2]                 # the pieces that may join the active piece's roll
    order:   [2, 3]              # everyone else, nearest first clockwise (joining order)
    end:     [3, 3]              # where every piece stands after the turn
"""

from __future__ import annotations

from reportlab.lib.colors import Color, black, white

from kit.data.errors import KitError, did_you_mean
from kit.draw.imposition import Rect
from kit.draw.render import fill_rect, stroke_rect, text
from kit.rules.book import Example, load_rulebook
from kit.rules.examples import verify
from kit.rules.render import SMALL_PT, Diagram, rulebook_pdf

from kit.games.tour_de_dice import rules as engine
from kit.games.tour_de_dice.model import BREAKAWAY_PLAYERS, PLAYER_RANGE, TWO_COLOUR_PLAYERS
from kit.games.tour_de_dice.options import SPEC
from kit.games.tour_de_dice.play import START_ROLL

FILE = "rulebook.yaml"
KEYS = ("title", "text", "when", "course", "breakaway", "pieces", "leader", "rollers", "rolls", "to", "stops",
        "lost", "held", "joins", "order", "owners", "end")
NAMES = "ABCDEFGHIJKL"


def load_book(data_dir, tour):
    return load_rulebook(data_dir / FILE, SPEC).with_facts(facts(tour))


def facts(tour) -> dict:
    """The deck as the rulebook counts it, from course.yaml: each card's costs and copies, the
    goal card, the card Breakaway replaces, and the dice the table brings for six colours."""
    by_id = {c.id: c for c in tour.cards}
    gone = by_id.get(tour.breakaway.replaces)
    n = len(tour.colours)
    counts = {"card_count": str(sum(c.copies for c in tour.cards)), "breakaway_inner": str(tour.breakaway.inner),
              "dice_total": str(tour.rules["dice"] * n), "dice": str(tour.rules["dice"]), "colours": str(n),
              "start_roll": str(START_ROLL), "players_min": str(PLAYER_RANGE[0]), "players_max": str(PLAYER_RANGE[1]),
              "breakaway_min": str(BREAKAWAY_PLAYERS[0]), "breakaway_max": str(BREAKAWAY_PLAYERS[1]),
              "two_colour_players": str(TWO_COLOUR_PLAYERS)}    # the same in both
    return {
        "ja": {**counts,
               "colour_names": " ".join(c.name_ja for c in tour.colours),
               "cards": "、".join(f"{c.id}×{c.copies}（外{c.outer}/内{c.inner}）" for c in tour.cards),
               "goal": f"外{tour.goal.outer}/内{tour.goal.inner}",
               "replaced": f"{gone.id}（外{gone.outer}/内{gone.inner}）" if gone else tour.breakaway.replaces},
        "en": {**counts,
               "colour_names": ", ".join(c.name for c in tour.colours),
               "cards": ", ".join(f"{c.id} ×{c.copies} (outer {c.outer} / inner {c.inner})" for c in tour.cards),
               "goal": f"outer {tour.goal.outer} / inner {tour.goal.inner}",
               "replaced": f"{gone.id} ({gone.outer}/{gone.inner})" if gone else tour.breakaway.replaces},
    }


def _ints(ex: Example, key: str, default=None, nested: bool = False):
    value = ex.data.get(key, default)
    ok = isinstance(value, list) and all(
        (isinstance(v, list) and all(isinstance(x, int) for x in v)) if nested else isinstance(v, int) for v in value)
    if not ok:
        raise KitError(f"{key} should be a list of {'lists of ' if nested else ''}whole numbers", ex.at(key))
    return value


def setting(ex: Example):
    """The course, the race and the turn the example sets up (pieces 0-based)."""
    for key in ex.data:
        if key not in KEYS:
            raise KitError(f"unknown key {key!r}{did_you_mean(key, KEYS)}", ex.data.at(key))
    costs = _ints(ex, "course", [])
    spot = ex.data.get("breakaway")
    if spot is not None:
        if not isinstance(spot, int) or not 1 <= spot <= len(costs):
            raise KitError("breakaway should be a space of the course", ex.at("breakaway"))
        costs = list(costs)
        costs[spot - 1] = 0
    course = engine.Course(("",) * max(1, len(costs) // 2), (0,) + tuple(costs), spot)
    pieces = _ints(ex, "pieces", [], nested=True)
    leader = ex.data.get("leader")
    race = engine.Race(tuple(p[0] for p in pieces), tuple(p[1] for p in pieces),
                       None if leader is None else leader - 1)
    rollers = tuple(p - 1 for p in _ints(ex, "rollers", [1]))
    rolls = tuple(tuple(r) for r in _ints(ex, "rolls", [], nested=True))
    return course, race, rollers, rolls


def check_example(ex: Example, values):
    course, race, rollers, rolls = setting(ex)
    owner = tuple(_ints(ex, "owners", list(range(len(race.positions)))))
    players = max(owner) + 1 if owner else 0
    if "order" in ex.data:
        said = [p - 1 for p in _ints(ex, "order")]
        got = list(engine.clockwise(rollers[0], len(owner), owner, players))
        if got != said:
            yield ex.at("order"), f"the engine's clockwise order is {_names(got)}, not {_names(said)}"
    if "joins" in ex.data:
        order = engine.clockwise(rollers[0], len(race.positions), owner, players)
        said = [p - 1 for p in _ints(ex, "joins")]
        got = list(engine.may_join(race, rollers[0], len(rolls[0]) if rolls else 0, order))
        if got != said:
            yield ex.at("joins"), f"the engine lets {_names(got) or 'nobody'} join here, not {_names(said) or 'nobody'}"
    if not rolls:
        return
    wanted = [t for t in _ints(ex, "to", [])]
    offered: dict[int, list[int]] = {}

    def choose(piece, options, positions, reaches):
        offered[piece] = list(options)
        k = rollers.index(piece)
        if k < len(wanted):
            if wanted[k] not in options:
                raise KitError(f"the engine does not let {NAMES[piece]} stop on space {wanted[k]} here "
                               f"(it may stop on {', '.join(map(str, options))})", ex.at("to"))
            return wanted[k]
        return options[-1]

    after, turn = engine.resolve(course, race, rollers, rolls, choose)
    if "stops" in ex.data:
        for k, said in enumerate(_ints(ex, "stops", nested=True)):
            piece = rollers[k]
            start, to = turn.moves[k] if k < len(turn.moves) else (race.positions[piece],) * 2
            got = offered.get(piece, [to])
            if got != said:
                yield ex.at("stops"), f"the engine lets {NAMES[piece]} stop on {_spaces(got)} here, not {_spaces(said)}"
    if "lost" in ex.data and list(turn.lost) != _ints(ex, "lost"):
        yield ex.at("lost"), f"the engine takes {list(turn.lost)} dice here, not {_ints(ex, 'lost')}"
    if "held" in ex.data:
        said = sorted(p - 1 for p in _ints(ex, "held"))
        if sorted(set(turn.held)) != said:
            yield ex.at("held"), f"the engine holds back {_names(sorted(set(turn.held))) or 'nobody'} here, " \
                                 f"not {_names(said) or 'nobody'}"
    if "end" in ex.data and list(after.positions) != _ints(ex, "end"):
        yield ex.at("end"), f"the engine leaves the pieces on {list(after.positions)} here, not {_ints(ex, 'end')}"


def _names(pieces) -> str:
    return ", ".join(NAMES[p] for p in pieces)


def _spaces(spaces) -> str:
    return "[" + ", ".join(map(str, spaces)) + "]"


def verify_book(tour, book) -> int:
    return verify(book, tour.rules, check_example)


# --- diagrams ------------------------------------------------------------------------

BOX, GAP = 8.0, 1.6
INK = (Color(0.84, 0.16, 0.16), Color(0.11, 0.31, 0.85), Color(0.16, 0.62, 0.25), Color(0.8, 0.6, 0.0),
       Color(0.13, 0.13, 0.13), Color(0.55, 0.55, 0.55))
YES = Color(0.0, 0.45, 0.2)
WORDS = {"ja": ("スタート",), "en": ("start",)}
NOTE = {"ja": ("A·3 = コマAとダイス3個", "四角の数字 = そのマスのコスト", "下の数字 = マスの番号", "黒 = Breakaway（逃げ容認）"),
        "en": ("A·3 = piece A with 3 dice", "number in a square = its cost", "below it = the space's number",
               "black = Breakaway")}
STOP_NOTE = {"ja": "緑の太枠 = Aが止まれるマス", "en": "thick green = where A may stop"}


def example_diagram(ex: Example, values, lang: str, width: float) -> Diagram | None:
    if "course" not in ex.data:
        return None
    course, race, rollers, rolls = setting(ex)
    stops = ex.data.get("stops") or []
    active_stops = set(stops[0]) if stops else set()
    n = len(course.costs)
    words = WORDS[lang]
    rows = max(1, max((sum(1 for q in race.positions if q == s) for s in set(race.positions)), default=1))
    height = max(BOX + 8 + rows * 4.2 + (5 if rolls else 0), rows * 4.2 + 17)

    def draw(c, x0, y0):
        y = y0 - 2 - rows * 4.2
        for i in range(n):
            r = Rect(x0 + i * (BOX + GAP), y - BOX, BOX, BOX)
            if i == course.breakaway:
                fill_rect(c, r, black)
                text(c, r.x + BOX / 2, r.y + 3.0, "逃げ" if lang == "ja" else "Brk", SMALL_PT, "centre", white)
            else:
                stop = i in active_stops
                stroke_rect(c, r, YES if stop else black, 1.8 if stop else 0.6)
                if i:
                    text(c, r.x + BOX / 2, r.y + 3.0, str(course.costs[i]), SMALL_PT + 3, "centre")
            text(c, r.x + BOX / 2, r.y - 3.2, words[0] if i == 0 else str(i), SMALL_PT, "centre",
                 Color(0.4, 0.4, 0.4))
        count: dict[int, int] = {}
        for p, (at, dice) in enumerate(zip(race.positions, race.dice)):
            k = count.get(at, 0)
            count[at] = k + 1
            cx = x0 + at * (BOX + GAP) + BOX / 2
            cy = y + 1.8 + k * 4.2
            c.setFillColor(INK[p % len(INK)])
            c.circle(cx * 72 / 25.4, cy * 72 / 25.4, 1.7 * 72 / 25.4, stroke=0, fill=1)
            text(c, cx + 2.3, cy - 1.1, f"{NAMES[p]}·{dice}", SMALL_PT)
        if rolls:
            parts = [f"{NAMES[p]}: {' '.join(map(str, r))} (= {sum(r)})" for p, r in zip(rollers, rolls)]
            text(c, x0, y - BOX - 8, ("出目  " if lang == "ja" else "rolls  ") + "   ".join(parts), SMALL_PT + 1)
        lx = x0 + n * (BOX + GAP) + 3
        notes = NOTE[lang] if course.breakaway else NOTE[lang][:3]
        for k, s in enumerate(notes + ((STOP_NOTE[lang],) if active_stops else ())):
            text(c, lx, y - 1.5 - k * 3.4, s, SMALL_PT, fill=YES if k == len(notes) else black)

    return Diagram(height, draw)


def rules_pdf(tour, book, layout, langs: tuple[str, ...]) -> tuple[bytes, int]:
    return rulebook_pdf(book, tour.rules, layout, langs, example_diagram)
