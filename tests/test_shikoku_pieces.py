"""shikoku-duo's printed pieces measured: sizes from the layout and on paper, slots that hold
their tokens, duplex backs under their fronts, fonts embedded, pages, determinism."""

import io
import math
import shutil
from types import MappingProxyType as MP, SimpleNamespace as NS

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from conftest import ROOT, text_sizes
from kit.draw import fonts
from kit.data.errors import KitError
from kit.draw.imposition import back_trims, marks_extent
from kit.data.layoutfile import PAPERS, progress_sheet, progress_turns
from kit.games import game_layout
from kit.data.units import to_pt
from kit.data.yamlload import load_yaml

from kit.games.shikoku_duo import playerboards, sheets, tokens
from kit.games.shikoku_duo.build import pieces
from kit.games.shikoku_duo.pieces import PLAYERS, piece
from kit.games.shikoku_duo.tokens import Section, pack, standee_folds


def _components():
    """Components shaped like model.Components (the shipped data's shape)."""
    types = tuple(NS(id=i, name=n, icon=i) for i, n in (("mountain", "山水"), ("flower", "花鳥"),
                                                         ("wave", "海景"), ("temple", "寺社")))
    waves = tuple(NS(id=f"{ch}_{s}", character=ch, name=f"{ch}{s}", name_en=f"{ch} {s}", text="効果の説明。", text_en="What it does.",
                     effect="pilgrim_plus", amount=1) for ch in ("pilgrim", "merchant", "artist") for s in "ab")
    return NS(
        dice=MP({"pilgrim": (1, 2, 2, 3, 3, 4), "merchant": (1, 1, 2, 2, 3, 3), "artist": (1, 1, 2, 2, 3, 3)}),
        goods=MP({"indigo": 6, "paper": 6, "citrus": 7, "salt": 7}),
        goods_names=MP({"indigo": "藍", "paper": "和紙", "citrus": "柑橘", "salt": "塩"}),
        shops=tuple(NS(kind=k, value=v) for k, v in (("indigo", 3), ("indigo", 4), ("paper", 3), ("paper", 4),
                                                      ("citrus", 2), ("citrus", 3), ("salt", 2), ("salt", 3))),
        town_coins=3, copper_max=9, hold=5,
        shrine_track=(0, 1, 1, 2, 2, 3, 3, 4, 5, 6), garden_track=(0, 1, 2, 3, 4, 5, 6),
        slabs=(3, 7, 12, 18, 25, 33), artist_slots=(1, 2, 4, 6, 8, 11, 14, 18, 23, 30),
        painting_types=types, paintings=("mountain",) * 3 + ("flower",) * 3 + ("wave",) * 2 + ("temple",) * 2,
        waves=waves)


AUTOMA = ([("ダイス: 出目が最も大きいダイスを取る。", "Dice: take the highest die.")],
          ((0, 1, 2, 4), (0, 1, 3), (0, 2, 5)))


def _layout(paper="A4"):
    return game_layout("shikoku-duo", ROOT).with_paper(paper)


@pytest.fixture(scope="module")
def comp():
    fonts.register()
    return _components()


@pytest.fixture(scope="module")
def shipped():
    """The shipped game and its rulebook: the aid prints the rulebook's sentences for its rules."""
    from conftest import MAP
    from kit.games.shikoku_duo.model import load
    from kit.games.shikoku_duo.rulebook import load_book

    game = load(ROOT / "data" / "shikoku-duo", (), MAP)
    return game, load_book(ROOT / "data" / "shikoku-duo", game)


@pytest.fixture(scope="module")
def built(comp, shipped):
    """Every piece file on A4, rendered twice."""
    game, book = NS(components=comp, rules=shipped[0].rules), shipped[1]
    return pieces(game, _layout(), AUTOMA, (), book), pieces(game, _layout(), AUTOMA, (), book)


# --- sizes from the layout ---------------------------------------------------------------------

