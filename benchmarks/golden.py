"""Fingerprints of simulated games, to pin that speed work leaves results unchanged.

Run from the repository root:  python benchmarks/golden.py
It prints, for every case in CASES, a few totals over a fixed range of seeds: turns,
passes, stalls and win shares per seat (karuta); turns, passes, dice lost, Breakaway
holds and wins per seat (tour-de-dice). tests/test_sim_golden.py holds the values
this printed before the engines were made faster, and checks them again.
Every rule is spelled out, so a change of default does not move them.
"""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Every rule option spelled out, so the fingerprints do not move when a default changes.
KARUTA_BASE = (("deal", "even"), ("first_card", "any"), ("joins", "along"), ("open_highway", "neighbour"),
               ("direction", "second_card"), ("behind_start", "dead"), ("crossing", "new_line"),
               ("chain_limit", "0"), ("passing", "when_stuck"), ("round_start", "random"),
               ("stall", "fewest_cards"), ("tie_break", "shared"))

KARUTA_CASES = {
    "random-4": ((), "random", 4),
    "random-3-designer-tool": ((("chain_limit", "1"), ("behind_start", "adjacency"), ("crossing", "pass_through")),
                               "random", 3),
    "random-2-every_line-crossing_only-origin": ((("joins", "every_line"), ("open_highway", "crossing_only"),
                                                  ("direction", "origin")), "random", 2),
    "random-4-both_ways-block-musashi-any_time": ((("direction", "both_ways"), ("crossing", "block"),
                                                   ("first_card", "musashi"), ("passing", "any_time"),
                                                   ("round_start", "rotate"), ("tie_break", "last_played")),
                                                  "random", 4),
    "mixed-4": ((), "greedy,random,foresight,greedy", 4),
    "mixed-4-designer-tool": ((("chain_limit", "1"), ("behind_start", "adjacency"), ("crossing", "pass_through")),
                              "greedy,random,foresight,greedy", 4),
}
KARUTA_GAMES = 150

TOUR_CASES = {
    "4-mixed": ((), "bold,careful,patient,drafting", 4),
    "5-breakaway": ((("breakaway", "on"),), "bold,drafting,patient,careful,bold", 5),
    "3-two_colours": ((("two_colours", "on"),), "bold,patient,drafting", 3),
}
TOUR_GAMES = 400


def karuta_fingerprint(rules, policy: str, players: int, games: int = KARUTA_GAMES, seed: int = 1) -> dict:
    from kit.games.karuta.model import load
    from kit.games.karuta.sim import make_setup, simulate

    setup = make_setup(load(ROOT / "data" / "karuta", KARUTA_BASE + tuple(rules)), players, policy)
    results = simulate(setup, games, seed, workers=1, show_progress=False)
    return {"turns": sum(r.turns for r in results), "passes": sum(r.passes for r in results),
            "stalls": sum(r.stalled for r in results),
            "wins": [round(sum(r.wins[s] for r in results), 6) for s in range(players)],
            "left": sum(sum(r.left) for r in results)}


def tour_fingerprint(rules, policy: str, players: int, games: int = TOUR_GAMES, seed: int = 1,
                     data: Path | None = None) -> dict:
    from kit.games.tour_de_dice.model import load
    from kit.games.tour_de_dice.play import make_setup, play_game
    from kit.games.tour_de_dice.policies import parse_policies

    tour = load(data or ROOT / "data" / "tour-de-dice", tuple(rules))
    setup = make_setup(tour, players, parse_policies(policy, players))
    results = [play_game(setup, seed + k) for k in range(games)]
    return {"turns": sum(r.turns for r in results), "passes": sum(r.passes for r in results),
            "lost": sum(sum(r.lost) for r in results), "held": sum(r.held_moves for r in results),
            "wins": [sum(1 for r in results if r.winner == s) for s in range(players)]}


def main() -> None:
    out = {"karuta": {k: karuta_fingerprint(*v) for k, v in KARUTA_CASES.items()},
           "tour-de-dice": {k: tour_fingerprint(*v) for k, v in TOUR_CASES.items()}}
    print(json.dumps(out, ensure_ascii=False))


if __name__ == "__main__":
    main()
