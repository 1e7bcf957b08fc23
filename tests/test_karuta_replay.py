"""`kit replay --game karuta`: transcribed games are checked turn by turn and compared."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from kit.cli import main
from kit.data.errors import KitError, Where
from kit.games.karuta.replay import check_game, parse_log
from kit.sim.replaylog import ordinal
from kit.games.karuta.sim import hands_of, make_setup, play_dealt
from kit.data.yamlload import parse_yaml

from test_karuta_rules import DATA, small_world


def transcribe(setup, seed: int, compact=()) -> tuple[str, object]:
    """A simulated game written out as a log (turns listed in `compact` use the string form)."""
    record = []
    result = play_dealt(setup, None, seed, record)
    names = setup.tables.names
    lines = [f"seed: {seed}", f"players: {setup.players}", "turns:"]
    for k, (seat, turn) in enumerate(record):
        cards = [names[c] for c in turn]
        if k in compact:
            lines.append(f'  - "{seat + 1}: {" ".join(cards) or "pass"}"')
        elif cards:
            lines.append(f"  - {{seat: {seat + 1}, play: [{', '.join(cards)}]}}")
        else:
            lines.append(f"  - {{seat: {seat + 1}, pass: true}}")
    return "\n".join(lines) + "\n", result


def check(text: str, setup):
    return check_game(parse_log(parse_yaml(text, "game.yaml"), Where("game.yaml", 1)), setup)


@pytest.mark.parametrize("seed", range(15))
def test_simulated_games_replay_cleanly_with_the_same_outcome(seed):
    setup = make_setup(small_world(), 2 + seed % 3, "random")
    text, result = transcribe(setup, seed, compact={0, 3})
    played = check(text, setup)
    assert played.finished and (played.turns, played.passes, played.stalled) == (
        result.turns, result.passes, result.stalled)
    assert played.wins == result.wins and played.left == result.left


def first_play_line(text: str) -> int:
    return next(k for k, line in enumerate(text.splitlines(), 1) if "play:" in line)


def mutate(text: str, line_no: int, new: str) -> str:
    lines = text.splitlines()
    lines[line_no - 1] = new
    return "\n".join(lines) + "\n"


def error_of(text: str, setup) -> str:
    with pytest.raises(KitError) as err:
        check(text, setup)
    return str(err.value)


def test_illegal_turns_are_named_with_their_line_and_number():
    setup = make_setup(small_world(), 4, "random")
    text, _ = transcribe(setup, 3)
    lines = text.splitlines()
    k = 3                                   # turns start on line 4: turn 1 is on line 4
    # a card not in the seat's hand
    seat = int(lines[k].split("seat: ")[1].split(",")[0])
    hand = hands_of(setup, 3)[seat - 1]
    other = next(setup.tables.names[c] for c in range(setup.tables.cards) if not hand >> c & 1)
    bad = mutate(text, k + 1, f"  - {{seat: {seat}, play: [{other}]}}")
    assert error_of(bad, setup) == f"game.yaml:4: turn 1: {other} is not in seat {seat}'s hand"
    # a seat out of order inside a round
    second = lines[k + 1]
    wrong_seat = int(second.split("seat: ")[1].split(",")[0]) % 4 + 1
    bad = mutate(text, k + 2, second.replace(f"seat: {second.split('seat: ')[1].split(',')[0]}", f"seat: {wrong_seat}"))
    assert error_of(bad, setup).startswith("game.yaml:5: turn 2: ") and "out of order" in error_of(bad, setup)
    # an unknown province, with a suggestion
    bad = mutate(text, k + 1, f"  - {{seat: {seat}, play: [武臓]}}")
    assert "unknown province '武臓'" in error_of(bad, setup)
    # turns after the end of the game
    bad = text + "  - {seat: 1, pass: true}\n"
    assert "already over" in error_of(bad, setup)


def test_a_pass_while_able_to_play_is_illegal():
    setup = make_setup(small_world(), 2, "random")
    text = "seed: 1\nplayers: 2\nturns:\n  - {seat: 1, pass: true}\n"
    assert error_of(text, setup).startswith("game.yaml:4: turn 1: a pass, but")
    anytime = make_setup(small_world(passing="any_time"), 2, "random")
    assert not check(text, anytime).finished


def test_round_start_rules_bind_the_first_seat_of_each_round():
    setup = make_setup(small_world(round_start="fixed"), 2, "random")
    text, _ = transcribe(setup, 4)
    check(text, setup)
    lines = text.splitlines()
    # swap the seats of the two turns of round 2: its starter is then not round 1's
    r2 = [lines[5], lines[6]]
    swapped = [r2[0].replace("seat: 1", "seat: X").replace("seat: 2", "seat: 1").replace("seat: X", "seat: 2"),
               r2[1].replace("seat: 1", "seat: X").replace("seat: 2", "seat: 1").replace("seat: X", "seat: 2")]
    bad = mutate(mutate(text, 6, swapped[0]), 7, swapped[1])
    assert "round_start=fixed" in error_of(bad, setup)


@pytest.mark.parametrize("text, message", [
    ("seed: 1\nplayers: 4\n", "game.yaml:1: game log is missing 'turns'"),
    ("seed: 1\nplayers: 5\nturns: []\n", "game.yaml:2: players should be 2 to 4"),
    ("seed: 1\nplayers: 4\nrules: {direktion: origin}\nturns: []\n", "game.yaml:3: unknown rule option 'direktion'"),
    ("seed: 1\nplayers: 4\nturns:\n  - {seat: 1}\n", "game.yaml:4: turn 1: give either play"),
    ("seed: 1\nplayers: 4\nturns:\n  - {seat: 7, pass: true}\n", "game.yaml:4: turn 1: seat 7 does not exist"),
    ("seed: 1\nplayers: 4\nturns:\n  - \"one: 武蔵\"\n", "game.yaml:4: turn 1: write"),
    ("seed: 1\nplayers: 4\nturns:\n  - 5\n", "game.yaml:4: turn 1 should be"),
    ("seed: 1\nplayers: 4\nturns:\n  - {seat: 1, play: [武蔵], colour: red}\n", "game.yaml:4: unknown key 'colour'"),
])
def test_malformed_logs(text, message):
    setup = make_setup(small_world(), 4, "random")
    assert error_of(text, setup).startswith(message)


def test_ordinals():
    assert [ordinal(x) for x in (1, 2, 3, 4, 11, 12, 13, 21, 22, 50.4, 100)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "50th", "100th"]


def test_the_example_log_replays_cleanly(project):
    res = CliRunner().invoke(main, ["replay", "-g", "karuta", "data/karuta/example-log.yaml",
                                    "--games", "200", "--workers", "1"])
    assert res.exit_code == 0, res.output
    assert "every one legal" in res.output and "percentile" in res.output and "winner" in res.output


def test_a_malformed_log_exits_2_with_file_and_line(project):
    text = (DATA / "example-log.yaml").read_text("utf-8")
    lines = text.splitlines()
    k = next(i for i, line in enumerate(lines) if line.lstrip().startswith("- {seat:") and "play:" in line)
    lines[k] = lines[k].split("play:")[0] + "play: [武蔵, 対馬]}"
    (project / "bad.yaml").write_text("\n".join(lines) + "\n", "utf-8")
    res = CliRunner().invoke(main, ["replay", "-g", "karuta", "bad.yaml", "--games", "20"])
    assert res.exit_code == 2
    assert f"bad.yaml:{k + 1}: turn " in res.output
    (project / "worse.yaml").write_text("seed: 1\nplayers: 4\nturns: [\n", "utf-8")
    res = CliRunner().invoke(main, ["replay", "-g", "karuta", "worse.yaml"])
    assert res.exit_code == 2 and "worse.yaml:" in res.output


def test_a_replayed_figure_is_placed_in_one_wording_for_every_game():
    # One function writes the line for every game, its figures printed as kit.sim.text.num prints them.
    from kit.sim.replaylog import placed

    values = [20, 21, 23, 24, 24, 30, 31, 33, 35, 37, 40, 52, 53, 55, 56, 58, 60, 61, 62, 70]
    line = placed("seat 2 points", 51, values, 14)
    assert line == "  seat 2 points    51: 55th percentile (simulated median 38.5, p5 20.9, p95 62.4)"
    assert placed("rounds", 23, values, 14).index(":") == line.index(":")   # a block of them aligns


def test_a_huge_log_is_refused_at_its_first_bad_turn_in_little_memory(project):
    # each turn is checked as it is read and none is kept (the log's turns composed whole
    # would take 570 MB and 20 s before the first was checked)
    from conftest import huge_log, kit_measured

    path = project / "huge.yaml"
    line, turns = huge_log(DATA / "example-log.yaml", "turns", path)
    assert path.stat().st_size > 8_000_000
    status, kb, stderr = kit_measured("replay", "--game", "karuta", path, "--games", "5", cwd=project)
    assert (status, stderr.splitlines()) == (2, [f"huge.yaml:{line}: turn {turns + 1}: the game was already "
                                                 f"over after turn {turns}"])
    assert kb < 120_000, kb
    # a damaged line in it is refused at that line, the turns before it checked
    lines = path.read_text(encoding="utf-8").splitlines()
    damaged = [k for k, text in enumerate(lines, 1) if "play:" in text][4]
    lines[damaged - 1] = lines[damaged - 1].replace("play:", "plya:")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    status, kb, stderr = kit_measured("replay", "--game", "karuta", path, "--games", "5", cwd=project)
    turn = sum(text.startswith("  - ") for text in lines[:damaged])
    assert (status, stderr.splitlines()) == (2, [f"huge.yaml:{damaged}: unknown key 'plya' in turn {turn} (did "
                                                 "you mean play?)"])
    # its rules written last: the turns after the first refused one are only read through, to
    # find them
    lines[damaged - 1] = lines[damaged - 1].replace("plya:", "play:")
    rules = next(text for text in lines if text.startswith("rules:"))
    lines.remove(rules)
    path.write_text("\n".join(lines + [rules]) + "\n", encoding="utf-8")
    status, kb, stderr = kit_measured("replay", "--game", "karuta", path, "--games", "5", cwd=project)
    assert (status, stderr.splitlines()) == (2, [f"huge.yaml:{len(lines) + 1}: rules: must be written before turns: "
                                                 "(kit checks a log turn by turn as it reads it)"])
    assert kb < 120_000, kb


@pytest.mark.parametrize("moved, message", [
    ("seed", "seed must be written before turns: (kit checks a log turn by turn as it reads it)"),
    ("rules", "rules: must be written before turns: (kit checks a log turn by turn as it reads it)"),
])
def test_a_log_is_checked_turn_by_turn_and_its_head_comes_first(project, moved, message):
    text = (DATA / "example-log.yaml").read_text(encoding="utf-8")
    line = next(text for text in text.splitlines() if text.startswith(f"{moved}:"))
    log = project / "log.yaml"
    log.write_text(text.replace(line + "\n", "") + line + "\n", encoding="utf-8")
    got = CliRunner().invoke(main, ["replay", "--game", "karuta", str(log), "--games", "2"])
    lines = log.read_text(encoding="utf-8").splitlines()
    at = (next(k for k, text in enumerate(lines, 1) if text.startswith("  - ")) if moved == "seed"
          else len(lines))
    assert got.exit_code == 2 and got.stderr.strip() == f"log.yaml:{at}: {message}"


def test_a_log_of_no_turns_replays(project):
    (project / "log.yaml").write_text("seed: 3\nplayers: 2\nturns: []\nrules: {round_start: fixed}\n", "utf-8")
    got = CliRunner().invoke(main, ["replay", "--game", "karuta", "log.yaml", "--games", "2", "--workers", "1"])
    assert got.exit_code == 0, got.output
    assert "0 turns checked: every one legal; the log stops before the game is over" in got.stdout
