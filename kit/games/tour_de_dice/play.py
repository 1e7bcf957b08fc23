"""A whole race, from shuffling the ring to the first piece on the goal.

`play_game(setup, seed)` is game k of `kit sim --seed S` when seed = S + k: the
same seed lays the same ring (the course preview of `kit build` is seed 1) and
rolls the same dice.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from kit.sim.quality import Facts, facts_at

from kit.games.tour_de_dice.model import Tour, check_players
from kit.games.tour_de_dice.policies import POLICIES, _furthest
from kit.games.tour_de_dice.rules import START, Course, Turn, lay_course, new_race
from kit.games.tour_de_dice.turns import choose_colour, seats as _seats, take_turn


@dataclass(frozen=True)
class Setup:
    """Everything a race needs, as plain values (it travels to worker processes)."""

    goal_id: str
    goal_costs: tuple[int, int]
    deck: tuple                     # course cards (and Breakaway under rule ①), one per copy
    breakaway_id: str | None
    players: int
    owner: tuple[int, ...]          # piece -> seat
    dice: int
    policies: tuple[str, ...]       # per seat
    turn_limit: int

    @property
    def pieces(self) -> int:
        return len(self.owner)


def colours_each(rules) -> int:
    """Colours (pieces) per player: two under optional rule ②."""
    return 2 if rules["two_colours"] else 1


def owners(rules, pieces: int) -> tuple[int, ...]:
    """The seat owning each of the first `pieces` colours: under rule ② player k owns the
    neighbouring colours 2k and 2k+1."""
    return tuple(p // colours_each(rules) for p in range(pieces))


def make_setup(tour: Tour, players: int, policies: tuple[str, ...]) -> Setup:
    rules = tour.rules
    check_players(rules, players)
    owner = owners(rules, players * colours_each(rules))
    return Setup(tour.goal.id, (tour.goal.outer, tour.goal.inner), tour.deck(),
                 tour.breakaway.id if rules["breakaway"] else None, players, owner, rules["dice"],
                 tuple(policies), rules["turn_limit"])


@dataclass(frozen=True)
class Result:
    winner: int | None              # winning seat; None if the turn limit stopped the race
    turns: int
    start: int                      # the start player's seat
    passes: int                     # turns in which the active player rolled no dice
    lost: tuple[int, ...]           # dice lost per seat
    gap_spaces: int | None          # spaces between the goal and the best other player's piece
    gap_cost: int | None            # what that piece still had to pay to reach the goal
    leader: int | None              # seat of the piece that passed Breakaway first
    held_moves: int                 # moves Breakaway cut short
    held_turns: int                 # turns with the leader through and the pack still behind


def players_of(setup: Setup) -> tuple:
    """Each piece's Policy: its seat's, made for this table when the policy needs to know it
    (the searching player plays the table's races out)."""
    named = tuple(POLICIES[name] for name in setup.policies)
    named = tuple(p.bind(setup) if p.bind else p for p in named)
    return tuple(named[s] for s in setup.owner)


def shuffled_course(setup: Setup, rng: random.Random) -> Course:
    cards = list(setup.deck)
    rng.shuffle(cards)
    return lay_course(setup.goal_id, setup.goal_costs, cards, setup.breakaway_id)


def roll(rng: random.Random, k: int) -> tuple[int, ...]:
    r = rng.random
    return tuple(int(r() * 6) + 1 for _ in range(k))


def start_seat(rng: random.Random, players: int) -> int:
    """Everyone rolls three dice; the highest total starts; ties roll again among themselves."""
    seats = list(range(players))
    while len(seats) > 1:
        totals = [sum(roll(rng, 3)) for _ in seats]
        top = max(totals)
        seats = [s for s, t in zip(seats, totals) if t == top]
    return seats[0]


def play_game(setup: Setup, seed: int) -> Result:
    return _run(setup, seed, None)[2]


STANDING = "spaces to the goal, fewer ahead"


def play_measured(setup: Setup, seed: int) -> tuple[Result, Facts]:
    """Race `seed` and the quality facts of its standings (minus each seat's spaces to the goal,
    from its piece nearest the goal, after every turn), reduced in the worker that plays it."""
    seen: list = []
    _, race, result, changes = _run(setup, seed, None, seen)
    if not seen:
        return result, facts_at(0, None, ())
    mine = _seats(setup.owner, setup.players, setup.pieces)[0]
    half = seen[(len(seen) + 1) // 2 - 1]
    return result, facts_at(changes, _standing(half, mine), _standing(race.positions, mine))


def _standing(positions: tuple[int, ...], mine) -> tuple[int, ...]:
    """Each seat's standing from the positions: its piece nearest the goal (the spaces to the
    goal moved by the goal, which ranks, leads and parts the seats just as they do)."""
    if len(mine) == len(positions):
        return positions
    return tuple([max([positions[p] for p in m]) for m in mine])


def play_log(setup: Setup, seed: int) -> tuple[Course, tuple[Turn, ...], Result]:
    """The race with every turn kept, for the course preview, progress sheets and tests."""
    log: list[Turn] = []
    course, race, result, _ = _run(setup, seed, log)
    return course, tuple(log), result


def _seat_table(setup: Setup, seed: int):
    """A race's start from its seed: the dice, the shuffled ring, the start player, each
    seat's pieces and each piece's clockwise order."""
    rng = random.Random(seed)
    course = shuffled_course(setup, rng)
    first = start_seat(rng, setup.players)
    return (rng, course, first) + _seats(setup.owner, setup.players, setup.pieces)


def _run(setup: Setup, seed: int, log: list | None, seen: list | None = None):
    """The race of `seed`: its course, last position, Result, and the times the lead passed from
    one seat to another (the quality standings' lead changes, counted only with `seen`); every
    Turn appended to `log`, and to `seen` the positions after every turn."""
    rng, course, first, mine, order = _seat_table(setup, seed)
    seat = first
    owner, players, pieces = setup.owner, setup.players, setup.pieces
    b = course.breakaway
    # Without Breakaway the policies' pack sense never applies: ask their own rules directly.
    policy = players_of(setup)
    dice_of = tuple(p.dice if b is not None else p.own_dice for p in policy)
    join_of = tuple(p.join if b is not None else p.own_join for p in policy)
    stop_of = tuple(p.stop for p in policy)
    race = new_race(pieces, setup.dice)
    r = rng.random

    def choose(piece, options, positions, reaches):
        return stop_of[piece](course, positions, piece, options, reaches)

    if all(stop is _furthest for stop in stop_of):
        choose = None       # every piece goes as far as it may: nothing to ask

    # each seat's piece when it has one; a seat of two colours chooses as its turn comes
    alone = tuple(m[0] if len(m) == 1 else None for m in mine)
    colours = max(len(m) for m in mine)
    passes = held_moves = held_turns = 0
    winner = None
    turns = 0
    limit = setup.turn_limit
    # The lead: pieces never move back and no rider passes the active piece, so only a move
    # of the active piece to the front (or level with it) can change who is alone in front.
    top, leader, changes = START, None, 0
    while turns < limit:
        turns += 1
        active = alone[seat]
        if active is None:
            active = choose_colour(race, mine[seat])
        k = dice_of[active](course, race, active)
        have = race.dice[active]
        if k > have:
            k = have
        if k <= 0:
            passes += 1
            if log is not None:
                log.append(Turn(active, 0))
            if seen is not None:
                seen.append(race.positions)
        else:
            race, turn = take_turn(course, race, active, k, order[active], join_of, choose, r)
            if log is not None:
                log.append(turn)
            if seen is not None:
                positions = race.positions
                seen.append(positions)
                to = positions[active]
                if to >= top:
                    top = to
                    # alone in front: the active seat's pieces are all that stand on the front space
                    me = owner[active]
                    front = positions.count(to)
                    if front == 1 or (front <= colours and all(owner[p] == me for p in range(pieces)
                                                                if positions[p] == to)):
                        if leader is not None and leader != me:
                            changes += 1
                        leader = me
            if b is not None and turn.held:
                held_moves += len(turn.held)
            if turn.winner is not None:
                winner = turn.winner
                break
        if b is not None and race.leader is not None and any(pos < b for p, pos in enumerate(race.positions)
                                                            if p != race.leader):
            held_turns += 1
        seat += 1
        if seat == players:
            seat = 0
    # Dice are only ever lost: what each seat's pieces lack is what they lost.
    lost = [0] * players
    for p, have in enumerate(race.dice):
        lost[owner[p]] += setup.dice - have
    result = _result(course, race, winner, turns, first, passes, lost, held_moves, held_turns, owner)
    return course, race, result, changes


def _result(course, race, winner, turns, first, passes, lost, held_moves, held_turns, owner) -> Result:
    gap_spaces = gap_cost = None
    if winner is not None:
        rest = [pos for p, pos in enumerate(race.positions) if owner[p] != owner[winner]]
        best = max(rest)
        gap_spaces, gap_cost = course.goal - best, course.cost_between(best, course.goal)
    return Result(None if winner is None else owner[winner], turns, first, passes, tuple(lost), gap_spaces,
                  gap_cost, None if race.leader is None else owner[race.leader], held_moves, held_turns)
