"""`kit sim --game shikoku-duo` on the test world: the report's figures, reproducibility
whatever the workers, the Automa in solo runs, and the PDF report."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from kit.games.shikoku_duo import rules as R
from kit.games.shikoku_duo.sim import MEASURES, SIM, figures, simulate
from kit.sim.text import text
from kit.games import make_context
from kit.sim.report import KEYS, Run, Tally
from kit.sim.simulate import Values
from kit.sim.reportpdf import report_pdf
from test_shikoku_replay import setup_of



@pytest.fixture(scope="module")
def run():
    setup = setup_of()
    results = simulate(setup, 120, 7, workers=1, show_progress=False)
    return setup, results, figures(setup, results, 7)


def test_the_report_has_the_shared_keys_and_the_games_own(run):
    _, results, fig = run
    assert tuple(fig) == KEYS
    g = fig["game"]
    assert set(g["ended"]) == set(R.END_CONDITIONS)
    assert all(any(name in r.ended for name in R.END_CONDITIONS + R.AUTOMA_ENDS) for r in results)
    assert sum(fig["seat_win_rate"]) + g["draws"] == pytest.approx(1.0)
    lo, hi = g["first_drafter"]["ci95"]
    assert lo <= g["first_drafter"]["share"] <= hi
    rounds = sorted(r.rounds for r in results)
    assert len(rounds) == 120        # an even count: the median is the mean of the middle two
    assert g["rounds"]["median"] == (rounds[59] + rounds[60]) / 2
    assert (g["rounds"]["min"], g["rounds"]["max"]) == (rounds[0], rounds[-1])
    for who in ("winner", "loser", "all"):
        assert set(g["score"][who]) == {"pilgrim", "merchant", "artist", "total"}
    assert len(g["winner_waves"]) == 6 and sum(g["waves_up"].values()) == pytest.approx(3.0)
    assert "first drafter" in text(SIM, fig)


def test_the_same_seed_gives_the_same_results_whatever_the_workers():
    setup = setup_of()
    one = simulate(setup, 450, 3, workers=1, show_progress=False)
    two = simulate(setup, 450, 3, workers=2, show_progress=False)
    assert one == two


def test_greedy_beats_random_clearly(run):
    _, _, fig = run
    assert fig["policy_win_rate"]["greedy"] > 0.8


def test_a_solo_run_puts_the_automa_in_seat_two():
    setup = setup_of(1)
    results = simulate(setup, 60, 1, workers=1, show_progress=False)
    fig = figures(setup, results, 1)
    assert fig["players"] == 2 and fig["policies"] == ["greedy", "automa"]
    a = fig["game"]["automa"]
    assert a["policy"] == "greedy" and a["share"] == fig["seat_win_rate"][1]
    assert "the Automa wins against greedy" in text(SIM, fig)


def test_the_report_pdf_shows_the_games_own_charts_and_is_deterministic(run):
    setup, results, _ = run
    ctx = make_context("shikoku-duo")
    tally, rounds = Tally(2, len(MEASURES)), Values()
    run_ = Run(figures(setup, results, 7, tally, rounds), tally, extra=rounds)
    pdf = report_pdf(SIM, run_, ctx)
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) >= 2
    words = reader.pages[0].extract_text()
    assert "rounds per game" in words and "first drafter" in words and "end condition" in words
    assert "winner's points" in reader.pages[1].extract_text()
    assert report_pdf(SIM, run_, ctx) == pdf
