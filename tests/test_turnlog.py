"""The turn-log table every game's progress sheet shares (kit/draw/turnlog.py), as numbers."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from conftest import ROOT, text_sizes
from kit.draw import fonts, turnlog
from kit.data.errors import KitError
from kit.draw.imposition import paper
from kit.data.layoutfile import PAPERS, ProgressSheet, progress_sheet
from kit.draw.pdf import Pdf
from kit.games import game_layout
from kit.draw.turnlog import Column, Group, place, turn_log

from kit.games.karuta import sheets as karuta
from kit.games.shikoku_duo import sheets as shikoku
from kit.games.tour_de_dice import sheets as tour


def _tables():
    """Every game's log on every paper, for each column set it prints."""
    out = []
    for name in PAPERS:
        lay = game_layout("karuta", ROOT).with_paper(name)
        out += [(f"karuta {name} {n} players", karuta.log_table(lay, n)) for n in karuta.SEATS]
        lay = game_layout("tour-de-dice", ROOT).with_paper(name)
        groups = {f"{n} players": (tuple(f"P{k}" for k in range(1, n + 1)), ()) for n in range(2, 7)}
        groups["rule 2"] = (tuple(f"P{k // 2 + 1} 赤 red" for k in range(6)), ("赤", "青", "緑", "黄", "黒", "白"))
        out += [(f"tour {name} {k}", tour.log_geometry(paper(lay, landscape=True), progress_sheet(lay), *g).log)
                for k, g in groups.items()]
        lay = game_layout("shikoku-duo", ROOT).with_paper(name)
        out.append((f"shikoku {name}", shikoku.log_table(shikoku.page_of(lay, landscape=True), progress_sheet(lay))))
    return out


TABLES = _tables()


@pytest.mark.parametrize("name,log", TABLES, ids=[n for n, _ in TABLES])
def test_columns_tile_the_tables_width(name, log):
    x = log.x
    for cell in log.cells:
        assert cell.x == pytest.approx(x) and cell.width > 0, (name, cell.column.title)
        x += cell.width
    assert x == pytest.approx(log.x + log.width)
    for k, band in enumerate(log.groups):        # a group spans exactly its own columns
        mine = [cell for cell in log.cells if cell.group == k]
        assert band.x == pytest.approx(mine[0].x)
        assert band.width == pytest.approx(sum(cell.width for cell in mine))


@pytest.mark.parametrize("name,log", TABLES, ids=[n for n, _ in TABLES])
def test_rows_fit_their_pages_and_number_every_promised_row_once(name, log):
    numbers = [n for page in log.pages for n in page]
    assert numbers == list(range(1, len(numbers) + 1))
    game = name.split()[0]
    lay = game_layout({"tour": "tour-de-dice", "shikoku": "shikoku-duo"}.get(game, game), ROOT)
    assert len(numbers) >= progress_sheet(lay).turns
    assert log.row == progress_sheet(lay).row_height         # the row height is the layout's
    for k, page in enumerate(log.pages):
        assert log.bottom(k) >= log.floor - 1e-9, (name, k)
        if k < len(log.pages) - 1 and len(log.pages[k + 1]):   # rows follow: one more round would not fit here
            assert log.bottom(k) - log.row * log.per_round < log.floor, (name, k)


def test_each_game_gives_only_its_columns():
    """The three column sets, read as the replay logs need them."""
    k = [cell.column for cell in place(karuta.log_columns(4), 0, 194)[0]]
    written = [c for c in k if c.per == "turn"]
    assert [c.title.split()[0] for c in written] == ["席", "経路", "出した札"]      # three marks a turn
    assert [c.title for c in k if c.per == "round"] == ["残1", "残2", "残3", "残4"]  # cards left once a round
    assert next(c for c in k if c.title.startswith("経路")).marks == karuta.ROUTES
    t = tour.log_columns(("P1 赤 red", "P1 青 blue"))
    assert [g.title for g in t if isinstance(g, Group)] == ["P1 赤 red", "P1 青 blue"]   # one group per colour
    assert all([c.key for c in g.columns] == ["roll", "stop", "lost"] for g in t if isinstance(g, Group))
    s = shikoku.log_columns()
    assert s[-len(shikoku.PICK_COLUMNS):] == shikoku.PICK_COLUMNS       # a row per die used, three a round
    assert [c.per for c, _, _ in turnlog.flatten(s[:-len(shikoku.PICK_COLUMNS)])] == ["round number"] + ["round"] * 4
    # a pick's columns are the fields turn_lines turns into the replay log's lines
    row = {c.key: v for c, v in zip(shikoku.PICK_COLUMNS, ("2", "商", "2", "kochi", "sell 2", ""))}
    assert shikoku.turn_lines(row) == ["2: merchant 2 kochi sell 2"]


