"""karuta's print files: `kit build --game karuta` and `kit deal`, checked as numbers and as PDFs."""

import io
import re

import pytest
from pypdf import PdfReader

from kit.draw import fonts
from kit.data.errors import KitError
from kit.draw.fonts import text_width
from kit.draw.imposition import Rect, grid
from kit.games.karuta.settings import board as board_settings, compared_cards
from kit.games import make_context
from kit.data.units import to_pt

from conftest import ROOT

FILES = ("board.pdf", "board-overview.pdf", "board-key.pdf", "cards.pdf", "card-sizes.pdf", "progress-sheet-2p.pdf",
         "progress-sheet-3p.pdf", "progress-sheet-4p.pdf", "player-aid.pdf", "rules.pdf")


@pytest.fixture
def built(project):
    from kit.games.karuta.build import build
    ctx = make_context("karuta", out=str(project / "out"))
    return ctx, build(ctx)


def _fonts_embedded(reader: PdfReader) -> int:
    """Checks every font of every page carries its TrueType program; returns how many were seen."""
    seen = 0
    for page in reader.pages:
        objects = [page["/Resources"]]
        xobjects = page["/Resources"].get("/XObject", {})
        objects += [x.get_object()["/Resources"] for x in xobjects.values() if "/Resources" in x.get_object()]
        for resources in objects:
            for font in resources.get("/Font", {}).values():
                font = font.get_object()
                desc = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
                assert "/FontFile2" in desc["/FontDescriptor"].get_object(), font
                seen += 1
    return seen


def test_build_writes_every_file_that_parses_with_embedded_fonts(built):
    ctx, written = built
    assert [p.name for p, _ in written] == list(FILES)
    paper = (round(to_pt(ctx.layout.paper_width)), round(to_pt(ctx.layout.paper_height)))
    total_fonts = 0
    for path, pages in written:
        reader = PdfReader(path)
        assert len(reader.pages) == pages > 0
        for page in reader.pages:
            size = (round(float(page.mediabox.width)), round(float(page.mediabox.height)))
            assert size in (paper, paper[::-1]), (path.name, size)
        total_fonts += _fonts_embedded(reader)
    assert total_fonts > 0


def test_two_builds_are_byte_identical(project):
    from kit.games.karuta.build import build
    a = build(make_context("karuta", out=str(project / "a")))
    b = build(make_context("karuta", out=str(project / "b")))
    for (pa, _), (pb, _) in zip(a, b):
        assert pa.read_bytes() == pb.read_bytes(), pa.name


