"""Compiled modules (kit/sim/accel.py): used only while built from the .py as it is, and
playing the same games as the plain Python they are compiled from."""

import importlib.machinery
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import kit
from kit.sim import accel

KIT = Path(kit.__file__).resolve().parent      # the kit being tested, compiled or not


BINARY = importlib.machinery.EXTENSION_SUFFIXES[0]


def module(folder, name, source, mark=None, binary=True):
    """Module `name` in `folder`: its source, a compiled file (empty: never loaded here)
    and, if given, a mark with the digest of `mark` (bytes)."""
    (folder / (name + ".py")).write_text(source)
    if binary:
        (folder / (name + BINARY)).write_bytes(b"")
    if mark is not None:
        (folder / (name + accel.MARK)).write_text(accel.source_digest(mark) + "\n")
    return folder


def test_a_compiled_module_is_used_only_while_its_mark_matches_the_source(tmp_path):
    source = "def f():\n    return 1\n"
    folder = module(tmp_path, "m", source, mark=source.encode())
    assert accel.current(folder, "m")
    (folder / "m.py").write_text(source.replace("1", "2"))     # edited after the build
    assert not accel.current(folder, "m")
    (folder / "m.py").write_text(source)
    (folder / ("m" + accel.MARK)).unlink()                      # built by hand, no mark
    assert not accel.current(folder, "m")


def test_a_pxd_beside_the_module_is_part_of_its_mark(tmp_path):
    """The .pxd's C types are compiled in too: editing, adding or removing it after the build
    leaves the compiled module stale, as editing the .py does."""
    source, types = "def f(n):\n    return n + 1\n", "cpdef long f(long n)\n"
    folder = module(tmp_path, "m", source)
    (folder / "m.pxd").write_text(types)
    (folder / ("m" + accel.MARK)).write_text(accel.module_digest(folder, "m") + "\n")   # as setup.py marks it
    assert accel.current(folder, "m")
    (folder / "m.pxd").write_text(types.replace("long", "int"))
    assert not accel.current(folder, "m")
    (folder / "m.pxd").unlink()
    assert not accel.current(folder, "m")
    (folder / ("m" + accel.MARK)).write_text(accel.source_digest(source.encode()) + "\n")     # built without one
    assert accel.current(folder, "m")
    (folder / "m.pxd").write_text(types)
    assert not accel.current(folder, "m")


@pytest.mark.parametrize("case", ["current", "stale", "no mark", "not built", "pure"])
def test_the_finder_imports_the_source_unless_the_compiled_module_is_current(case, tmp_path, monkeypatch):
    monkeypatch.delenv("KIT_PURE_PYTHON", raising=False)
    if case == "pure":
        monkeypatch.setenv("KIT_PURE_PYTHON", "1")
    source = "x = 1\n"
    mark = {"stale": b"x = 0\n", "no mark": None}.get(case, source.encode())
    module(tmp_path, "rules", source, mark=mark, binary=case != "not built")   # stands for karuta's rules
    spec = accel._Finder().find_spec("kit.games.karuta.rules", [str(tmp_path)])
    assert spec.origin == str(tmp_path / ("rules" + (BINARY if case == "current" else ".py")))
    assert isinstance(spec.loader, importlib.machinery.ExtensionFileLoader) == (case == "current")


def test_the_compiled_modules_are_those_each_game_declares(tmp_path):
    """Read from the declarations' source: a game folder added with `compiled=` is compiled."""
    from kit.games import games
    assert set(accel.COMPILED) == set(accel.SHARED) | {
        f"{g.package}.{name}" for g in games().values() for name in g.compiled}
    assert "kit.games.shikoku_duo.rules" in accel.COMPILED
    (tmp_path / "fourth").mkdir()
    (tmp_path / "fourth" / "__init__.py").write_text(
        'from kit.games import Game\nGAME = Game(name="fourth", title="t", package="kit.games.fourth", '
        'commands=(), compiled=("engine",))\n')
    (tmp_path / "plain").mkdir()
    (tmp_path / "plain" / "__init__.py").write_text('GAME = Game(name="plain", title="t", package="p", commands=())\n')
    assert accel.declared(tmp_path) == ("kit.games.fourth.engine",)


def test_modules_outside_the_list_are_left_to_python(tmp_path):
    assert accel._Finder().find_spec("kit.games.karuta.sim", [str(tmp_path)]) is None


