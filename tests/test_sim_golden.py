"""Simulated results are pinned: the same seeds give the same games.

GOLDEN is what `python benchmarks/golden.py` prints: for each case (players, policies and
rules), totals over the same range of seeds. Work on speed never moves them; a change to
a rule or a policy does, and is then made on purpose, with GOLDEN printed again by the
benchmark. The readings they pin include: greedy breaks ties between its longest karuta
turns towards the one that makes more of its own cards playable next; Breakaway's
condition 2 lets each piece of the pack choose where to stop, short of Breakaway too; and
careful rolls two dice before a space one die pays less than two times in three, and rides
rolls of that many.

SHIKOKU holds shikoku-duo's games on the test world (tests/shikoku_world.py) under several
rule sets, wave sides and players: seeds 1-60, their totals and the sha256 of the results'
text.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("golden", ROOT / "benchmarks" / "golden.py")
golden = importlib.util.module_from_spec(spec)
spec.loader.exec_module(golden)

GOLDEN = {"karuta": {"random-4": {"turns": 9199, "passes": 1149, "stalls": 6, "wins": [38.666667, 40.833333, 34.833333, 35.666667], "left": 1035}, "random-3-designer-tool": {"turns": 10717, "passes": 1151, "stalls": 0, "wins": [45.0, 53.0, 52.0], "left": 634}, "random-2-every_line-crossing_only-origin": {"turns": 3577, "passes": 788, "stalls": 146, "wins": [73.5, 76.5], "left": 6768}, "random-4-both_ways-block-musashi-any_time": {"turns": 5897, "passes": 2702, "stalls": 138, "wins": [38.0, 34.0, 38.0, 40.0], "left": 6595}, "mixed-4": {"turns": 8704, "passes": 1339, "stalls": 9, "wins": [44.333333, 26.166667, 45.0, 34.5], "left": 1078}, "mixed-4-designer-tool": {"turns": 11078, "passes": 1839, "stalls": 0, "wins": [39.0, 27.0, 51.0, 33.0], "left": 961}}, "tour-de-dice": {"4-mixed": {"turns": 24991, "passes": 0, "lost": 2893, "held": 0, "wins": [91, 87, 158, 64]}, "5-breakaway": {"turns": 28174, "passes": 1489, "lost": 3731, "held": 1157, "wins": [60, 49, 113, 93, 85]}, "3-two_colours": {"turns": 20234, "passes": 0, "lost": 2723, "held": 0, "wins": [141, 153, 106]}}}


@pytest.mark.parametrize("case", sorted(golden.KARUTA_CASES))
def test_karuta_results_are_unchanged(case):
    assert golden.karuta_fingerprint(*golden.KARUTA_CASES[case]) == GOLDEN["karuta"][case]


@pytest.mark.parametrize("case", sorted(golden.TOUR_CASES))
def test_tour_results_are_unchanged(case):
    assert golden.tour_fingerprint(*golden.TOUR_CASES[case]) == GOLDEN["tour-de-dice"][case]


SHIKOKU_WAVES2 = ("pilgrim_minus", "pilgrim_plus", "sell_plus", "draw_plus", "paint_path", "paint_plus")
SHIKOKU_CASES = {
    "greedy": ({}, ("greedy", "greedy")),
    "greedy-walk-pilgrims": ({"merchant_path": "walk", "pilgrim_blockers": "pilgrims"}, ("greedy", "greedy")),
    "greedy-cap-seat1-waves2": ({"paint_plus": "cap", "first_drafter": "seat1", "start_town": "m2",
                                 "start_region": "r5", "waves": SHIKOKU_WAVES2}, ("greedy", "greedy")),
    "solo-greedy": ({}, ("greedy", "automa")),
    "solo-planner-waves2": ({"waves": SHIKOKU_WAVES2}, ("planner", "automa")),
    "random-planner": ({}, ("random", "planner")),
    "planner-greedy-limit9": ({"round_limit": 9}, ("planner", "greedy")),
}
SHIKOKU = {"greedy": {"rounds": 1212, "points": 3739, "wins": [37, 22], "repeats": 31, "sha": "9daa5fd3735190fd"}, "greedy-walk-pilgrims": {"rounds": 1268, "points": 3955, "wins": [29, 31], "repeats": 43, "sha": "274b8ab243cfa1d5"}, "greedy-cap-seat1-waves2": {"rounds": 1167, "points": 3602, "wins": [41, 18], "repeats": 31, "sha": "11a46aab2c0cc0b1"}, "solo-greedy": {"rounds": 1035, "points": 3286, "wins": [6, 54], "repeats": 19, "sha": "18a40732b9a64bee"}, "solo-planner-waves2": {"rounds": 972, "points": 3061, "wins": [2, 58], "repeats": 21, "sha": "2a4b2656324d707d"}, "random-planner": {"rounds": 1488, "points": 3125, "wins": [0, 60], "repeats": 36, "sha": "ea89a31023ff69dd"}, "planner-greedy-limit9": {"rounds": 540, "points": 895, "wins": [25, 35], "repeats": 1, "sha": "23b56625a2a48295"}}


def shikoku_fingerprint(options: dict, policies: tuple[str, str]) -> dict:
    import hashlib

    from kit.games.shikoku_duo import rules as R
    from kit.games.shikoku_duo.automa import load_automa
    from kit.games.shikoku_duo.sim import Setup, play_seeded
    from shikoku_world import world

    options = dict(options)
    waves = options.pop("waves", None)
    m = world(waves=waves, **options) if waves else world(**options)
    automa = load_automa(ROOT / "data" / "shikoku-duo" / "automa.yaml") if policies[1] == "automa" else None
    setup = Setup(R.tables(m), R.Rules.from_options(m.rules), policies, automa, m.rules)
    results = [play_seeded(setup, seed) for seed in range(1, 61)]
    return {"rounds": sum(r.rounds for r in results), "points": sum(sum(r.scores) for r in results),
            "wins": [sum(1 for r in results if r.winner == s) for s in range(2)],
            "repeats": sum(r.repeats for r in results),
            "sha": hashlib.sha256(repr(results).encode()).hexdigest()[:16]}


@pytest.mark.parametrize("case", sorted(SHIKOKU_CASES))
def test_shikoku_results_are_unchanged(case):
    assert shikoku_fingerprint(*SHIKOKU_CASES[case]) == SHIKOKU[case]
