"""The karuta rules as a pure engine: game state, every legal turn, and whole games.

Cards are small ints (province number - 1, so 0..67); a hand or the board is an int
bitmask of them. A state is an immutable value; `apply` returns a new one.

How the designer's rules are read (each open point is a rule option, see
data/karuta/rules.yaml):

- A highway grows in *lines*: runs of its provinces played one after another along
  it, each with an *end* that grows one way. A card on the board that lies on a
  highway but is not part of one of its lines is a *junction* of that highway: a
  chain - this turn's or a later one - may switch onto the highway there, and the
  junction becomes the start of a new line. The game's first card, a crossing card
  played along another highway and a highway card played by adjacency are
  junctions of their highways. A highway's first line begins at a junction.
- Which lines a card joins (`joins`). With `along` (default) a card joins only the
  lines of the highways it was played along: a chain keeps to the highway(s) it came
  by and switches onto another only for a card it could not reach by carrying on.
  So a 中国路 chain 備前 → 備中 leaves 備前 a junction of the 金毘羅往来, and 讃岐 may
  still follow it there. With `every_line` a placed card extends every line it is
  next on, whatever route it came by (備前 → 備中 would turn the 金毘羅往来 towards 備中
  and leave 讃岐 behind its start).
- Starting a highway that has no card on the board yet (`open_highway`): with
  `crossing_only` (default, the written rules: adjacency is for provinces on no
  highway) it starts only at a junction; with `neighbour` any of its provinces may be
  played when a province next to it - by a border, a highway leg or a sea route - is
  on the board, and a chain may follow. `State.along` records
  the highways each card was played along.
- Direction (`direction`). With `second_card` (default) a line starting in
  mid-highway may grow either way until the next card played along it fixes the
  direction; a start at either end of the highway can only grow inwards. So a 中山道
  chain reaching 近江 may switch to the 東海道 there and carry on to 伊勢, though 伊勢
  lies before 近江 in the 東海道's origin order. With `both_ways` the start keeps
  growing outwards on its other side too (each side one way). With `origin` lines
  only grow away from the origin, and that switch is not possible.
- Cards behind a line's start (`behind_start`): `dead` (default) - the rules' "one
  direction only" - they can never join that line; `adjacency` lets such a card in
  as a single card next to any province on the board.
- A crossing card reaching a highway whose line is elsewhere (`crossing`): with
  `new_line` (default) it is a junction of that highway - so a chain can always
  switch at a crossing, as the rules' switching example needs: the 中山道 from 武蔵
  reaching 近江 turns onto the 東海道 towards 伊勢 although the 東海道's own line started
  at 武蔵. Lines that meet stop there. With `pass_through` a highway keeps one line
  (its first junction); the card waits, and when the line reaches it the line's next
  playable province is the first free one beyond. `block` stops the one line there.
- A chain: the first card extends some line's end (the next free province after the
  end, in the line's direction) or, with `open_highway: neighbour`, starts a highway
  with no card on the board; each later card extends a line whose end is the card
  just played, or switches onto a highway at it if that card is a junction.
- Adjacency: a province on no highway and not an island, next to any province on
  the board. Sea: an island with a sea route from a province on the board. One card
  each. Islands come only by sea.
- A round is one turn per player in seat order from its starter (`round_start`).
  Passing (`passing`) is allowed only when stuck by default. The first player to
  empty their hand wins at once. When every player has passed since the last card
  was played the game is a stall, scored by `stall` and `tie_break`; a shared win
  gives each tied player an equal fraction, so win shares of a game always add up
  to 1 (or 0 with no_winner).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import reduce
from itertools import compress
from operator import not_, or_
from typing import NamedTuple

from kit.games.karuta.model import START, Karuta

PASS: tuple[int, ...] = ()


@dataclass(frozen=True)
class Rules:
    deal: str = "even"
    first_card: str = "any"
    joins: str = "along"
    open_highway: str = "crossing_only"
    direction: str = "second_card"
    behind_start: str = "dead"
    crossing: str = "new_line"
    chain_limit: int = 0
    passing: str = "when_stuck"
    round_start: str = "random"
    stall: str = "fewest_cards"
    tie_break: str = "shared"

    @classmethod
    def from_options(cls, options) -> "Rules":
        return cls(**{f.name: options[f.name] for f in dataclasses.fields(cls) if f.name in options})


@dataclass(frozen=True)
class Tables:
    """The map as small ints, precomputed once per game variant (picklable, no model)."""

    names: tuple[str, ...]                           # card -> kanji
    highway_names: tuple[str, ...]
    routes: tuple[tuple[int, ...], ...]              # highway -> cards from its origin
    route_masks: tuple[int, ...]                     # highway -> mask of its cards
    slots: tuple[tuple[tuple[int, int], ...], ...]   # card -> ((highway, index on it), ...)
    highway_mask: int
    adjacency_mask: int                              # on no highway and not an island
    island_mask: int
    neighbours: tuple[int, ...]                      # card -> mask of its neighbours
    links: tuple[int, ...]                           # card -> neighbours, highway legs and sea routes
    boats: tuple[int, ...]                           # card -> mask of islands a boat reaches from it
    crossing_mask: int
    start: int                                       # Musashi's card, or -1
    # card -> cards that could ever follow it in a chain: its neighbours along its highways,
    # or (under crossing: pass_through, when lines skip placed cards) all of those highways.
    # The chain search skips placing a card whose followers are not in the hand.
    follow_next: tuple[int, ...] = ()
    follow_any: tuple[int, ...] = ()
    # card -> ((highway, index, card before it or -1, card after it or -1, direction of a
    # line starting there), ...): `slots` with what placing the card needs, looked up once.
    sides: tuple[tuple[tuple[int, int, int, int, int], ...], ...] = ()

    @property
    def cards(self) -> int:
        return len(self.names)

    def card(self, kanji: str) -> int:
        return self.names.index(kanji)


def tables(model: Karuta) -> Tables:
    names = tuple(p.kanji for p in model.provinces)
    ids = {k: i for i, k in enumerate(names)}
    routes = tuple(tuple(ids[k] for k in h.provinces) for h in model.highways)
    slots = [[] for _ in names]
    for h, route in enumerate(routes):
        for i, c in enumerate(route):
            slots[c].append((h, i))
    islands = {ids[k] for k in model.islands}
    neighbours = [0] * len(names)
    for a, b in model.adjacency:
        neighbours[ids[a]] |= 1 << ids[b]
        neighbours[ids[b]] |= 1 << ids[a]
    boats = [0] * len(names)
    for a, b in model.sea_routes:
        boats[ids[a]] |= 1 << ids[b]
    links = list(neighbours)
    legs = [(r[k], r[k + 1]) for r in routes for k in range(len(r) - 1)]
    for a, b in legs + [(ids[a], ids[b]) for a, b in model.sea_routes]:
        links[a] |= 1 << b
        links[b] |= 1 << a
    on = {c for c in range(len(names)) if slots[c]}
    follow_next, follow_any = [0] * len(names), [0] * len(names)
    for h, route in enumerate(routes):
        for i, c in enumerate(route):
            follow_next[c] |= _mask(route[j] for j in (i - 1, i + 1) if 0 <= j < len(route))
            follow_any[c] |= _mask(route) & ~(1 << c)
    sides = tuple(tuple((h, i, routes[h][i - 1] if i else -1, routes[h][i + 1] if i + 1 < len(routes[h]) else -1,
                        2 if i == 0 else -2 if i == len(routes[h]) - 1 else 0) for h, i in s) for s in slots)
    return Tables(
        names=names, highway_names=tuple(h.name for h in model.highways), routes=routes,
        route_masks=tuple(_mask(r) for r in routes),
        slots=tuple(tuple(s) for s in slots),
        highway_mask=_mask(on), adjacency_mask=_mask(set(range(len(names))) - on - islands),
        island_mask=_mask(islands), neighbours=tuple(neighbours), links=tuple(links), boats=tuple(boats),
        crossing_mask=_mask(c for c in on if len(slots[c]) > 1), start=ids.get(START, -1),
        follow_next=tuple(follow_next), follow_any=tuple(follow_any), sides=sides)


def _mask(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def bits(mask: int):
    """The cards of a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class State(NamedTuple):
    """The game between turns. A NamedTuple rather than a frozen dataclass: one is built
    for every turn and for every turn a policy looks ahead at, and tuples are several
    times cheaper to make."""

    board: int
    hands: tuple[int, ...]
    ends: tuple[tuple[tuple[int, int], ...], ...]   # highway -> its line ends (index, direction)
    opens: tuple[int, ...]                          # highway -> mask of cards that extend its lines now
    opening: int                                    # every card that may start a chain now
    near: int                                       # cards next to a province on the board
    boat: int                                       # islands a boat reaches from the board
    turn: int = 0                                   # turns taken so far
    last_play: tuple[int, ...] = ()                 # seat -> turn of its last play (-1: none)
    along: tuple[int, ...] = ()                     # card -> mask of the highways it was played along
    linked: int = 0                                 # cards next to the board by border, highway or sea
    passed: int = 0                                 # mask of the seats that passed since the last play
    # The cards of the highways with no card on the board (-1: not worked out yet). With
    # open_highway: neighbour those next to the board are in `opening` too, not in `opens`.
    unstarted: int = -1


