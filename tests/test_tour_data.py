"""tour-de-dice data: loading, the optional rules, and errors that name file and line."""

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from kit.cli import main
from kit.data.errors import KitError
from kit.games.tour_de_dice.model import load

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data" / "tour-de-dice"


def run(*args):
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def line_of(path: Path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if text in line)


def test_default_deck_loads_and_keeps_both_costs():
    tour = load(DATA)
    assert all(c.outer >= 1 and c.inner >= 1 for c in tour.cards)
    assert len(tour.deck()) == sum(c.copies for c in tour.cards)
    assert tour.breakaway.replaces in tour.by_id
    swap = tour.by_id[tour.breakaway.replaces]
    assert (swap.inner, swap.outer) == (1, 2)          # the rules' "1 (inner) / 2 (outer)" card
    assert swap in tour.inverted()


def test_breakaway_swaps_exactly_one_card():
    plain = load(DATA).deck()
    swapped = load(DATA, [("breakaway", "on")]).deck()
    assert len(plain) == len(swapped)
    ids = [c.id for c in swapped]
    replaced = load(DATA).breakaway.replaces
    assert ids.count("BREAK") == 1
    assert ids.count(replaced) == [c.id for c in plain].count(replaced) - 1


def test_check_reports_inverted_cards(project):
    code, out = run("check", "--game", "tour-de-dice")
    assert code == 0
    tour = load(DATA)
    for c in tour.inverted():
        assert f"{c.id} ({c.outer} outer / {c.inner} inner, line {tour.where[c.id].line})" in out


def test_export_is_json_with_the_preview_course(project):
    code, out = run("export", "--game", "tour-de-dice")
    assert code == 0
    data = json.loads(out)
    ring = data["course_seed_1"]["ring"]
    assert ring[0] == data["goal"]["id"]
    assert len(ring) == 1 + sum(c["copies"] for c in data["cards"])
    assert len(data["course_seed_1"]["costs"]) == 2 * len(ring) + 1


def _edit(project, name, old, new):
    path = project / "data" / "tour-de-dice" / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_negative_cost_names_file_and_line(project):
    path = _edit(project, "course.yaml", "{id: B, outer: 1, inner: 4", "{id: B, outer: 1, inner: -4")
    code, out = run("check", "--game", "tour-de-dice")
    assert code == 2
    assert f"data/tour-de-dice/course.yaml:{line_of(path, 'id: B,')}: B inner cost is negative (-4)" in out


def test_zero_cost_course_card_is_refused(project):
    path = _edit(project, "course.yaml", "{id: A, outer: 1", "{id: A, outer: 0")
    code, out = run("check", "--game", "tour-de-dice")
    assert code == 2 and f"course.yaml:{line_of(path, 'id: A,')}: A outer cost is zero" in out


def test_missing_goal_card(project):
    path = project / "data" / "tour-de-dice" / "course.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(r"(?m)^goal:.*\n", "", text), encoding="utf-8")
    code, out = run("sim", "--game", "tour-de-dice", "--games", "5")
    assert code == 2 and "data/tour-de-dice/course.yaml:1: missing the goal card (goal:)" in out


def test_both_optional_rules_are_refused_naming_both(project):
    code, out = run("sim", "--game", "tour-de-dice", "--games", "5", "--rule", "breakaway=on",
                    "--rule", "two_colours=on")
    assert code == 2 and "breakaway" in out and "two_colours" in out
    path = _edit(project, "rules.yaml", "breakaway: off", "breakaway: on")
    path = _edit(project, "rules.yaml", "two_colours: off", "two_colours: on")
    code, out = run("check", "--game", "tour-de-dice")
    assert code == 2
    assert f"data/tour-de-dice/rules.yaml:{line_of(path, 'two_colours:')}: rules breakaway" in out


def test_unknown_replaced_card_suggests(project):
    _edit(project, "course.yaml", "replaces: R", "replaces: RR")
    code, out = run("check", "--game", "tour-de-dice")
    assert code == 2 and "Breakaway replaces 'RR', which is not a course card (did you mean R?)" in out


@pytest.mark.parametrize("rule, players, words", [
    ("breakaway=on", "2", "3 to 6 players"),
    ("two_colours=on", "4", "exactly 3 players"),
    ("breakaway=maybe", "4", "--rule breakaway=maybe: not on or off"),
])
def test_player_counts_and_rule_values(project, rule, players, words):
    code, out = run("sim", "--game", "tour-de-dice", "--games", "5", "-n", players, "--rule", rule)
    assert code == 2 and words in out


def test_rule_values_are_checked():
    with pytest.raises(KitError, match="must be from 2 to 6, not 7"):
        load(DATA, [("players", "7")])


def test_a_misspelt_section_is_named_with_a_suggestion(project):
    _edit(project, "course.yaml", "\ngoal:", "\ngaol:")
    code, out = run("check", "--game", "tour-de-dice")
    assert code == 2 and "unknown key 'gaol' in course.yaml (did you mean goal?)" in out


def test_a_missing_section_is_named_in_words(project):
    path = project / "data" / "tour-de-dice" / "course.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(r"(?m)^start:.*\n", "", text), encoding="utf-8")
    code, out = run("check", "--game", "tour-de-dice")
    assert code == 2 and "data/tour-de-dice/course.yaml:1: missing the start (start:)" in out
