import os
import stat
from pathlib import Path

import pytest

from kit.data.errors import KitError
from kit.run.files import check_targets, write_all


def test_writes_every_file_readable_like_any_new_file(tmp_path):
    files = {tmp_path / "a.pdf": b"A", tmp_path / "sub" / "b.pdf": b"B"}
    write_all(files)
    mask = os.umask(0)
    os.umask(mask)
    for path, data in files.items():
        assert path.read_bytes() == data
        assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~mask
    assert sorted(p.name for p in tmp_path.rglob("*") if p.is_file()) == ["a.pdf", "b.pdf"]


def test_a_folder_in_the_way_leaves_every_earlier_output_untouched(tmp_path):
    (tmp_path / "a.pdf").write_bytes(b"old")
    (tmp_path / "b.pdf").mkdir()
    with pytest.raises(KitError, match="a folder is in the way"):
        write_all({tmp_path / "a.pdf": b"new", tmp_path / "b.pdf": b"new"})
    assert (tmp_path / "a.pdf").read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.pdf", "b.pdf"]  # no temporary files left


def test_a_file_where_the_folder_should_be_is_a_clear_error(tmp_path):
    (tmp_path / "out").write_text("not a folder")
    with pytest.raises(KitError, match="out is a file"):
        write_all({tmp_path / "out" / "deep" / "a.pdf": b"x"})


def test_a_full_disk_midway_leaves_every_earlier_output_untouched(tmp_path, monkeypatch):
    import errno

    import kit.run.files

    (tmp_path / "a.pdf").write_bytes(b"old a")
    (tmp_path / "b.pdf").write_bytes(b"old b")
    real = kit.run.files._write_new

    def b_fails(path, data, *mode):
        if path.name.startswith(".b.pdf."):
            raise OSError(errno.ENOSPC, "No space left on device", str(path))
        return real(path, data, *mode)

    monkeypatch.setattr(kit.run.files, "_write_new", b_fails)
    with pytest.raises(KitError, match=r"^b\.pdf: cannot write: No space left on device$"):
        monkeypatch.chdir(tmp_path)
        write_all({tmp_path / "a.pdf": b"new a", tmp_path / "b.pdf": b"new b"})
    assert (tmp_path / "a.pdf").read_bytes() == b"old a"
    assert (tmp_path / "b.pdf").read_bytes() == b"old b"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.pdf", "b.pdf"]


def test_a_rename_failing_midway_puts_back_every_output_already_replaced(tmp_path, monkeypatch):
    import errno

    monkeypatch.chdir(tmp_path)
    (tmp_path / "images").mkdir()
    old = {tmp_path / "a.pdf": b"old a", tmp_path / "images" / "b.png": b"old b", tmp_path / "c.pdf": b"old c"}
    for path, data in old.items():
        path.write_bytes(data)
    real = os.replace

    def c_fails(src, dst):
        if Path(dst).name == "c.pdf":
            raise OSError(errno.EPERM, "Operation not permitted", str(src))
        return real(src, dst)

    monkeypatch.setattr(os, "replace", c_fails)
    new = {path: b"new" for path in old} | {tmp_path / "d.pdf": b"new d"}
    with pytest.raises(KitError, match=r"^c\.pdf: cannot write: Operation not permitted$"):
        write_all(new)
    monkeypatch.setattr(os, "replace", real)
    assert {path: path.read_bytes() for path in old} == old
    assert sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*")) == \
        ["a.pdf", "c.pdf", "images", "images/b.png"]     # d.pdf, new, is gone again; no temporary files


def dead_pid() -> int:
    import subprocess
    import sys

    child = subprocess.Popen([sys.executable, "-c", ""])
    child.wait()
    return child.pid


