import os
import stat

import pytest

from kit.data.errors import KitError
from kit.draw.output import write_all


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
    import tempfile

    (tmp_path / "a.pdf").write_bytes(b"old a")
    (tmp_path / "b.pdf").write_bytes(b"old b")
    real = tempfile.mkstemp
    calls = []

    def second_fails(*args, **kwargs):
        calls.append(1)
        if len(calls) == 2:
            raise OSError(errno.ENOSPC, "No space left on device", str(tmp_path / "b.pdf"))
        return real(*args, **kwargs)

    monkeypatch.setattr(tempfile, "mkstemp", second_fails)
    with pytest.raises(KitError, match="cannot write: No space left on device"):
        write_all({tmp_path / "a.pdf": b"new a", tmp_path / "b.pdf": b"new b"})
    assert (tmp_path / "a.pdf").read_bytes() == b"old a"
    assert (tmp_path / "b.pdf").read_bytes() == b"old b"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.pdf", "b.pdf"]


def test_a_pdf_past_the_page_limit_is_refused(monkeypatch):
    import kit.draw.output
    from kit.draw.output import Pdf

    monkeypatch.setattr(kit.draw.output, "MAX_PAGES", 3)
    pdf = Pdf(100, 100, "karuta: board")
    for _ in range(3):
        pdf.show_page()
    with pytest.raises(KitError, match="^karuta: board: more than 3 pages, kit's limit for one PDF"):
        pdf.show_page()
