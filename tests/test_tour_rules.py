"""The tour-de-dice rules: the rule text's Breakaway examples, lost dice, joining and moving."""

from collections import namedtuple

from hypothesis import given, settings
from hypothesis import strategies as st

from kit.games.tour_de_dice.rules import (Race, clockwise, furthest, lay_course, lost_dice, may_join,
                                           resolve)

Card = namedtuple("Card", "id outer inner")


def furthest_choice(piece, options, positions, reaches=()):
    return options[-1]


# A ring whose spaces are: 0 start, 1 X, 2 Y, 3 Breakaway, 4 Z, 5 W, 6 link, ...
# From space 1 the cost to get past Breakaway (onto Z) is Y 2 + Breakaway 0 + Z 3 = 5,
# as in the rule text's examples 2 and 3.
BREAK_RING = (Card("X", 1, 2), Card("Y", 2, 3), Card("BREAK", 9, 2), Card("Z", 3, 3), Card("W", 2, 4))
COURSE = lay_course("GOAL", (2, 3), BREAK_RING, "BREAK")
B = COURSE.breakaway


def test_course_layout_runs_outer_then_inner():
    assert COURSE.ring == ("GOAL", "X", "Y", "BREAK", "Z", "W")
    assert B == 3
    # The data's outer cost of the event card is ignored: Breakaway costs 0 on lap 1.
    assert COURSE.costs == (0, 1, 2, 0, 3, 2, 2, 2, 3, 2, 3, 4, 3)
    assert COURSE.link == 6 and COURSE.goal == 12
    assert COURSE.card_at(6) == ("GOAL", 1) and COURSE.card_at(9) == ("BREAK", 2)
    assert COURSE.cost_between(1, 4) == 5


def test_example_1_only_the_first_of_two_passes():
    """4 players; two try to pass Breakaway in the same turn: only the active player does."""
    race = Race((1, 1, 0, 0), (3, 3, 3, 3))
    race, turn = resolve(COURSE, race, (0, 1), ((6,), (6,)), furthest_choice)
    assert race.positions[0] > B and race.leader == 0
    assert race.positions[1] == B - 1
    assert turn.held == (1,)


def test_example_2_one_short_roll_keeps_everyone_else_back():
    """All roll; one rolls 4 or less: only the active player passes, the short roll moves to
    its limit, everyone else stops before Breakaway."""
    race = Race((1, 1, 1, 1), (3, 3, 3, 3))
    race, turn = resolve(COURSE, race, (0, 1, 2, 3), ((6,), (1,), (5,), (6,)), furthest_choice)
    assert race.positions == (4, 1, B - 1, B - 1)
    assert race.leader == 0
    assert turn.held == (2, 3)


def test_example_3_everyone_rolling_five_passes_together():
    race = Race((1, 1, 1, 1), (3, 3, 3, 3))
    race, turn = resolve(COURSE, race, (0, 1, 2, 3), ((5,), (5,), (6,), (6,)), furthest_choice)
    assert all(p > B for p in race.positions)
    assert race.leader == 0 and turn.held == ()


def test_after_the_leader_the_pack_passes_only_all_together():
    gathered = Race((7, 2, 2, 2), (3, 3, 3, 3), leader=0)
    # from space 2: Breakaway 0 + Z 3 = 3 to get through
    through, _ = resolve(COURSE, gathered, (1, 2, 3), ((2, 1), (1, 2), (3, 3)), furthest_choice)
    assert all(p > B for p in through.positions[1:])
    one_short, turn = resolve(COURSE, gathered, (1, 2, 3), ((2, 2), (1, 1), (3, 3)), furthest_choice)
    assert one_short.positions[1:] == (2, 2, 2) and turn.held == (1, 3)
    straggler = Race((7, 2, 2, 0), (3, 3, 3, 3), leader=0)
    held, turn = resolve(COURSE, straggler, (1, 2), ((6,), (6,)), furthest_choice)
    assert held.positions[1:3] == (2, 2) and turn.held == (1, 2)


def test_breakaway_space_is_never_a_stop():
    race = Race((2, 0, 0), (3, 3, 3))
    seen = []

    def spy(piece, options, positions, reaches=()):
        seen.append(options)
        return options[-1]

    race, _ = resolve(COURSE, race, (0,), ((2,),), spy)
    assert race.positions[0] == 2      # 0 onto Breakaway, but Z costs 3: it cannot stop on B
    assert all(B not in o for o in seen)


