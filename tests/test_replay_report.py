"""Every game's replay report in English and in Japanese: the table's end screen shows its
reader's, so a table reading only Japanese learns how its game compares; `kit replay` prints
the English."""

from __future__ import annotations

import importlib
import re

import pytest
from click.testing import CliRunner

from kit.cli import main
from kit.games import make_context
from conftest import MAP

GAMES = {"karuta": "karuta", "shikoku-duo": "shikoku_duo", "tour-de-dice": "tour_de_dice"}


def numbers(line: str) -> list[str]:
    return sorted(re.findall(r"\d+(?:\.\d+)?", line))


@pytest.mark.parametrize("game", GAMES)
def test_the_report_gives_the_same_figures_in_both_languages(game):
    ctx = make_context(game, map_option=str(MAP))
    replay = importlib.import_module(f"kit.games.{GAMES[game]}.replay")
    log = ctx.data_dir / "example-log.yaml"
    report = replay.replay_report(ctx, str(log), 20, None, 1)
    printed = CliRunner().invoke(main, ["replay", "--game", game, "--games", "20", "--workers", "1", str(log)])
    assert printed.exit_code == 0 and printed.output == report["en"] + "\n"      # `kit replay` prints the English
    en, ja = report["en"].splitlines(), report["ja"].splitlines()
    assert len(en) == len(ja) > 5
    assert "checked: every one legal" in en[1] and "すべて合法" in ja[1]
    for e, j in zip(en[1:], ja[1:]):        # the head names the log's file in both
        assert numbers(e) == numbers(j), (e, j)
        # no English but the policies' names (written as --policy takes them)
        assert set(re.findall(r"[A-Za-z]{3,}", j)) <= set(re.findall(r"simulated: .* (?:with|policies) (\S+)",
                                                                     report["en"])[0].replace(",", " ").split())
        assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", j), j
