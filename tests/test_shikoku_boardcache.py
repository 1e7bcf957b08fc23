"""shikoku-duo's board geometry kept in output/cache/: read back only while every input it
was made from is unchanged, and then equal to the board computed afresh, with the same
warnings and places; never trusted when damaged, never written for refused data."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from kit.rebuild import cache
from kit.data.errors import KitError, Where, display_path
from kit.games.shikoku_duo import boardcache as shikoku
from kit.games.shikoku_duo.model import load

from conftest import MAP, ROOT

DATA = ROOT / "data" / "shikoku-duo"



@pytest.fixture
def folder(tmp_path):
    """A project of the shikoku-duo data and its own copy of the map: (data folder, map)."""
    data = tmp_path / "data" / "shikoku-duo"
    shutil.copytree(DATA, data)
    drawn = tmp_path / "map.svg"
    shutil.copyfile(MAP, drawn)
    return data, drawn


@pytest.fixture
def computed(monkeypatch):
    """The number of times compute_board has run, counted as it runs."""
    calls = []
    compute = shikoku.compute_board

    def counted(*args):
        calls.append(1)
        return compute(*args)
    monkeypatch.setattr(shikoku, "compute_board", counted)
    return calls


def cache_file(data: Path) -> Path:
    return data.parent.parent / "output" / "cache" / shikoku.CACHE_FILE


def same(a, b) -> None:
    assert a == b
    assert list(a.where) == list(b.where)            # places in the same order too
    assert [str(w) for w in a.warnings] == [str(w) for w in b.warnings]


def test_the_cached_board_equals_the_computed_one(folder, computed, monkeypatch):
    data, drawn = folder
    first = load(data, map_path=drawn)
    assert cache_file(data).is_file() and len(computed) == 1
    again = load(data, map_path=drawn)
    assert len(computed) == 1                       # read back, not computed
    same(again, first)
    monkeypatch.setattr(cache, "folder", lambda data_dir: None)
    same(again, load(data, map_path=drawn))          # and equal to a load with no cache at all
    assert len(computed) == 2


def _edit_board(data: Path, drawn: Path, monkeypatch) -> None:
    path = data / "board.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count("[hiwasa, kamiyama]") == 1
    path.write_text(text.replace("[hiwasa, kamiyama]", "[hiwasa, ikeda]"), encoding="utf-8")


def _edit_map(data: Path, drawn: Path, monkeypatch) -> None:
    drawn.write_bytes(drawn.read_bytes() + b"<!-- edited -->\n")


def _edit_code(data: Path, drawn: Path, monkeypatch) -> None:
    monkeypatch.setattr(cache, "code_fingerprint", lambda: "another version of kit")


def _upgrade_shapely(data: Path, drawn: Path, monkeypatch) -> None:
    installed = cache.versions
    monkeypatch.setattr(cache, "versions", lambda names: tuple(
        (name, "99.0" if name == "shapely" else version) for name, version in installed(names)))


def _move_map(data: Path, drawn: Path, monkeypatch) -> None:    # the board names its map
    moved = drawn.with_name("moved.svg")
    shutil.copyfile(drawn, moved)
    return moved


@pytest.mark.parametrize("edit", [_edit_board, _edit_map, _edit_code, _upgrade_shapely, _move_map],
                         ids=["board.yaml", "map", "code", "shapely version", "map path"])
def test_any_changed_input_computes_the_board_again(folder, computed, monkeypatch, edit):
    data, drawn = folder
    load(data, map_path=drawn)
    load(data, map_path=drawn)
    assert len(computed) == 1
    drawn = edit(data, drawn, monkeypatch) or drawn
    changed = load(data, map_path=drawn)
    assert len(computed) == 2
    assert load(data, map_path=drawn) == changed and len(computed) == 2    # the new result is kept
    monkeypatch.setattr(cache, "folder", lambda data_dir: None)
    assert load(data, map_path=drawn) == changed


def test_a_changed_board_gives_the_changed_board(folder):
    data, drawn = folder
    before = load(data, map_path=drawn)
    _edit_board(data, drawn, None)
    after = load(data, map_path=drawn)
    assert ("hiwasa", "ikeda") in after.board.routes and ("hiwasa", "kamiyama") not in after.board.routes
    assert after.board.regions != before.board.regions


def _foreign_pickle(data: Path) -> bytes:
    """A file under the right key whose pickle would run a command when unpickled."""
    import pickle

    class Attack:
        def __reduce__(self):
            return (os.system, ("touch hacked",))
    head = cache_file(data).read_bytes().split(b"\n", 2)
    return head[0] + b"\n" + head[1] + b"\n" + pickle.dumps(Attack())


@pytest.mark.parametrize("damage", [
    lambda data: b"",
    lambda data: cache_file(data).read_bytes()[:-40],                      # cut short
    lambda data: cache_file(data).read_bytes()[:200] + b"\x00" * 500,      # key right, value garbage
    lambda data: b"kit-cache 1\n" + b"0" * 64 + b"\n" + cache_file(data).read_bytes().split(b"\n", 2)[2],
    _foreign_pickle,
], ids=["empty", "truncated", "garbage", "another key", "foreign class"])
def test_a_damaged_cache_file_is_computed_again_and_replaced(folder, computed, damage, monkeypatch):
    data, drawn = folder
    monkeypatch.chdir(data.parent.parent)
    good = load(data, map_path=drawn)
    cache_file(data).write_bytes(damage(data))
    assert load(data, map_path=drawn) == good and len(computed) == 2
    assert not Path("hacked").exists()
    assert load(data, map_path=drawn) == good and len(computed) == 2      # rewritten


def test_a_cache_that_cannot_be_written_changes_nothing(folder, computed):
    data, drawn = folder
    (data.parent.parent / "output").write_text("a file where the output folder would be")
    first = load(data, map_path=drawn)
    assert load(data, map_path=drawn) == first and len(computed) == 2


def test_data_outside_a_project_is_not_cached(tmp_path, computed):
    data = tmp_path / "shikoku-duo"
    shutil.copytree(DATA, data)
    load(data, map_path=MAP)
    load(data, map_path=MAP)
    assert len(computed) == 2 and not (tmp_path.parent / "output" / "cache" / shikoku.CACHE_FILE).exists()


def test_warnings_of_the_geometry_come_back_from_the_cache(folder, monkeypatch):
    data, drawn = folder
    compute = shikoku.compute_board

    def warning(raw, world, errors, where):
        errors.warn("a warning of the geometry", Where(display_path(data / "board.yaml"), 7))
        errors.warn("about the map", Where(display_path(drawn)))
        return compute(raw, world, errors, where)
    monkeypatch.setattr(shikoku, "compute_board", warning)
    first = load(data, map_path=drawn)

    def unused(*args):
        raise AssertionError("computed, not read from the cache")
    monkeypatch.setattr(shikoku, "compute_board", unused)
    assert [str(w) for w in load(data, map_path=drawn).warnings] == [str(w) for w in first.warnings] == [
        f"{display_path(data / 'board.yaml')}:7: warning: a warning of the geometry",
        f"{display_path(drawn)}: warning: about the map"]
    # A place names its file as typed from the working folder, wherever that is now.
    monkeypatch.chdir(data)
    again = load(data, map_path=drawn)
    assert [str(w) for w in again.warnings][0] == "board.yaml:7: warning: a warning of the geometry"
    assert again.where[("space", 0)].file == "board.yaml"


def test_the_neighbours_warning_is_the_same_from_the_cache(folder):
    data, drawn = folder
    path = data / "board.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("painting: temple, at: [132.750, 32.900]",
                                                             "painting: flower, at: [132.750, 32.900]"))
    first = load(data, map_path=drawn)
    assert cache_file(data).exists() and len(first.warnings) == 1
    same(load(data, map_path=drawn), first)


def test_errors_of_the_geometry_are_never_cached(folder, computed):
    data, drawn = folder
    path = data / "board.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("[hiwasa, kamiyama]", "[hiwasa, hiwasa]"), encoding="utf-8")
    line = text[:text.index("[hiwasa, kamiyama]")].count("\n") + 1
    for _ in range(2):
        with pytest.raises(KitError, match=f"board.yaml:{line}: route joins hiwasa to itself"):
            load(data, map_path=drawn)
    assert len(computed) == 2 and not cache_file(data).exists()


def test_errors_before_the_geometry_are_reported_with_a_cache(folder, computed):
    data, drawn = folder
    load(data, map_path=drawn)
    path = data / "components.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count("hold: 5") == 1
    path.write_text(text.replace("hold: 5", "hold: 50"), encoding="utf-8")
    line = text[:text.index("hold: 5")].count("\n") + 1
    with pytest.raises(KitError, match=f"components.yaml:{line}: hold should be 1 to 10, not 50"):
        load(data, map_path=drawn)
    assert len(computed) == 1


def test_the_map_limit_matches_the_maps_own():
    import kit.layout.svgmap

    assert shikoku.MAP_KEY_BYTES == kit.layout.svgmap.MAX_MAP_BYTES


def _imports(project: Path) -> str:
    """What `kit sim --game shikoku-duo` imports, as `python -X importtime` lists it."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "kit", "sim", "--game", "shikoku-duo",
                           "--games", "2", "--workers", "1"], cwd=project, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stderr


def test_a_second_sim_imports_no_geometry_library(project):
    names = lambda err: {line.rsplit("|", 1)[1].strip() for line in err.splitlines() if "|" in line}
    geometry = {"kit.layout.svgmap", "shapely", "numpy", "svgelements"}
    assert geometry <= names(_imports(project))        # the first computes the board
    assert (project / "output" / "cache" / shikoku.CACHE_FILE).is_file()
    assert not geometry & names(_imports(project))


def test_the_library_versions_are_the_installed_ones_without_importing_them():
    from importlib.metadata import version

    probe = ("import sys; from kit.rebuild import cache; from kit.games.shikoku_duo.boardcache import LIBRARIES; "
             "print(repr(cache.versions(LIBRARIES + ('no-such-library',)))); "
             "print(sorted(m for m in ('shapely', 'svgelements', 'numpy') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    found, imported = done.stdout.splitlines()
    assert eval(found) == tuple((n, version(n)) for n in shikoku.LIBRARIES) + (("no-such-library", None),)
    assert imported == "[]"
