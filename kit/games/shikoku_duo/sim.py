"""`kit sim --game shikoku-duo`: many seeded games between AI players (or one against the Automa).

Game k of `--seed S` is set up by seed S+k (shops, painting tiles, wave sides, the first
drafter and every draw from the goods bag), and its dice and the players' tie-breaks come
from their own Random seeded from the same number, so a run reproduces whatever
`--workers` says. `--players 1` puts the Automa (data/shikoku-duo/automa.yaml) in seat 2.
Every game is played by rules.play; `kit sim` has it score each seat after every round
(the standings of the game-quality measures).

The JSON has the shared keys of every game's report (kit/sim/report.py; a solo run has two
seats, the Automa's second); `game` holds what only this game measures:

    rounds              {median, min, max, p5, p95}  rounds per game
    ended               {condition: share}  share of games each end condition held at the end
                        (shrine, garden, slabs, gifts; limit: stopped by round_limit). Several
                        may hold in one game, so the shares may add up to more than 1
    first_drafter       {share, ci95}  share of games won by round 1's first drafter
    draws               share of games drawn (equal points and copper)
    score               {all|winner|loser: {pilgrim|merchant|artist|total: {median, ..., spread}}}
                        points per seat; spread = p95 - p5
    winner_share        {pilgrim|merchant|artist: median share of the winner's points}
    winner_waves        {side id: share of games the winner held that wave tile with that side up}
    waves_up            {side id: share of games that side was up}
    hot_spring_repeats  mean repeats per game
    automa              (solo runs) {policy, share, ci95, ended}: the Automa's win share against it,
                        and `ended` {pilgrim|merchant|artist: share}: the Automa's own end, its rank
                        track of that character full (apart from the player's four above)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Iterable

from kit.data.errors import KitError
from kit.games.shikoku_duo.automa import Automa, AutomaRules, load_automa
from kit.games.shikoku_duo.options import check_players
from kit.games.shikoku_duo.policies import DEFAULT, POLICIES
from kit.games.shikoku_duo.rules import AUTOMA_ENDS, CHARACTERS, END_CONDITIONS, Result, Rules, Tables, play, tables
from kit.sim.quality import Facts, facts_at
from kit.sim.report import Measure, Outcome, Run, Tally, measured
from kit.sim.seating import seat_policies
from kit.sim.simulator import Simulator
from kit.sim.simulate import Values, run_games, stream_games, wilson
from kit.games.shikoku_duo.model import load


@dataclass(frozen=True)
class Setup:
    """Everything a worker needs to play a game, as plain picklable values."""

    tables: Tables
    rules: Rules
    policies: tuple[str, ...]        # per seat; "automa" in seat 2 of a solo game
    automa: AutomaRules | None
    options: object = ()             # the rule options (model.rules), for the report

    @property
    def solo(self) -> bool:
        return self.automa is not None


def load_model(ctx, overrides=None):
    return load(ctx.data_dir, ctx.rules if overrides is None else tuple(overrides), ctx.map_path())


def make_setup(model, data_dir: Path, players: int | None, policy: str | None) -> Setup:
    rules = Rules.from_options(model.rules)
    players = check_players(players if players is not None else model.rules["players"])
    t = tables(model)
    if players == 1:
        names = seat_policies(policy, 1, tuple(POLICIES), DEFAULT) + ("automa",)
        if names[0].partition(":")[0] == "search":     # its playouts play both seats as planner
            raise KitError("--policy search plays two-player games only, not against the Automa (--players 2)")
        automa = load_automa(Path(data_dir) / "automa.yaml")
    else:
        names, automa = seat_policies(policy, 2, tuple(POLICIES), DEFAULT), None
    return Setup(t, rules, names, automa, model.rules)


def controllers(setup: Setup) -> list:
    t = setup.tables
    out = [POLICIES[name](t) for name in setup.policies if name != "automa"]
    if setup.solo:
        out.append(Automa(t, setup.automa))
    return out


def game_rng(seed: int) -> random.Random:
    # Offset from the setup's Random(seed), so the dice do not repeat the setup's shuffles.
    return random.Random(seed * 2 + 1)


def play_seeded(setup: Setup, seed: int, record=None) -> Result:
    """Game `seed` of `setup`, played by rules.play."""
    return play(setup.tables, setup.rules, seed, controllers(setup), game_rng(seed), record)


STANDING = "points so far, after each round"


def play_measured(setup: Setup, seed: int) -> tuple[Result, Facts]:
    """Game `seed` and the quality facts of its standings (each seat's points after every
    round), reduced in the worker that plays it; played by rules.play, which scores as it goes."""
    points: list = []
    result = play(setup.tables, setup.rules, seed, controllers(setup), game_rng(seed), None, points.append)
    return result, facts_of_points(points)


def facts_of_points(points: list) -> Facts:
    """kit.sim.quality's Facts of a game of two seats whose points after each round were
    `points`, worked out in one loop after the game (the seat ahead leads, the other is last),
    without a call a round."""
    changes, leader = 0, None
    for a, b in points:
        if a == b:
            continue        # a shared lead interrupts no one's
        lead = 0 if a > b else 1
        if leader is not None and lead != leader:
            changes += 1
        leader = lead
    if not points:
        return Facts(0, None, None, None)
    return facts_at(changes, points[(len(points) + 1) // 2 - 1], points[-1])


def simulate(setup: Setup, games: int, seed: int, workers: int | None = None,
             show_progress: bool | None = None) -> list[Result]:
    return run_games(partial(play_seeded, setup), games, seed, workers, desc="shikoku-duo",
                     show_progress=show_progress)


def _share(wins: int, trials: int) -> dict:
    return {"share": wins / trials if trials else None, "ci95": list(wilson(wins, trials))}


def _spread(values: Values) -> dict:
    s = values.summary()
    s["spread"] = None if s["p5"] is None else s["p95"] - s["p5"]
    return s


MEASURES = (Measure("rounds", "rounds"), Measure("first_drafter_won", "first drafter won", rate=True),
            Measure("margin", "winning margin"))


def outcome(r: Result, facts: Facts | None = None) -> Outcome:
    wins = tuple(1.0 if r.winner == s else 0.0 for s in range(2))
    margin = abs(r.scores[0] - r.scores[1])
    return Outcome(wins, r.dice + r.repeats, (r.rounds, float(r.winner == r.first), margin), facts)


def figures(setup: Setup, results: Iterable, seed: int, tally: Tally | None = None,
            rounds: Values | None = None) -> dict:
    """The shared report (kit/sim/report.py: turns are dice used, hot-spring repeats included) and
    what only shikoku-duo measures (the module docstring lists it), in one pass over `results`,
    each a Result or play_measured's pair of it and its Facts, which may stream in (none is kept);
    `tally` sums the shared figures, `rounds` the rounds."""
    tally = tally if tally is not None else Tally(2, len(MEASURES), standing=STANDING)
    rounds = rounds if rounds is not None else Values()
    t = setup.tables
    side_ids = [(c, side, t.wave_names[c][side]) for c in range(3) for side in range(2)]
    n = first = draws = repeats = automa = 0
    ended = dict.fromkeys(END_CONDITIONS + AUTOMA_ENDS, 0)
    points = {who: [Values() for _ in range(len(CHARACTERS) + 1)] for who in ("all", "winner", "loser")}
    share = [Values() for _ in CHARACTERS]
    held = dict.fromkeys((sid for _, _, sid in side_ids), 0)
    up = dict.fromkeys((sid for _, _, sid in side_ids), 0)

    def score(who: str, bc) -> None:
        for k, v in enumerate(bc):
            points[who][k].add(v)
        points[who][-1].add(sum(bc))

    for item in results:
        r, facts = measured(item)
        n += 1
        tally.add(outcome(r, facts))
        rounds.add(r.rounds)
        for name in END_CONDITIONS + AUTOMA_ENDS:
            if name in r.ended:
                ended[name] += 1
        first += r.winner == r.first
        draws += r.winner is None
        automa += r.winner == 1
        repeats += r.repeats
        for bc in r.by_character:
            score("all", bc)
        for c, side, sid in side_ids:
            if r.sides[c] == side:
                up[sid] += 1
                if r.winner is not None and r.waves[c] == r.winner:
                    held[sid] += 1
        if r.winner is not None:
            won = r.by_character[r.winner]
            score("winner", won)
            score("loser", r.by_character[1 - r.winner])
            if sum(won):
                for k in range(len(CHARACTERS)):
                    share[k].add(won[k] / sum(won))

    def scores(who: str) -> dict:
        out = {c: _spread(points[who][k]) for k, c in enumerate(CHARACTERS)}
        out["total"] = _spread(points[who][-1])
        return out

    game = {
        "rounds": rounds.summary(),
        "ended": {name: ended[name] / n for name in END_CONDITIONS},
        "first_drafter": _share(first, n),
        "draws": draws / n,
        "score": {"all": scores("all"), "winner": scores("winner"), "loser": scores("loser")},
        "winner_share": {c: share[k].summary()["median"] for k, c in enumerate(CHARACTERS)},
        "winner_waves": {sid: held[sid] / n for _, _, sid in side_ids},
        "waves_up": {sid: up[sid] / n for _, _, sid in side_ids},
        "hot_spring_repeats": repeats / n,
    }
    if setup.solo:
        game["automa"] = {"policy": setup.policies[0], **_share(automa, n),
                          # the Automa's own end, apart from the player's: which rank track filled
                          "ended": {name.split()[1]: ended[name] / n for name in AUTOMA_ENDS}}
    return tally.figures(seed=seed, policies=setup.policies, options=setup.options, game=game)


def _num(x) -> str:
    return "-" if x is None else f"{x:g}" if isinstance(x, int) or float(x).is_integer() else f"{x:.1f}"


def _pct(s: dict) -> str:
    lo, hi = s["ci95"]
    return "-" if s["share"] is None else f"{s['share']:.1%} ({lo:.1%}–{hi:.1%})"


def lines(fig: dict) -> list[str]:
    """The game's own lines of `kit sim` text."""
    g = fig["game"]
    ro = g["rounds"]
    out = [f"rounds per game: median {_num(ro['median'])}, min {_num(ro['min'])}, max {_num(ro['max'])}, "
           f"p5 {_num(ro['p5'])}, p95 {_num(ro['p95'])}",
           "end conditions that held at the end: " + ", ".join(f"{k} {v:.1%}" for k, v in g["ended"].items()),
           f"first drafter of round 1 wins: {_pct(g['first_drafter'])}; draws {g['draws']:.1%}"]
    out.append("points (median, p5–p95):     pilgrim      merchant     artist       total")
    for who in ("winner", "loser", "all"):
        s = g["score"][who]
        out.append(f"  {who:<26}" + "".join(
            f" {_num(s[k]['median']):>4} ({_num(s[k]['p5'])}–{_num(s[k]['p95'])})".ljust(13)
            for k in (*CHARACTERS, "total")))
    out.append("winner's points by character (median share): "
               + ", ".join(f"{k} {_num(None if v is None else 100 * v)}%" for k, v in g["winner_share"].items()))
    out.append("wave sides: up in / held by the winner in (share of games): "
               + ", ".join(f"{k} {g['waves_up'][k]:.0%}/{v:.0%}" for k, v in g["winner_waves"].items()))
    out.append(f"hot-spring repeats per game: {g['hot_spring_repeats']:.2f}")
    if "automa" in g:
        a = g["automa"]
        out.append(f"the Automa wins against {a['policy']}: {_pct(a)}")
        out.append("the Automa's own end (a rank track full) held at the end: "
                   + ", ".join(f"{k} rank {v:.1%}" for k, v in a["ended"].items()))
    return out


