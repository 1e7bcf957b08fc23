"""A build is one transaction, run as real processes: concurrent builds into one folder all
succeed, and a build that fails while writing leaves every earlier output byte-identical."""

import hashlib
import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

from conftest import ROOT


def kit(*args, cwd, preexec_fn=None, timeout=300):
    return subprocess.run([sys.executable, "-m", "kit", *map(str, args)], cwd=cwd, capture_output=True,
                          text=True, timeout=timeout, preexec_fn=preexec_fn, env=os.environ | {"PYTHONPATH": str(ROOT)})


def digests(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_three_concurrent_builds_into_one_folder_all_succeed(project):
    args = [sys.executable, "-m", "kit", "build", "--game", "shikoku-duo", "--images", "--print-shop", "--out", "X"]
    builds = [subprocess.Popen(args, cwd=project, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=os.environ | {"PYTHONPATH": str(ROOT)}) for _ in range(3)]
    results = [(b.wait(timeout=600), b.stderr.read()) for b in builds]
    for b in builds:
        b.stdout.close()
        b.stderr.close()
    assert [rc for rc, _ in results] == [0, 0, 0], results
    files = digests(project / "X")
    assert not [name for name in files if Path(name).name.startswith(".")]     # no temporary file left
    assert kit("build", "--game", "shikoku-duo", "--images", "--print-shop", "--out", "Y", cwd=project).returncode == 0
    assert digests(project / "Y") == files


def test_a_write_failing_midway_leaves_every_earlier_output_byte_identical(project):
    assert kit("build", "--game", "karuta", "--out", "X", cwd=project).returncode == 0
    assert kit("build", "--game", "karuta", "--paper", "Letter", "--out", "L", cwd=project).returncode == 0
    before, letter = digests(project / "X"), {p.name: p.stat().st_size for p in (project / "L").iterdir()}
    largest = max(letter, key=letter.get)

    def small_files_only():     # the disk refuses the largest file (EFBIG), even to root
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (letter[largest] - 1, letter[largest] - 1))

    failed = kit("build", "--game", "karuta", "--paper", "Letter", "--out", "X", cwd=project,
                 preexec_fn=small_files_only)
    assert failed.returncode == 2
    assert failed.stderr.strip() == f"X/{largest}: cannot write: File too large"
    assert digests(project / "X") == before     # and no temporary file is left


def test_a_folder_in_place_of_an_output_is_named_and_nothing_is_replaced(project):
    assert kit("build", "--game", "karuta", "--out", "X", cwd=project).returncode == 0
    (project / "X" / "cards.pdf").unlink()
    (project / "X" / "cards.pdf").mkdir()
    before = digests(project / "X")
    failed = kit("build", "--game", "karuta", "--paper", "Letter", "--out", "X", cwd=project)
    assert failed.returncode == 2
    assert failed.stderr.strip() == "X/cards.pdf: a folder is in the way of this output file"
    assert digests(project / "X") == before
