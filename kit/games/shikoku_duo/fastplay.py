"""Whole games of the default players on flat local state: greedy against greedy, and
greedy against the Automa, for `kit sim`.

rules.py is the readable engine and stays the source of truth; this module plays the
same games faster, for the players a run uses by default. A game here is one Game value
whose state is plain ints, tuples and small lists (no State or Player value per move),
whose moves are judged as policies.Greedy and automa.Automa judge them, and whose random
draws are the reference's, in the same order: the seeded setup streams, the dice, every
tie broken among the same candidates in the same order. So a seed gives the same game
move for move; tests/test_shikoku_fastplay.py plays many seeds under several rule sets
in both and compares the move records and the results.

What is kept identical, and how:
- Judging: the greedy player's tables (policies._judging_tables, shared with the
  reference) and the same float expressions in the same order, so gains that tie within
  1e-9 tie here too, and the same tie list goes to the same draw.
- Draws: `rng.choice(seq)` is `seq[rng._randbelow(len(seq))]` and `_randbelow(n)` draws
  `getrandbits(n.bit_length())` until below n; the loop draws the same with less around
  it (checked against the running Python at import: if it differs, every game goes to
  rules.play).
- Setup: rules.setup's draws from the same streams (Kit.setup). Most of its cost is
  seeding a Random per kind of draw, which no table made once per run can spare: each is a
  function of the game's seed. Each stream is seeded on a Random made once per run,
  straight from the int random.Random.seed makes of its name (checked at import against
  R.stream), which spares the rest: a new Random and seed's Python part (about a quarter
  of what a stream costs). The goods order is rules.goods_order's shuffles, made a bag at a
  time as the draws reach it.

Compiled (kit/sim/accel.py), fastplay.pxd gives Game C types: its seats' counters C arrays,
its ints C integers and its gains C doubles, its methods C functions. They hold the same
values as the Python ints and floats (Kit.fits keeps the masks within 64 bits), so a game
is the same compiled or not; the .py alone, without the .pxd, is the reference for both.

Anything else (the random or planner policy, a record of a mixed game) is played by
rules.play: `playable` says whether a mix of seats is played here.
"""

from __future__ import annotations

import random
from functools import lru_cache
try:    # CPython's own SHA-512 (3.12: _sha2, 3.11: _sha512): hashlib's digest without OpenSSL's
    from _sha2 import sha512    # set-up per hash (a third of hashlib's cost per name in _reseed)
except ImportError:
    try:
        from _sha512 import sha512
    except ImportError:
        from hashlib import sha512

from kit.sim.draws import below
from kit.games.shikoku_duo import rules as R
from kit.games.shikoku_duo.automa import Automa
from kit.games.shikoku_duo.policies import TOKEN_WORTH, Greedy
from kit.games.shikoku_duo.rules import (
    ARTIST, BOARD, COPPER_PER_SLAB, DRAW_PLUS, END_CONDITIONS, GARDEN, GIFT, HOT_SPRING, MERCHANT, NOTHING,
    P_MINUS, P_PLUS, PAINT, PAINT_CAP, PAINT_PATH, PAINT_PLUS, PILGRIM, SEASHORE, SELL_PLUS, SPACE_KINDS,
    TEMPLE, TOWN, Move, Result, Step, Tables,
)

_new = tuple.__new__
_NONE = float("-inf")
_NO_SALE = (0, 0.0)     # a shop token that takes none of the goods held
TIE = 1e-9          # gains this close tie (policies' rule); a module value so a test can break it on purpose


def _same_draws() -> bool:
    """True when the draws written out here (play's `below`, the dice) are Random._randbelow's
    and Random.choice's on this Python."""
    a, b = random.Random(12345), random.Random(12345)
    for n in (1, 2, 3, 5, 6, 7, 8, 9, 26, 100, 1000):
        for _ in range(50):
            if a._randbelow(n) != below(b.getrandbits, n):
                return False
    x, y = list(range(26)), list(range(26))
    a.shuffle(x)
    _shuffle(y, b.getrandbits, _shuffle_plan(26))
    name = R.stream_name(12345, "goods")
    return (x == y and a.randrange(2) == below(b.getrandbits, 2)
            and R.stream(12345, "goods").getrandbits(32) == _reseed(a, name).getrandbits(32))


# The seeding of random.Random below its Python part (Random.seed of a str, version 2, turns
# it into one int: its bytes and their sha512 digest; the C part seeds from that int).
_seed_int = random.Random.__mro__[1].seed


def _reseed(rng: random.Random, name: str) -> random.Random:
    """rng seeded as random.Random(name) is (R.stream's Random, on a Random made once)."""
    b = name.encode()
    _seed_int(rng, int.from_bytes(b + sha512(b).digest(), "big"))
    return rng


