"""`kit build --watch`: a save rebuilds, a broken file is reported and the watch goes on."""

from __future__ import annotations

import os
import queue
from pathlib import Path
import threading
import time

import pytest

from kit.games import command
from kit.games import make_context
from kit.rebuild.watch import watch

TIMEOUT = 120       # seconds: a bound on a slow shared machine, not a guess at how long a build takes


def test_a_save_rebuilds_and_a_broken_file_does_not_stop_the_watch(project):
    events: queue.Queue = queue.Queue()
    stop = threading.Event()
    build_fn = command("tour-de-dice", "build")
    out = project / "out"

    def build():
        build_fn(make_context("tour-de-dice", out=str(out)))
        events.put(("built", (out / "cards.pdf").read_bytes()))

    def report(line):
        if line.startswith("watching"):
            events.put(("watching", line))
        elif ":" in line and not line.startswith(("saved", "still")):
            events.put(("error", line))

    runner = threading.Thread(target=watch, args=([project / "data" / "tour-de-dice", project / "layouts"], build,
                                                  report, stop))
    runner.start()
    try:
        kind, first = events.get(timeout=TIMEOUT)
        assert kind == "built"
        assert events.get(timeout=TIMEOUT)[0] == "watching"      # a save from now on is seen
        course = project / "data" / "tour-de-dice" / "course.yaml"
        good = course.read_text(encoding="utf-8")
        # each save whole, so the watch never sees a file half written (truncated, then filled)
        saved_whole(course, (good + "\n  - {broken: [\n").encode("utf-8"))
        kind, line = events.get(timeout=TIMEOUT)
        assert kind == "error" and "course.yaml:" in line, line
        saved_whole(course, good.encode("utf-8"))
        kind, again = events.get(timeout=TIMEOUT)
        assert kind == "built" and again == first
        layout = project / "layouts" / "tour-de-dice.yaml"
        saved_whole(layout, layout.read_text(encoding="utf-8").replace("63x88", "70x95").encode("utf-8"))
        kind, bigger = events.get(timeout=TIMEOUT)
        assert kind == "built" and bigger != first
    finally:
        stop.set()
        runner.join(TIMEOUT)
    assert not runner.is_alive()


# One save per game and file kind, and the steps it must redo: each product is a kit.rebuild.memo.step
# that records what it read, so a rebuild redoes exactly those whose read values changed.
EDITS = [
    # A province's furigana is printed on its card and, for the sample cards, the sampler;
    # the board, its slot relaxation, the progress sheet and the aid never read it.
    ("karuta", "data/karuta/provinces.yaml", "kana: とおとうみ", "kana: とおとおみ", {"cards.pdf", "card-sizes.pdf"}),
    # The compared card sizes feed only the sampler (layouts/ is watched too).
    ("karuta", "layouts/karuta.yaml", "{size: 26x30}", "{size: 27x30}", {"card-sizes.pdf"}),
    ("tour-de-dice", "data/tour-de-dice/pieces.yaml", '"#2a9d3f"', '"#2a9d40"', {"markers.pdf"}),
    ("tour-de-dice", "layouts/tour-de-dice.yaml", "turns: 104", "turns: 90",
     {*(f"progress-sheet-{n}p.pdf" for n in range(2, 7)), "progress-sheet-rule2.pdf"}),
    # The card and the rulebook print the Automa's rules (per_figures 1 gives the artist ranks
    # by figures; from 3 up, with at most 5 other figures, it is +1 every time); the aid is
    # handed the rulebook, so it is redone too, though its text and bytes stay the same.
    ("shikoku-duo", "data/shikoku-duo/automa.yaml", "per_figures: 3", "per_figures: 1",
     {"automa.pdf", "rules.pdf", "player-aid.pdf"}),
    ("shikoku-duo", "layouts/shikoku-duo.yaml", "turns: 36", "turns: 30",
     {"progress-sheet-duo.pdf", "progress-sheet-solo.pdf"}),
]


