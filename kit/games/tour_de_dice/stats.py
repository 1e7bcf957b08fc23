"""What `kit sim` reports about many races: plain numbers from a list of Results."""

from __future__ import annotations

from collections import Counter

from kit.simulate import summary, wilson

from kit.games.tour_de_dice.play import Result, Setup


def _share(wins: int, trials: int) -> dict:
    lo, hi = wilson(wins, trials)
    return {"wins": wins, "trials": trials, "share": wins / trials if trials else None, "ci95": [lo, hi]}


def histogram(values) -> dict[int, int]:
    return dict(sorted(Counter(values).items()))


def summarise(results: list[Result], setup: Setup) -> dict:
    games = len(results)
    finished = [r for r in results if r.winner is not None]
    players = setup.players
    wins = Counter(r.winner for r in finished)
    by_seat = [{"seat": s + 1, "policy": setup.policies[s], **_share(wins[s], len(finished))}
               for s in range(players)]
    by_policy = []
    for name in dict.fromkeys(setup.policies):
        seats = [s for s in range(players) if setup.policies[s] == name]
        by_policy.append({"policy": name, "seats": len(seats),
                          **_share(sum(wins[s] for s in seats), len(finished) * len(seats))})
    lost = [sum(r.lost) / players for r in results]
    lost_hist = histogram(n for r in results for n in r.lost)
    with_leader = [r for r in finished if r.leader is not None]
    return {
        "games": games,
        "players": players,
        "pieces": setup.pieces,
        "policies": list(setup.policies),
        "finished": len(finished),
        "unfinished": games - len(finished),
        "turns": summary([r.turns for r in results]),
        "turns_histogram": histogram(r.turns for r in results),
        "rounds": summary([r.turns / players for r in results]),
        "passes_per_game": sum(r.passes for r in results) / games,
        "winner_by_seat": by_seat,
        "winner_by_policy": by_policy,
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


def text(stats: dict, header: str) -> str:
    lines = [header,
             f"games {stats['games']}, finished {stats['finished']}, unfinished (turn limit) {stats['unfinished']}",
             f"turns per game: {_summ(stats['turns'])}",
             f"rounds per game: {_summ(stats['rounds'], 1)}",
             f"passes (0 dice) per game: {stats['passes_per_game']:.2f}",
             "winner by seat (95% interval):"]
    lines += [f"  seat {s['seat']} {s['policy']:<9} {_pct(s)}" for s in stats["winner_by_seat"]]
    lines.append("winner by policy (per seat; an even table is 1/players):")
    lines += [f"  {p['policy']:<9} ×{p['seats']} {_pct(p)}" for p in stats["winner_by_policy"]]
    lines.append(f"start player wins: {_pct(stats['start_player'])}")
    d = stats["dice_lost_per_player"]
    lines.append(f"dice lost per player: mean {d['mean']:.2f}; by seat "
                 + ", ".join(f"{x:.2f}" for x in d["by_seat"]))
    lines.append("  players losing n dice: " + ", ".join(f"{k}: {v}" for k, v in d["histogram"].items()))
    b = stats["breakaway"]
    if b is not None:
        lines.append(f"Breakaway held someone back in {_pct(b['games_held'])} of games; "
                     f"{b['held_moves_per_game']:.2f} held moves per game")
        lines.append(f"  turns the leader ran alone: {_summ(b['held_turns'])}")
        lines.append(f"  the Breakaway leader won {_pct(b['leader_won'])}")
    g = stats["finishing_gap"]
    lines.append(f"finishing gap (runner-up behind the goal), spaces: {_summ(g['spaces'])}")
    lines.append("  " + ", ".join(f"{k}: {v}" for k, v in g["spaces_histogram"].items()))
    lines.append(f"  cost still to pay: {_summ(g['cost'])}")
    return "\n".join(lines)
