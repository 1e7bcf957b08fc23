"""tour-de-dice printables: deterministic files, every card printed, the preview's ring."""

import io
import json
import math

from click.testing import CliRunner
from pypdf import PdfReader

from kit.cli import main
from kit.imposition import grid
from kit.games.tour_de_dice.model import load
from kit.games.tour_de_dice.play import make_setup, play_log
from kit.games.tour_de_dice.printables import faces
from kit.project import make_context


def build(out):
    result = CliRunner().invoke(main, ["build", "--game", "tour-de-dice", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return result.output


def test_build_is_byte_identical_and_complete(project):
    out_text = build(project / "a")
    build(project / "b")
    names = ("cards.pdf", "markers.pdf", "course-preview.pdf", "progress-sheet.pdf", "alignment.pdf")
    for name in names:
        assert (project / "a" / name).read_bytes() == (project / "b" / name).read_bytes(), name
        assert name in out_text
    ctx = make_context("tour-de-dice")
    tour = load(ctx.data_dir)
    count = len(faces(tour))
    assert count == sum(c.copies for c in tour.cards) + 3       # goal, Breakaway, player aid
    per_sheet = grid(ctx.layout).per_sheet
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
    page = PdfReader(str(project / "s" / "progress-sheet.pdf")).pages[0].extract_text()
    players = load(make_context("tour-de-dice").data_dir).rules["players"]
    assert all(f"P{k}" in page for k in range(1, players + 1))
    assert f"P{players + 1} " not in page.replace("\n", " ")