def subtitle(fig: dict) -> str:
    g = fig["game"]
    ro, fd = g["rounds"], g["first_drafter"]
    out = (f"rounds median {_num(ro['median'])} (p5 {_num(ro['p5'])}, p95 {_num(ro['p95'])}) · first drafter "
           f"wins {fd['share']:.1%} · draws {g['draws']:.1%} · ended: "
           + ", ".join(f"{k} {v:.0%}" for k, v in g["ended"].items() if v))
    if "automa" in g:
        out += f" · the Automa wins {g['automa']['share']:.1%}"
        ends = ", ".join(f"{k} rank {v:.0%}" for k, v in g["automa"]["ended"].items() if v)
        out += f" · its own end: {ends or 'none'}"
    return out



def run(ctx, games: int, players: int | None, seed: int, policy: str | None, workers: int | None = None,
        show_progress: bool | None = None, keep=None) -> Run:
    model = load_model(ctx)
    setup = make_setup(model, ctx.data_dir, players, policy)
    tally, rounds = Tally(2, len(MEASURES), keep, STANDING), Values()
    played = stream_games(partial(play_measured, setup), games, seed, workers, desc="shikoku-duo",
                          show_progress=show_progress)
    return Run(figures(setup, played, seed, tally, rounds), tally, extra=rounds)


SIM = Simulator(name="shikoku-duo", title="四国デュオ shikoku-duo", unit="games", measures=MEASURES, run=run,
                lines=lines, subtitle=subtitle, report="kit.games.shikoku_duo.simreport",
                policies=tuple(POLICIES))

