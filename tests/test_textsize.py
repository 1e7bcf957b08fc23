"""Text read in play is at least 6 pt: `kit check` measures it on the drawn pages."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from kit.draw import fonts
from kit.cli import main
from kit.draw.textsize import sizes, too_small
from kit.draw.pdf import Pdf
from kit.draw.render import text


def _page(size: float, words: str = "42") -> bytes:
    fonts.register()
    pdf = Pdf(100, 100, "t")
    pdf.set_page_size(100, 100)
    text(pdf.canvas, 20, 20, words, size)
    text(pdf.canvas, 70, 70, "big", 9)
    pdf.show_page()
    return pdf.finish()


def test_a_run_is_measured_at_its_printed_size_and_place():
    (small, big) = sorted(sizes("x.pdf", _page(5.0)), key=lambda r: r.size)
    assert (small.text, small.size, small.page) == ("42", 5.0, 1)
    assert small.x == pytest.approx(20, abs=0.5) and small.y == pytest.approx(20, abs=0.5)
    assert big.size == 9


def test_text_under_6_pt_is_refused_naming_the_piece_and_the_text():
    where = lambda file, page, x, y: "card" if x < 50 else None       # noqa: E731
    (err,) = too_small({"cards.pdf": _page(5.0)}, where)
    assert err.message.startswith("cards.pdf: card: '42' prints at 5 pt (page 1)")
    assert too_small({"cards.pdf": _page(6.0)}, where) == []


@pytest.mark.parametrize("game", ["karuta", "tour-de-dice", "shikoku-duo"])
def test_every_piece_of_every_game_prints_its_text_at_6_pt_or_more(project, game):
    res = CliRunner().invoke(main, ["check", "--game", game])
    assert res.exit_code == 0 and " at least 6 pt" not in res.output, res.output


@pytest.mark.parametrize("verb", ["check", "build"])
def test_a_card_too_small_for_its_text_is_refused_naming_the_card_and_the_text(project, verb, tmp_path):
    res = CliRunner().invoke(main, [verb, "--game", "karuta", "--card", "22x16", "--out", str(tmp_path / "out")]
                             if verb == "build" else [verb, "--game", "karuta", "--card", "22x16"])
    assert res.exit_code == 2, res.output
    assert "cards.pdf: card: 'やましろ', 'やまと', 'かわち' and 64 more print at 4.08 pt" in res.output, res.output
    assert "Traceback" not in res.output and not (tmp_path / "out").exists()


@pytest.mark.parametrize("game, piece", [("tour-de-dice", "markers.pdf: marker: "),
                                         ("shikoku-duo", "tokens.pdf: coin: ")])
def test_every_game_s_build_refuses_its_pieces_text_below_the_least(project, monkeypatch, tmp_path, game, piece):
    # the least raised past what the shipped pieces print: each game's build measures every piece
    monkeypatch.setattr("kit.draw.textsize.LEAST", 7.5)
    res = CliRunner().invoke(main, ["build", "--game", game, "--out", str(tmp_path / "out")])
    assert res.exit_code == 2, res.output
    assert piece in res.output and "text read in play needs at least 7.5 pt" in res.output, res.output
    assert "Traceback" not in res.output and not (tmp_path / "out").exists()
