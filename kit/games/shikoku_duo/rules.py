"""The shikoku-duo rules as a pure engine: setup, every legal move of a die, whole games.

The board becomes small ints: ring spaces 0..36 clockwise, towns and regions by their
order in board.yaml, goods kinds and painting types by their order in components.yaml.
Paths are precomputed once per board (`Tables`), so a move is a lookup and a mask test.
States and moves are NamedTuples: immutable values, cheap enough to make every turn of
every simulated game, printed and parsed as text by `format_move` / `parse_move`.

How the rules text is read where it is open (the named ones are options in
data/shikoku-duo/rules.yaml, default first):

- Setup. Both pilgrims start on ring space 0, the start (board.yaml's first space),
  sharing it; its effect is not taken at setup. Both merchants start in
  `start_town` (default: the first mountain town in board.yaml), both artists in
  `start_region` (default: the first region). The seed shuffles the shop tokens onto
  the coastal towns, each player's 10 painting tiles, and which side of each wave tile
  is up. `first_drafter`: the first round's first drafter is drawn from the seed
  (random), or is always seat 1 (seat1). It then alternates every round.
- Pilgrim. Moves exactly N clockwise (N+n or N-n, at least 1, with a pilgrim wave
  tile; the plain N is always allowed, so the effect can be declined). Occupied
  spaces are passed; an occupied final space makes it jump to the next free one (and
  on, if that is occupied too). `pilgrim_blockers`: a space is occupied by any figure
  on it - the other pilgrim, or a merchant in the coastal town there (figures) - or
  only by the other pilgrim (pilgrims). Effects: temple +1 shrine (stays at the top
  when full), garden +1 garden, the hot spring takes the token (from the board or from
  the opponent), seashore takes a wave tile (the player's choice among those on the
  board; if none is there, one of the opponent's; nothing when holding all three),
  coastal town earns `town_coins` copper.
- Merchant. Paths of exactly N route segments. `merchant_path`: a path never enters a
  town twice nor returns to its start (simple), or may double back (walk). A coastal
  town with another figure in it (the other merchant, or a pilgrim on its ring space)
  can be neither entered nor passed through. No path: no move, no action. The move is
  the destination; which path led there does not matter. Mountain town: draw its value
  (+n with draw_plus, the player's choice) from the bag, then keep any `hold` of them
  and what was held; the rest go back. Coastal town: sell any number of goods of the
  kind its shop names (+n copper each with sell_plus). Copper turns into gold slabs
  (10 copper each) at once, whoever earned it; copper above the track's top (9),
  which comes only once all 6 slabs are won, is lost (`copper_over_top: lost`) or
  kept, counted on past the track for the tie-break (kept).
- Goods bag. The seed orders the goods once (`goods_order`: GOODS_BAGS shuffles of
  the full set, one after another, starting again after the last), and a draw takes the
  next goods in that order, passing over (and using up) an entry whose kind has none
  left in the bag; `State.draws` counts the entries used. So the draws are a printed
  list (`kit deal`'s sheet) that a table follows instead of a bag, and a replay draws
  what the table drew. An empty bag draws nothing.
- Seeded streams. Each kind of setup draw (shops, wave sides, first drafter, each
  seat's tiles) and the goods order has its own Random seeded from (its name, the
  seed), so each is a pure function of the seed that no option or other draw shifts.
- Artist. Moves exactly N regions into neighbouring regions (model.Region.neighbours:
  across a route segment, never through a mountain town), never entering a region
  twice in the move, its start included; no such path: no move, no action. Then paint
  (turn up as many tiles as there are other figures - both players', the other artist
  too - in the arrival region, counting the ring spaces and towns around it; each
  figure once) or gift (the first face-up tile, if its type is the region's). Paint
  is always allowed (it may turn none).
- Wave effects (waves.yaml, one side up per tile). pilgrim_plus / pilgrim_minus: the
  move's length may be N±n. draw_plus: a mountain town may draw n more. sell_plus: n
  more copper per good sold (never hurts, always applied). paint_plus: `paint_plus`
  (count) painting turns n more tiles and the cap is 5+n; (cap) only the cap rises, as
  the designer's text says of the artist's tile. paint_path: figures around every
  region passed through are counted (each figure once; the start region is not passed
  through), still capped. Effects that never hurt are always applied.
- Hot-spring token. Its holder may spend it after any die it did not take the token
  with ("今後のダイス": from the next die on) to move the same character the same count
  again, with that move's effect; the token goes back to the board.
- Game end. At the end of a round in which a shrine track reached 9 (its last slot), a
  garden track its last slot, a 6th gold slab was won or a 10th painting was gifted
  (an Automa rank track reaching its last slot counts as its character's condition).
  `round_limit` rounds end a game that never ends otherwise (never seen with the
  shipped data, counted as `limit`). Highest total wins, then more copper, else a
  draw; against the Automa a tie goes to the human.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache
from operator import add, sub
from typing import NamedTuple

from kit.data.options import rules_type
from kit.games.shikoku_duo.options import SPEC
from kit.sim.draws import shuffle

PILGRIM, MERCHANT, ARTIST = 0, 1, 2
CHARACTERS = ("pilgrim", "merchant", "artist")
OTHER, TEMPLE, GARDEN, HOT_SPRING, SEASHORE, TOWN = range(6)
SPACE_KINDS = ("start", "temple", "garden", "hot_spring", "seashore", "town")
EFFECTS = ("pilgrim_plus", "pilgrim_minus", "draw_plus", "sell_plus", "paint_plus", "paint_path")
P_PLUS, P_MINUS, DRAW_PLUS, SELL_PLUS, PAINT_PLUS, PAINT_PATH = range(6)
NOTHING, PAINT, GIFT = 0, 1, 2
ACTIONS = ("nothing", "paint", "gift")
END_CONDITIONS = ("shrine", "garden", "slabs", "gifts", "limit")
# The Automa's own ends: one of its rank tracks reaching its last slot, by character.
AUTOMA_ENDS = ("automa pilgrim", "automa merchant", "automa artist")
BOARD, START = -1, 0
PAINT_CAP = 5
FIGURES = 5          # figures a paint action may count: both pilgrims and merchants, the other artist
COPPER_PER_SLAB = 10


class IllegalMove(ValueError):
    """A move the rules do not allow in this position; the message says why."""


Rules = rules_type("Rules", SPEC, __name__, "shikoku-duo's rule options (kit/games/shikoku_duo/options.py), as the engine reads them.")


@dataclass(frozen=True)
class Tables:
    """The board and components as small ints, precomputed once (picklable, no model)."""

    ring_names: tuple[str, ...]
    ring_kind: tuple[int, ...]                  # per space: TEMPLE, GARDEN, ...
    ring_town: tuple[int, ...]                  # coastal town on that space, or -1
    town_names: tuple[str, ...]
    town_coastal: tuple[bool, ...]
    town_value: tuple[int, ...]                 # goods drawn in a mountain town, 0 on the coast
    town_ring: tuple[int, ...]                  # ring space of a coastal town, or -1
    coastal: tuple[int, ...]                    # the coastal towns, in board order
    region_names: tuple[str, ...]
    region_painting: tuple[int, ...]            # painting type of each region
    region_spaces: tuple[int, ...]              # mask of ring spaces round each region
    region_towns: tuple[int, ...]               # mask of towns on each region's edge
    merchant_paths: tuple                       # [mode][town][n] -> (union of masks, destinations,
                                                #   ((dest, (entered-mask, ...)), ...))
    artist_paths: tuple                         # [region][n] -> ((dest, passed-mask), ...)
    artist_via: tuple                           # [region][n] -> ((dest, regions passed through), ...), ascending
    artist_plain: tuple                         # [region][n] -> ((dest, 0), ...): the destinations, ascending
    dice: tuple[tuple[int, ...], ...]           # per character: its six faces
    goods_names: tuple[str, ...]
    goods_counts: tuple[int, ...]
    shops: tuple[tuple[int, int], ...]          # (goods kind, copper per good)
    town_coins: int
    shrine_track: tuple[int, ...]
    garden_track: tuple[int, ...]
    slabs: tuple[int, ...]
    artist_slots: tuple[int, ...]
    painting_names: tuple[str, ...]
    paintings: tuple[int, ...]                  # a player's tiles (painting types), unshuffled
    hold: int
    copper_max: int
    wave_names: tuple[tuple[str, str], ...]     # per tile (character): the two side ids
    wave_effects: tuple[tuple[tuple[int, int], tuple[int, int]], ...]   # per tile: (effect, amount held) per side
    max_steps: int                              # the largest face of any die: the paths' lengths
    pilgrim_most: int                           # the longest pilgrim move: its largest face, every pilgrim_plus held
    draw_most: int                              # the most goods a draw asks for: a town's value, every draw_plus held
    # The same board as masks, so a move's checks are a lookup and an `&`:
    space_regions: tuple[int, ...]              # per ring space: the regions it is round
    town_regions: tuple[int, ...]               # per town: the regions it is round
    space_town_bit: tuple[int, ...]             # per ring space: 1 << its coastal town, or 0
    town_space_bit: tuple[int, ...]             # per town: 1 << its ring space (coastal), or 0
    coastal_bit: tuple[int, ...]                # per town: 1 << town if coastal, else 0
    # Figures round each region counted all at once: region r owns bits 3r..3r+2 of a sum
    # (five figures at most, so a count never spills into the next region's bits).
    space_counts: tuple[int, ...]               # per ring space: 1 << 3r for each region r it is round
    town_counts: tuple[int, ...]                # per town: the same
    # Read often, so worked out once by tables():
    shrine_top: int                             # the shrine track's last slot
    garden_top: int                             # the garden track's last slot
    slabs_top: int                              # the gold slabs there are
    dice_draws: tuple                           # per character: its faces, how many, and the bits a draw of one takes (roll)
    gift_points: tuple[int, ...]                # the artist's points by paintings gifted: the best slot reached (0 for none)
    fx_cache: dict = field(default_factory=dict, compare=False, repr=False)   # effects(), per (sides, holders, seat)

    @property
    def ring(self) -> int:
        return len(self.ring_kind)


def _walks(links, start: int, n: int, simple: bool, blocked_start: bool) -> tuple:
    """(end, mask of nodes entered) of every path of exactly n steps from start."""
    out = set()

    def go(at, left, seen, entered):
        if left == 0:
            out.add((at, entered))
            return
        for b in links[at]:
            if simple and seen >> b & 1:
                continue
            go(b, left - 1, seen | 1 << b, entered | 1 << b)

    go(start, n, 1 << start if blocked_start else 0, 0)
    return tuple(sorted(out))


def _by_dest(paths) -> tuple:
    """(union of the masks, destinations, ((dest, masks of the paths there), ...)) from (dest, mask) pairs."""
    grouped: dict[int, list[int]] = {}
    for d, m in paths:
        grouped.setdefault(d, []).append(m)
    union = 0
    for d, m in paths:
        union |= m
    return union, tuple(sorted(grouped)), tuple((d, tuple(ms)) for d, ms in sorted(grouped.items()))


def most_held(wave_effects: tuple, effect: int) -> int:
    """The most of `effect` one seat can hold (what effects() adds up when it holds every
    tile): each tile's larger amount of it, whichever side is up."""
    return sum(max(amount if e == effect else 0 for e, amount in sides) for sides in wave_effects)


