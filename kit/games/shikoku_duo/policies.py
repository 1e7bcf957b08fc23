"""AI players: each decides which die to draft, which legal move to make, what goods to
keep and whether to spend the hot-spring token.

A policy is a class registered by name in POLICIES (`--policy greedy`, or one per seat:
`--policy greedy,planner`); the Automa (automa.py) answers the same questions by its
printed rules. Every random choice uses the game's own seeded `rng`, so games reproduce.
A policy never looks into the goods bag: a mountain town is judged by how many goods
it draws, not which.

Moves are judged without building the position after them: a move changes one
character's board (and copper, or a token), so its worth is a difference of small
precomputed tables. That keeps 10,000 simulated games fast.
"""

from __future__ import annotations

from kit.sim import search as searching
from kit.sim.draws import choice
from kit.games.shikoku_duo.rules import (
    character_scores, drafters, fired, play_die, roll, winner,
    ARTIST, COPPER_PER_SLAB, DRAW_PLUS, GARDEN, GIFT, HOT_SPRING, MERCHANT, NO_EFFECTS, NOTHING, PAINT, PILGRIM,
    PAINT_PATH, PAINT_PLUS, SEASHORE, SELL_PLUS, TEMPLE, TOWN, Move, State, Tables, _earn, apply, chosen_move,
    effects, figure_counts, figure_counts_via, merchant_dests, paint_cap, paint_limits, paint_tiles, pilgrim_stops,
    wave_choices,
)

# Worth of progress that scores nothing yet, in points: copper and goods count towards
# the next slab, face-up tiles towards the next gift, a track step towards the product
# it will multiply, a token or wave tile a little.
GOODS_SHARE = 0.6        # a held good: this share of its best shop price, in copper
TILE_WORTH = 0.35        # a face-up tile not yet gifted (two at most): this share of the next slot's value
DOWN_WORTH = 0.05        # a face-down tile
TRACK_STEP = 0.5         # a shrine or garden step: this share of what the next step adds
TOKEN_WORTH = 1.0        # the hot-spring token or a wave tile


_TABLES: dict = {}     # (score weight, id of the Tables) -> (the Tables, its judging tables)


def _by_figures(gains: tuple[float, ...], plus_count: int, cap: int) -> tuple[float, ...]:
    """What a paint action adds by the figures round its region (0 to 7, a region's count in
    figure_counts), from what turning k tiles up adds (`gains`): the tiles rules.paint_tiles
    turns up."""
    return tuple(gains[paint_tiles(k, plus_count, cap)] for k in range(8))


