"""`kit sim --ladder A,B,...`: every pairing of policies in balanced seatings on the same deals,
ratings fitted with intervals, and how much of the game is skill.

A pairing of A and B is played in every seating where one seat plays one policy and all the
others the other: A alone in each seat against B's, then B alone in each seat against A's
(two-player games: AB and BA). Every seating plays the same seeds, seed .. seed+g-1, so
the deals and dice are the same in all of them, and the pairing's games are shared evenly
among its seatings (rounded up to a whole number of deals a seating).

Ratings are the Bradley-Terry model as Luce's choice model extends it to tables of more
than two: a seat of policy p wins a game with probability exp(r_p) / (sum of exp(r_q) over
the table's seats). Its maximum-likelihood fit (scipy), from the wins of each seating
added up, gives each policy's log-strength r with the covariance of the fit; they are
shown on the Elo scale (400 / ln 10 points per unit of r: 400 points more is ten times the
odds), the first listed policy at 0. A faint prior (each r normal about 0 with standard
deviation 10) keeps a policy that never won finite. A win shared in a tie counts as its
fraction; games nobody won tell nothing and are left out.

Luck or skill in one figure: the share of games the strongest policy, alone at a table,
wins against the weakest in every other seat, beside pure luck: 1 / players, and the
share a seat wins when every seat plays `random` on the same deals (the game's first
listed policy when it has no random player) - games nobody won take their part of it.

`kit sim --json --ladder` prints {"game": name, "ladder": {...}} with these keys:

    policies            [str]     as listed
    players             int
    seed                int
    games_per_pairing   int       seatings × deals
    seatings            int       seatings per pairing
    deals               int       games each seating plays, seeds seed .. seed+deals-1
    rules               as every run's report has it
    model               str       the model in words
    ratings             {policy: {rating, interval, strength, strength_se}}  rating on the Elo
                                  scale; strength = r (the first policy's 0)
    win_share           {A: {B: {share, interval, games}}}  A alone against B's in every other seat
    luck                {strongest, weakest, share, interval, pure_luck, baseline: {policy,
                         share, interval}, rating_spread: {rating, interval}, text: [str]}
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from kit.data.errors import KitError, did_you_mean
from kit.run.progress import progress
from kit.sim.simulate import wilson

Z = 1.96
ELO = 400 / math.log(10)
PRIOR_SD = 10.0
NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def parse_ladder(spec: str, known: Sequence[str]) -> tuple[str, ...]:
    names = tuple(n.strip() for n in spec.split(","))
    if any(not n for n in names):
        raise KitError(f"--ladder {spec!r}: an empty name; write A,B,... with policies: {', '.join(known)}")
    for n in names:
        if known and n not in known:
            raise KitError(f"--ladder: unknown policy {n!r}{did_you_mean(n, known)}; policies: {', '.join(known)}")
    if len(set(names)) != len(names):
        raise KitError(f"--ladder {spec!r}: a policy is listed twice")
    if len(names) < 2:
        raise KitError(f"--ladder {spec!r}: name two policies or more, e.g. {','.join(known[:2]) or 'A,B'}")
    return names


def seatings(a: str, b: str, players: int) -> tuple[tuple[str, ...], ...]:
    """Every table of one `a` among `b`'s and one `b` among `a`'s, the lone seat in each place."""
    out: list[tuple[str, ...]] = []
    for lone, other in ((a, b), (b, a)):
        for s in range(players):
            table = tuple(lone if k == s else other for k in range(players))
            if table not in out:
                out.append(table)
    return tuple(out)


@dataclass(frozen=True)
class Table:
    """One seating's games added up: seats of each policy, and each policy's wins."""

    policies: tuple[str, ...]       # per seat
    games: int
    wins: tuple[float, ...]         # per seat


# --- the fit -------------------------------------------------------------------------------------

def fit(tables: Sequence[Table], names: Sequence[str]):
    """(log-strengths r, covariance) of Luce's model from the tables' wins, r[0] fixed at 0."""
    import numpy as np
    from scipy.optimize import minimize

    k = len(names)
    index = {n: i for i, n in enumerate(names)}
    seats = np.zeros((len(tables), k))
    won = np.zeros((len(tables), k))
    for row, t in enumerate(tables):
        for p, w in zip(t.policies, t.wins):
            seats[row, index[p]] += 1
            won[row, index[p]] += w
    total = won.sum(axis=1)
    ridge = 1 / PRIOR_SD ** 2

    def parts(x):
        r = np.concatenate(([0.0], x))
        e = seats * np.exp(r - r.max())
        z = e.sum(axis=1)
        return r, e / z[:, None], z

    def cost(x):
        r, _, z = parts(x)
        return -(won @ r).sum() + (total * (np.log(z) + r.max())).sum() + ridge / 2 * (x @ x)

    def grad(x):
        _, pi, _ = parts(x)
        return (-won.sum(axis=0) + total @ pi)[1:] + ridge * x

    def hess(x):
        _, pi, _ = parts(x)
        h = np.einsum("c,cp,pq->pq", total, pi, np.eye(k)) - np.einsum("c,cp,cq->pq", total, pi, pi)
        return h[1:, 1:] + ridge * np.eye(k - 1)

    found = minimize(cost, np.zeros(k - 1), jac=grad, hess=hess, method="trust-exact",
                     options={"gtol": 1e-10})
    cov = np.zeros((k, k))
    cov[1:, 1:] = np.linalg.inv(hess(found.x))
    return np.concatenate(([0.0], found.x)), cov


# --- the figures ---------------------------------------------------------------------------------

def lone_share(tables: Sequence[Table], a: str, b: str) -> dict:
    """How often a lone `a` wins against `b` in every other seat, over the tables it sits so."""
    wins = games = 0.0
    for t in tables:
        if t.policies.count(a) == 1 and set(t.policies) == {a, b}:
            wins += t.wins[t.policies.index(a)]
            games += t.games
    games = int(games)
    return {"share": wins / games if games else None, "interval": list(wilson(wins, games)), "games": games}


def figures(names: Sequence[str], tables: Sequence[Table], baseline: Table, *, players: int, seed: int,
            deals: int, rules: dict, base_policy: str) -> dict:
    r, cov = fit(tables, names)
    ratings = {}
    for i, n in enumerate(names):
        se = math.sqrt(max(0.0, cov[i, i]))
        ratings[n] = {"rating": ELO * r[i], "interval": [ELO * (r[i] - Z * se), ELO * (r[i] + Z * se)],
                      "strength": float(r[i]), "strength_se": se}
    shares = {a: {b: lone_share(tables, a, b) for b in names if b != a} for a in names}
    top = max(range(len(names)), key=lambda i: (r[i], -i))
    low = min(range(len(names)), key=lambda i: (r[i], i))
    spread_se = math.sqrt(max(0.0, cov[top, top] + cov[low, low] - 2 * cov[top, low]))
    spread = r[top] - r[low]
    luck_wins = sum(baseline.wins) / players
    luck = {"strongest": names[top], "weakest": names[low], **shares[names[top]][names[low]],
            "pure_luck": 1 / players,
            "baseline": {"policy": base_policy, "share": luck_wins / baseline.games,
                         "interval": list(wilson(luck_wins, baseline.games)), "games": baseline.games},
            "rating_spread": {"rating": ELO * spread,
                              "interval": [ELO * (spread - Z * spread_se), ELO * (spread + Z * spread_se)]}}
    luck["text"] = luck_words(luck, players)
    per = len(tables) // max(1, len(names) * (len(names) - 1) // 2)
    return {"policies": list(names), "players": players, "seed": seed, "games_per_pairing": per * deals,
            "seatings": per, "deals": deals, "rules": rules,
            "model": "Bradley-Terry (Luce's choice among a table's seats), maximum likelihood; Elo scale, "
                     f"{names[0]} = 0",
            "ratings": ratings, "win_share": shares, "luck": luck}


def _pct(x) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def _span(iv) -> str:
    return f"{100 * iv[0]:.1f}–{100 * iv[1]:.1f}%"


def luck_words(luck: dict, players: int) -> list[str]:
    """Luck or skill, in words a designer reads."""
    others = players - 1
    whom = f"{NUMBERS.get(others, others)} {luck['weakest']} player{'s' if others > 1 else ''}"
    b, s = luck["baseline"], luck["rating_spread"]
    return [f"a stronger player ({luck['strongest']}) wins {_pct(luck['share'])} ({_span(luck['interval'])}) of "
            f"{NUMBERS.get(players, players)}-player games against {whom}; {_pct(luck['pure_luck'])} would be "
            f"pure luck ({b['policy']} against {b['policy']} on the same deals: {_pct(b['share'])}, "
            f"{_span(b['interval'])})",
            f"rating spread: {s['rating']:.0f} Elo points ({s['interval'][0]:.0f} to {s['interval'][1]:.0f}) "
            f"from {luck['weakest']} to {luck['strongest']}"]


def lines(name: str, lad: dict, unit: str = "games") -> list[str]:
    names = lad["policies"]
    out = [f"{name} ladder: {', '.join(names)}; {lad['players']} players, {lad['games_per_pairing']} {unit} a "
           f"pairing ({lad['seatings']} seatings × {lad['deals']} deals, seeds {lad['seed']}-"
           f"{lad['seed'] + lad['deals'] - 1}: the same deals in every seating)",
           _rules(lad["rules"]),
           f"ratings ({lad['model']}; 95% interval):"]
    order = sorted(names, key=lambda n: -lad["ratings"][n]["rating"])
    width = max(map(len, names))
    for n in order:
        rt = lad["ratings"][n]
        lo, hi = rt["interval"]
        out.append(f"  {n:<{width}}  {rt['rating']:+6.0f}" + ("" if n == names[0] else f"  ({lo:+.0f} to {hi:+.0f})"))
    out.append(f"win share of one player alone against another policy in every other seat "
               f"(pure luck {_pct(1 / lad['players'])}; 95% interval):")
    for a in order:
        cells = [f"vs {b} {_pct(lad['win_share'][a][b]['share'])} ({_span(lad['win_share'][a][b]['interval'])})"
                 for b in order if b != a]
        out.append(f"  {a:<{width}}  " + "  ".join(cells))
    out.append("luck or skill:")
    out += ["  " + s for s in lad["luck"]["text"]]
    return out


def _rules(r: dict) -> str:
    over = ", ".join(f"{k}={v}" for k, v in r["overrides"].items()) or "none"
    return f"rules: preset {r['preset'] or '(none)'}; overrides {over}"


# --- playing it ------------------------------------------------------------------------------------

def _table(run, policies: tuple[str, ...]) -> Table:
    fig = run.figures
    g = fig["games"]
    return Table(policies, g, tuple(run.tally.seat_wins[s] for s in range(len(policies))))  # summed as played


def ladder(ctx, sim, *, games: int, players: int | None, seed: int, workers: int | None, spec: str,
           show_progress: bool | None = None) -> dict:
    """Play the ladder `spec` names and return its figure (the module docstring lists its keys)."""
    names = parse_ladder(spec, tuple(getattr(sim, "policies", ()) or ()))
    base_policy = "random" if "random" in (getattr(sim, "policies", ()) or ()) else names[0]

    def play(policy: str, n: int, k: int, bar=None):
        try:
            run = sim.run(ctx, games=n, players=k, seed=seed, policy=policy, workers=workers, show_progress=False)
        except KitError as err:
            if err.where:
                raise
            raise KitError(f"--ladder {spec}: {err.message}") from None
        if bar is not None:
            bar.update(n)
        return run

    first = play(base_policy, 1, players)      # the table size the rules give, when --players is not
    k = first.figures["players"]
    if players is not None and k != players:    # a solo game: one seat against the game's own opponent
        raise KitError(f"--ladder rates policies playing each other; --players {players} seats "
                       f"{first.figures['policies'][-1]} too: give --players {k} or more")
    per = len(seatings(names[0], names[1], k))
    deals = -(-games // per)
    pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1:]]
    tables = []
    # One bar for the whole ladder, a seating's games at a time (each run's own bar is off).
    with progress(deals * per * (len(pairs) + 1), f"{sim.name} ladder", show_progress) as bar:
        base_run = play(base_policy, deals * per, k, bar)
        baseline = _table(base_run, tuple(base_run.figures["policies"]))
        for a, b in pairs:
            for table in seatings(a, b, k):
                tables.append(_table(play(",".join(table), deals, k, bar), table))
    return figures(names, tables, baseline, players=k, seed=seed, deals=deals,
                   rules=base_run.figures["rules"], base_policy=base_policy)
