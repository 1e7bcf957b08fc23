"""The report every game's `kit sim` shares: one schema, one policy grammar, one text shape."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from conftest import ROOT
from kit.cli import main
from kit.data.errors import KitError
from kit.games import games
from kit.sim.report import KEYS, Outcome, figures
from kit.sim.seating import seat_policies


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


# Every declared game that simulates; each seats two players (a table every one of them has).
SIM_GAMES = sorted(name for name, g in games().items() if g.command("sim"))


def first_preset(game: str) -> str:
    """The preset a run with no --preset plays: the first listed in data/GAME/rules.yaml."""
    import yaml
    return next(iter(yaml.safe_load((ROOT / "data" / game / "rules.yaml").read_text(encoding="utf-8"))["presets"]))


def test_every_game_that_simulates_is_tested_here():
    assert SIM_GAMES and set(SIM_GAMES) == set(games())


@pytest.mark.parametrize("game", SIM_GAMES)
def test_every_game_answers_the_same_keys(project, game):
    first, second = games()[game].policies[:2]
    policy = f"{first}*1,{second}"
    res = CliRunner().invoke(main, ["sim", "-g", game, "--games", "60", "--json", "--workers", "1",
                                    "-n", "2", "--policy", policy])
    assert res.exit_code == 0, res.output
    fig = json.loads(res.output)
    assert tuple(fig) == KEYS
    assert set(fig["turns"]) == {"median", "min", "max", "p5", "p95"}
    assert len(fig["seat_win_rate"]) == len(fig["seat_win_interval"]) == fig["players"] == 2
    assert fig["policies"] == [first, second]
    assert sum(fig["seat_win_rate"]) + fig["no_winner_rate"] == pytest.approx(1.0, abs=0.5)
    assert set(fig["policy_win_rate"]) == set(fig["policy_win_interval"]) == {first, second}
    preset = first_preset(game)
    assert fig["rules"]["preset"] == preset and fig["rules"]["overrides"] == {}
    text = CliRunner().invoke(main, ["sim", "-g", game, "--games", "60", "--workers", "1", "-n", "2",
                                     "--policy", policy])
    lines = text.output.splitlines()
    assert lines[1] == f"rules: preset {preset}; overrides none"
    assert lines[3].startswith("turns per game: median") and lines[4].startswith("winner share by seat")


@pytest.mark.parametrize("game", SIM_GAMES)
def test_policy_errors_are_the_same_in_every_game(project, game):
    first, second = games()[game].policies[:2]
    res = CliRunner().invoke(main, ["sim", "-g", game, "--games", "5", "-n", "2", "--policy",
                                    f"{first},{second},{first}"])
    assert res.exit_code == 2 and "names 3 seats for 2 players" in res.output


@pytest.mark.parametrize("game, refused", [("karuta", "2 to 4"), ("tour-de-dice", "2 to 6"),
                                           ("shikoku-duo", "1 (against the Automa) or 2")])
def test_a_table_size_the_game_is_not_for_is_refused_alike_in_every_game(project, game, refused):
    # Every game names the option (--players) and the table sizes it is for.
    res = CliRunner().invoke(main, ["sim", "-g", game, "--games", "5", "--players", "9"])
    assert res.exit_code == 2
    assert res.output.strip() == f"error: --players: {game} is for {refused} players, not 9", res.output


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


# --- sweeps ----------------------------------------------------------------------------------

from kit.sim.sweep import Vary, paired, parse_vary, variants  # noqa: E402


def test_vary_grammar_and_combinations():
    assert parse_vary("chain_limit=0,1") == Vary("chain_limit", ("0", "1"))
    assert parse_vary("policy=greedy;greedy,random") == Vary("policy", ("greedy", "greedy,random"))
    rows = variants([parse_vary("preset=a,b"), parse_vary("rule=-;x=1+y=2"), parse_vary("policy=p,q")], "base")
    assert [r.label for r in rows][:3] == ["preset=a rule=- policy=p", "preset=a rule=- policy=q",
                                          "preset=a rule=x=1+y=2 policy=p"]
    assert len(rows) == 8
    assert rows[2].rules == (("preset", "a"), ("x", "1"), ("y", "2")) and rows[2].policy == "p"
    assert variants([parse_vary("k=1,2")], "base")[1].policy == "base"
    for bad, why in (("chain_limit", "KEY=A,B"), ("k=1,,2", "empty value"), ("k=1,1", "twice")):
        with pytest.raises(KitError, match=why):
            parse_vary(bad)
    with pytest.raises(KitError, match="varied twice"):
        variants([parse_vary("k=1,2"), parse_vary("k=3")], None)
    with pytest.raises(KitError, match="OPTION=VALUE"):
        variants([parse_vary("rule=x")], None)


def test_a_figure_summed_as_it_comes_has_the_standard_deviation_of_its_list():
    import random
    import statistics

    from kit.sim.simulate import Values

    draw = random.Random(5)
    for n in (2, 3, 50, 999):
        xs = [draw.choice([0, 1, 0.5, 1 / 3, -2, 7, 1e-3, 40]) for _ in range(n)]
        assert Values(xs).stdev() == statistics.stdev(xs)
        assert Values(xs).fmean() == statistics.fmean(xs)


def test_paired_difference_is_beyond_noise_only_when_its_interval_excludes_zero():
    base = [0, 1] * 50
    assert not paired(base, base)["beyond_noise"] and paired(base, base)["diff"] == 0
    assert paired([x + 1 for x in base], base)["beyond_noise"]  # every game one more: no noise at all
    shifted = [x + (1 if k % 3 else 0) for k, x in enumerate(base)]
    d = paired(shifted, base)
    assert d["beyond_noise"] and d["diff_interval"][0] > 0
    noisy = [1 - x for x in base]
    assert not paired(noisy, base)["beyond_noise"]


def _json(args):
    res = CliRunner().invoke(main, args)
    assert res.exit_code == 0, res.output
    return json.loads(res.output)


@pytest.mark.parametrize("game, vary, separate", [
    ("karuta", ["--vary", "preset=written,designer-tool", "--vary", "policy=greedy;random,greedy,foresight,greedy"],
     [["--preset", "written", "--policy", "greedy"],
      ["--preset", "written", "--policy", "random,greedy,foresight,greedy"],
      ["--preset", "designer-tool", "--policy", "greedy"],
      ["--preset", "designer-tool", "--policy", "random,greedy,foresight,greedy"]]),
    ("tour-de-dice", ["--vary", "breakaway=off,on", "--vary", "rule=-;dice=2"],
     [["--rule", "breakaway=off"], ["--rule", "breakaway=off", "--rule", "dice=2"],
      ["--rule", "breakaway=on"], ["--rule", "breakaway=on", "--rule", "dice=2"]]),
])
def test_a_sweeps_rows_equal_separate_runs_on_the_same_seeds(project, game, vary, separate):
    common = ["sim", "-g", game, "--games", "60", "--seed", "9", "--workers", "1", "--json"]
    sweep = _json(common + vary)
    assert [r["report"] for r in sweep["rows"]] == [_json(common + args) for args in separate]
    first = sweep["rows"][0]["compare"]
    assert "diff" not in first["turns"] and "diff" in sweep["rows"][1]["compare"]["turns"]
    text = CliRunner().invoke(main, common[:-1] + vary)
    assert text.exit_code == 0 and "beyond noise" in text.output and len(text.output.splitlines()) == 4 + 4 + 1


def test_sweep_marks_what_the_designer_tool_changes_and_draws_a_page(project, tmp_path):
    out = tmp_path / "sweep.pdf"
    sweep = _json(["sim", "-g", "karuta", "--games", "150", "--workers", "1", "--json",
                   "--vary", "preset=written,designer-tool", "--report", str(out), "--paper", "A3"])
    tool = sweep["rows"][1]["compare"]
    assert tool["turns"]["beyond_noise"] and tool["turns"]["diff"] > 10
    # the written rules stall (an off-highway first card starts no highway); designer-tool never does
    assert tool["stalls"]["beyond_noise"] and tool["stalls"]["diff"] < 0
    assert sweep["rows"][1]["report"]["rules"]["preset"] == "designer-tool"
    from pypdf import PdfReader
    pages = PdfReader(out).pages
    assert len(pages) == 1 and "designer-tool" in pages[0].extract_text()
    bad = CliRunner().invoke(main, ["sim", "-g", "karuta", "--games", "5", "--vary", "chian_limit=0,1"])
    assert bad.exit_code == 2 and "--vary chian_limit=0" in bad.output and "did you mean chain_limit" in bad.output


def test_the_karuta_rules_table_names_its_command_and_has_a_row_per_variant():
    """The comparison table in data/karuta/rules.yaml is the output of the command written
    above it: the command parses, and the table has one row per variant it runs."""
    import shlex
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "data" / "karuta" / "rules.yaml").read_text()
    lines = [s[2:] for s in text.splitlines() if s.startswith("# ")]
    start = next(k for k, s in enumerate(lines) if s.strip().startswith("kit sim --game karuta"))
    command = []
    for s in lines[start:]:
        command.append(s.strip().rstrip("\\"))
        if not s.rstrip().endswith("\\"):
            break
    args = shlex.split(" ".join(command))
    varies = [parse_vary(args[k + 1]) for k, a in enumerate(args) if a == "--vary"]
    rows = variants(varies, None)
    header = next(k for k, s in enumerate(lines) if s.startswith("policy ") and "stalls" in s)
    table = lines[header + 1:header + 1 + len(rows)]
    assert [s.split()[:2] for s in table] == [[r.policy, dict(r.values)["rule"]] for r in rows]
    assert lines[header + 1 + len(rows)].startswith("* beyond noise")


def test_text_pages_set_every_line_once_in_order_continuing_on_new_pages():
    import io
    from pypdf import PdfReader
    from kit.draw import fonts
    from kit.draw.imposition import Paper
    from kit.draw.output import Pdf
    from kit.sim.reportpdf import text_pages
    page = Paper(297, 210, 12)
    pdf = Pdf(page.width, page.height, "figures", font=fonts.register())
    lines = [f"figure {k:03d}" for k in range(90)]
    text_pages(pdf, page, lines, page.height - page.margin, "every figure", 8, 4.6)
    pages = [p.extract_text() for p in PdfReader(io.BytesIO(pdf.finish())).pages]
    found = [[w for w in text.split("\n") if w.startswith("figure ")] for text in pages]
    assert [w for words in found for w in words] == lines
    assert len(found[0]) == int((page.height - 2 * page.margin) / 4.6) + 1   # from the top margin down to the bottom one
    assert len(pages) == 3 and all(found)
    assert all("every figure (continued)" in text for text in pages[1:]) and "continued" not in pages[0]


@pytest.mark.parametrize("value, shown", [
    (72, "72"), (72.0, "72"), (75.96, "76"), (76.04, "76"), (22.14, "22.1"),
    (1_000_000, "1000000"), (2_500_000.0, "2500000"), (None, "-"),
])
def test_figures_print_whole_or_to_one_decimal_never_as_a_rounded_zero(value, shown):
    # A p95 of 75.96 prints "76" beside "p5 12", and a million "1000000", never "1e+06".
    from kit.sim.text import num
    assert num(value) == shown
