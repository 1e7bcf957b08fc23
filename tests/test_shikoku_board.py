"""The shikoku-duo board measured: its layout as numbers (every disc, label and slot in mm,
nothing overlapping), the PDF pages on the paper, the board at true size, fonts embedded,
and two builds byte-identical."""

import hashlib
import io
import math

import pytest
from pypdf import PdfReader

from conftest import MAP, ROOT, shipped_layout
from kit.draw import fonts
from kit.data.layoutfile import PAPERS
from kit.data.units import to_pt

from kit.games.shikoku_duo.board import _hits, board_layout, board_pdfs, disc_hits
from kit.games.shikoku_duo.model import load
from kit.games.shikoku_duo.pieces import piece

DATA = ROOT / "data" / "shikoku-duo"


def _layout(paper="A3"):
    return shipped_layout("shikoku-duo").with_paper(paper)


@pytest.fixture(scope="module")
def model():
    fonts.register()
    return load(DATA, map_path=MAP)


@pytest.fixture(scope="module")
def geo(model):
    return board_layout(model, _layout())


@pytest.fixture(scope="module")
def a3(model):
    return board_pdfs(model, _layout("A3"))


def test_sizes_come_from_the_named_pieces(geo):
    layout = _layout()
    board, space, town = piece(layout, "board"), piece(layout, "ring_space"), piece(layout, "mountain_town")
    assert (geo.width, geo.height) == (board.width, board.height) == (400, 276)
    assert all(s.radius == space.width / 2 for s in geo.spaces)
    assert all(t.radius == town.width / 2 for t in geo.towns)
    shop = piece(layout, "shop_token").width
    assert all(s.shop.w == s.shop.h == shop + 1 for s in geo.spaces if s.kind == "town")
    assert [n for n, _ in geo.supply_slots] == ["wave 1", "wave 2", "wave 3", "onsen"]
    assert geo.supply_slots[0][1].w == piece(layout, "wave_tile").width + 1
    assert geo.supply_slots[3][1].w == piece(layout, "hot_spring_token").width + 1


def test_a_bigger_space_piece_draws_bigger_spaces(model):
    small = board_layout(model, _layout().with_piece("ring_space", 14, 14))
    assert all(s.radius == 7 for s in small.spaces)


def test_every_space_and_town_is_on_the_board_and_apart(geo):
    assert len(geo.spaces) == 37 and len(geo.towns) == 4 and len(geo.routes) == 11 and len(geo.regions) == 8
    gap = piece(_layout(), "ring_space").gutter
    for s in geo.spaces:
        x, y = s.centre
        assert s.radius <= x <= geo.width - s.radius and s.radius <= y <= geo.height - s.radius
    pts = [s.centre for s in geo.spaces]
    closest = min(math.dist(a, b) for i, a in enumerate(pts) for b in pts[i + 1:])
    assert closest >= 2 * geo.spaces[0].radius + gap


def test_labels_slots_and_boxes_overlap_nothing(geo):
    discs = [(s.centre, s.radius) for s in geo.spaces] + [(t.centre, t.radius) for t in geo.towns] \
        + [(r.icon, 6.0) for r in geo.regions]
    labels = [s.label.box for s in geo.spaces] + [t.label.box for t in geo.towns]
    slots = [s.shop for s in geo.spaces if s.shop]
    for i, lab in enumerate(labels):
        assert 0 <= lab.x and lab.x2 <= geo.width and 0 <= lab.y and lab.y2 <= geo.height
        assert not any(disc_hits(lab, c, r) for c, r in discs), i
        assert not any(_hits(lab, other) for j, other in enumerate(labels) if j != i), i
        assert not any(_hits(lab, s) for s in slots), i
    for s in slots:
        assert not any(disc_hits(s, c, r) for c, r in discs)
        assert not any(_hits(s, o) for o in slots if o is not s)
    for box in (geo.legend, geo.supply):
        assert 0 <= box.x and box.x2 <= geo.width and 0 <= box.y and box.y2 <= geo.height
        assert not any(disc_hits(box, c, r) for c, r in discs)
        assert not any(_hits(box, o) for o in labels + slots)
    assert not _hits(geo.legend, geo.supply)


def test_each_shop_slot_touches_its_town(geo):
    for s in geo.spaces:
        if s.kind == "town":
            cx, cy = s.shop.x + s.shop.w / 2, s.shop.y + s.shop.h / 2
            assert math.dist((cx, cy), s.centre) < s.radius + s.shop.w + 12


def test_region_icons_lie_in_their_regions(geo):
    from shapely.geometry import Point, Polygon

    for r in geo.regions:
        assert Polygon(r.polygon).contains(Point(r.icon)), r.id