def test_cards_pdf_holds_every_card_and_marks_where_computed(built):
    ctx, written = built
    pages = dict((p.name, n) for p, n in written)
    sheet = grid(ctx.layout, "card")
    sheets = -(-68 // sheet.per_sheet)
    assert pages["cards.pdf"] == 2 * sheets + 2          # front and back per sheet, then the duplex test
    reader = PdfReader(ctx.out_dir / "cards.pdf")
    line = re.compile(rb"(-?[\d.]+) (-?[\d.]+) m (-?[\d.]+) (-?[\d.]+) l S")
    found = {tuple(round(float(v), 1) for v in m.groups())
             for m in line.finditer(reader.pages[0].get_contents().get_data())}
    expected = {tuple(round(to_pt(v), 1) for v in (m.x1, m.y1, m.x2, m.y2)) for m in sheet.crop_marks}
    assert expected <= found
    assert sheet.trims[0].w == pytest.approx(24) and sheet.trims[0].h == pytest.approx(26)


def test_a_failed_build_leaves_earlier_outputs_untouched(built, project, monkeypatch):
    from kit.games.karuta.build import build
    ctx, written = built
    before = {p: (p.read_bytes(), p.stat().st_mtime_ns) for p, _ in written}
    monkeypatch.setenv("KIT_MAP", str(project / "no-such-map.svg"))
    with pytest.raises(KitError):
        build(make_context("karuta", out=str(ctx.out_dir)))
    monkeypatch.delenv("KIT_MAP")
    provinces = project / "data" / "karuta" / "provinces.yaml"
    provinces.write_text(provinces.read_text(encoding="utf-8") + "\n  - {kanji: 蝦夷}\n", encoding="utf-8")
    with pytest.raises(KitError):
        build(make_context("karuta", out=str(ctx.out_dir)))
    assert {p: (p.read_bytes(), p.stat().st_mtime_ns) for p, _ in written} == before


def test_corner_index_changes_the_fronts_only(project):
    from kit.games.karuta.build import render
    ctx = make_context("karuta", out=str(project / "o"))
    plain, indexed = render(ctx, False), render(ctx, True)
    cards = ctx.out_dir / "cards.pdf"
    assert plain[cards][1] == indexed[cards][1] and plain[cards][0] != indexed[cards][0]
    assert plain[ctx.out_dir / "board.pdf"] == indexed[ctx.out_dir / "board.pdf"]


# --- card faces as numbers -------------------------------------------------------------

SIZES = ((22.0, 16.0), (24.0, 26.0), (26.0, 30.0), (34.0, 46.0))


@pytest.fixture(scope="module")
def model():
    from kit.games.karuta.model import load
    fonts.register()
    return load(ROOT / "data" / "karuta")


def _inside(inner: Rect, outer: Rect) -> bool:
    e = 1e-9
    return inner.x >= outer.x - e and inner.y >= outer.y - e and inner.x2 <= outer.x2 + e and inner.y2 <= outer.y2 + e


@pytest.mark.parametrize("w,h", SIZES)
@pytest.mark.parametrize("corner", [False, True])
def test_face_elements_stay_in_the_safe_zone_and_kanji_dominate(model, w, h, corner):
    from kit.games.karuta.cards import face, sizes
    safe = 1.0
    f = face(w, h, safe, corner)
    zone = Rect(safe, safe, w - 2 * safe, h - 2 * safe)
    for r in (f.badge, f.romaji, f.kana, f.kanji, f.shape, f.number, f.index):
        assert _inside(r, zone), r
    assert f.romaji.x2 < f.badge.x and f.romaji.y >= f.kana.y     # beside the badge, above the furigana
    for a, b in ((f.kana, f.kanji), (f.kanji, f.shape), (f.badge, f.kanji)):
        assert a.y >= b.y2 - 1e-9          # stacked top to bottom without overlapping
    assert f.band.x2 <= f.kanji.x
    for p in model.provinces:
        s = sizes(f, p)
        assert s.kanji > s.kana
        assert text_width(p.kanji, s.kanji) <= to_pt(f.kanji.w) + 1e-6
        assert text_width(p.kana, s.kana) <= to_pt(f.kana.w) + 1e-6
        assert text_width(p.romaji, s.romaji) <= to_pt(f.romaji.w) + 1e-6


def test_every_card_prints_its_romaji_at_6_pt_clear_of_the_badge_and_the_furigana(model, project):
    # measured on cards.pdf as printed: each card's romaji (with its macrons) beside its region
    # badge's kanji on the same line, and its letters' feet above its furigana's tops
    from kit.draw.textsize import sizes as printed
    from kit.games.karuta.cards import cards_pdf
    from kit.games.karuta.geo import load_all
    ctx = make_context("karuta")
    _, board = load_all(ctx)
    data, _ = cards_pdf(model, {k: r.shape for k, r in board.regions.items()}, ctx.layout)
    runs = printed("cards.pdf", data)
    badges = {r.badge for r in model.regions}
    for p in model.provinces:
        (kanji,) = [r for r in runs if r.text == p.kanji]
        (rom,) = [r for r in runs if r.text == p.romaji and r.page == kanji.page and abs(r.x - kanji.x) < 12
                  and 0 < r.y - kanji.y < 12]
        assert rom.size >= 6.0, p
        (kana,) = [r for r in runs if r.text == p.kana and r.page == rom.page and abs(r.x - rom.x) < 20
                   and 0 < rom.y - r.y < 5]
        assert rom.y - 0.22 * rom.size / to_pt(1) > kana.y + 0.88 * kana.size / to_pt(1), p
        right = rom.x + text_width(p.romaji, rom.size) / to_pt(1)
        (badge,) = [r for r in runs if r.text in badges and r.page == rom.page and abs(r.y - rom.y) < 1.0
                    and 0 < r.x - rom.x < 20]
        assert right + 1.0 < badge.x, p      # at least a millimetre short of the badge's character


def test_furigana_warnings_follow_the_card_size(model, project):
    from kit.games.karuta.cards import furigana_warnings
    ctx = make_context("karuta")
    assert furigana_warnings(model, ctx.layout) == []
    narrow = furigana_warnings(model, ctx.layout.with_piece("card", 12, 26))
    warned = {w.message.split(":")[0] for w in narrow if "furigana" in w.message}
    assert "遠江" in warned                                  # とおとうみ: five kana
    assert any(len(p.kana) <= 3 and p.kanji not in warned for p in model.provinces)
    assert all(w.where is not None and w.where.line for w in narrow)


def test_outline_fits_its_box_and_keeps_the_aspect(model, project):
    from kit.games.karuta.cards import fit_outline
    from kit.games.karuta.geo import load_all
    _, board = load_all(make_context("karuta"))
    for kanji in ("陸奥", "対馬", "武蔵"):
        shape = board.regions[kanji].shape
        o = fit_outline(shape, 18.0, 9.0)
        xs = [x for ring in o.rings for x, _ in ring]
        ys = [y for ring in o.rings for _, y in ring]
        assert min(xs) >= -1e-6 and max(xs) <= 18 + 1e-6 and min(ys) >= -1e-6 and max(ys) <= 9 + 1e-6
        # it touches the box on one axis at least, so it is as large as it can be
        assert max(xs) - min(xs) == pytest.approx(18, abs=0.3) or max(ys) - min(ys) == pytest.approx(9, abs=0.3)
        x0, y0, x1, y1 = shape.bounds
        assert (max(xs) - min(xs)) / (max(ys) - min(ys)) == pytest.approx((x1 - x0) / (y1 - y0), rel=0.05)


# --- sheets, board, deal -----------------------------------------------------------------

@pytest.mark.parametrize("paper", ["A4", "A3", "Letter"])
def test_progress_log_has_every_turn_once(paper, project):
    from kit.games.karuta.sheets import HEADER_H, SUMMARY_H, log_table
    from kit.draw.imposition import sheet_margin
    from kit.data.layoutfile import progress_turns
    lay = make_context("karuta", paper=paper).layout
    turns = progress_turns(lay)
    assert turns == 110
    log = log_table(lay)
    assert [t for r in log.pages for t in r] == list(range(1, turns + 1))
    m = sheet_margin(lay)
    assert log.tops[0] == pytest.approx(lay.paper_height - m - HEADER_H)
    assert all(log.bottom(k) >= m + 2 - 1e-9 for k in range(len(log.pages)))
    assert log.bottom(len(log.pages) - 1) - SUMMARY_H - 4 >= m + 2 - 1e-9      # the summary box fits under it


@pytest.mark.parametrize("players", [2, 3, 4])
def test_progress_log_takes_three_marks_a_turn_and_cards_left_once_a_round(players):
    from kit.games.karuta.sheets import log_columns, log_table
    from kit.data.layoutfile import progress_sheet
    from kit.draw.turnlog import place
    cells, groups = place(log_columns(players), 8.0, 194.0)
    columns = [cell.column for cell in cells]
    assert sum(c.per == "turn" for c in columns) <= 3            # seat, route (or パス), cards played
    assert [c.title for c in columns if c.per == "round"] == [f"残{s + 1}" for s in range(players)]
    assert sum(cell.width for cell in cells) == pytest.approx(194.0)
    # room to write a kanji name by hand: a row 8 mm high as shipped, a wide cards column
    layout = make_context("karuta").layout
    assert progress_sheet(layout).row_height >= 7.5
    cards = next(cell for cell in cells if cell.column.title.startswith("出した札"))
    assert cards.width >= 60
    log = log_table(layout, players)
    assert log.per_round == players
    for page in log.pages:                # a round never splits over two pages
        if page.stop <= 110:
            assert (page.start - 1) % players == 0 and len(page) % players == 0


def test_player_aid_lists_every_place_the_rules_differ_from_the_map(project):
    from kit.games.karuta.build import render
    from kit.games.karuta.check import map_warnings
    from kit.games.karuta.geo import load_all
    ctx = make_context("karuta", out=str(project / "out"))
    out = render(ctx)
    model, board = load_all(ctx)
    page_text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(out[ctx.out_dir / "player-aid.pdf"][0])).pages)
    warnings = map_warnings(model, board)
    assert warnings
    flat = page_text.replace("\n", " ")
    for w in warnings:
        pair = [k for k in model.by_kanji if k in w.message]
        assert any(f"{a}–{b}" in flat or f"{a} → {b}" in flat for a in pair for b in pair if a != b), w.message


