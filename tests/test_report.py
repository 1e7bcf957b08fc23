"""The report every game's `kit sim` shares: one schema, one policy grammar, one text shape."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from kit.cli import main
from kit.errors import KitError
from kit.report import KEYS, Outcome, figures, seat_policies

from test_karuta_rules import shipped

KNOWN = ("greedy", "random", "foresight")


def test_policy_grammar():
    assert seat_policies(None, 3, KNOWN, "greedy") == ("greedy",) * 3
    assert seat_policies("random", 2, KNOWN, "greedy") == ("random", "random")
    assert seat_policies("greedy, random ,foresight,greedy", 4, KNOWN, "greedy") == (
        "greedy", "random", "foresight", "greedy")
    assert seat_policies("greedy*2,random*2", 4, KNOWN, "greedy") == ("greedy", "greedy", "random", "random")
    assert seat_policies("random*3", 3, KNOWN, "greedy") == ("random",) * 3
    for bad, why in (("greedy,random", "names 2 seats for 4 players.*policies: greedy, random, foresight"),
                     ("random*3", "names 3 seats for 4 players"), ("gredy", "did you mean greedy"),
                     ("greedy*x", "NAME\\*K"), ("greedy*0", "NAME\\*K"), ("greedy,,random,random", "empty name")):
        with pytest.raises(KitError, match=why):
            seat_policies(bad, 4, KNOWN, "greedy")


def test_figures_count_shared_and_missing_wins():
    outcomes = [Outcome((1.0, 0.0), 10), Outcome((0.5, 0.5), 12), Outcome((0.0, 0.0), 14), Outcome((0.0, 1.0), 20)]
    fig = figures(outcomes, seed=5, policies=("a", "b"), options={"x": 1}, game={"own": True})
    assert tuple(fig) == KEYS
    assert fig["seat_win_rate"] == [1.5 / 4, 1.5 / 4] and fig["no_winner_rate"] == 0.25
    assert fig["policy_win_rate"] == {"a": 1.5 / 4, "b": 1.5 / 4}
    assert fig["turns"]["median"] == 13 and fig["turns"]["min"] == 10 and fig["turns"]["max"] == 20
    assert fig["rules"] == {"preset": None, "overrides": {}, "options": {"x": 1}}
    for rate, (lo, hi) in zip(fig["seat_win_rate"], fig["seat_win_interval"]):
        assert lo < rate < hi


@shipped
@pytest.mark.parametrize("game, policy", [("karuta", "greedy*2,random,foresight"), ("tour-de-dice", "bold*2,careful*2")])
def test_every_game_answers_the_same_keys(project, game, policy):
    res = CliRunner().invoke(main, ["sim", "-g", game, "--games", "60", "--json", "--workers", "1",
                                    "--policy", policy])
    assert res.exit_code == 0, res.output
    fig = json.loads(res.output)
    assert tuple(fig) == KEYS
    assert set(fig["turns"]) == {"median", "min", "max", "p5", "p95"}
    assert len(fig["seat_win_rate"]) == len(fig["seat_win_interval"]) == fig["players"] == 4
    assert sum(fig["seat_win_rate"]) + fig["no_winner_rate"] == pytest.approx(1.0, abs=0.5)
    assert set(fig["policy_win_rate"]) == set(fig["policy_win_interval"]) == set(policy.replace("*2", "").split(","))
    assert fig["rules"]["preset"] == "written" and fig["rules"]["overrides"] == {}
    text = CliRunner().invoke(main, ["sim", "-g", game, "--games", "60", "--workers", "1", "--policy", policy])
    lines = text.output.splitlines()
    assert lines[1] == "rules: preset written; overrides none"
    assert lines[3].startswith("turns per game: median") and lines[4].startswith("winner share by seat")


@shipped
def test_policy_errors_are_the_same_in_every_game(project):
    for game, policy in (("karuta", "greedy,random"), ("tour-de-dice", "bold,careful")):
        res = CliRunner().invoke(main, ["sim", "-g", game, "--games", "5", "-n", "4", "--policy", policy])
        assert res.exit_code == 2 and "names 2 seats for 4 players" in res.output


@shipped
def test_karuta_presets_by_name(project):
    res = CliRunner().invoke(main, ["sim", "-g", "karuta", "--games", "200", "--json", "--workers", "1",
                                    "--preset", "designer-tool", "--rule", "tie_break=last_played"])
    assert res.exit_code == 0, res.output
    fig = json.loads(res.output)
    assert fig["rules"]["preset"] == "designer-tool"
    assert fig["rules"]["overrides"] == {"tie_break": "last_played"}
    assert {k: fig["rules"]["options"][k] for k in ("chain_limit", "behind_start", "crossing")} == {
        "chain_limit": 1, "behind_start": "adjacency", "crossing": "pass_through"}
    assert fig["game"]["stall_rate"] < 0.01 and 65 <= fig["turns"]["median"] <= 75
    bad = CliRunner().invoke(main, ["sim", "-g", "karuta", "--games", "5", "--preset", "designer"])
    assert bad.exit_code == 2 and "did you mean designer-tool" in bad.output


@shipped
@pytest.mark.parametrize("paper, size", [("A4", (297, 210)), ("A3", (420, 297)), ("Letter", (279.4, 215.9))])
def test_reports_follow_the_paper(project, tmp_path, paper, size):
    from pypdf import PdfReader
    out = tmp_path / "r.pdf"
    res = CliRunner().invoke(main, ["sim", "-g", "tour-de-dice", "--games", "40", "--workers", "1",
                                    "--report", str(out), "--paper", paper])
    assert res.exit_code == 0, res.output
    for page in PdfReader(out).pages:
        w, h = (float(v) / 72 * 25.4 for v in page.mediabox[2:])
        assert (w, h) == pytest.approx(size, abs=0.2)
