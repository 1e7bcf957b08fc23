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


@dataclass(frozen=True, slots=True)     # slots: read every turn, and cheaper to read so
class Course:
    ring: tuple[str, ...]        # card ids clockwise, the goal card first
    costs: tuple[int, ...]       # cost of entering each space; costs[0] (the start) is unused
    breakaway: int | None        # the Breakaway space (lap 1), if the event card is in the ring
    # paid[i]: what reaching space i from the start costs (costs are never negative, so a
    # roll's furthest space is one binary search)
    paid: tuple[int, ...] = ()
    goal: int = 0                # the goal, the last space (read every turn: a field, not a property)

    def __post_init__(self):
        if not self.paid:
            object.__setattr__(self, "paid", tuple(accumulate(self.costs[1:], initial=0)))
        object.__setattr__(self, "goal", len(self.costs) - 1)

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
    ids = [card.id for card in cards]
    outer = [0 if card.id == breakaway_id else card.outer for card in cards]
    spot = len(ids) - ids[::-1].index(breakaway_id) if breakaway_id in ids else None     # counted from 1
    costs = (0, *outer, goal_costs[0], *[card.inner for card in cards], goal_costs[1])
    return Course((goal_id, *ids), costs, spot)


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


def _dice_lost(dice: tuple[int, ...], rollers: tuple[int, ...], rolls, moved: int):
    """The dice each of the first `moved` rollers loses, and every piece's dice after it."""
    if len(rolls[0]) == 1:                              # one die is never lost
        return (0,) * moved, dice
    lost = tuple([lost_dice(r) for r in rolls[:moved]])
    if any(lost):
        dice = list(dice)
        for piece, n in zip(rollers, lost):
            dice[piece] -= n
        dice = tuple(dice)
    return lost, dice


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
            choose: Choose | None, record: bool = True) -> tuple[Race, Turn | None]:
    """Move every roller in order (active first), then take away lost dice: the race after the
    turn, and the Turn as a progress sheet records it (None with `record` False, for a
    simulator that keeps no log: it reads the winner, always the active piece, from the race).

    `choose(piece, options, positions, reaches)` picks one of the legal stops
    (ascending space numbers, a range or a tuple; the first is where the piece stands);
    None moves every piece as far as it may.
    """
    b = course.breakaway
    paid = course.paid
    goal = course.goal
    positions, dice, leader = race
    active = rollers[0]
    here = positions[active]
    base = paid[here]                                   # every roller stands on the active space
    if b is None:
        # No Breakaway on the ring: nothing holds a piece. Each roller in turn moves as far as
        # its roll pays (or where it chooses), never past the active piece; the goal ends the turn.
        reaches = None if choose is None else \
            tuple([(p, bisect_right(paid, base + sum(r)) - 1) for p, r in zip(rollers, rolls)])
        at = list(positions)
        moves = 0
        cap = goal
        winner = None
        for piece, roll in zip(rollers, rolls):
            to = bisect_right(paid, base + sum(roll)) - 1
            if to > cap:
                to = cap
            if to > here and choose is not None:
                high = to
                to = choose(piece, range(here, high + 1), tuple(at), reaches)
                if not here <= to <= high:
                    raise ValueError(f"piece {piece} cannot stop on {to}; options {tuple(range(here, high + 1))}")
            at[piece] = to
            moves += 1
            if piece == active:
                cap = to                                # joiners never overtake the active piece
            if to == goal:
                winner = piece
                break
        k = len(rolls[0])
        lost, dice = _dice_lost(dice, rollers, rolls, moves)
        after = _new(Race, (tuple(at), dice, leader))
        if not record:
            return after, None
        return after, _new(Turn, (active, k, rollers, rolls, tuple([(here, at[p]) for p in rollers[:moves]]), lost, (),
                                 winner))
    # furthest() of each roller (a list, not a generator, which costs more than the work here)
    if len(rollers) == 1:
        reaches = ((active, bisect_right(paid, base + sum(rolls[0])) - 1),)
    else:
        reaches = tuple([(p, bisect_right(paid, base + sum(r)) - 1) for p, r in zip(rollers, rolls)])
    at = list(positions)
    moves, held = [], []
    cap = goal
    group = None
    winner = None
    n = 0
    for piece, reach in reaches:
        start = at[piece]
        high = reach if reach < cap else cap
        if b is not None and start < b:                 # Breakaway ahead: it may hold this piece
            if n and held and held[0] == active and b < reach:
                held.append(piece)                      # stuck behind an active piece Breakaway held
            elif b < high and leader is not None:
                if group is None:                       # condition 1 (no leader yet): the first to pass leads
                    group = _group_passes(course, race, leader, rollers, tuple(map(sum, rolls)))
                if not group:                           # condition 2 fails: stop before Breakaway
                    high = b - 1
                    held.append(piece)
            if start == high:
                to = start
            else:
                options = range(start, high + 1)
                if b <= high:
                    options = tuple([i for i in options if i != b])
                if choose is None or len(options) == 1:
                    to = options[-1]
                else:
                    to = choose(piece, options, tuple(at), reaches)
                if to not in options:
                    raise ValueError(f"piece {piece} cannot stop on {to}; options {tuple(options)}")
            if leader is None and b < to:
                leader = piece
        elif start == high or choose is None:
            to = high
        else:
            to = choose(piece, range(start, high + 1), tuple(at), reaches)
            if not start <= to <= high:
                raise ValueError(f"piece {piece} cannot stop on {to}; options {tuple(range(start, high + 1))}")
        at[piece] = to
        moves.append((start, to))
        if not n:
            cap = to                                    # joiners never overtake the active piece
        n += 1
        if to == goal:
            winner = piece
            break
    # (a list, not a generator: compiled, a generator would make resolve allocate its scope each turn)
    if group and any([start < b and to < b for start, to in moves]):
        # Condition 2 holds only if the whole pack passes: one stopped short, so nobody does.
        for k, (start, to) in enumerate(moves):
            if start < b < to:
                at[rollers[k]] = b - 1
                moves[k] = (start, b - 1)
                held.append(rollers[k])
    lost, dice = _dice_lost(dice, rollers, rolls, n)
    turn = _new(Turn, (active, len(rolls[0]), rollers, rolls, tuple(moves), lost, tuple(held), winner))
    return _new(Race, (tuple(at), dice, leader)), turn


# Turn(...) and Race(...) without NamedTuple.__new__, a Python function that costs more than a
# turn's arithmetic: resolve makes both every turn of every simulated race, with every field given.
_new = tuple.__new__


def new_race(pieces: int, dice: int) -> Race:
    return Race((START,) * pieces, (dice,) * pieces)