def copper_cap(model) -> int:
    """The most copper a player holds: the track's top, or no cap where `copper_over_top` keeps
    what is earned past it (_earn caps at this, so the hot path reads no rule)."""
    rules = getattr(model, "rules", None) or {}
    return model.components.copper_max if rules.get("copper_over_top", "lost") == "lost" else 1 << 30


def tables(model) -> Tables:
    """The engine's view of a loaded model (model.ShikokuDuo, or any value of its shape)."""
    board, comp = model.board, model.components
    town_ids = tuple(board.towns)
    tix = {k: i for i, k in enumerate(town_ids)}
    towns = [board.towns[k] for k in town_ids]
    ring_town = tuple(tix[s.town] if s.town is not None else -1 for s in board.ring)
    kinds = {k: i for i, k in enumerate(SPACE_KINDS)}
    ring_kind = tuple(kinds.get(s.kind, OTHER) for s in board.ring)
    coastal = tuple(i for i, t in enumerate(towns) if t.kind == "coastal")
    town_ring = [-1] * len(towns)
    for i, s in enumerate(board.ring):
        if s.town is not None:
            town_ring[tix[s.town]] = i
    links = [[] for _ in towns]
    for a, b in board.routes:
        links[tix[a]].append(tix[b])
        links[tix[b]].append(tix[a])
    links = [tuple(sorted(set(x))) for x in links]
    rid = {r.id: i for i, r in enumerate(board.regions)}
    rlinks = [tuple(sorted(rid[n] for n in r.neighbours)) for r in board.regions]
    ptypes = tuple(p.id for p in comp.painting_types)
    pix = {k: i for i, k in enumerate(ptypes)}
    goods = tuple(comp.goods)
    gix = {k: i for i, k in enumerate(goods)}
    wave_by_char = {c: [w for w in comp.waves if w.character == c] for c in CHARACTERS}
    waves = tuple(tuple(wave_by_char[c]) for c in CHARACTERS)
    dice = tuple(tuple(comp.dice[c]) for c in CHARACTERS)
    max_steps = max(max(faces) for faces in dice)
    # A side's amount as the engine counts it when held: a side that gives none counts 1.
    wave_effects = tuple(tuple((EFFECTS.index(w.effect), int(w.amount or 1)) for w in ws) for ws in waves)
    town_value = tuple(int(t.value or 0) if t.kind != "coastal" else 0 for t in towns)
    artist_paths = tuple(tuple(_walks(rlinks, r, n, True, True) if n else ((r, 0),)
                               for n in range(max_steps + 1)) for r in range(len(rlinks)))
    region_spaces = tuple(sum(1 << i for i in r.spaces) for r in board.regions)
    region_towns = tuple(sum(1 << tix[k] for k in r.towns) for r in board.regions)
    gifts = max(len(comp.paintings), len(comp.artist_slots))      # at most every tile is gifted
    return Tables(
        ring_names=tuple(s.name for s in board.ring),
        ring_kind=ring_kind,
        ring_town=ring_town,
        town_names=town_ids,
        town_coastal=tuple(t.kind == "coastal" for t in towns),
        town_value=town_value,
        town_ring=tuple(town_ring),
        coastal=coastal,
        region_names=tuple(r.id for r in board.regions),
        region_painting=tuple(pix[r.painting] for r in board.regions),
        region_spaces=region_spaces,
        region_towns=region_towns,
        merchant_paths=tuple(tuple(tuple(_by_dest(_walks(links, s, n, simple, simple) if n else ((s, 0),))
                                         for n in range(max_steps + 1)) for s in range(len(towns)))
                             for simple in (True, False)),
        artist_paths=artist_paths,
        artist_via=tuple(tuple(tuple(sorted({(d, m & ~(1 << d)) for d, m in paths})) for paths in by_n)
                         for by_n in artist_paths),
        dice=dice,
        goods_names=goods,
        goods_counts=tuple(comp.goods[k] for k in goods),
        shops=tuple((gix[s.kind], s.value) for s in comp.shops),
        town_coins=comp.town_coins,
        shrine_track=tuple(comp.shrine_track),
        garden_track=tuple(comp.garden_track),
        slabs=tuple(comp.slabs),
        artist_slots=tuple(comp.artist_slots),
        painting_names=ptypes,
        paintings=tuple(pix[p] for p in comp.paintings),
        hold=comp.hold,
        copper_max=copper_cap(model),
        wave_names=tuple(tuple(w.id for w in ws) for ws in waves),
        wave_effects=wave_effects,
        max_steps=max_steps,
        pilgrim_most=max(dice[PILGRIM]) + most_held(wave_effects, P_PLUS),
        draw_most=max(town_value) + most_held(wave_effects, DRAW_PLUS),
        space_regions=tuple(sum(1 << r for r, m in enumerate(region_spaces) if m >> i & 1)
                            for i in range(len(board.ring))),
        town_regions=tuple(sum(1 << r for r, m in enumerate(region_towns) if m >> i & 1) for i in range(len(towns))),
        space_town_bit=tuple(1 << k if k >= 0 else 0 for k in ring_town),
        town_space_bit=tuple(1 << i if i >= 0 else 0 for i in town_ring),
        coastal_bit=tuple(1 << i if t.kind == "coastal" else 0 for i, t in enumerate(towns)),
        artist_plain=tuple(tuple(tuple((d, 0) for d in sorted({d for d, _ in paths})) for paths in by_n)
                           for by_n in artist_paths),
        space_counts=tuple(sum(1 << 3 * r for r, m in enumerate(region_spaces) if m >> i & 1)
                           for i in range(len(board.ring))),
        town_counts=tuple(sum(1 << 3 * r for r, m in enumerate(region_towns) if m >> i & 1) for i in range(len(towns))),
        shrine_top=len(comp.shrine_track) - 1,
        garden_top=len(comp.garden_track) - 1,
        slabs_top=len(comp.slabs),
        dice_draws=tuple((faces, len(faces), len(faces).bit_length()) for faces in dice),
        gift_points=tuple(max(comp.artist_slots[:g]) if g else 0 for g in range(gifts + 1)),
    )