def _judging_tables(t: Tables, w: float):
    """Goods worth, the average worth of a drawn good, the pilgrim's and artist's worth tables
    and the order goods are kept in, made once per board and score weight (every game of a run
    shares them)."""
    worth = [0.0] * len(t.goods_names)
    for kind, value in t.shops:
        worth[kind] = max(worth[kind], value)
    mean_draw = sum(x * n for x, n in zip(worth, t.goods_counts)) / max(1, sum(t.goods_counts))
    st, gt = t.shrine_track, t.garden_track
    pilgrim_v = [[w * st[s] * gt[g]
                  + (TRACK_STEP * (st[s + 1] - st[s]) * gt[g] if s < t.shrine_top else 0)
                  + (TRACK_STEP * (gt[g + 1] - gt[g]) * st[s] if g < t.garden_top else 0)
                  for g in range(len(gt))] for s in range(len(st))]
    n = len(t.paintings)
    slots = t.artist_slots
    artist_v = [[0.0] * (n + 1) for _ in range(n + 1)]
    for painted in range(n + 1):
        for gifted in range(painted + 1):
            score = max(slots[:gifted]) if gifted else 0
            nxt = max(0, slots[gifted] - score) if gifted < len(slots) else 0
            artist_v[painted][gifted] = w * score + nxt * (
                TILE_WORTH * min(2, painted - gifted) + DOWN_WORTH * (n - painted))
    # What painting k more tiles adds, by tiles painted and gifted (k up to the tiles left),
    # and what a gift adds: the worth table's differences, made once.
    paint_gains = [[tuple(artist_v[painted + k][gifted] - artist_v[painted][gifted] for k in range(n - painted + 1))
                    for gifted in range(painted + 1)] for painted in range(n + 1)]
    gift_gains = [[artist_v[painted][gifted + 1] - artist_v[painted][gifted] if gifted < painted else 0.0
                   for gifted in range(painted + 1)] for painted in range(n + 1)]
    # What a paint action adds by the figures round it, with no paint_plus.
    figure_gains = [[_by_figures(paint_gains[painted][gifted], 0, paint_cap(0, n - painted))
                     for gifted in range(painted + 1)] for painted in range(n + 1)]
    # What a temple or a garden adds, by shrine and garden step.
    temple = [[pilgrim_v[min(s + 1, t.shrine_top)][g] - pilgrim_v[s][g] for g in range(len(gt))]
              for s in range(len(st))]
    garden = [[pilgrim_v[s][min(g + 1, t.garden_top)] - pilgrim_v[s][g] for g in range(len(gt))]
              for s in range(len(st))]
    # A merchant's worth with k slabs is slab_base[k] + slab_step[k] * (share of the next slab's copper).
    sl = t.slabs
    slab_base = [w * (sl[k - 1] if k else 0) for k in range(len(sl) + 1)]
    slab_step = [sl[k] - (sl[k - 1] if k else 0) for k in range(len(sl))] + [0]
    # Remembered as games ask, by the goods held (a few hundred at most with `hold` goods):
    # their copper worth, and the worth of what is left after selling all of each kind.
    goods_rows: dict[tuple, tuple[float, tuple[float, ...]]] = {}
    merchant_rows: dict[tuple, tuple] = {}     # Policy.merchant_row's, by goods, copper, slabs and sale bonus
    plus_gains: dict[tuple, tuple] = {}        # Policy.plus_gains', by tiles painted and gifted and paint_limits
    keep_order = sorted(range(len(t.goods_names)), key=lambda k: (-worth[k], k))     # best price first
    # An artist's candidates made once, not per judging: [paint_path][region][die] ->
    # ((its count's shift: the destination's in figure_counts, or with paint_path the target's in
    # figure_counts_via; its painting; the paint move; the gift move; the Automa's move), ...), in
    # artist_targets' order.
    artist_moves = tuple(tuple(tuple(tuple((3 * (i if via else d), t.region_painting[d],
                                            Move(ARTIST, n, d, PAINT, passed), Move(ARTIST, n, d, GIFT, passed),
                                            Move(ARTIST, n, d, NOTHING, passed))
                                           for i, (d, passed) in enumerate(targets))
                                     for n, targets in enumerate(by_n))
                               for by_n in table)
                         for via, table in enumerate((t.artist_plain, t.artist_via)))
    return (worth, mean_draw, pilgrim_v, paint_gains, gift_gains, figure_gains, temple, garden, slab_base, slab_step,
            goods_rows, merchant_rows, plus_gains, keep_order, artist_moves, move_table(t))


def move_table(t: Tables) -> tuple:
    """Every pilgrim's and merchant's move a policy judges, made once per board, so that judging
    makes no Move (a NamedTuple costs several times a plain tuple to make):
    [character][steps][destination + 1][choice + 1], destination -1 being no move. A pilgrim
    moves at most Tables.pilgrim_most; its choice is the wave tile taken. A merchant's choice
    is the goods sold or drawn: at most `hold` are held, and a draw asks for at most
    Tables.draw_most."""
    steps = (t.pilgrim_most, max(t.dice[MERCHANT]))
    choices = (len(t.wave_effects) + 1, max(t.hold, t.draw_most) + 2)
    places = (len(t.ring_kind), len(t.town_names))
    return tuple(tuple(tuple(tuple(Move(c, n, d, k) for k in range(-1, choices[c] - 1)) for d in range(-1, places[c]))
                       for n in range(steps[c] + 1))
                 for c in (PILGRIM, MERCHANT))


