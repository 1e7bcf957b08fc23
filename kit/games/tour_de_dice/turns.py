"""Taking turns: whose piece moves, the pieces that ride along, the dice rolled, and the race
played on turn by turn - one loop, which a simulated race (play.py) runs from the start and a
searching player's playouts (policies.py) run from the positions they try."""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from kit.games.tour_de_dice.rules import Course, Race, Turn, clockwise, resolve


@lru_cache(maxsize=16)
def seats(owner: tuple[int, ...], players: int, pieces: int):
    """Each seat's pieces, each piece's others clockwise, each seat's piece when it has only
    one (None: a seat of two colours chooses as its turn comes), and the most pieces a seat has."""
    mine = tuple(tuple(p for p in range(pieces) if owner[p] == s) for s in range(players))
    order = tuple(clockwise(p, pieces, owner, players) for p in range(pieces))
    return mine, order, tuple(m[0] if len(m) == 1 else None for m in mine), max(len(m) for m in mine)


def choose_colour(race: Race, pieces: tuple[int, ...]) -> int:
    """Option ②: the player's piece that takes the turn, the one further ahead (then more dice)."""
    return max(pieces, key=lambda p: (race.positions[p], race.dice[p], -p))


def furthest(course: Course, positions: tuple[int, ...], piece: int, options, reaches=()) -> int:
    """The stop as far as the roll allows: a piece whose policy stops there is not asked."""
    return options[-1]


class Played(NamedTuple):
    """A race played on: where it ended and what happened on the way."""

    race: Race
    winner: int | None      # the piece that reached the goal; None if the turns ran out first
    turns: int
    passes: int             # turns in which the active piece rolled no dice
    held_moves: int         # moves Breakaway cut short
    held_turns: int         # turns with the leader through and the pack still behind
    lead_changes: int       # times the lead passed from one seat to another (counted only with `seen`)


def play_on(course: Course, race: Race, seat: int, limit: int, owner: tuple[int, ...], policy, r,
            log: list | None = None, seen: list | None = None, first: tuple[int, int] | None = None) -> Played:
    """The race played on from `race` with `seat` to move, for at most `limit` turns, each piece
    (of seat owner[piece]) deciding by `policy[piece]` and every die rolled from `r` (a
    random()). Every Turn is appended to `log`, and to `seen` the positions after every turn.
    `first` = (piece, k): the first turn is that piece's, rolling k dice (a searching player
    trying a count).

    A seat alone in front leads; pieces never move back and no rider passes the active piece,
    so only a move of the active piece to the front (or level with it) changes the lead."""
    pieces, players = len(owner), max(owner) + 1
    mine, order, alone, colours = seats(owner, players, pieces)
    b = course.breakaway
    # Without Breakaway the policies' pack sense never applies: ask their own rules directly.
    if b is None:
        dice_of, join_of = tuple([p.own_dice for p in policy]), tuple([p.own_join for p in policy])
    else:
        dice_of, join_of = tuple([p.dice for p in policy]), tuple([p.join for p in policy])
    stop_of = tuple([p.stop for p in policy])

    def choose(piece, options, positions, reaches):
        return stop_of[piece](course, positions, piece, options, reaches)

    if stop_of.count(furthest) == pieces:
        choose = None       # every piece goes as far as it may: nothing to ask

    # a Turn is made only for the log, or with Breakaway, whose held moves are counted
    record = log is not None or b is not None
    goal = course.goal
    passes = held_moves = held_turns = 0
    winner = None
    turns = 0
    top, leader, changes = max(race.positions), None, 0
    while turns < limit:
        turns += 1
        if first is not None:
            active, k = first
            first = None
        else:
            active = alone[seat]
            if active is None:
                active = choose_colour(race, mine[seat])
            k = dice_of[active](course, race, active)
        positions, dice, _ = race
        if k > dice[active]:
            k = dice[active]
        if k <= 0:
            passes += 1
            if log is not None:
                log.append(Turn(active, 0))
            if seen is not None:
                seen.append(positions)
        else:
            # The riders: the pieces on the active space that may (as many dice) and will join,
            # clockwise; then k dice for each roller in turn (rules.may_join and the rolls).
            here = positions[active]
            own = (int(r() * 6) + 1,) if k == 1 else roll(r, k)
            if positions.count(here) > 1:
                # (the policies roll no dice: each rider's are rolled as it joins, in the same order)
                rollers, rolls = [active], [own]
                for p in order[active]:
                    if positions[p] == here and dice[p] >= k and join_of[p](course, race, p, k):
                        rollers.append(p)
                        rolls.append((int(r() * 6) + 1,) if k == 1 else roll(r, k))
                rollers, rolls = tuple(rollers), tuple(rolls)
            else:
                rollers, rolls = (active,), (own,)
            race, turn = resolve(course, race, rollers, rolls, choose, record)
            positions = race.positions
            if log is not None:
                log.append(turn)
            if seen is not None:
                seen.append(positions)
                to = positions[active]
                if to >= top:
                    top = to
                    # alone in front: the active seat's pieces are all that stand on the front space
                    me = owner[active]
                    front = positions.count(to)
                    if front == 1 or (front <= colours and all([owner[p] == me for p in range(pieces)
                                                                 if positions[p] == to])):
                        if leader is not None and leader != me:
                            changes += 1
                        leader = me
            if b is not None and turn.held:
                held_moves += len(turn.held)
            if positions[active] == goal:           # the winner is always the active piece
                winner = active
                break
        if b is not None and race.leader is not None and any([pos < b for p, pos in enumerate(race.positions)
                                                             if p != race.leader]):
            held_turns += 1
        seat += 1
        if seat == players:
            seat = 0
    return Played(race, winner, turns, passes, held_moves, held_turns, changes)


def roll(r, k: int) -> tuple[int, ...]:
    """k dice from random() `r`, in order (written out for the usual one to three dice: a
    comprehension costs more than the rolls)."""
    if k == 1:
        return (int(r() * 6) + 1,)
    if k == 2:
        return (int(r() * 6) + 1, int(r() * 6) + 1)
    if k == 3:
        return (int(r() * 6) + 1, int(r() * 6) + 1, int(r() * 6) + 1)
    return tuple([int(r() * 6) + 1 for _ in range(k)])