# --- state --------------------------------------------------------------------------

class Player(NamedTuple):
    pilgrim: int = START         # ring space
    merchant: int = 0            # town
    artist: int = 0              # region
    shrine: int = 0
    garden: int = 0
    copper: int = 0
    slabs: int = 0
    goods: tuple[int, ...] = ()  # held, per goods kind
    painted: int = 0             # tiles turned face up (a prefix of the row)
    gifted: int = 0              # tiles gifted (a prefix of the face-up ones)
    paintings: tuple[int, ...] = ()   # the player's tiles in their shuffled order
    ranks: tuple[int, ...] = ()  # the Automa's three rank tracks; () for a human


class State(NamedTuple):
    players: tuple[Player, Player]
    bag: tuple[int, ...]         # goods in the bag, per kind
    shops: tuple[int, ...]       # per town: its shop token, or -1 (mountain towns)
    sides: tuple[int, int, int]  # wave tile of each character: which side (0/1) is up
    waves: tuple[int, int, int]  # who holds each wave tile: BOARD, 0 or 1
    hot: int                     # who holds the hot-spring token: BOARD, 0 or 1
    first: int                   # the first drafter of round 1
    round: int = 0               # rounds finished
    draws: int = 0               # entries of the seed's goods order used so far
    seed: int = 0


class Move(NamedTuple):
    """One character's move for one die, with the choice made where it stops.

    `dest` is the ring space, town or region arrived at, or -1 when no path exists (no
    move, no action). `choice`: for a pilgrim on seashore, the wave tile taken (a
    character index) or -1; for a merchant, the goods drawn in a mountain town or sold
    in a coastal town; for an artist, NOTHING, PAINT or GIFT. `passed`: the regions an
    artist passed through (a mask), when it holds the paint_path effect, else 0.
    """

    character: int
    steps: int
    dest: int
    choice: int = -1
    passed: int = 0


class Step(NamedTuple):
    """What one die did, as the progress sheet records it."""

    round: int
    seat: int
    die: int
    move: Move
    drawn: tuple[int, ...] = ()
    kept: tuple[int, ...] = ()
    repeat: bool = False         # a hot-spring repeat of the die before it


def stream_name(seed: int, kind: str) -> str:
    """What seeds the Random of one kind of draw (stream)."""
    return f"shikoku-duo {kind} {seed}"


def stream(seed: int, kind: str) -> random.Random:
    """The Random of one kind of seeded draw: a pure function of (kind, seed)."""
    return random.Random(stream_name(seed, kind))