@pytest.mark.parametrize("game, file, old, new, redone", EDITS, ids=[f"{e[0]}:{e[1].split('/')[-1]}" for e in EDITS])
def test_a_save_redoes_only_what_it_feeds_and_matches_a_clean_build(project, game, file, old, new, redone):
    from kit.games import load_game
    from kit.rebuild.memo import Memo

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
        while not lines.get(timeout=TIMEOUT).startswith("watching"):    # a save from now on is seen
            pass
        products = load_game(game).products
        assert {p.name for p in memo.changed} == set(products), first     # the first build writes them all
        before = {p: (out / p).stat().st_mtime_ns for p in products}
        path = project / file
        text = path.read_text(encoding="utf-8")
        assert old in text
        saved_whole(path, text.replace(old, new, 1).encode("utf-8"))
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
    from kit.rebuild.watch import saved_names

    kept = tmp_path / "provinces.yaml"
    kept.write_text("x", encoding="utf-8")
    gone = [(1, str(tmp_path / "sedjRFsZK")), (3, str(tmp_path / ".provinces.yaml.swp"))]
    assert saved_names(gone) == []
    assert saved_names(gone + [(2, str(kept))]) == ["provinces.yaml"]
    assert saved_names([(3, str(tmp_path / "rules.yaml"))]) == ["rules.yaml"]   # a deleted data file counts


def _kit_staged_name(folder: Path) -> str:
    """The name kit.run.files gives a file a build stages cards.pdf in."""
    return f".cards.pdf.kit-{os.getpid()}-0123abcd.new"


# One file of each kind kit.rebuild.watch.TEMPORARY names (and kit's own staged output), still there
# when the batch arrives: none of them is a save worth a rebuild.
TEMPORARY_FILES = {
    "emacs lock": lambda folder: ".#provinces.yaml",
    "backup": lambda folder: "provinces.yaml~",
    "vim swap": lambda folder: ".provinces.yaml.swp",
    "vim swap, later": lambda folder: ".provinces.yaml.swx",
    "vim probe": lambda folder: "4913",
    "part": lambda folder: "provinces.yaml.part",
    "tmp": lambda folder: "provinces.yaml.tmp",
    "kit staged output": _kit_staged_name,
}


@pytest.mark.parametrize("kind", TEMPORARY_FILES)
def test_a_temporary_file_still_there_rebuilds_nothing(tmp_path, kind):
    from kit.rebuild.watch import relevant, saved_names

    temp = tmp_path / TEMPORARY_FILES[kind](tmp_path)
    temp.write_text("x", encoding="utf-8")
    kept = tmp_path / "provinces.yaml"
    kept.write_text("x", encoding="utf-8")
    assert saved_names([(1, str(temp))]) == []
    assert saved_names([(1, str(temp)), (2, str(kept))]) == ["provinces.yaml"]
    assert relevant([(1, str(temp))], [tmp_path], {}) == ([], set())
    # named as the map or font the build reads, the same file counts whatever it is called
    assert relevant([(2, str(temp))], [], {temp: "map"}) == ([temp.name], {"map"})


@pytest.mark.parametrize("name", ["provinces.yaml", "4914", "notes.txt", "cards.pdf", ".rules.yaml",
                                  "provinces.yaml.bak", ".cards.pdf.abc"])
def test_a_file_not_named_temporary_is_a_save(tmp_path, name):
    from kit.rebuild.watch import saved_names, temporary

    path = tmp_path / name
    path.write_text("x", encoding="utf-8")
    assert not temporary(name) and saved_names([(2, str(path))]) == [name]


def test_an_editors_files_beside_a_watched_file_start_no_build(tmp_path):
    """A swap file and vim's probe written in a watched folder, then a real save: the first
    rebuild is for the save, and names it alone."""
    folder, source, lines, stop = one_file_project(tmp_path)
    calls = []

    def build():
        calls.append(source.read_text(encoding="utf-8").strip())

    runner = threading.Thread(target=watch, args=([folder], build, lines.put, stop))
    runner.start()
    try:
        until_watching(lines)
        (folder / ".rules.yaml.swp").write_bytes(b"swap")
        (folder / "4913").write_bytes(b"")
        (folder / "rules.yaml~").write_text("players: 4\n", encoding="utf-8")
        time.sleep(0.5)          # well past the debounce: a rebuild for these would come first
        saved_whole(source, b"players: 3\n")
        line = lines_until(lines, lambda l: l.startswith("saved"))[-1]
        assert line == "saved rules.yaml: rebuilding", line
        lines_until(lines, lambda l: l.startswith("rebuilt"))
    finally:
        stop.set()
        runner.join(TIMEOUT)
    assert not runner.is_alive()
    assert calls == ["players: 4", "players: 3"]