def _shuffle_plan(size: int) -> tuple:
    """What Random.shuffle of `size` items draws: (i, i + 1, its bit length) for i = size - 1 .. 1."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in reversed(range(1, size)))


def _shuffle(x: list, bits, plan: tuple) -> None:
    """Random.shuffle(x) of the Random whose getrandbits is `bits` (plan: _shuffle_plan(len(x)))."""
    for i, n, k in plan:
        j = bits(k)
        while j >= n:
            j = bits(k)
        x[i], x[j] = x[j], x[i]


def playable(policies: tuple[str, ...], automa) -> bool:
    """Whether the seats' players (policy names per seat, "automa" last in a solo game) are
    played here."""
    humans = [p for p in policies if p != "automa"]
    return INLINE_DRAWS and all(p == Greedy.name for p in humans) and (
        len(humans) == 2 or (len(humans) == 1 and automa is not None))


INLINE_DRAWS = _same_draws()


@lru_cache(maxsize=None)
def _lengths(plus: int, minus: int, die: int) -> tuple[int, ...]:
    """rules.pilgrim_steps: the lengths a pilgrim may move."""
    fx = [0] * len(R.EFFECTS)
    fx[P_PLUS], fx[P_MINUS] = plus, minus
    return R.pilgrim_steps(tuple(fx), die)


class Kit:
    """What every game of a run shares: the board's tables, the rules, the greedy player's
    judging tables and the Automa's rules as lookups (made once per run)."""

    def __init__(self, t: Tables, rules: R.Rules, automa=None):
        self.t, self.rules, self.automa = t, rules, automa
        self.greedy = Greedy(t)
        self.faces = tuple(len(f) for f in t.dice)
        self.pilgrim_moves = tuple(tuple((PILGRIM, n, d, -1, 0) for d in range(t.ring)) for n in range(t.max_steps + 1))
        self.full_bag = tuple(kind for kind, n in enumerate(t.goods_counts) for _ in range(n))   # rules.goods_order's
        self.bag_plan = _shuffle_plan(len(self.full_bag))
        # rules.setup's draws without a State: the shuffles as plans, the start as places
        self.shop_plan, self.tiles_plan = _shuffle_plan(len(t.shops)), _shuffle_plan(len(t.paintings))
        self.start = (t.town_names.index(rules.start_town) if rules.start_town
                      else next(i for i, c in enumerate(t.town_coastal) if not c),
                      t.region_names.index(rules.start_region) if rules.start_region else 0)
        # Each artist move's destinations without a wave effect, as (its shift in a count of
        # figures by region (rules.Tables.space_counts), its painting type, the move painting
        # there, the move gifting there) - a move is a value, made once - and the same as
        # (shift, painting there) for a seat with no face-up tile to gift.
        def artist_to(targets, n):
            full = tuple((3 * d, t.region_painting[d], (ARTIST, n, d, PAINT, 0), (ARTIST, n, d, GIFT, 0))
                         for d, _ in targets)
            return tuple((shift, paint) for shift, _, paint, _ in full), full
        self.artist_to = tuple(tuple(artist_to(targets, n) for n, targets in enumerate(by_die))
                               for by_die in t.artist_plain)
        # ... and with paint_path, each (destination, regions passed) as (the regions whose
        # figures count, its painting type, the move painting there, the move gifting there).
        self.artist_path_to = tuple(tuple(tuple(((1 << d) | passed, t.region_painting[d], (ARTIST, n, d, PAINT, passed),
                                                 (ARTIST, n, d, GIFT, passed)) for d, passed in targets)
                                          for n, targets in enumerate(by_die)) for by_die in t.artist_via)
        # Each merchant move's destinations as (town, coastal, its value, the move drawing that
        # value in a mountain town, or in a coastal town the moves selling 0..hold goods):
        # unblocked, by path, and by the towns blocked on its paths (filled as games meet them).
        def town(d: int, n: int) -> tuple:
            coast = t.town_coastal[d]
            return d, coast, t.town_value[d], (tuple((MERCHANT, n, d, k, 0) for k in range(t.hold + 1)) if coast
                                               else (MERCHANT, n, d, t.town_value[d], 0))
        self.merchant_to = tuple(tuple((union, tuple(town(d, n) for d in dests),
                                        tuple((town(d, n), m) for d, m in by_dest), {})
                                       for n, (union, dests, by_dest) in enumerate(by_die))
                                 for by_die in t.merchant_paths[rules.merchant_path != "simple"])
        # What painting n tiles adds, and what a gift adds, by painted and gifted tiles: the
        # greedy player's artist_v differences, as Policy._artist takes them.
        av, tiles = self.greedy.artist_v, len(t.paintings)
        self.paint_gain = tuple(tuple(tuple(av[p + n][k] - av[p][k] for n in range(tiles - p + 1))
                                      for k in range(p + 1)) for p in range(tiles + 1))
        # ... and what painting adds with n figures counted, by painted, gifted and paint_plus
        # amount: rules.paint_counts's cap and paint_plus applied to n, then paint_gain.
        count = rules.paint_plus == "count"
        most = max([a or 1 for sides in t.wave_effects for e, a in sides if e == PAINT_PLUS] + [0])
        self.paint_worth = tuple(tuple(tuple(tuple(
            self.paint_gain[p][k][min(n + (plus if count else 0), PAINT_CAP + plus, tiles - p) if n else 0]
            for n in range(8)) for plus in range(most + 1)) for k in range(p + 1)) for p in range(tiles + 1))
        self.gift_gain = tuple(tuple(av[p][k + 1] - av[p][k] if k < p else 0.0 for k in range(p + 1))
                               for p in range(tiles + 1))
        self.face_bits = tuple(n.bit_length() for n in self.faces)      # what rng.choice draws for a die
        # rules.setup's streams and the goods order's, each a Random made once and seeded
        # again for each game (R.stream makes a new one: its seeding is most of the cost, but
        # not all). A Kit plays one game at a time.
        self.rng, self.goods_rng = random.Random(0), random.Random(0)
        if automa is not None:
            sign = 1 if automa.take == "highest" else -1
            self.a_sign = sign
            self.a_ties = tuple(-automa.ties.index(c) for c in range(3))
            goal = automa.merchant_goal
            # Automa._merchant_key of a move to each town
            self.a_mkey = tuple(({"mountain_first": t.town_coastal[d], "coastal_first": not t.town_coastal[d],
                                  "first": False}[goal], -t.town_value[d] if goal != "first" else 0, d)
                                for d in range(len(t.town_names)))
            self.a_pilgrim = tuple(automa.pilgrim_advance[SPACE_KINDS[k]] for k in t.ring_kind)
            self.a_merchant = tuple(automa.merchant_advance["coastal" if c else "mountain"] for c in t.town_coastal)
            self.a_tops = automa.tops

        # A seat's merchant judged by its goods, copper, slabs and sell_plus: what each shop
        # token's sale adds, what drawing n goods adds, what a pilgrim's town coins add
        # (Policy._merchant's and _pilgrim's sums, made once per such tuple and run).
        self.merchant_worth: dict = {}
        self.goods_info: dict = {}  # goods_of, by the goods held
        self.keeps: dict = {}       # Policy.keep's goods kept, by the goods held and drawn
        self.a_picks: dict = {}     # the Automa's die, by the dice left and the roll
        self.a_towns: dict = {}     # the Automa's merchant's town, by the towns it may reach
        self.most_drawn = max(t.town_value) + sum(max(a or 1 for _, a in sides) for sides in t.wave_effects)
        # Game's masks as 64-bit ints (compiled): a bit a ring space, a town (shifted by 4 in
        # the merchant's keys), a region, or 3 bits a region
        self.fits = len(t.ring_kind) < 63 and len(t.town_names) < 59 and 3 * len(t.region_names) < 63

    def controllers(self) -> list:
        """The seats' players for rules.play."""
        return [Greedy(self.t), Automa(self.t, self.automa) if self.automa is not None else Greedy(self.t)]

    def kept(self, pool: tuple) -> tuple:
        """Policy.keep of the goods in `pool` (more than the hold): the best prices first."""
        left, kept = self.t.hold, [0] * len(pool)
        for k in self.greedy.keep_order:
            kept[k] = x = min(pool[k], left)
            left -= x
        return tuple(kept)

    def worth_of(self, key: tuple) -> tuple:
        """A seat's merchant tables (merchant_worth) for key = (its goods, copper, slabs,
        sell_plus), made once a key and run (_merchant_tables)."""
        found = self.merchant_worth[key] = _merchant_tables(self, key)
        return found

    def goods_of(self, goods: tuple) -> tuple:
        """What the merchant tables read of held goods: (their copper worth, the room left, per
        shop token: (goods it takes, its price, the copper worth of the goods left), and last
        the pilgrim's town coins as (-1, the coins, the copper worth of the goods))."""
        g = self.greedy
        sells = []
        for kind, value in self.t.shops:
            after = list(goods)
            after[kind] = 0
            sells.append((goods[kind], value, g.goods_copper(tuple(after))))
        worth = g.goods_copper(goods)
        sells.append((-1, self.t.town_coins, worth))
        return worth, self.t.hold - sum(goods), tuple(sells)

    def play(self, seed: int, rng: random.Random, record: list | None = None) -> Result:
        return play(self, seed, rng, record)

    def setup(self, seed: int) -> tuple:
        """rules.setup(t, rules, seed)'s draws, from the same streams: (town_shop, sides, first,
        each seat's painting tiles)."""
        t, rng, name = self.t, self.rng, R.stream_name
        bits = rng.getrandbits
        shops = list(range(len(t.shops)))
        _reseed(rng, name(seed, "shops"))
        _shuffle(shops, bits, self.shop_plan)
        town_shop = [-1] * len(t.town_names)
        for town, shop in zip(t.coastal, shops):
            town_shop[town] = shop
        _reseed(rng, name(seed, "sides"))
        sides = (below(bits, 2), below(bits, 2), below(bits, 2))
        first = below(_reseed(rng, name(seed, "first")).getrandbits, 2) if self.rules.first_drafter == "random" else 0
        tiles = []
        for seat in range(2):
            order = list(t.paintings)
            _reseed(rng, name(seed, f"tiles {seat + 1}"))
            _shuffle(order, bits, self.tiles_plan)
            tiles.append(tuple(order))
        return tuple(town_shop), sides, first, tiles[0], tiles[1]

    def effects(self, sides: tuple, waves: tuple, seat: int) -> tuple[int, ...]:
        """rules.effects (NO_EFFECTS when the seat holds no wave tile)."""
        if seat not in waves:
            return R.NO_EFFECTS
        t = self.t
        key = (sides, waves, seat)
        fx = t.fx_cache.get(key)
        if fx is None:
            amounts = [0] * len(R.EFFECTS)
            for c in range(3):
                if waves[c] == seat:
                    e, amount = t.wave_effects[c][sides[c]]
                    amounts[e] += amount or 1
            fx = t.fx_cache[key] = tuple(amounts)
        return fx