GOODS_BAGS = 4      # full sets of goods in a seed's goods order (the deal sheet lists them all)


class GoodsOrder:
    """A seed's goods order (kinds): GOODS_BAGS shuffles of the full set, one after another,
    each shuffled only when a draw first reaches it (most games draw from the first bag or
    two, and a shuffle costs more than a game's draws). The same shuffles in the same order
    of one Random, so the entries are the same however far the draws go."""

    def __init__(self, counts: tuple[int, ...], seed: int):
        self._rng = stream(seed, "goods")
        self._full = [kind for kind, n in enumerate(counts) for _ in range(n)]
        self.size = GOODS_BAGS * len(self._full)
        self.entries: list[int] = []        # the bags shuffled so far

    def entry(self, i: int) -> int:
        """Entry i of the order, counted on past its end from its start again."""
        i %= self.size
        while i >= len(self.entries):
            bag = list(self._full)
            shuffle(self._rng, bag)
            self.entries += bag
        return self.entries[i]


@lru_cache(maxsize=64)
def goods_bags(counts: tuple[int, ...], seed: int) -> GoodsOrder:
    """Seed's GoodsOrder, made once per seed (a game's draws share it)."""
    return GoodsOrder(counts, seed)


def goods_order(counts: tuple[int, ...], seed: int) -> tuple[int, ...]:
    """The seed's whole goods order, as a deal sheet prints it."""
    order = goods_bags(counts, seed)
    order.entry(order.size - 1)
    return tuple(order.entries)


def setup(t: Tables, rules: Rules, seed: int, automa: bool = False) -> State:
    """The starting position of game `seed` (shops, tiles and wave sides drawn from it)."""
    shops = list(range(len(t.shops)))
    shuffle(stream(seed, "shops"), shops)
    town_shop = [-1] * len(t.town_names)
    for town, shop in zip(t.coastal, shops):
        town_shop[town] = shop
    sides_rng = stream(seed, "sides")
    sides = tuple(sides_rng.randrange(2) for _ in CHARACTERS)
    first = stream(seed, "first").randrange(2) if rules.first_drafter == "random" else 0
    start_town = (t.town_names.index(rules.start_town) if rules.start_town
                  else next(i for i, c in enumerate(t.town_coastal) if not c))
    start_region = t.region_names.index(rules.start_region) if rules.start_region else 0
    players = []
    for seat in range(2):
        tiles = list(t.paintings)
        shuffle(stream(seed, f"tiles {seat + 1}"), tiles)
        ranks = (0, 0, 0) if automa and seat == 1 else ()
        players.append(Player(START, start_town, start_region, goods=(0,) * len(t.goods_names),
                              paintings=tuple(tiles), ranks=ranks))
    return State(tuple(players), t.goods_counts, tuple(town_shop), sides, (BOARD,) * 3, BOARD, first,
                 seed=seed)


def roll(t: Tables, rng: random.Random) -> tuple[int, int, int]:
    """The three dice, pilgrim's, merchant's and artist's, rolled in that order: each face is
    the one rng.choice(faces) gives (getrandbits of the count's bit length, drawn again while
    out of range), without choice's calls; the three written out, as every round rolls."""
    bits = rng.getrandbits
    (pf, pn, pk), (mf, mn, mk), (af, an, ak) = t.dice_draws
    p = bits(pk)
    while p >= pn:
        p = bits(pk)
    m = bits(mk)
    while m >= mn:
        m = bits(mk)
    a = bits(ak)
    while a >= an:
        a = bits(ak)
    return pf[p], mf[m], af[a]


def drafters(state: State, round_: int | None = None) -> tuple[int, int, int]:
    """Who uses the round's first, second and third die (1-2-1)."""
    r = state.round if round_ is None else round_
    a = (state.first + r) % 2
    return (a, 1 - a, a)


# --- effects ------------------------------------------------------------------------

NO_EFFECTS = (0,) * len(EFFECTS)


def effects(t: Tables, state: State, seat: int) -> tuple[int, ...]:
    """The amount of each wave effect `seat` has (0 when it holds no tile with it)."""
    key = (state.sides, state.waves, seat)       # a board has few distinct ones: remembered per Tables
    fx = t.fx_cache.get(key)
    if fx is None:
        amounts = [0] * len(EFFECTS)
        for c in range(3):
            if state.waves[c] == seat:
                e, amount = t.wave_effects[c][state.sides[c]]
                amounts[e] += amount
        fx = t.fx_cache[key] = tuple(amounts)
    return fx


def pilgrim_stops(t: Tables, rules: Rules, state: State, seat: int, fx: tuple[int, ...],
                  die: int) -> list[tuple[int, int]]:
    """(steps, the space it stops on) for each length the pilgrim of `seat` may move.

    It may not stop on the other pilgrim's space nor, with pilgrim_blockers=figures, on a
    coastal town's space with a merchant in the town; it moves on to the next free one
    (three figures at most block, so one is always free)."""
    a, b = state.players    # a player's first fields are its figures: a[PILGRIM] is where its pilgrim stands
    occ = 1 << (b[PILGRIM] if seat == 0 else a[PILGRIM])
    if rules.pilgrim_blockers == "figures":
        bit = t.town_space_bit
        occ |= bit[a[MERCHANT]] | bit[b[MERCHANT]]
    n = len(t.ring_kind)
    start = (a if seat == 0 else b)[PILGRIM]
    if not (fx[P_PLUS] or fx[P_MINUS]):     # one length, as most dice are played
        at = (start + die) % n
        while occ >> at & 1:
            at = (at + 1) % n
        return [(die, at)]
    out = []
    for steps in pilgrim_steps(fx, die):
        at = (start + steps) % n
        while occ >> at & 1:
            at = (at + 1) % n
        out.append((steps, at))
    return out


def pilgrim_steps(fx: tuple[int, ...], die: int) -> tuple[int, ...]:
    """The lengths the pilgrim may move, ascending (a tile's amount is at least 1)."""
    less, more = die - fx[P_MINUS], die + fx[P_PLUS]
    return ((less,) if less < die and less >= 1 else ()) + (die,) + ((more,) if more > die else ())


def merchant_dests(t: Tables, rules: Rules, state: State, seat: int, steps: int) -> tuple[int, ...]:
    """Towns the merchant of `seat` can reach by a path of exactly `steps` segments that
    neither enters nor passes a coastal town with another figure in it."""
    a, b = state.players
    bit = t.space_town_bit
    blocked = t.coastal_bit[(b if seat == 0 else a)[MERCHANT]] | bit[a[PILGRIM]] | bit[b[PILGRIM]]
    union, dests, by_dest = t.merchant_paths[rules.merchant_path != "simple"][(a if seat == 0 else b)[MERCHANT]][steps]
    if not union & blocked:
        return dests
    out = []
    for d, masks in by_dest:     # a loop, not generators, which cost more than the tests
        for m in masks:
            if not m & blocked:
                out.append(d)
                break
    return tuple(out)


