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
  the highways each card was played along (see `played_along`).
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

from dataclasses import dataclass
from functools import partial, reduce
from itertools import compress
from operator import not_, or_
from typing import NamedTuple

from kit.data.options import rules_type
from kit.games.karuta.model import START, Karuta
from kit.games.karuta.options import SPEC
from kit.sim.draws import randrange

PASS: tuple[int, ...] = ()


Rules = rules_type("Rules", SPEC, __name__, "karuta's rule options (kit/games/karuta/options.py), as the engine reads them.")


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
    card_highways: tuple[int, ...] = ()             # card -> mask of the highways it lies on
    # highway -> index -> (the cards after it, the cards before it, nearest first): where
    # a line passing through placed cards (crossing: pass_through) looks for its next card.
    rays: tuple[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...], ...] = ()
    # highway -> index a -> index b -> mask of the cards strictly between them on the route.
    between: tuple[tuple[tuple[int, ...], ...], ...] = ()
    alone: tuple[tuple[int], ...] = ()              # card -> the turn of that card alone, made once
    card_routes: tuple[int, ...] = ()               # card -> the cards of the highways it lies on
    # highway -> (index -> the card after it as a mask or 0, index -> the card before it or 0):
    # what a line end extends to, looked up rather than worked out (see _beside).
    steps: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = ()

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
        follow_next=tuple(follow_next), follow_any=tuple(follow_any), sides=sides,
        card_highways=tuple(_mask(h for h, _ in s) for s in slots),
        rays=tuple(tuple((r[i + 1:], r[:i][::-1]) for i in range(len(r))) for r in routes),
        between=tuple(tuple(tuple(_mask(r[min(a, b) + 1:max(a, b)]) for b in range(len(r))) for a in range(len(r)))
                      for r in routes),
        alone=tuple((c,) for c in range(len(names))),
        card_routes=tuple(reduce(or_, (_mask(routes[h]) for h, _ in s), 0) for s in slots),
        steps=tuple((tuple(1 << c for c in r[1:]) + (0,), (0,) + tuple(1 << c for c in r[:-1])) for r in routes))


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
    # The highways each card was played along: card c's mask of highways in the bits from
    # c * (number of highways) up (see played_along). One int rather than a tuple per card:
    # a card is played once, so a turn only ORs its masks in instead of copying 68 entries.
    along: int = 0
    linked: int = 0                                 # cards next to the board by border, highway or sea
    passed: int = 0                                 # mask of the seats that passed since the last play
    # The cards of the highways with no card on the board (-1: not worked out yet). With
    # open_highway: neighbour those next to the board are in `opening` too, not in `opens`.
    unstarted: int = -1
    reach: int = 0                                  # the cards of every highway's opens, kept up turn by turn


def start_state(t: Tables, hands: tuple[int, ...]) -> State:
    n = len(t.routes)
    return State(board=0, hands=tuple(hands), ends=((),) * n, opens=(0,) * n, opening=0, near=0, boat=0,
                 last_play=(-1,) * len(hands), unstarted=t.highway_mask)


def played_along(t: Tables, state: State, card: int) -> int:
    """The mask of the highways `card` was played along (0: none, or not on the board)."""
    n = len(t.routes)
    return state.along >> card * n & (1 << n) - 1


# --- lines ---------------------------------------------------------------------------
# These run inside the chain search, tens of thousands of times a second: plain ints
# and tuples, locals over attributes.
#
# A line end is (index on the route, direction). Directions 1 and -1: the end card was
# played along the highway and the line grows that way. 0, 2 and -2: a junction, a
# single card not played along the highway, which may grow both ways (0) or, at either
# end of the route or under `direction: origin`, only one way (2: up, -2: down).

def _first_free(ray, board: int) -> int:
    """The first card of `ray` not on the board, or -1: the card that extends a line
    passing through placed cards (crossing: pass_through)."""
    for c in ray:
        if not board >> c & 1:
            return c
    return -1


# What placing a card does to the lines of its highways depends only on the card, the
# card before it, those highways' line ends and (crossing: pass_through) which of their
# cards are on the board; the same few shapes come back game after game, so effect()
# remembers them by value, one memo per (tables, rules).
_MEMO: tuple = (None, None, {}, False, {})
_MEMO_MAX = 1 << 18


def _memo(t: Tables, rules: Rules):
    """(tables, rules, {placing: its effect}, crossing is pass_through, {(highway, line ends,
    its cards on the board): the cards that extend them (crossing: pass_through)})."""
    global _MEMO
    memo = _MEMO
    if memo[0] is not t or memo[1] is not rules or len(memo[2]) >= _MEMO_MAX or len(memo[4]) >= _MEMO_MAX:
        memo = _MEMO = (t, rules, {}, rules.crossing == "pass_through", {})
    return memo