def test_a_share_is_of_what_the_fixed_columns_leave():
    cells, groups = place((Column("a", 10), Group("g", (Column("b", share=1), Column("c", share=3)))), 5, 50)
    assert [(c.x, c.width) for c in cells] == [(5, 10), (15, 10), (25, 30)]
    assert [(g.x, g.width) for g in groups] == [(15, 40)]
    with pytest.raises(KitError, match="take 60 mm of its 50 mm"):
        place((Column("a", 30), Column("b", 30)), 0, 50)
    with pytest.raises(KitError, match="per should be"):
        place((Column("a", 50, per="sometimes"),), 0, 50)


def test_pages_hold_whole_rounds_and_keep_room_for_what_follows():
    cols = (Column("#", 10, per="number"), Column("x", share=1))
    head = turnlog.head_height(cols)
    # 100 mm of table: 100 - head leaves room for 18 rows of 5 mm, so 16 in rounds of 4
    log = turn_log(cols, x=0, width=100, top=100, floor=0, row=5, rows=40, per_round=4)
    assert head == turnlog.TITLE_BAND
    assert [len(p) for p in log.pages] == [16, 16, 8]
    filled = turn_log(cols, x=0, width=100, top=100, floor=0, row=5, rows=40, per_round=4, fill=True)
    assert [len(p) for p in filled.pages] == [16, 16, 16] and filled.rows == 48
    summary = turn_log(cols, x=0, width=100, top=100, floor=0, row=5, rows=32, per_round=4, tail=20)
    assert [len(p) for p in summary.pages] == [16, 16, 0]       # the summary gets a page of its own
    roomy = turn_log(cols, x=0, width=100, top=100, floor=0, row=5, rows=28, per_round=4, tail=20)
    assert [len(p) for p in roomy.pages] == [16, 12]
    with pytest.raises(KitError, match="no room"):
        turn_log(cols, x=0, width=100, top=20, floor=0, row=5, rows=10, per_round=4)


def test_a_row_lower_than_handwriting_is_refused_at_its_line(tmp_path):
    from kit.data.layoutfile import load_layout
    extra = tmp_path / "low.yaml"
    extra.write_text("progress_sheet:\n  turns: 20\n  row_height: 2mm\n", encoding="utf-8")
    lay = load_layout([ROOT / "layouts" / "default.yaml", ROOT / "layouts" / "karuta.yaml", extra],
                      ("board", "map", "compared_cards", "progress_sheet"))
    with pytest.raises(KitError) as err:
        progress_sheet(lay)
    assert "at least 8 mm" in err.value.message and "low.yaml" in str(err.value)
    extra.write_text("progress_sheet:\n  turns: 20\n  row_height: 9mm\n", encoding="utf-8")
    lay = load_layout([ROOT / "layouts" / "default.yaml", ROOT / "layouts" / "karuta.yaml", extra],
                      ("board", "map", "compared_cards", "progress_sheet"))
    assert progress_sheet(lay) == ProgressSheet(20, 9.0)
    assert len(karuta.log_table(lay).pages[0]) < len(karuta.log_table(game_layout("karuta", ROOT)).pages[0])


def _drawn(log) -> bytes:
    fonts.register()
    pdf = Pdf(297, 210, "turn log")
    for k in range(len(log.pages)):
        pdf.set_page_size(297, 210)
        turnlog.draw(pdf.canvas, log, k)
        pdf.show_page()
    return pdf.finish()