def expected_compiled() -> dict[str, bool]:
    """Module name -> whether it must run compiled here: the build (setup.py) recorded it as
    compiled and its source is unchanged since. No record: no build ran in this tree, and
    every module runs as its .py."""
    record = accel.build_record()
    compiled = set(record["compiled"]) if record else set()
    out = {}
    for name in accel.COMPILED:
        folder = KIT.joinpath(*name.split(".")[1:-1])
        out[name] = name in compiled and accel.current(folder, name.rpartition(".")[2])
    return out


def _bare_env() -> dict:
    env = dict(os.environ)
    env.pop("KIT_PURE_PYTHON", None)
    return env


def test_a_build_that_compiles_any_module_compiles_every_one():
    """A compiler that builds one of the modules builds them all: one left out is a module
    Cython cannot compile, a defect in it. The record names each one not compiled, and why."""
    record = accel.build_record()
    if record is not None:
        assert set(record["compiled"]) | set(record["not_compiled"]) == set(accel.COMPILED)
        assert not record["compiled"] or not record["not_compiled"], record["not_compiled"]


def test_the_modules_the_build_compiled_are_the_ones_running():
    """Each module the build compiled is imported compiled (from its compiled file), and every
    other one (none compiled, no build in this tree, or edited since) as its .py."""
    expected = expected_compiled()
    probe = ("import json, sys, importlib; print(json.dumps({n: importlib.import_module(n).__file__ "
             "for n in sys.argv[1:]}))")
    done = subprocess.run([sys.executable, "-c", probe, *accel.COMPILED], cwd=KIT.parent, env=_bare_env(),
                          capture_output=True, text=True, check=True)
    files = json.loads(done.stdout)
    built = "no build record" if accel.build_record() is None else "the build record"
    for name, compiled in expected.items():
        folder, leaf = KIT.joinpath(*name.split(".")[1:-1]), name.rpartition(".")[2]
        want = accel.compiled_file(folder, leaf) if compiled else folder / (leaf + ".py")
        assert want is not None, f"{built} says {name} compiled, but there is no compiled file"
        assert Path(files[name]) == want, f"{name} runs from {files[name]}; with {built} ({accel.RECORD}) " \
                                          f"it should run from {want} (`pip install -e .` writes the record)"


def test_each_listed_module_is_imported_as_running_compiled_says():
    running = accel.running_compiled()
    assert set(running) == set(accel.COMPILED)
    for name, compiled in running.items():
        module = __import__(name, fromlist=["_"])
        assert module.__file__.endswith(".py") != compiled, name


SIMS = [
    ("karuta", ["--games", "300", "--seed", "5"]),
    ("karuta", ["--games", "200", "--seed", "2", "--preset", "designer-tool", "--policy", "greedy,random,foresight,greedy"]),
    ("shikoku-duo", ["--games", "300", "--seed", "5"]),
    ("shikoku-duo", ["--games", "300", "--seed", "5", "--players", "1"]),
    ("tour-de-dice", ["--games", "300", "--seed", "5", "--policy", "bold,careful,patient,hints"]),
    ("tour-de-dice", ["--games", "300", "--seed", "5", "--rule", "breakaway=on", "--players", "5"]),
]


@pytest.mark.parametrize("game,args", SIMS)
def test_compiled_and_plain_python_play_the_same_games(game, args):
    """Whatever is compiled in this install plays what its .py plays (the same --json)."""
    def run(pure: bool) -> str:
        env = dict(os.environ)
        env.pop("KIT_PURE_PYTHON", None)
        if pure:
            env["KIT_PURE_PYTHON"] = "1"
        probe = ("import kit.sim.accel, sys; from kit.cli import main; "
                 "print(sorted(n for n, c in kit.sim.accel.running_compiled().items() if c), file=sys.stderr); main()")
        done = subprocess.run([sys.executable, "-c", probe, "sim", "--game", game, *args, "--json"],
                              cwd=KIT.parent, env=env, capture_output=True, text=True, check=True)
        return done.stdout, done.stderr.splitlines()[0]

    (plain, none), (compiled, which) = run(True), run(False)
    assert none == "[]"
    assert which == str(sorted(n for n, c in expected_compiled().items() if c))
    assert plain == compiled, f"compiled {which} plays differently"
