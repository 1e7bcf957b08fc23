"""`kit replay --game karuta LOG.yaml`: check a hand-played game, then set it beside simulations.

The log is what the players transcribe from the progress sheet (see
data/karuta/example-log.yaml): the deal seed, the number of players, optional rule
overrides, and one entry per turn - `{seat: 2, play: [武蔵, 相模]}`,
`{seat: 3, pass: true}`, or the compact `"2: 武蔵 相模"` / `"3: pass"`. Seats are
numbered from 1 as on the deal sheets. Every turn is checked against the hands the
seed deals, the seat order of the round and the rules; the first illegal one stops
the replay with `file:line: turn N: why`. A chain's cards are listed in the order laid
down; which highway each went along is not written, the rules infer it (a chain keeps
to the highway it came by and switches at a crossing only for a card it cannot reach
otherwise).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from pathlib import Path

from kit.data.errors import KitError, Where, display_path
from kit.data.names import Names, UnknownName
from kit.games.karuta.model import load
from kit.games.karuta.names import provinces
from kit.games.karuta.options import SPEC
from kit.sim.replaylog import GameLog, headed, placed, read_head, replay_log
from kit.games.karuta.rules import apply, explain, is_stalled, opening_seat, outcome, start_state
from kit.games.karuta.sim import hands_of, make_setup, stream
from kit.sim.simulate import Values
from kit.data.yamlload import describe, fields


@dataclass(frozen=True)
class LoggedTurn:
    number: int                  # 1-based
    seat: int                    # 0-based
    cards: tuple[str, ...]       # empty: a pass
    where: Where


@dataclass(frozen=True)
class Log(GameLog):
    seed: int
    turns: tuple[LoggedTurn, ...]


def parse_log(doc, file_where: Where, turns: bool = True) -> Log:
    """The log's keys and turns; with `turns` false, only the keys before the turns (a log
    being read turn by turn)."""
    required = {"seed": int, "players": int, "turns": list} if turns else {"seed": int, "players": int}
    f, rules = read_head(doc, file_where, "game log", required, SPEC)
    if not 2 <= f["players"] <= 4:
        raise KitError(f"players should be 2 to 4, not {f['players']}", doc.at("players"))
    items = f.get("turns", ())
    return Log(players=f["players"], rules=rules, where=doc.where, seed=f["seed"],
               turns=tuple(_turn(item, k + 1, items.at(k), f["players"]) for k, item in enumerate(items)))


def _turn(item, number: int, where: Where, players: int) -> LoggedTurn:
    what = f"turn {number}"
    if isinstance(item, str):
        seat_text, sep, rest = item.partition(":")
        if not sep or not seat_text.strip().isdecimal():  # isdigit() lets "²" through to int()
            raise KitError(f"{what}: write \"SEAT: CARD CARD ...\" or \"SEAT: pass\", not {item!r}", where)
        seat, words = int(seat_text), rest.replace("、", " ").replace(",", " ").split()
        cards = () if words in (["pass"], ["パス"]) else tuple(words)
        if not cards and not words:
            raise KitError(f"{what}: no cards; write \"{seat}: pass\" for a pass", where)
    elif isinstance(item, dict):
        f = fields(item, {"seat": int}, {"play": (list, str), "pass": bool}, what=what)
        if ("play" in f) == bool(f.get("pass")):
            raise KitError(f"{what}: give either play: [cards] or pass: true", where)
        seat = f["seat"]
        play = f.get("play", [])
        cards = tuple(play.split()) if isinstance(play, str) else tuple(play)
        for k, card in enumerate(cards):
            if not isinstance(card, (str, int)) or isinstance(card, bool):
                raise KitError(f"{what}: a card should be a province's name or card number, not {describe(card)}",
                               getattr(play, "at", lambda _: where)(k))
        cards = tuple(str(card) for card in cards)    # `play: [24, 13]`: cards by number
        if "play" in f and not cards:
            raise KitError(f"{what}: play: lists no cards; write pass: true for a pass", where)
    else:
        raise KitError(f"{what} should be {{seat: N, play: [...]}} or \"N: cards\", not {describe(item)}", where)
    if not 1 <= seat <= players:
        raise KitError(f"{what}: seat {seat} does not exist in a {players}-player game", where)
    return LoggedTurn(number, seat - 1, cards, where)


@dataclass(frozen=True)
class Played:
    turns: int
    passes: int
    stalled: bool
    finished: bool
    wins: tuple[float, ...]
    left: tuple[int, ...]
    logged: int = 0             # the turns the log holds


class Replay:
    """A log's turns replayed under the rules one at a time, as they are read (`turn`); the
    first illegal one raises KitError at its line. `names`: the provinces' printed names
    (kit.games.karuta.names), else the kanji only."""

    def __init__(self, setup, seed: int, names: Names | None = None):
        self.t, self.rules, self.n = setup.tables, setup.rules, setup.players
        self.ids = {k: i for i, k in enumerate(self.t.names)}
        self.names = names or Names.of("province", ((k, k) for k in self.t.names))
        self.state = start_state(self.t, hands_of(setup, seed))
        self.starter, self.forced = None, opening_seat(self.t, self.rules, self.state.hands)
        self.passes = self.logged = 0
        self.over: int | None = None

    def turn(self, turn: LoggedTurn) -> None:
        t, rules, n, state = self.t, self.rules, self.n, self.state
        fail = lambda why: KitError(f"turn {turn.number}: {why}", turn.where)  # noqa: E731
        if self.over:
            raise fail(f"the game was already over after turn {self.over}")
        k = (turn.number - 1) % n
        if k == 0:
            self.starter = _check_starter(rules.round_start, self.starter, self.forced, turn, n, fail)
        elif turn.seat != (self.starter + k) % n:
            raise fail(f"seat {turn.seat + 1} plays out of order: this round began with seat {self.starter + 1}, "
                       f"so seat {(self.starter + k) % n + 1} is next")
        try:
            cards = tuple(self.ids[self.names.read(card)] for card in turn.cards)
        except UnknownName as err:
            raise fail(str(err)) from None
        why = explain(t, rules, state, turn.seat, cards)
        if why:
            raise fail(why)
        self.state = state = apply(t, rules, state, turn.seat, cards)
        self.passes += not cards
        self.logged += 1
        if is_stalled(state) or not state.hands[turn.seat]:
            self.over = turn.number

    def played(self) -> Played:
        state = self.state
        stalled = is_stalled(state)
        wins = outcome(self.rules, state, stalled) if self.over else (0.0,) * self.n
        return Played(state.turn, self.passes, stalled, bool(self.over), wins,
                      tuple(h.bit_count() for h in state.hands), self.logged)


def check_game(log: Log, setup, names: Names | None = None) -> Played:
    """Replay every turn under the rules; the first illegal one raises KitError at its line."""
    game = Replay(setup, log.seed, names)
    for turn in log.turns:
        game.turn(turn)
    return game.played()


def _check_starter(mode, previous, forced, turn, n, fail) -> int:
    if previous is None:
        if forced is not None and turn.seat != forced:
            raise fail(f"seat {forced + 1} holds 武蔵 and must begin the game")
        return turn.seat
    expected = {"rotate": (previous + 1) % n, "fixed": previous}.get(mode)
    if expected is not None and turn.seat != expected:
        raise fail(f"seat {turn.seat + 1} begins a round, but with round_start={mode} seat {expected + 1} does")
    return turn.seat


# The report's words, English and Japanese: one report, written in each.
REPORT = {
    "en": {"checked": "{turns} turns checked: every one legal", "stops": "; the log stops before the game is over",
           "simulated": "simulated: {games} games of the same deal with {policies}",
           "turns": "turns", "passes": "passes", "seat": "seat {seat}", "nobody": "nobody", "both": " and ",
           "winner": "  winner: {winners}, by {how}", "stall": "a stall", "emptied": "an emptied hand",
           "winners": "  simulated winners: {shares}; stalls {stalls:.0%}", "left": "  cards left: ",
           "and": ", ", "head": "{log}: {players} players, deal seed {seed}"},
    "ja": {"checked": "{turns} 手を確認：すべて合法", "stops": "（記録はゲームの終わる前で止まっています）",
           "simulated": "模擬ゲーム：同じ配り札で {policies} による {games} ゲーム",
           "turns": "手番数", "passes": "パスの数", "seat": "席{seat}", "nobody": "なし", "both": "と",
           "winner": "  勝者：{winners}（{how}）", "stall": "行き詰まり", "emptied": "手札を出し切った",
           "winners": "  模擬ゲームの勝者：{shares}、行き詰まり {stalls:.0%}", "left": "  残りの手札：",
           "and": "、", "head": "{log}：{players} 人、配り札のシード {seed}"},
}


def _winners(wins, w: dict) -> str:
    seats = [w["seat"].format(seat=s + 1) + (f" ({n:.0%})" if n < 1 else "") for s, n in enumerate(wins) if n > 0]
    return w["both"].join(seats) or w["nobody"]


def compare(played: Played, results, log: Log, policies) -> dict[str, str]:
    """The played game among the simulated ones, in English and in Japanese (`kit replay`
    prints the English; the table's end screen shows its reader's); `results` may stream in
    (none is kept)."""
    turns, passes = Values(), Values()
    wins, stalled = [0] * log.players, 0
    for r in results:
        turns.add(r.turns)
        passes.add(r.passes)
        for s in range(log.players):
            wins[s] += r.wins[s]
        stalled += r.stalled
    g = turns.n

    def report(lang: str) -> str:
        w = REPORT[lang]
        lines = [w["checked"].format(turns=played.logged) + ("" if played.finished else w["stops"]),
                 w["simulated"].format(games=g, policies=w["and"].join(dict.fromkeys(policies))),
                 placed(w["turns"], played.turns, turns, 6, lang), placed(w["passes"], played.passes, passes, 6, lang)]
        if played.finished:
            lines.append(w["winner"].format(winners=_winners(played.wins, w),
                                            how=w["stall"] if played.stalled else w["emptied"]))
        shares = w["and"].join(f"{w['seat'].format(seat=s + 1)} {n / g:.0%}" for s, n in enumerate(wins))
        lines.append(w["winners"].format(shares=shares, stalls=stalled / g))
        lines.append(w["left"] + w["and"].join(f"{w['seat'].format(seat=s + 1)} {x}" for s, x in enumerate(played.left)))
        return "\n".join(lines)
    return {lang: report(lang) for lang in REPORT}


def replay_report(ctx, log, games, policy, workers) -> dict[str, str]:
    """Check a log turn by turn as it is read (no turn is kept, so a log of any length takes
    little memory and is refused at its first bad turn), then set it among simulated games: the
    report in English and in Japanese."""
    def start(parsed: Log, model) -> tuple:
        setup = make_setup(model, parsed.players, policy)
        return parsed, setup, Replay(setup, parsed.seed, provinces(model))

    def step(game, item, number: int, at: Where) -> None:
        parsed, _, replay = game
        replay.turn(_turn(item, number, at, parsed.players))

    parsed, setup, replay = replay_log(log, "turns", ("seed", "players", "rules"), ("seed", "players"), parse_log,
                                       partial(load, ctx.data_dir), ctx.rules, start, step)
    played = replay.played()
    results = stream(setup, games, parsed.seed, workers, hands=hands_of(setup, parsed.seed))
    head = {"log": display_path(Path(log)), "players": parsed.players, "seed": parsed.seed}
    return headed(REPORT, head, compare(played, results, parsed, setup.policies))