def start_state(t: Tables, hands: tuple[int, ...]) -> State:
    n = len(t.routes)
    return State(board=0, hands=tuple(hands), ends=((),) * n, opens=(0,) * n, opening=0, near=0, boat=0,
                 last_play=(-1,) * len(hands), along=(0,) * t.cards, unstarted=t.highway_mask)


# --- lines ---------------------------------------------------------------------------
# These run inside the chain search, tens of thousands of times a second: plain ints
# and tuples, locals over attributes.
#
# A line end is (index on the route, direction). Directions 1 and -1: the end card was
# played along the highway and the line grows that way. 0, 2 and -2: a junction, a
# single card not played along the highway, which may grow both ways (0) or, at either
# end of the route or under `direction: origin`, only one way (2: up, -2: down).

WAYS = {1: (1,), -1: (-1,), 0: (-1, 1), 2: (1,), -2: (-1,)}   # direction -> the ways it may grow


def _next(route, t: int, s: int, board: int, through: bool) -> int:
    """Index of the card that extends the end at `t` in direction `s`, or -1."""
    j = t + s
    if through:
        while 0 <= j < len(route) and board >> route[j] & 1:
            j += s
    if 0 <= j < len(route) and not board >> route[j] & 1:
        return j
    return -1


def _step(route, e: int, d: int, i: int, board: int, through: bool) -> int:
    """The way (1 or -1) the line end (e, d) grows to reach index `i` next, or 0."""
    if through:
        for s in WAYS[d]:
            if _next(route, e, s, board, True) == i:
                return s
        return 0
    s = i - e   # the card right beside the end, on the side(s) it grows
    if s * s != 1 or d and (d > 0) != (s > 0):
        return 0
    return s


