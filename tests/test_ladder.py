"""The ladder (kit/sim/ladder.py): balanced seatings, and ratings that recover known strengths."""

from __future__ import annotations

import json
import math
import random
import re

import pytest
from click.testing import CliRunner

from kit.cli import main
from kit.data.errors import KitError
from kit.sim import report
from kit.sim.ladder import ELO, Table, fit, ladder, lines, parse_ladder, seatings
from kit.sim.report import Outcome, Run
from kit.sim.seating import seat_policies
from kit.sim.simulator import Simulator


# A made-up game: a seat of policy p wins with probability STRENGTH[p] / (the table's sum).
STRENGTH = {"weak": 1.0, "fair": 2.0, "strong": 6.0, "random": 1.0}


def toy_run(ctx, games, players, seed, policy, workers=None, show_progress=None) -> Run:
    players = players or 3
    names = seat_policies(policy, players, tuple(STRENGTH), "random")
    w = [STRENGTH[n] for n in names]
    tally = report.Tally(players)
    for k in range(games):
        rng = random.Random(seed + k)
        seat = rng.choices(range(players), weights=w)[0]
        tally.add(Outcome(tuple(1.0 if s == seat else 0.0 for s in range(players)), 1))
    return Run(tally.figures(seed=seed, policies=names, options={}, game={}), tally)


TOY = Simulator(name="toy", title="toy", unit="games", measures=(), run=toy_run, lines=lambda f: [],
                subtitle=lambda f: "", report="", policies=tuple(STRENGTH))


def test_seatings_put_the_lone_policy_in_every_seat():
    assert seatings("a", "b", 2) == (("a", "b"), ("b", "a"))
    four = seatings("a", "b", 4)
    assert len(four) == 8
    for lone, other in (("a", "b"), ("b", "a")):
        tables = [t for t in four if t.count(lone) == 1]
        assert sorted(t.index(lone) for t in tables) == [0, 1, 2, 3]
        assert all(t.count(other) == 3 for t in tables)


def test_the_fit_recovers_strengths_without_noise():
    # expected wins, exactly: the maximum-likelihood fit is then the truth (less the faint prior)
    tables = []
    for a, b in (("weak", "fair"), ("weak", "strong"), ("fair", "strong")):
        for t in seatings(a, b, 3):
            w = [STRENGTH[p] for p in t]
            tables.append(Table(t, 100_000, tuple(100_000 * x / sum(w) for x in w)))
    r, cov = fit(tables, ("weak", "fair", "strong"))
    assert r[1] == pytest.approx(math.log(2), abs=1e-3) and r[2] == pytest.approx(math.log(6), abs=1e-3)
    assert cov[0, 0] == 0 and cov[1, 1] > 0


def test_the_ladder_recovers_known_strengths_on_a_toy_game():
    lad = ladder(None, TOY, games=3000, players=3, seed=1, workers=1, spec="weak,fair,strong")
    assert lad["players"] == 3 and lad["seatings"] == 6 and lad["deals"] == 500
    assert lad["games_per_pairing"] == 3000
    for name, truth in (("weak", 0.0), ("fair", math.log(2)), ("strong", math.log(6))):
        rt = lad["ratings"][name]
        lo, hi = rt["interval"]
        assert lo <= ELO * truth <= hi, (name, rt)
    assert lad["ratings"]["weak"]["interval"] == [0.0, 0.0]
    assert lad["ratings"]["strong"]["interval"][0] > lad["ratings"]["fair"]["interval"][1]
    # a lone strong seat against two weak wins 6 / (6 + 2) of the games
    share = lad["win_share"]["strong"]["weak"]
    assert share["games"] == 1500 and share["interval"][0] < 0.75 < share["interval"][1]
    luck = lad["luck"]
    assert (luck["strongest"], luck["weakest"]) == ("strong", "weak")
    assert luck["pure_luck"] == pytest.approx(1 / 3)
    assert luck["baseline"]["policy"] == "random" and luck["baseline"]["games"] == 3000
    assert luck["baseline"]["interval"][0] < 1 / 3 < luck["baseline"]["interval"][1]
    lo, hi = luck["rating_spread"]["interval"]
    assert lo < ELO * math.log(6) < hi
    text = "\n".join(lines("toy", lad))
    assert "a stronger player (strong) wins" in text and "three-player games against two weak players" in text
    assert "33.3% would be pure luck" in text


def test_ladder_names_are_checked():
    assert parse_ladder("a, b", ("a", "b")) == ("a", "b")
    for bad, why in (("a", "two policies or more"), ("a,a", "listed twice"), ("a,,b", "empty name"),
                     ("a,bb", "unknown policy 'bb'.*did you mean b")):
        with pytest.raises(KitError, match=why):
            parse_ladder(bad, ("a", "b"))


# --- the command line --------------------------------------------------------------------------------


def test_kit_sim_ladder_json_and_text(project):
    res = CliRunner().invoke(main, ["sim", "-g", "tour-de-dice", "--ladder", "bold,patient", "--games", "16",
                                    "--workers", "1", "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    lad = out["ladder"]
    assert out["game"] == "tour-de-dice" and lad["policies"] == ["bold", "patient"]
    assert lad["seatings"] == 2 * lad["players"] and lad["games_per_pairing"] == lad["seatings"] * lad["deals"]
    assert set(lad["ratings"]) == {"bold", "patient"} and lad["ratings"]["bold"]["rating"] == 0
    assert set(lad["win_share"]["bold"]) == {"patient"}
    # tour-de-dice has no random player: the pure-luck baseline is bold against bold
    assert lad["luck"]["baseline"]["policy"] == "bold"
    text = CliRunner().invoke(main, ["sim", "-g", "tour-de-dice", "--ladder", "bold,patient", "--games", "16",
                                     "--workers", "1"]).output
    assert "would be pure luck" in text and "rating spread" in text


@pytest.mark.parametrize("args, why", [
    (["--ladder", "greedy,random", "--policy", "greedy"], "without --policy"),
    (["--ladder", "greedy,random", "--vary", "chain_limit=0,1"], "without --vary"),
    (["--ladder", "greedy,gredy"], "listed twice|did you mean greedy"),
    (["--ladder", "greedy"], "two policies or more"),
])
def test_bad_ladders_are_refused(project, args, why):
    res = CliRunner().invoke(main, ["sim", "-g", "karuta", "--games", "8", *args])
    assert res.exit_code == 2, res.output
    assert "Traceback" not in res.output
    assert re.search(why, res.output), res.output


def test_a_solo_ladder_is_refused(project):
    res = CliRunner().invoke(main, ["sim", "-g", "shikoku-duo", "--games", "4", "--players", "1",
                                    "--ladder", "random,greedy"])
    assert res.exit_code == 2, res.output
    assert "Traceback" not in res.output
    assert "--players 2 or more" in res.output and "automa" in res.output