def test_board_slots_start_label_and_legend_keep_clear(model, project):
    from kit.games.karuta.boardpdf import (LEGEND_H, LEGEND_W, Frame, free_spot, obstacles,
                                           start_label_rect)
    from kit.games.karuta.build import board_slots
    from kit.games.karuta.geo import load_all
    ctx = make_context("karuta")
    m, board = load_all(ctx)
    slots = board_slots(m, board, ctx.layout)
    f = Frame(board_settings(ctx.layout).scale, board.height)
    assert set(slots) == {p.kanji for p in m.provinces}
    width, height = board.width * f.scale, board.height * f.scale
    for s in slots.values():
        assert _inside(f.rect(s), Rect(0, 0, width, height))
        assert f.rect(s).w == pytest.approx(24) and f.rect(s).h == pytest.approx(26)
    label = start_label_rect(slots, f)
    others = [f.rect(s) for k, s in slots.items() if k != "武蔵"]
    assert not any(label.x < o.x2 and o.x < label.x2 and label.y < o.y2 and o.y < label.y2 for o in others)
    from shapely.geometry import box
    blocked = obstacles(m, board, slots, f)
    legend = free_spot(blocked, width, height, LEGEND_W, LEGEND_H, (width, 0))
    assert not blocked.intersects(box(legend.x, legend.y, legend.x2, legend.y2))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_deal_sheet_lists_the_shared_deal(project, players):
    from kit.games.karuta.deal import deal_hands
    from kit.games.karuta.dealsheet import deal_command, hands
    from kit.games.karuta.model import load
    ctx = make_context("karuta", out=str(project / "deal"))
    text, written = deal_command(ctx, players, 11)
    m = load(ctx.data_dir)
    dealt = deal_hands(tuple(p.kanji for p in m.provinces), players, 11)
    for hand, cards in zip(hands(m, players, 11), dealt):
        assert sorted(k for _, group in hand.groups for _, k in group) == sorted(cards)
    for p in m.provinces:
        assert text.count(f"{p.number} {p.kanji}") == 1
    (path, pages), = written
    assert path == ctx.out_dir / "deal-11.pdf" and len(PdfReader(path).pages) == pages
    first = path.read_bytes()
    deal_command(ctx, players, 11)
    assert path.read_bytes() == first
    assert _fonts_embedded(PdfReader(io.BytesIO(first))) > 0


