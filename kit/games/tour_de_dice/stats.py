"""What `kit sim` reports about many races: plain numbers from a list of Results."""

from __future__ import annotations

from collections import Counter

from kit.sim import report
from kit.sim.report import Measure, Outcome
from kit.sim.simulate import summary, wilson

from kit.games.tour_de_dice.play import STANDING, Result, Setup


def _share(wins: int, trials: int) -> dict:
    lo, hi = wilson(wins, trials)
    return {"wins": wins, "trials": trials, "share": wins / trials if trials else None, "ci95": [lo, hi]}


def histogram(values) -> dict[int, int]:
    return dict(sorted(Counter(values).items()))


MEASURES = (Measure("passes", "passes"), Measure("dice_lost", "dice lost per player"),
            Measure("unfinished", "unfinished", rate=True))


def outcome(r: Result, players: int, facts=None) -> Outcome:
    wins = tuple(1.0 if r.winner == s else 0.0 for s in range(players))
    return Outcome(wins, r.turns, (r.passes, sum(r.lost) / players, float(r.winner is None)), facts)


def figures(results: list[Result], setup: Setup, seed: int, options, outcomes=None) -> dict:
    """The shared report (kit/sim/report.py); `game` holds what only tour-de-dice measures:

    pieces, finished, unfinished        colours in play; races won, races the turn limit stopped
    turns_histogram                     {turns: races}
    rounds                              {median, min, max, p5, p95} turns / players
    passes_per_game                     mean turns with 0 dice declared
    start_player                        {wins, trials, share, ci95}: the start player won
    dice_lost_per_player                {mean, by_seat, histogram {dice: players}}
    breakaway                           null without rule ①, else how often it held the pack,
                                        held moves per game, turns the leader ran alone, and
                                        how often the leader won
    finishing_gap                       the runner-up's spaces (and cost) still to the goal
    """
    if outcomes is None:
        outcomes = [outcome(r, setup.players) for r in results]
    return report.figures(outcomes, seed=seed, policies=setup.policies, options=options,
                          game=summarise(results, setup), standing=STANDING)


def summarise(results: list[Result], setup: Setup) -> dict:
    games = len(results)
    finished = [r for r in results if r.winner is not None]
    players = setup.players
    lost = [sum(r.lost) / players for r in results]
    lost_hist = histogram(n for r in results for n in r.lost)
    with_leader = [r for r in finished if r.leader is not None]
    return {
        "pieces": setup.pieces,
        "finished": len(finished),
        "unfinished": games - len(finished),
        "turns_histogram": histogram(r.turns for r in results),
        "rounds": summary([r.turns / players for r in results]),
        "passes_per_game": sum(r.passes for r in results) / games,
        "start_player": _share(sum(1 for r in finished if r.winner == r.start), len(finished)),
        "dice_lost_per_player": {
            "mean": sum(lost) / games,
            "by_seat": [sum(r.lost[s] for r in results) / games for s in range(players)],
            "histogram": lost_hist,
        },
        "breakaway": None if setup.breakaway_id is None else {
            "games_held": _share(sum(1 for r in results if r.held_moves), games),
            "held_moves_per_game": sum(r.held_moves for r in results) / games,
            "held_turns": summary([r.held_turns for r in results if r.leader is not None]),
            "leader_won": _share(sum(1 for r in with_leader if r.winner == r.leader), len(with_leader)),
        },
        "finishing_gap": {
            "spaces": summary([r.gap_spaces for r in finished]),
            "spaces_histogram": histogram(r.gap_spaces for r in finished),
            "cost": summary([r.gap_cost for r in finished]),
        },
    }


def _pct(share: dict) -> str:
    if share["share"] is None:
        return "–"
    lo, hi = share["ci95"]
    return f"{100 * share['share']:5.1f}% [{100 * lo:.1f}–{100 * hi:.1f}]"


def _summ(s: dict, digits: int = 0) -> str:
    if s["median"] is None:
        return "–"
    f = f"{{:.{digits}f}}"
    return (f"median {f.format(s['median'])}, p5 {f.format(s['p5'])}, p95 {f.format(s['p95'])}, "
            f"range {f.format(s['min'])}–{f.format(s['max'])}")


def lines(fig: dict) -> list[str]:
    """tour-de-dice's own lines of `kit sim`, under the shared ones."""
    g = fig["game"]
    two = g["pieces"] > fig["players"]
    lines = [f"races finished {g['finished']}, unfinished (turn limit) {g['unfinished']}"
             + (f"; {g['pieces']} pieces, two colours each (rule ②)" if two else ""),
             f"rounds per game: {_summ(g['rounds'], 1)}",
             f"passes (0 dice) per game: {g['passes_per_game']:.2f}",
             f"start player wins: {_pct(g['start_player'])}"]
    d = g["dice_lost_per_player"]
    lines.append(f"dice lost per player: mean {d['mean']:.2f}; by seat "
                 + ", ".join(f"{x:.2f}" for x in d["by_seat"]))
    lines.append("  players losing n dice: " + ", ".join(f"{k}: {v}" for k, v in d["histogram"].items()))
    b = g["breakaway"]
    if b is not None:
        lines.append(f"Breakaway held someone back in {_pct(b['games_held'])} of games; "
                     f"{b['held_moves_per_game']:.2f} held moves per game")
        lines.append(f"  turns the leader ran alone: {_summ(b['held_turns'])}")
        lines.append(f"  the Breakaway leader won {_pct(b['leader_won'])}")
    gap = g["finishing_gap"]
    lines.append(f"finishing gap (runner-up behind the goal), spaces: {_summ(gap['spaces'])}")
    lines.append("  " + ", ".join(f"{k}: {v}" for k, v in gap["spaces_histogram"].items()))
    lines.append(f"  cost still to pay: {_summ(gap['cost'])}")
    return lines