def test_every_piece_is_read_from_the_layout_file():
    layout = _layout()
    doc = load_yaml(ROOT / "layouts" / "shikoku-duo.yaml")
    for name, entry in doc["pieces"].items():
        w, h = (float(v) for v in entry["size"].split("x"))
        p = piece(layout, name)
        assert (p.width, p.height) == (w, h), name
        assert p.gutter >= 2 * p.bleed


def test_a_bad_or_missing_piece_is_refused_with_its_line(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("pieces:\n  coin: {size: 12x}\n", encoding="utf-8")
    with pytest.raises(KitError) as err:
        game_layout("shikoku-duo", ROOT, bad)
    assert err.value.where.line == 2 and "coin size" in err.value.message
    with pytest.raises(KitError, match="no piece 'meeple'"):
        piece(_layout(), "meeple")


# --- player boards -----------------------------------------------------------------------------

def test_board_slots_hold_their_tokens_inside_the_safe_zone(comp):
    layout = _layout()
    lays = playerboards.layouts(layout, comp)
    tile, slab, coin, goods, wave = (piece(layout, n) for n in
                                     ("painting_tile", "gold_slab", "coin", "goods_token", "wave_tile"))
    holds = {("artist", "painting"): tile, ("merchant", "slab"): slab, ("merchant", "copper"): coin,
             ("merchant", "hold"): goods, ("pilgrim", "shrine"): coin, ("pilgrim", "garden"): coin}
    for (kind, key), token in holds.items():
        for r in lays[kind].slots[key]:
            assert r.w >= token.width + 2 - 1e-9 and r.h >= token.height + 2 - 1e-9, (kind, key)
    for kind, lay in lays.items():
        board = piece(layout, f"{kind}_board")
        assert lay.wave.w >= wave.width and lay.wave.h >= wave.height
        boxes = [lay.wave] + [r for rs in lay.slots.values() for r in rs]
        assert all(board.safe - 1e-9 <= r.x and r.x2 <= board.width - board.safe + 1e-9 and
                   board.safe - 1e-9 <= r.y and r.y2 <= board.height - board.safe + 1e-9 for r in boxes), kind
        # No two slots overlap.
        flat = [r for key, rs in lay.slots.items() if key != "table" for r in rs] + [lay.wave]
        for i, a in enumerate(flat):
            for b in flat[i + 1:]:
                assert a.x2 <= b.x + 1e-9 or b.x2 <= a.x + 1e-9 or a.y2 <= b.y + 1e-9 or b.y2 <= a.y + 1e-9


def test_board_slot_counts_follow_the_data(comp):
    lays = playerboards.layouts(_layout(), comp)
    assert len(lays["pilgrim"].slots["shrine"]) == len(comp.shrine_track) == 10
    assert len(lays["pilgrim"].slots["garden"]) == len(comp.garden_track) == 7
    assert len(lays["pilgrim"].slots["table"]) == 11 * 8     # a header row and column round the products
    assert len(lays["merchant"].slots["slab"]) == 6 and len(lays["merchant"].slots["hold"]) == 5
    assert len(lays["merchant"].slots["copper"]) == comp.copper_max + 1
    cells = lays["artist"].slots["painting"]
    assert len(cells) == 10 and len({round(r.y, 6) for r in cells}) == 2      # two rows of five
    assert cells[0].y > cells[5].y and cells[0].x < cells[1].x                  # top row first, left to right


def test_a_board_too_small_for_its_tokens_is_refused(comp, tmp_path):
    small = tmp_path / "small.yaml"
    small.write_text("pieces:\n  artist_board: {size: 100x60}\n", encoding="utf-8")
    layout = game_layout("shikoku-duo", ROOT, small)
    with pytest.raises(KitError, match="artist_board is too small"):
        playerboards.layouts(layout, comp)


# --- cut sheets --------------------------------------------------------------------------------

def test_packed_bands_never_overlap_and_stay_inside_the_margin(comp):
    for paper in PAPERS:
        layout = _layout(paper)
        for sections in (tokens.token_sections(comp, layout), tokens.duplex_sections(comp),
                         tokens.die_sections(comp)):
            pages = pack(layout, sections)
            counts = {}
            for placed in pages:
                extents = [marks_extent(p.grid) for p in placed]
                for e in extents:
                    assert e.x >= layout.margin - 1e-6 and e.x2 <= layout.paper_width - layout.margin + 1e-6
                    assert e.y >= layout.margin - 1e-6 and e.y2 <= layout.paper_height - layout.margin + 1e-6
                for i, a in enumerate(extents):                                  # no band's marks on another's
                    for b in extents[i + 1:]:
                        assert a.x2 < b.x or b.x2 < a.x or a.y2 < b.y or b.y2 < a.y
                for p in placed:
                    size = piece(layout, sections[p.section].piece)
                    assert all((t.w, t.h) == (size.width, size.height) for t in p.grid.trims)
                    counts[p.section] = counts.get(p.section, 0) + p.grid.per_sheet
            assert counts == {k: s.count for k, s in enumerate(sections)}, paper     # every piece once


def test_token_counts_follow_the_data(comp):
    by = {s.piece: s.count for s in tokens.token_sections(comp, _layout())}
    assert by["goods_token"] == 26 and by["shop_token"] == 8 and by["gold_slab"] == 12
    assert by["standee"] == 6 and by["hot_spring_token"] == 1 and by["coin"] == 6 and by["rank_marker"] == 3
    duplex = {s.piece: s.count for s in tokens.duplex_sections(comp)}
    assert duplex == {"painting_tile": 20, "wave_tile": 3}
    assert sum(s.count for s in tokens.die_sections(comp)) == 18


def test_standee_folds_make_two_equal_faces():
    from kit.draw.imposition import Rect
    t = Rect(0, 0, 26, 76)
    y1, y2, y3 = standee_folds(t)
    assert math.isclose(y1 - t.y, t.y2 - y3) and math.isclose(y2 - y1, y3 - y2)


# --- measured on paper ------------------------------------------------------------------------

def _segments(page, reader) -> set:
    """Every straight line drawn outside any transform, in mm, rounded to 0.01 mm."""
    out, depth, at = set(), 0, None
    for args, op in ContentStream(page.get_contents(), reader).operations:
        if op == b"q":
            depth += 1
        elif op == b"Q":
            depth -= 1
        elif op == b"m":
            at = tuple(float(v) / to_pt(1) for v in args)
        elif op == b"l" and at is not None and depth == 0:
            end = tuple(float(v) / to_pt(1) for v in args)
            out.add(tuple(round(v, 2) for v in (*at, *end)))
            at = end
    return out


def _rects(page, reader) -> set:
    """Every rectangle (`re`) drawn, in mm, rounded to 0.01 mm."""
    return {tuple(round(float(v) / to_pt(1), 2) for v in args)
            for args, op in ContentStream(page.get_contents(), reader).operations if op == b"re"}


def _measure(drawn: set, grid, size) -> None:
    """The grid's crop marks are on the page, and neighbouring cut lines are exactly a piece's
    width or height (or a gutter) apart."""
    want = {tuple(round(v, 2) for v in (s.x1, s.y1, s.x2, s.y2)) for s in grid.crop_marks}
    assert want <= drawn
    xs = sorted({s[0] for s in want if s[0] == s[2]})
    ys = sorted({s[1] for s in want if s[1] == s[3]})
    assert {round(b - a, 2) for a, b in zip(xs, xs[1:])} <= {size.width, size.gutter}
    assert {round(b - a, 2) for a, b in zip(ys, ys[1:])} <= {size.height, size.gutter}
    assert round(xs[1] - xs[0], 2) == size.width and round(ys[-1] - ys[-2], 2) == size.height


@pytest.mark.parametrize("name,sections,step", [("tokens.pdf", "token", 1), ("tiles.pdf", "duplex", 2),
                                                ("dice-stickers.pdf", "die", 1)])
def test_crop_marks_on_paper_measure_each_piece(comp, built, name, sections, step):
    """The crop marks printed on each cut sheet cut exactly the layout's piece sizes."""
    layout = _layout()
    reader = PdfReader(io.BytesIO(built[0][name][0]))
    sections = {"token": lambda: tokens.token_sections(comp, layout), "duplex": lambda: tokens.duplex_sections(comp),
                "die": lambda: tokens.die_sections(comp)}[sections]()
    pages = pack(layout, sections)
    assert len(reader.pages) == step * len(pages)
    for k, placed in enumerate(pages):
        drawn = _segments(reader.pages[step * k], reader)
        for p in placed:
            _measure(drawn, p.grid, piece(layout, sections[p.section].piece))


@pytest.mark.parametrize("name,piece_name", [("player-boards.pdf", "pilgrim_board"), ("player-aid.pdf", "player_aid"),
                                             ("automa.pdf", "automa_board")])
def test_boards_and_cards_are_cut_to_their_piece(built, name, piece_name):
    from kit.draw.imposition import grid
    layout = _layout()
    reader = PdfReader(io.BytesIO(built[0][name][0]))
    size = piece(layout, piece_name)
    g = grid(layout, piece_name)
    drawn = _segments(reader.pages[0], reader)
    _measure(drawn, g, size)


def test_duplex_backs_lie_under_their_fronts(comp, built):
    """Each painting and wave tile's back is drawn where turning the sheet on the layout's edge
    puts its front: mirrored about the sheet's centre line, bleed box for bleed box."""
    layout = _layout()
    reader = PdfReader(io.BytesIO(built[0]["tiles.pdf"][0]))
    pages = pack(layout, tokens.duplex_sections(comp))
    assert len(reader.pages) == 2 * len(pages)
    for k, placed in enumerate(pages):
        front, back = _rects(reader.pages[2 * k], reader), _rects(reader.pages[2 * k + 1], reader)
        for p in placed:
            b = p.grid.bleed
            for t, u in zip(p.grid.trims, back_trims(p.grid, layout.duplex_flip)):
                assert math.isclose(u.x, layout.paper_width - t.x2) and math.isclose(u.y, t.y)
                assert (round(t.x - b, 2), round(t.y - b, 2), round(t.w + 2 * b, 2), round(t.h + 2 * b, 2)) in front
                assert (round(u.x - b, 2), round(u.y - b, 2), round(u.w + 2 * b, 2), round(u.h + 2 * b, 2)) in back


def test_painting_backs_carry_their_owner(comp, built):
    reader = PdfReader(io.BytesIO(built[0]["tiles.pdf"][0]))
    back = reader.pages[1].extract_text()
    per = len(comp.paintings)
    for p in PLAYERS:
        assert back.count(f"{p.seat} {p.name}") == per


def test_the_wave_tiles_print_side_a_on_the_front_and_side_b_behind(comp, built):
    reader = PdfReader(io.BytesIO(built[0]["tiles.pdf"][0]))
    front, back = reader.pages[0].extract_text(), reader.pages[1].extract_text()
    for w in comp.waves:
        side = front if w.id.endswith("a") else back
        other = back if side is front else front
        assert w.name in side and w.name not in other


def _fonts_embedded(reader) -> bool:
    found = False
    for page in reader.pages:
        for font in (page.get("/Resources", {}).get("/Font", {}) or {}).values():
            font = font.get_object()
            descendants = font.get("/DescendantFonts")
            desc = (descendants[0].get_object() if descendants else font).get("/FontDescriptor")
            if desc is None:
                return False
            desc = desc.get_object()
            if not any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3")):
                return False
            found = True
    return found


def test_every_file_has_its_pages_on_the_paper_with_fonts_embedded(built):
    a4 = (to_pt(PAPERS["A4"][0]), to_pt(PAPERS["A4"][1]))
    expected = {"player-boards.pdf": 3, "tiles.pdf": 2, "tokens.pdf": 1, "dice-stickers.pdf": 1,
                "player-aid.pdf": 2, "automa.pdf": 1, "score-pad.pdf": 1, "alignment.pdf": 2}
    for name, (data, pages) in built[0].items():
        reader = PdfReader(io.BytesIO(data))
        assert len(reader.pages) == pages, name
        if name in expected:
            assert pages == expected[name], name
        for page in reader.pages:
            size = sorted((float(page.mediabox.width), float(page.mediabox.height)))
            assert all(math.isclose(s, t, abs_tol=0.01) for s, t in zip(size, a4)), name
        assert _fonts_embedded(reader), name


def test_two_renders_are_byte_identical(built):
    first, second = built
    assert first.keys() == second.keys()
    for name in first:
        assert first[name][0] == second[name][0], name


@pytest.mark.parametrize("paper", ["Letter", "A3"])
def test_other_papers_hold_every_piece(comp, paper):
    layout = _layout(paper)
    data, pages = playerboards.boards_pdf(comp, layout)
    reader = PdfReader(io.BytesIO(data))
    w, h = (float(reader.pages[0].mediabox.width), float(reader.pages[0].mediabox.height))
    assert math.isclose(w, to_pt(PAPERS[paper][0]), abs_tol=0.01)
    assert math.isclose(h, to_pt(PAPERS[paper][1]), abs_tol=0.01)
    per = len(pack(layout, (Section("pilgrim_board", "", 6, None),))[0][0].grid.trims)
    assert pages == math.ceil(6 / per)


def test_progress_sheet_numbers_every_round_once(comp):
    layout = _layout()
    g = sheets.log_table(sheets.page_of(layout, landscape=True), progress_sheet(layout))
    numbers = [r for rows in g.pages for r in rows]
    assert numbers == list(range(1, sheets.PICKS * progress_turns(layout) + 1))     # three rows a round
    assert g.per_round == sheets.PICKS and all(len(rows) % sheets.PICKS == 0 for rows in g.pages)
    data, pages = sheets.progress_pdf(NS(components=comp), layout)
    assert pages == len(g.pages)
    text = PdfReader(io.BytesIO(data)).pages[0].extract_text()
    for col in (*sheets.ROUND_COLUMNS, *sheets.PICK_COLUMNS):
        assert col.title.split(" ")[0] in text


def test_the_automa_card_prints_its_rules_and_tracks(built):
    text = PdfReader(io.BytesIO(built[0]["automa.pdf"][0])).pages[0].extract_text()
    lines, tracks = AUTOMA
    for ja, en in lines:
        assert en.split(":")[0] in text
    assert all(str(v) in text for track in tracks for v in track)


# --- the real data, through the command line ---------------------------------------------------

def test_kit_build_writes_every_declared_product_twice_the_same(project):
    from click.testing import CliRunner
    from kit.cli import main
    from kit.games import games

    outs = []
    for run in "ab":
        result = CliRunner().invoke(main, ["build", "--game", "shikoku-duo", "--out", str(project / run)])
        assert result.exit_code == 0, result.output
        outs.append(result.output)
    products = set(games()["shikoku-duo"].products)
    written = {p.name for p in (project / "a").iterdir()}
    assert products <= written
    for name in written:
        assert name in outs[0]
        data = (project / "a" / name).read_bytes()
        assert data == (project / "b" / name).read_bytes(), name
        assert _fonts_embedded(PdfReader(io.BytesIO(data))), name


def test_the_real_data_prints_every_piece(project):
    from kit.games import make_context
    from kit.games.shikoku_duo.model import load

    ctx = make_context("shikoku-duo")
    comp = load(ctx.data_dir, (), ctx.map_path()).components
    by = {s.piece: s.count for s in tokens.token_sections(comp, ctx.layout)}
    assert by["goods_token"] == sum(comp.goods.values()) and by["shop_token"] == len(comp.shops)
    assert by["gold_slab"] == 2 * len(comp.slabs)
    assert {s.piece: s.count for s in tokens.duplex_sections(comp)} == {
        "painting_tile": 2 * len(comp.paintings), "wave_tile": 3}
    lays = playerboards.layouts(ctx.layout, comp)
    assert len(lays["artist"].slots["painting"]) == len(comp.artist_slots)
    assert len(lays["artist"].slots["legend"]) == len(comp.painting_types)


@pytest.mark.parametrize("paper", ["Letter", "A3"])
def test_every_file_follows_the_paper(comp, shipped, paper):
    layout = _layout(paper)
    game = NS(components=comp, rules=shipped[0].rules)
    portrait = sorted(to_pt(v) for v in PAPERS[paper])
    for name, (data, pages) in pieces(game, layout, AUTOMA, (), shipped[1]).items():
        reader = PdfReader(io.BytesIO(data))
        assert len(reader.pages) == pages >= 1, name
        for page in reader.pages:
            size = sorted((float(page.mediabox.width), float(page.mediabox.height)))
            assert all(math.isclose(s, t, abs_tol=0.01) for s, t in zip(size, portrait)), (name, paper)


def test_a_progress_sheet_row_reads_as_the_replay_logs_turn():
    row = {"seat": "1", "character": "巡", "steps": "3", "where": "12", "action": "wave merchant"}
    assert sheets.turn_lines(row) == ["1: pilgrim 3 12 wave merchant"]
    repeated = {**row, "character": "商", "where": "kochi", "action": "sell 2", "repeat": "uwajima sell 1"}
    assert sheets.turn_lines(repeated) == ["1: merchant 3 kochi sell 2", "1: repeat merchant 3 uwajima sell 1"]
    assert [c.key for c in sheets.PICK_COLUMNS] == ["seat", "character", "steps", "where", "action", "repeat"]


def test_progress_sheet_rows_are_read_by_the_replay(project):
    """Rows copied off the progress sheet make a log `kit replay` reads, move for move."""
    from kit.games.shikoku_duo import replay
    from kit.data.errors import Where
    from kit.games.shikoku_duo import rules as R
    from kit.games.shikoku_duo.model import load
    from kit.games import make_context
    from kit.data.yamlload import parse_yaml

    ctx = make_context("shikoku-duo")
    t = R.tables(load(ctx.data_dir, (), ctx.map_path()))
    rows = [{"seat": "1", "character": "巡", "steps": "3", "where": "12", "action": ""},
            {"seat": "2", "character": "商", "steps": "2", "where": "kochi", "action": "sell 2",
             "repeat": "uwajima sell 1"},
            {"seat": "1", "character": "絵", "steps": "1", "where": "katsuura", "action": "paint"}]
    lines = [line for row in rows for line in sheets.turn_lines(row)]
    text = ("seed: 1\nplayers: 2\nrounds:\n  - dice: {pilgrim: 3, merchant: 2, artist: 1}\n    turns:\n"
            + "".join(f"      - \"{line}\"\n" for line in lines))
    log, rounds = replay.parse_log(parse_yaml(text, "log.yaml"), Where("log.yaml"), t)
    (round_,) = replay.read_rounds(rounds, t)
    assert [(turn.seat, R.CHARACTERS[turn.move.character], turn.move.steps, turn.repeat) for turn in round_.turns] == [
        (0, "pilgrim", 3, False), (1, "merchant", 2, False), (1, "merchant", 2, True), (0, "artist", 1, False)]


@pytest.mark.parametrize("paper", PAPERS)
def test_the_progress_sheet_prints_nothing_smaller_than_6_pt(comp, paper):
    # Its columns' second lines, labels and key are read at the table: none below 6 pt, even
    # where a column is shrunk to fit.
    data, _ = sheets.progress_pdf(NS(components=comp), _layout(paper))
    sizes = text_sizes(data)
    assert len(sizes) > 100
    smallest = min(sizes)
    assert smallest[0] >= 6 - 1e-6, smallest
    from kit.draw.turnlog import flatten

    subs = {c.sub for c, _, _ in flatten(sheets.log_columns()) if c.sub}
    assert subs <= {s for _, s in sizes}          # every second line is printed, none cut short


def test_the_progress_sheet_leaves_the_setup_to_the_deal_sheet(comp):
    # No boxes for the shops by coastal town, the wave sides or each player's tile order:
    # the deal sheet of the seed prints all of them, and the replay log needs only the seed.
    data, _ = sheets.progress_pdf(NS(components=comp), _layout())
    text = PdfReader(io.BytesIO(data)).pages[0].extract_text()
    assert "shops by coastal town" not in text and "painting tiles, slot" not in text
    assert "wave sides up" not in text
    assert "Set up from the deal sheet of the seed (kit deal --game shikoku-duo --seed N)" in text
    for field in ("seed", "players", "rules"):                # the replay log's own fields
        assert field in text


def test_the_progress_sheet_says_how_goods_are_written_and_keeps_its_text_inside_the_margins(comp):
    # The log's goods by name do not fit the ~35 mm action cell; the key under the table says
    # they may be written by initial, from the data's goods. Every character stays inside the
    # printable area, the key's right end included.
    import pypdfium2 as pdfium

    from kit.games.shikoku_duo.replay import goods_initials

    layout = _layout()
    data, pages = sheets.progress_pdf(NS(components=comp), layout)
    initials = goods_initials(tuple(comp.goods))
    assert initials
    text = PdfReader(io.BytesIO(data)).pages[0].extract_text()
    assert f"goods by name or initial, {' '.join(initials)}" in text
    margin = to_pt(layout.margin)
    doc = pdfium.PdfDocument(data)
    for k in range(pages):
        page = doc[k]
        width, height = page.get_size()
        chars = page.get_textpage()
        boxes = [chars.get_charbox(i) for i in range(chars.count_chars())]
        assert boxes
        left, bottom = min(b[0] for b in boxes), min(b[1] for b in boxes)
        right, top = max(b[2] for b in boxes), max(b[3] for b in boxes)
        assert left >= margin and bottom >= margin, (k, left, bottom)
        assert right <= width - margin and top <= height - margin, (k, right, top)


# --- the rules the pieces print: the rulebook's, for the rules being built ----------------------

def _printed(rules=()):
    """player-aid.pdf and tiles.pdf of the shipped game under `rules`, their text squeezed, and
    the rulebook and values they print from."""
    from conftest import MAP
    from kit.games.shikoku_duo.model import load
    from kit.games.shikoku_duo.rulebook import load_book, printed

    data = ROOT / "data" / "shikoku-duo"
    game = load(data, tuple(rules), MAP)
    book = load_book(data, game)
    shown = printed(game, book)
    aid = sheets.aid_pdf(shown, _layout(), book)[0]
    tiles = tokens.tiles_pdf(shown.components, _layout())[0]
    squeeze = lambda pdf: "".join("".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages).split())  # noqa: E731
    return book, game.rules, squeeze(aid), squeeze(tiles), aid


