"""tour-de-dice printables: deterministic files, every card printed, the preview's ring, and every
page on the chosen paper with nothing drawn in the printer's margin."""

import io
import json
import math
import shutil

import pytest
from click.testing import CliRunner
from pypdf import PdfReader
from pypdf.generic import ContentStream
from reportlab.lib import pagesizes

from conftest import ROOT, shipped_layout
from kit.draw import fonts
from kit.cli import main
from kit.draw.fonts import text_width
from kit.draw.imposition import grid
from kit.data.layoutfile import PAPERS, progress_sheet, progress_turns
from kit.data.units import to_pt
from kit.games.tour_de_dice import sheets
from kit.games.tour_de_dice.cards import MIN_H, MIN_W
from kit.games.tour_de_dice.model import load
from kit.games.tour_de_dice.play import make_setup, owners, play_log
from kit.games.tour_de_dice.build import cards_pdf, faces
from kit.games.tour_de_dice.rulebook import load_book
from kit.rules.book import LANGS
from kit.games.tour_de_dice.sheets import Paper, log_geometry, paper, preview_geometry
from kit.games import make_context

TURNS = progress_turns(shipped_layout("tour-de-dice"))   # the rows the shipped progress sheet promises
SHEET = progress_sheet(shipped_layout("tour-de-dice"))

SHEETS = (*(f"progress-sheet-{n}p.pdf" for n in range(2, 7)), "progress-sheet-rule2.pdf")      # one per table size
NAMES = ("cards.pdf", "markers.pdf", "course-preview.pdf", *SHEETS, "alignment.pdf", "rules.pdf")
POINTS = {"A4": pagesizes.A4, "Letter": pagesizes.LETTER, "A3": pagesizes.A3}   # portrait, in points


