"""Whole tour-de-dice races: determinism, the rules over many games, and `kit sim`."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from kit.cli import main
from kit.games.tour_de_dice.model import default_players, load
from kit.games.tour_de_dice.play import make_setup, play_game, play_log
from kit.games.tour_de_dice.policies import POLICIES, parse_policies
from kit.games.tour_de_dice.sim import simulate
from kit.games import make_context

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data" / "tour-de-dice"


def setup_for(players, policies, *rules):
    return make_setup(load(DATA, rules), players, parse_policies(policies, players))


SETUPS = [
    setup_for(4, "bold,careful,patient,drafting"),
    setup_for(2, "drafting"),
    setup_for(5, "bold,drafting,bold,drafting,bold", ("breakaway", "on")),
    setup_for(6, "patient,careful,bold,patient,careful,bold", ("breakaway", "on")),
    setup_for(3, "bold,patient,drafting", ("two_colours", "on")),
]


@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: f"{s.players}p-{'-'.join(s.policies)}")
def test_races_keep_the_rules(setup):
    for seed in range(60):
        course, turns, result = play_log(setup, seed)
        dice = [setup.dice] * setup.pieces
        positions = [0] * setup.pieces
        for turn in turns:
            if turn.used == 0:
                continue
            active_from, active_to = turn.moves[0]
            assert all(a == active_from for a, _ in turn.moves)   # joiners share the active space
            for piece, (a, b), n, roll in zip(turn.rollers, turn.moves, turn.lost, turn.rolls):
                assert positions[piece] == a
                assert a <= b <= active_to                  # joiners never overtake the active piece
                assert len(roll) == turn.used <= dice[piece]
                positions[piece] = b
                dice[piece] -= n
                assert dice[piece] >= 1                     # nobody is ever left without dice
        assert result.winner is not None
        last = turns[-1]
        assert last.winner == last.active and positions[last.active] == course.goal
        assert setup.owner[last.active] == result.winner
        assert result.turns == len(turns)
        assert sum(result.lost) == setup.dice * setup.pieces - sum(dice)
        assert result.gap_spaces == course.goal - max(p for i, p in enumerate(positions)
                                                      if setup.owner[i] != result.winner)


def test_same_seed_same_race_and_different_seeds_differ():
    setup = SETUPS[0]
    assert play_log(setup, 7) == play_log(setup, 7)
    assert len({play_game(setup, s) for s in range(20)}) > 10


def test_careful_players_risk_a_second_die_only_before_a_dear_space():
    setup = setup_for(4, "careful,bold,careful,bold")
    rolled, lost = set(), [0, 0]
    for s in range(200):
        course, turns, result = play_log(setup, s)
        for t in turns:
            for piece, (start, _), roll in zip(t.rollers, t.moves, t.rolls):
                if piece % 2 == 0:
                    rolled.add((len(roll), course.costs[start + 1]))
        lost[0] += result.lost[0] + result.lost[2]
        lost[1] += result.lost[1] + result.lost[3]
    # one die (never at risk) in front of a space one die pays two times in three; two before
    # the dearer ones - and it rides no roll of more dice than that
    assert {n for n, cost in rolled if cost <= 3} == {1} and {n for n, cost in rolled if cost > 3} == {1, 2}
    assert 0 < lost[0] < lost[1]


def test_breakaway_holds_some_races_and_two_colours_seats_three():
    held = [play_game(SETUPS[2], s) for s in range(200)]
    assert any(r.held_moves for r in held) and any(r.leader is not None for r in held)
    assert all(r.held_moves == 0 and r.leader is None for r in (play_game(SETUPS[0], s) for s in range(50)))
    two = [play_game(SETUPS[4], s) for s in range(100)]
    assert {r.winner for r in two} == {0, 1, 2}


def test_simulation_does_not_depend_on_workers(project):
    ctx = make_context("tour-de-dice")
    one = simulate(ctx, 450, None, 3, "bold,drafting,bold,drafting", workers=1, show_progress=False)
    two = simulate(ctx, 450, None, 3, "bold*1,drafting,bold,drafting", workers=2, show_progress=False)
    assert one == two
    assert sum(one["seat_win_rate"]) * 450 == pytest.approx(one["game"]["finished"]) and one["game"]["finished"] == 450
    assert one["players"] == 4 and one["policies"] == ["bold", "drafting", "bold", "drafting"]
    assert one["policy_win_rate"]["bold"] == pytest.approx(one["seat_win_rate"][0] + one["seat_win_rate"][2])


def test_policy_names_are_checked():
    assert parse_policies("bold,careful,bold,careful", 4) == ("bold", "careful", "bold", "careful")
    assert parse_policies("bold*2,careful*2", 4) == ("bold", "bold", "careful", "careful")
    assert parse_policies("careful", 3) == ("careful",) * 3
    with pytest.raises(Exception, match="did you mean bold"):
        parse_policies("bolt", 3)
    with pytest.raises(Exception, match="names 2 seats for 4 players.*policies: bold, careful"):
        parse_policies("bold,careful", 4)
    assert set(POLICIES) >= {"bold", "careful", "drafting"}


def test_cli_sim_json(project):
    result = CliRunner().invoke(main, ["sim", "--game", "tour-de-dice", "--games", "300", "--players", "3",
                                       "--policy", "bold,careful,drafting", "--rule", "breakaway=on",
                                       "--json", "--workers", "1"])
    assert result.exit_code == 0, result.output
    stats = json.loads(result.output)
    assert stats["policies"] == ["bold", "careful", "drafting"]
    assert stats["game"]["breakaway"]["leader_won"]["trials"] <= 300
    assert stats["rules"]["options"]["breakaway"] is True and stats["rules"]["overrides"] == {"breakaway": True}
    text = CliRunner().invoke(main, ["sim", "--game", "tour-de-dice", "--games", "300", "--workers", "1"])
    assert text.exit_code == 0 and "finishing gap" in text.output and "dice lost per player" in text.output


@pytest.mark.parametrize("players, policy", [("0", "bold"), ("1", "bold,careful"), ("7", "bold")])
def test_sim_checks_the_player_count_before_the_policies(project, players, policy):
    result = CliRunner().invoke(main, ["sim", "--game", "tour-de-dice", "--games", "5", "-n", players,
                                       "--policy", policy])
    assert result.exit_code == 2
    assert f"tour-de-dice is for 2 to 6 players, not {players}" in result.output
    assert "policies for" not in result.output


def test_every_command_takes_the_same_default_player_count(project):
    """Rule ① needs three players: with `players: 2` in the rules, sim, export and build all
    seat three."""
    rules = ["--rule", "breakaway=on", "--rule", "players=2"]
    expected = default_players(load(DATA, [("breakaway", "on"), ("players", "2")]).rules)
    assert expected == 3
    sim = CliRunner().invoke(main, ["sim", "--game", "tour-de-dice", "--games", "20", "--json", "--workers", "1",
                                    *rules])
    assert sim.exit_code == 0, sim.output
    assert json.loads(sim.output)["players"] == expected
    export = CliRunner().invoke(main, ["export", "--game", "tour-de-dice", *rules])
    assert export.exit_code == 0, export.output
    build = CliRunner().invoke(main, ["build", "--game", "tour-de-dice", "--out", "b", *rules])
    assert build.exit_code == 0, build.output
    log = PdfReader(str(project / "b" / f"progress-sheet-{expected}p.pdf")).pages[0].extract_text().replace("\n", " ")
    assert all(f"P{k} ____" in log for k in range(1, expected + 1)) and f"P{expected + 1} ____" not in log
