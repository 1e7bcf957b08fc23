"""Every piece fits where it sits: `sits_on:` in the layout, checked by `kit check` against the
places each game measures from what it draws."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from kit.cli import main
from kit.layout.fit import Place, fits, misfits
from kit.data.layoutfile import Piece


def test_a_place_holding_two_needs_room_for_both_one_way_or_the_other():
    town = Place("town", 17, 17, None, holds=2)
    assert fits(2, 13, 7.2, town)             # one behind the other: 13 x 15.4
    assert not fits(2, 26, 9.12, town)
    assert not fits(1, 13, 13, Place("slot", 11, 11))


def test_neighbours_closer_than_a_piece_collide():
    class Lay:
        pieces = (Piece("marker", 10, 10, 0, 1, 2, sits_on=("slot",)),)
    assert misfits(Lay, {"slot": Place("slot", 11, 11, 11.8)}, {}) == []
    (err,) = misfits(Lay, {"slot": Place("slot", 11, 11, 10.5)}, {})
    assert "marker (10 × 10 mm) on slot (11 × 11 mm) 10.5 mm apart collides" in err.message


def _check(project, game, old, new):
    path = project / "layouts" / f"{game}.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    line = text[: text.index(old)].count("\n") + 1
    res = CliRunner().invoke(main, ["check", "--game", game])
    return res, line


@pytest.mark.parametrize("game", ["karuta", "tour-de-dice", "shikoku-duo"])
def test_the_shipped_layouts_fit_every_piece(project, game):
    res = CliRunner().invoke(main, ["check", "--game", game])
    assert res.exit_code == 0, res.output


@pytest.mark.parametrize("old,new,why", [
    ("rank_marker: {size: 10.8x10.8", "rank_marker: {size: 13x13",
     "rank_marker (13 × 13 mm) does not fit an Automa rank slot (11 × 11 mm)"),
    ("standee: {size: 13x60", "standee: {size: 26x76",
     "standee (26 × 9.12 mm standing, of 26 × 76) does not fit a ring space's disc (16 × 16 mm)"),
    ("mountain_town: {size: 15.5x15.5", "mountain_town: {size: 13x13",
     "2 × standee (13 × 7.2 mm standing, of 13 × 60) do not fit a mountain town's disc"),
    ("die_sticker: {size: 13x13", "die_sticker: {size: 15x15",
     "die_sticker (15 × 15 mm) does not fit the flat of a 14 mm die's face"),
])
def test_a_shikoku_piece_that_does_not_fit_is_refused_at_its_line_with_both_sizes(project, old, new, why):
    res, line = _check(project, "shikoku-duo", old, new)
    assert res.exit_code == 2
    assert why in res.output, res.output
    assert re.search(rf"layouts/shikoku-duo\.yaml:\d+: {re.escape(why[:12])}", res.output), res.output
    assert "Traceback" not in res.output


def test_a_tour_marker_too_wide_for_six_on_a_space_is_refused(project):
    res, line = _check(project, "tour-de-dice", "size: 22x56", "size: 66x56")
    assert res.exit_code == 2 and "6 × marker (66 × 3 mm standing, of 66 × 56) do not fit a course card's space" \
        in res.output, res.output


@pytest.mark.parametrize("old, new, word", [
    ("rank_marker: {size: 10.8x10.8", "rank_marker: {size: 10x10", "'merchant' at 6 pt is 9.4 mm wide"),
    ("coin: {size: 12x12}", "coin: {size: 8x8}", "'copper' at 6 pt is 7.0 mm wide"),
])
def test_a_disc_token_too_small_for_its_word_at_6_pt_is_refused(project, old, new, word):
    # the word read in play would run past the disc's edge onto the cut square's corners
    res, _ = _check(project, "shikoku-duo", old, new)
    assert res.exit_code == 2, res.output
    assert word in res.output and "past the edge of its" in res.output, res.output
