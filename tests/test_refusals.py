"""Damaged input that once crashed kit or was accepted, each refused as `file:line: message`
(a command-line value: `error: --option ...`) with exit status 2, quoting at most a short,
escaped excerpt of what was given."""

import re
import shutil

import pytest
from click.testing import CliRunner

from kit.cli import main
from kit.errors import EXCERPT

GAMES = ("karuta", "tour-de-dice", "shikoku-duo")


def refused(*args) -> str:
    """The one-line refusal of `kit ARGS` (exit status 2, no traceback)."""
    result = CliRunner().invoke(main, [str(a) for a in args])
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    return result.stderr.strip()


@pytest.mark.parametrize("game", GAMES)
def test_a_policy_repeated_past_any_table_is_refused(game):
    message = refused("sim", "--game", game, "--games", "1", "--policy", "greedy*" + "1" + "0" * 40)
    assert re.fullmatch(r"error: --policy greedy\*10{40} names more seats than the \d players: .*", message)


@pytest.mark.parametrize("game", GAMES)
def test_a_truncated_font_is_refused(game, project, tmp_path):
    from kit import fonts

    cut = tmp_path / "cut.ttf"
    cut.write_bytes(fonts.font_path(None).read_bytes()[:100_000])
    message = refused("build", "--game", game, "--font", cut, "--out", tmp_path / "out")
    assert message == f"error: font {cut}: cannot use it (the file is truncated or damaged); kit needs a " \
                      "TrueType (.ttf) font"
    assert not (tmp_path / "out").exists()


def test_an_unknown_policy_is_quoted_escaped():
    message = refused("sim", "--game", "karuta", "--games", "1", "--policy", "gre\x9bedy")
    assert message.startswith(r"error: --policy: unknown policy 'gre\x9bedy'")


def line_of(path, text: str) -> int:
    return next(k for k, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if text in line)


@pytest.mark.parametrize("key, value, what", [("start_town", "sapporo", "town"),
                                              ("start_region", "atlantis", "region")])
def test_a_start_the_board_lacks_is_refused_by_check_build_and_sim(key, value, what, project):
    rules = project / "data" / "shikoku-duo" / "rules.yaml"
    rules.write_text(rules.read_text(encoding="utf-8").replace(f'{key}: ""', f"{key}: {value}"), encoding="utf-8")
    line = line_of(rules, f"{key}: {value}")
    for args in (["check"], ["build", "--out", project / "out"], ["sim", "--games", "2"]):
        message = refused(*args, "--game", "shikoku-duo")
        assert message.startswith(f"data/shikoku-duo/rules.yaml:{line}: rule '{key}' '{value}': "
                                  f"no {what} of board.yaml has this id; {what}s: "), message
    assert not (project / "out").exists()


def test_a_start_town_given_on_the_command_line_is_refused_naming_the_option(project):
    message = refused("sim", "--game", "shikoku-duo", "--games", "2", "--rule", "start_town=sapporo")
    assert message.startswith("error: --rule start_town=sapporo: no town of board.yaml has this id; towns: ")
