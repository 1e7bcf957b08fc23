"""The shipped karuta data passes; every validation rule rejects a broken file at the right line."""

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings

from kit.cli import main
from kit.games.karuta.geo import join
from kit.games.karuta.model import load
from kit.layout.svgmap import load_map
from conftest import MAP, ROOT
from test_bad_input import damage_of, loaded_or_refused_at_a_line

DATA = ROOT / "data" / "karuta"


def run(*args):
    result = CliRunner().invoke(main, list(args))
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception  # a traceback is a failure of its own; show it whole
    return result.exit_code, result.output


def test_shipped_data_passes_check(project):
    code, out = run("check", "--game", "karuta")
    assert code == 0, out
    assert "provinces: 68 in 8 groups" in out
    assert "畿内 5 · 東海道 15 · 東山道 8 · 北陸道 7 · 山陰道 8 · 山陽道 8 · 南海道 6 · 西海道 11" in out
    assert "highways: 21 (main 5, primary 8, secondary 8)" in out
    assert "on highways: 55 · on none: 13" in out
    assert "reachable from 武蔵: all 68 provinces" in out
    assert "Traceback" not in out


def test_shipped_data_facts():
    model = load(DATA)
    assert len(model.provinces) == 68 and len({p.kanji for p in model.provinces}) == 68
    assert sorted(model.islands) == sorted(["佐渡", "隠岐", "淡路", "壱岐", "対馬"])
    for k in ("近江", "武蔵", "下総", "山城", "信濃"):
        assert k in model.crossings
    tokaido = next(h for h in model.highways if h.name == "東海道")
    assert tokaido.provinces[:3] == ("武蔵", "相模", "伊豆")
    assert "近江" in tokaido.provinces and "伊勢" in tokaido.provinces
    assert "近江" in next(h for h in model.highways if h.name == "中山道").provinces
    assert "近江" in model.neighbours["丹波"]
    assert {"加賀", "越前"} <= model.neighbours["飛騨"]
    assert "薩摩" not in model.neighbours["日向"]
    assert ("肥前", "壱岐") in model.sea_routes and ("壱岐", "対馬") in model.sea_routes
    assert model.reachable() == frozenset(p.kanji for p in model.provinces)


def test_map_joins_every_province():
    model = load(DATA)
    board = join(model, load_map(str(MAP)))
    assert set(board.regions) == {p.kanji for p in model.provinces}


def test_export_json(project):
    code, out = run("export", "--game", "karuta")
    assert code == 0, out
    data = json.loads(out)
    assert len(data["provinces"]) == 68
    first = data["provinces"][0]
    assert {"kanji", "kana", "romaji", "region", "on_highway", "anchor"} <= set(first)
    assert sum(p["on_highway"] for p in data["provinces"]) == 55
    assert len(data["regions"]) == 8 and {"name", "color"} <= set(data["regions"][0])
    assert len(data["highways"]) == 21
    assert all(len(pair) == 2 for pair in data["adjacency"] + data["sea_routes"])


# --- malformed files: each case edits one line of a copy of the shipped data ---

def _line_of(path: Path, pattern: str) -> int:
    """The first line whose YAML (not its comment) matches `pattern`."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if re.search(pattern, line.split("#")[0]):
            return number
    raise AssertionError(f"{pattern!r} not in {path}")


def _edit(path: Path, pattern: str, replace) -> int:
    """Apply `replace` (text -> text) to the first line matching `pattern`; return its number."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    number = _line_of(path, pattern)
    lines[number - 1] = replace(lines[number - 1])
    path.write_text("".join(lines), encoding="utf-8")
    return number


def _drop_lines(path: Path, pattern: str) -> None:
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    path.write_text("".join(l for l in lines if not re.search(pattern, l.split("#")[0])), encoding="utf-8")


