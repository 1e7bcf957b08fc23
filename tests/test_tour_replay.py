"""`kit replay --game tour-de-dice`: a race copied from its progress sheet, checked turn by turn."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from kit.cli import main
from kit.data.errors import KitError, Where
from kit.games.tour_de_dice.model import load
from kit.games.tour_de_dice.play import make_setup, play_log
from kit.games.tour_de_dice.replay import check_race, example_log, log_text, parse_log, space_name, space_of
from kit.data.yamlload import parse_yaml

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data" / "tour-de-dice"
EXAMPLE = DATA / "example-log.yaml"


def check(text: str, *rules):
    log = parse_log(parse_yaml(text, "log.yaml"), Where("log.yaml", 1))
    tour = load(DATA, tuple(log.rules) + rules)
    return check_race(log, tour, make_setup(tour, log.players, ("bold",) * log.players))


def test_the_shipped_example_is_the_simulated_race_it_says():
    assert EXAMPLE.read_text() == example_log(DATA)


@pytest.mark.parametrize("players, rules", [(4, ()), (2, ()), (5, (("breakaway", "on"),)), (6, (("breakaway", "on"),)),
                                            (3, (("two_colours", "on"),)), (4, (("dice", "2"),))])
def test_every_simulated_race_replays_legal_with_its_result(players, rules):
    tour = load(DATA, rules)
    policies = ("bold", "careful", "patient", "drafting", "bold", "drafting")[:players]
    setup = make_setup(tour, players, policies)
    for seed in range(25):
        course, turns, result = play_log(setup, seed)
        text = log_text(tour, setup, course, turns, result.start, rules)
        checked, raced = check(text)
        assert checked == course
        assert raced.winner == result.winner and raced.turns == result.turns and raced.passes == result.passes
        assert raced.lost == result.lost and raced.gap == result.gap_spaces


def test_spaces_are_named_as_on_the_sheet():
    course, _, _ = play_log(make_setup(load(DATA), 2, ("bold", "bold")), 3)
    n = len(course.ring)
    assert [space_name(course, s) for s in (0, 1, n - 1, n, n + 1, course.goal)] == [
        "S", "1/1", f"{n - 1}/1", "G/1", "1/2", "G/2"]
    assert all(space_of(course, space_name(course, s)) == s for s in range(course.goal + 1))
    assert space_of(course, f"{n}/1") is None and space_of(course, "3/3") is None


def _tampered(line: int, new: str) -> str:
    lines = EXAMPLE.read_text().splitlines()
    start = next(k for k, s in enumerate(lines) if s == "turns:")
    lines[start + line] = new
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("turn, line, why", [
    (1, '  - "P1 1: P1 4 > 2/1"', "turn 1: P1 plays out of turn: it is P3's turn"),
    (2, '  - "P4 4: P4 3 1 2 4 > 6/1"', "turn 2: P4 declares 4 dice but has only 3"),
    (2, '  - "P4 2: P4 3 1 > 7/1"', "turn 2: P4 cannot stop on 7/1: from 2/1 it may stop on 2/1, 3/1, 4/1, 5/1, 6/1"),
    (2, '  - "P4 2: P4 3 1 > 6/1, P1 2 2 > 3/1"', "turn 2: P1 cannot ride: it stands on 1/1, not with P4 on 2/1"),
    (2, '  - "P4 2: P4 3 > 6/1"', "turn 2: P4 rolled 1 dice; this turn everyone rolls 2"),
    (2, '  - "P9 2: P4 3 1 > 6/1"', "turn 2: unknown piece 'P9'"),
    (2, '  - "P4 2: P1 3 1 > 6/1"', "the active piece P4 rolls first"),
    (2, '  - "P4 2: P4 3 1 > 99/1"', "write a space as BOX/LAP"),
    (1, '  - "P3 1: P3 4 > 2/1, P1 3 > 1/1, P4 6 > 2/1, P2 2 > 1/1"', "riders roll in clockwise order"),
    (2, '  - "P4 2"', "turn 2: 2 dice declared but no roll written"),
])
def test_the_first_illegal_turn_stops_the_replay_at_its_line(turn, line, why):
    text = _tampered(turn, line)
    with pytest.raises(KitError) as err:
        check(text)
    assert why in str(err.value)
    turns_at = text.splitlines().index("turns:") + 1
    assert err.value.where.line == turns_at + turn


def _example_turns() -> int:
    text = EXAMPLE.read_text().splitlines()
    return len(text) - text.index("turns:") - 1


def test_a_turn_after_the_goal_and_a_wrong_ring_are_refused():
    text = EXAMPLE.read_text() + '  - "P4 0"\n'
    n = _example_turns()
    with pytest.raises(KitError, match=f"turn {n + 1}: the race was over after turn {n}"):
        check(text)
    with pytest.raises(KitError, match="ring box 1: unknown card 'Q'"):
        check(EXAMPLE.read_text().replace("ring: [R,", "ring: [Q,"))
    with pytest.raises(KitError, match="more times than the deck has it"):
        check(EXAMPLE.read_text().replace("ring: [R,", "ring: [E,"))


def test_cli_replays_the_example_and_exits_2_on_an_illegal_turn(project, tmp_path):
    res = CliRunner().invoke(main, ["replay", "-g", "tour-de-dice", str(EXAMPLE), "--games", "200", "--workers", "1"])
    assert res.exit_code == 0, res.output
    assert f"{_example_turns()} turns checked: every one legal" in res.output and "percentile" in res.output
    bad = tmp_path / "bad.yaml"
    bad.write_text(_tampered(2, '  - "P4 2: P4 3 1 > 7/1"'))
    res = CliRunner().invoke(main, ["replay", "-g", "tour-de-dice", str(bad)])
    assert res.exit_code == 2
    turns_at = bad.read_text().splitlines().index("turns:") + 1
    assert f"bad.yaml:{turns_at + 2}: turn 2: P4 cannot stop on 7/1" in res.output


@pytest.mark.parametrize("players, rules, message", [
    ("1" + "0" * 40, "", "players should be 2 to 6, not 1" + "0" * 40),
    ("-5", "", "players should be 2 to 6, not -5"),
    ("4", "rules: {two_colours: on}\n", "two_colours (optional rule ②) is for exactly 3 players, not 4"),
])
def test_a_player_count_out_of_range_is_refused_at_its_line(project, tmp_path, players, rules, message):
    # Every count out of range, however huge, is refused at its file and line.
    text = EXAMPLE.read_text(encoding="utf-8")
    assert text.count("players: 4\n") == 1
    bad = tmp_path / "bad.yaml"
    bad.write_text(rules + text.replace("players: 4\n", f"players: {players}\n"), encoding="utf-8")
    line = bad.read_text(encoding="utf-8").splitlines().index(f"players: {players}") + 1
    res = CliRunner().invoke(main, ["replay", "-g", "tour-de-dice", str(bad), "--games", "5", "--workers", "1"])
    assert res.exit_code == 2, res.output
    assert f"bad.yaml:{line}: {message}" in res.output, res.output


def test_a_huge_log_is_refused_at_its_first_bad_turn_in_little_memory(project):
    # each turn is checked as it is read and none is kept (the log's turns composed whole
    # would take 300 MB and 5 s before the first was checked)
    from conftest import huge_log, kit_measured

    path = project / "huge.yaml"
    line, turns = huge_log(EXAMPLE, "turns", path)
    assert path.stat().st_size > 8_000_000
    status, kb, stderr = kit_measured("replay", "--game", "tour-de-dice", path, "--games", "5", cwd=project)
    assert (status, stderr.splitlines()) == (2, [f"huge.yaml:{line}: turn {turns + 1}: the race was over after "
                                                 f"turn {turns}"])
    assert kb < 120_000, kb


@pytest.mark.parametrize("moved, message", [
    ("ring", "ring must be written before turns: (kit checks a log turn by turn as it reads it)"),
    ("rules", "rules: must be written before turns: (kit checks a log turn by turn as it reads it)"),
])
def test_a_log_is_checked_turn_by_turn_and_its_head_comes_first(project, moved, message):
    # a race of optional rule ①: its ring holds the Breakaway card, which the race without
    # the rule has not; the rules written after the turns are refused as such
    tour = load(DATA, (("preset", "rule-1"),))
    setup = make_setup(tour, 3, ("bold",) * 3)
    course, turns, result = play_log(setup, 2)
    text = log_text(tour, setup, course, turns, result.start, (("preset", "rule-1"),))
    assert "BREAK" in text and text.index("rules:") < text.index("turns:")
    line = next(x for x in text.splitlines() if x.startswith(f"{moved}:"))
    log = project / "log.yaml"
    log.write_text(text.replace(line + "\n", "") + line + "\n", encoding="utf-8")
    got = CliRunner().invoke(main, ["replay", "--game", "tour-de-dice", str(log), "--games", "2"])
    lines = log.read_text(encoding="utf-8").splitlines()
    at = next(k for k, x in enumerate(lines, 1) if x.startswith("  - ")) if moved == "ring" else len(lines)
    assert got.exit_code == 2 and got.stderr.strip() == f"log.yaml:{at}: {message}"