def lines_until(lines: queue.Queue, wanted) -> list[str]:
    """The reported lines up to and including the first for which `wanted(line)` holds."""
    seen = []
    while True:
        line = lines.get(timeout=TIMEOUT)
        seen.append(line)
        if wanted(line):
            return seen


def until_watching(lines: queue.Queue) -> None:
    """Wait until the watch says it is watching: a save from then on is seen."""
    lines_until(lines, lambda l: l.startswith("watching"))


def saved_whole(path: Path, data: bytes) -> None:
    """Save by renaming a finished file over the old one: the watch never sees half a font or map
    (a plain write may be seen as two saves, the first of a part). The finished file is written
    in the folder above the file's, which no test here watches, so the only change the watch
    sees is the rename onto `path`."""
    part = path.parent.parent / f"{path.name}.staged"
    part.write_bytes(data)
    os.replace(part, path)


def one_file_project(tmp_path):
    """A watched folder holding rules.yaml ("players: 4"), a queue for the reported lines, a stop."""
    folder = tmp_path / "data"
    folder.mkdir()
    source = folder / "rules.yaml"
    source.write_text("players: 4\n", encoding="utf-8")
    return folder, source, queue.Queue(), threading.Event()


def test_an_unforeseen_exception_is_reported_in_one_line_and_the_watch_goes_on(tmp_path):
    # A bug in a build step (not bad data) is one reported line; the watch goes on.
    folder, source, lines, stop = one_file_project(tmp_path)

    def build():
        text = source.read_text(encoding="utf-8")
        if "boom" in text:
            raise ZeroDivisionError("division by zero")
        lines.put(f"built {text.strip()}")

    runner = threading.Thread(target=watch, args=([folder], build, lines.put, stop))
    runner.start()
    try:
        lines_until(lines, lambda l: l == "built players: 4")
        until_watching(lines)
        saved_whole(source, b"players: boom\n")
        failed = lines_until(lines, lambda l: l.startswith("error:"))[-1]
        assert "ZeroDivisionError: division by zero" in failed and "test_watch.py:" in failed, failed
        assert "\n" not in failed
        saved_whole(source, b"players: 3\n")
        lines_until(lines, lambda l: l == "built players: 3")
        assert runner.is_alive()
    finally:
        stop.set()
        runner.join(TIMEOUT)
    assert not runner.is_alive()


def test_a_saved_map_outside_the_project_is_watched_and_read_again(tmp_path):
    from conftest import MAP
    from kit.layout.svgmap import load_map
    folder = tmp_path / "data"
    folder.mkdir()
    maps = tmp_path / "maps"
    maps.mkdir()
    svg = maps / "provinces.svg"
    text = MAP.read_text(encoding="utf-8")
    svg.write_text(text, encoding="utf-8")
    lines: queue.Queue = queue.Queue()
    stop = threading.Event()

    def build():
        lines.put(f"width {load_map(str(svg)).width:g}")

    runner = threading.Thread(target=watch, args=([folder], build, lines.put, stop),
                              kwargs={"files": lambda: {svg: "map"}})
    runner.start()
    try:
        first = lines_until(lines, lambda l: l.startswith("width"))[-1]
        assert first == "width 760.102"
        until_watching(lines)
        (maps / "notes.txt").write_text("not read by the build", encoding="utf-8")   # a neighbour: no rebuild
        saved_whole(svg, text.replace('width="760.10223"', 'width="700"', 1).encode("utf-8"))
        seen = lines_until(lines, lambda l: l.startswith("width"))
        assert seen[-1] == "width 700", seen          # read again, not the map kept from the first build
        assert not any("notes.txt" in l for l in seen), seen
    finally:
        stop.set()
        runner.join(TIMEOUT)
    assert not runner.is_alive()


