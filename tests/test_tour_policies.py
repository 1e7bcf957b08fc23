"""tour-de-dice policies in scenarios: what each one does in a position set up by hand."""

from collections import namedtuple

from kit.games.tour_de_dice.policies import DRAFT_SLACK, POLICIES, SHARE_SLACK, WAIT_SPACES
from kit.games.tour_de_dice.rules import Race, lay_course, resolve

Card = namedtuple("Card", "id outer inner")

# Spaces: 0 start, 1-6 lap 1 (outer costs 1), 7 the link, 8-13 lap 2, 14 the goal.
PLAIN = lay_course("GOAL", (1, 4), tuple(Card(f"c{i}", 1, 3) for i in range(6)), None)
HINTS = POLICIES["hints"]


def test_hints_waits_with_zero_dice_when_it_leads_alone_on_lap_1():
    lead = Race((4, 2, 1, 0), (3, 3, 3, 3))
    assert 4 - 2 <= WAIT_SPACES
    assert HINTS.dice(PLAIN, lead, 0) == 0               # waits for the pack
    assert HINTS.dice(PLAIN, lead, 1) == 1               # the others roll one die, never at risk
    far = Race((2 + WAIT_SPACES + 1, 2, 1, 0), (3, 3, 3, 3))
    assert HINTS.dice(PLAIN, far, 0) == 1                # too far ahead to wait: it moves on
    shared = Race((4, 4, 1, 0), (3, 3, 3, 3))
    assert HINTS.dice(PLAIN, shared, 0) == 1             # not alone in the lead: it rolls
    lap2 = Race((9, 2, 1, 0), (3, 3, 3, 3))
    assert HINTS.dice(PLAIN, lap2, 0) == 3               # lap 2: every die for the dear spaces


def test_hints_rides_only_one_die_rolls_on_lap_1():
    race = Race((3, 3, 9, 9), (3, 3, 3, 3))
    assert HINTS.join(PLAIN, race, 1, 1) and not HINTS.join(PLAIN, race, 1, 2)
    assert HINTS.join(PLAIN, race, 3, 3)                 # lap 2: it rides any roll


def test_hints_moves_only_as_far_as_the_smallest_riders_roll():
    # The active piece 0 reaches 6, its riders 1 and 2 reach 5 and 4: it stops on 4, so the
    # whole group can land together.
    reaches = ((0, 6), (1, 5), (2, 4))
    assert HINTS.stop(PLAIN, (2, 2, 2, 0), 0, range(2, 7), reaches) == 4
    # a rider then shares the active piece's space (the furthest it may go)
    assert HINTS.stop(PLAIN, (4, 2, 2, 0), 1, range(2, 5), reaches) == 4
    # bold goes as far as it can
    assert POLICIES["bold"].stop(PLAIN, (2, 2, 2, 0), 0, range(2, 7), reaches) == 6


def test_hints_stops_short_only_on_lap_1_where_the_rides_are_one_die_rolls():
    # On lap 2 (spaces 8-13) the same rolls and the same leader: it moves as far as it can,
    # since every ride there is made with every die and risks them.
    reaches = ((0, 12), (1, 10))
    assert HINTS.stop(PLAIN, (8, 8, 0, 0), 0, range(8, 13), reaches) == 12
    assert HINTS.stop(PLAIN, (8, 11, 0, 0), 0, range(8, 13), ((0, 12),)) == 12
    assert HINTS.stop(PLAIN, (1, 4, 0, 0), 0, range(1, 6), ((0, 5),)) == 4      # lap 1: the leader's space


def test_hints_stops_short_on_the_leaders_space():
    positions = (1, 4, 0, 0)                              # the leader stands on 4
    assert HINTS.stop(PLAIN, positions, 0, range(1, 6), ((0, 5),)) == 4
    far = range(1, 4 + SHARE_SLACK + 2)                  # the leader is too far behind the best stop
    assert HINTS.stop(PLAIN, positions, 0, far, ((0, far[-1]),)) == far[-1]
    goal = PLAIN.goal                                    # the goal beats everything
    assert HINTS.stop(PLAIN, (12, 13, 0, 0), 0, range(12, goal + 1), ((0, goal), (1, goal))) == goal


def test_drafting_stops_beside_a_piece_but_never_turns_down_the_goal():
    drafting = POLICIES["drafting"]
    assert DRAFT_SLACK >= 1
    # lap 1: it gives up a space to end on 4 beside piece 1
    assert drafting.stop(PLAIN, (1, 4, 0, 0), 0, range(2, 6)) == 4
    # the goal in reach, piece 1 one space short of it: it takes the goal and wins
    goal = PLAIN.goal
    assert drafting.stop(PLAIN, (11, goal - 1, 0, 0), 0, range(12, goal + 1)) == goal


