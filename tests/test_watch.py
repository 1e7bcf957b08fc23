"""`kit build --watch`: a save rebuilds, a broken file is reported and the watch goes on."""

from __future__ import annotations

import queue
import threading

import pytest

from kit.games import command
from kit.project import make_context
from kit.watch import watch

TIMEOUT = 60        # seconds: a bound on a slow shared machine, not a guess at how long a build takes


def test_a_save_rebuilds_and_a_broken_file_does_not_stop_the_watch(project):
    events: queue.Queue = queue.Queue()
    stop = threading.Event()
    build_fn = command("tour-de-dice", "build")
    out = project / "out"

    def build():
        build_fn(make_context("tour-de-dice", out=str(out)))
        events.put(("built", (out / "cards.pdf").read_bytes()))

    def report(line):
        if ":" in line and not line.startswith(("watching", "saved", "still")):
            events.put(("error", line))

    runner = threading.Thread(target=watch, args=([project / "data" / "tour-de-dice", project / "layouts"], build,
                                                  report, stop))
    runner.start()
    try:
        kind, first = events.get(timeout=TIMEOUT)
        assert kind == "built"
        course = project / "data" / "tour-de-dice" / "course.yaml"
        good = course.read_text(encoding="utf-8")
        course.write_text(good + "\n  - {broken: [\n", encoding="utf-8")
        kind, line = events.get(timeout=TIMEOUT)
        assert kind == "error" and "course.yaml:" in line, line
        course.write_text(good, encoding="utf-8")
        kind, again = events.get(timeout=TIMEOUT)
        assert kind == "built" and again == first
        layout = project / "layouts" / "tour-de-dice.yaml"
        layout.write_text(layout.read_text(encoding="utf-8").replace("63x88", "70x95"), encoding="utf-8")
        kind, bigger = events.get(timeout=TIMEOUT)
        assert kind == "built" and bigger != first
    finally:
        stop.set()
        runner.join(TIMEOUT)
    assert not runner.is_alive()


# One save per game and file kind, and the steps it must redo: each product is a kit.memo.step
# that records what it read, so a rebuild redoes exactly those whose read values changed.
EDITS = [
    # A province's furigana is printed on its card and, for the sample cards, the sampler;
    # the board, its slot relaxation, the progress sheet and the aid never read it.
    ("karuta", "data/karuta/provinces.yaml", "kana: とおとうみ", "kana: とおとおみ", {"cards.pdf", "card-sizes.pdf"}),
    # The compared card sizes feed only the sampler (layouts/ is watched too).
    ("karuta", "layouts/karuta.yaml", "{size: 26x30}", "{size: 27x30}", {"card-sizes.pdf"}),
    ("tour-de-dice", "data/tour-de-dice/pieces.yaml", '"#2a9d3f"', '"#2a9d40"', {"markers.pdf"}),
    ("tour-de-dice", "layouts/tour-de-dice.yaml", "turns: 104", "turns: 90", {"progress-sheet.pdf"}),
    ("shikoku-duo", "data/shikoku-duo/automa.yaml", "per_figures: 3", "per_figures: 4", {"automa.pdf"}),
    ("shikoku-duo", "layouts/shikoku-duo.yaml", "turns: 36", "turns: 30", {"progress-sheet.pdf"}),
]


@pytest.mark.parametrize("game, file, old, new, redone", EDITS, ids=[f"{e[0]}:{e[1].split('/')[-1]}" for e in EDITS])
def test_a_save_redoes_only_what_it_feeds_and_matches_a_clean_build(project, game, file, old, new, redone):
    from kit.games import load_game
    from kit.memo import Memo

    lines: queue.Queue = queue.Queue()
    stop = threading.Event()
    memo = Memo()
    build_fn = command(game, "build")
    out = project / "out"
    runner = threading.Thread(target=watch, args=([project / "data" / game, project / "layouts"],
                                                  lambda: build_fn(make_context(game, out=str(out))),
                                                  lines.put, stop), kwargs={"memo": memo})

    def rebuilt() -> str:
        while True:
            line = lines.get(timeout=TIMEOUT)
            assert "error" not in line, line
            if line.startswith("rebuilt"):
                return line

    runner.start()
    try:
        first = rebuilt()
        products = load_game(game).products
        assert {p.name for p in memo.changed} == set(products), first     # the first build writes them all
        before = {p: (out / p).stat().st_mtime_ns for p in products}
        path = project / file
        text = path.read_text(encoding="utf-8")
        assert old in text
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
        line = rebuilt()
        assert set(memo.ran) == redone, line
        written = {p.name for p in memo.changed}
        assert written <= redone and written, line      # a kept product's file is not rewritten
        for p in set(products) - written:
            assert (out / p).stat().st_mtime_ns == before[p], p
    finally:
        stop.set()
        runner.join(TIMEOUT)
    assert not runner.is_alive()
    clean = project / "clean"
    build_fn(make_context(game, out=str(clean)))
    for p in products:
        assert (out / p).read_bytes() == (clean / p).read_bytes(), f"{p} differs from a clean build"


def test_a_batch_of_vanished_temporary_files_rebuilds_nothing(tmp_path):
    from kit.watch import saved_names

    kept = tmp_path / "provinces.yaml"
    kept.write_text("x", encoding="utf-8")
    gone = [(1, str(tmp_path / "sedjRFsZK")), (3, str(tmp_path / ".provinces.yaml.swp"))]
    assert saved_names(gone) == []
    assert saved_names(gone + [(2, str(kept))]) == ["provinces.yaml"]
    assert saved_names([(3, str(tmp_path / "rules.yaml"))]) == ["rules.yaml"]   # a deleted data file counts