def test_a_saved_font_and_an_extra_layout_outside_the_project_rebuild(project, tmp_path):
    """Through the command's own watch: the font and a --layout file live outside the project."""
    import matplotlib

    from kit.draw import fonts
    from kit.cli import watch_build
    from kit.games import load_game

    outside = tmp_path / "elsewhere"
    outside.mkdir()
    font = outside / "font.ttf"
    font.write_bytes(fonts.default_font_path().read_bytes())
    extra = outside / "extra.yaml"
    extra.write_text("progress_sheet:\n  turns: 50\n", encoding="utf-8")
    out = project / "out"
    g = load_game("tour-de-dice")
    ctx_values = {"out": str(out), "font": str(font), "layout_file": str(extra)}
    lines: queue.Queue = queue.Queue()
    stop = threading.Event()
    runner = threading.Thread(target=watch_build, args=(g, g.command("build"), ctx_values, {}, stop, lines.put))
    runner.start()
    try:
        lines_until(lines, lambda l: l.startswith("rebuilt"))
        until_watching(lines)
        sheet = (out / "progress-sheet-4p.pdf").read_bytes()
        saved_whole(extra, b"progress_sheet:\n  turns: 60\n")
        line = lines_until(lines, lambda l: l.startswith("rebuilt"))[-1]
        assert line.endswith("progress-sheet-6p.pdf, progress-sheet-rule2.pdf"), line
        assert (out / "progress-sheet-4p.pdf").read_bytes() != sheet
        # A font without Japanese saved over the chosen one: refused, as a fresh build would be
        # (were the first font kept loaded, the build would go on in it).
        latin = Path(matplotlib.get_data_path()) / "fonts" / "ttf" / "DejaVuSans.ttf"
        saved_whole(font, latin.read_bytes())
        line = lines_until(lines, lambda l: l.startswith(("error", "rebuilt")))[-1]
        assert "has no glyphs" in line and "font.ttf" in line, line
        saved_whole(font, fonts.default_font_path().read_bytes())
        line = lines_until(lines, lambda l: l.startswith(("error", "rebuilt")))[-1]
        assert line.startswith("rebuilt"), line
    finally:
        stop.set()
        runner.join(TIMEOUT)
    assert not runner.is_alive()


def test_a_save_made_during_the_first_build_is_not_lost(tmp_path):
    # The watcher starts after the first build; a karuta build takes seconds, and a save in
    # that time is seen (by the files' stamps) and rebuilt.
    folder, source, lines, stop = one_file_project(tmp_path)
    calls = []

    def build():
        calls.append(source.read_text(encoding="utf-8").strip())
        if len(calls) == 1:     # the user saves while the first build runs
            source.write_text("players: 3\n", encoding="utf-8")
        lines.put(f"built {calls[-1]}")

    runner = threading.Thread(target=watch, args=([folder], build, lines.put, stop))
    runner.start()
    try:
        seen = lines_until(lines, lambda l: l == "built players: 3")
        assert "saved rules.yaml: rebuilding" in seen, seen
    finally:
        stop.set()
        runner.join(TIMEOUT)
    assert not runner.is_alive()
    assert calls == ["players: 4", "players: 3"]


def test_a_watch_started_on_a_broken_file_reports_it_and_builds_once_it_is_fixed(project):
    # A file broken from the start is reported by the watch, which goes on, not by the command.
    from kit.cli import watch_build
    from kit.games import load_game

    layout = project / "layouts" / "tour-de-dice.yaml"
    good = layout.read_text(encoding="utf-8")
    layout.write_text(good.replace("pieces:", "peices:", 1), encoding="utf-8")
    out = project / "out"
    g = load_game("tour-de-dice")
    lines: queue.Queue = queue.Queue()
    stop = threading.Event()
    runner = threading.Thread(target=watch_build, args=(g, g.command("build"), {"out": str(out)}, {}, stop,
                                                        lines.put))
    runner.start()
    try:
        seen = lines_until(lines, lambda l: l.startswith("watching"))
        assert any(l.startswith("layouts/tour-de-dice.yaml:") and "peices" in l for l in seen), seen
        assert not out.exists()
        saved_whole(layout, good.encode("utf-8"))      # no half-written file for the watch to see
        line = lines_until(lines, lambda l: l.startswith(("rebuilt", "layouts/")))[-1]
        assert line.startswith("rebuilt"), line
        assert (out / "cards.pdf").exists()
    finally:
        stop.set()
        runner.join(TIMEOUT)
    assert not runner.is_alive()