def test_lost_dice_rule():
    assert lost_dice((6, 2, 3)) == 1
    assert lost_dice((6, 6, 1)) == 2
    assert lost_dice((6, 6, 6)) == 2          # all sixes: one is kept
    assert lost_dice((6,)) == 0               # one die is never at risk
    assert lost_dice((6, 6)) == 1
    assert lost_dice((1, 2, 5)) == 0


def test_lost_dice_applied_per_roller_and_only_rolled_dice_count():
    race = Race((0, 0), (3, 3))
    plain = lay_course("GOAL", (9, 9), (Card("X", 9, 9),) * 4, None)
    race, turn = resolve(plain, race, (0, 1), ((6, 6), (6, 1)), furthest_choice)
    # piece 0 rolled two dice, both 6: keeps one of them and its unrolled die
    assert race.dice == (2, 2) and turn.lost == (1, 1)
    race, turn = resolve(plain, Race((0, 0), (3, 3)), (0,), ((6, 6, 6),), furthest_choice)
    assert race.dice == (1, 3)


def test_joiners_need_the_same_space_and_enough_dice_in_clockwise_order():
    race = Race((4, 4, 2, 4, 4), (1, 3, 3, 2, 3))
    order = clockwise(3, 5, tuple(range(5)), 5)
    assert order == (4, 0, 1, 2)
    assert may_join(race, 3, 2, order) == (4, 1)
    assert may_join(race, 3, 0, order) == ()
    # two colours each: the active player's other colour is nearest
    assert clockwise(3, 6, (0, 0, 1, 1, 2, 2), 3) == (2, 4, 5, 0, 1)


def test_furthest_pays_costs_in_order():
    costs = (0, 1, 2, 3, 4)
    assert furthest(costs, 0, 0) == 0
    assert furthest(costs, 0, 3) == 2
    assert furthest(costs, 0, 5) == 2
    assert furthest(costs, 1, 100) == 4


ring_cards = st.lists(st.tuples(st.integers(1, 5), st.integers(1, 5)), min_size=3, max_size=12)


@st.composite
def turns(draw):
    cards = [Card(f"c{i}", o, n) for i, (o, n) in enumerate(draw(ring_cards))]
    event = draw(st.one_of(st.none(), st.integers(0, len(cards) - 1)))
    if event is not None:
        cards[event] = Card("BREAK", 0, cards[event].inner)
    course = lay_course("GOAL", (draw(st.integers(1, 4)), draw(st.integers(1, 4))), cards,
                        None if event is None else "BREAK")
    pieces = draw(st.integers(2, 6))
    here = draw(st.integers(0, course.goal - 1))
    positions = [draw(st.integers(0, course.goal - 1)) for _ in range(pieces)]
    positions[0] = here
    dice = [draw(st.integers(1, 3)) for _ in range(pieces)]
    k = draw(st.integers(1, dice[0]))
    b = course.breakaway
    leader = None
    if b is not None:
        positions = [b - 1 if p == b else p for p in positions]
        here = positions[0]
        past = [p for p in range(pieces) if positions[p] > b]
        leader = past[0] if past else None
        if len(past) > 1:   # only the leader can be through while others are not
            positions = [p if p <= b or i == leader else b - 1 for i, p in enumerate(positions)]
            here = positions[0]
    race = Race(tuple(positions), tuple(dice), leader)
    order = clockwise(0, pieces, tuple(range(pieces)), pieces)
    rollers = (0,) + tuple(p for p in may_join(race, 0, k, order) if draw(st.booleans()))
    rolls = tuple(tuple(draw(st.integers(1, 6)) for _ in range(k)) for _ in rollers)
    picks = draw(st.lists(st.integers(0, 100), min_size=len(rollers), max_size=len(rollers)))
    return course, race, rollers, rolls, picks


@settings(max_examples=400, deadline=None)
@given(turns())
def test_any_turn_keeps_the_rules(case):
    course, race, rollers, rolls, picks = case
    pick = dict(zip(rollers, picks))

    def chooser(piece, options, positions, reaches=()):
        return options[pick[piece] % len(options)]

    after, turn = resolve(course, race, rollers, rolls, chooser)
    active_to = after.positions[rollers[0]]
    for piece, (a, b) in zip(rollers, turn.moves):
        assert b >= a                                       # nobody moves backwards
        assert b <= active_to                               # joiners never overtake
        assert course.cost_between(a, b) <= sum(rolls[rollers.index(piece)])
        assert b != course.breakaway
    assert all(d >= 1 for d in after.dice)                  # nobody is left without dice
    moved = {p for p, (a, b) in zip(rollers, turn.moves)}
    assert all(after.positions[p] == race.positions[p] for p in range(len(race.positions)) if p not in moved)
