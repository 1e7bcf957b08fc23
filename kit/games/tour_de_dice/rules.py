"""The rules of a race: the course as a line of spaces, and one turn's dice and moves.

Pure functions on immutable values. The ring of cards becomes one line of spaces:
index 0 is the start (outside the goal card), then the outer spaces of the cards
clockwise after the goal card (lap 1), the goal card's outer space (the link to
lap 2), the inner spaces in the same order (lap 2), and last the goal card's inner
space, the goal. `costs[i]` is what entering space i takes from a roll.

Rule readings the rule text leaves open, fixed here:
- A player may stop anywhere their roll reaches, including where they stand.
- "All sixes" means all the dice that player rolled this turn (so one die is never
  at risk, as the rules' hint says); they keep one of them.
- Breakaway's second condition (everyone but the leader passes in the same turn): when
  every roll of the pack reaches past Breakaway, each of them chooses where to stop, as
  anywhere else - short of Breakaway too. The pack passes only if all of them end past
  it; if one stops short, the others are held before Breakaway (the condition is met
  or not by the turn's moves, and no piece passes alone).
- The game ends the moment a piece reaches the goal; joiners cannot overtake the
  active piece, so the winner is always the active piece.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from itertools import accumulate
from typing import Callable, NamedTuple, Sequence

START = 0


@dataclass(frozen=True)
class Course:
    ring: tuple[str, ...]        # card ids clockwise, the goal card first
    costs: tuple[int, ...]       # cost of entering each space; costs[0] (the start) is unused
    breakaway: int | None        # the Breakaway space (lap 1), if the event card is in the ring
    # paid[i]: what reaching space i from the start costs (costs are never negative, so a
    # roll's furthest space is one binary search)
    paid: tuple[int, ...] = ()

    def __post_init__(self):
        if not self.paid:
            object.__setattr__(self, "paid", tuple(accumulate(self.costs[1:], initial=0)))

    @property
    def goal(self) -> int:
        return len(self.costs) - 1

    @property
    def link(self) -> int:
        """The goal card's outer space, where lap 1 becomes lap 2."""
        return len(self.ring)

    def card_at(self, space: int) -> tuple[str, int]:
        """(card id, lap) of a space; the start is ('', 0)."""
        if space == START:
            return "", 0
        n = len(self.ring)
        lap = 1 if space <= n else 2
        return self.ring[space % n], lap

    def cost_between(self, a: int, b: int) -> int:
        return self.paid[b] - self.paid[a]


def lay_course(goal_id: str, goal_costs: tuple[int, int], cards: Sequence, breakaway_id: str | None) -> Course:
    """The course for the goal card followed clockwise by `cards` (objects with id/outer/inner).

    The Breakaway card's outer cost is 0 whatever the data says: that is the rule.
    """
    outer, inner = [0], []
    spot = None
    for i, card in enumerate(cards, 1):
        is_event = card.id == breakaway_id
        outer.append(0 if is_event else card.outer)
        inner.append(card.inner)
        if is_event:
            spot = i
    costs = tuple(outer) + (goal_costs[0],) + tuple(inner) + (goal_costs[1],)
    return Course((goal_id,) + tuple(c.id for c in cards), costs, spot)


class Race(NamedTuple):
    """The state between turns. A NamedTuple rather than a dataclass: it is built every turn
    of every simulated race, and tuples are several times cheaper to make."""

    positions: tuple[int, ...]   # space of each piece
    dice: tuple[int, ...]        # dice each piece still has
    leader: int | None = None    # the piece that passed Breakaway first


class Turn(NamedTuple):
    """One turn as a progress sheet records it (a NamedTuple for the same reason as Race)."""

    active: int                           # the active piece
    used: int                             # dice each roller used (0: a pass)
    rollers: tuple[int, ...] = ()         # the active piece, then joiners clockwise
    rolls: tuple[tuple[int, ...], ...] = ()
    moves: tuple[tuple[int, int], ...] = ()   # (from, to) per roller
    lost: tuple[int, ...] = ()            # dice lost per roller
    held: tuple[int, ...] = ()            # rollers whose roll would have passed Breakaway, held by it
    winner: int | None = None

    @property
    def joined(self) -> tuple[int, ...]:
        return self.rollers[1:]


# choose(piece, options, positions, reaches): a stop among `options`. `reaches` is
# ((piece, furthest space its roll pays for), ...) for every roller of the turn, the active
# piece first, so a policy can match another roller's roll.
Choose = Callable[[int, Sequence[int], tuple[int, ...], tuple[tuple[int, int], ...]], int]


def lost_dice(roll: Sequence[int]) -> int:
    """Dice lost after a roll: every 6, but one die is kept when all of them are 6."""
    sixes = roll.count(6)
    return sixes - 1 if sixes and sixes == len(roll) else sixes


def furthest(costs: tuple[int, ...], start: int, total: int) -> int:
    """The last space a roll of `total` pays its way to from `start`, stopping rules aside."""
    i, goal = start, len(costs) - 1
    while i < goal and costs[i + 1] <= total:
        total -= costs[i + 1]
        i += 1
    return i


def clockwise(active: int, pieces: int, owner: tuple[int, ...], players: int) -> tuple[int, ...]:
    """Every other piece, nearest first clockwise from the active piece.

    Pieces sit at their owner's seat; with two colours each, the active player's
    other colour comes first.
    """
    me = owner[active]
    return tuple(sorted((p for p in range(pieces) if p != active),
                        key=lambda p: ((owner[p] - me) % players, p)))