def test_the_aid_sets_its_text_as_large_as_its_columns_take():
    """The aid's text is fitted to 0.01 pt, not in steps that give away size; the back's setup,
    the fullest text kit prints, has the width A4 takes and stands above the floor."""
    import re
    from collections import Counter

    assert 6.36 <= sheets._largest(lambda size: size <= 6.37, 8.4, "never") <= 6.37
    assert sheets._largest(lambda size: True, 8.4, "never") == 8.4
    with pytest.raises(KitError, match="too full"):
        sheets._largest(lambda size: size < sheets.AID_FLOOR_PT, 8.4, "too full")
    back = PdfReader(io.BytesIO(_printed()[4])).pages[1].get_contents().get_data().decode("latin-1")
    sizes = Counter(round(float(v), 3) for v in re.findall(r"/F\d+\+?\d* ([\d.]+) Tf", back))
    body = sizes.most_common(1)[0][0]
    assert min(sizes) >= sheets.AID_FLOOR_PT and body >= 6.15, sizes


VARIANT = (("merchant_path", "walk"), ("paint_plus", "cap"), ("copper_over_top", "kept"),
           ("pilgrim_blockers", "pilgrims"), ("first_drafter", "seat1"))


@pytest.mark.parametrize("rules", [(), VARIANT])
def test_the_aid_prints_the_rulebooks_summary_setup_and_sentences_in_both_languages(rules):
    book, values, aid, _, data = _printed(rules)
    for lang in ("ja", "en"):
        for p in book.filled(book.summary[lang], values, lang) + book.section("setup", values, lang):
            assert "".join(p.removeprefix("- ").split())[:16] in aid, (lang, p)
        for option, _, _ in sheets.AID_RULES:
            assert "".join(book.sentence(option, values[option], lang).split())[:16] in aid, (lang, option)
        # the back: setting up from a deal sheet and keeping the record, from the rulebook's notes
        assert {"deal_sheet", "record"} <= set(book.notes)
        for name in book.notes:
            title, paragraphs = book.note(name, values, lang)
            assert "".join(title.split()) in aid and all("".join(p.split())[:16] in aid for p in paragraphs)
    assert min(s for s, _ in text_sizes(data)) >= sheets.AID_FLOOR_PT - 1e-6


