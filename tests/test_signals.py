"""Ctrl-C and SIGTERM stop every command that runs worker processes, as real processes: within
2 s, one line on stderr and no traceback from any process, no process left, reports intact."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import ROOT

COMMANDS = {
    "karuta sim": ["sim", "--game", "karuta", "--games", "1000000"],
    "tour-de-dice sim": ["sim", "--game", "tour-de-dice", "--games", "1000000"],
    "shikoku-duo sim": ["sim", "--game", "shikoku-duo", "--games", "1000000"],
    "karuta sweep": ["sim", "--game", "karuta", "--games", "200000", "--vary", "chain_limit=0,1"],
    "karuta replay": ["replay", "--game", "karuta", "data/karuta/example-log.yaml", "--games", "1000000"],
    "shikoku-duo replay": ["replay", "--game", "shikoku-duo", "data/shikoku-duo/example-log.yaml",
                           "--games", "1000000"],
    "tour-de-dice replay": ["replay", "--game", "tour-de-dice", "data/tour-de-dice/example-log.yaml",
                            "--games", "1000000"],
}


def session(sid: int) -> list[int]:
    """The processes of a session (its leader and every process it started)."""
    pids = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == sid and fields[0] != "Z":
            pids.append(int(stat.parent.name))
    return pids


@pytest.mark.parametrize("how", ["ctrl-c", "sigterm"])
@pytest.mark.parametrize("name", list(COMMANDS))
def test_a_signal_stops_the_command_and_its_workers_in_one_line(name, how, project):
    report = project / "report.pdf"
    report.write_bytes(b"an earlier report")
    args = COMMANDS[name] + ["--workers", "2"] + (["--report", "report.pdf"] if "sim" in name else [])
    kit = subprocess.Popen([sys.executable, "-m", "kit", *args], cwd=project, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True, start_new_session=True,
                           env=os.environ | {"PYTHONPATH": str(ROOT)})
    deadline = time.monotonic() + 120
    while len(session(kit.pid)) < 3:            # kit and its two workers are playing
        assert kit.poll() is None, kit.communicate()
        assert time.monotonic() < deadline
        time.sleep(0.05)
    time.sleep(0.3)
    sent = time.monotonic()
    if how == "ctrl-c":
        os.killpg(kit.pid, signal.SIGINT)       # what the terminal does: the whole group
    else:
        kit.send_signal(signal.SIGTERM)         # what `kill PID` does: kit alone
    out, err = kit.communicate(timeout=30)
    took = time.monotonic() - sent
    assert err == f"kit: stopped by {'Ctrl-C' if how == 'ctrl-c' else 'SIGTERM'}\n"
    assert out == ""
    assert kit.returncode == 128 + (signal.SIGINT if how == "ctrl-c" else signal.SIGTERM)
    assert took < 2, took
    time.sleep(0.2)
    assert session(kit.pid) == []
    assert report.read_bytes() == b"an earlier report"
    assert sorted(p.name for p in project.iterdir() if p.name.startswith(".")) == []