def place(t: Tables, rules: Rules, ends, board: int, card: int, prev: int = -1):
    """Place `card` (board excludes it) after `prev`, the card played just before it in the
    same chain (-1: none): (new ends, cards that may continue a chain from it, mask of the
    highways it was played along)."""
    lines, cont, joined, _ = effect(t, rules, ends, board, card, prev)
    return with_lines(ends, lines), cont & ~(board | 1 << card), joined


def with_lines(ends, lines):
    """`ends` with the lines an effect() changed."""
    if not lines:
        return ends
    new = list(ends)
    for h, line in lines:
        new[h] = line
    return tuple(new)


def effect(t: Tables, rules: Rules, ends, board: int, card: int, prev: int = -1):
    """What placing `card` after `prev` does, as place() but without making the new ends:
    (((highway, its new line ends), ...), cont, joined, opens), where `cont` may also hold
    cards on the board: the caller masks it with the cards it still has. `opens` gives every
    highway of the card with the cards that extend its lines once the card is placed (before
    masking with the board; under crossing: pass_through, as if the turn were that card alone).
    Carrying them in the same memo spares apply() a second look-up per highway."""
    slots = t.sides[card]
    if not slots:
        return (), 0, 0, ()
    memo = _MEMO
    if memo[0] is not t or memo[1] is not rules:
        memo = _memo(t, rules)
    n = len(slots)
    if n == 1:
        key = (card, prev, ends[slots[0][0]])
    elif n == 2:   # a crossing
        key = (card, prev, ends[slots[0][0]], ends[slots[1][0]])
    else:
        key = (card, prev, *[ends[x[0]] for x in slots])
    if memo[3]:
        key += (board & t.card_routes[card],)
    known = memo[2].get(key)
    if known is None:
        if len(memo[2]) >= _MEMO_MAX:
            memo = _memo(t, rules)
        known = memo[2][key] = _place(t, rules, ends, board if memo[3] else 0, card, prev, slots, memo[4])
    return known


def _place(t: Tables, rules: Rules, ends, board: int, card: int, prev: int, slots, extends: dict):
    # effect() of a placing not seen before. About one placing in three that a game applies
    # is new to the memo, so this is worth keeping lean too.
    through = rules.crossing == "pass_through"
    along_only = prev >= 0 and rules.joins == "along"
    # Per highway of the card, the line ends it extends: (line number, way, old direction).
    found = []
    keep = False
    for slot in slots:
        h, i, lo, hi, _ = slot
        hits = []
        if through:
            # The line reaches the card when every card between its end and the card is
            # on the board.
            between, route = t.between[h], t.routes[h]
            for k, (e, d) in enumerate(ends[h]):
                s = 1 if i > e else -1
                gap = between[e][i]
                if (d == 0 or (d > 0) == (s > 0)) and board & gap == gap and not (along_only and route[e] != prev):
                    hits.append((k, s, d))
                    keep = keep or d == s
        else:
            for k, (e, d) in enumerate(ends[h]):   # the card right beside the end, on the side it grows
                if e == i - 1:
                    if d >= 0 and not (along_only and lo != prev):
                        hits.append((k, 1, d))
                        keep = keep or d == 1
                elif e == i + 1:
                    if d <= 0 and not (along_only and hi != prev):
                        hits.append((k, -1, d))
                        keep = keep or d == -1
        found.append((slot, hits))
    # Carrying on along a highway beats switching onto one at a junction: the junction
    # stays open both ways.
    keep = keep and rules.joins == "along"
    both = rules.direction == "both_ways"
    seeds = rules.crossing == "new_line"
    after = board | 1 << card
    lines, opens = [], []
    cont = joined = 0
    for (h, i, lo, hi, seed), hits in found:
        old = line = ends[h]
        up = down = False
        if keep:
            hits = [x for x in hits if x[2] == x[1]]
        if hits:
            line = list(old)
            for k, s, d in hits:
                if both and not d:   # the start's other side grows on, away from it
                    line.append((line[k][0], -s))
                line[k] = (i, s)
                if s > 0:
                    up = True
                else:
                    down = True
            line = tuple(line)
            lines.append((h, line))
            joined |= 1 << h
        elif not old or seeds:
            d = 2 if rules.direction == "origin" else seed
            line = old + ((i, d),)
            lines.append((h, line))
            up, down = d >= 0, d <= 0
        if through:
            up_ray, down_ray = t.rays[h][i]
            if up:
                for c in up_ray:
                    if not after >> c & 1:
                        cont |= 1 << c
                        break
            if down:
                for c in down_ray:
                    if not after >> c & 1:
                        cont |= 1 << c
                        break
            # The first free card beyond a line's ends takes a walk along the route: remembered.
            key = (h, line, after & t.route_masks[h])
            m = extends.get(key)
            if m is None:
                m = extends[key] = _beyond(t.rays[h], line, after)
        else:
            if up and hi >= 0:
                cont |= 1 << hi
            if down and lo >= 0:
                cont |= 1 << lo
            m = _beside(t.steps[h], line)
        opens.append((h, m))
    return tuple(lines), cont, joined, tuple(opens)