def test_the_rules_in_force_change_what_the_aid_and_the_practised_tile_say():
    book, _, aid, tiles, _ = _printed()
    _, _, variant_aid, variant_tiles, _ = _printed(VARIANT)
    for option, value in VARIANT:
        default = book.readings[option]
        for lang in ("ja", "en"):
            said = "".join(book.sentence(option, value, lang).split())[:16]
            usual = next("".join(book.sentence(option, v, lang).split())[:16] for v in default if v != value)
            assert said in variant_aid and said not in aid, (option, lang)
            assert usual in aid and usual not in variant_aid, (option, lang)
    count, cap = ("".join(book.sentence("paint_plus", v, "ja").split())[:12] for v in ("count", "cap"))
    assert count in tiles and cap not in tiles
    assert cap in variant_tiles and count not in variant_tiles


def test_each_wave_side_prints_its_effect_in_both_languages_on_its_own_face_at_6_pt():
    from conftest import MAP
    from pypdf import PdfReader as Reader
    from kit.games.shikoku_duo.model import load
    from kit.games.shikoku_duo.rulebook import load_book, printed

    data = ROOT / "data" / "shikoku-duo"
    game = load(data, (), MAP)
    shown = printed(game, load_book(data, game))
    reader = Reader(io.BytesIO(tokens.tiles_pdf(shown.components, _layout())[0]))
    sizes = {0: [], 1: []}

    def visitor(page):
        def see(text, cm, tm, font, size):
            if text.strip():
                sizes[page].append((text, size * tm[0]))
        return see

    faces = []
    for i, page in enumerate(reader.pages):
        faces.append("".join(page.extract_text(visitor_text=visitor(i)).split()))
    for w in shown.components.waves:
        face, other = (faces[0], faces[1]) if w.id in ("brisk", "harvest", "practised") else (faces[1], faces[0])
        for said in (w.text, w.text_en):
            assert "{" not in said and "".join(said.split()) in face and "".join(said.split()) not in other, said
        words = w.text_en.split()
        drawn = [size for page in sizes.values() for text, size in page if text.strip() and text.split()[0] == words[0]]
        assert drawn and min(drawn) >= 6 - 1e-6, (w.text_en, drawn)


