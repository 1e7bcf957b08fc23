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
