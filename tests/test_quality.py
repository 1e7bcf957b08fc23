"""Game-quality measures (kit/sim/quality.py) on hand-made games whose answers are worked out by hand."""

from __future__ import annotations

import math

import pytest

from kit.sim.report import Outcome
from kit.sim.quality import Facts, Standings, facts_of, figure, lines
from kit.sim.simulate import wilson


def test_lead_changes_count_only_a_lead_passing_between_seats():
    # leader per turn: none (tie), 0, 0, tie, 1, 1, 0 -> 0 to 1, then 1 to 0: two changes
    game = [(0, 0), (2, 0), (3, 1), (3, 3), (3, 4), (3, 6), (9, 6)]
    assert facts_of(game).lead_changes == 2
    # a shared lead in between keeps the lead with the seat that had it
    assert facts_of([(1, 0), (1, 1), (2, 1)]).lead_changes == 0
    assert facts_of([(1, 0, 0), (1, 2, 0), (1, 2, 3), (4, 2, 3)]).lead_changes == 3


def test_half_time_is_the_standing_after_turn_ceil_half():
    # 5 turns: half time after turn 3; 4 turns: after turn 2
    five = [(0, 1, 2), (0, 1, 2), (3, 1, 2), (3, 4, 2), (3, 4, 9)]
    f = facts_of(five)
    assert (f.half_leader, f.half_last) == (0, 1)
    four = [(5, 1, 0), (5, 6, 0), (9, 9, 9), (0, 0, 0)]
    f = facts_of(four)
    assert (f.half_leader, f.half_last) == (1, 2)
    # a shared top or bottom at half time: nobody leads, nobody is last
    f = facts_of([(1, 1, 0), (2, 2, 2)])
    assert (f.half_leader, f.half_last) == (None, 2)


def test_margin_is_best_less_second_best_at_the_end():
    assert facts_of([(0, 0, 0), (-3, 0, -7)]).margin == 3.0
    assert facts_of([(5, 5)]).margin == 0.0
    assert facts_of([]) == Facts(0, None, None, None)


def test_standings_keep_two_small_numbers_a_turn_not_the_standings():
    s = Standings()
    row = [0, 0]
    for k in range(100):
        row[k % 2] += 1 + k % 3
        s.add(row)
    assert len(s.leaders) == len(s.lasts) == 100
    assert all(x in (None, 0, 1) for x in s.leaders + s.lasts)


def _games():
    """Four two-seat games worked out by hand."""
    return [
        Outcome((1.0, 0.0), 10, quality=Facts(1, 0, 1, 4.0)),    # the half-time leader wins
        Outcome((0.0, 1.0), 20, quality=Facts(3, 0, 1, 2.0)),    # the last comes back
        Outcome((0.5, 0.5), 30, quality=Facts(0, None, None, 0.0)),  # a shared win, level at half time
        Outcome((0.0, 0.0), 40, quality=Facts(2, 1, 0, 1.0)),    # nobody won
    ]


def test_every_measure_on_known_games():
    q = figure(_games(), 2, "points")
    assert q["standing"] == "points"
    # balance: seat 1 won 1.5, seat 2 1.5: no spread
    assert q["balance"]["spread"] == 0.0 and q["balance"]["interval"] == [0.0, 0.0]
    nw = q["decisiveness"]["no_winner"]
    assert nw["share"] == 0.25 and nw["interval"] == pytest.approx(list(wilson(1, 4)))
    m = q["decisiveness"]["margin"]     # over the three games won: 4, 2, 0
    assert m["games"] == 3 and m["mean"] == 2.0 and m["median"] == 2.0
    half = 1.96 * 2.0 / math.sqrt(3)     # sample sd of 4, 2, 0 is 2
    assert m["interval"] == pytest.approx([2.0 - half, 2.0 + half])
    d = q["duration"]
    assert d["mean"] == 25.0
    sd = math.sqrt(sum((x - 25) ** 2 for x in (10, 20, 30, 40)) / 3)
    assert d["interval"] == pytest.approx([25 - 1.96 * sd / 2, 25 + 1.96 * sd / 2])
    assert q["lead_changes"]["mean"] == 1.5
    lead, last = q["runaway"]["leader_wins"], q["runaway"]["last_comes_back"]
    # three games had a half-time leader: it won game 1, lost game 2, and nobody won game 4
    assert lead["games"] == 3 and lead["share"] == pytest.approx(1 / 3)
    assert lead["interval"] == pytest.approx(list(wilson(1, 3)))
    assert last["games"] == 3 and last["share"] == pytest.approx(1 / 3)


def test_balance_is_the_spread_between_the_most_and_least_winning_seats():
    # seat 1 wins 3 of 4, seat 2 1 of 4, seat 3 none: spread 0.75 between seat 1 and seat 3
    games = [Outcome((1.0, 0.0, 0.0), 5), Outcome((1.0, 0.0, 0.0), 5), Outcome((1.0, 0.0, 0.0), 5),
             Outcome((0.0, 1.0, 0.0), 5)]
    b = figure(games, 3)["balance"]
    assert (b["most"], b["least"], b["spread"]) == (1, 3, 0.75)
    sd = math.sqrt(((1 - 0.75) ** 2 * 3 + 0.75 ** 2) / 3)   # differences 1, 1, 1, 0
    assert b["interval"] == pytest.approx([0.75 - 1.96 * sd / 2, 0.75 + 1.96 * sd / 2])