# --- refusals before anything is drawn --------------------------------------------------

def _cli(*args):
    from click.testing import CliRunner
    from kit.cli import main
    res = CliRunner().invoke(main, list(args))
    if res.exception and not isinstance(res.exception, SystemExit):
        raise res.exception
    return res.exit_code, res.output


@pytest.mark.parametrize("command", ["build", "check"])
def test_a_card_with_no_room_inside_its_safe_zone_is_refused(project, command):
    out_dir = ("--out", "out") if command == "build" else ()
    code, out = _cli(command, "-g", "karuta", "--card", "3x3", *out_dir)
    assert code == 2 and "error: a 3 × 3 mm card leaves no room inside its 1 mm safe zone for" in out
    # a safe zone too deep for the layout's own card is refused where it is written
    (project / "safe.yaml").write_text("pieces:\n  card:\n    safe: 20mm\n", encoding="utf-8")
    code, out = _cli(command, "-g", "karuta", "--layout", "safe.yaml", *out_dir)
    assert code == 2 and "safe.yaml:3: a 20 mm safe zone leaves nothing of a 24 × 26 mm card" in out
    assert not (project / "out").exists()


def test_a_card_too_big_for_the_paper_is_refused_by_the_imposition(project):
    code, out = _cli("build", "-g", "karuta", "--card", "300x400", "--out", "out")
    assert code == 2, out
    assert out.strip() == "error: a 300 × 400 mm card with its bleed and crop marks does not fit on A4 paper"
    assert not (project / "out").exists()


# --- nothing printed where a home printer cannot print ------------------------------------

def _mul(a, b):
    """The product of two PDF matrices (a, b, c, d, e, f): a applied first."""
    return (a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3], a[2] * b[0] + a[3] * b[2],
            a[2] * b[1] + a[3] * b[3], a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5])


def text_boxes(reader: PdfReader, page) -> list[tuple[float, float, float, float]]:
    """The box (x0, y0, x1, y1, mm) of every string shown on a page, inside forms too: each
    string's advance from its font's widths, its height from the font's ascent and descent."""
    out: list = []
    _show(reader, page.get_contents(), page["/Resources"], (1, 0, 0, 1, 0, 0), out)
    return out