def test_the_ring_goes_clockwise_and_the_start_points_into_space_0(geo):
    first, last = geo.spaces[0].centre, geo.spaces[-1].centre
    (x, y), (dx, dy) = geo.start
    assert math.isclose(x, (first[0] + last[0]) / 2) and math.isclose(y, (first[1] + last[1]) / 2)
    assert dx * (first[0] - last[0]) + dy * (first[1] - last[1]) > 0
    assert len(geo.arrows) == 36
    pts = [s.centre for s in geo.spaces]
    area = sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1])) / 2
    assert area < 0          # clockwise with y up


def _fonts(reader):
    """Every font used on any page or in any form it draws: (name, embedded?)."""
    out, seen = [], set()

    def walk(res):
        if res is None:
            return
        res = res.get_object()
        for font in (res.get("/Font") or {}).values():
            font = font.get_object()
            if id(font) in seen:
                continue
            seen.add(id(font))
            desc = font.get("/DescendantFonts")
            desc = (desc[0].get_object() if desc else font).get("/FontDescriptor")
            desc = desc.get_object() if desc is not None else {}
            out.append((font.get("/BaseFont"), any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))))
        for xo in (res.get("/XObject") or {}).values():
            walk(xo.get_object().get("/Resources"))

    for page in reader.pages:
        walk(page.get("/Resources"))
    return out


def test_a3_is_one_sheet_at_true_size_with_fonts_embedded(a3):
    data, pages = a3["board.pdf"]
    reader = PdfReader(io.BytesIO(data))
    assert pages == len(reader.pages) == 1
    page = reader.pages[0]
    w, h = float(page.mediabox.width), float(page.mediabox.height)
    assert math.isclose(w, to_pt(420), abs_tol=0.05) and math.isclose(h, to_pt(297), abs_tol=0.05)
    form = next(iter(page["/Resources"]["/XObject"].values())).get_object()
    x0, y0, x1, y1 = (float(v) for v in form["/BBox"])
    assert math.isclose(x1 - x0, to_pt(400), abs_tol=0.01) and math.isclose(y1 - y0, to_pt(276), abs_tol=0.01)
    assert b"1 0 0 1" in page.get_contents().get_data() or b" cm" in page.get_contents().get_data()
    used = _fonts(reader)
    assert used and all(emb for _, emb in used)
    assert {str(n).split("+")[-1] for n, _ in used} == {"IPAexGothic"}


@pytest.mark.parametrize("paper,sheets", [("A4", 3), ("Letter", 4)])
def test_small_paper_tiles_the_board_with_an_assembly_page(model, paper, sheets):
    out = board_pdfs(model, _layout(paper))
    reader = PdfReader(io.BytesIO(out["board.pdf"][0]))
    assert len(reader.pages) == sheets + 1
    size = sorted(PAPERS[paper])
    for page in reader.pages:
        got = sorted((float(page.mediabox.width), float(page.mediabox.height)))
        assert all(math.isclose(g, to_pt(s), abs_tol=0.05) for g, s in zip(got, size))
    assert all(emb for _, emb in _fonts(reader))
    text = reader.pages[0].extract_text()
    assert f"how to assemble the {sheets} sheets" in text


def test_the_overview_is_one_page_on_the_paper(a3):
    data, pages = a3["board-overview.pdf"]
    reader = PdfReader(io.BytesIO(data))
    assert pages == len(reader.pages) == 1
    assert "board overview" in reader.pages[0].extract_text()
    assert all(emb for _, emb in _fonts(reader))


def test_two_builds_are_byte_identical(model, a3):
    again = board_pdfs(model, _layout("A3"))
    for name in a3:
        assert hashlib.sha256(a3[name][0]).digest() == hashlib.sha256(again[name][0]).digest(), name


def test_the_board_names_every_place(a3):
    from kit.games.shikoku_duo.model import load as _load
    text = PdfReader(io.BytesIO(a3["board-overview.pdf"][0])).pages[0].extract_text()
    model = _load(DATA, map_path=MAP)
    missing = [s.name for s in model.board.ring if s.name not in text]
    assert not missing


def test_spaces_are_numbered_as_the_engine_and_the_log_number_them(a3):
    """Ring index 0..36 on the discs: the progress sheet and `kit replay` use the same numbers."""
    text = PdfReader(io.BytesIO(a3["board-overview.pdf"][0])).pages[0].extract_text()
    assert "space 0" in text
    numbers = {int(w) for w in text.split() if w.isdigit()}
    assert set(range(37)) <= numbers


def test_nothing_is_crowded_on_the_shipped_board(geo):
    assert geo.crowded == ()


def test_a_board_too_small_for_its_marks_is_a_warning(project):
    from click.testing import CliRunner
    from kit.cli import main

    small = project / "small.yaml"
    small.write_text("pieces:\n  board: {size: 300x210, bleed: 0mm, safe: 8mm, gutter: 0mm}\n"
                     "  ring_space: {size: 12x12, bleed: 0mm, gutter: 2mm}\n"
                     "  standee: {size: 10x50, sits_on: [ring_space, mountain_town]}\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["check", "--game", "shikoku-duo", "--layout", str(small), "--strict"])
    assert result.exit_code == 2
    assert "warning: the board has no clear room for the legend" in result.output