def _merchant_tables(kit: Kit, key: tuple) -> tuple:
    """Kit.worth_of: (per shop token: (goods sold, gain), per goods drawn n: gain, gain of the
    pilgrim's town coins) for key = (goods, copper, slabs, sell_plus). Policy._merchant's
    sums (_merchant_now, _with_copper), the same expressions in the same order, so the same
    floats (compiled, fastplay.pxd types them C doubles, which Python's floats are)."""
    goods, copper, slabs, sell_plus = key
    info = kit.goods_info.get(goods)
    if info is None:
        info = kit.goods_info[goods] = kit.goods_of(goods)
    gw, room, sells = info
    g, cps, top, copper_max = kit.greedy, COPPER_PER_SLAB, len(kit.t.slabs) - slabs, kit.t.copper_max
    slab_base, slab_step = g.slab_base, g.slab_step
    held = copper + gw
    base = slab_base[slabs]
    step = slab_step[slabs]
    share = held / cps
    now = base + step * (share if share < 1.0 else 1.0)
    # _with_copper, written out (min() without the call: a builtin min() parses keywords),
    # for each shop token's sale of all the goods it takes (selling fewer is never judged
    # better) and, last, for the pilgrim's town coins (k = -1, value = the coins)
    sale = []
    for k, value, after in sells:
        if k == 0:
            sale.append(_NO_SALE)
            continue
        total = copper + (k * (value + sell_plus) if k > 0 else value)
        won = total // cps
        if won > top:
            won = top
        c = total - won * cps
        x = ((c if c < copper_max else copper_max) + after) / cps
        base_won = slab_base[slabs + won]
        step_won = slab_step[slabs + won]
        sale.append((k, base_won + step_won * (x if x < 1.0 else 1.0) - now))
    town = sale.pop()[1]
    # drawing n goods: n up to the room left, then the same as filling it
    most_drawn = kit.most_drawn
    draw_worth, last = g.draw_worth, room if 0 < room < most_drawn else (0 if room <= 0 else most_drawn)
    drawn = []
    for n in range(last + 1):
        share = (held + draw_worth * (n if n < room else room)) / cps
        drawn.append(base + step * (share if share < 1.0 else 1.0) - now)
    drawn += drawn[-1:] * (most_drawn - last)
    return tuple(sale), tuple(drawn), town


def play(kit: Kit, seed: int, rng: random.Random, record: list | None = None) -> Result:
    """rules.play(t, rules, seed, controllers, rng, record) for greedy seats (and the Automa in
    seat 2 when kit.automa is set): the same Result, and the same Steps in `record`."""
    if not kit.fits:        # a board too large for the compiled Game's 64-bit masks
        return R.play(kit.t, kit.rules, seed, kit.controllers(), rng, record)
    return Game(kit, seed, rng, record).play()


def _reachable(by_dest: tuple, blocked: int) -> tuple:
    """rules.merchant_dests: the destinations some path reaches without a blocked town."""
    return tuple(d for d, masks in by_dest if any(not m & blocked for m in masks))