class Policy:
    name = "policy"
    doc = ""
    is_automa = False
    score_weight = 1.0       # points against progress: the greedy policy puts points first

    def __init__(self, t: Tables):
        self.t = t
        key = (type(self).score_weight, id(t))
        if _TABLES.get(key, (None,))[0] is not t:
            _TABLES[key] = (t, _judging_tables(t, self.score_weight))
        (self.worth, self.mean_draw, self.pilgrim_v, self.paint_gains, self.gift_gains, self.figure_gains,
         self.temple_gain, self.garden_gain,
         self.slab_base, self.slab_step, self._goods, self._merchant_rows, self._plus_gains, self.keep_order,
         self.artist_moves, self.moves) = _TABLES[key][1]
        self.draw_worth = GOODS_SHARE * self.mean_draw     # a good drawn, in copper
        self._plan = None
        self._merchant_last = (None,) * 7
        self._row_last = (None,) * 5

    # judging ---------------------------------------------------------------------------
    def merchant_v(self, slabs: int, copper: float) -> float:
        """Worth of `slabs` slabs and `copper` (goods counted in copper at their share)."""
        share = copper / COPPER_PER_SLAB
        return self.slab_base[slabs] + self.slab_step[slabs] * (share if share < 1.0 else 1.0)

    def goods_row(self, goods) -> tuple[float, tuple[float, ...]]:
        """(the copper worth of `goods`, the worth of what is left after selling all of each kind)."""
        row = self._goods.get(goods)
        if row is None:
            worth = self.worth

            def copper(held) -> float:
                return GOODS_SHARE * sum(w * n for w, n in zip(worth, held))

            row = self._goods[goods] = (copper(goods), tuple(copper(goods[:k] + (0,) + goods[k + 1:])
                                                              for k in range(len(goods))))
        return row

    def _with_copper(self, copper: int, slabs: int, earned: int, goods_copper: float) -> float:
        """Worth after earning `earned`: the slabs and copper rules._earn leaves, with the goods' worth."""
        left, slabs = _earn(self.t, copper, slabs, earned)
        share = (left + goods_copper) / COPPER_PER_SLAB
        return self.slab_base[slabs] + self.slab_step[slabs] * (share if share < 1.0 else 1.0)

    def merchant_row(self, p, sell_plus: int) -> tuple:
        """What the merchant's and the town's moves add to `p`'s worth, by its goods, copper and
        slabs and the sale bonus (remembered: 5,000 games meet about 11,000):
        (per shop token: (the goods it buys from p, the gain of selling them all), per goods
        drawn up to the room left: the gain, the gain of a town's coins)."""
        goods, copper, slabs = p.goods, p.copper, p.slabs
        last = self._row_last       # the same goods (the very tuple), copper and slabs as last time: half the asks
        if last[0] is goods and last[1] == copper and last[2] == slabs and last[3] == sell_plus:
            return last[4]
        key = (goods, copper, slabs, sell_plus)
        row = self._merchant_rows.get(key)
        if row is None:
            row = self._merchant_rows[key] = self._merchant_gains(*key)
        self._row_last = (goods, copper, slabs, sell_plus, row)
        return row

    def _merchant_gains(self, goods, copper: int, slabs: int, sell_plus: int) -> tuple:
        t = self.t
        held_worth, left_worth = self.goods_row(goods)
        now = self.merchant_v(slabs, copper + held_worth)
        sales = []
        for kind, value in t.shops:
            k = goods[kind]      # selling fewer is never worth more: only selling all is judged
            sales.append((k, self._with_copper(copper, slabs, k * (value + sell_plus), left_worth[kind]) - now
                          if k > 0 else 0.0))
        room = t.hold - sum(goods)      # never below 0: at most `hold` goods are held
        drawn = tuple(self.merchant_v(slabs, copper + held_worth + self.draw_worth * n) - now
                      for n in range(room + 1))
        town = self._with_copper(copper, slabs, t.town_coins, held_worth) - now
        return tuple(sales), drawn, town

    def best(self, rules, state, seat, character, die, rng) -> tuple[float, Move]:
        """The legal move of `character` for `die` that gains most, and its gain: candidates
        are judged as they are made, in legal_moves' order, keeping the best so far and those
        within 1e-9 of it; `rng` breaks a tie (it is not used when there is none). A candidate
        is a Move of the policy's tables (move_table, artist_moves), made once. An Automa's
        seat (the planner judging its reply) has its own candidates: it takes no wave tile,
        sells, draws nor paints."""
        p = state.players[seat]
        fx = effects(self.t, state, seat) if seat in state.waves else NO_EFFECTS
        if character == PILGRIM:
            best_v, ties = self._pilgrim(rules, state, seat, p, fx, die)
        elif character == MERCHANT:
            best_v, ties = self._merchant(rules, state, seat, p, fx, die)
        else:
            best_v, ties = self._artist(rules, state, seat, p, fx, die)
        return best_v, ties[0] if len(ties) == 1 else choice(rng, ties)

    def _pilgrim(self, rules, state, seat, p, fx, die) -> tuple[float, list]:
        """(best gain, the candidates with it) of the pilgrim's moves, in legal_moves' order."""
        t = self.t
        best_v, ties = _NONE, None
        ring_kind, automa, moves = t.ring_kind, bool(p.ranks), self.moves[PILGRIM]     # read once, not per stop
        shrine, garden = p.shrine, p.garden
        for steps, d in pilgrim_stops(t, rules, state, seat, fx, die):
            kind = ring_kind[d]
            here = moves[steps][d + 1]      # by choice + 1: the wave tile taken, or none
            if kind == SEASHORE and not automa:
                for c in wave_choices(state, seat):
                    v = TOKEN_WORTH if c >= 0 else 0.0
                    if v > best_v + 1e-9:
                        best_v, ties = v, [here[c + 1]]
                    elif v > best_v - 1e-9:
                        ties.append(here[c + 1])
                continue
            if kind == TEMPLE:
                v = self.temple_gain[shrine][garden]
            elif kind == GARDEN:
                v = self.garden_gain[shrine][garden]
            elif kind == TOWN:
                v = self.merchant_row(p, fx[SELL_PLUS])[2]
            elif kind == HOT_SPRING:
                v = TOKEN_WORTH if state.hot != seat else 0.0
            else:
                v = 0.0
            if v > best_v + 1e-9:
                best_v, ties = v, [here[0]]
            elif v > best_v - 1e-9:
                ties.append(here[0])
        return best_v, ties

    def _merchant(self, rules, state, seat, p, fx, die) -> tuple[float, list]:
        t = self.t
        dests = merchant_dests(t, rules, state, seat, die)
        moves = self.moves[MERCHANT][die]       # [destination + 1][choice + 1]
        if not dests:
            return 0.0, [moves[0][0]]
        if p.ranks:
            return self._automa_merchant(p, dests, moves)
        row = self.merchant_row(p, fx[SELL_PLUS])
        shop_of, plus = state.shops, fx[DRAW_PLUS]
        # The same towns (dests is the board's own tuple while none is blocked), goods, copper,
        # slabs and shops as the last judging: the same candidates (a quarter of the time).
        last = self._merchant_last
        if last[0] is dests and last[1] is row and last[2] is shop_of and last[3] == die and last[4] == plus:
            return last[5], last[6]
        sales, drawn, _ = row
        room = len(drawn) - 1
        best_v, ties = _NONE, None
        # read once, not per destination
        coastal, town_value = t.town_coastal, t.town_value
        for d in dests:
            here = moves[d + 1]
            if coastal[d]:
                k, v = sales[shop_of[d]]
                if v > best_v + 1e-9:
                    best_v, ties = v, [here[k + 1]]
                elif v > best_v - 1e-9:
                    ties.append(here[k + 1])
                continue
            n = town_value[d]
            v = drawn[n if n < room else room]
            if v > best_v + 1e-9:
                best_v, ties = v, [here[n + 1]]
            elif v > best_v - 1e-9:
                ties.append(here[n + 1])
            if plus:
                n += plus
                v = drawn[n if n < room else room]
                if v > best_v + 1e-9:
                    best_v, ties = v, [here[n + 1]]
                elif v > best_v - 1e-9:
                    ties.append(here[n + 1])
        self._merchant_last = (dests, row, shop_of, die, plus, best_v, ties)      # its callers never change ties
        return best_v, ties

    def _automa_merchant(self, p, dests, moves) -> tuple[float, list]:
        """An Automa's merchant (the planner judging its reply) only moves, its choice -1: a
        coastal town adds nothing, and a mountain town is judged as that choice, a draw of -1
        goods (as the planner has always judged it)."""
        held_worth = self.goods_row(p.goods)[0]
        now = self.merchant_v(p.slabs, p.copper + held_worth)
        mountain = self.merchant_v(p.slabs, p.copper + held_worth - self.draw_worth) - now
        best_v, ties = _NONE, None
        coastal = self.t.town_coastal
        for d in dests:
            v = 0.0 if coastal[d] else mountain
            if v > best_v + 1e-9:
                best_v, ties = v, [moves[d + 1][0]]
            elif v > best_v - 1e-9:
                ties.append(moves[d + 1][0])
        return best_v, ties

    def _artist(self, rules, state, seat, p, fx, die) -> tuple[float, list]:
        t = self.t
        path, region = fx[PAINT_PATH], p.artist
        targets = (t.artist_via if path else t.artist_plain)[region][die]     # artist_targets
        if not targets:
            return 0.0, [Move(ARTIST, die, -1)]
        moves = self.artist_moves[1 if path else 0][region][die]
        if p.ranks:     # an Automa's artist only moves
            return 0.0, [automa_move for _, _, _, _, automa_move in moves]
        painted, gifted = p.painted, p.gifted
        wanted = p.paintings[gifted] if gifted < painted else -1       # gift_wanted
        gift = self.gift_gains[painted][gifted]
        # the gain by the figures round each target, read from one packed count
        by_figures = self.figure_gains[painted][gifted] if not fx[PAINT_PLUS] else self.plus_gains(rules, p, fx)
        packed = figure_counts_via(t, state, seat, targets) if path else figure_counts(t, state, seat)
        best_v, ties = _NONE, None
        for shift, kind, paint_move, gift_move, _ in moves:
            v = by_figures[packed >> shift & 7]
            if v > best_v + 1e-9:
                best_v, ties = v, [paint_move]
            elif v > best_v - 1e-9:
                ties.append(paint_move)
            if kind == wanted:
                if gift > best_v + 1e-9:
                    best_v, ties = gift, [gift_move]
                elif gift > best_v - 1e-9:
                    ties.append(gift_move)
        return best_v, ties

    def plus_gains(self, rules, p, fx) -> tuple[float, ...]:
        """What a paint action adds by the figures round it, with paint_plus (remembered)."""
        key = (p.painted, p.gifted) + paint_limits(rules, p, fx)
        row = self._plus_gains.get(key)
        if row is None:
            row = self._plus_gains[key] = _by_figures(self.paint_gains[p.painted][p.gifted], key[2], key[3])
        return row

    # the questions the game asks -------------------------------------------------------
    def pick(self, t, rules, state, seat, dice, left, rng) -> int:
        """The die whose best move gains most (its move is remembered: `move` hands it over)."""
        best, best_v = [], _NONE
        p = state.players[seat]     # a policy's own seat: never an Automa's
        fx = effects(t, state, seat) if seat in state.waves else NO_EFFECTS
        for c in left:      # each die judged in turn, sharing the seat's player and effects
            if c == PILGRIM:
                v, ties = self._pilgrim(rules, state, seat, p, fx, dice[c])
            elif c == MERCHANT:
                v, ties = self._merchant(rules, state, seat, p, fx, dice[c])
            else:
                v, ties = self._artist(rules, state, seat, p, fx, dice[c])
            m = ties[0] if len(ties) == 1 else choice(rng, ties)
            if v > best_v + 1e-9:
                best, best_v = [(c, m)], v
            elif v > best_v - 1e-9:
                best.append((c, m))
        c, m = best[0] if len(best) == 1 else choice(rng, best)
        self._plan = (state, c, m)
        return c

    def move(self, t, rules, state, seat, character, die, rng) -> Move:
        """The move chosen with the die while drafting, for this very position (it came from
        legal_moves of it: no second judging); else, for a die not planned then (the last die
        of a round, a repeat), the best move."""
        plan = self._plan       # (position, character, move), or None
        if plan is not None and plan[0] is state and plan[1] == character:
            return plan[2]
        return self.best(rules, state, seat, character, die, rng)[1]

    def keep(self, t, rules, state, seat, pool, rng) -> tuple[int, ...]:
        """The `hold` goods with the best shop prices."""
        left, kept = t.hold, [0] * len(pool)
        for k in self.keep_order:
            kept[k] = min(pool[k], left)
            left -= kept[k]
        return tuple(kept)

    def repeat(self, t, rules, state, seat, character, die, rng) -> bool:
        """Spend the token when the repeated move is worth more than the token."""
        v, _ = self.best(rules, state, seat, character, die, rng)
        return v > TOKEN_WORTH

    def after(self, t, rules, before, state, seat, move) -> State:
        return state


