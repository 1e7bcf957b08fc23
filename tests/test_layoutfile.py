import pytest
from reportlab.lib import pagesizes

from kit.data.errors import KitError
from kit.data.layoutfile import PAPERS, load_layout
from conftest import ROOT, shipped_layout

DEFAULT = ROOT / "layouts" / "default.yaml"


def test_papers_are_reportlabs_page_sizes_to_the_last_bit():
    assert PAPERS == {name: (pagesizes.__dict__[key][0] / pagesizes.mm, pagesizes.__dict__[key][1] / pagesizes.mm)
                      for name, key in (("A4", "A4"), ("A3", "A3"), ("Letter", "LETTER"))}


def test_shipped_layouts_load():
    layout = shipped_layout("karuta")
    card = layout.piece("card")
    assert (card.width, card.height, card.bleed, card.safe, card.gutter) == (24.0, 26.0, 1.5, 1.0, 3.0)
    assert (layout.paper_width, layout.paper_height) == (210.0, 297.0)
    assert layout.with_paper("letter").paper_width == pytest.approx(215.9)
    assert layout.with_piece("card", 34, 46).piece("card").height == 46
    tour = shipped_layout("tour-de-dice")
    marker = tour.piece("marker")     # a piece takes what it leaves out from piece_defaults
    assert (marker.width, marker.height, marker.bleed, marker.safe, marker.gutter) == (22.0, 56.0, 1.5, 2.0, 3.0)


def _broken(tmp_path, text):
    f = tmp_path / "extra.yaml"
    f.write_text(text)
    with pytest.raises(KitError) as err:
        load_layout([DEFAULT, f])
    return str(err.value)


def test_unknown_key_with_line(tmp_path):
    msg = _broken(tmp_path, "pieces:\n  card:\n    size: 24x26\n    bleeed: 2mm\n")
    assert msg.endswith("extra.yaml:4: unknown key 'bleeed' in piece card (did you mean bleed?)")
    msg = _broken(tmp_path, "paper: A4\ncard:\n  size: 24x26\n")    # the old form: a hint, not a guess
    assert "extra.yaml:2: a card is a named piece now: write `pieces:` and under it `card:`" in msg


def test_bad_length_and_size_and_paper(tmp_path):
    assert "extra.yaml:3:" in _broken(tmp_path, "pieces:\n  card:\n    size: 24 by 26\n")
    assert "extra.yaml:4:" in _broken(tmp_path, "pieces:\n  card:\n    size: 24x26\n    bleed: 2 m\n")
    assert "did you mean A4?" in _broken(tmp_path, "paper: A5\n")
    assert "twice the bleed" in _broken(tmp_path, "pieces:\n  card:\n    size: 9x9\n    bleed: 3mm\n    gutter: 4mm\n")
    assert "long or short" in _broken(tmp_path, "duplex:\n  flip: sideways\n")


def test_measured_duplex_offsets_may_be_negative(tmp_path):
    f = tmp_path / "extra.yaml"
    f.write_text("duplex:\n  flip: long\n  offset_x: -0.8mm\n  offset_y: 1.2\n")
    layout = load_layout([DEFAULT, f])
    assert (layout.duplex_dx, layout.duplex_dy) == (-0.8, 1.2)
    assert "must not be negative" in _broken(tmp_path, "pieces:\n  card:\n    size: 9x9\n    bleed: -2mm\n")


def test_a_space_between_number_and_unit_is_allowed(tmp_path):
    # The documented grammar (layouts/default.yaml): `7mm` and `7 mm` are the same length.
    f = tmp_path / "extra.yaml"
    f.write_text("margin: 7 mm\nduplex:\n  flip: long\n  offset_x: -0.5 cm\n")
    layout = load_layout([DEFAULT, f])
    assert (layout.margin, layout.duplex_dx) == (7.0, pytest.approx(-5.0))
    assert "extra.yaml:1:" in _broken(tmp_path, "margin: 7 m m\n")


def _game_layout(tmp_path, game, text):
    from kit.games import load_game
    declared = load_game(game)
    f = tmp_path / "extra.yaml"
    f.write_text(text)
    return load_layout([DEFAULT, ROOT / "layouts" / f"{game}.yaml", f], declared.layout_settings, declared.pieces)


def test_a_layout_holds_the_pieces_the_game_prints_and_no_others(tmp_path):
    with pytest.raises(KitError) as err:
        _game_layout(tmp_path, "tour-de-dice", "pieces:\n  makrer:\n    size: 20x50\n")
    assert str(err.value).endswith("extra.yaml:2: unknown piece 'makrer' (did you mean marker?); "
                                   "this game prints card, marker")
    f = tmp_path / "alone.yaml"
    f.write_text("pieces:\n  card: {size: 63x88}\n")
    with pytest.raises(KitError) as err:
        load_layout([DEFAULT, f], (), ("card", "marker"))
    assert str(err.value).startswith(f"{f}:1: the layout has no piece 'marker'"), err.value
    # An emptied game layout: named, not default.yaml (which never holds pieces).
    empty = tmp_path / "karuta.yaml"
    empty.write_text("# cleared\n")
    with pytest.raises(KitError) as err:
        load_layout([DEFAULT, empty], (), ("card",))
    assert str(err.value).startswith(f"{empty}:1: the layout has no piece 'card'"), err.value
    with pytest.raises(KitError) as err:
        shipped_layout("karuta").piece("tile")
    assert "has no piece 'tile'" in str(err.value)