def _with_draw_plus(dests: tuple, die: int, plus: int) -> tuple:
    """A merchant's candidates with draw_plus: a mountain town may draw its value or more."""
    return tuple(x for d, coast, n, move in dests for x in (
        ((d, coast, n, move),) if coast else ((d, False, n, move), (d, False, n + plus, (MERCHANT, die, d, n + plus, 0)))))


def _automa_die(left: tuple, dice: tuple, sign: int, ties: tuple) -> int:
    """Automa.pick: the highest (or lowest) die left, ties by the Automa's order."""
    return max(left, key=lambda x: (sign * dice[x], ties[x]))


ONE = 1     # typed a 64-bit int in fastplay.pxd: ONE << n stays exact compiled (Kit.fits bounds n)
_NOT_JUDGED = ((), None, 0.0, None)


class Game:
    """One game's state as flat values: ints, tuples and small lists, no State or Player
    value per move (compiled, fastplay.pxd makes the seats' counters C arrays, the ints and
    gains C numbers and the methods C functions). The Kit's tables are bound as attributes
    once a game, and each step of the loop is a method: play() plays the rounds."""

    # Slots, as plain Python: an instance dict of this many keys is not shared between
    # instances, and its attributes read slower than slots (compiled, fastplay.pxd declares them)
    __slots__ = (
        "kit", "t", "rules", "seed", "record", "automa", "tie", "bits", "ring_kind", "n_ring", "tsb", "stb",
        "cbit", "figures_block", "paths", "coastal", "space_counts", "town_counts", "space_regions",
        "town_regions", "artist_plain", "shrine_top", "garden_top", "n_slabs", "hold", "copper_max",
        "town_coins", "paint_plus_count", "temple_gain", "garden_gain", "keep_order", "paint_gain",
        "gift_gain", "paint_worth", "artist_to", "artist_path_to", "merchant_to", "pilgrim_moves",
        "merchant_worth", "keeps", "sides", "first", "town_shop", "tiles", "shop_kind", "shop_value", "pil",
        "mer", "art", "shr", "gar", "cop", "slb", "pnt", "gft", "ranks", "n_goods", "gds", "bag", "waves",
        "fxs", "worths", "merchant_last", "hot", "draws", "ending", "rnd", "repeats", "v", "order",
        "order_size", "order_rng",
    )

    def __init__(self, kit: Kit, seed: int, rng: random.Random, record: list | None):
        t, rules, g = kit.t, kit.rules, kit.greedy
        self.kit, self.t, self.rules, self.seed, self.record = kit, t, rules, seed, record
        self.automa = kit.automa is not None
        self.tie = TIE
        self.bits = rng.getrandbits
        # --- the board and the greedy player's tables
        self.ring_kind, self.n_ring = t.ring_kind, len(t.ring_kind)
        self.tsb, self.stb, self.cbit = t.town_space_bit, t.space_town_bit, t.coastal_bit
        self.figures_block = rules.pilgrim_blockers == "figures"
        self.paths = t.merchant_paths[rules.merchant_path != "simple"]
        self.coastal = t.town_coastal
        self.space_counts, self.town_counts = t.space_counts, t.town_counts
        self.space_regions, self.town_regions = t.space_regions, t.town_regions
        self.artist_plain = t.artist_plain
        self.shrine_top, self.garden_top, self.n_slabs = t.shrine_top, t.garden_top, len(t.slabs)
        self.hold, self.copper_max, self.town_coins = t.hold, t.copper_max, t.town_coins
        self.paint_plus_count = rules.paint_plus == "count"
        self.temple_gain, self.garden_gain, self.keep_order = g.temple_gain, g.garden_gain, g.keep_order
        self.paint_gain, self.gift_gain, self.paint_worth = kit.paint_gain, kit.gift_gain, kit.paint_worth
        self.artist_to, self.artist_path_to = kit.artist_to, kit.artist_path_to
        self.merchant_to, self.pilgrim_moves = kit.merchant_to, kit.pilgrim_moves
        self.merchant_worth, self.keeps = kit.merchant_worth, kit.keeps
        # --- the setup
        town_shop, self.sides, self.first, tiles0, tiles1 = kit.setup(seed)    # rules.setup's draws
        self.town_shop, self.tiles = town_shop, (tiles0, tiles1)
        self.shop_kind = tuple([t.shops[k][0] if k >= 0 else -1 for k in town_shop])
        self.shop_value = tuple([t.shops[k][1] if k >= 0 else 0 for k in town_shop])
        start_town, start_region = kit.start
        self.pil = [R.START, R.START]
        self.mer = [start_town, start_town]
        self.art = [start_region, start_region]
        self.shr = [0, 0]
        self.gar = [0, 0]
        self.cop = [0, 0]
        self.slb = [0, 0]
        self.pnt = [0, 0]
        self.gft = [0, 0]
        self.ranks = [0, 0, 0]          # the Automa's, seat 2
        self.n_goods = len(t.goods_names)
        zero_goods = (0,) * self.n_goods
        self.gds = [zero_goods, zero_goods]
        self.bag = list(t.goods_counts)
        self.waves = (BOARD, BOARD, BOARD)
        self.fxs = [R.NO_EFFECTS, R.NO_EFFECTS]   # each seat's wave effects (rules.effects), made again when a tile moves
        self.worths = [None, None]      # each seat's merchant tables (Kit.worth_of), None when goods, copper or effects change
        # A seat's last merchant judgement: (its candidates, its merchant tables, the gain, the
        # moves with it). The same two (values made once a run) give the same judgement: the
        # third pick of a round often judges the merchant the first pick judged.
        self.merchant_last = [_NOT_JUDGED, _NOT_JUDGED]
        self.hot = BOARD
        self.draws = 0
        self.ending = True              # an end condition may hold: rules.fired is asked at the round's end
        self.rnd = 0
        self.repeats = 0
        self.v = 0.0                    # the gain of the last judgement (g_pilgrim, g_merchant, g_artist)
        # rules.goods_order, made a bag at a time as the draws reach it: the same shuffles of
        # one seeded Random in the same order, and most games never draw from the last bags
        self.order = []
        self.order_size = R.GOODS_BAGS * sum(t.goods_counts)
        self.order_rng = None

    def more_goods_order(self, at: int) -> None:
        kit = self.kit
        if self.order_rng is None:
            self.order_rng = _reseed(kit.goods_rng, R.stream_name(self.seed, "goods"))
        order = self.order
        while len(order) <= at:
            bag = list(kit.full_bag)
            _shuffle(bag, self.order_rng.getrandbits, kit.bag_plan)
            order.extend(bag)

    # --- where figures may go
    def stop(self, s: int, steps: int) -> int:
        """rules.pilgrim_stops of one length: where seat s's pilgrim stops `steps` on, passing
        the spaces occupied (a bit each): the other pilgrim's and, when figures block, the
        spaces the merchants' towns touch."""
        occ = ONE << self.pil[1 - s]
        if self.figures_block:
            mer = self.mer
            a = self.tsb[mer[0]]
            b = self.tsb[mer[1]]
            occ |= a | b
        n_ring = self.n_ring
        d = (self.pil[s] + steps) % n_ring
        while occ >> d & 1:
            d = (d + 1) % n_ring
        return d

    def dests_of(self, s: int, steps: int) -> tuple:
        """rules.merchant_dests."""
        pil = self.pil
        mer = self.mer
        a = self.cbit[mer[1 - s]]
        b = self.stb[pil[0]]
        c = self.stb[pil[1]]
        blocked = a | b | c
        union, dests, by_dest = self.paths[mer[s]][steps]
        if not union & blocked:
            return dests
        return _reachable(by_dest, blocked)

    def counts_around(self, s: int) -> int:
        """Figures round every region, 3 bits a region, all but seat s's artist."""
        pil = self.pil
        mer = self.mer
        a = self.space_counts[pil[0]]
        b = self.space_counts[pil[1]]
        c = self.town_counts[mer[0]]
        d = self.town_counts[mer[1]]
        return a + b + c + d + (ONE << 3 * self.art[1 - s])

    def figure_regions(self, s: int) -> tuple:
        """Where the figures are, all but seat s's artist: per figure, the regions (a bit each)
        its space or town is in or round."""
        pil = self.pil
        mer = self.mer
        return (self.space_regions[pil[0]], self.space_regions[pil[1]], self.town_regions[mer[0]],
                self.town_regions[mer[1]], ONE << self.art[1 - s])

    def paint_counts(self, s: int, fx: tuple, targets) -> list:
        """rules.paint_counts."""
        plus = fx[PAINT_PLUS]
        plus_count = plus if self.paint_plus_count else 0
        cap = min(PAINT_CAP + plus, len(self.tiles[s]) - self.pnt[s])
        out = []
        if fx[PAINT_PATH]:
            a, b, c, d, e = self.figure_regions(s)
            for dest, passed in targets:
                regions = (ONE << dest) | passed
                n = (a & regions > 0) + (b & regions > 0) + (c & regions > 0) + (d & regions > 0) + (e & regions > 0)
                out.append(min(n + plus_count, cap) if n else 0)
            return out
        counts = self.counts_around(s)
        if not plus_count and cap >= R.FIGURES:
            return [counts >> 3 * dest & 7 for dest, _ in targets]
        for dest, _ in targets:
            n = counts >> 3 * dest & 7
            out.append(min(n + plus_count, cap) if n else 0)
        return out

    # --- the greedy player's candidates (Policy._pilgrim, _merchant, _artist): the candidates
    # with the best gain, in legal_moves' order; the gain in self.v
    def judge(self, c: int, s: int, fx: tuple, die: int) -> list:
        if c == PILGRIM:
            return self.g_pilgrim(s, fx, die)
        if c == MERCHANT:
            return self.g_merchant(s, fx, die)
        return self.g_artist(s, fx, die)

    def g_pilgrim(self, s: int, fx: tuple, die: int) -> list:
        if fx[P_PLUS] or fx[P_MINUS]:
            return self.g_pilgrims(s, fx, die)
        d = self.stop(s, die)           # one length: one stop
        kind = self.ring_kind[d]
        if kind == SEASHORE:            # every tile that may be taken is worth the same: all tie
            choices = R._wave_choices(self.waves, s)
            self.v = TOKEN_WORTH if choices[0] >= 0 else 0.0
            return [(PILGRIM, die, d, c, 0) for c in choices]
        self.v = self.stop_gain(s, kind)
        return [self.pilgrim_moves[die][d]]

    def stop_gain(self, s: int, kind: int) -> float:
        """What the pilgrim's stop on a space of `kind` (not seashore) adds."""
        if kind == TEMPLE:
            return self.temple_gain[self.shr[s]][self.gar[s]]
        if kind == GARDEN:
            return self.garden_gain[self.shr[s]][self.gar[s]]
        if kind == TOWN:
            return (self.worths[s] or self.seat_worth(s))[2]
        if kind == HOT_SPRING:
            return TOKEN_WORTH if self.hot != s else 0.0
        return 0.0

    def g_pilgrims(self, s: int, fx: tuple, die: int) -> list:
        """g_pilgrim with a pilgrim wave tile: a stop for each length."""
        tie, ring_kind, moves = self.tie, self.ring_kind, self.pilgrim_moves
        best_v, ties = _NONE, None
        for steps in _lengths(fx[P_PLUS], fx[P_MINUS], die):
            d = self.stop(s, steps)
            kind = ring_kind[d]
            if kind == SEASHORE:
                for c in R._wave_choices(self.waves, s):
                    v = TOKEN_WORTH if c >= 0 else 0.0
                    if v > best_v + tie:
                        best_v, ties = v, [(PILGRIM, steps, d, c, 0)]
                    elif v > best_v - tie:
                        ties.append((PILGRIM, steps, d, c, 0))
                continue
            v = self.stop_gain(s, kind)
            if v > best_v + tie:
                best_v, ties = v, [moves[steps][d]]
            elif v > best_v - tie:
                ties.append(moves[steps][d])
        self.v = best_v
        return ties

    def g_merchant(self, s: int, fx: tuple, die: int) -> list:
        pil = self.pil
        mer = self.mer
        union, dests, by_dest, by_blocked = self.merchant_to[mer[s]][die]
        a = self.cbit[mer[1 - s]]
        b = self.stb[pil[0]]
        c = self.stb[pil[1]]
        blocked = union & (a | b | c)
        plus = fx[DRAW_PLUS]
        if blocked or plus:     # the candidates by blocked towns and draw_plus, made once a run
            key = blocked << 4 | plus
            found = by_blocked.get(key)
            if found is None:
                if blocked:
                    dests = _reachable(by_dest, blocked)
                if plus:
                    dests = _with_draw_plus(dests, die, plus)
                found = by_blocked[key] = dests
            dests = found
        if not dests:
            self.v = 0.0
            return [(MERCHANT, die, -1, -1, 0)]
        w = self.worths[s] or self.seat_worth(s)
        last = self.merchant_last[s]
        if last[0] is dests and last[1] is w:      # judged so already: the same candidates and tables
            self.v = last[2]
            return last[3]
        sale, drawn, _ = w
        town_shop, tie = self.town_shop, self.tie
        best_v, ties = _NONE, None
        for d, coast, n, move in dests:
            if coast:
                n, v = sale[town_shop[d]]       # sell all the goods the shop takes
                move = move[n]
            else:
                v = drawn[n]                    # draw n
            if v > best_v + tie:
                best_v, ties = v, [move]
            elif v > best_v - tie:
                ties.append(move)
        self.merchant_last[s] = dests, w, best_v, ties
        self.v = best_v
        return ties

    def seat_worth(self, s: int) -> tuple:
        """The seat's merchant tables, looked up (Kit.worth_of makes them when new)."""
        key = (self.gds[s], self.cop[s], self.slb[s], self.fxs[s][SELL_PLUS])
        w = self.merchant_worth.get(key)
        if w is None:
            w = self.kit.worth_of(key)
        self.worths[s] = w
        return w

    def g_artist(self, s: int, fx: tuple, die: int) -> list:
        if fx[PAINT_PATH]:
            return self.g_artist_path(s, fx, die)
        plain, to = self.artist_to[self.art[s]][die]
        if not to:
            self.v = 0.0
            return [(ARTIST, die, -1, -1, 0)]
        painted = self.pnt[s]
        gifted = self.gft[s]
        worth = self.paint_worth[painted][gifted][fx[PAINT_PLUS]]      # by figures round the region
        tie = self.tie
        best_v, ties = _NONE, None
        c = self.counts_around(s)
        if gifted >= painted:       # no face-up tile: painting only
            for shift, paint in plain:
                v = worth[c >> shift & 7]
                if v > best_v + tie:
                    best_v, ties = v, [paint]
                elif v > best_v - tie:
                    ties.append(paint)
            self.v = best_v
            return ties
        wanted = self.tiles[s][gifted]
        gift = self.gift_gain[painted][gifted]
        for shift, kind, paint, gives in to:
            v = worth[c >> shift & 7]
            if v > best_v + tie:
                best_v, ties = v, [paint]
            elif v > best_v - tie:
                ties.append(paint)
            if kind == wanted:
                if gift > best_v + tie:
                    best_v, ties = gift, [gives]
                elif gift > best_v - tie:
                    ties.append(gives)
        self.v = best_v
        return ties

    def g_artist_path(self, s: int, fx: tuple, die: int) -> list:
        """g_artist with paint_path: the figures round every region passed through count too
        (rules.paint_counts, written out)."""
        to = self.artist_path_to[self.art[s]][die]
        if not to:
            self.v = 0.0
            return [(ARTIST, die, -1, -1, 0)]
        painted = self.pnt[s]
        gifted = self.gft[s]
        tiles = self.tiles[s]
        gains = self.paint_gain[painted][gifted]
        wanted = tiles[gifted] if gifted < painted else -1
        gift = self.gift_gain[painted][gifted]
        plus = fx[PAINT_PLUS]
        plus_count = plus if self.paint_plus_count else 0
        cap = len(tiles) - painted
        if cap > PAINT_CAP + plus:
            cap = PAINT_CAP + plus
        a, b, c, d, e = self.figure_regions(s)
        tie = self.tie
        best_v, ties = _NONE, None
        for regions, kind, paint, gives in to:
            n = (a & regions > 0) + (b & regions > 0) + (c & regions > 0) + (d & regions > 0) + (e & regions > 0)
            if n:
                n += plus_count
                if n > cap:
                    n = cap
            v = gains[n]
            if v > best_v + tie:
                best_v, ties = v, [paint]
            elif v > best_v - tie:
                ties.append(paint)
            if kind == wanted:
                if gift > best_v + tie:
                    best_v, ties = gift, [gives]
                elif gift > best_v - tie:
                    ties.append(gives)
        self.v = best_v
        return ties

    def g_best(self, s: int, c: int, die: int) -> tuple:
        """Policy.best's move, a tie drawn by rng."""
        ties = self.judge(c, s, self.fxs[s], die)
        return ties[0] if len(ties) == 1 else ties[below(self.bits, len(ties))]

    def g_pick(self, seat: int, left: tuple, dice: tuple) -> tuple:
        """Policy.pick: each die's best move (a tie drawn), then the move that gains most (a
        tie drawn). A move's character is its die."""
        fx = self.fxs[seat]
        tie, bits = self.tie, self.bits
        best, best_v, tied = None, _NONE, None
        for x in left:
            if x == PILGRIM:            # judge(), written out: the hottest call of a game
                ties = self.g_pilgrim(seat, fx, dice[x])
            elif x == MERCHANT:
                ties = self.g_merchant(seat, fx, dice[x])
            else:
                ties = self.g_artist(seat, fx, dice[x])
            v = self.v
            n = len(ties)
            if n == 1:
                m = ties[0]
            else:                       # below(n), written out: half the dice have a tie to break
                k = n.bit_length()
                r = bits(k)
                while r >= n:
                    r = bits(k)
                m = ties[r]
            if v > best_v + tie:
                best, best_v, tied = m, v, None
            elif v > best_v - tie:      # the list of moves that tie is made only when one does
                if tied is None:
                    tied = [best]
                tied.append(m)
        return best if tied is None else tied[below(self.bits, len(tied))]

    # --- the Automa's moves (Automa.move / choose, as candidates)
    def a_move(self, s: int, c: int, die: int) -> tuple:
        kit = self.kit
        if c == PILGRIM:
            return self.pilgrim_moves[die][self.stop(s, die)]
        if c == MERCHANT:
            dests = self.dests_of(s, die)
            if not dests:
                return (MERCHANT, die, -1, -1, 0)
            town = kit.a_towns.get(dests)      # Automa._merchant_key's least town, once a run for each set
            if town is None:
                town = kit.a_towns[dests] = min(dests, key=kit.a_mkey.__getitem__)
            return (MERCHANT, die, town, -1, 0)
        targets = self.artist_plain[self.art[s]][die]
        if not targets:
            return (ARTIST, die, -1, -1, 0)
        if len(targets) == 1 or kit.automa.artist_goal != "most_figures":
            return (ARTIST, die, targets[0][0], NOTHING, 0)
        counts = self.counts_around(s)
        best, most = -1, -1     # the most figures, the first region (targets ascend) among ties
        for d, _ in targets:
            n = counts >> 3 * d & 7
            if n > most:
                best, most = d, n
        return (ARTIST, die, best, NOTHING, 0)

    def a_gain(self, s: int, m: tuple) -> int:
        """Automa.gain: ranks the move earns."""
        c = m[0]
        d = m[2]
        if d < 0:
            return 0
        if c == PILGRIM:
            return self.kit.a_pilgrim[d]
        if c == MERCHANT:
            return self.kit.a_merchant[d]
        gain = (self.counts_around(s) >> 3 * d & 7) // self.kit.automa.per_figures
        return gain if gain > 1 else 1

    def a_pick(self, left: tuple, dice: tuple) -> int:
        """Automa.pick (made once a run for each roll and dice left)."""
        kit = self.kit
        key = (left, dice)
        x = kit.a_picks.get(key)
        if x is None:
            x = kit.a_picks[key] = _automa_die(left, dice, kit.a_sign, kit.a_ties)
        return x

    def a_turn(self, seat: int, c: int, die: int, m: tuple) -> None:
        """rules.play_die for the Automa: its figure moves (nothing else) and Automa.after
        advances its ranks."""
        d = m[2]
        if d >= 0:
            if c == PILGRIM:
                self.pil[seat] = d
            elif c == MERCHANT:
                self.mer[seat] = d
            else:
                self.art[seat] = d
            gain = self.a_gain(seat, m)
            if gain:
                top = self.kit.a_tops[c]
                gain += self.ranks[c]
                self.ranks[c] = gain if gain < top else top
                if self.ranks[c] >= top:
                    self.ending = True
        if self.record is not None:
            self.record.append(Step(self.rnd, seat, die, _new(Move, m), (), (), False))

    # --- one die: rules.apply for a greedy seat (with Policy.keep), one method a character
    def climb(self, track: int, s: int) -> None:
        """One step up a pilgrim's track (TEMPLE: temples, else gardens), kept at its top."""
        if track == TEMPLE:
            v = self.shr[s] + 1
            top = self.shrine_top
            self.shr[s] = v if v < top else top
        else:
            v = self.gar[s] + 1
            top = self.garden_top
            self.gar[s] = v if v < top else top
        if v >= top:
            self.ending = True

    def apply_pilgrim(self, s: int, d: int, choice: int) -> None:
        self.pil[s] = d
        kind = self.ring_kind[d]
        if kind == TEMPLE or kind == GARDEN:
            self.climb(kind, s)
        elif kind == TOWN:
            self.earn(s, self.town_coins)
        elif kind == HOT_SPRING:
            self.hot = s
        elif kind == SEASHORE and choice >= 0:
            w = list(self.waves)
            w[choice] = s
            self.waves = waves = tuple(w)
            kit = self.kit
            self.fxs[0] = kit.effects(self.sides, waves, 0)
            self.fxs[1] = kit.effects(self.sides, waves, 1)
            self.worths[0] = self.worths[1] = None

    def apply_merchant(self, s: int, d: int, choice: int) -> tuple:
        """(goods drawn, goods kept), () and () in a coastal town."""
        self.mer[s] = d
        bag = self.bag
        if self.coastal[d]:
            if choice > 0:
                kind = self.shop_kind[d]
                held = list(self.gds[s])
                held[kind] -= choice
                self.gds[s] = tuple(held)
                self.worths[s] = None
                bag[kind] += choice
                self.earn(s, choice * (self.shop_value[d] + self.fxs[s][SELL_PLUS]))
            return (), ()
        # rules.draw_from: the goods drawn, and the pool of the held and the drawn
        drawn_n = [0] * self.n_goods
        pool_n = list(self.gds[s])
        used = 0
        total = sum(bag)
        if choice > 0 and total:
            order, draws, size = self.order, self.draws, self.order_size
            for _ in range(choice if choice < total else total):
                while True:
                    at = (draws + used) % size
                    if at >= len(order):
                        self.more_goods_order(at)
                    kind = order[at]
                    used += 1
                    if bag[kind]:
                        break
                bag[kind] -= 1
                drawn_n[kind] += 1
                pool_n[kind] += 1
        drawn = tuple(drawn_n)
        pool = tuple(pool_n)
        if sum(pool) <= self.hold:      # all kept: nothing goes back to the bag
            kept = pool
        else:                           # Policy.keep: the best prices first (made once a pool and run)
            kept = self.keeps.get(pool)
            if kept is None:
                kept = self.keeps[pool] = self.kit.kept(pool)
            for kind in range(self.n_goods):    # the drawn came out above: all but the kept go back
                bag[kind] += pool_n[kind] - kept[kind]
        self.gds[s] = kept
        self.worths[s] = None
        self.draws += used
        return drawn, kept

    def apply_artist(self, s: int, d: int, choice: int, passed: int) -> None:
        if choice == PAINT:
            fx = self.fxs[s]
            if fx is R.NO_EFFECTS:      # paint_counts of one region, written out
                n = self.counts_around(s) >> 3 * d & 7
                if n:
                    cap = len(self.tiles[s]) - self.pnt[s]
                    self.pnt[s] += n if n < PAINT_CAP and n < cap else min(n, PAINT_CAP, cap)
            else:
                self.pnt[s] += self.paint_counts(s, fx, ((d, passed),))[0]
        elif choice == GIFT:
            self.gft[s] += 1
            if self.gft[s] >= len(self.tiles[s]):
                self.ending = True
        self.art[s] = d

    def apply(self, s: int, m: tuple) -> tuple:
        """rules.apply for a greedy seat: (drawn, kept)."""
        c = m[0]
        d = m[2]
        if d < 0:
            return (), ()
        if c == PILGRIM:
            self.apply_pilgrim(s, d, m[3])
        elif c == MERCHANT:
            return self.apply_merchant(s, d, m[3])
        else:
            self.apply_artist(s, d, m[3], m[4])
        return (), ()

    def earn(self, s: int, earned: int) -> None:
        """rules._earn."""
        copper = self.cop[s] + earned
        slabs = self.slb[s]
        n_slabs = self.n_slabs
        while copper >= COPPER_PER_SLAB and slabs < n_slabs:
            copper -= COPPER_PER_SLAB
            slabs += 1
        self.cop[s] = copper if copper < self.copper_max else self.copper_max
        self.slb[s] = slabs
        if slabs >= n_slabs:
            self.ending = True
        self.worths[s] = None

    def turn(self, seat: int, die: int, m: tuple) -> None:
        """rules.play_die for a greedy seat once its move (of character m[0]) is chosen: the
        move, its effect and a hot-spring repeat."""
        held = self.hot == seat
        drawn, kept = self.apply(seat, m)
        if self.record is not None:
            self.record.append(Step(self.rnd, seat, die, _new(Move, m), drawn, kept, False))
        if held and self.hot == seat:
            # Policy.repeat: the best move's gain (its tie drawn, as best() draws it) against
            # the token's worth
            c = m[0]
            ties = self.judge(c, seat, self.fxs[seat], die)
            n = len(ties)
            if n > 1:
                below(self.bits, n)
            if self.v <= TOKEN_WORTH:
                return
            self.hot = BOARD        # the hot-spring token spent: the same die again
            if c == PILGRIM:        # a pilgrim's stop on the hot spring is judged anew without the token
                m = self.g_best(seat, c, die)
            else:                   # the merchant's and artist's candidates do not weigh the token
                m = ties[0] if n == 1 else ties[below(self.bits, n)]
            drawn, kept = self.apply(seat, m)
            if self.record is not None:
                self.record.append(Step(self.rnd, seat, die, _new(Move, m), drawn, kept, True))
            self.repeats += 1

    def draft(self, seat: int, left: tuple, dice: tuple) -> int:
        """One pick of the draft: the seat's player takes one of the dice `left` (indices into
        `dice`, a die per character) and plays it. Returns the die taken."""
        if self.automa and seat == 1:
            c = self.a_pick(left, dice)
            self.a_turn(seat, c, dice[c], self.a_move(seat, c, dice[c]))
            return c
        m = self.g_pick(seat, left, dice)
        c = m[0]
        self.turn(seat, dice[c], m)
        return c

    def fired(self) -> tuple:
        """rules.fired: the end conditions that hold (none: the game goes on)."""
        tiles = self.tiles
        shrine = self.shr[0] >= self.shrine_top or self.shr[1] >= self.shrine_top
        garden = self.gar[0] >= self.garden_top or self.gar[1] >= self.garden_top
        slabs = self.slb[0] >= self.n_slabs or self.slb[1] >= self.n_slabs
        gifts = bool(tiles[0] and self.gft[0] >= len(tiles[0]) or tiles[1] and self.gft[1] >= len(tiles[1]))
        ranks = (False, False, False)
        if self.automa:
            tops = self.kit.a_tops
            ranks = tuple([self.ranks[c] >= tops[c] for c in (PILGRIM, MERCHANT, ARTIST)])
        return (tuple([name for name, hit in zip(END_CONDITIONS, (shrine, garden, slabs, gifts)) if hit])
                + tuple([name for name, hit in zip(R.AUTOMA_ENDS, ranks) if hit]))

    def play(self) -> Result:
        """The rounds, from the setup to an end condition (or the round limit), and the Result."""
        automa, round_limit, bits = self.automa, self.rules.round_limit, self.bits
        (f0, f1, f2), (n0, n1, n2), (k0, k1, k2) = self.t.dice, self.kit.faces, self.kit.face_bits
        while True:
            # rules.roll: the pilgrim's, merchant's and artist's die, each rng.choice of its faces
            r = bits(k0)
            while r >= n0:
                r = bits(k0)
            x = bits(k1)
            while x >= n1:
                x = bits(k1)
            y = bits(k2)
            while y >= n2:
                y = bits(k2)
            dice = (f0[r], f1[x], f2[y])
            # the 1-2-1 draft: seat a, then b, then a
            a = (self.first + self.rnd) % 2
            b = 1 - a
            c1 = self.draft(a, ALL_DICE, dice)
            c2 = self.draft(b, OTHERS[c1], dice)
            c3 = 3 - c1 - c2
            die = dice[c3]
            if automa and a == 1:
                self.a_turn(a, c3, die, self.a_move(a, c3, die))
            else:
                self.turn(a, die, self.g_best(a, c3, die))
            self.rnd += 1
            if self.ending:             # an end condition may have reached its top this round
                ended = self.fired()
                if ended:
                    break
                self.ending = False
            if self.rnd >= round_limit:
                ended = ("limit",)
                break
        return self.result(ended)

    def result(self, ended: tuple) -> Result:
        t, rnd = self.t, self.rnd
        by_char = []
        for s in range(2):
            if self.automa and s == 1:
                by_char.append(tuple([track[r] for track, r in zip(self.kit.automa.tracks, self.ranks)]))
            else:
                shr, gar, slb, gft = self.shr[s], self.gar[s], self.slb[s], self.gft[s]
                by_char.append((t.shrine_track[shr] * t.garden_track[gar], t.slabs[slb - 1] if slb else 0,
                                max(t.artist_slots[:gft]) if gft else 0))
        by_char = tuple(by_char)
        scores = (sum(by_char[0]), sum(by_char[1]))
        copper = (self.cop[0], self.cop[1])
        return Result(R.winner(scores, copper, self.automa), scores, by_char, copper, rnd, ended, self.first,
                      self.sides, self.waves, 3 * rnd, self.repeats)


ALL_DICE = (0, 1, 2)
OTHERS = ((1, 2), (0, 2), (0, 1))     # the dice left when one is taken
