"""A whole race, from shuffling the ring to the first piece on the goal.

`play_game(setup, seed)` is game k of `kit sim --seed S` when seed = S + k: the
same seed lays the same ring (the course preview of `kit build` is seed 1) and
rolls the same dice.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from kit.games.tour_de_dice.rules import (Course, Race, Turn, clockwise, lay_course, new_race,
                                           resolve)
from kit.games.tour_de_dice.model import Tour, check_players
from kit.games.tour_de_dice.policies import POLICIES, _furthest, choose_colour
from kit.sim.quality import Facts, Standings


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


START_ROLL = 3          # dice each player rolls for the start player, whatever the dice they take


def start_seat(rng: random.Random, players: int) -> int:
    """Everyone rolls START_ROLL dice; the highest total starts; ties roll again among themselves."""
    seats = list(range(players))
    while len(seats) > 1:
        totals = [sum(roll(rng, START_ROLL)) for _ in seats]
        top = max(totals)
        seats = [s for s, t in zip(seats, totals) if t == top]
    return seats[0]


def play_game(setup: Setup, seed: int) -> Result:
    return _run(setup, seed, None)[2]


STANDING = "spaces to the goal, fewer ahead"


def play_measured(setup: Setup, seed: int) -> tuple[Result, Facts]:
    """Race `seed` and the quality facts of its standings (minus each seat's spaces to the goal,
    from its piece nearest the goal, after every turn), reduced in the worker that plays it."""
    standings = Standings()
    players, owner = setup.players, setup.owner

    add = standings.add_ranked

    def by_piece(positions, goal: int) -> None:
        # A piece a seat: the positions rank the seats, lead them and part them just as the
        # spaces to the goal do (the same standings, moved by the goal).
        top, low = max(positions), min(positions)     # a seat alone ahead or behind, as Standings.add finds them
        add(positions, positions.index(top) if positions.count(top) == 1 else None,
            positions.index(low) if positions.count(low) == 1 else None)

    def by_seat(positions, goal: int) -> None:
        st = [-goal] * players
        for p, pos in enumerate(positions):
            if pos - goal > st[owner[p]]:
                st[owner[p]] = pos - goal
        standings.add(st)

    result = _run(setup, seed, None, by_piece if owner == tuple(range(players)) else by_seat)[2]
    return result, standings.facts()


def play_log(setup: Setup, seed: int) -> tuple[Course, tuple[Turn, ...], Result]:
    """The race with every turn kept, for the course preview, progress sheets and tests."""
    log: list[Turn] = []
    course, race, result = _run(setup, seed, log)
    return course, tuple(log), result


def _seat_table(setup: Setup, seed: int):
    """A race's start from its seed: the dice, the shuffled ring, the start player, each
    seat's pieces and each piece's clockwise order."""
    rng = random.Random(seed)
    course = shuffled_course(setup, rng)
    first = start_seat(rng, setup.players)
    return (rng, course, first) + _seats(setup.owner, setup.players, setup.pieces)


@lru_cache(maxsize=16)
def _seats(owner: tuple[int, ...], players: int, pieces: int):
    """Each seat's pieces, and each piece's others clockwise."""
    mine = tuple(tuple(p for p in range(pieces) if owner[p] == s) for s in range(players))
    order = tuple(clockwise(p, pieces, owner, players) for p in range(pieces))
    return mine, order


def _run(setup: Setup, seed: int, log: list | None, track=None):
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

    lost = [0] * players
    passes = held_moves = held_turns = 0
    winner = None
    turns = 0
    limit = setup.turn_limit
    goal = course.goal
    while turns < limit:
        turns += 1
        active = mine[seat][0] if len(mine[seat]) == 1 else choose_colour(race, mine[seat])
        k = dice_of[active](course, race, active)
        have = race.dice[active]
        if k > have:
            k = have
        if k <= 0:
            passes += 1
            if log is not None:
                log.append(Turn(active, 0))
            if track is not None:
                track(race.positions, goal)
        else:
            race, turn = take_turn(course, race, active, k, order[active], join_of, choose, r)
            if k > 1:
                for p, n in zip(turn.rollers, turn.lost):
                    if n:
                        lost[owner[p]] += n
            if turn.held:
                held_moves += len(turn.held)
            if log is not None:
                log.append(turn)
            if track is not None:
                track(race.positions, goal)
            if turn.winner is not None:
                winner = turn.winner
                break
        if b is not None and race.leader is not None and any(pos < b for p, pos in enumerate(race.positions)
                                                            if p != race.leader):
            held_turns += 1
        seat = (seat + 1) % players
    result = _result(course, race, winner, turns, first, passes, lost, held_moves, held_turns, owner)
    return course, race, result


def take_turn(course: Course, race: Race, active: int, k: int, order: tuple[int, ...], join_of, choose,
              r) -> tuple[Race, Turn]:
    """`active` rolls k > 0 dice: the pieces on its space that may and will join ride along
    (`order`: the others clockwise), every roller rolls from `r` (the race's random()), and
    each moves where `choose` stops it."""
    positions, dice, _ = race
    here = positions[active]
    if positions.count(here) > 1:
        rollers = tuple([active] + [p for p in order
                                    if positions[p] == here and dice[p] >= k   # may_join
                                    and join_of[p](course, race, p, k)])
    else:
        rollers = (active,)
    # roll(): k dice for each roller in turn, from the race's own generator (lists, not
    # generators, which cost more than the rolls)
    if len(rollers) == 1:
        rolls = ((int(r() * 6) + 1,),) if k == 1 else (tuple([int(r() * 6) + 1 for _ in range(k)]),)
    elif k == 1:
        rolls = tuple([(int(r() * 6) + 1,) for _ in rollers])
    else:
        rolls = tuple([tuple([int(r() * 6) + 1 for _ in range(k)]) for _ in rollers])
    return resolve(course, race, rollers, rolls, choose)


def race_on(setup: Setup, course: Course, race: Race, seat: int, policy, rng: random.Random) -> int | None:
    """The winning seat of the race played on from `race` with `seat` to move, each piece
    deciding by `policy[piece]` and the dice rolled from `rng`; None if it runs past the
    turn limit (counted from here). What a searching player asks of the positions it tries."""
    owner, players, pieces = setup.owner, setup.players, setup.pieces
    mine, order = _seats(owner, players, pieces)
    b = course.breakaway
    dice_of = tuple(p.dice if b is not None else p.own_dice for p in policy)
    join_of = tuple(p.join if b is not None else p.own_join for p in policy)
    stop_of = tuple(p.stop for p in policy)

    def choose(piece, options, positions, reaches):
        return stop_of[piece](course, positions, piece, options, reaches)

    r = rng.random
    for _ in range(setup.turn_limit):
        active = mine[seat][0] if len(mine[seat]) == 1 else choose_colour(race, mine[seat])
        k = min(dice_of[active](course, race, active), race.dice[active])
        if k > 0:
            race, turn = take_turn(course, race, active, k, order[active], join_of, choose, r)
            if turn.winner is not None:
                return owner[turn.winner]
        seat = (seat + 1) % players
    return None


def _result(course, race, winner, turns, first, passes, lost, held_moves, held_turns, owner) -> Result:
    gap_spaces = gap_cost = None
    if winner is not None:
        rest = [pos for p, pos in enumerate(race.positions) if owner[p] != owner[winner]]
        best = max(rest)
        gap_spaces, gap_cost = course.goal - best, course.cost_between(best, course.goal)
    return Result(None if winner is None else owner[winner], turns, first, passes, tuple(lost), gap_spaces,
                  gap_cost, None if race.leader is None else owner[race.leader], held_moves, held_turns)
