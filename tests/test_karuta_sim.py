"""`kit sim --game karuta`: seeded runs, worker independence, the figures and the report."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from kit.cli import main
from kit.games.karuta.deal import deal_hands
from kit.games.karuta.sim import SIM, figures, hands_of, make_setup, simulate
from kit.sim.text import text
from kit.data.errors import KitError
from kit.sim.report import KEYS

from test_karuta_rules import small_world
from conftest import text_sizes


def test_game_k_is_dealt_like_kit_deal_seed_plus_k():
    setup = make_setup(small_world(), 3, "greedy")
    t = setup.tables
    for seed in (0, 7, 1234):
        dealt = deal_hands(t.names, 3, seed)
        assert hands_of(setup, seed) == tuple(sum(1 << t.card(k) for k in hand) for hand in dealt)


def test_workers_do_not_change_results():
    setup = make_setup(small_world(), 4, "greedy,random,foresight,random")
    one = simulate(setup, 450, seed=11, workers=1, show_progress=False)
    two = simulate(setup, 450, seed=11, workers=2, show_progress=False)
    assert one == two
    assert simulate(setup, 450, seed=12, workers=1, show_progress=False) != one


def test_figures_are_consistent():
    setup = make_setup(small_world(), 4, "greedy,random,greedy,random")
    results = simulate(setup, 300, seed=3, workers=1, show_progress=False)
    fig = figures(setup, results, 3)
    assert fig["games"] == 300 and fig["players"] == 4
    won = sum(1 for r in results if sum(r.wins) > 0)
    assert sum(fig["seat_win_rate"]) == pytest.approx(won / 300)
    assert sum(fig["policy_win_rate"].values()) == pytest.approx(sum(fig["seat_win_rate"]))
    assert fig["policy_win_rate"]["greedy"] == pytest.approx(fig["seat_win_rate"][0] + fig["seat_win_rate"][2])
    for rate, (lo, hi) in zip(fig["seat_win_rate"], fig["seat_win_interval"]):
        assert lo <= rate <= hi
    assert fig["game"]["stall_rate"] == sum(r.stalled for r in results) / 300
    assert fig["turns"]["min"] <= fig["turns"]["p5"] <= fig["turns"]["median"] <= fig["turns"]["p95"] <= fig["turns"]["max"]
    # a card is stuck in a game exactly when it is in some hand at the end
    assert sum(fig["game"]["stuck_by_province"].values()) * 300 == pytest.approx(sum(sum(r.left) for r in results))
    shown = text(SIM, fig)
    assert "winner share by policy" in shown and "seat 4" in shown


def test_greedy_beats_random():
    setup = make_setup(small_world(open_highway="neighbour"), 2, "greedy,random")
    fig = figures(setup, simulate(setup, 600, seed=5, workers=1, show_progress=False), 5)
    assert fig["seat_win_rate"][0] > fig["seat_win_rate"][1]


def test_players_option_sets_the_default_table():
    assert make_setup(small_world(players=3), None, None).players == 3
    assert make_setup(small_world(), None, None).players == 4
    with pytest.raises(KitError, match="2 to 4"):
        make_setup(small_world(), 5, None)
    with pytest.raises(KitError, match="did you mean greedy"):
        make_setup(small_world(), 2, "gredy")
    with pytest.raises(KitError, match="one per seat.*policies: random, greedy, foresight"):
        make_setup(small_world(), 4, "greedy,random")


def test_rule_options_change_the_figures():
    base = make_setup(small_world(), 4, "random")
    runs = {}
    for name, value in (("direction", "origin"), ("crossing", "block"), ("passing", "any_time"),
                        ("first_card", "musashi"), ("chain_limit", "1"), ("behind_start", "adjacency"),
                        ("joins", "every_line"), ("open_highway", "neighbour"), ("direction", "both_ways")):
        setup = make_setup(small_world(**{name: value}), 4, "random")
        runs[name, value] = simulate(setup, 200, seed=1, workers=1, show_progress=False)
    plain = simulate(base, 200, seed=1, workers=1, show_progress=False)
    for name, results in runs.items():
        assert results != plain, name


def test_cli_json_and_text(project):
    runner = CliRunner()
    res = runner.invoke(main, ["sim", "-g", "karuta", "--games", "300", "--seed", "4", "--json",
                               "--workers", "2", "--policy", "greedy,random,foresight,greedy"])
    assert res.exit_code == 0, res.output
    fig = json.loads(res.output)
    assert tuple(fig) == KEYS
    assert {"stall_rate", "passes", "stuck_by_province"} <= set(fig["game"])
    assert set(fig["turns"]) == {"median", "min", "max", "p5", "p95"} and "median" in fig["game"]["passes"]
    assert len(fig["game"]["stuck_by_province"]) == 68 and len(fig["seat_win_rate"]) == 4
    again = runner.invoke(main, ["sim", "-g", "karuta", "--games", "300", "--seed", "4", "--json",
                                 "--workers", "1", "--policy", "greedy,random,foresight,greedy"])
    assert json.loads(again.output) == fig
    res = runner.invoke(main, ["sim", "-g", "karuta", "--games", "50", "--rule", "direction=sideways"])
    assert res.exit_code == 2 and "choose one of" in res.output


def test_report_pdf(project, tmp_path):
    runner = CliRunner()
    out = tmp_path / "report.pdf"
    args = ["sim", "-g", "karuta", "--games", "200", "--seed", "2", "--workers", "1", "--report", str(out)]
    res = runner.invoke(main, args)
    assert res.exit_code == 0, res.output
    first = out.read_bytes()
    reader = PdfReader(out)
    assert len(reader.pages) == 2
    page1, page2 = (p.extract_text() for p in reader.pages)
    assert "turns per game" in page1 and "winner share by seat" in page1
    assert "most often stuck" in page2 and "CC BY" in page2
    # Nothing in the kit's printed matter is below 6 pt, the map's shares included.
    sizes = text_sizes(first)
    assert min(sizes)[0] >= 6 - 1e-6, min(sizes)
    assert sum(1 for _, s in sizes if s.endswith("%")) > 60      # the shares are still there
    runner.invoke(main, args)
    assert out.read_bytes() == first


def test_map_labels_never_cover_each_other():
    from kit.draw.fonts import text_width
    from kit.games.karuta.simreport import share_labels
    crowd = [(0.05 + 0.01 * k, (100 + 3 * (k % 5), 200 + 2 * (k // 5))) for k in range(25)]
    crowd += [(0.5, (400, 400)), (0.01, (500, 500))]
    placed = share_labels(crowd, 6.0)
    assert placed[0] == (0.5, (400, 400), "50%")             # the largest first; under 5% left out
    assert (0.29, (112, 208), "29%") in placed and len(placed) < 10
    boxes = [(x - text_width(t, 6) / 2, y - 2.4, x + text_width(t, 6) / 2, y + 2.4) for _, (x, y), t in placed]
    for i, p in enumerate(boxes):
        for q in boxes[i + 1:]:
            assert not (p[0] < q[2] and q[0] < p[2] and p[1] < q[3] and q[1] < p[3]), (p, q)


def test_report_loads_the_data_once(project, tmp_path, monkeypatch):
    from kit.games.karuta import geo, model, sim
    calls = []

    def counted(*args, **kwargs):
        calls.append(args)
        return model.load(*args, **kwargs)

    monkeypatch.setattr(sim, "load", counted)
    monkeypatch.setattr(geo, "load", counted)
    res = CliRunner().invoke(main, ["sim", "-g", "karuta", "--games", "20", "--workers", "1",
                                    "--report", str(tmp_path / "r.pdf")])
    assert res.exit_code == 0, res.output
    assert len(calls) == 1 and (tmp_path / "r.pdf").stat().st_size > 0


def test_a_dark_label_past_its_province_is_inked_black():
    from reportlab.lib.colors import black, white
    from shapely.geometry import box
    from kit.games.karuta.simreport import label_ink
    land, island = box(0, 0, 100, 100), box(48, 48, 52, 52)
    assert label_ink(0.5, land, (50, 50), (6, 3)) == white          # dark, and the label fits
    assert label_ink(0.1, land, (50, 50), (6, 3)) == black          # light shade
    assert label_ink(0.5, island, (50, 50), (6, 3)) == black        # white would sit on the sea