def test_careful_rolls_the_fewest_dice_that_pay_the_next_space_two_times_in_three():
    careful = POLICIES["careful"]
    # Spaces: 1-3 lap 1 (outer 1, 2, 2), 4 the link, 5-7 lap 2 (inner 3, 4, 5), 8 the goal (4).
    course = lay_course("GOAL", (2, 4), (Card("a", 1, 3), Card("b", 2, 4), Card("c", 2, 5)), None)
    race = Race((0, 1, 4, 5, 6), (3, 3, 3, 3, 3))
    # cost 1, 2 and 3: one die pays them 6, 5 and 4 times in 6, and is never lost
    assert [careful.dice(course, race, p) for p in (0, 1, 2)] == [1, 1, 1]
    # cost 4 and 5: one die pays only 3 and 2 times in 6, two dice 33 and 30 times in 36
    assert [careful.dice(course, race, p) for p in (3, 4)] == [2, 2]
    assert careful.dice(course, Race((0, 1, 4, 5, 6), (3, 3, 3, 3, 1)), 4) == 1   # the last die
    # it rides a roll of no more dice than it would roll itself
    assert careful.join(course, race, 1, 1) and not careful.join(course, race, 1, 2)
    assert careful.join(course, race, 3, 2) and not careful.join(course, race, 3, 3)
    assert careful.stop(course, race.positions, 0, range(0, 3), ((0, 2),)) == 2      # as far as it can
    # patient, for comparison, rolls every die on lap 2 whatever the next space costs
    assert POLICIES["patient"].dice(course, race, 2) == 3


# Breakaway: 0 start, 1 X, 2 Y, 3 Breakaway, 4 Z, 5 W, 6 link; from 1 passing costs 5.
BREAK = lay_course("GOAL", (2, 3), (Card("X", 1, 2), Card("Y", 2, 3), Card("BREAK", 9, 2),
                                    Card("Z", 3, 3), Card("W", 2, 4)), "BREAK")
B = BREAK.breakaway


def test_breakaway_condition_2_leaves_each_passer_its_stop():
    pack = Race((9, 1, 1, 1), (3, 3, 3, 3), leader=0)
    rolls = ((3, 4),) * 3                                 # 7 each: far enough for W (5)
    seen = {}

    def anywhere(stop):
        def choose(piece, options, positions, reaches):
            seen[piece] = tuple(options)
            return stop.get(piece, options[-1])
        return choose

    # every roll gets past, and each piece may stop anywhere it reaches - short of Breakaway too
    after, turn = resolve(BREAK, pack, (1, 2, 3), rolls, anywhere({2: 5, 3: 4}))
    assert seen[1] == (1, 2, 4, 5) and after.positions[1:] == (5, 5, 4) and turn.held == ()
    # one of them stops short: the pack has not passed, so nobody passes
    after, turn = resolve(BREAK, pack, (1, 2, 3), rolls, anywhere({2: 2}))
    assert after.positions[1:] == (B - 1, 2, B - 1) and set(turn.held) == {1, 3}


def test_every_simulated_turn_is_legal_by_an_independent_referee():
    """A referee written from the rule text, not from rules.resolve, follows each logged race:
    every roller starts on the active piece's space with dice enough, rolls the dice declared,
    moves forward no further than its roll pays, never past the active piece (nor onto
    Breakaway, nor past it while the pack is held); it loses its 6s but never its last die;
    dice only go down by what is lost; the race ends on the goal or at the turn limit."""
    from pathlib import Path

    from kit.games.tour_de_dice.model import load
    from kit.games.tour_de_dice.play import make_setup, play_game, play_log

    data = Path(__file__).resolve().parent.parent / "data" / "tour-de-dice"
    turns = rides = 0
    for players, policies, rules in ((4, ("bold", "careful", "patient", "drafting"), ()),
                                     (4, ("hints", "bold", "hints", "drafting"), ()),
                                     (3, ("hints", "patient", "drafting"), (("two_colours", "on"),)),
                                     (6, ("hints",) * 6, (("dice", "2"),)),
                                     (5, ("bold", "drafting", "patient", "careful", "bold"), (("breakaway", "on"),))):
        setup = make_setup(load(data, rules), players, policies)
        for seed in range(60):
            course, log, result = play_log(setup, seed)
            assert play_game(setup, seed) == result
            positions, dice = [0] * setup.pieces, [setup.dice] * setup.pieces
            goal, paid, b = course.goal, course.paid, course.breakaway
            for n, turn in enumerate(log):
                assert positions[turn.active] < goal
                if turn.used == 0:
                    continue
                assert turn.rollers[0] == turn.active and len(set(turn.rollers)) == len(turn.rollers)
                here = positions[turn.active]
                for k, (piece, roll, (start, to), lost) in enumerate(zip(turn.rollers, turn.rolls, turn.moves, turn.lost)):
                    assert start == positions[piece] == here and dice[piece] >= turn.used == len(roll)
                    assert all(1 <= x <= 6 for x in roll)
                    assert start <= to and paid[to] - paid[start] <= sum(roll)
                    assert to != b or start == b
                    if k:
                        assert to <= turn.moves[0][1]        # riders never overtake the active piece
                    sixes = roll.count(6)
                    assert lost == (0 if len(roll) == 1 else min(sixes, len(roll) - 1))
                    positions[piece], dice[piece] = to, dice[piece] - lost
                    assert dice[piece] >= 1
                rides += len(turn.rollers) - 1
                if turn.winner is not None:
                    assert positions[turn.winner] == goal and n == len(log) - 1
            turns += len(log)
            assert result.winner is None and len(log) == setup.turn_limit or positions.count(goal) >= 1
            assert sum(result.lost) == setup.pieces * setup.dice - sum(dice)     # dice are conserved
    assert turns and rides