def _beyond(rays, line, board: int) -> int:
    """The first free card beyond each end of a highway's line, on the sides it grows
    (crossing: pass_through)."""
    m = 0
    for e, d in line:
        if d >= 0:
            c = _first_free(rays[e][0], board)
            if c >= 0:
                m |= 1 << c
        if d <= 0:
            c = _first_free(rays[e][1], board)
            if c >= 0:
                m |= 1 << c
    return m


def _beside(steps, line) -> int:
    """The cards right beside the ends of a highway's line, on the sides they grow;
    `steps` is the highway's entry of Tables.steps."""
    up, down = steps
    m = 0
    for e, d in line:
        if d >= 0:
            m |= up[e]
        if d <= 0:
            m |= down[e]
    return m


# --- legal turns ---------------------------------------------------------------------

def first_cards(t: Tables, rules: Rules) -> int:
    if rules.first_card == "musashi" and t.start >= 0:
        return 1 << t.start
    if rules.first_card == "highway":
        return t.highway_mask
    return (1 << t.cards) - 1


def behind(t: Tables, state: State, cards: int) -> int:
    """Of `cards` (on highways), those behind every line of every highway they lie on."""
    # Quick exclusions first: a card of a highway with no line, or one that extends a
    # line now, is not behind.
    cards &= ~state.opening
    if state.unstarted >= 0:
        cards &= ~state.unstarted
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
    return _chains(t, rules, state, hand, (state.opening if state.board else first_cards(t, rules)) & hand)


def _chains(t: Tables, rules: Rules, state: State, hand: int, starts: int) -> list[tuple[int, ...]]:
    """chains() from the cards `starts` of the hand."""
    out: list[tuple[int, ...]] = []
    alone = t.alone
    limit = rules.chain_limit
    if limit == 1:   # one card per turn (the designer's tool): no chain to look for
        while starts:
            low = starts & -starts
            starts ^= low
            out.append(alone[low.bit_length() - 1])
        return out
    limit = limit or 1 << 30
    follow = t.follow_any if rules.crossing == "pass_through" else t.follow_next
    board = state.board
    while starts:
        low = starts & -starts
        starts ^= low
        c = low.bit_length() - 1
        out.append(alone[c])
        if follow[c] & hand:
            lines, cont, _, _ = effect(t, rules, state.ends, board, c)
            if cont & hand:
                _grow(t, rules, out, alone[c], board | low, with_lines(state.ends, lines), cont, hand ^ low,
                      limit, follow)
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
            lines, c2, _, _ = effect(t, rules, ends, board, c, path[-1])
            if c2 & left:
                _grow(t, rules, out, p2, board | low, with_lines(ends, lines), c2, left ^ low, limit, follow)


def legal_turns(t: Tables, rules: Rules, state: State, seat: int) -> list[tuple[int, ...]]:
    """Every legal turn for `seat`: card tuples in play order; PASS (empty) when allowed."""
    hand = state.hands[seat]
    if state.board:
        starts = hand & state.opening
        singles = hand & (t.adjacency_mask & state.near | t.island_mask & state.boat)   # single_cards()
        if rules.behind_start == "adjacency":
            singles |= behind(t, state, hand & t.highway_mask & state.near)
    else:
        starts, singles = hand & first_cards(t, rules), 0
    turns = _chains(t, rules, state, hand, starts) if starts else []
    alone = t.alone
    while singles:   # bits(), written out: this runs every turn
        low = singles & -singles
        singles ^= low
        turns.append(alone[low.bit_length() - 1])
    if not turns or rules.passing == "any_time":
        turns.append(PASS)
    return turns


# A State made straight from a tuple: NamedTuple's own __new__ is a Python function.
_state = partial(tuple.__new__, State)

# The states previews() worked out for one state: (state, tables, rules, seat, {turn: after}).
_PREVIEWED: tuple = (None, None, None, -1, {})


def apply(t: Tables, rules: Rules, state: State, seat: int, turn: tuple[int, ...]) -> State:
    """The state after `seat` takes `turn` (assumed legal)."""
    if not turn:
        return _state((state.board, state.hands, state.ends, state.opens, state.opening, state.near, state.boat,
                       state.turn + 1, state.last_play, state.along, state.linked, state.passed | 1 << seat,
                       state.unstarted, state.reach))
    known = _PREVIEWED
    if known[0] is state and known[1] is t and known[2] is rules and known[3] == seat:
        after = known[4].get(turn)
        if after is not None:
            return after
    return _apply(t, rules, state, seat, turn)


