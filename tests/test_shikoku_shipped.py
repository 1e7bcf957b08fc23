"""shikoku-duo on the shipped data: simulated games obey the referee, `kit sim` and
`kit replay` work from the command line, and the shipped example log replays."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from kit.cli import main
from kit.games.shikoku_duo import rules as R
from kit.games.shikoku_duo.automa import card_lines, load_automa
from kit.games import make_context
from test_shikoku_rules import DATA, play_refereed



@pytest.fixture(scope="module")
def model():
    from kit.games.shikoku_duo.sim import load_model
    return load_model(make_context("shikoku-duo"))


@pytest.mark.parametrize("names", [("greedy", "random"), ("planner", "greedy")])
def test_games_on_the_shipped_board_obey_the_referee(model, names):
    play_refereed(model, R.tables(model), R.Rules.from_options(model.rules), names, range(6))


def test_kit_sim_prints_the_shared_report_and_is_the_same_whatever_the_workers():
    runner = CliRunner()
    one = runner.invoke(main, ["sim", "--game", "shikoku-duo", "--games", "300", "--workers", "1", "--json"])
    assert one.exit_code == 0, one.output
    two = runner.invoke(main, ["sim", "--game", "shikoku-duo", "--games", "300", "--workers", "2", "--json"])
    assert json.loads(one.output) == json.loads(two.output)
    fig = json.loads(one.output)
    assert fig["games"] == 300 and fig["players"] == 2 and set(fig["game"]["ended"]) >= {"shrine", "gifts"}


def test_kit_sim_players_1_plays_the_automa():
    res = CliRunner().invoke(main, ["sim", "--game", "shikoku-duo", "--games", "40", "--players", "1",
                                    "--workers", "1"])
    assert res.exit_code == 0, res.output
    assert "the Automa wins against greedy" in res.output


def test_the_example_log_replays_and_a_broken_turn_stops_at_its_line(tmp_path):
    log = DATA / "example-log.yaml"
    runner = CliRunner()
    res = runner.invoke(main, ["replay", "--game", "shikoku-duo", str(log), "--games", "50", "--workers", "1"])
    assert res.exit_code == 0, res.output
    assert "every one legal" in res.output and "percentile" in res.output
    lines = log.read_text(encoding="utf-8").splitlines()
    k = next(i for i, s in enumerate(lines) if ": merchant " in s and " stay" not in s)
    lines[k] = lines[k].replace(": merchant ", ": artist ", 1)
    bad = tmp_path / "bad.yaml"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    res = runner.invoke(main, ["replay", "--game", "shikoku-duo", str(bad), "--games", "5", "--workers", "1"])
    assert res.exit_code == 2
    assert f"bad.yaml:{k + 1}: round " in res.output


def test_the_automa_card_speaks_both_languages():
    lines = card_lines(load_automa(DATA / "automa.yaml"))
    assert len(lines) >= 6 and all(ja and en and ja != en for ja, en in lines)