def _check_fails(file: str, line: int, *fragments):
    code, out = run("check", "--game", "karuta")
    assert code == 2, out
    assert "Traceback" not in out
    assert f"{file}:{line}:" in out, out
    for fragment in fragments:
        assert fragment in out, out


@pytest.mark.parametrize("name", ["provinces", "regions", "adjacency", "highways", "sea_routes"])
@pytest.mark.parametrize("text, message", [("hello\n", "should be a mapping of keys, not str 'hello'"),
                                           ("", "is missing"), ("- 1\n", "should be a mapping of keys, not a list")])
def test_a_data_file_that_is_not_a_mapping_names_itself(project, name, text, message):
    # A data file holding a scalar is named, with its line, in the error.
    (project / "data" / "karuta" / f"{name}.yaml").write_text(text, encoding="utf-8")
    _check_fails(f"{name}.yaml", 1, f"{name}.yaml {message}")


ONE_LINE_EDITS = {
    # case: (file, the line to edit, what in it (a regular expression), replaced by, what check says)
    "misspelt province on a highway": ("highways.yaml", r"\[武蔵, 相模", "相模", "相摸",
                                       ("unknown province '相摸'", "did you mean 相模?")),
    "unknown key": ("provinces.yaml", r"kanji: 相模", "kana:", "kanaa:", ("unknown key 'kanaa'", "did you mean kana?")),
    "wrong type": ("highways.yaml", r"tier: ", r"tier: \w+", "tier: [main]", ("'tier' should be text, not a list",)),
    "unknown tier suggests": ("highways.yaml", r"tier: main", "tier: main", "tier: mian", ("did you mean main?",)),
    "a highway repeats a province": ("highways.yaml", r"\[武蔵, 相模", r"\[武蔵, 相模", "[武蔵, 相模, 武蔵",
                                     ("passes 武蔵 twice",)),
    "map id not in the svg": ("provinces.yaml", r"kanji: 伊豆", r"map_id: *\w+", "map_id: g0000",
                              ("map id 'g0000' of 伊豆 is not in the map",)),
}


@pytest.mark.parametrize("file, at, old, new, fragments", ONE_LINE_EDITS.values(), ids=ONE_LINE_EDITS)
def test_a_bad_line_is_refused_at_its_line(project, file, at, old, new, fragments):
    line = _edit(project / "data/karuta" / file, at, lambda s: re.sub(old, new, s, count=1))
    _check_fails(f"data/karuta/{file}", line, *fragments)


def test_duplicate_province(project):
    f = project / "data/karuta/provinces.yaml"
    first = _line_of(f, r"kanji: 武蔵")
    text = f.read_text(encoding="utf-8")
    entry = text.splitlines()[first - 1]
    f.write_text(text + entry + "\n", encoding="utf-8")
    last = len(f.read_text(encoding="utf-8").splitlines())
    _check_fails("data/karuta/provinces.yaml", last, "listed twice", f"first on line {first}")


def test_off_highway_province_without_neighbour(project):
    model = load(DATA)
    lonely = next(p.kanji for p in model.provinces
                  if p.kanji not in model.on_highway and p.kanji not in model.islands)
    _drop_lines(project / "data/karuta/adjacency.yaml", lonely)
    line = _line_of(project / "data/karuta/provinces.yaml", f"kanji: {lonely}")
    _check_fails("data/karuta/provinces.yaml", line, f"{lonely} is on no highway and has no neighbour")


def test_island_without_sea_route(project):
    f = project / "data/karuta/sea_routes.yaml"
    _drop_lines(f, r"\[\S+, *隠岐\]")
    _check_fails("data/karuta/sea_routes.yaml", _line_of(f, r"隠岐"), "island 隠岐 has no sea route")