class RandomPolicy(Policy):
    name = "random"
    doc = "drafts any die and makes any legal move, uniformly at random"

    def pick(self, t, rules, state, seat, dice, left, rng):
        return left[rng.randrange(len(left))]

    def move(self, t, rules, state, seat, character, die, rng):
        return chosen_move(t, rules, state, seat, character, die, self, rng)

    def choose(self, t, rules, state, seat, moves, rng):
        return moves[rng.randrange(len(moves))]

    def keep(self, t, rules, state, seat, pool, rng):
        items = [k for k, n in enumerate(pool) for _ in range(n)]
        rng.shuffle(items)
        kept = [0] * len(pool)
        for k in items[:t.hold]:
            kept[k] += 1
        return tuple(kept)

    def repeat(self, t, rules, state, seat, character, die, rng):
        return rng.random() < 0.5


class Greedy(Policy):
    name = "greedy"
    doc = ("takes the die and move with the best immediate score gain; among equal gains, the one that "
           "gets furthest towards points (copper and goods towards a slab, tiles towards a gift)")
    score_weight = 100.0


class Planner(Policy):
    name = "planner"
    doc = ("looks ahead over the round's draft: for each die it may take, its best move, then the "
           "opponent's best reply with the dice left, then its own last die; takes the die that leaves "
           "it furthest ahead of the opponent in points and progress")

    def _best(self, rules, state, seat, c, die, rng) -> tuple[float, State]:
        t = self.t
        v, m = self.best(rules, state, seat, c, die, rng)
        if m.character == MERCHANT and m.dest >= 0 and not t.town_coastal[m.dest]:
            m = m._replace(choice=0)     # no peeking into the bag: the draw is judged, not made
        return v, apply(t, rules, state, seat, m)[0]

    def pick(self, t, rules, state, seat, dice, left, rng):
        other = 1 - seat
        best, best_v = [], None
        for c in left:
            mine, s1 = self._best(rules, state, seat, c, dice[c], rng)
            rest = [x for x in left if x != c]
            if len(rest) == 2:
                # The opponent takes the die best for them; the last one is ours.
                reply = None
                for o in rest:
                    theirs, s2 = self._best(rules, s1, other, o, dice[o], rng)
                    if reply is None or theirs > reply[0]:
                        reply = (theirs, s2, rest[1] if o == rest[0] else rest[0])
                theirs, s2, last = reply
                v = mine - theirs + self._best(rules, s2, seat, last, dice[last], rng)[0]
            elif len(rest) == 1:
                v = mine - self._best(rules, s1, other, rest[0], dice[rest[0]], rng)[0]
            else:
                v = mine
            if best_v is None or v > best_v + 1e-9:
                best, best_v = [c], v
            elif v > best_v - 1e-9:
                best.append(c)
        self._plan = None
        return best[0] if len(best) == 1 else choice(rng, best)


