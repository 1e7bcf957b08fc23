"""The searching player of every game: its budget in the policy grammar, known-answer
positions, a determinisation that never uses a card it cannot know, and legal moves."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from kit.data.errors import KitError
from kit.games.karuta import rules as KR
from kit.games.karuta.policies import POLICIES as KARUTA, sample_hands, playable_now
from kit.games.shikoku_duo import rules as SR
from kit.games.shikoku_duo.policies import POLICIES as SHIKOKU, Planner, play_out, sampled
from kit.games.tour_de_dice import play as TP
from kit.games.tour_de_dice.model import load as load_tour
from kit.games.tour_de_dice import policies as P
from kit.games.tour_de_dice.policies import POLICIES as TOUR
from kit.games.tour_de_dice.rules import Race
from kit.sim.seating import seat_policies
from kit.sim import search

from shikoku_world import world as shikoku_world
from test_karuta_rules import engine, position, referee_game, small_world

TOUR_DATA = Path(__file__).resolve().parent.parent / "data" / "tour-de-dice"


# --- the budget in the policy grammar --------------------------------------------------------

def test_search_takes_a_budget_and_no_other_policy_does():
    known = ("random", "greedy", "search")
    assert seat_policies("search:8,greedy*3", 4, known, "greedy") == ("search:8", "greedy", "greedy", "greedy")
    assert seat_policies("search:5*2", 2, known, "greedy") == ("search:5", "search:5")
    assert seat_policies("search", 3, known, "greedy") == ("search",) * 3
    for bad in ("greedy:5", "search:0", "search:x", "search:", "search:100001"):
        with pytest.raises(KitError, match="search"):
            seat_policies(bad, 2, known, "greedy")


@pytest.mark.parametrize("policies", [KARUTA, TOUR, SHIKOKU])
def test_every_game_registers_search_with_a_budget(policies):
    assert "search" in tuple(policies)
    assert "search:12" not in tuple(policies)     # the offered names stay plain
    policies["search:12"]                         # a budget looks the policy up
    with pytest.raises(KitError, match="only search takes a budget"):
        policies["greedy:12"]


def test_choose_leaves_the_default_only_for_a_clear_winner():
    # candidate 2 always wins, the default never: the search takes 2
    assert search.choose("abc", lambda c, j: float(c == "c"), 30, default=0) == "c"
    # a candidate one playout in thirty ahead is noise: the default stays
    assert search.choose("ab", lambda c, j: float(c == "b" and j == 0), 30, default=0) == "a"
    assert search.choose("x", lambda c, j: 1 / 0, 30) == "x"    # one candidate: no playout


# --- karuta ---------------------------------------------------------------------------------

def test_karuta_search_plays_the_chain_that_empties_its_hand():
    t, rules = engine(small_world())
    card = t.card
    hands = (KR._mask([card("相模"), card("伊豆")]), KR._mask([card("甲斐"), card("上総"), card("飛騨")]))
    state = position(t, rules, [["武蔵"]], hands)
    turns = KR.legal_turns(t, rules, state, 0)
    assert len(turns) > 1
    turn = KARUTA["search:16"](t, rules, state, 0, turns, random.Random(1))
    assert [t.names[c] for c in turn] == ["相模", "伊豆"]


def _three_seat_position():
    t, rules = engine(small_world())
    card = t.card
    hands = (KR._mask(map(card, ["相模", "上野"])),
             KR._mask(map(card, ["伊豆", "甲斐", "肥前"])),
             KR._mask(map(card, ["飛騨", "上総", "対馬"])))
    return t, rules, position(t, rules, [["武蔵"]], hands)


def test_karuta_sampled_hands_keep_what_the_table_has_seen():
    t, rules, state = _three_seat_position()
    # seat 2 has passed since the last card: it cannot hold a card it could have played
    state = state._replace(passed=1 << 2)
    unseen = (1 << t.cards) - 1 & ~state.board & ~state.hands[0]
    now = playable_now(t, rules, state)
    for seed in range(40):
        hands = sample_hands(t, rules, state, 0, random.Random(seed))
        assert hands[0] == state.hands[0]
        assert [h.bit_count() for h in hands] == [h.bit_count() for h in state.hands]
        assert hands[1] & hands[2] == 0 and (hands[1] | hands[2]) & ~unseen == 0
        assert hands[2] & now == 0


def test_karuta_search_cannot_see_where_an_unseen_card_is():
    t, rules, state = _three_seat_position()
    card = t.card
    swapped = list(state.hands)
    swap = 1 << card("甲斐") | 1 << card("上総")    # 甲斐 to seat 2, 上総 to seat 1
    swapped[1] ^= swap
    swapped[2] ^= swap
    other = state._replace(hands=tuple(swapped))
    for seed in range(3):
        assert (sample_hands(t, rules, state, 0, random.Random(seed))
                == sample_hands(t, rules, other, 0, random.Random(seed)))
        moves = [KARUTA["search:24"](t, rules, s, 0, KR.legal_turns(t, rules, s, 0), random.Random(seed))
                 for s in (state, other)]
        assert moves[0] == moves[1]


@pytest.mark.parametrize("seed", range(3))
def test_karuta_search_plays_only_turns_the_referee_allows(seed):
    # every seat searching; the rules' independent referee checks each turn offered and taken
    record = referee_game(small_world(), seed, "search:4", players=2 + seed)
    assert record == referee_game(small_world(), seed, "search:4", players=2 + seed)   # the seed decides


# --- tour-de-dice ---------------------------------------------------------------------------

def _tour(players=3, policies=("search:24", "patient", "patient")):
    tour = load_tour(TOUR_DATA, ())
    return TP.make_setup(tour, players, policies)


def test_tour_search_rolls_the_dice_that_reach_the_goal_before_the_others():
    setup = _tour()
    course = TP.shuffled_course(setup, random.Random(3))
    goal = course.goal
    # two spaces before the goal, 7 to pay: three dice get there 91 % of the time, two 58 %,
    # fewer never; the others, one space from the goal, mostly win on their turns
    assert course.cost_between(goal - 2, goal) == 7
    race = Race((goal - 2, goal - 1, goal - 1), (3, 3, 3))
    careful = TOUR["careful"]
    assert careful.own_dice(course, race, 0) == 1          # one die pays the next space 2 times in 3
    searching = P._searcher(64, "careful").bind(setup)      # a search that starts from careful
    assert searching.own_dice(course, race, 0) == 3
    assert TP.players_of(setup)[0].own_dice(course, race, 0) == 3


def test_tour_search_plays_whole_races_within_the_rules():
    setup = _tour()
    for seed in range(3):
        course, log, result = TP.play_log(setup, seed)
        assert result.winner is not None
        dice = [setup.dice] * setup.pieces
        for turn in log:
            assert 0 <= turn.used <= dice[turn.active]
            for p, lost in zip(turn.rollers, turn.lost):
                dice[p] -= lost
        assert TP.play_game(setup, seed) == result       # and the same seed decides the same


# --- shikoku-duo ----------------------------------------------------------------------------

def test_shikoku_search_drafts_the_one_die_that_wins_the_last_round():
    m = shikoku_world()
    t = SR.tables(m)
    rules = dataclasses.replace(SR.Rules.from_options(m.rules), round_limit=4)
    caught = []

    class Watch(Planner):
        def pick(self, t, rules, state, seat, dice, left, rng):
            if state.round == 3 and len(left) == 3 and not caught:
                caught.append((state, seat, dice, left))
            return super().pick(t, rules, state, seat, dice, left, rng)

    SR.play(t, rules, 17, (Watch(t), Watch(t)), random.Random(17))
    state, seat, dice, left = caught[0]
    results = {c: {play_out(t, rules, sampled(state, search.world(5, j)), seat, c, dice, left,
                            (Planner(t), Planner(t)), search.world(5, j)) for j in range(6)} for c in left}
    assert results == {0: {0.0}, 1: {1.0}, 2: {0.0}}      # die 1 wins whatever the bag and tiles hide
    player = SHIKOKU["search:12"](t)
    assert player.pick(t, rules, state, seat, dice, left, random.Random(2)) == 1


def test_shikoku_sampling_keeps_what_is_seen():
    m = shikoku_world()
    t = SR.tables(m)
    state = SR.setup(t, SR.Rules.from_options(m.rules), 4)
    players = list(state.players)
    players[0] = players[0]._replace(painted=2)
    state = state._replace(players=tuple(players))
    for seed in range(10):
        s = sampled(state, random.Random(seed))
        assert s.bag == state.bag and s.shops == state.shops and s.round == state.round
        for a, b in zip(s.players, state.players):
            assert a.paintings[:a.painted] == b.paintings[:b.painted]
            assert sorted(a.paintings) == sorted(b.paintings)
            assert a._replace(paintings=()) == b._replace(paintings=())


def test_shikoku_search_plays_whole_games_within_the_rules():
    m = shikoku_world()
    t = SR.tables(m)
    rules = dataclasses.replace(SR.Rules.from_options(m.rules), round_limit=3)
    record: list = []
    SR.play(t, rules, 3, (SHIKOKU["search:4"](t), Planner(t)), random.Random(3), record)
    again: list = []
    SR.play(t, rules, 3, (SHIKOKU["search:4"](t), Planner(t)), random.Random(3), again)
    assert record and record == again        # the seed decides
    state = SR.setup(t, rules, 3)
    for step in record:
        if step.repeat:
            state = SR.spend_hot(state)
        assert SR.explain(t, rules, state, step.seat, step.die, step.move) is None
        state = SR.apply(t, rules, state, step.seat, step.move, (lambda pool, k=step.kept: k) if step.kept else None)[0]
        if step is record[-1] or record[record.index(step) + 1].round != step.round:
            state = state._replace(round=state.round + 1)