def figure_regions(t: Tables, state: State, seat: int) -> tuple[int, int, int, int, int]:
    """The regions each figure but `seat`'s artist is round (masks): both pilgrims, both
    merchants, the other artist."""
    a, b = state.players
    sr, tr = t.space_regions, t.town_regions
    return (sr[a[PILGRIM]], sr[b[PILGRIM]], tr[a[MERCHANT]], tr[b[MERCHANT]],
            1 << (b if seat == 0 else a)[ARTIST])


def figures_around(t: Tables, state: State, seat: int, regions: int) -> int:
    """Figures other than `seat`'s artist in the regions of the mask, each counted once."""
    a, b, c, d, e = figure_regions(t, state, seat)
    return (a & regions > 0) + (b & regions > 0) + (c & regions > 0) + (d & regions > 0) + (e & regions > 0)


def figure_counts(t: Tables, state: State, seat: int) -> int:
    """The figures other than `seat`'s artist round every region at once: region r's count
    is bits 3r..3r+2 (Tables.space_counts)."""
    x, y = state.players
    space, town = t.space_counts, t.town_counts
    return (space[x[PILGRIM]] + space[y[PILGRIM]] + town[x[MERCHANT]] + town[y[MERCHANT]]
            + (1 << 3 * (y if seat == 0 else x)[ARTIST]))


def paint_limits(rules: Rules, p: Player, fx: tuple[int, ...]) -> tuple[int, int]:
    """(the tiles a paint action turns up beyond the figures it counts, when it counts any; the
    most it turns up) for player `p` with wave effects `fx`."""
    plus = fx[PAINT_PLUS]
    return plus if rules.paint_plus == "count" else 0, paint_cap(plus, len(p.paintings) - p.painted)


def paint_cap(plus: int, face_down: int) -> int:
    """The most tiles one paint action turns up: 5, and n more with paint_plus n, never more
    than are face down."""
    cap = PAINT_CAP + plus
    return cap if cap < face_down else face_down      # min(), without the call


def figure_counts_via(t: Tables, state: State, seat: int, targets) -> int:
    """figure_counts for paint_path: the figures other than `seat`'s artist round each target's
    regions (its destination and those it passes through; a figure round two of them counts
    once), target i's count in bits 3i..3i+2 (five figures at most)."""
    a, b, c, d, e = figure_regions(t, state, seat)
    packed = 0
    for i, (dest, passed) in enumerate(targets):
        regions = (1 << dest) | passed
        packed |= ((a & regions > 0) + (b & regions > 0) + (c & regions > 0) + (d & regions > 0)
                   + (e & regions > 0)) << 3 * i
    return packed


def paint_counts(t: Tables, rules: Rules, state: State, seat: int, fx: tuple[int, ...], targets) -> list[int]:
    """Tiles a paint action would turn up at each (destination, regions passed) of `targets`,
    with wave effects `fx` (the figures counted are all but this artist, so where it stands
    does not matter)."""
    plus_count, cap = paint_limits(rules, state.players[seat], fx)
    if fx[PAINT_PATH]:      # several regions
        counts, shifts = figure_counts_via(t, state, seat, targets), range(0, 3 * len(targets), 3)
    else:
        counts, shifts = figure_counts(t, state, seat), [3 * dest for dest, _ in targets]
    if not plus_count and cap >= FIGURES:      # no cap can bite: the count is the figures'
        return [counts >> shift & 7 for shift in shifts]
    return [paint_tiles(counts >> shift & 7, plus_count, cap) for shift in shifts]


def paint_tiles(figures: int, plus_count: int, cap: int) -> int:
    """Tiles a paint action turns up with `figures` round it (paint_limits' plus_count and cap):
    the figures and plus_count more, at most cap; none with no figure."""
    return min(figures + plus_count, cap) if figures else 0


def paint_count(t: Tables, rules: Rules, state: State, seat: int, dest: int, passed: int) -> int:
    """Tiles a paint action would turn up now at `dest`."""
    fx = effects(t, state, seat) if seat in state.waves else NO_EFFECTS
    return paint_counts(t, rules, state, seat, fx, ((dest, passed),))[0]


def artist_targets(t: Tables, fx: tuple[int, ...], region: int, die: int) -> tuple:
    """(destination, regions passed through) of an artist's move of `die` regions; the regions
    passed matter (and several paths to one destination are told apart) only with paint_path."""
    return (t.artist_via if fx[PAINT_PATH] else t.artist_plain)[region][die]


def gift_wanted(p: Player) -> int:
    """The painting type a gift needs now (the first face-up tile's), or -1: none face up."""
    return p.paintings[p.gifted] if p.gifted < p.painted else -1


def can_gift(t: Tables, p: Player, region: int) -> bool:
    return p.gifted < p.painted and p.paintings[p.gifted] == t.region_painting[region]


# --- legal moves --------------------------------------------------------------------

def legal_moves(t: Tables, rules: Rules, state: State, seat: int, character: int, die: int) -> tuple[Move, ...]:
    """Every legal move of `character` for a die showing `die`, in a fixed order."""
    p = state.players[seat]
    fx = effects(t, state, seat) if seat in state.waves else NO_EFFECTS
    if character == PILGRIM:
        out = []
        for steps, dest in pilgrim_stops(t, rules, state, seat, fx, die):
            if t.ring_kind[dest] == SEASHORE and not p.ranks:
                for c in wave_choices(state, seat):
                    out.append(Move(PILGRIM, steps, dest, c))
            else:
                out.append(Move(PILGRIM, steps, dest))
        return tuple(out)
    if character == MERCHANT:
        dests = merchant_dests(t, rules, state, seat, die)
        if not dests:
            return (Move(MERCHANT, die, -1),)
        out = []
        for d in dests:
            if p.ranks:
                out.append(Move(MERCHANT, die, d))
            elif t.town_coastal[d]:
                kind = t.shops[state.shops[d]][0]
                out.extend(Move(MERCHANT, die, d, k) for k in range(p.goods[kind] + 1))
            else:
                v = t.town_value[d]
                out.append(Move(MERCHANT, die, d, v))
                if fx[DRAW_PLUS]:
                    out.append(Move(MERCHANT, die, d, v + fx[DRAW_PLUS]))
        return tuple(out)
    targets = artist_targets(t, fx, p.artist, die)
    if not targets:
        return (Move(ARTIST, die, -1),)
    out = []
    for d, passed in targets:
        if p.ranks:
            out.append(Move(ARTIST, die, d, NOTHING, passed))
            continue
        out.append(Move(ARTIST, die, d, PAINT, passed))
        if can_gift(t, p, d):
            out.append(Move(ARTIST, die, d, GIFT, passed))
    return tuple(out)