_NONE = float("-inf")     # below every gain: the first candidate is always the best so far


def play_out(t, rules, state: State, seat: int, die: int, dice, left, controllers, rng) -> float:
    """`seat`'s result (1 a win, 1/2 a draw, 0 a loss) when it drafts `die` of the round's
    `dice` now (`left`: the dice still to draft) and `controllers` play the game out, the
    dice rolled from `rng`: the game's round loop over rules' public functions."""
    step = 3 - len(left)
    order = drafters(state)
    left = [c for c in left if c != die]
    state = play_die(t, rules, state, seat, die, dice[die], controllers[seat], rng)[0]
    for s in order[step + 1:]:
        who = controllers[s]
        c = left[0] if len(left) == 1 else who.pick(t, rules, state, s, dice, tuple(left), rng)
        left.remove(c)
        state = play_die(t, rules, state, s, c, dice[c], who, rng)[0]
    while True:
        state = state._replace(round=state.round + 1)
        if fired(t, state) or state.round >= rules.round_limit:
            break
        dice, left = roll(t, rng), [0, 1, 2]
        for s in drafters(state):
            who = controllers[s]
            c = left[0] if len(left) == 1 else who.pick(t, rules, state, s, dice, tuple(left), rng)
            left.remove(c)
            state = play_die(t, rules, state, s, c, dice[c], who, rng)[0]
    a, b = state.players
    won = winner((sum(character_scores(t, a)), sum(character_scores(t, b))), (a.copper, b.copper), False)
    return 0.5 if won is None else float(won == seat)