def build(out, *args):
    result = CliRunner().invoke(main, ["build", "--game", "tour-de-dice", "--out", str(out), *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_build_is_byte_identical_and_complete(project):
    out_text = build(project / "a")
    build(project / "b")
    written = [{p.name for p in (project / run).iterdir()} for run in "ab"]
    assert written[0] == written[1] == set(NAMES)
    for name in NAMES:
        assert (project / "a" / name).read_bytes() == (project / "b" / name).read_bytes(), name
        assert name in out_text
    ctx = make_context("tour-de-dice")
    tour = load(ctx.data_dir)
    count = len(faces(tour, load_book(ctx.data_dir, tour)))
    assert count == sum(c.copies for c in tour.cards) + 4       # goal, Breakaway, a TURN card per language
    per_sheet = grid(ctx.layout, "card").per_sheet
    reader = PdfReader(io.BytesIO((project / "a" / "cards.pdf").read_bytes()))
    assert len(reader.pages) == 2 * math.ceil(count / per_sheet)   # each front followed by its back
    fronts = "".join(reader.pages[k].extract_text() for k in range(0, len(reader.pages), 2))
    assert fronts.count("LAP 2") >= sum(c.copies for c in tour.cards)
    assert tour.breakaway.name in fronts and "GOAL" in fronts


def test_preview_shows_the_ring_of_sim_seed_1(project):
    result = CliRunner().invoke(main, ["export", "--game", "tour-de-dice"])
    exported = json.loads(result.output)["course_seed_1"]
    tour = load(make_context("tour-de-dice").data_dir)
    course, _, _ = play_log(make_setup(tour, 4, ("bold",) * 4), 1)
    assert list(course.ring) == exported["ring"] and list(course.costs) == exported["costs"]
    build(project / "p")
    preview = PdfReader(str(project / "p" / "course-preview.pdf")).pages[0].extract_text()
    assert "seed 1" in preview


def test_progress_sheet_has_a_column_group_per_player(project):
    build(project / "s")
    for players in range(2, 7):
        page = PdfReader(str(project / "s" / f"progress-sheet-{players}p.pdf")).pages[0].extract_text()
        assert all(f"P{k}" in page for k in range(1, players + 1))
        assert f"P{players + 1} " not in page.replace("\n", " ")
        assert f"{players}人用 {players} players" in page.replace("\n", " ")


def test_progress_sheet_has_the_ring_boxes_and_a_column_group_per_colour_under_rule_2(project):
    build(project / "r")
    page = PdfReader(str(project / "r" / "progress-sheet-rule2.pdf")).pages[0].extract_text().replace("\n", " ")
    tour = load(make_context("tour-de-dice").data_dir)
    assert "コース順 ring" in page and "スタート start" in page
    cards = len(tour.deck())
    assert all(f" {k} " in f" {page} " for k in range(1, cards + 1))
    for seat, colour in zip(owners({"two_colours": True}, 6), tour.colours):
        assert f"P{seat + 1} {colour.name_ja} {colour.name}" in page


# --- every paper -------------------------------------------------------------------------

@pytest.fixture(scope="module")
def papers(tmp_path_factory):
    """Each paper built twice in a copy of data/ and layouts/, plus Letter with a 15 mm margin
    and six players; returns the working folder."""
    root = tmp_path_factory.mktemp("tour-papers")
    shutil.copytree(ROOT / "data", root / "data")
    shutil.copytree(ROOT / "layouts", root / "layouts")
    (root / "wide.yaml").write_text("margin: 15mm\n")
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(root)
        for name in POINTS:
            for run in "ab":
                build(root / f"{name}-{run}", "--paper", name)
        build(root / "wide", "--paper", "Letter", "--layout", str(root / "wide.yaml"), "--rule", "players=6")
    return root


def _mul(m, n):
    """The PDF matrix product m × n (m applied first)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _apply(m, x, y):
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


def _path_points(page, reader) -> list:
    """Every point of every path on the page (rectangle corners, line ends, curve control
    points), in page points, following q/Q and cm."""
    ctm, stack, out = (1, 0, 0, 1, 0, 0), [], []
    for args, op in ContentStream(page.get_contents(), reader).operations:
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop()
        elif op == b"cm":
            ctm = _mul([float(a) for a in args], ctm)
        elif op == b"re":
            x, y, w, h = (float(a) for a in args)
            out += [_apply(ctm, px, py) for px in (x, x + w) for py in (y, y + h)]
        elif op in (b"m", b"l", b"c", b"v", b"y"):
            v = [float(a) for a in args]
            out += [_apply(ctm, v[k], v[k + 1]) for k in range(0, len(v), 2)]
    return out


def _text_boxes(page) -> list:
    """(text, corners in page points) of every string: its advance width from the font, a
    quarter of the size below the baseline and nine tenths above it."""
    fonts.register()
    out = []

    def visit(s, cm, tm, font, size):
        s = s.strip("\n")
        if s.strip():
            m = _mul(tm, cm)
            w = text_width(s, size)
            out.append((s, [_apply(m, x, y) for x in (0, w) for y in (-0.25 * size, 0.9 * size)]))

    page.extract_text(visitor_text=visit)
    return out


def _drawn(page, reader) -> list:
    return [("path", p) for p in _path_points(page, reader)] + \
        [(s, p) for s, corners in _text_boxes(page) for p in corners]


def _outside(page, reader, margin_mm: float) -> list:
    w, h, m, e = float(page.mediabox.width), float(page.mediabox.height), to_pt(margin_mm), 1e-3
    return [(what, x, y) for what, (x, y) in _drawn(page, reader)
            if not (m - e <= x <= w - m + e and m - e <= y <= h - m + e)]


def _clearance(path) -> tuple[float, float, float]:
    """The least distance, mm, from anything drawn to the left, bottom and top edges, over all pages."""
    reader = PdfReader(str(path))
    left = bottom = top = math.inf
    for page in reader.pages:
        points = [p for _, p in _drawn(page, reader)]
        left = min(left, min(x for x, _ in points))
        bottom = min(bottom, min(y for _, y in points))
        top = min(top, float(page.mediabox.height) - max(y for _, y in points))
    return tuple(v / to_pt(1) for v in (left, bottom, top))


@pytest.mark.parametrize("name", POINTS)
def test_every_page_is_the_chosen_paper(papers, name):
    portrait = POINTS[name]
    for pdf in NAMES:
        size = portrait[::-1] if pdf in SHEETS else portrait
        pages = PdfReader(str(papers / f"{name}-a" / pdf)).pages
        assert pages
        for k, page in enumerate(pages):
            box = page.mediabox
            assert float(box.left) == 0 and float(box.bottom) == 0
            assert float(box.width) == pytest.approx(size[0], abs=0.01), (pdf, k)
            assert float(box.height) == pytest.approx(size[1], abs=0.01), (pdf, k)


@pytest.mark.parametrize("name", POINTS)
def test_nothing_is_drawn_in_the_margin(papers, name):
    margin = make_context("tour-de-dice", paper=name).layout.margin
    for pdf in NAMES:
        reader = PdfReader(str(papers / f"{name}-a" / pdf))
        for k, page in enumerate(reader.pages):
            assert _path_points(page, reader) and _text_boxes(page), (pdf, k)   # the check sees the page
            assert _outside(page, reader, margin) == [], (pdf, k)


def test_a_wider_margin_moves_the_preview_and_the_log_inward(papers):
    for pdf in ("course-preview.pdf", *SHEETS):
        reader = PdfReader(str(papers / "wide" / pdf))
        assert all(_outside(page, reader, 15.0) == [] for page in reader.pages), pdf
        # the page is laid out from the margin: 9 mm more of it moves the edges in by 9 mm
        wide, default = _clearance(papers / "wide" / pdf), _clearance(papers / "Letter-a" / pdf)
        assert [a - b for a, b in zip(wide, default)] == pytest.approx([9.0] * 3, abs=0.01), pdf


@pytest.mark.parametrize("name", POINTS)
def test_builds_on_every_paper_are_byte_identical(papers, name):
    for pdf in NAMES:
        assert (papers / f"{name}-a" / pdf).read_bytes() == (papers / f"{name}-b" / pdf).read_bytes(), pdf


def _turn_numbers(path, page_paper: Paper) -> list[list[int]]:
    """Per page, the numbers in the log's turn column, top to bottom."""
    g = log_geometry(page_paper, SHEET)
    centre = to_pt(g.left + 4)
    out = []
    for page in PdfReader(str(path)).pages:
        cells = []
        for s, corners in _text_boxes(page):
            xs = [x for x, _ in corners]
            if s.isdigit() and abs((min(xs) + max(xs)) / 2 - centre) < 1:
                cells.append((-min(y for _, y in corners), int(s)))
        out.append([n for _, n in sorted(cells)])
    return out


@pytest.mark.parametrize("name,folder,margin",
                         [(n, f"{n}-a", None) for n in POINTS] + [("Letter", "wide", 15.0)])
def test_the_progress_sheet_numbers_every_promised_turn(papers, name, folder, margin):
    layout = make_context("tour-de-dice", paper=name).layout
    page = paper(layout, landscape=True)
    if margin is not None:
        page = Paper(page.width, page.height, margin)
    pages = _turn_numbers(papers / folder / "progress-sheet-4p.pdf", page)
    numbers = [n for p in pages for n in p]
    assert numbers == list(range(1, len(numbers) + 1))
    assert len(numbers) >= TURNS
    assert len(pages) == math.ceil(TURNS / len(pages[0]))     # no page more than needed
    assert len({len(p) for p in pages}) == 1


# --- the page geometry as numbers ----------------------------------------------------------

GEOMETRY_CASES = [(name, margin) for name in PAPERS for margin in (4.0, 6.0, 10.0, 15.0)]


@pytest.mark.parametrize("name,margin", GEOMETRY_CASES)
@pytest.mark.parametrize("cards", [10, 15, 16, 24])
def test_preview_geometry_keeps_the_ring_between_header_and_lap_rows(name, margin, cards):
    w, h = PAPERS[name]
    g = preview_geometry(Paper(w, h, margin), cards, 88 / 63)
    assert margin < g.left < g.right < w - margin
    assert g.note_y > margin and g.title_y < h - margin
    assert g.ring_top <= g.caption_y - sheets.BAND_GAP + 1e-9
    assert g.ring_bottom >= g.track_top + sheets.TRACK_LABEL + sheets.BAND_GAP - 1e-9
    assert g.cx - g.radius - g.card_h / 2 - sheets.LABEL_OUT >= g.left - 1e-9
    assert g.cx + g.radius + g.card_h / 2 + sheets.LABEL_OUT <= g.right + 1e-9
    assert g.radius <= w * sheets.RING_SHARE + 1e-9
    assert g.left + (cards + 1) * g.box <= g.right + 1e-9
    # cards sit on the ring without overlapping
    assert g.card_w <= 2 * g.radius * math.sin(math.pi / cards)


@pytest.mark.parametrize("name,margin", GEOMETRY_CASES)
def test_log_geometry_fills_the_page_height_with_rows(name, margin):
    w, h = PAPERS[name]
    g = log_geometry(Paper(h, w, margin), SHEET)
    assert g.bottom >= margin + sheets.KEY_ROOM - 1e-9
    assert g.bottom - SHEET.row_height < margin + sheets.KEY_ROOM       # one more row would not fit
    assert g.rows * g.pages >= TURNS > g.rows * (g.pages - 1)
    assert g.left > margin and g.left + g.width < h - margin


def _ring_is_as_large_as_allowed(g) -> bool:
    """Some bound on the ring is reached: its share of the page width, the band between the
    header and the lap rows, or the text column's sides."""
    def near(a, b):
        return a == pytest.approx(b, abs=1e-6)
    return (near(g.radius, g.paper.width * sheets.RING_SHARE)
            or near(g.ring_top, g.caption_y - sheets.BAND_GAP)
            or near(g.ring_bottom, g.track_top + sheets.TRACK_LABEL + sheets.BAND_GAP)
            or near(g.cx - g.radius - g.card_h / 2 - sheets.LABEL_OUT, g.left))


@pytest.mark.parametrize("name,margin", GEOMETRY_CASES)
@pytest.mark.parametrize("cards", [10, 15, 16, 24])
def test_preview_ring_is_as_large_as_its_space_allows(name, margin, cards):
    w, h = PAPERS[name]
    assert _ring_is_as_large_as_allowed(preview_geometry(Paper(w, h, margin), cards, 88 / 63))


def test_a4_default_preview_and_log_use_their_space():
    """The layout's own A4 page: the ring fills its band, the log holds every promised turn on
    no more pages than it needs."""
    layout = make_context("tour-de-dice", paper="A4").layout
    card = layout.piece("card")
    g = preview_geometry(paper(layout), len(load(ROOT / "data" / "tour-de-dice").deck()) + 1, card.height / card.width)
    assert g.ring_top <= g.caption_y - sheets.BAND_GAP + 1e-9
    assert g.ring_bottom >= g.track_top + sheets.TRACK_LABEL + sheets.BAND_GAP - 1e-9
    assert _ring_is_as_large_as_allowed(g)
    log = log_geometry(paper(layout, landscape=True), progress_sheet(layout))
    assert log.rows * log.pages >= TURNS > log.rows * (log.pages - 1)
    assert log.bottom - progress_sheet(layout).row_height < layout.margin + sheets.KEY_ROOM


# --- card faces at other sizes -----------------------------------------------------------------

def _glyph_boxes(page) -> list:
    """(text, x0, y0, x1, y1) in mm of every string: its advance width, and the height the
    font's glyphs take (digits sit on the baseline and reach 0.75 of the size; other text
    reaches 0.88 and drops 0.2 below)."""
    fonts.register()
    out = []

    def visit(s, cm, tm, font, size):
        s = s.strip("\n")
        if s.strip():
            low, high = (-0.01, 0.75) if s.isdigit() else (-0.2, 0.88)
            m = _mul(tm, cm)
            pts = [_apply(m, x, y) for x in (0, text_width(s, size)) for y in (low * size, high * size)]
            xs, ys = [x / to_pt(1) for x, _ in pts], [y / to_pt(1) for _, y in pts]
            out.append((s, min(xs), min(ys), max(xs), max(ys)))

    page.extract_text(visitor_text=visit)
    return out


def _card_texts(size) -> list:
    """Per front card of cards.pdf at `size` (w, h mm): its trim and the glyph boxes on it."""
    layout = make_context("tour-de-dice", card=size).layout
    tour = load(ROOT / "data" / "tour-de-dice")
    reader = PdfReader(io.BytesIO(cards_pdf(tour, load_book(ROOT / "data" / "tour-de-dice", tour), layout)[0]))
    trims = grid(layout, "card").trims
    out = []
    for page in reader.pages[::2]:
        boxes = _glyph_boxes(page)
        for t in trims:
            on = [b for b in boxes if t.x <= (b[1] + b[3]) / 2 <= t.x2 and t.y <= (b[2] + b[4]) / 2 <= t.y2]
            if on:
                out.append((t, on))
    return out


@pytest.mark.parametrize("size", [(MIN_W, MIN_H), (63, 88), (70, 120), (88, 126)])
def test_card_faces_scale_with_the_card(size):
    cards = _card_texts(size)
    tour = load(ROOT / "data" / "tour-de-dice")
    assert len(cards) == len(faces(tour, load_book(ROOT / "data" / "tour-de-dice", tour)))
    for trim, boxes in cards:
        for s, x0, y0, x1, y1 in boxes:
            assert trim.x - 1e-6 <= x0 and x1 <= trim.x2 + 1e-6 and trim.y - 1e-6 <= y0 and y1 <= trim.y2 + 1e-6, s
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                apart = a[3] <= b[1] or b[3] <= a[1] or a[4] <= b[2] or b[4] <= a[2]
                assert apart, (size, a, b)
    # the cost numerals grow with the card: on a course card each fills most of its half's height
    course = [boxes for _, boxes in cards if not any(b[0] in ("GOAL", "BREAK", "手番の流れ  TURN", "TURN") for b in boxes)]
    assert course
    for boxes in course:
        numerals = [b for b in boxes if b[0].isdigit()]
        assert len(numerals) == 2
        assert all(y1 - y0 >= 0.5 * size[1] / 2 for _, _, y0, _, y1 in numerals), size


@pytest.mark.parametrize("verb", ["check", "build"])
def test_cards_below_the_minimum_size_are_refused(project, verb):
    args = [verb, "--game", "tour-de-dice", "--card", "24x26"] + (["--out", "small"] if verb == "build" else [])
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2
    assert f"tour-de-dice cards need at least {MIN_W:g} × {MIN_H:g} mm; the card size 24x26" in result.output
    assert not (project / "small").exists()
    narrow = CliRunner().invoke(main, [verb, "--game", "tour-de-dice", "--card", f"{MIN_W - 1:g}x{MIN_H + 30:g}",
                                       "--out", "narrow"] if verb == "build" else
                                [verb, "--game", "tour-de-dice", "--card", f"{MIN_W - 1:g}x{MIN_H + 30:g}"])
    assert narrow.exit_code == 2


# --- who owns which colour -----------------------------------------------------------------

@pytest.mark.parametrize("rules, players", [((("two_colours", "on"),), 3), ((), 4), ((), 6)])
def test_markers_and_progress_sheet_follow_piece_ownership(rules, players):
    tour = load(ROOT / "data" / "tour-de-dice", rules)
    setup = make_setup(tour, players, ("bold",) * players)
    seats = sheets.seat_colours(setup.owner, tour.colours)
    markers = sheets.marker_labels(owners(tour.rules, len(tour.colours)))
    assert len(seats) == players and len(markers) == len(tour.colours)
    for piece, seat in enumerate(setup.owner):
        assert tour.colours[piece] in seats[seat]
        assert markers[piece] == f"P{seat + 1}"
    assert sum(len(s) for s in seats) == setup.pieces


def test_rule_two_prints_each_players_two_colours(project):
    build(project / "two", "--rule", "two_colours=on")
    tour = load(project / "data" / "tour-de-dice", [("two_colours", "on")])
    log = PdfReader(str(project / "two" / "progress-sheet-rule2.pdf")).pages[0].extract_text()
    markers = PdfReader(str(project / "two" / "markers.pdf")).pages[0].extract_text()
    for seat in range(3):
        names = "・".join(c.name_ja for c in tour.colours[2 * seat:2 * seat + 2])
        assert f"P{seat + 1} ____ ({names})" in log
        assert markers.count(f"P{seat + 1}") == 4          # two markers, two faces each


def _turn_cards(preset: str) -> tuple[object, object, dict]:
    """The shipped tour under `preset`, its rulebook, and the text of each TURN card (by language)
    as cards.pdf prints it at the shipped card size."""
    data = ROOT / "data" / "tour-de-dice"
    tour = load(data, (("preset", preset),))
    book = load_book(data, tour)
    layout = shipped_layout("tour-de-dice")
    reader = PdfReader(io.BytesIO(cards_pdf(tour, book, layout)[0]))
    fronts = "".join(reader.pages[k].extract_text() for k in range(0, len(reader.pages), 2))
    return tour, book, squeeze(fronts)


def squeeze(s: str) -> str:
    return "".join(s.split())


@pytest.mark.parametrize("preset", ["written", "rule-1", "rule-2"])
def test_the_turn_cards_print_the_rulebooks_summary_and_rules_in_force(preset):
    tour, book, text = _turn_cards(preset)
    for lang in LANGS:
        for p in book.filled(book.summary[lang], tour.rules, lang):
            assert squeeze(p)[:20] in text, (lang, p)
        for option in ("breakaway", "two_colours"):
            assert squeeze(book.sentence(option, tour.rules[option], lang))[:20] in text, (lang, option)


def test_the_preset_changes_what_the_turn_cards_say():
    _, book, written = _turn_cards("written")
    _, _, rule1 = _turn_cards("rule-1")
    _, _, rule2 = _turn_cards("rule-2")
    for lang in LANGS:
        unused, used = (squeeze(book.sentence("breakaway", v, lang))[:20] for v in (False, True))
        assert unused in written and used not in written
        assert used in rule1 and unused not in rule1
        two = squeeze(book.sentence("two_colours", True, lang))[:20]
        assert two in rule2 and two not in written


def test_turn_card_text_is_at_least_six_points_and_a_card_too_small_for_it_is_refused():
    from conftest import text_sizes
    from kit.data.errors import KitError
    from kit.draw.imposition import Rect
    from kit.games.tour_de_dice.cards import TURN_FLOOR_PT, turn_lines, turn_size

    data = ROOT / "data" / "tour-de-dice"
    for preset in ("written", "rule-1", "rule-2"):
        tour = load(data, (("preset", preset),))
        book = load_book(data, tour)
        sizes = text_sizes(cards_pdf(tour, book, shipped_layout("tour-de-dice"))[0])
        assert min(s for s, _ in sizes) >= TURN_FLOOR_PT - 1e-6, preset
    tour = load(data, (("preset", "rule-2"),))
    with pytest.raises(KitError, match="TURN card text does not fit a 55 × 80 mm card at 6 pt"):
        turn_size(turn_lines(load_book(data, tour), tour.rules, "en"), "en", Rect(0, 0, 55, 80))