# place() remembers its last few answers by the identity of its (immutable) arguments:
# the chain search places a card, then apply() - and a policy looking ahead - place it
# again on the same ends. Each entry keeps its `ends` alive, so an id is never reused
# while it is stored.
_PLACED: dict = {}
_PLACED_MAX = 512


def place(t: Tables, rules: Rules, ends, board: int, card: int, prev: int = -1):
    """Place `card` (board excludes it) after `prev`, the card played just before it in the
    same chain (-1: none): (new ends, cards that may continue a chain from it, mask of the
    highways it was played along)."""
    slots = t.sides[card]
    if not slots:
        return ends, 0, 0
    key = (id(ends), board, card, prev)
    known = _PLACED.get(key)
    if known is not None and known[0] is ends and known[1] is t and known[2] is rules:
        return known[3]
    out = _place(t, rules, ends, board, card, prev, slots)
    if len(_PLACED) >= _PLACED_MAX:
        _PLACED.clear()
    _PLACED[key] = (ends, t, rules, out)
    return out


def _place(t: Tables, rules: Rules, ends, board: int, card: int, prev: int, slots):
    through = rules.crossing == "pass_through"
    along_only = prev >= 0 and rules.joins == "along"
    routes = t.routes
    # The line ends this card extends: (highway, line number, way, old direction).
    hits = []
    keep = False
    for h, i, lo, hi, _ in slots:
        k = 0
        for e, d in ends[h]:
            if through:
                s = _step(routes[h], e, d, i, board, True)
                if s and not (along_only and routes[h][e] != prev):
                    hits.append((h, k, s, d))
                    keep = keep or d == s
            elif i - e == 1:   # the card right beside the end, on the side it grows
                if d >= 0 and not (along_only and lo != prev):
                    hits.append((h, k, 1, d))
                    keep = keep or d == 1
            elif i - e == -1:
                if d <= 0 and not (along_only and hi != prev):
                    hits.append((h, k, -1, d))
                    keep = keep or d == -1
            k += 1
    if keep and rules.joins == "along":
        # Carrying on along a highway beats switching onto one at a junction: the
        # junction stays open both ways.
        hits = [x for x in hits if x[3] == x[2]]
    both = rules.direction == "both_ways"
    seeds = rules.crossing == "new_line"
    after = board | 1 << card
    new = list(ends)
    cont = joined = 0
    for h, i, lo, hi, seed in slots:
        old = ends[h]
        line = None
        up = down = False
        for x in hits:
            if x[0] == h:
                if line is None:
                    line = list(old)
                _, k, s, d = x
                if both and not d:   # the start's other side grows on, away from it
                    line.append((line[k][0], -s))
                line[k] = (i, s)
                if s > 0:
                    up = True
                else:
                    down = True
        if line is not None:
            new[h] = tuple(line)
            joined |= 1 << h
        elif not old or seeds:
            d = 2 if rules.direction == "origin" else seed
            new[h] = old + ((i, d),)
            up, down = d >= 0, d <= 0
        else:
            continue
        if through:
            route = routes[h]
            for s in (1, -1):
                if up if s > 0 else down:
                    j = _next(route, i, s, after, True)
                    if j >= 0:
                        cont |= 1 << route[j]
        else:
            if up and hi >= 0 and not after >> hi & 1:
                cont |= 1 << hi
            if down and lo >= 0 and not after >> lo & 1:
                cont |= 1 << lo
    return tuple(new), cont, joined