def test_a_drawn_log_prints_each_round_number_and_title_and_is_deterministic():
    lay = game_layout("shikoku-duo", ROOT)
    log = shikoku.log_table(shikoku.page_of(lay, landscape=True), progress_sheet(lay))
    data = _drawn(log)
    assert data == _drawn(log)
    for k, page in enumerate(PdfReader(io.BytesIO(data)).pages):
        words = page.extract_text().split()
        assert all(str((n - 1) // log.per_round + 1) in words for n in log.pages[k])    # each round's number
        assert all(cell.column.title.split()[0] in words for cell in log.cells)


@pytest.mark.parametrize("game", ["karuta", "tour-de-dice", "shikoku-duo"])
def test_a_row_too_high_for_the_page_names_the_layouts_row_height(project, game):
    # `row_height: 300mm` is refused at its file and line by the function check and build share.
    from kit.data.errors import KitError
    from kit.data.layoutfile import progress_sheet
    from kit.games import game_layout

    path = project / "layouts" / f"{game}.yaml"
    text = path.read_text(encoding="utf-8")
    old = re.search(r"row_height: [0-9.]+mm", text).group()
    line = text[: text.index(old)].count("\n") + 1
    path.write_text(text.replace(old, "row_height: 300mm"), encoding="utf-8")
    layout = game_layout(game, project)
    if game == "karuta":
        from kit.games.karuta.sheets import log_table
        table = lambda: log_table(layout)
    elif game == "tour-de-dice":
        from kit.games.tour_de_dice.sheets import log_geometry, paper
        table = lambda: log_geometry(paper(layout, landscape=True), progress_sheet(layout))
    else:
        from kit.games.shikoku_duo.sheets import log_table, page_of
        table = lambda: log_table(page_of(layout, landscape=True), progress_sheet(layout))
    with pytest.raises(KitError) as err:
        table()
    assert str(err.value).startswith(f"layouts/{game}.yaml:{line}: "), err.value
    assert "no room for the progress sheet's log" in str(err.value) and "300 mm" in str(err.value)


@pytest.mark.parametrize("game", ["karuta", "tour-de-dice", "shikoku-duo"])
def test_every_progress_sheet_prints_nothing_smaller_than_6_pt(project, game):
    # Written on and read at the table: the turn log's second lines, karuta's tracker labels and
    # tour-de-dice's ring numbers included.
    from click.testing import CliRunner

    from kit.cli import main

    result = CliRunner().invoke(main, ["build", "--game", game, "--out", "out"])
    assert result.exit_code == 0, result.output
    sheets = sorted((project / "out").glob("progress-sheet-*.pdf"))
    assert len(sheets) == {"karuta": 3, "tour-de-dice": 6, "shikoku-duo": 2}[game]     # one per table size
    for sheet in sheets:
        sizes = text_sizes(sheet.read_bytes())
        assert len(sizes) > 100 and min(sizes)[0] >= 6 - 1e-6, (sheet.name, min(sizes))


@pytest.mark.parametrize("name,log", TABLES, ids=[n for n, _ in TABLES])
def test_every_written_cell_says_how_in_both_languages_and_takes_its_longest_entry(name, log):
    for cell in log.cells:
        col = cell.column
        if col.per not in turnlog.WRITTEN or col.title.startswith("行動"):   # shikoku's action: its own key line
            continue
        assert re.search(r"[\u3040-\u9fff]", col.how) and re.search(r"[a-z]{3}", col.how), (name, col.title)
        assert (col.longest or col.marks) and cell.width >= turnlog.hand_width(col.longest), (name, col.title)


def test_a_cell_too_narrow_for_its_longest_entry_is_refused():
    cols = (Column("#", 10, per="number"), Column("x", share=1, longest="draw 4 got sipc keep sippc"))
    turn_log(cols, x=0, width=70, top=100, floor=0, row=8, rows=4)
    with pytest.raises(KitError, match=r"'x' cell is 30.0 mm wide, but its longest entry 'draw 4 got sipc keep "
                                       r"sippc' takes 52.2 mm by hand"):
        turn_log(cols, x=0, width=40, top=100, floor=0, row=8, rows=4)


def test_the_key_breaks_japanese_by_the_kinsoku_rules_within_its_width():
    fonts.register()
    how = "経路：使った経路を○で囲む。街道、隣接、航路のどれか。パスのときは「パス」を囲み、次の人へ。" * 2
    width = 40.0
    pdf = Pdf(80, 80, "key")
    bottom = turnlog.draw_key(pdf.canvas, [how], 5, 75, width)
    pdf.show_page()
    lines = [s for s in PdfReader(io.BytesIO(pdf.finish())).pages[0].extract_text().splitlines() if s.strip()]
    assert len(lines) > 3 and "".join(lines) == how
    assert 75 - bottom == pytest.approx(turnlog.key_height([how], width))
    for s in lines:
        assert fonts.text_width(s, 6.0) / 72 * 25.4 <= width + 1e-6, s
        assert s[0] not in fonts.NO_LINE_START and s[-1] not in fonts.NO_LINE_END, s