def previews(t: Tables, rules: Rules, state: State, seat: int, turns) -> list[State]:
    """[apply() of each turn], remembered: a policy that looks at the state after each turn
    it is offered has already worked out the one play() then applies."""
    global _PREVIEWED
    known = {}
    out = []
    for turn in turns:
        after = known[turn] = _apply(t, rules, state, seat, turn) if turn else apply(t, rules, state, seat, turn)
        out.append(after)
    _PREVIEWED = (state, t, rules, seat, known)
    return out


def _apply(t: Tables, rules: Rules, state: State, seat: int, turn: tuple[int, ...]) -> State:
    # One unpacking rather than a field look-up each: this runs for every turn and preview.
    (board, hands, old_ends, old_opens, opening, near, boat, count, last_play, along, linked, _, unstarted,
     reach) = state
    ends = None   # made a list when a card of the turn changes a line
    fresh = None  # (highway, the cards that extend its lines, board not masked out), from effect()
    prev = -1
    sides, stride = t.sides, len(old_ends)
    for c in turn:
        if sides[c]:
            lines, _, joined, opens = effect(t, rules, old_ends if ends is None else ends, board, c, prev)
            if lines:
                if ends is None:   # effect() only looks lines up, so a list can grow through the turn
                    ends = list(old_ends)
                for h, line in lines:
                    ends[h] = line
            if joined:
                along |= joined << c * stride
            fresh = opens if fresh is None else fresh + opens
        board |= 1 << c
        near |= t.neighbours[c]
        linked |= t.links[c]
        boat |= t.boats[c]
        prev = c
    hands = list(hands)
    hands[seat] &= ~board
    last = list(last_play)
    last[seat] = count
    if fresh is None and unstarted >= 0:
        # A card on no highway (about one turn in five) leaves every line and what extends
        # it as it was; only a neighbour may have started to open an unstarted highway.
        if rules.open_highway == "neighbour":
            opening |= unstarted & linked & ~board
        return _state((board, tuple(hands), old_ends, old_opens, opening, near, boat, count + 1, tuple(last),
                       along, linked, 0, unstarted, reach))
    ends = old_ends if ends is None else tuple(ends)
    opens = list(old_opens)
    if fresh is None:
        fresh = ()
    elif len(turn) > 1:
        # A highway touched twice keeps what its last card left; beyond a pass_through
        # line the first free card depends on the whole turn's board, so look again.
        last_of = dict(fresh)
        if rules.crossing == "pass_through":
            last_of = {h: _beyond(t.rays[h], ends[h], board) for h in last_of}
        fresh = last_of.items()
    added = gone = 0   # cards that joined / left the opens of the highways the turn lies on
    for h, m in fresh:
        if not old_ends[h]:
            unstarted = -1
        m &= ~board
        gone |= opens[h] & ~m
        added |= m
        opens[h] = m
    if unstarted < 0:   # a highway got its first card: list the rest again
        unstarted = reduce(or_, compress(t.route_masks, map(not_, ends)), 0)
    # Cards on the board are in no highway's opens. A free card that left the opens of a
    # touched highway stays in `reach` only if another highway of it (a crossing) has it.
    reach = reach & ~(board | gone) | added
    gone &= t.crossing_mask & ~(board | added)
    while gone:
        low = gone & -gone
        gone ^= low
        for h, _, _, _, _ in sides[low.bit_length() - 1]:
            if opens[h] & low:
                reach |= low
                break
    opening = reach
    if rules.open_highway == "neighbour":
        # A highway with no card on the board opens wherever the board is next to it.
        opening |= unstarted & linked & ~board
    return _state((board, tuple(hands), ends, tuple(opens), opening, near, boat, count + 1, tuple(last),
                   along, linked, 0, unstarted, reach))


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
        return first if first is not None else randrange(rng, n)
    if rules.round_start == "random":
        return randrange(rng, n)
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
    starter = round_starter(rules, len(hands), None, opening_seat(t, rules, hands), rng)
    return play_on(t, rules, start_state(t, hands), starter, policies, rng, record)


def round_place(state: State, seat: int) -> tuple[int, int]:
    """(the round's starter, how many turns of the round were taken) when `seat` is to play:
    every round gives each seat one turn, so the turns so far say where the round is."""
    k = state.turn % len(state.hands)
    return (seat - k) % len(state.hands), k


def play_on(t: Tables, rules: Rules, state: State, starter: int, policies, rng, record=None) -> Result:
    """Play on from `state` to the end, in the round `starter` began (play() from the start;
    a searching player from the positions it tries; passes are counted from here)."""
    n = len(state.hands)
    everyone = (1 << n) - 1
    passes = 0
    k0 = state.turn % n
    while True:
        for k in range(k0, n):
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
        k0 = 0
        starter = round_starter(rules, n, starter, None, rng)
