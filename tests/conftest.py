import os
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# CI explores the same examples on every run (a red build is then reproducible);
# locally hypothesis keeps exploring new ones. No deadlines and no "too slow" health
# check: CI machines are shared, and no test may depend on how fast this one is.
SLOW_OK = [HealthCheck.too_slow]
settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True, suppress_health_check=SLOW_OK)
settings.register_profile("dev", deadline=None, print_blob=True, suppress_health_check=SLOW_OK)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

# Property-based tests (hypothesis) are marked `fuzz`. A plain `python -m pytest -q` runs
# every one of them, each with at most FUZZ_EXAMPLES examples, so the suite stays quick;
# `--fuzz` (or KIT_FUZZ=full) gives each the example count written on it.
FUZZ_EXAMPLES = 20


def pytest_addoption(parser):
    parser.addoption("--fuzz", action="store_true",
                     help="run property-based tests with their full example counts (slow)")


def pytest_configure(config):
    config.addinivalue_line("markers", "fuzz: a property-based (hypothesis) test; --fuzz runs it in full")


def pytest_collection_modifyitems(config, items):
    full = config.getoption("--fuzz") or os.environ.get("KIT_FUZZ") == "full"
    for item in items:
        test = getattr(item, "obj", None)
        if not getattr(test, "is_hypothesis_test", False):
            continue
        item.add_marker(pytest.mark.fuzz)
        current = test._hypothesis_internal_use_settings
        if not full and current.max_examples > FUZZ_EXAMPLES:
            # hypothesis reads these settings when the test runs, so this caps it
            test._hypothesis_internal_use_settings = settings(current, max_examples=FUZZ_EXAMPLES)

ROOT = Path(__file__).resolve().parent.parent
# The map the project ships: every test that reads a map reads this one (or a copy).
MAP = ROOT / "data" / "maps" / "provinces-of-japan.svg"


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A copy of data/ and layouts/ (the shipped map included) in a temporary working folder;
    KIT_MAP is unset, so commands read the copy's own map as a user's would."""
    shutil.copytree(ROOT / "data", tmp_path / "data")
    shutil.copytree(ROOT / "layouts", tmp_path / "layouts")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("KIT_MAP", raising=False)
    return tmp_path


def kit_measured(*args, cwd) -> tuple[int, int, str]:
    """`python -m kit ARGS` run in `cwd` from this tree: its exit status, its peak memory (kB)
    and what it wrote on stderr."""
    import subprocess
    import sys

    peak = ("import resource, subprocess, sys\n"
            "out = subprocess.run(sys.argv[1:], capture_output=True, text=True)\n"
            "print(out.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
            "print(out.stderr, end='')")
    out = subprocess.run([sys.executable, "-c", peak, sys.executable, "-m", "kit", *map(str, args)],
                         capture_output=True, text=True, timeout=120, cwd=cwd,
                         env=os.environ | {"PYTHONPATH": str(ROOT)})
    first, _, stderr = out.stdout.partition("\n")
    status, kb = map(int, first.split())
    return status, kb, stderr


def damaged_map(folder: Path, old: str, new: str) -> Path:
    """The shipped map with its first `old` replaced by `new`, written as FOLDER/map.svg."""
    text = MAP.read_text(encoding="utf-8")
    assert old in text
    path = folder / "map.svg"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def huge_log(source: Path, key: str, path: Path, size: int = 9_000_000) -> tuple[int, int]:
    """The log `source` with the items of its list `key` written over and over to `path`: the
    game, then an item after it was over, then thousands more (about `size` bytes). Returns
    the line of that first item too many and the number of items in the game."""
    text = source.read_text(encoding="utf-8")
    head, _, body = text.partition(f"\n{key}:\n")
    first = body.index("  - ")
    played = body[first:]
    copies = size // len(played.encode("utf-8"))
    path.write_text(head + f"\n{key}:\n" + body[:first] + played * copies, encoding="utf-8")
    over = (head + f"\n{key}:\n" + body[:first] + played).count("\n") + 1
    return over, played.count("\n  - ") + played.startswith("  - ")


def shipped_layout(game: str):
    """The layout a game gets from the shipped layouts/ files, with no command-line changes."""
    from kit.games import game_layout
    return game_layout(game, ROOT)


def text_sizes(data: bytes) -> list[tuple[float, str]]:
    """(size in pt as printed, text) of every piece of text in a PDF: the font size scaled by the
    text and drawing matrices in force, so text shrunk by either counts at its printed size."""
    import io
    import math

    from pypdf import PdfReader

    found = []
    for page in PdfReader(io.BytesIO(data)).pages:
        def visit(s, cm, tm, font, size):
            if s.strip():
                a, b = tm[0] * cm[0] + tm[1] * cm[2], tm[0] * cm[1] + tm[1] * cm[3]
                c, d = tm[2] * cm[0] + tm[3] * cm[2], tm[2] * cm[1] + tm[3] * cm[3]
                found.append((size * math.sqrt(abs(a * d - b * c)), s.strip()))
        page.extract_text(visitor_text=visit)
    return found


@pytest.fixture(scope="session")
def chromium():
    """The system's Chromium under Playwright, launched once for every web table test."""
    from playwright.sync_api import sync_playwright

    from browser import launch
    with sync_playwright() as p:
        browser = launch(p)
        yield browser
        browser.close()