def wave_choices(state: State, seat: int) -> tuple[int, ...]:
    """Wave tiles a pilgrim stopping on seashore may take: from the board, else the
    opponent's; (-1,) when it holds all three."""
    return _wave_choices(state.waves, seat)


@lru_cache(maxsize=None)
def _wave_choices(waves: tuple[int, int, int], seat: int) -> tuple[int, ...]:
    """wave_choices by who holds each tile (54 cases at most, so each is worked out once)."""
    board = tuple(c for c in range(3) if waves[c] == BOARD)
    if board:
        return board
    theirs = tuple(c for c in range(3) if waves[c] != seat)
    return theirs or (-1,)


def explain(t: Tables, rules: Rules, state: State, seat: int, die: int, move: Move) -> str | None:
    """Why `move` is illegal for a die showing `die`, or None when it is legal."""
    legal = legal_moves(t, rules, state, seat, move.character, die)
    if move in legal:
        return None
    name = CHARACTERS[move.character]
    if move.dest == -1:
        return f"the {name} has a legal move for {die}, so it must move"
    same = [m for m in legal if m.dest == move.dest and m.steps == move.steps]
    if not same:
        lengths = sorted({m.steps for m in legal})
        may = "; ".join(f"{s} to " + ", ".join(dict.fromkeys(describe_dest(t, m) for m in legal if m.steps == s))
                        for s in lengths)
        if move.steps not in lengths:
            also = [s for s in lengths if s != die]
            nor = f" nor a length its tiles allow ({', '.join(map(str, also))})" if also else ""
            return f"the steps written ({move.steps}) are not the die picked ({die}){nor}: the {name} may move {may}"
        return f"the {name} cannot reach {describe_dest(t, move)} with {move.steps}: it may move {may}"
    return f"{format_move(t, move)} is not allowed there; legal: " + "; ".join(format_move(t, m) for m in same)


# --- applying -----------------------------------------------------------------------

# apply unpacks a State and a Player and rebuilds them from their fields in this order (a
# NamedTuple's _replace costs several times as much, and apply runs for every die of every
# simulated game). A figure's field is its character's index (pilgrim, merchant, artist first).
assert Player._fields[:3] == CHARACTERS
assert Player._fields == ("pilgrim", "merchant", "artist", "shrine", "garden", "copper", "slabs", "goods", "painted",
                          "gifted", "paintings", "ranks")
assert State._fields == ("players", "bag", "shops", "sides", "waves", "hot", "first", "round", "draws", "seed")
_HOT, _ROUND = State._fields.index("hot"), State._fields.index("round")      # for _put
_new = tuple.__new__


def _put(nt, i: int, value):
    """`nt` with its field number i set to `value` (what nt._replace does, faster)."""
    return _new(type(nt), nt[:i] + (value,) + nt[i + 1:])


def _earn(t: Tables, copper: int, slabs: int, earned: int) -> tuple[int, int]:
    """(copper, slabs) after earning `earned` copper: every 10 become a slab at once, while
    slabs are left; copper above the track's top is lost."""
    copper += earned
    while copper >= COPPER_PER_SLAB and slabs < t.slabs_top:
        copper -= COPPER_PER_SLAB
        slabs += 1
    top = t.copper_max
    return (copper if copper < top else top), slabs      # min(), without the call


def draw_goods(t: Tables, state: State, n: int) -> tuple[int, ...]:
    """The goods the next draw of n from the bag gives (a function of the seed and the entries used)."""
    return draw_from(t, state, n)[0]


def draw_from(t: Tables, state: State, n: int) -> tuple[tuple[int, ...], int]:
    """(goods drawn, goods-order entries used): the next n entries of the seed's goods order
    whose kind is still in the bag; an entry of a kind the bag has run out of is used up."""
    bag = list(state.bag)
    total = sum(bag)
    drawn = [0] * len(bag)
    if n <= 0 or total == 0:
        return tuple(drawn), 0
    order = goods_bags(t.goods_counts, state.seed)
    entries, size = order.entries, order.size      # entry(i), read straight from the bags shuffled so far
    at = state.draws
    for _ in range(min(n, total)):
        while True:
            i = at % size
            kind = entries[i] if i < len(entries) else order.entry(i)
            at += 1
            if bag[kind]:
                break
        bag[kind] -= 1
        drawn[kind] += 1
    return tuple(drawn), at - state.draws


def keep_first(t: Tables, pool: tuple[int, ...]) -> tuple[int, ...]:
    """The plain keep: the first `hold` goods in goods order."""
    left, kept = t.hold, []
    for c in pool:
        k = min(c, left)
        kept.append(k)
        left -= k
    return tuple(kept)


def apply(t: Tables, rules: Rules, state: State, seat: int, move: Move, keep=None):
    """The state after `move` and its effect, with the goods drawn and kept: (state, drawn, kept).

    `keep(pool) -> counts` chooses what to hold when a draw brings more than `hold`
    (default keep_first); it is asked only then. An Automa seat only moves: its ranks
    are advanced by kit.games.shikoku_duo.automa.
    """
    c, _, d, choice, _ = move
    drawn = kept = ()
    if d < 0:
        return state, drawn, kept
    # The state's and the player's fields as locals, the changed ones set, and one new State
    # and Player made from them (a NamedTuple's _replace, once per field, costs several times
    # as much). `state` itself stays the position before the move.
    players, bag, shops, sides, waves, hot, first, rounds, draws, seed = state
    pilgrim, merchant, artist, shrine, garden, copper, slabs, goods, painted, gifted, paintings, ranks = players[seat]
    if c == PILGRIM:
        pilgrim = d
    elif c == MERCHANT:
        merchant = d
    else:
        artist = d
    if ranks:
        pass
    elif c == PILGRIM:
        kind = t.ring_kind[d]
        if kind == TEMPLE:
            shrine = shrine + 1 if shrine < t.shrine_top else shrine      # stays at the top
        elif kind == GARDEN:
            garden = garden + 1 if garden < t.garden_top else garden
        elif kind == TOWN:
            copper, slabs = _earn(t, copper, slabs, t.town_coins)
        elif kind == HOT_SPRING:
            hot = seat
        elif kind == SEASHORE and choice >= 0:
            holders = list(waves)
            holders[choice] = seat
            waves = tuple(holders)
    elif c == MERCHANT:
        if t.town_coastal[d]:
            if choice > 0:
                kind, value = t.shops[shops[d]]
                held = list(goods)
                held[kind] -= choice
                goods = tuple(held)
                back = list(bag)
                back[kind] += choice
                bag = tuple(back)
                copper, slabs = _earn(t, copper, slabs, choice * (value + effects(t, state, seat)[SELL_PLUS]))
        else:
            drawn, used = draw_from(t, state, choice)
            pool = tuple(map(add, goods, drawn))
            kept = pool if sum(pool) <= t.hold else (keep or partial_keep(t))(pool)
            bag = tuple(map(sub, map(add, bag, goods), kept))      # drawn, and all but the kept back
            goods = tuple(kept)
            draws += used
    elif choice == PAINT:
        # The figures counted are all but this artist, so where it stood does not matter.
        painted += paint_count(t, rules, state, seat, d, move.passed)
    elif choice == GIFT:
        gifted += 1
    p = _new(Player, (pilgrim, merchant, artist, shrine, garden, copper, slabs, goods, painted, gifted, paintings,
                      ranks))
    players = (p, players[1]) if seat == 0 else (players[0], p)
    return _new(State, (players, bag, shops, sides, waves, hot, first, rounds, draws, seed)), drawn, kept