# --- legal turns ---------------------------------------------------------------------

def first_cards(t: Tables, rules: Rules) -> int:
    if rules.first_card == "musashi" and t.start >= 0:
        return 1 << t.start
    if rules.first_card == "highway":
        return t.highway_mask
    return (1 << t.cards) - 1


def behind(t: Tables, state: State, cards: int) -> int:
    """Of `cards` (on highways), those behind every line of every highway they lie on."""
    out = 0
    lines, sides = state.ends, t.sides
    while cards:
        low = cards & -cards
        cards ^= low
        for h, i, _, _, _ in sides[low.bit_length() - 1]:
            ends = lines[h]
            if not ends:
                break
            for e, d in ends:
                if d == 0 or (i - e) * d > 0:
                    break
            else:
                continue
            break
        else:
            out |= low
    return out


def single_cards(t: Tables, rules: Rules, state: State, hand: int) -> int:
    """Cards of `hand` playable alone, by adjacency or by sea."""
    if not state.board:
        return 0
    m = hand & (t.adjacency_mask & state.near | t.island_mask & state.boat)
    if rules.behind_start == "adjacency":
        m |= behind(t, state, hand & t.highway_mask & state.near)
    return m


def chains(t: Tables, rules: Rules, state: State, hand: int) -> list[tuple[int, ...]]:
    """Every highway chain `hand` can play now, each prefix of a chain being one too."""
    out: list[tuple[int, ...]] = []
    limit = rules.chain_limit or 1 << 30
    follow = t.follow_any if rules.crossing == "pass_through" else t.follow_next
    board = state.board
    starts = (state.opening if board else first_cards(t, rules)) & hand
    while starts:
        low = starts & -starts
        starts ^= low
        c = low.bit_length() - 1
        out.append((c,))
        if limit > 1 and follow[c] & hand:
            ends, cont, _ = place(t, rules, state.ends, board, c)
            if cont & hand:
                _grow(t, rules, out, (c,), board | low, ends, cont, hand ^ low, limit, follow)
    return out


def _grow(t, rules, out, path, board, ends, cont, left, limit, follow):
    # Depth-first over the hand: each card placed opens only the cards after it. A card
    # none of whose followers is in the hand ends its chain without being placed.
    cont &= left
    while cont:
        low = cont & -cont
        cont ^= low
        c = low.bit_length() - 1
        p2 = path + (c,)
        out.append(p2)
        if len(p2) < limit and follow[c] & left:
            e2, c2, _ = place(t, rules, ends, board, c, path[-1])
            if c2 & left:
                _grow(t, rules, out, p2, board | low, e2, c2, left ^ low, limit, follow)