def _show(reader, contents, resources, ctm, out):
    from pypdf.generic import ContentStream
    saved, font, size, leading = [], None, 0.0, 0.0
    tm = line = (1, 0, 0, 1, 0, 0)
    for operands, op in ContentStream(contents, reader).operations:
        if op == b"q":
            saved.append(ctm)
        elif op == b"Q":
            ctm = saved.pop()
        elif op == b"cm":
            ctm = _mul(tuple(map(float, operands)), ctm)
        elif op == b"BT":
            tm = line = (1, 0, 0, 1, 0, 0)
        elif op == b"Tm":
            tm = line = tuple(map(float, operands))
        elif op in (b"Td", b"TD", b"T*"):
            if op == b"TD":
                leading = -float(operands[1])
            dx, dy = (0.0, -leading) if op == b"T*" else map(float, operands)
            tm = line = _mul((1, 0, 0, 1, dx, dy), line)
        elif op == b"TL":
            leading = float(operands[0])
        elif op == b"Tf":
            font, size = resources["/Font"][operands[0]].get_object(), float(operands[1])
        elif op in (b"Tj", b"TJ"):
            for part in (operands[0] if op == b"TJ" else operands[:1]):
                if isinstance(part, (int, float)):
                    tm = _mul((1, 0, 0, 1, -float(part) / 1000 * size, 0), tm)
                    continue
                first, widths = int(font.get("/FirstChar", 0)), font["/Widths"]
                advance = sum(float(widths[ch - first]) for ch in part.original_bytes) / 1000 * size
                desc = font["/FontDescriptor"].get_object()
                low, high = (float(desc[k]) / 1000 * size for k in ("/Descent", "/Ascent"))
                m = _mul(tm, ctm)
                corners = [(m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])
                           for x in (0, advance) for y in (low, high)]
                xs, ys = [to_mm(x) for x, _ in corners], [to_mm(y) for _, y in corners]
                out.append((min(xs), min(ys), max(xs), max(ys)))
                tm = _mul((1, 0, 0, 1, advance, 0), tm)
        elif op == b"Do":
            form = resources["/XObject"][operands[0]].get_object()
            if form.get("/Subtype") == "/Form":
                matrix = tuple(map(float, form.get("/Matrix", (1, 0, 0, 1, 0, 0))))
                _show(reader, form, form.get("/Resources", resources), _mul(matrix, ctm), out)


def to_mm(pt: float) -> float:
    return pt / to_pt(1)


@pytest.mark.parametrize("margin", [None, "12mm"])
def test_nothing_is_printed_within_the_paper_margin(project, margin):
    from kit.games.karuta.build import build
    from kit.games.karuta.dealsheet import deal_command
    layout = None
    if margin:
        (project / "margin.yaml").write_text(f"margin: {margin}\n", encoding="utf-8")
        layout = str(project / "margin.yaml")
    ctx = make_context("karuta", out=str(project / "out"), layout_file=layout)
    build(ctx)
    deal_command(ctx, 3, 5)
    deal_command(make_context("karuta", out=str(project / "out"), layout_file=layout, rules=[("deal", "equal")]), 3, 6)
    m, seen = ctx.layout.margin, 0
    for name in ("progress-sheet-2p.pdf", "progress-sheet-3p.pdf", "progress-sheet-4p.pdf", "deal-5.pdf", "deal-6.pdf", "cards.pdf", "card-sizes.pdf",
                 "board-overview.pdf"):
        reader = PdfReader(ctx.out_dir / name)
        for n, page in enumerate(reader.pages):
            w, h = to_mm(float(page.mediabox.width)), to_mm(float(page.mediabox.height))
            boxes = text_boxes(reader, page)
            assert boxes, (name, n)
            seen += len(boxes)
            outside = [b for b in boxes if b[0] < m or b[1] < m or b[2] > w - m or b[3] > h - m]
            assert not outside, (name, n + 1, outside)
    assert seen > 500


def test_text_boxes_find_the_page_number_where_it_is_drawn(project):
    """The reader above against a page whose text positions are known."""
    from kit.draw.pdf import Pdf
    from kit.draw.render import text
    fonts.register()
    pdf = Pdf(210, 297, "probe", fonts.FONT)
    pdf.set_page_size(210, 297)
    text(pdf.canvas, 200, 7, "1/4", 7, "right")
    pdf.show_page()
    reader = PdfReader(io.BytesIO(pdf.finish()))
    (x0, y0, x1, y1), = text_boxes(reader, reader.pages[0])
    assert x1 == pytest.approx(200, abs=0.01) and x1 - x0 == pytest.approx(to_mm(text_width("1/4", 7)), abs=0.01)
    assert y0 < 7 < y1 and y1 - y0 == pytest.approx(to_mm(7), rel=0.1)


