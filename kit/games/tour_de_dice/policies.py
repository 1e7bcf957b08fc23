"""How simulated players decide: how many dice to roll, whether to join, where to stop.

Every policy is three small functions of the visible state. Breakaway needs the
whole pack to roll together, so all policies share one piece of table sense: once
the leader is through, a held piece whose whole pack stands on its space rolls as
many dice as the poorest of them has (so all can join) and joins such rolls; held
at the space before Breakaway with the pack scattered, it waits (rolls 0), since a
roll could only cost it dice.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Callable

from kit.sim import search as searching
from kit.sim import seating

from kit.games.tour_de_dice.rules import Course, Race
from kit.games.tour_de_dice.turns import furthest, play_on

DEFAULT = "bold"
DRAFT_SLACK = 2     # spaces a drafter gives up to end its move beside another piece


@dataclass(frozen=True)
class Policy:
    name: str
    doc: str
    doc_ja: str          # the same, in Japanese (the table's reasons)
    dice: Callable[[Course, Race, int], int]
    join: Callable[[Course, Race, int, int], bool]
    stop: Callable[[Course, tuple[int, ...], int, tuple[int, ...]], int]
    own_dice: Callable[[Course, Race, int], int]          # `dice` without the pack sense (no Breakaway)
    own_join: Callable[[Course, Race, int, int], bool]
    # bind(setup) -> the Policy that plays at that table; None: this one plays at any
    bind: Callable | None = None


def _pack(course: Course, race: Race, piece: int) -> tuple[int, ...] | None:
    """The pieces held behind Breakaway with `piece` (all but the leader), or None if not held."""
    b, leader = course.breakaway, race.leader
    if b is None or leader is None or race.positions[piece] >= b:
        return None
    return tuple(p for p in range(len(race.positions)) if p != leader)


def _gathered(race: Race, pack: tuple[int, ...], piece: int) -> bool:
    here = race.positions[piece]
    return all(race.positions[p] == here for p in pack)


def _with_pack_sense(dice, join):
    def pack_dice(course: Course, race: Race, piece: int) -> int:
        pack = _pack(course, race, piece)
        if pack is not None:
            if _gathered(race, pack, piece):
                return min(race.dice[p] for p in pack)
            if race.positions[piece] == course.breakaway - 1:
                return 0
        return dice(course, race, piece)

    def pack_join(course: Course, race: Race, piece: int, k: int) -> bool:
        pack = _pack(course, race, piece)
        if pack is not None:
            if _gathered(race, pack, piece):
                return True
            if race.positions[piece] == course.breakaway - 1:
                return False
        return join(course, race, piece, k)

    return pack_dice, pack_join


def _beside_others(course: Course, positions: tuple[int, ...], piece: int, options, reaches=()) -> int:
    """The furthest stop ahead shared with another piece, if it costs at most DRAFT_SLACK spaces;
    the goal whenever it is in reach (a win is never turned down to ride).

    Never the space it stands on: a pack of drafters waiting for each other would never move.
    """
    occupied = {p for i, p in enumerate(positions) if i != piece}
    best = options[-1]
    if best == len(course.costs) - 1:
        return best
    for space in reversed(options[1:]):
        if best - space > DRAFT_SLACK:
            break
        if space in occupied:
            return space
    return best


# The rules' hints (data/tour-de-dice rule text, 【ヒント】): declare 0 dice to wait for
# the pack; one die is never at risk; don't go as far as you can - stop on the leader's
# space, or move only as far as the smallest roll lets the others follow - because
# every roll you ride is a move for free.
WAIT_SPACES = 3     # a lone leader on lap 1 waits (0 dice) while the next piece is this close
SHARE_SLACK = 3     # spaces given up to stop on the leader's space


def _hint_dice(course: Course, race: Race, piece: int) -> int:
    here = race.positions[piece]
    if here >= course.link:
        return race.dice[piece]                      # lap 2: the dear spaces need every die
    behind = [x for p, x in enumerate(race.positions) if p != piece]
    if behind and here > max(behind) and here - max(behind) <= WAIT_SPACES:
        return 0                                     # wait for the pack, to ride its rolls
    return 1


def _hint_join(course: Course, race: Race, piece: int, k: int) -> bool:
    return k == 1 or race.positions[piece] >= course.link


def _hints_stop(course: Course, positions: tuple[int, ...], piece: int, options, reaches=()) -> int:
    """Where the hints say to stop: the goal if it is in reach; on lap 1, as the active piece
    with riders, as far as the shortest of their rolls (so the whole group lands together and
    can ride each other's next rolls), otherwise the leader's space when it lies within
    SHARE_SLACK spaces of the furthest stop; otherwise, and on lap 2, as far as it can.

    Stopping short pays with rides, and on lap 1 those are one-die rolls, free of risk. On
    lap 2 every roll is made with every die and loses its 6s: a spot kept beside the others
    buys rides that cost dice and hands the others the same rides, so there it moves on.
    """
    best = options[-1]
    start = options[0]
    if best == len(course.costs) - 1 or start >= course.link:
        return best
    if reaches and reaches[0][0] == piece and len(reaches) > 1:
        target = min(r for _, r in reaches[1:])
        if target > start:
            return max(x for x in options if x <= target)
    ahead = [x for p, x in enumerate(positions) if p != piece and x > start]
    if ahead:
        lead = max(ahead)
        if lead in options and best - lead <= SHARE_SLACK:
            return lead
    return best


# A careful player risks as few dice as it can and still moves: it rolls the fewest dice
# that pay for the next space at least CAREFUL_ODDS of the time (one die on a cost of 1
# to 3, two on 4 to 6 - six-sided dice), and rides any roll of no more dice than that.
CAREFUL_ODDS = 2 / 3


@lru_cache(maxsize=None)
def _at_least(n: int, cost: int) -> float:
    """The chance that n dice sum to at least `cost`."""
    ways = [1]                                       # ways[s]: ways for the dice so far to sum to s
    for _ in range(n):
        nxt = [0] * (len(ways) + 6)
        for s, w in enumerate(ways):
            for face in range(1, 7):
                nxt[s + face] += w
        ways = nxt
    return sum(ways[cost:]) / 6 ** n


def _careful_dice(course: Course, race: Race, piece: int) -> int:
    here, have = race.positions[piece], race.dice[piece]
    cost = course.costs[here + 1] if here < len(course.costs) - 1 else 1
    for n in range(1, have):
        if _at_least(n, cost) >= CAREFUL_ODDS:
            return n
    return have


def _careful_join(course: Course, race: Race, piece: int, k: int) -> bool:
    return k <= _careful_dice(course, race, piece)


def _make(name, doc, doc_ja, dice, join, stop) -> Policy:
    return Policy(name, doc, doc_ja, *_with_pack_sense(dice, join), stop, dice, join)


POLICIES = {p.name: p for p in (
    _make("bold", "rolls every die it has, joins every roll it may, moves as far as it can",
          "持っているダイスをすべて振り、できる相乗りはすべてし、できるだけ先まで進む",
          lambda c, r, p: r.dice[p], lambda c, r, p, k: True, furthest),
    _make("careful", "rolls the fewest dice that pay for the next space two times in three (one die "
          "on the cheap spaces, two on the dear ones), rides rolls of no more dice than that, moves as "
          "far as it can",
          "次のマスのコストを3回に2回は払える最少のダイスを振り（安いマスは1個、高いマスは2個）、"
          "その個数以下の振りにだけ相乗りし、できるだけ先まで進む", _careful_dice, _careful_join, furthest),
    _make("patient", "rolls one die on lap 1 and every die on lap 2, joins like it rolls, moves as far "
          "as it can: it saves its dice for the dear inner spaces",
          "1周目はダイス1個、2周目はすべてのダイスを振り、振るときと同じように相乗りし、できるだけ先まで"
          "進む：高い内側のマスのためにダイスを残す",
          lambda c, r, p: 1 if r.positions[p] < c.link else r.dice[p],
          lambda c, r, p, k: k == 1 or r.positions[p] >= c.link, furthest),
    _make("drafting", "rolls up to two dice, joins every roll it may, and ends its move on a space "
          f"with another piece when that costs at most {DRAFT_SLACK} spaces, to ride their rolls",
          f"ダイスを2個まで振り、できる相乗りはすべてし、{DRAFT_SLACK}マス以内の損なら他のコマのいるマスで"
          "止まって、その振りに相乗りする",
          lambda c, r, p: min(2, r.dice[p]), lambda c, r, p, k: True, _beside_others),
    _make("hints", "plays the rules' hints: on lap 1 rolls one die (never at risk), waits with 0 dice "
          f"when it leads alone by at most {WAIT_SPACES} spaces, rides only one-die rolls, stops where "
          "the smallest rider's roll can follow or on the leader's space; on lap 2 rolls and rides "
          "with every die and moves as far as it can",
          f"ルールのヒントどおりに遊ぶ：1周目はダイス1個を振り（失う危険がない）、単独の先頭で差が{WAIT_SPACES}"
          "マス以内なら0個で待ち、1個の振りにだけ相乗りし、いちばん少ないダイスの相乗りの振りが追いつけるマスか"
          "先頭のマスで止まる。2周目はすべてのダイスで振り、相乗りし、できるだけ先まで進む",
          _hint_dice, _hint_join, _hints_stop),
)}


ROLLOUT = "patient"     # the strongest of the others at mixed tables: every piece plays it in a playout


def _search_dice(setup, playouts: int, rollout: str, course: Course, race: Race, piece: int) -> int:
    """How many dice to roll: each count from 0 to all the piece has is tried in playouts
    that roll this turn and play the race out with every piece playing `rollout`; the count
    that wins clearly more often than rollout's own count is rolled. The dice come from
    generators seeded by the position (a policy is asked without the race's generator), so
    the same race decides the same."""
    counts = tuple(range(race.dice[piece] + 1))
    owner = setup.owner
    me = owner[piece]
    base = (POLICIES[rollout],) * setup.pieces
    b = course.breakaway
    seed = random.Random(repr((course.ring, course.costs, race, piece))).getrandbits(64)

    def playout(k, j):
        # this turn rolling k, then turn_limit more turns, as the race would be played on
        won = play_on(course, race, me, setup.turn_limit + 1, owner, base, searching.world(seed, j).random,
                      first=(piece, k)).winner
        return float(won is not None and owner[won] == me)

    own = min(base[0].dice(course, race, piece) if b is not None else base[0].own_dice(course, race, piece),
              race.dice[piece])
    return searching.choose(counts, playout, playouts, max(0, own))


def _searcher(playouts: int, rollout_name: str = ROLLOUT) -> Policy:
    """The search policy of `playouts` per move, starting from `rollout_name`'s choices: it
    needs the table (seats, pieces, turn limit) to play races out, so it is bound to each
    table as the race begins."""
    rollout = POLICIES[rollout_name]

    def bind(setup) -> Policy:
        def dice(course, race, piece):
            return _search_dice(setup, playouts, rollout_name, course, race, piece)
        return replace(searcher, dice=dice, own_dice=dice, bind=None)

    searcher = Policy(searching.NAME, "searches how many dice to roll: each count is tried in playouts "
                      f"that play the race out (every piece playing {rollout_name}) on sampled dice; rides "
                      f"and stops as {rollout_name} does",
                      f"振るダイスの数を探索で決める：各個数を、サンプルしたダイスでレースを最後まで遊ぶプレイアウト"
                      f"（全コマが{rollout_name}）で試す。相乗りと止まり方は{rollout_name}と同じ",
                      rollout.dice, rollout.join, rollout.stop, rollout.own_dice, rollout.own_join, bind)
    return searcher


POLICIES = searching.Registry(dict(POLICIES, search=_searcher(searching.DEFAULT_PLAYOUTS)),
                              lambda _, n: _searcher(n))


def parse_policies(text: str | None, players: int) -> tuple[str, ...]:
    """Policy names per seat, in the grammar every game shares (kit.sim.seating.seat_policies)."""
    return seating.seat_policies(text, players, tuple(POLICIES), DEFAULT)