def test_the_aid_back_says_players_dice_and_minutes_from_the_data_in_both_languages(tmp_path):
    from conftest import MAP
    from kit.games.shikoku_duo.model import load
    from kit.games.shikoku_duo.options import PLAYERS as SEATS

    book, _, aid, _, _ = _printed()
    game = load(ROOT / "data" / "shikoku-duo", (), MAP)
    lo, hi = game.components.minutes
    assert (lo, hi) == (20, 35)
    assert f"{SEATS[1]}人（{SEATS[0]}人ならオートマと）・ダイス{len(game.components.dice)}個・約{lo}〜{hi}分" in aid
    assert "".join(f"{SEATS[1]} players (or {SEATS[0]} against the Automa), 3 dice, {lo}–{hi} minutes".split()) in aid
    assert book.facts["en"]["at_a_glance"].endswith(f"{lo}–{hi} minutes")
    # a play time that is not [least, most] is refused at its line
    data = tmp_path / "shikoku-duo"
    shutil.copytree(ROOT / "data" / "shikoku-duo", data)
    path = data / "components.yaml"
    body = path.read_text(encoding="utf-8")
    line = body[:body.index("minutes: [20, 35]")].count("\n") + 1
    path.write_text(body.replace("minutes: [20, 35]", "minutes: [35, 20]"), encoding="utf-8")
    with pytest.raises(KitError) as err:
        load(data, (), MAP)
    assert "minutes should be [least, most]" in str(err.value) and f"components.yaml:{line}" in str(err.value)