def may_join(race: Race, active: int, k: int, order: tuple[int, ...]) -> tuple[int, ...]:
    """Pieces that may join a roll of k dice: on the active piece's space, with at least k dice."""
    if k <= 0:
        return ()
    here = race.positions[active]
    return tuple(p for p in order if race.positions[p] == here and race.dice[p] >= k)


def _group_passes(course: Course, race: Race, leader: int, rollers: tuple[int, ...],
                  totals: tuple[int, ...]) -> bool:
    """Breakaway's second condition: everyone but the leader rolled, and each roll gets past."""
    b = course.breakaway
    others = [p for p in range(len(race.positions)) if p != leader]
    rolling = dict(zip(rollers, totals))
    if any(p not in rolling or race.positions[p] >= b for p in others):
        return False
    return all(furthest(course.costs, race.positions[p], rolling[p]) > b for p in others)


def resolve(course: Course, race: Race, rollers: tuple[int, ...], rolls: tuple[tuple[int, ...], ...],
            choose: Choose | None) -> tuple[Race, Turn]:
    """Move every roller in order (active first), then take away lost dice.

    `choose(piece, options, positions, reaches)` picks one of the legal stops
    (ascending space numbers, a range or a tuple; the first is where the piece stands);
    None moves every piece as far as it may.
    """
    b = course.breakaway
    paid, goal = course.paid, len(course.costs) - 1
    if b is None and len(rollers) == 1:
        # The common turn: one piece rolls with no Breakaway on the ring, so nothing holds it,
        # nobody rides along and only its own dice can be lost.
        p, roll = rollers[0], rolls[0]
        start = race.positions[p]
        reach = bisect_right(paid, paid[start] + sum(roll)) - 1
        to = reach if reach < goal else goal
        if to > start and choose is not None:
            far = to
            to = choose(p, range(start, far + 1), race.positions, ((p, reach),))
            if not start <= to <= far:
                raise ValueError(f"piece {p} cannot stop on {to}; options {tuple(range(start, far + 1))}")
        positions = race.positions[:p] + (to,) + race.positions[p + 1:]
        if len(roll) == 1:                              # one die is never lost
            lost, dice = _NONE_LOST, race.dice
        else:
            k = lost_dice(roll)
            lost, dice = (k,), race.dice[:p] + (race.dice[p] - k,) + race.dice[p + 1:] if k else race.dice
        turn = _new(Turn, (p, len(roll), rollers, rolls, ((start, to),), lost, (), p if to == goal else None))
        return _new(Race, (positions, dice, race.leader)), turn
    positions = list(race.positions)
    leader = race.leader
    # furthest() of each roller (a list, not a generator, which costs more than the work here)
    if len(rollers) == 1:
        p = rollers[0]
        reaches = ((p, bisect_right(paid, paid[positions[p]] + sum(rolls[0])) - 1),)
    else:
        reaches = tuple([(p, bisect_right(paid, paid[positions[p]] + sum(r)) - 1) for p, r in zip(rollers, rolls)])
    moves, held = [], []
    cap = goal
    group = None
    winner = None
    n = 0
    for piece, reach in reaches:
        start = positions[piece]
        far = reach if reach < cap else cap
        low, high = start, far
        if b is not None:
            if n and held and held[0] == rollers[0] and start < b < reach:
                held.append(piece)                      # stuck behind an active piece Breakaway held
            elif start < b < far and leader is not None:
                if group is None:                       # condition 1 (no leader yet): the first to pass leads
                    group = _group_passes(course, race, leader, rollers, tuple(map(sum, rolls)))
                if not group:                           # condition 2 fails: stop before Breakaway
                    high = b - 1
                    held.append(piece)
        if low == high:
            to = low
        else:
            options = range(low, high + 1)
            if b is not None and low <= b <= high:
                options = tuple([i for i in options if i != b])
            if choose is None or len(options) == 1:
                to = options[-1]
            else:
                to = choose(piece, options, tuple(positions), reaches)
            if to not in options:
                raise ValueError(f"piece {piece} cannot stop on {to}; options {tuple(options)}")
        if b is not None and leader is None and start < b < to:
            leader = piece
        positions[piece] = to
        moves.append((start, to))
        if not n:
            cap = to                                    # joiners never overtake the active piece
        n += 1
        if to == goal:
            winner = piece
            break
    if group and any(start < b and to < b for start, to in moves):
        # Condition 2 holds only if the whole pack passes: one stopped short, so nobody does.
        for k, (start, to) in enumerate(moves):
            if start < b < to:
                positions[rollers[k]] = b - 1
                moves[k] = (start, b - 1)
                held.append(rollers[k])
    if len(rolls[0]) == 1:                              # one die is never lost
        lost = (0,) * n
        dice = race.dice
    else:
        lost = tuple([lost_dice(r) for r in rolls[:n]])
        dice = list(race.dice)
        for piece, k in zip(rollers, lost):
            dice[piece] -= k
        dice = tuple(dice)
    turn = _new(Turn, (rollers[0], len(rolls[0]), rollers, rolls, tuple(moves), lost, tuple(held), winner))
    return _new(Race, (tuple(positions), dice, leader)), turn


# Turn(...) and Race(...) without NamedTuple.__new__, a Python function that costs more than a
# turn's arithmetic: resolve makes both every turn of every simulated race, with every field given.
_new = tuple.__new__
_NONE_LOST = (0,)


def new_race(pieces: int, dice: int) -> Race:
    return Race((START,) * pieces, (dice,) * pieces)