def test_duplicate_adjacency_either_order(project):
    f = project / "data/karuta/adjacency.yaml"
    text = f.read_text(encoding="utf-8")
    first = _line_of(f, r"^\s*- \[")
    a, b = re.search(r"\[(\S+), *(\S+)\]", text.splitlines()[first - 1]).groups()
    f.write_text(text + f"  - [{b}, {a}]\n", encoding="utf-8")
    _check_fails("data/karuta/adjacency.yaml", len(f.read_text(encoding="utf-8").splitlines()),
                 "listed twice", f"first on line {first}")


def test_yaml_syntax_error(project):
    f = project / "data/karuta/regions.yaml"
    _edit(f, r"name: ", lambda s: s.replace("name:", "name: [", 1))
    code, out = run("check", "--game", "karuta")
    assert code == 2 and "data/karuta/regions.yaml:" in out and "YAML syntax" in out


def test_missing_map_names_every_place(project, monkeypatch):
    monkeypatch.setenv("KIT_MAP", str(project / "nowhere.svg"))
    code, out = run("check", "--game", "karuta", "--map", str(project / "also-nowhere.svg"))
    assert code == 2
    assert "also-nowhere.svg" in out and "Traceback" not in out
    monkeypatch.delenv("KIT_MAP")
    (project / "data" / "maps" / "provinces-of-japan.svg").unlink()
    code, out = run("check", "--game", "karuta")
    assert code == 2 and "--map: not set" in out and "KIT_MAP: not set" in out
    assert "the project's map: data/maps/provinces-of-japan.svg (no such file)" in out


def test_strict_turns_map_warnings_into_failure(project):
    code, out = run("check", "--game", "karuta", "--strict")
    model = load(DATA)
    from kit.games.karuta.check import map_warnings
    from kit.games.karuta.differences import acknowledged
    expected = map_warnings(model, join(model, load_map(str(MAP))), acknowledged(DATA, model))
    assert (code == 2) == bool(expected)


# --- random damage never produces a traceback ---

FILES = ["provinces.yaml", "highways.yaml", "adjacency.yaml", "sea_routes.yaml", "regions.yaml", "rules.yaml"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(change=damage_of(DATA, FILES))
def test_random_damage_is_an_error_at_a_line_or_valid_never_a_crash(tmp_path_factory, change):
    loaded_or_refused_at_a_line(tmp_path_factory, DATA, change, lambda folder: join(load(folder), load_map(str(MAP))))


def test_small_cards_are_refused_naming_each_card_s_unreadable_furigana_at_its_line(project):
    code, out = run("check", "--game", "karuta", "--card", "22x16")
    assert code == 2
    line = _line_of(project / "data/karuta/provinces.yaml", "kanji: 遠江")
    assert f"data/karuta/provinces.yaml:{line}: 遠江: furigana とおとうみ shrinks" in out
    assert "error: cards.pdf: card: " in out and "text read in play needs at least 6 pt" in out
    code, out = run("check", "--game", "karuta", "--card", "34x46")
    assert "furigana" not in out


def test_highway_of_one_province(project):
    f = project / "data/karuta/highways.yaml"
    line = _edit(f, r"\[武蔵, 相模", lambda s: re.sub(r"\[武蔵, 相模[^\]]*\]", "[武蔵]", s))
    _check_fails("data/karuta/highways.yaml", line, "highway 東海道 needs at least two provinces")


def test_an_empty_list_item_has_its_line(project):
    f = project / "data/karuta/provinces.yaml"
    line = _edit(f, r"kanji: 伊豆", lambda s: "  -\n")
    _check_fails("data/karuta/provinces.yaml", line, "province should be a mapping of keys, not nothing")


def test_a_glue_strip_wider_than_the_paper_is_refused_at_its_line_by_check(project):
    # `overlap: 1000mm`: check refuses it at its file and line, as build does.
    line = _edit(project / "layouts/karuta.yaml", r"overlap: 10mm", lambda l: l.replace("10mm", "1000mm"))
    _check_fails("layouts/karuta.yaml", line, "board overlap 1000 mm leaves no room on A4 paper")