def test_a_games_own_settings_are_its_own_and_keep_their_line(tmp_path):
    from kit.games.karuta.settings import board, compared_cards
    from kit.data.layoutfile import progress_turns
    karuta = shipped_layout("karuta")
    assert (board(karuta).scale, board(karuta).overlap, board(karuta).slot_gap) == (1.0, 10.0, 4.0)
    assert board(karuta).sea is None          # no ink on the sea
    assert [(c.width, c.height) for c in compared_cards(karuta)] == [(22, 16), (24, 26), (26, 30), (34, 46)]
    assert progress_turns(karuta) == 110 and progress_turns(shipped_layout("tour-de-dice")) == 104
    # karuta's sections are not tour-de-dice's: refused, with the line
    with pytest.raises(KitError) as err:
        _game_layout(tmp_path, "tour-de-dice", "board:\n  scale: 2\n")
    assert "extra.yaml:1: unknown key 'board' in layout" in str(err.value)
    lay = _game_layout(tmp_path, "karuta", "progress_sheet:\n  turns: 0\n")
    with pytest.raises(KitError) as err:
        progress_turns(lay)
    assert str(err.value).endswith("extra.yaml:2: turns must be at least 1, not 0")
    lay = _game_layout(tmp_path, "karuta", "compared_cards:\n  - {size: 24x26}\n  - {size: 3 by 4}\n")
    with pytest.raises(KitError) as err:
        compared_cards(lay)
    assert "extra.yaml:3:" in str(err.value)
    lay = _game_layout(tmp_path, "karuta", "map: 3\n")
    from kit.data.project import layout_map
    with pytest.raises(KitError) as err:
        layout_map(lay)
    assert str(err.value).startswith(f"{tmp_path / 'extra.yaml'}:1: map should be") or ":1: map should be" in str(err.value)


@pytest.mark.parametrize("text", ["hello\n", "42\n"])
def test_a_layout_that_is_not_a_mapping_names_its_file(tmp_path, text):
    # The error names the layout file and line, not only what is wrong.
    message = _broken(tmp_path, text)
    assert message.startswith(f"{tmp_path}/extra.yaml:1: layout should be a mapping of keys"), message


def test_settings_missing_from_every_layout_are_named_where_they_belong(tmp_path):
    # Settings missing from an emptied default.yaml are reported at default.yaml, where they belong.
    empty = tmp_path / "default.yaml"
    empty.write_text("# paper and margin were here\n")
    game = tmp_path / "game.yaml"
    game.write_text("pieces:\n  card: {size: 24x26}\n")
    with pytest.raises(KitError) as err:
        load_layout([empty, game])
    assert str(err.value).startswith(f"{empty}:1: the layout has no 'paper', 'margin', 'piece_defaults'"), err.value


def test_a_progress_sheet_past_the_limit_is_refused_at_its_line_by_check(project):
    # `turns: 10**40`: check refuses it at its line, before build would draw rows for minutes.
    from click.testing import CliRunner

    from kit.cli import main
    from kit.data.layoutfile import MAX_LOGGED_TURNS

    path = project / "layouts" / "tour-de-dice.yaml"
    text = path.read_text(encoding="utf-8")
    line = text[: text.index("turns: 104")].count("\n") + 1
    for turns in (MAX_LOGGED_TURNS + 1, 10**40):
        path.write_text(text.replace("turns: 104", f"turns: {turns}"), encoding="utf-8")
        for verb in ("check", "build"):
            res = CliRunner().invoke(main, [verb, "--game", "tour-de-dice", "--out", "out"][: 3 if verb == "check" else 5])
            assert res.exit_code == 2, res.output
            assert f"layouts/tour-de-dice.yaml:{line}: a progress sheet of {turns:,} turns is past kit's limit" \
                in res.output, res.output
    path.write_text(text.replace("turns: 104", f"turns: {MAX_LOGGED_TURNS}"), encoding="utf-8")
    res = CliRunner().invoke(main, ["check", "--game", "tour-de-dice"])
    assert res.exit_code == 0, res.output


def test_a_game_section_left_out_is_named_at_the_games_layout_file(project):
    """A section the game reads (shikoku-duo's board_tiles:) deleted from its layout is refused
    at that file, not as a bare message."""
    from click.testing import CliRunner

    from kit.cli import main

    own = project / "layouts" / "shikoku-duo.yaml"
    text = own.read_text()
    start = text.index("board_tiles:")
    end = text.index("\n\n", start)
    own.write_text(text[:start] + text[end + 2:])
    result = CliRunner().invoke(main, ["check", "--game", "shikoku-duo"])
    assert result.exit_code == 2
    assert result.output.strip().startswith("layouts/shikoku-duo.yaml:1: the layout has no board_tiles: section")