def test_files_a_dead_build_staged_are_cleared_and_a_live_builds_are_kept(tmp_path):
    import subprocess

    dead = dead_pid()
    live = subprocess.Popen(["sleep", "30"])
    try:
        (tmp_path / "images").mkdir()
        left = [tmp_path / f".a.pdf.kit-{dead}-0123abcd.new", tmp_path / "images" / f".b.png.kit-{dead}-0123abcd.new"]
        journal = tmp_path / f".kit-{dead}-0123abcd.staging"
        journal.write_text("".join(f"{p.relative_to(tmp_path)}\t{p.relative_to(tmp_path).with_suffix('')}"
                                   f"\t{p.relative_to(tmp_path).with_suffix('.old')}\n" for p in left))
        others = [tmp_path / f".a.pdf.kit-{live.pid}-89abcdef.new", tmp_path / f".kit-{live.pid}-89abcdef.staging"]
        for path in [*left, *others]:
            path.write_bytes(b"half")
        write_all({tmp_path / "a.pdf": b"A"})        # a build without images/ clears images/ too
        assert not any(p.exists() for p in [*left, journal])
        assert all(p.read_bytes() == b"half" for p in others)
        assert (tmp_path / "a.pdf").read_bytes() == b"A"
    finally:
        live.kill()
        live.wait()


def test_the_next_check_finishes_the_renames_of_a_build_that_died_between_two(tmp_path):
    from kit.run.files import check_targets

    dead = dead_pid()
    build = f"kit-{dead}-0123abcd"
    (tmp_path / "a.pdf").write_bytes(b"new a")                 # renamed before the crash
    (tmp_path / f".a.pdf.{build}.old").write_bytes(b"old a")
    (tmp_path / "b.pdf").write_bytes(b"old b")                 # not yet
    (tmp_path / f".b.pdf.{build}.new").write_bytes(b"new b")
    (tmp_path / f".{build}.commit").write_text(f".a.pdf.{build}.new\ta.pdf\t.a.pdf.{build}.old\n"
                                               f".b.pdf.{build}.new\tb.pdf\t.b.pdf.{build}.old\n")
    check_targets([tmp_path / "a.pdf"])
    assert (tmp_path / "a.pdf").read_bytes() == b"new a"
    assert (tmp_path / "b.pdf").read_bytes() == b"new b"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.pdf", "b.pdf"]


def test_a_pdf_past_the_page_limit_is_refused(monkeypatch):
    import kit.draw.pdf
    from kit.draw.pdf import Pdf

    monkeypatch.setattr(kit.draw.pdf, "MAX_PAGES", 3)
    pdf = Pdf(100, 100, "karuta: board")
    for _ in range(3):
        pdf.show_page()
    with pytest.raises(KitError, match="^karuta: board: more than 3 pages, kit's limit for one PDF"):
        pdf.show_page()


def test_a_check_makes_and_removes_only_a_probe_of_its_own(tmp_path, monkeypatch):
    """Checking an output in folders not there yet makes none of them: a build that checks
    while another writes must not make and remove the folder the other is about to write in.
    It learns whether a folder can be made from an empty probe folder of its own, removed."""
    made, real = [], os.mkdir

    def mkdir(path, *args, **kwargs):
        made.append(Path(path))
        return real(path, *args, **kwargs)
    monkeypatch.setattr(os, "mkdir", mkdir)
    check_targets([tmp_path / "X" / "images" / "rules" / "rules-01.png"], repairing=False)
    assert [p.parent for p in made] == [tmp_path] and made[0].name.startswith(".probe.kit-")
    assert list(tmp_path.iterdir()) == []


def test_a_folder_that_goes_while_it_is_checked_is_a_folder_to_make(tmp_path, monkeypatch):
    """A folder another build's check made and removed between two looks is missing, not a
    traceback: each folder is looked at once."""
    gone = tmp_path / "X"
    real = Path.stat

    def stat_(self, *args, **kwargs):
        if self == gone:
            raise FileNotFoundError(2, "No such file or directory", str(self))
        return real(self, *args, **kwargs)
    gone.mkdir()
    monkeypatch.setattr(Path, "exists", lambda self: True)     # as the folder looked an instant before
    monkeypatch.setattr(Path, "stat", stat_)
    check_targets([gone / "a.pdf"], repairing=False)
