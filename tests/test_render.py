"""The shared drawing layer: card sheets, the duplex test, and tiling a large drawing."""

import io
import re
from dataclasses import replace
from pathlib import Path

import pytest
from pypdf import PdfReader
from shapely.geometry import box
from shapely.ops import unary_union

from kit.draw import fonts
from kit.draw.imposition import back_point, back_trims
from kit.games.karuta.settings import board as board_settings
from kit.draw.pdf import Pdf
from kit.draw.render import alignment_back_targets, alignment_pages, alignment_targets, card_sheets
from kit.draw.tiles import LABEL_H, draw_assembly, draw_tiles, plan, ticks
from kit.data.units import to_pt
from conftest import shipped_layout

ROOT = Path(__file__).resolve().parent.parent
EPS = 1e-6


@pytest.fixture(scope="module")
def layout():
    fonts.register()
    return shipped_layout("karuta")


def _rect_card(canvas, index, trim, bleed):
    r = trim.grow(bleed)
    canvas.rect(to_pt(r.x), to_pt(r.y), to_pt(r.w), to_pt(r.h), stroke=0, fill=1)


LINE = re.compile(rb"(-?[\d.]+) (-?[\d.]+) m (-?[\d.]+) (-?[\d.]+) l S")


def _lines(page) -> set:
    data = page.get_contents().get_data()
    return {tuple(round(float(v), 1) for v in m.groups()) for m in LINE.finditer(data)}