def partial_keep(t: Tables):
    return lambda pool: keep_first(t, pool)


def check_keep(t: Tables, pool: tuple[int, ...], kept: tuple[int, ...]) -> str | None:
    if len(kept) != len(pool) or any(k < 0 or k > q for k, q in zip(kept, pool)):
        return "kept goods that were not held or drawn"
    if sum(kept) != min(t.hold, sum(pool)):
        return f"must keep {min(t.hold, sum(pool))} goods, not {sum(kept)}"
    return None


def may_repeat(state: State, seat: int, held_before: bool) -> bool:
    return held_before and state.hot == seat


def spend_hot(state: State) -> State:
    return _put(state, _HOT, BOARD)


# --- the end ------------------------------------------------------------------------

def fired(t: Tables, state: State, rank_tops: tuple[int, ...] = ()) -> tuple[str, ...]:
    """End conditions that hold now: a player's (END_CONDITIONS) and an Automa's rank track
    filled (AUTOMA_ENDS), named apart."""
    a, b = state.players
    shrine_top, garden_top, slabs_top = t.shrine_top, t.garden_top, t.slabs_top
    shrine = a.shrine >= shrine_top or b.shrine >= shrine_top
    garden = a.garden >= garden_top or b.garden >= garden_top
    slabs = a.slabs >= slabs_top or b.slabs >= slabs_top
    gifts = a.gifted >= len(a.paintings) > 0 or b.gifted >= len(b.paintings) > 0      # every tile gifted
    if not (shrine or garden or slabs or gifts or rank_tops):      # every round but the last, without an Automa
        return ()
    ranks = [False, False, False]
    if rank_tops:
        for p in (a, b):
            if p.ranks:
                ranks = [ranks[c] or p.ranks[c] >= rank_tops[c] for c in range(3)]
    if not (shrine or garden or slabs or gifts or any(ranks)):      # every round but the last
        return ()
    return (tuple(name for name, hit in zip(END_CONDITIONS, (shrine, garden, slabs, gifts)) if hit)
            + tuple(name for name, hit in zip(AUTOMA_ENDS, ranks) if hit))


def character_scores(t: Tables, p: Player) -> tuple[int, int, int]:
    pilgrim = t.shrine_track[p.shrine] * t.garden_track[p.garden]
    merchant = t.slabs[p.slabs - 1] if p.slabs else 0
    return pilgrim, merchant, t.gift_points[p.gifted]


def winner(scores: tuple[int, int], copper: tuple[int, int], automa: bool) -> int | None:
    """Seat that wins (None: a draw): more points, then more copper; the human beats a tied Automa."""
    if scores[0] != scores[1]:
        return 0 if scores[0] > scores[1] else 1
    if automa:
        return 0
    if copper[0] != copper[1]:
        return 0 if copper[0] > copper[1] else 1
    return None


# --- text ---------------------------------------------------------------------------

def describe_dest(t: Tables, move: Move) -> str:
    if move.dest < 0:
        return "nowhere"
    if move.character == PILGRIM:
        return f"space {move.dest}"
    if move.character == MERCHANT:
        return t.town_names[move.dest]
    return t.region_names[move.dest]


def format_move(t: Tables, move: Move) -> str:
    """`pilgrim 3 12 wave artist`, `merchant 2 kochi sell 1`, `artist 2 r3 paint`, `merchant 4 stay`."""
    head = f"{CHARACTERS[move.character]} {move.steps}"
    if move.dest < 0:
        return f"{head} stay"
    parts = [head, describe_dest(t, move).replace("space ", "")]
    if move.character == PILGRIM:
        if move.choice >= 0:
            parts += ["wave", CHARACTERS[move.choice]]
    elif move.character == MERCHANT:
        if move.choice >= 0:
            parts += ["sell" if t.town_coastal[move.dest] else "draw", str(move.choice)]
    else:
        parts.append(ACTIONS[move.choice])
        if move.passed:
            parts += ["via"] + [t.region_names[r] for r in range(len(t.region_names)) if move.passed >> r & 1]
    return " ".join(parts)


def parse_move(t: Tables, text: str) -> Move:
    """The inverse of format_move; raises IllegalMove on words it cannot read."""
    words = text.split()
    if len(words) < 3 or words[0] not in CHARACTERS:
        raise IllegalMove(f"write a move as CHARACTER STEPS WHERE [ACTION], e.g. 'pilgrim 3 12', not {text!r}")
    c = CHARACTERS.index(words[0])
    try:
        steps = int(words[1])
    except ValueError:
        raise IllegalMove(f"{words[1]!r} is not a number of steps") from None
    if words[2] == "stay":
        return Move(c, steps, -1)
    rest = words[3:]
    if c == PILGRIM:
        try:
            dest = int(words[2])
        except ValueError:
            raise IllegalMove(f"a pilgrim stops on a ring space number, not {words[2]!r}") from None
        if not 0 <= dest < t.ring:
            raise IllegalMove(f"there is no ring space {dest} (0-{t.ring - 1})")
        choice = -1
        if rest:
            if rest[0] != "wave" or len(rest) != 2 or rest[1] not in CHARACTERS:
                raise IllegalMove(f"after a pilgrim's space write 'wave pilgrim|merchant|artist', not {' '.join(rest)!r}")
            choice = CHARACTERS.index(rest[1])
        return Move(c, steps, dest, choice)
    if c == MERCHANT:
        if words[2] not in t.town_names:
            raise IllegalMove(f"unknown town {words[2]!r}; towns: {', '.join(t.town_names)}")
        dest = t.town_names.index(words[2])
        want = "sell" if t.town_coastal[dest] else "draw"
        if not rest:
            return Move(c, steps, dest)      # the Automa's merchant: no action
        if len(rest) != 2 or rest[0] != want or not rest[1].isdecimal():
            raise IllegalMove(f"after {words[2]} write '{want} N', not {' '.join(rest)!r}")
        return Move(c, steps, dest, int(rest[1]))
    if words[2] not in t.region_names:
        raise IllegalMove(f"unknown region {words[2]!r}; regions: {', '.join(t.region_names)}")
    dest = t.region_names.index(words[2])
    if not rest or rest[0] not in ACTIONS:
        raise IllegalMove(f"after {words[2]} write paint, gift or nothing")
    passed = 0
    if len(rest) > 1:
        if rest[1] != "via":
            raise IllegalMove(f"after {rest[0]} write 'via REGION ...' or nothing")
        for name in rest[2:]:
            if name not in t.region_names:
                raise IllegalMove(f"unknown region {name!r}")
            passed |= 1 << t.region_names.index(name)
    return Move(c, steps, dest, ACTIONS.index(rest[0]), passed)