def sampled(state: State, rng) -> State:
    """The game as a player may know it, the hidden rest drawn afresh: the bag's order (its
    contents stay: what is left of each kind is on the table) and each row of face-down
    painting tiles."""
    players = []
    for p in state.players:
        down = list(p.paintings[p.painted:])
        rng.shuffle(down)
        players.append(p._replace(paintings=p.paintings[:p.painted] + tuple(down)))
    return state._replace(players=tuple(players), seed=rng.getrandbits(63), draws=0)


class Search(Planner):
    name = searching.NAME
    doc = ("drafts by search: each die it may take is tried in playouts that play the game out "
           "(both seats playing planner) with the bag's order, the face-down tiles and the dice "
           "sampled afresh; moves as planner does with the die it takes")

    def __init__(self, t: Tables, playouts: int = searching.DEFAULT_PLAYOUTS):
        super().__init__(t)
        self.playouts = playouts

    def pick(self, t, rules, state, seat, dice, left, rng):
        own = super().pick(t, rules, state, seat, dice, left, rng)
        plan = self._plan
        seed = searching.seed_of(rng)
        players = (Planner(t), Planner(t))

        def playout(die, j):
            w = searching.world(seed, j)
            return play_out(t, rules, sampled(state, w), seat, die, dice, left, players, w)

        c = searching.choose(left, playout, self.playouts, left.index(own))
        self._plan = plan if c == own else None
        return c


POLICIES = searching.Registry({p.name: p for p in (RandomPolicy, Greedy, Planner, Search)})
DEFAULT = "greedy"
