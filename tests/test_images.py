"""`kit build --images`: PNGs rasterised from the pieces' own drawing, deck sheets, the phone check."""

from __future__ import annotations

import io

import pytest
from click.testing import CliRunner
from PIL import Image
from reportlab.lib.colors import Color

from kit.cli import main
from kit.draw.images import (MAX_COLS, MAX_ROWS, PHONE_CSS_PX, READABLE_CSS_PX, Deck, deck_images, legibility,
                        phone_report, pixels, sheet_grids)
from kit.draw.render import fill_rect

from conftest import shipped_layout


def colour_card(c, i, trim, bleed):
    """Card i is one flat colour, so a cell of a sheet says which card it holds."""
    fill_rect(c, trim.grow(bleed), Color((i * 37 % 256) / 255, (i * 91 % 256) / 255, (i * 13 % 256) / 255))


def grey_back(c, i, trim, bleed):
    fill_rect(c, trim.grow(bleed), Color(0.5, 0.5, 0.5))


def image(data: bytes):
    return Image.open(io.BytesIO(data)).convert("RGB")


def test_sheet_grids_never_exceed_ten_by_seven_and_keep_every_card():
    assert sheet_grids(68) == [(range(0, 68), 10, 7)]
    assert sheet_grids(3) == [(range(0, 3), 3, 1)]
    grids = sheet_grids(75)
    assert grids == [(range(0, 70), 10, 7), (range(70, 75), 5, 1)]
    for n in (1, 9, 10, 11, 70, 71, 141):
        grids = sheet_grids(n)
        assert all(cols <= MAX_COLS and rows <= MAX_ROWS and len(cards) <= cols * rows for cards, cols, rows in grids)
        assert [i for cards, _, _ in grids for i in cards] == list(range(n))


def test_a_synthetic_deck_gives_sized_faces_one_back_and_sheets_with_each_card_in_its_cell():
    deck = Deck("cards", 24.0, 26.0, 1.0, 12, colour_card, grey_back)
    files = deck_images(deck, 60, "test")
    assert "cards-back.png" in files                     # identical backs: one image
    assert "cards-sheet-1-10x2.png" in files
    face = image(files["cards-05.png"])
    assert face.size == (pixels(24.0, 60), pixels(26.0, 60)) == (57, 61)
    sheet = image(files["cards-sheet-1-10x2.png"])
    assert sheet.size == (10 * 57, 2 * 61)
    for k in (0, 4, 11):                                    # card k sits at column k % 10, row k // 10
        x, y = (k % 10) * 57, (k // 10) * 61
        cell = sheet.crop((x, y, x + 57, y + 61))
        assert cell.tobytes() == image(files[f"cards-{k + 1:02d}.png"]).tobytes()
    assert image(files["cards-05.png"]).tobytes() != image(files["cards-06.png"]).tobytes()


def test_backs_that_differ_get_one_image_each():
    deck = Deck("tiles", 20.0, 20.0, 0.0, 3, colour_card, lambda c, i, t, b: colour_card(c, i + 5, t, b))
    files = deck_images(deck, 30, "test")
    assert {"tiles-back-01.png", "tiles-back-03.png", "tiles-back-sheet-1-3x1.png"} <= set(files)
    assert "tiles-back.png" not in files


def test_images_are_byte_identical_from_run_to_run():
    deck = Deck("cards", 30.0, 40.0, 1.0, 3, colour_card, grey_back)
    assert deck_images(deck, 40, "test") == deck_images(deck, 40, "test")


def test_phone_figures_follow_the_type_size_and_the_piece_width():
    deck = Deck("cards", 24.0, 26.0, 1.0, 1, colour_card, roles=(("furigana", 5.0), ("tiny", 0.5)))
    fur, tiny = legibility(deck)
    assert fur.css_px == pytest.approx(5.0 * 25.4 / 72 / 24.0 * PHONE_CSS_PX)    # 28.7 px
    assert fur.device_px == pytest.approx(3 * fur.css_px)
    assert fur.per_row == int(fur.css_px // READABLE_CSS_PX) == 2
    text, warnings = phone_report([deck])
    assert "furigana" in text and "28.7 px" in text
    assert len(warnings) == 1 and "tiny" in warnings[0]


def build(out, *extra):
    result = CliRunner().invoke(main, ["build", "--game", "tour-de-dice", "--out", str(out), *extra])
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    assert result.exit_code == 0, result.output
    return result.output


def test_tour_de_dice_images_match_the_card_size_and_are_deterministic(tmp_path):
    card = shipped_layout("tour-de-dice").piece("card")
    output = build(tmp_path / "a", "--images", "--dpi", "30")
    folder = tmp_path / "a" / "images"
    w, h = pixels(card.width, 30), pixels(card.height, 30)
    faces = sorted(folder.glob("cards-[0-9]*.png"))
    assert len(faces) > 10
    assert all(Image.open(f).size == (w, h) for f in faces)
    assert Image.open(folder / "cards-back.png").size == (w, h)
    sheet_file, = folder.glob("cards-sheet-1-*.png")
    cols = int(sheet_file.stem.rsplit("-", 1)[1].split("x")[0])
    sheet = Image.open(sheet_file).convert("RGB")
    k = cols + 1                                            # second row, second column
    cell = sheet.crop((w, h, 2 * w, 2 * h))
    assert cell.tobytes() == Image.open(faces[k]).convert("RGB").tobytes()
    assert Image.open(folder / "phone" / "cards-01.png").size[0] == 3 * PHONE_CSS_PX
    assert (folder / "course-preview.png").exists()
    assert "phone check" in output and "TURN text" in output
    build(tmp_path / "b", "--images", "--dpi", "30")
    again = tmp_path / "b" / "images"
    names = sorted(p.relative_to(folder) for p in folder.rglob("*.png"))
    assert names == sorted(p.relative_to(again) for p in again.rglob("*.png"))
    assert all((folder / n).read_bytes() == (again / n).read_bytes() for n in names)


def test_without_images_no_png_is_written(tmp_path):
    build(tmp_path)
    assert not (tmp_path / "images").exists()


def test_karuta_card_images_hold_every_province_and_the_board(tmp_path, project):
    result = CliRunner().invoke(main, ["build", "--game", "karuta", "--out", str(tmp_path / "k"), "--images",
                                       "--dpi", "25"])
    assert result.exit_code == 0, result.output
    folder = tmp_path / "k" / "images"
    card = shipped_layout("karuta").piece("card")
    assert len(list(folder.glob("cards-[0-9]*.png"))) == 68
    assert Image.open(folder / "cards-01.png").size == (pixels(card.width, 25), pixels(card.height, 25))
    assert (folder / "cards-sheet-1-10x7.png").exists() and (folder / "board.png").exists()
    assert "furigana" in result.output