def legal_turns(t: Tables, rules: Rules, state: State, seat: int) -> list[tuple[int, ...]]:
    """Every legal turn for `seat`: card tuples in play order; PASS (empty) when allowed."""
    hand = state.hands[seat]
    turns = chains(t, rules, state, hand) if hand & (state.opening if state.board else -1) else []
    singles = single_cards(t, rules, state, hand)
    if singles:
        turns.extend((c,) for c in bits(singles))
    if not turns or rules.passing == "any_time":
        turns.append(PASS)
    return turns


def apply(t: Tables, rules: Rules, state: State, seat: int, turn: tuple[int, ...]) -> State:
    """The state after `seat` takes `turn` (assumed legal)."""
    if not turn:
        return State(state.board, state.hands, state.ends, state.opens, state.opening, state.near, state.boat,
                     state.turn + 1, state.last_play, state.along, state.linked, state.passed | 1 << seat,
                     state.unstarted)
    board, ends, near, boat, linked = state.board, state.ends, state.near, state.boat, state.linked
    along = list(state.along)
    prev = -1
    sides = t.sides
    for c in turn:
        if sides[c]:
            ends, _, along[c] = place(t, rules, ends, board, c, prev)
        board |= 1 << c
        near |= t.neighbours[c]
        linked |= t.links[c]
        boat |= t.boats[c]
        prev = c
    # Only the lines of the highways the turn's cards lie on change; a highway with no
    # card on the board opens (open_highway: neighbour) wherever the board is next to it.
    opens = list(state.opens)
    through = rules.crossing == "pass_through"
    routes = t.routes
    unstarted = state.unstarted
    for c in turn:
        for h, _, _, _, _ in t.sides[c]:
            if not state.ends[h]:
                unstarted = -1
            route = routes[h]
            m = 0
            if through:
                for e, d in ends[h]:
                    for s in WAYS[d]:
                        j = _next(route, e, s, board, True)
                        if j >= 0:
                            m |= 1 << route[j]
            else:
                n = len(route)
                for e, d in ends[h]:
                    if d >= 0 and e + 1 < n and not board >> route[e + 1] & 1:
                        m |= 1 << route[e + 1]
                    if d <= 0 and e and not board >> route[e - 1] & 1:
                        m |= 1 << route[e - 1]
            opens[h] = m
    if unstarted < 0:   # a highway got its first card: list the rest again
        unstarted = reduce(or_, compress(t.route_masks, map(not_, ends)), 0)
    opening = reduce(or_, opens)
    if rules.open_highway == "neighbour":
        opening |= unstarted & linked & ~board
    hands = list(state.hands)
    hands[seat] &= ~board
    last = list(state.last_play)
    last[seat] = state.turn
    return State(board, tuple(hands), ends, tuple(opens), opening, near, boat, state.turn + 1, tuple(last),
                 tuple(along), linked, 0, unstarted)


# --- explaining an illegal turn ------------------------------------------------------

def explain(t: Tables, rules: Rules, state: State, seat: int, turn: tuple[int, ...]) -> str | None:
    """Why `seat` may not take `turn` now, or None when it is legal."""
    hand = state.hands[seat]
    name = t.names.__getitem__
    if not turn:
        if rules.passing == "when_stuck":
            playable = [x for x in legal_turns(t, rules, state, seat) if x]
            if playable:
                return f"a pass, but {name(playable[0][0])} could be played (pass only when stuck)"
        return None
    seen = set()
    for c in turn:
        if c in seen:
            return f"{name(c)} is played twice"
        seen.add(c)
        if state.board >> c & 1:
            return f"{name(c)} is already on the board"
        if not hand >> c & 1:
            return f"{name(c)} is not in seat {seat + 1}'s hand"
    first = turn[0]
    if not state.board:
        if not first_cards(t, rules) >> first & 1:
            must = t.names[t.start] if rules.first_card == "musashi" else "on a highway"
            return f"the first card of the game must be {must}"
    elif not state.opening >> first & 1:
        if single_cards(t, rules, state, 1 << first):
            if len(turn) > 1:
                how = "by sea" if t.island_mask >> first & 1 else "by adjacency"
                return f"{name(first)} is played {how}, one card per turn; nothing may follow it"
            return None
        return _why_not(t, rules, state, first)
    if rules.chain_limit and len(turn) > rules.chain_limit:
        return f"a chain of {len(turn)} cards; the chain limit is {rules.chain_limit}"
    ends, cont, _ = place(t, rules, state.ends, state.board, first)
    board = state.board | 1 << first
    for prev, c in zip(turn, turn[1:]):
        if not cont >> c & 1:
            follow = " or ".join(name(x) for x in bits(cont)) or "nothing"
            return f"{name(c)} does not continue a highway line from {name(prev)} (what may follow: {follow})"
        ends, cont, _ = place(t, rules, ends, board, c, prev)
        board |= 1 << c
    return None


