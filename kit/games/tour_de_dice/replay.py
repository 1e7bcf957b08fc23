"""`kit replay --game tour-de-dice LOG.yaml`: check a race from its progress sheet, then place it.

The log is what the players copy from the progress sheet (see
data/tour-de-dice/example-log.yaml):

    players: 4
    rules: {breakaway: on}          # optional: rule options the race was played with
    ring: [C, A, B, ...]            # the card ids in the ring boxes 1, 2, ... (clockwise
                                    # after the goal card G)
    start: 2                        # the start player (P2)
    turns:
      - "P2 2: P2 3 5 > 4/1, P3 1 4 > 3/1"   # active piece, dice used: each roller's
                                             # dice and the space it stopped on
      - "P3 0"                               # a pass: 0 dice declared

A piece is P1, P2, ... (under rule ②, where each player has two colours, its colour:
red, blue, ...). A space is BOX/LAP as on the sheet: `4/1` is the outer space of ring
box 4, `4/2` its inner space, `G/1` the goal card's outer space (the link to lap 2),
`G/2` the goal, `S` the start. The active piece rolls first, then the riders in
clockwise order. Every turn is checked against the rules (turn order, dice in hand,
who may ride, the dice rolled, where each piece may stop, Breakaway); the first
illegal one stops the replay with `file:line: turn N: why`. A legal race is then set
beside simulated races with the same players and rules (their rings are shuffled).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from kit.data.names import UnknownName
from kit.data.errors import KitError, Where, did_you_mean, display_path
from kit.sim.replaylog import GameLog, headed, placed, read_head, replay_log
from kit.sim.simulate import Values, stream_games
from kit.data.yamlload import describe

from kit.games.tour_de_dice.model import RULE_SPEC, Tour, check_players, load
from kit.games.tour_de_dice.play import Setup, make_setup, play_game
from kit.games.tour_de_dice.policies import parse_policies
from kit.games.tour_de_dice.rules import START, Course, Race, clockwise, lay_course, may_join, new_race, resolve
from kit.games.tour_de_dice.names import card_ids, pieces as piece_names, space_words
from kit.games.tour_de_dice.sheets import piece_labels
from kit.games.tour_de_dice.play import play_log


@dataclass(frozen=True)
class LoggedTurn:
    number: int
    active: str
    dice: int
    rolls: tuple[tuple[str, tuple[int, ...], str], ...]     # (piece, dice, stop) per roller
    where: Where


@dataclass(frozen=True)
class Log(GameLog):
    ring: tuple[str, ...]
    start: int                  # 0-based seat
    turns: tuple[LoggedTurn, ...]
    ring_where: Where
    players_where: Where | None = None


_TURN = re.compile(r"^\s*(\S+)\s+(\d+)\s*(?::(.*))?$")
_ROLL = re.compile(r"^\s*(\S+)\s+([1-6](?:\s+[1-6])*)\s*>\s*(\S+)\s*$")


def parse_log(doc, file_where: Where, turns: bool = True) -> Log:
    """The log's keys and turns; with `turns` false, only the keys before the turns (a log
    being read turn by turn)."""
    required = {"players": int, "ring": list, "start": int}
    f, rules = read_head(doc, file_where, "race log", required | {"turns": list} if turns else required, RULE_SPEC)
    for k, card in enumerate(f["ring"]):
        if not isinstance(card, str):
            raise KitError(f"ring box {k + 1} should be a card id, not {describe(card)}", f["ring"].at(k))
    if not 2 <= f["players"] <= 6:     # as karuta's and shikoku-duo's logs say it, at the line
        raise KitError(f"players should be 2 to 6, not {f['players']}", doc.at("players"))
    if not 1 <= f["start"] <= f["players"]:
        raise KitError(f"start: player {f['start']} does not exist in a {f['players']}-player race", doc.at("start"))
    items = f.get("turns", ())
    return Log(players=f["players"], rules=rules, where=doc.where, ring=tuple(f["ring"]), start=f["start"] - 1,
               turns=tuple(_turn(item, k + 1, items.at(k)) for k, item in enumerate(items)), ring_where=doc.at("ring"),
               players_where=doc.at("players"))


def _turn(item, number: int, where: Where) -> LoggedTurn:
    what = f"turn {number}"
    form = 'write "PIECE DICE: PIECE ROLL... > SPACE, ..." (e.g. "P2 2: P2 3 5 > 4/1") or "PIECE 0" for a pass'
    if not isinstance(item, str):
        raise KitError(f"{what}: {form}, not {describe(item)}", where)
    m = _TURN.match(item)
    if not m:
        raise KitError(f"{what}: {form}, not {item!r}", where)
    active, dice, rest = m.group(1), int(m.group(2)), (m.group(3) or "").strip()
    if dice == 0:
        if rest:
            raise KitError(f"{what}: 0 dice is a pass: nobody rolls, so write only \"{active} 0\"", where)
        return LoggedTurn(number, active, 0, (), where)
    if not rest:
        raise KitError(f"{what}: {dice} dice declared but no roll written; {form}", where)
    rolls = []
    for part in rest.split(","):
        r = _ROLL.match(part)
        if not r:
            raise KitError(f"{what}: {part.strip()!r} should be PIECE, its dice (1 to 6) and > SPACE, "
                           "e.g. P2 3 5 > 4/1", where)
        rolls.append((r.group(1), tuple(int(x) for x in r.group(2).split()), r.group(3)))
    return LoggedTurn(number, active, dice, tuple(rolls), where)


# --- spaces by name ---------------------------------------------------------------------------

def space_name(course: Course, space: int) -> str:
    if space == START:
        return "S"
    n = len(course.ring)
    lap = 1 if space <= n else 2
    box = space % n
    return f"{'G' if box == 0 else box}/{lap}"


def space_of(course: Course, name: str) -> int | None:
    name = space_words(name)
    if name == "S":
        return START
    box, sep, lap = name.partition("/")
    n = len(course.ring)
    if not sep or lap not in ("1", "2"):
        return None
    if box.upper() == "G":
        k = 0
    elif box.isdecimal() and 1 <= int(box) < n:
        k = int(box)
    else:
        return None
    return (k or n) + (n if lap == "2" else 0)


# --- checking ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Raced:
    turns: int
    passes: int
    winner: int | None          # seat
    lost: tuple[int, ...]       # per seat
    gap: int | None


def course_of(log: Log, tour: Tour, setup: Setup) -> Course:
    """The ring the log lists, checked against the deck: every card once per copy."""
    deck = list(setup.deck)
    by_id: dict[str, list] = {}
    for card in deck:
        by_id.setdefault(card.id, []).append(card)
    if len(log.ring) != len(deck):
        raise KitError(f"the ring lists {len(log.ring)} cards after the goal card; the deck has {len(deck)} "
                       f"({', '.join(sorted(c.id for c in deck))})", log.ring_where)
    cards, ids = [], card_ids(by_id)
    for k, ident in enumerate(log.ring):
        ident = ids.get(ident, ident)
        if ident not in by_id:
            raise KitError(f"ring box {k + 1}: unknown card {ident!r}{did_you_mean(ident, by_id)}", log.ring_where)
        if not by_id[ident]:
            raise KitError(f"ring box {k + 1}: card {ident} is in the ring more times than the deck has it",
                           log.ring_where)
        cards.append(by_id[ident].pop())
    return lay_course(setup.goal_id, setup.goal_costs, cards, setup.breakaway_id)


class Replay:
    """A log's turns replayed under the rules one at a time, as they are read (`turn`), on the
    ring its head lists; the first illegal turn raises KitError at its line."""

    def __init__(self, log: Log, tour: Tour, setup: Setup):
        self.course = course_of(log, tour, setup)
        self.labels = piece_labels(setup.owner, tour.colours)
        self.pieces = piece_names(setup.owner, tour.colours, self.labels)
        self.setup, self.start = setup, log.start
        self.order = tuple(clockwise(p, setup.pieces, setup.owner, setup.players) for p in range(setup.pieces))
        self.race = new_race(setup.pieces, setup.dice)
        self.lost = [0] * setup.players
        self.turns = self.passes = 0
        self.over: int | None = None
        self.winner: int | None = None

    def turn(self, turn: LoggedTurn) -> None:
        course, labels, order, race = self.course, self.labels, self.order, self.race
        owner, players, setup = self.setup.owner, self.setup.players, self.setup

        def fail(why: str) -> KitError:
            return KitError(f"turn {turn.number}: {why}", turn.where)

        def piece(name: str) -> int:
            try:
                return self.pieces.read(name)
            except UnknownName as err:
                raise fail(f"{err}; the pieces are {', '.join(labels)}") from None

        if self.over:
            raise fail(f"the race was over after turn {self.over}")
        self.turns += 1
        seat = (self.start + turn.number - 1) % players
        active = piece(turn.active)
        if owner[active] != seat:
            mine = [labels[p] for p in range(setup.pieces) if owner[p] == seat]
            raise fail(f"{labels[active]} plays out of turn: it is P{seat + 1}'s turn "
                       f"({' or '.join(mine)}), the start player being P{self.start + 1}")
        have = race.dice[active]
        if turn.dice > have:
            raise fail(f"{labels[active]} declares {turn.dice} dice but has only {have}")
        if turn.dice == 0:
            self.passes += 1
            return
        rollers = tuple(piece(name) for name, _, _ in turn.rolls)
        if rollers[0] != active:
            raise fail(f"the active piece {labels[active]} rolls first, not {labels[rollers[0]]}")
        if len(set(rollers)) != len(rollers):
            raise fail("a piece is written twice")
        allowed = may_join(race, active, turn.dice, order[active])
        for p in rollers[1:]:
            if p not in allowed:
                raise fail(_why_not_rider(course, race, labels, active, p, turn.dice))
        riders = [p for p in allowed if p in rollers]
        if tuple(riders) != rollers[1:]:
            raise fail("riders roll in clockwise order from the active piece: "
                       + ", ".join(labels[p] for p in riders))
        for name, dice, _ in turn.rolls:
            if len(dice) != turn.dice:
                raise fail(f"{name} rolled {len(dice)} dice; this turn everyone rolls {turn.dice}")
        stops = {}
        for name, _, stop in turn.rolls:
            space = space_of(course, stop)
            if space is None:
                raise fail(f"{name} stops on {stop!r}: write a space as BOX/LAP (1/1 to "
                           f"{len(course.ring) - 1}/2, G/1, G/2 the goal) or S (スタート, start, 0)")
            stops[piece(name)] = space

        def choose(p, options, positions, reaches):
            if stops[p] not in options:
                raise fail(_why_not_stop(course, labels[p], positions[p], stops[p], options, turn))
            return stops[p]

        self.race, done = resolve(course, race, rollers, tuple(d for _, d, _ in turn.rolls), choose)
        for (p, (a, b)) in zip(done.rollers, done.moves):
            if b != stops[p]:
                raise fail(f"{labels[p]} must stop on {space_name(course, b)}: the only space its roll allows "
                           f"from {space_name(course, a)}, not {space_name(course, stops[p])}")
        # Riders after a piece that reached the goal rolled, but the race ended before they moved.
        for p, n in zip(rollers, done.lost):
            self.lost[owner[p]] += n
        if done.winner is not None:
            self.over, self.winner = turn.number, owner[done.winner]

    def raced(self) -> Raced:
        gap, owner = None, self.setup.owner
        if self.winner is not None:
            gap = self.course.goal - max(pos for p, pos in enumerate(self.race.positions) if owner[p] != self.winner)
        return Raced(self.turns, self.passes, self.winner, tuple(self.lost), gap)


def check_race(log: Log, tour: Tour, setup: Setup) -> tuple[Course, Raced]:
    """Replay every turn under the rules; the first illegal one raises KitError at its line."""
    game = Replay(log, tour, setup)
    for turn in log.turns:
        game.turn(turn)
    return game.course, game.raced()


def _why_not_rider(course, race: Race, labels, active: int, p: int, k: int) -> str:
    if race.positions[p] != race.positions[active]:
        return (f"{labels[p]} cannot ride: it stands on {space_name(course, race.positions[p])}, "
                f"not with {labels[active]} on {space_name(course, race.positions[active])}")
    if p == active:
        return f"{labels[p]} is written twice"
    return f"{labels[p]} cannot ride a roll of {k} dice with only {race.dice[p]}"


def _why_not_stop(course, name: str, start: int, stop: int, options, turn: LoggedTurn) -> str:
    where = ", ".join(space_name(course, s) for s in options)
    return (f"{name} cannot stop on {space_name(course, stop)}: from {space_name(course, start)} "
            f"it may stop on {where}")


# --- comparing with the simulator ---------------------------------------------------------------

# The report's words, English and Japanese: one report, written in each.
REPORT = {
    "en": {"checked": "{turns} turns checked: every one legal", "stops": "; the log stops before the race is over",
           "simulated": "simulated: {races} races with the same players and rules, policies {policies} "
                        "(each on a shuffled ring)",
           "turns": "turns", "passes": "passes", "lost": "dice lost (all players)", "gap": "finishing gap (spaces)",
           "winner": "  winner: P{seat}", "winners": "  simulated winners by seat: ", "lost_by": "  dice lost: ",
           "and": ", ", "head": "{log}: {players} players, ring {ring}"},
    "ja": {"checked": "{turns} 手を確認：すべて合法", "stops": "（記録はレースの終わる前で止まっています）",
           "simulated": "模擬レース：同じプレイヤーとルールで {races} レース、方針 {policies}（毎回コースを混ぜ直す）",
           "turns": "手番数", "passes": "パスの数", "lost": "失ったダイス（全員）", "gap": "ゴール時の差（マス）",
           "winner": "  勝者：P{seat}", "winners": "  模擬レースの席ごとの勝者：", "lost_by": "  失ったダイス：",
           "and": "、", "head": "{log}：{players} 人、コース {ring}"},
}


def compare(raced: Raced, results, setup: Setup) -> dict[str, str]:
    """The race among the simulated ones, in English and in Japanese (`kit replay` prints the
    English; the table's end screen shows its reader's); `results` may stream in (none is kept)."""
    turns, passes, lost, gaps, wins = Values(), Values(), Values(), Values(), [0] * setup.players
    for r in results:
        turns.add(r.turns)
        passes.add(r.passes)
        lost.add(sum(r.lost))
        if r.gap_spaces is not None:
            gaps.add(r.gap_spaces)
        if r.winner is not None:
            wins[r.winner] += 1
    g = turns.n

    def report(lang: str) -> str:
        w = REPORT[lang]
        lines = [w["checked"].format(turns=raced.turns) + ("" if raced.winner is not None else w["stops"]),
                 w["simulated"].format(races=g, policies=",".join(dict.fromkeys(setup.policies))),
                 placed(w["turns"], raced.turns, turns, 23, lang), placed(w["passes"], raced.passes, passes, 23, lang),
                 placed(w["lost"], sum(raced.lost), lost, 23, lang)]
        if raced.winner is not None:
            lines.append(placed(w["gap"], raced.gap, gaps, 23, lang))
            lines.append(w["winner"].format(seat=raced.winner + 1))
        lines.append(w["winners"] + w["and"].join(f"P{s + 1} {n / g:.0%}" for s, n in enumerate(wins)))
        lines.append(w["lost_by"] + w["and"].join(f"P{s + 1} {n}" for s, n in enumerate(raced.lost)))
        return "\n".join(lines)
    return {lang: report(lang) for lang in REPORT}


def replay_report(ctx, log, games, policy, workers) -> dict[str, str]:
    """Check a log turn by turn as it is read (no turn is kept, so a log of any length takes
    little memory and is refused at its first bad turn), then set it among simulated races: the
    report in English and in Japanese."""
    def start(parsed: Log, tour: Tour) -> Replay:
        try:        # the optional rules in force may allow fewer tables (rule ①: 3 to 6 players)
            players = check_players(tour.rules, parsed.players)
        except KitError as err:
            raise KitError(err.message, parsed.players_where) from None
        return Replay(parsed, tour, make_setup(tour, players, parse_policies(policy, players)))

    def step(game: Replay, item, number: int, at: Where) -> None:
        game.turn(_turn(item, number, at))

    game = replay_log(log, "turns", ("players", "rules", "ring", "start"), ("players", "ring", "start"), parse_log,
                      partial(load, ctx.data_dir), ctx.rules, start, step)
    setup = game.setup
    results = stream_games(partial(play_game, setup), games, 1, workers, desc="racing")
    head = {"log": display_path(Path(log)), "players": setup.players, "ring": " ".join(game.course.ring[1:])}
    return headed(REPORT, head, compare(game.raced(), results, setup))


# --- writing a log -------------------------------------------------------------------------------

def log_text(tour: Tour, setup: Setup, course: Course, turns, start: int, rules=()) -> str:
    """A race as its log: what `kit replay` reads, written from a simulated race."""
    labels = piece_labels(setup.owner, tour.colours)
    out = [f"players: {setup.players}"]
    if rules:
        out.append("rules: {" + ", ".join(f"{k}: {v}" for k, v in rules) + "}")
    out.append(f"ring: [{', '.join(course.ring[1:])}]")
    out.append(f"start: {start + 1}")
    out.append("turns:")
    for t in turns:
        if t.used == 0:
            out.append(f'  - "{labels[t.active]} 0"')
            continue
        parts = [f"{labels[p]} {' '.join(map(str, roll))} > {space_name(course, b)}"
                 for p, roll, (_, b) in zip(t.rollers, t.rolls, t.moves)]
        out.append(f'  - "{labels[t.active]} {t.used}: {", ".join(parts)}"')
    return "\n".join(out) + "\n"



EXAMPLE_SEED = 1
EXAMPLE_POLICIES = ("bold", "careful", "patient", "drafting")
EXAMPLE_HEAD = f"""\
# A four-player race of ツール・ド・ダイス as copied from its progress sheet: race
# {EXAMPLE_SEED} of `kit sim --game tour-de-dice --seed {EXAMPLE_SEED} --policy {','.join(EXAMPLE_POLICIES)}`,
# written by kit.games.tour_de_dice.replay.example_log (a test keeps the two the same).
# Check it with:  kit replay --game tour-de-dice data/tour-de-dice/example-log.yaml
#
# ring: the card ids in the sheet's ring boxes 1, 2, ... clockwise after the goal card.
# start: the player who won the start roll. Each turn: the active piece and the dice it
# declared, then each roller (the active piece first, the riders clockwise) with its
# dice and the space it stopped on, BOX/LAP (G/1: the goal card's outer space, G/2: the
# goal). "P3 0" would be a pass.
"""


def example_log(data_dir) -> str:
    """The shipped example log, from race EXAMPLE_SEED of a simulated four-player table."""

    tour = load(data_dir)
    setup = make_setup(tour, len(EXAMPLE_POLICIES), EXAMPLE_POLICIES)
    course, turns, result = play_log(setup, EXAMPLE_SEED)
    return EXAMPLE_HEAD + log_text(tour, setup, course, turns, result.start)
