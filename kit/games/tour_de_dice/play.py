"""A whole race, from shuffling the ring to the first piece on the goal.

`play_game(setup, seed)` is game k of `kit sim --seed S` when seed = S + k: the
same seed lays the same ring (the course preview of `kit build` is seed 1) and
rolls the same dice.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from kit.sim.draws import shuffle
from kit.sim.quality import Facts, facts_at

from kit.games.tour_de_dice.model import Tour, check_players
from kit.games.tour_de_dice.policies import POLICIES
from kit.games.tour_de_dice.rules import Course, Turn, lay_course, new_race
from kit.games.tour_de_dice.turns import Played, play_on, roll as dice_roll, seats


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
    shuffle(rng, cards)
    return lay_course(setup.goal_id, setup.goal_costs, cards, setup.breakaway_id)


def roll(rng: random.Random, k: int) -> tuple[int, ...]:
    return dice_roll(rng.random, k)


START_ROLL = 3          # dice each player rolls for the start player, whatever the dice they take


def start_seat(rng: random.Random, players: int) -> int:
    """Everyone rolls START_ROLL dice; the highest total starts; ties roll again among themselves."""
    r = rng.random
    rolling = list(range(players))
    while len(rolling) > 1:
        totals = [sum(dice_roll(r, START_ROLL)) for _ in rolling]
        top = max(totals)
        rolling = [s for s, t in zip(rolling, totals) if t == top]
    return rolling[0]


def play_game(setup: Setup, seed: int) -> Result:
    return _run(setup, seed, None)[2]


STANDING = "spaces to the goal, fewer ahead"


def play_measured(setup: Setup, seed: int) -> tuple[Result, Facts]:
    """Race `seed` and the quality facts of its standings (minus each seat's spaces to the goal,
    from its piece nearest the goal, after every turn), reduced in the worker that plays it."""
    seen: list = []
    played, result = _run(setup, seed, None, seen)[1:]
    if not seen:
        return result, facts_at(0, None, ())
    mine = seats(setup.owner, setup.players, setup.pieces)[0]
    half = seen[(len(seen) + 1) // 2 - 1]
    return result, facts_at(played.lead_changes, _standing(half, mine), _standing(played.race.positions, mine))


def _standing(positions: tuple[int, ...], mine) -> tuple[int, ...]:
    """Each seat's standing from the positions: its piece nearest the goal (the spaces to the
    goal moved by the goal, which ranks, leads and parts the seats just as they do)."""
    if len(mine) == len(positions):
        return positions
    return tuple([max([positions[p] for p in m]) for m in mine])


def play_log(setup: Setup, seed: int) -> tuple[Course, tuple[Turn, ...], Result]:
    """The race with every turn kept, for the course preview, progress sheets and tests."""
    log: list[Turn] = []
    course, _, result = _run(setup, seed, log)
    return course, tuple(log), result


def _run(setup: Setup, seed: int, log: list | None, seen: list | None = None) -> tuple[Course, Played, Result]:
    """The race of `seed` from its start: the dice, the shuffled ring, the start player, then
    the turns (turns.play_on, which appends to `log` and `seen`)."""
    rng = random.Random(seed)
    course = shuffled_course(setup, rng)
    first = start_seat(rng, setup.players)
    played = play_on(course, new_race(setup.pieces, setup.dice), first, setup.turn_limit, setup.owner,
                     players_of(setup), rng.random, log, seen)
    return course, played, _result(course, setup, played, first)


def _result(course: Course, setup: Setup, played: Played, first: int) -> Result:
    owner, race, winner = setup.owner, played.race, played.winner
    # Dice are only ever lost: what each seat's pieces lack is what they lost.
    lost = [0] * setup.players
    for p, have in enumerate(race.dice):
        lost[owner[p]] += setup.dice - have
    gap_spaces = gap_cost = None
    if winner is not None:
        rest = [pos for p, pos in enumerate(race.positions) if owner[p] != owner[winner]]
        best = max(rest)
        gap_spaces, gap_cost = course.goal - best, course.cost_between(best, course.goal)
    return Result(None if winner is None else owner[winner], played.turns, first, played.passes, tuple(lost),
                  gap_spaces, gap_cost, None if race.leader is None else owner[race.leader], played.held_moves,
                  played.held_turns)