def test_games_without_standings_count_for_duration_and_balance_only():
    q = figure([Outcome((1.0, 0.0), 8), Outcome((0.0, 1.0), 12)], 2)
    assert q["duration"]["mean"] == 10 and q["lead_changes"]["mean"] is None
    assert q["runaway"]["leader_wins"]["games"] == 0 and q["decisiveness"]["margin"]["median"] is None
    assert any(line.startswith("  runaway leader:") for line in lines(q))


def test_the_text_says_each_measure():
    text = "\n".join(lines(figure(_games(), 2, "points"), "games"))
    assert "standing: points" in text
    assert "25.0% of games without a winner" in text
    assert "margin of victory (in the standing) mean 2 " in text and "median 2" in text
    assert "duration: mean 25 turns" in text and "lead changes: mean 1.5 a game" in text
    assert "the leader at half time wins 33.3%" in text and "comes back in 33.3%" in text


# --- each game's standings: the facts agree with how its games ended -------------------------------

def test_karuta_standings_are_the_cards_left():
    from kit.games.karuta.sim import make_setup, play_dealt, play_measured
    from test_karuta_rules import small_world

    setup = make_setup(small_world(), 3, "greedy,random,foresight")
    for seed in range(40):
        result, facts = play_measured(setup, seed)
        assert result == play_dealt(setup, None, seed)       # measuring changes no game
        left = sorted(result.left)
        assert facts.margin == left[1] - left[0]
        assert 0 <= facts.lead_changes < result.turns


def test_karuta_facts_are_those_of_every_turns_standing_from_the_record():
    # The simulator reduces the game's record in one loop; the referee takes each seat's cards
    # left after every turn of the same record and reduces them with the shared Standings.
    from kit.games.karuta.sim import facts_of_turns, hands_of, make_setup, play_dealt, play_measured
    from test_karuta_rules import small_world

    for players, policy in ((2, "greedy,random"), (3, "greedy,random,foresight"), (4, "random")):
        setup = make_setup(small_world(), players, policy)
        for seed in range(25):
            hands, record = hands_of(setup, seed), []
            result = play_dealt(setup, hands, seed, record)
            left, standings = [-h.bit_count() for h in hands], []
            for seat, turn in record:
                left[seat] += len(turn)
                standings.append(list(left))
            assert play_measured(setup, seed) == (result, facts_of(standings))
    assert facts_of_turns((0b111, 0b11), []) == facts_of([])

def test_tour_standings_are_the_spaces_to_the_goal():
    from kit.games.tour_de_dice.play import play_game, play_measured
    from test_tour_sim import SETUPS

    for setup in SETUPS[:3]:
        for seed in range(20):
            result, facts = play_measured(setup, seed)
            assert result == play_game(setup, seed)
            if result.winner is not None:
                assert facts.margin == result.gap_spaces    # the runner-up's spaces still to go


def test_tour_facts_are_those_of_every_turns_standing_read_from_the_log():
    # The race counts its lead changes as it goes and keeps only two standings; the referee
    # replays the logged moves, takes each seat's spaces to the goal after every turn and
    # reduces them with the shared Standings.
    from kit.games.tour_de_dice.play import play_log, play_measured
    from test_tour_sim import SETUPS

    for setup in SETUPS:
        for seed in range(30):
            course, turns, result = play_log(setup, seed)
            positions = [0] * setup.pieces
            standings = []
            for turn in turns:
                for piece, (_, to) in zip(turn.rollers, turn.moves):
                    positions[piece] = to
                standings.append([max(positions[p] - course.goal for p in range(setup.pieces)
                                      if setup.owner[p] == seat) for seat in range(setup.players)])
            assert play_measured(setup, seed) == (result, facts_of(standings))


def test_shikoku_standings_are_the_points():
    from kit.games.shikoku_duo.sim import play_measured, play_seeded
    from test_shikoku_replay import setup_of

    setup = setup_of()
    for seed in range(15):
        result, facts = play_measured(setup, seed)
        assert result == play_seeded(setup, seed)
        assert facts.margin == abs(result.scores[0] - result.scores[1])


def test_shikoku_facts_are_the_shared_standings_of_its_rounds():
    # The points after every round, as rules.play reports them, reduced by the shared
    # Standings, give the facts the simulator works out after the game.
    from kit.games.shikoku_duo import rules
    from kit.games.shikoku_duo.sim import controllers, game_rng, play_measured
    from test_shikoku_replay import setup_of

    setup = setup_of()
    changes = set()
    for seed in range(40):
        points = []
        rules.play(setup.tables, setup.rules, seed, controllers(setup), game_rng(seed), None, points.append)
        facts = facts_of(points)
        assert play_measured(setup, seed)[1] == facts
        changes.add(facts.lead_changes)
    assert len(changes) > 2         # games whose lead changed hands, and some more than once