# --- the card-size sampler ---------------------------------------------------------------

def test_sampler_reports_the_smallest_kanji_of_any_sampled_card(model, project, monkeypatch):
    """The card with the smallest furigana need not have the smallest kanji."""
    import dataclasses
    from kit.games.karuta import sheets
    from kit.games.karuta.cards import face, sizes
    from kit.games.karuta.geo import load_all
    ctx = make_context("karuta")
    shapes = {k: r.shape for k, r in load_all(ctx)[1].regions.items()}
    # 遠江 has the longest furigana; a four-kanji name shrinks its kanji more than any real card.
    long = dataclasses.replace(model.by_kanji["和泉"], kanji="和泉国府")
    world = dataclasses.replace(model, provinces=tuple(long if p.kanji == "和泉" else p for p in model.provinces))
    shapes[long.kanji] = shapes["和泉"]
    monkeypatch.setattr(sheets, "SAMPLE_CARDS", ("遠江", long.kanji))
    data, _ = sheets.sampler_pdf(world, shapes, ctx.layout)
    page = PdfReader(io.BytesIO(data)).pages[0].extract_text()
    labels = re.findall(r"([\d.]+) × ([\d.]+) mm.*?smallest furigana ([\d.]+) pt, kanji ([\d.]+), romaji ([\d.]+)", page)
    assert len(labels) == len(compared_cards(ctx.layout)) == 4
    differ = 0
    for w, h, kana, kanji, romaji in labels:
        f = face(float(w), float(h), ctx.layout.piece("card").safe)
        each = [sizes(f, p) for p in (model.by_kanji["遠江"], long)]
        assert float(kana) == pytest.approx(min(s.kana for s in each), abs=0.05)
        assert float(kanji) == pytest.approx(min(s.kanji for s in each), abs=0.05)
        assert float(romaji) == pytest.approx(min(s.romaji for s in each), abs=0.05)
        differ += min(each, key=lambda s: s.kana) != min(each, key=lambda s: s.kanji)
    assert differ   # on some size the two smallest belong to different cards


def test_sampler_phone_figures_are_the_phone_check_at_each_compared_size(model, project):
    """Each compared size gets the build's phone check: every role's px height at a 390-px
    phone's width, flagged below 11 px; at the layout's own card size, the very figures of
    `kit build --images`."""
    import math
    from kit.games.karuta import sheets
    from kit.games.karuta.build import card_deck
    from kit.games.karuta.cards import face, sizes
    from kit.games.karuta.geo import load_all
    from kit.draw.images import legibility

    card = make_context("karuta").layout.piece("card")
    (project / "wide.yaml").write_text(f"compared_cards:\n  - {{size: {card.width:g}x{card.height:g}}}\n"
                                       "  - {size: 70x95}\n", encoding="utf-8")
    ctx = make_context("karuta", layout_file=str(project / "wide.yaml"))
    figures = sheets.phone_figures(model, ctx.layout)
    assert [(s.width, s.height) for s, _ in figures] == [(card.width, card.height), (70, 95)]
    for size, roles in figures:
        each = [sizes(face(size.width, size.height, ctx.layout.piece("card").safe), p) for p in model.provinces]
        pts = {"furigana": min(s.kana for s in each), "kanji name": min(s.kanji for s in each),
               "romaji": min(s.romaji for s in each), "number": 6.0}
        assert {f.role: f.pt for f in roles} == pytest.approx(pts)
        for f in roles:     # 1 pt = 25.4 / 72 mm; the card's width fills 390 CSS px
            assert f.css_px == pytest.approx(f.pt * 25.4 / 72 / size.width * 390)
            assert f.per_row == math.floor(f.css_px / 11) and f.readable == (f.css_px >= 11)
    # A 6 pt number on a 70 mm card is 11.8 px at full width: every role reads on a phone.
    assert [f.role for f in figures[1][1] if not f.readable] == []
    assert all(f.readable for f in figures[0][1])
    shapes = {k: r.shape for k, r in load_all(ctx)[1].regions.items()}
    assert figures[0][1] == legibility(card_deck(model, shapes, ctx.layout))
    data, _ = sheets.sampler_pdf(model, shapes, ctx.layout)
    page = PdfReader(io.BytesIO(data)).pages[0].extract_text()
    for size, roles in figures:
        for f in roles:
            assert f"{f.role} {f.pt:.1f} pt → {f.css_px:.1f} px" in page
    assert "below 11 px: " not in page