def test_callbacks_get_each_cards_trim_and_backs_follow_fronts(layout):
    calls = []
    pdf = Pdf(layout.paper_width, layout.paper_height, "t")
    sheet = card_sheets(pdf, layout, 68, lambda c, i, t, b: calls.append(("f", i, t, b)),
                        lambda c, i, t, b: calls.append(("b", i, t, b)), piece="card")
    sheets = -(-68 // sheet.per_sheet)
    assert pdf.pages == 2 * sheets
    fronts = [c for c in calls if c[0] == "f"]
    backs = [c for c in calls if c[0] == "b"]
    assert [c[1] for c in fronts] == list(range(68)) == [c[1] for c in backs]
    mirrored = back_trims(sheet, layout.duplex_flip, layout.duplex_dx, layout.duplex_dy)
    for _, i, trim, bleed in fronts:
        assert trim == sheet.trims[i % sheet.per_sheet] and bleed == layout.piece("card").bleed
    for _, i, trim, _ in backs:
        assert trim == mirrored[i % sheet.per_sheet]


def test_crop_marks_in_the_pdf_are_at_the_computed_positions(layout):
    pdf = Pdf(layout.paper_width, layout.paper_height, "t")
    sheet = card_sheets(pdf, layout, 10, _rect_card, None, piece="card")
    page = PdfReader(io.BytesIO(pdf.finish())).pages[0]
    expected = {tuple(round(to_pt(v), 1) for v in (m.x1, m.y1, m.x2, m.y2)) for m in sheet.crop_marks}
    assert _lines(page) == expected
    assert float(page.mediabox.width) == pytest.approx(to_pt(layout.paper_width))


def test_sheets_are_byte_identical_across_runs(layout):
    def once():
        pdf = Pdf(layout.paper_width, layout.paper_height, "t")
        card_sheets(pdf, layout, 30, _rect_card, _rect_card, piece="card", caption="deterministic")
        alignment_pages(pdf, layout, "t")
        return pdf.finish()
    assert once() == once()


@pytest.mark.parametrize("flip", ["long", "short"])
def test_alignment_scales_sit_behind_the_front_crosses(layout, flip):
    lay = replace(layout, duplex_flip=flip, duplex_dx=0.5, duplex_dy=-0.25)
    for (fx, fy), (bx, by) in zip(alignment_targets(lay), alignment_back_targets(lay)):
        # with no printer error, the back scale's zero is the front cross seen from behind, minus the offset
        mx, my = back_point(lay.paper_width, lay.paper_height, fx, fy, flip)
        assert (bx, by) == pytest.approx((mx - 0.5, my + 0.25))
        assert lay.margin < bx < lay.paper_width - lay.margin
        assert lay.margin < by < lay.paper_height - lay.margin


# --- tiles ---------------------------------------------------------------------------

BOARD = (760.10223, 794.15302)


@pytest.mark.parametrize("paper", ["A4", "A3", "Letter"])
@pytest.mark.parametrize("scale", [1.0, 0.6, 1.5])
def test_tiles_cover_the_drawing_with_the_glue_overlap(layout, paper, scale):
    lay = layout.with_paper(paper)
    w, h = BOARD[0] * scale, BOARD[1] * scale
    overlap = board_settings(lay).overlap
    p = plan(w, h, lay, overlap)
    covered = unary_union([box(t.source.x, t.source.y, t.source.x2, t.source.y2) for t in p.tiles])
    assert covered.contains(box(0, 0, w, h))
    assert len(p.tiles) == p.rows * p.cols
    for t in p.tiles:
        # true scale: a sheet shows exactly as many mm of drawing as it has room for
        assert (t.page.w, t.page.h) == pytest.approx((t.source.w, t.source.h))
        assert t.page.x >= lay.margin - EPS and t.page.x2 <= p.paper_w - lay.margin + EPS
        assert t.page.y - LABEL_H >= lay.margin - EPS and t.page.y2 <= p.paper_h - lay.margin + EPS
        if t.col + 1 < p.cols:
            right = p.tile(t.row, t.col + 1)
            assert t.source.x2 - right.source.x == pytest.approx(overlap)
        if t.row + 1 < p.rows:
            below = p.tile(t.row + 1, t.col)
            assert t.source.y - below.source.y2 == pytest.approx(-overlap)
    # every seam is the later sheet's cut edge: the glue strip is the whole overlap, as the
    # instructions say ("glue in the 10 mm strip")
    for c, x in enumerate(p.seams_x, 1):
        left, right = p.tile(0, c - 1).source, p.tile(0, c).source
        assert x == pytest.approx(right.x) and left.x2 - x == pytest.approx(overlap)
    for r, y in enumerate(p.seams_y, 1):
        upper, lower = p.tile(r - 1, 0).source, p.tile(r, 0).source
        assert y == pytest.approx(lower.y2) and y - upper.y == pytest.approx(overlap)
    for kind, x, y in ticks(p):
        assert 0 <= x <= w and 0 <= y <= h
        assert (x in p.seams_x) if kind == "x" else (y in p.seams_y)


def test_tiling_picks_the_orientation_needing_fewer_sheets(layout):
    wide = plan(700, 150, layout, 10.0)
    assert wide.paper_w > wide.paper_h and len(wide.tiles) == 3
    small = plan(100, 100, layout, 10.0)
    assert len(small.tiles) == 1 and not small.seams_x and not small.seams_y


def test_tiled_pdf_has_a_page_per_tile_plus_the_assembly(layout):
    p = plan(*BOARD, layout, 10.0)
    pdf = Pdf(layout.paper_width, layout.paper_height, "t")
    c = pdf.canvas
    c.beginForm("pic", 0, 0, to_pt(BOARD[0]), to_pt(BOARD[1]))
    c.circle(to_pt(380), to_pt(400), to_pt(300), fill=1)
    c.endForm()
    draw_assembly(pdf, p, "pic", "t")
    draw_tiles(pdf, p, "pic", "t")
    reader = PdfReader(io.BytesIO(pdf.finish()))
    assert len(reader.pages) == len(p.tiles) + 1
    for page in reader.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(
            (to_pt(p.paper_w), to_pt(p.paper_h)))
    # the picture is stored once and reused by every page
    xobjects = {page["/Resources"]["/XObject"].raw_get("/FormXob.pic").idnum for page in reader.pages}
    assert len(xobjects) == 1


def test_line_wrapping_keeps_tokens_whole_and_hangs_closing_punctuation():
    from kit.draw.fonts import register, text_width, wrap

    register()
    words = [f"{n} 武蔵" for n in range(1, 30)]
    lines = wrap(words, 200, 9, sep="  ")
    assert "  ".join(lines) == "  ".join(words)  # nothing lost, no token split
    assert all(text_width(line, 9) <= 200 for line in lines)
    chars = list("先頭のプレイヤーだけが通過できます。")
    width = text_width("先頭のプレイヤーだけが通過できます", 9)  # the full stop does not fit
    assert wrap(chars, width, 9, hang="。") == ["先頭のプレイヤーだけが通過できます。"]
    assert wrap(chars, width, 9) == ["先頭のプレイヤーだけが通過できます", "。"]


def test_ink_on_a_fill_reads():
    from reportlab.lib.colors import black, white

    from kit.draw.render import ink_on

    assert ink_on("#FCEF4E") == black and ink_on("#8F125F") == white
    assert ink_on("#FFFFFF", dark=white, light=black) == white


def test_japanese_lines_fill_the_width_by_the_kinsoku_rules():
    from kit.draw.fonts import NO_LINE_END, NO_LINE_START, register, text_width, wrap_japanese
    from kit.rules.render import lines_of

    register()
    s = ("土産物屋トークンを裏向きで混ぜ、8つの港町に1枚ずつ表向きに置きます。波タイル3枚は、それぞれ"
         "どちらの面を上にするかを決めて（コインなどで）盤の横に置きます。「手番の流れ」カードは "
         "kit deal --seed 3 の表と同じです。ちょっと待ってください。")
    em = text_width("あ", 9)
    for width in (60, 100, 150, 230):
        lines = wrap_japanese(s, width, 9)
        assert "".join(lines).replace(" ", "") == s.replace(" ", "")         # nothing lost
        assert all(text_width(ln, 9) <= width for ln in lines)              # nothing passes the width
        for ln, nxt in zip(lines, lines[1:]):
            assert nxt[0] not in NO_LINE_START and ln[-1] not in NO_LINE_END
            # full: the next line's first unit (at most three characters: 「待っ) would not have fitted
            assert text_width(ln + nxt[:1], 9) > width - 3 * em or text_width(ln, 9) > width - 3 * em
        assert any("--seed" in ln.split(" ") for ln in lines)               # a Latin word stays whole
    # a run of kana is not kept together: a line of kana breaks inside it, at the width
    kana = "ひらがなのながいれんぞくはとちゅうでもおれます"
    assert [len(ln) for ln in wrap_japanese(kana, 5.5 * em, 9)][:3] == [5, 5, 4]   # ちゅ goes down whole
    # English still breaks only at spaces
    en = "Shuffle the shop tokens face down and put one face up on each of the 8 coastal towns."
    assert " ".join(lines_of(en, "en", 40, 9)) == en


def test_a_japanese_last_line_of_one_or_two_characters_is_rebalanced_away():
    from kit.draw.fonts import FONT, NO_LINE_START, _fill_japanese, register, text_width, wrap_japanese

    register()
    em = text_width("あ", 6)

    def widow(line):
        return len([ch for ch in line if ch not in NO_LINE_START]) <= 2

    mended = 0
    for s in ("巡礼者は出目より1少なく進んでもよい（最低1）。", "先頭のプレイヤーだけが通過できます。止まってください。",
              "絵を描くとき、通った地域のまわりの駒も数える（1駒1回、出発地域は除く）。"):
        for tenth in range(60, 300):
            width = tenth / 10 * em
            greedy, lines = _fill_japanese(s, width, 6, FONT), wrap_japanese(s, width, 6)
            assert "".join(lines) == s and len(lines) == len(greedy)                   # nothing lost, no line more
            assert all(text_width(ln, 6) <= width for ln in lines)
            assert not any(ln[0] in NO_LINE_START for ln in lines)
            if len(greedy) > 1 and widow(greedy[-1]) and not widow(lines[-1]):
                mended += 1
            else:
                assert lines == greedy              # only a widow moves lines, and only when it can be mended
        assert mended                               # the sweep met the case (tiles' 「1）。」 and 「い。」)
        mended = 0


def test_an_english_last_line_of_one_word_is_rebalanced_away():
    from kit.draw.fonts import FONT, lines_of, register, text_width, wrap

    register()
    inspired = "Painting also counts the figures round every region passed through (each once; not the start region)."
    mended = 0
    for s in (inspired, "Your turn: play by ONE way. You may pass only when you cannot play; if any card can be played, "
              "you must play.", "For two players (or one against the Automa)."):
        for width_mm in range(15, 120):
            width = width_mm * 72 / 25.4
            greedy, lines = wrap(s.split(" "), width, 6, sep=" ", font=FONT), lines_of(s, "en", width_mm, 6)
            assert " ".join(lines) == s and len(lines) == len(greedy)        # nothing lost, no line more
            assert all(text_width(ln, 6) <= width for ln in lines if " " in ln)
            if len(greedy) > 1 and len(greedy[-1].split()) == 1 and len(lines[-1].split()) > 1:
                mended += 1
            else:
                assert lines == greedy
            if len(lines) > 1 and len(lines[-1].split()) == 1:
                # left alone only where no narrower setting of as many lines carries a second word down
                assert len(wrap(s.split(" "), width - text_width(lines[-2].split()[-1], 6), 6, sep=" ")) > len(lines)
    assert mended
    # the Inspired wave tile's English as the tile sets it: "region)." is not left alone
    from kit.games.shikoku_duo.tokens import WAVE_TEXT_PT
    assert lines_of(inspired, "en", 28 - 3.5, WAVE_TEXT_PT)[-1] != "region)."


def test_a_japanese_rebalance_splits_no_katakana_word_nor_the_word_a_circled_number_follows():
    from kit.draw.fonts import FONT, _fill_japanese, _rebalanced, _widow, register, split_words, text_width, wrap_japanese

    register()
    assert split_words(["一人1色で遊びます（選択", "ルール②は使いません）。"]) == 1
    assert split_words(["選択ルール", "②は使いません。"]) == 1 and split_words(["温泉トー", "クン"]) == 1
    assert split_words(["盤の道後温泉", "トークン"]) == 0 and split_words(["選択ルール②", "は使いません"]) == 0
    em = text_width("あ", 7.5)
    mended = 0
    for s in ("一人1色で遊びます（選択ルール②は使いません）。",
              "巡礼者は二人ともマス0に置きます。温泉トークンは盤の道後温泉（マス29）に置きます（箱ではありません）。"):
        for tenth in range(60, 400):
            width = tenth / 10 * em
            fill = lambda w: _fill_japanese(s, w, 7.5, FONT)
            plain, lines = _rebalanced(fill, width, _widow), wrap_japanese(s, width, 7.5)
            assert "".join(lines) == s and len(lines) == len(fill(width))
            assert all(text_width(ln, 7.5) <= width for ln in lines)
            assert split_words(lines) <= split_words(plain)
            assert not _widow(lines[-1]) or lines == fill(width)
            if split_words(lines) < split_words(plain):
                mended += 1
    assert mended                    # the sweep met 「選択/ルール②」 and 「トー/クン」
