"""Simulated results are pinned: the same seeds give the same games.

GOLDEN is what `python benchmarks/golden.py` prints: for each case (players, policies and
rules), totals over the same range of seeds. Work on speed never moves them; a change to
a rule or a policy does, and is then made on purpose, with GOLDEN printed again by the
benchmark. The readings they pin include: greedy breaks ties between its longest karuta
turns towards the one that makes more of its own cards playable next; Breakaway's
condition 2 lets each piece of the pack choose where to stop, short of Breakaway too; and
careful rolls two dice before a space one die pays less than two times in three, and rides
rolls of that many.
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
