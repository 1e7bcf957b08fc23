"""`kit build --watch`: a save rebuilds, a broken file is reported and the watch goes on."""

from __future__ import annotations

import queue
import threading

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