# --- whole games --------------------------------------------------------------------

class Result(NamedTuple):
    winner: int | None           # seat, or None for a draw
    scores: tuple[int, int]
    by_character: tuple[tuple[int, int, int], tuple[int, int, int]]
    copper: tuple[int, int]
    rounds: int
    ended: tuple[str, ...]       # end conditions that held when the game ended
    first: int                   # the first drafter of round 1
    sides: tuple[int, int, int]  # which side of each wave tile was up
    waves: tuple[int, int, int]  # who held each wave tile at the end
    dice: int                    # dice used (hot-spring repeats not counted)
    repeats: int                 # hot-spring repeats


def score_of(t: Tables, p: Player, controller) -> tuple[int, int, int]:
    """A seat's points by character: its boards, or an Automa's rank tracks."""
    if p.ranks:
        return controller.rank_scores(p.ranks)
    return character_scores(t, p)


def play_die(t: Tables, rules: Rules, state: State, seat: int, character: int, die: int, who,
             rng: random.Random, record=None) -> tuple[State, int]:
    """One die of one seat: its move, its effect, and a hot-spring repeat if the seat wants
    one. Returns the new state and the number of repeats (0 or 1)."""
    held = state.hot == seat
    move = who.move(t, rules, state, seat, character, die, rng)
    repeat = False
    while True:
        keep = None
        dest = move.dest
        if character == MERCHANT and dest >= 0 and not t.town_coastal[dest]:
            keep = _keeper(t, rules, state, seat, who, rng)
        after, drawn, kept = apply(t, rules, state, seat, move, keep)
        if who.is_automa:       # its rank tracks advance (automa.py); a policy's after changes nothing
            after = who.after(t, rules, state, after, seat, move)
        if record is not None:
            record.append(Step(state.round, seat, die, move, drawn, kept, repeat))
        state = after
        # may_repeat(state, seat, held), without the call: most dice end here
        if repeat or not held or after.hot != seat or not who.repeat(t, rules, state, seat, character, die, rng):
            return state, int(repeat)
        state = spend_hot(state)
        repeat = True
        move = who.move(t, rules, state, seat, character, die, rng)


def _keeper(t: Tables, rules: Rules, state: State, seat: int, who, rng: random.Random):
    """The keep(pool) apply asks, answered by `who` (made only for a draw, so that play_die
    itself holds no closure)."""
    return lambda pool: who.keep(t, rules, state, seat, pool, rng)


def chosen_move(t: Tables, rules: Rules, state: State, seat: int, character: int, die: int, who,
                rng: random.Random) -> Move:
    """The move `who.choose` makes among the legal ones (asked only when there is a choice)."""
    moves = legal_moves(t, rules, state, seat, character, die)
    return moves[0] if len(moves) == 1 else who.choose(t, rules, state, seat, moves, rng)


def play(t: Tables, rules: Rules, seed: int, controllers, rng: random.Random, record=None, track=None) -> Result:
    """A whole game of seed `seed`: controllers[seat] decides for each seat (a policy, or
    the Automa in seat 2); `rng` rolls the dice and breaks the players' ties. `track`, when
    given, is called after every round with each seat's points so far."""
    automa = controllers[1].is_automa
    state = setup(t, rules, seed, automa)
    tops = controllers[1].rank_tops if automa else ()
    repeats = rounds = 0        # rounds finished: the state's round, kept here too (read every round)
    first, limit = state.first, rules.round_limit
    ended = ()
    # Each seat's points as the round's standing: a human's straight from the tables (what
    # sum(character_scores) gives), the Automa's from its rank tracks.
    shrine, garden, slabs, gifts = t.shrine_track, t.garden_track, (0,) + t.slabs, t.gift_points
    while True:
        dice = roll(t, rng)
        # the round's three dice drafted 1-2-1 (drafters), the last die left to its drafter
        opener = (first + rounds) % 2
        second = 1 - opener
        who = controllers[opener]
        c = who.pick(t, rules, state, opener, dice, (0, 1, 2), rng)
        state, r = play_die(t, rules, state, opener, c, dice[c], who, rng, record)
        repeats += r
        left = (1, 2) if c == 0 else (0, 2) if c == 1 else (0, 1)
        who = controllers[second]
        c = who.pick(t, rules, state, second, dice, left, rng)
        state, r = play_die(t, rules, state, second, c, dice[c], who, rng, record)
        repeats += r
        c = left[1] if c == left[0] else left[0]
        state, r = play_die(t, rules, state, opener, c, dice[c], controllers[opener], rng, record)
        repeats += r
        rounds += 1
        state = _put(state, _ROUND, rounds)
        if track is not None:
            a, b = state.players
            track((shrine[a.shrine] * garden[a.garden] + slabs[a.slabs] + gifts[a.gifted],
                   sum(score_of(t, b, controllers[1])) if automa else
                   shrine[b.shrine] * garden[b.garden] + slabs[b.slabs] + gifts[b.gifted]))
        ended = fired(t, state, tops)
        if ended:
            break
        if rounds >= limit:
            ended = ("limit",)
            break
    by_char = tuple(score_of(t, p, controllers[s]) for s, p in enumerate(state.players))
    scores = (sum(by_char[0]), sum(by_char[1]))
    copper = tuple(p.copper for p in state.players)
    return Result(winner(scores, copper, automa), scores, by_char, copper, state.round, ended, state.first,
                  state.sides, state.waves, 3 * rounds, repeats)