def _why_not(t: Tables, rules: Rules, state: State, c: int) -> str:
    name = t.names[c]
    if t.island_mask >> c & 1:
        return f"{name} is an island and no boat reaches it from a province on the board"
    if t.adjacency_mask >> c & 1:
        return f"{name} is on no highway and none of its neighbours is on the board"
    parts = []
    for h, i in t.slots[c]:
        nexts = [t.names[x] for x in bits(state.opens[h])]
        if not state.ends[h]:
            how = (f"and nothing next to {name} is on the board" if rules.open_highway == "neighbour"
                   else "(a highway starts only at one of its provinces already on the board)")
            parts.append(f"no card of the {t.highway_names[h]} is on the board yet {how}")
        else:
            parts.append(f"on the {t.highway_names[h]} only {' or '.join(nexts) or 'nothing'} may come next")
    return f"{name} does not extend a highway line: " + "; ".join(parts)


# --- whole games ---------------------------------------------------------------------

@dataclass(frozen=True)
class Result:
    turns: int
    passes: int
    stalled: bool
    wins: tuple[float, ...]     # seat -> share of the win (a game's shares add up to 1 or 0)
    left: tuple[int, ...]       # seat -> cards left in hand
    stuck: int                  # mask of the cards still in a hand at the end


def round_starter(rules: Rules, n: int, previous: int | None, first: int | None, rng) -> int:
    """Who starts the next round; `first` forces the first round's starter (Musashi's holder)."""
    if previous is None:
        return first if first is not None else rng.randrange(n)
    if rules.round_start == "random":
        return rng.randrange(n)
    return (previous + 1) % n if rules.round_start == "rotate" else previous


def opening_seat(t: Tables, rules: Rules, hands) -> int | None:
    if rules.first_card == "musashi" and t.start >= 0:
        return next(s for s, h in enumerate(hands) if h >> t.start & 1)
    return None


def is_stalled(state: State) -> bool:
    """Every player has passed since the last card was played. A count of passes in a row
    is not enough: with a die for each round's starter a seat may pass at the end of one
    round and again at the start of the next before another seat has had its turn."""
    return state.passed == (1 << len(state.hands)) - 1


def outcome(rules: Rules, state: State, stalled: bool) -> tuple[float, ...]:
    n = len(state.hands)
    left = [h.bit_count() for h in state.hands]
    if not stalled:
        return tuple(1.0 if x == 0 else 0.0 for x in left)
    if rules.stall == "no_winner":
        return (0.0,) * n
    fewest = min(left)
    tied = [s for s in range(n) if left[s] == fewest]
    if rules.tie_break == "last_played" and len(tied) > 1:
        latest = max(state.last_play[s] for s in tied)
        if latest >= 0:
            tied = [s for s in tied if state.last_play[s] == latest]
    return tuple(1.0 / len(tied) if s in tied else 0.0 for s in range(n))


def play(t: Tables, rules: Rules, hands: tuple[int, ...], policies, rng, record=None) -> Result:
    """Play one game to its end; `policies[seat](t, rules, state, seat, turns, rng)` picks a turn.

    `record`, when a list, receives (seat, turn) for every turn taken.
    """
    n = len(hands)
    everyone = (1 << n) - 1
    state = start_state(t, hands)
    starter, passes = None, 0
    first = opening_seat(t, rules, hands)
    while True:
        starter = round_starter(rules, n, starter, first, rng)
        for k in range(n):
            seat = (starter + k) % n
            turns = legal_turns(t, rules, state, seat)
            turn = turns[0] if len(turns) == 1 else policies[seat](t, rules, state, seat, turns, rng)
            state = apply(t, rules, state, seat, turn)
            if record is not None:
                record.append((seat, turn))
            if not turn:
                passes += 1
            stalled = state.passed == everyone   # is_stalled
            if stalled or not state.hands[seat]:
                stuck = 0
                for h in state.hands:
                    stuck |= h
                return Result(state.turn, passes, stalled, outcome(rules, state, stalled),
                              tuple(h.bit_count() for h in state.hands), stuck)
