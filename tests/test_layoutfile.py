import pytest

from kit.errors import KitError
from kit.layoutfile import load_layout
from conftest import ROOT

DEFAULT = ROOT / "layouts" / "default.yaml"


def test_shipped_layouts_load():
    layout = load_layout([DEFAULT, ROOT / "layouts" / "karuta.yaml"])
    assert (layout.card.width, layout.card.height) == (24.0, 26.0)
    assert (layout.paper_width, layout.paper_height) == (210.0, 297.0)
    assert layout.with_paper("letter").paper_width == pytest.approx(215.9)
    assert layout.with_card(34, 46).card.height == 46


def _broken(tmp_path, text):
    f = tmp_path / "extra.yaml"
    f.write_text(text)
    with pytest.raises(KitError) as err:
        load_layout([DEFAULT, f])
    return str(err.value)


def test_unknown_key_with_line(tmp_path):
    msg = _broken(tmp_path, "card:\n  size: 24x26\n  bleeed: 2mm\n")
    assert msg.endswith("extra.yaml:3: unknown key 'bleeed' in card (did you mean bleed?)")


def test_bad_length_and_size_and_paper(tmp_path):
    assert "extra.yaml:2:" in _broken(tmp_path, "card:\n  size: 24 by 26\n")
    assert "extra.yaml:2:" in _broken(tmp_path, "card:\n  bleed: 2 m\n")
    assert "did you mean A4?" in _broken(tmp_path, "paper: A5\n")
    assert "twice the bleed" in _broken(tmp_path, "card:\n  bleed: 3mm\n  gutter: 4mm\n")
    assert "long or short" in _broken(tmp_path, "duplex:\n  flip: sideways\n")


def test_measured_duplex_offsets_may_be_negative(tmp_path):
    f = tmp_path / "extra.yaml"
    f.write_text("duplex:\n  flip: long\n  offset_x: -0.8mm\n  offset_y: 1.2\n")
    layout = load_layout([DEFAULT, f])
    assert (layout.duplex_dx, layout.duplex_dy) == (-0.8, 1.2)
    assert "must not be negative" in _broken(tmp_path, "card:\n  bleed: -2mm\n")
