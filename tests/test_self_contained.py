"""The project carries everything it reads: a clone with nothing beside it builds every game
and passes these tests. No default path, test or benchmark reaches outside the repository."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import MAP, ROOT
from kit.cli import main
from kit.games import games
from kit.data.project import SHIPPED_MAP, find_map

# What the repository is made of (outputs, builds and caches are not).
FOLDERS = ("kit", "tests", "benchmarks", "data", "layouts", ".ci")
FILES = ("README.md", "pyproject.toml", "setup.py", ".gitignore")
SKIPPED = ("__pycache__", ".hypothesis", ".pytest_cache")
# A path to the folder beside the repository, however it is spelled (written in pieces so
# this file does not name it itself).
OUTSIDE = re.compile(r"\.\./" + "shared" + r"|\bshared/(maps|briefs|seeds)\b|[\"']" + "shared" + r"[\"']\s*/")


def project_files() -> list[Path]:
    found = [(ROOT / f).resolve() for f in FILES if (ROOT / f).is_file()]
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and not any(part in SKIPPED for part in path.parts) \
                    and path.suffix not in (".so", ".pyc", ".c", ".o", ".ttf", ".png", ".pdf"):
                found.append(path.resolve())
    return found


def test_no_file_of_the_project_names_a_folder_outside_it():
    files = project_files()
    assert Path(__file__).resolve() in files and any(p.is_relative_to(ROOT / "kit") for p in files)
    named = [f"{p.relative_to(ROOT)}:{n}: {line.strip()}" for p in files
             for n, line in enumerate(p.read_text(encoding="utf-8", errors="replace").splitlines(), 1)
             if OUTSIDE.search(line)]
    assert named == []


def test_the_pattern_finds_what_it_looks_for():
    for text in ("../" + "shar" + "ed/x.svg", 'root.parent / "' + "shar" + 'ed" / "maps"', "shar" + "ed/briefs/karuta.md"):
        assert OUTSIDE.search(text), text
    for text in ("a shared option", "the shared report (kit/sim/report.py)", "tie_break: shared"):
        assert not OUTSIDE.search(text), text


def test_the_default_map_is_the_one_the_project_ships(monkeypatch):
    monkeypatch.delenv("KIT_MAP", raising=False)
    default = find_map(None, None, ROOT).resolve()
    assert default == (ROOT / SHIPPED_MAP).resolve() == MAP.resolve()
    assert default.is_relative_to(ROOT.resolve()) and default.stat().st_size > 0


def test_shikoku_duos_default_map_is_the_shipped_one_too(monkeypatch):
    from kit.games.shikoku_duo.model import default_map_path

    monkeypatch.delenv("KIT_MAP", raising=False)
    assert default_map_path(ROOT / "data" / "shikoku-duo").resolve() == MAP.resolve()


def test_the_map_ships_with_its_credit_and_licence():
    from kit.games.karuta.cards import CREDIT as KARUTA_CREDIT
    from kit.games.shikoku_duo.board import CREDIT as SHIKOKU_CREDIT

    notes = (MAP.parent / "README.md").read_text(encoding="utf-8")
    assert MAP.name in notes and "Ash_Crow" in notes and "CC BY 2.5" in notes and "Changes from the original" in notes
    assert KARUTA_CREDIT in notes and SHIKOKU_CREDIT in notes      # the line the printed pieces carry
    credits = (ROOT / "README.md").read_text(encoding="utf-8").partition("## Credits")[2]
    assert str(SHIPPED_MAP) in credits and "Ash_Crow" in credits and KARUTA_CREDIT in credits


@pytest.mark.parametrize("game", sorted(n for n, g in games().items()
                                         if any(o.name == "map" for c in g.commands for o in c.opts())))
def test_a_copy_of_the_project_reads_its_own_map(project, game):
    """The `project` fixture is data/ and layouts/ copied to a temporary folder, with KIT_MAP
    unset: each game that reads the map reads the copy's."""
    from kit.games import make_context

    ctx = make_context(game)
    assert ctx.map_path().resolve() == (project / SHIPPED_MAP).resolve()
    result = CliRunner().invoke(main, ["check", "--game", game])
    assert result.exit_code == 0, result.output


def test_every_tests_data_lies_inside_the_repository():
    import conftest

    assert Path(conftest.MAP).resolve().is_relative_to(ROOT.resolve())
    assert Path(conftest.ROOT).resolve() == Path(__file__).resolve().parent.parent
