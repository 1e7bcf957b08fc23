"""`kit replay --game shikoku-duo LOG.yaml`: check a hand-played game, then set it beside simulations.

The log is what the players transcribe from the progress sheet (see
data/shikoku-duo/example-log.yaml): the seed that set up the game and draws the goods,
the number of players (1: the Automa is seat 2), optional rule overrides, and one entry
per round with the dice rolled and the dice used in order:

    - dice: {pilgrim: 3, merchant: 2, artist: 1}
      turns:
        - "1: pilgrim 3 12"
        - "2: merchant 2 kochi draw 3 got salt indigo paper keep indigo indigo salt paper paper"
        - "2: repeat merchant 2 uwajima sell 2"
        - "1: artist 1 r3 paint"

A turn is `SEAT: MOVE` in kit's move text (kit/games/shikoku_duo/rules.py format_move:
CHARACTER STEPS WHERE and the action), `SEAT: repeat MOVE` for a hot-spring repeat of
the die just used, and `keep GOODS...` after a mountain town's draw when more than the
hold were held: every good kept, by name or as a run of initials (`keep iipps`). A draw may
also say what it brought, `draw 3 got salt indigo paper` or `draw 3 got sip` (`got none`
from an empty bag), checked against the
seed's goods order. Every turn is checked against the seed's setup and draws, the 1-2-1
draft order, the dice of its round and the rules (and, for the Automa, against what its
printed rules make it do); the first illegal one stops the replay with
`file:line: round N: why`.

The dice are the log's, as rolled at the table; only the setup and the goods come from
the seed. `kit deal --game shikoku-duo --seed N` prints both (dealsheet.py), so a table
that sets up and draws from that sheet plays the game this replay checks.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

from kit.data.errors import KitError, Where, did_you_mean, display_path
from kit.games.shikoku_duo import rules as R
from kit.games.shikoku_duo.options import SPEC
from kit.games.shikoku_duo.names import UnknownName, Vocabulary, move_words, vocabulary
from kit.games.shikoku_duo.pieces import CHARACTER
from kit.games.shikoku_duo.sim import controllers, game_rng, load_model, make_setup
from kit.sim.replaylog import GameLog, headed, placed, read_head, replay_log
from kit.sim.simulate import Values, stream_games
from kit.data.yamlload import describe, fields


@dataclass(frozen=True)
class LoggedTurn:
    seat: int                    # 0-based
    move: R.Move
    repeat: bool
    keep: tuple[str, ...] | None
    where: Where
    got: tuple[str, ...] | None = None      # the goods a draw brought, as written (None: not written)


@dataclass(frozen=True)
class LoggedRound:
    number: int                  # 1-based
    dice: tuple[int, int, int]
    turns: tuple[LoggedTurn, ...]
    where: Where


@dataclass(frozen=True)
class Log(GameLog):
    seed: int
    rounds: tuple[LoggedRound, ...]


def parse_log(doc, file_where: Where, t: R.Tables | None = None, rounds: bool = True) -> Log:
    """The log's structure; moves are read once the tables are known (`read_rounds`). With
    `rounds` false, only the keys before the rounds (a log being read round by round)."""
    required = {"seed": int, "players": int, "rounds": list} if rounds else {"seed": int, "players": int}
    f, rules = read_head(doc, file_where, "game log", required, SPEC)
    if f["players"] not in (1, 2):
        raise KitError(f"players should be 1 (against the Automa) or 2, not {f['players']}", doc.at("players"))
    return Log(players=f["players"], rules=rules, where=doc.where, seed=f["seed"], rounds=()), f.get("rounds")


def read_rounds(rounds, t: R.Tables, v: Vocabulary | None = None) -> tuple[LoggedRound, ...]:
    """The rounds' dice and turns; `v`: the printed names the turns may use (names.py), else
    only the engine's own words."""
    return tuple(read_round(item, k + 1, rounds.at(k), t, v) for k, item in enumerate(rounds))


def read_round(item, number: int, where: Where, t: R.Tables, v: Vocabulary | None = None) -> LoggedRound:
    """Round `number` of a log (written at `where`): its dice and turns."""
    what = f"round {number}"
    f = fields(item, {"dice": dict, "turns": list}, what=what, where=where)
    d = fields(f["dice"], {c: int for c in R.CHARACTERS}, what=f"{what} dice")
    dice = []
    for c in R.CHARACTERS:
        if d[c] not in t.dice[R.CHARACTERS.index(c)]:
            raise KitError(f"{what}: the {c} die has no face {d[c]} (faces "
                           f"{', '.join(map(str, t.dice[R.CHARACTERS.index(c)]))})", f["dice"].at(c))
        dice.append(d[c])
    turns = f["turns"]
    return LoggedRound(number, tuple(dice), tuple(_turn(x, turns.at(j), t, what, v) for j, x in enumerate(turns)),
                       where)


def _turn(item, where: Where, t: R.Tables, what: str, v: Vocabulary | None = None) -> LoggedTurn:
    if not isinstance(item, str):
        raise KitError(f"{what}: a turn is \"SEAT: MOVE\", e.g. \"1: pilgrim 3 12\", not {describe(item)}", where)
    seat_text, sep, rest = item.replace("：", ":").partition(":")
    seat = (v.seats.get(seat_text.strip()) if v else None) or (int(seat_text) if seat_text.strip() in ("1", "2")
                                                               else None)
    if not sep or seat is None:
        raise KitError(f"{what}: write \"SEAT: MOVE\" with seat 1 or 2, not {item!r}", where)
    words = rest.replace("、", " ").replace(",", " ").split()
    lower = [w.casefold() for w in words]
    repeat = bool(words) and lower[0] in ("repeat", "湯")
    if repeat:
        words, lower = words[1:], lower[1:]
    keep = got = None
    if "keep" in lower:
        i = lower.index("keep")
        keep = _goods_words(t, words[i + 1:], where, what, v)
        words, lower = words[:i], lower[:i]
    if "got" in lower:
        i = lower.index("got")
        got = () if lower[i + 1:] == ["none"] else _goods_words(t, words[i + 1:], where, what, v)
        words = words[:i]
    try:
        if v is not None:
            words = move_words(v, words)
        move = R.parse_move(t, " ".join(words))
    except (R.IllegalMove, UnknownName) as err:
        raise KitError(f"{what}: {err}", where) from None
    return LoggedTurn(seat - 1, move, repeat, keep, where, got)


def goods_initials(names) -> dict[str, str]:
    """Each goods kind by its initial, when no two kinds share one (else none: names only)."""
    initials = {name[0]: name for name in names}
    return initials if len(initials) == len(names) else {}


def _goods_words(t: R.Tables, words, where: Where, what: str, v: Vocabulary | None = None) -> tuple[str, ...]:
    """The goods a log names: each word a kind's name as printed (`indigo`, `藍`) or a run of
    their initials (`ipcc`: indigo paper citrus citrus), short enough for the progress sheet's
    action cell."""
    initials = goods_initials(t.goods_names)
    out = []
    for word in words:
        if word in t.goods_names:
            out.append(word)
        elif v is not None and word in v.goods:
            out.append(v.goods.get(word))
        elif initials and all(ch in initials for ch in word):
            out.extend(initials[ch] for ch in word)
        else:
            short = f", or their initials ({' '.join(initials)})" if initials else ""
            raise KitError(f"{what}: unknown goods {word!r}{did_you_mean(word, t.goods_names)}; write the goods "
                           f"by name ({', '.join(t.goods_names)}){short}", where)
    return tuple(out)


@dataclass(frozen=True)
class Played:
    rounds: int
    finished: bool
    scores: tuple[int, int]
    winner: int | None
    ended: tuple[str, ...]
    logged_rounds: int = 0       # what the log holds
    logged_turns: int = 0


class Replay:
    """A log's rounds replayed under the rules one at a time, as they are read (`round`); the
    first illegal turn raises KitError at its line."""

    def __init__(self, seed: int, setup):
        self.t, self.rules = setup.tables, setup.rules
        self.who = controllers(setup)
        self.automa = setup.solo
        self.state = R.setup(self.t, self.rules, seed, self.automa)
        self.tops = self.who[1].rank_tops if self.automa else ()
        self.ended: tuple[str, ...] = ()
        self.bot_rng = random.Random(0)
        self.logged_rounds = self.logged_turns = 0

    def round(self, rnd: LoggedRound) -> None:
        t, rules, who, automa, tops, bot_rng = self.t, self.rules, self.who, self.automa, self.tops, self.bot_rng
        state, ended = self.state, self.ended
        self.logged_rounds += 1
        self.logged_turns += len(rnd.turns)

        def fail(why, where=rnd.where, n=rnd.number):
            return KitError(f"round {n}: {why}", where)

        if ended:
            raise fail(f"the game was over after round {rnd.number - 1} ({', '.join(ended)})")
        order = R.drafters(state)
        left = [0, 1, 2]
        turns = list(rnd.turns)
        k = 0
        for n, seat in enumerate(order):
            if k >= len(turns):
                raise fail(f"the round stops after {n} dice; seat {seat + 1} uses the "
                           f"{'first second third'.split()[n]} die next")
            turn = turns[k]
            k += 1
            here = partial(fail, where=turn.where)
            if turn.repeat:
                raise here("a repeat must follow the die it repeats")
            if turn.seat != seat:
                raise here(f"seat {turn.seat + 1} uses a die, but the {'first second third'.split()[n]} die of "
                           f"this round is seat {seat + 1}'s (1-2-1 from the first drafter)")
            c = turn.move.character
            if c not in left:
                raise here(f"the {R.CHARACTERS[c]} die was already used this round")
            if automa and seat == 1 and len(left) > 1:
                want = who[1].pick(t, rules, state, seat, rnd.dice, tuple(left), bot_rng)
                if want != c:
                    raise here(f"the Automa takes the {R.CHARACTERS[want]} die by its rules, not the {R.CHARACTERS[c]}")
            left.remove(c)
            held = state.hot == seat
            state = _do(t, rules, state, seat, rnd.dice[c], turn, who[seat], automa and seat == 1, here)
            if k < len(turns) and turns[k].repeat:
                turn = turns[k]
                k += 1
                here = partial(fail, where=turn.where)
                if turn.seat != seat or not R.may_repeat(state, seat, held):
                    raise here(f"seat {turn.seat + 1} cannot repeat: "
                               + ("only the seat that used the die may" if turn.seat != seat else
                                  "it did not hold the hot-spring token before this die"))
                if turn.move.character != c:
                    raise here(f"a repeat moves the same character ({R.CHARACTERS[c]})")
                state = _do(t, rules, R.spend_hot(state), seat, rnd.dice[c], turn, who[seat],
                            automa and seat == 1, here)
        if k < len(turns):
            raise KitError(f"round {rnd.number}: three dice were used already", turns[k].where)
        state = state._replace(round=state.round + 1)
        ended = R.fired(t, state, tops)
        self.state, self.ended = state, ended

    def played(self) -> Played:
        t, state, who = self.t, self.state, self.who
        by_char = tuple(R.score_of(t, p, who[s]) for s, p in enumerate(state.players))
        scores = (sum(by_char[0]), sum(by_char[1]))
        win = R.winner(scores, tuple(p.copper for p in state.players), self.automa) if self.ended else None
        return Played(state.round, bool(self.ended), scores, win, self.ended, self.logged_rounds,
                      self.logged_turns)


def check_game(log: Log, setup) -> Played:
    """Replay every round under the rules; the first illegal turn raises KitError at its line."""
    game = Replay(log.seed, setup)
    for rnd in log.rounds:
        game.round(rnd)
    return game.played()


def resolve(t: R.Tables, rules: R.Rules, state: R.State, seat: int, die: int, move: R.Move) -> R.Move:
    """The legal move a log's words stand for when they leave out what the rules do not need:
    `via` when the path cannot matter (a gift, or a paint every path of which turns up as
    many tiles), `sell 0` for a merchant in a coastal town selling nothing, `draw N` when the
    town allows one N. Anything else is returned as written (and explain says why not)."""
    legal = R.legal_moves(t, rules, state, seat, move.character, die)
    if move in legal or move.dest < 0:
        return move
    like = [m for m in legal if (m.character, m.steps, m.dest) == (move.character, move.steps, move.dest)]
    if move.character == R.MERCHANT and move.choice < 0:
        if t.town_coastal[move.dest]:
            like = [m for m in like if m.choice == 0]
        return like[0] if len(like) == 1 else move
    if move.character == R.ARTIST and not move.passed:
        like = [m for m in like if m.choice == move.choice]
        if like and (move.choice != R.PAINT or len({R.paint_count(t, rules, state, seat, m.dest, m.passed)
                                                     for m in like}) == 1):
            return like[0]
    return move


def short_move(t: R.Tables, rules: R.Rules, state: R.State, seat: int, die: int, move: R.Move) -> str:
    """A move in the fewest words that `resolve` reads back to it (what the progress sheet
    needs written)."""
    full = R.format_move(t, move)
    words = full.split()
    for cut in (words[:words.index("via")] if "via" in words else None,
                words[:-2] if words[-2:] == ["sell", "0"] else None):
        if cut and _alike(t, rules, state, seat, resolve(t, rules, state, seat, die, R.parse_move(t, " ".join(cut))),
                          move):
            return " ".join(cut)
    return full


def _alike(t, rules, state, seat, a: R.Move, b: R.Move) -> bool:
    """Two moves with one outcome: the same but for a path that turns up as many tiles (a
    gift's path, or no paint at all, turns up none)."""
    if a == b:
        return True
    if a._replace(passed=0) != b._replace(passed=0) or a.character != R.ARTIST:
        return False
    return a.choice != R.PAINT or (R.paint_count(t, rules, state, seat, a.dest, a.passed)
                                   == R.paint_count(t, rules, state, seat, b.dest, b.passed))


def _do(t, rules, state, seat, die, turn: LoggedTurn, controller, is_automa: bool, fail) -> R.State:
    move = resolve(t, rules, state, seat, die, turn.move)
    turn = replace(turn, move=move)
    if move.steps != die and move.character != R.PILGRIM:
        raise fail(f"the {R.CHARACTERS[move.character]} die shows {die}, not {move.steps}")
    why = R.explain(t, rules, state, seat, die, move)
    if why and " is not allowed there; legal: " in why:
        # the legal list as a log would write it: a gift once, not once per path
        same = [m for m in R.legal_moves(t, rules, state, seat, move.character, die)
                if m.dest == move.dest and m.steps == move.steps]
        why = (f"{R.format_move(t, move)} is not allowed there; legal: "
               + "; ".join(dict.fromkeys(short_move(t, rules, state, seat, die, m) for m in same)))
    if why:
        raise fail(why)
    if is_automa:
        want = controller.choose(t, rules, state, seat, R.legal_moves(t, rules, state, seat, move.character, die),
                                 None)
        if want != move:
            raise fail(f"the Automa's rules make it play {R.format_move(t, want)}")
    if turn.got is not None:
        _check_got(t, state, move, turn.got, is_automa, fail)
    kept_box = []

    def keep(pool):
        if turn.keep is None:
            raise fail(f"the draw brings {sum(pool)} goods ({_goods(t, pool)}); write which {t.hold} are kept: "
                       f"keep GOODS...")
        kept = tuple(turn.keep.count(name) for name in t.goods_names)
        bad = R.check_keep(t, pool, kept)
        if bad:
            raise fail(f"{bad} (held and drawn: {_goods(t, pool)})")
        kept_box.append(kept)
        return kept

    after, drawn, kept = R.apply(t, rules, state, seat, move, keep)
    if turn.keep is not None and not kept_box:
        raise fail("keep is only written when a draw brings more goods than the hold")
    return controller.after(t, rules, state, after, seat, move)


def _check_got(t: R.Tables, state: R.State, move: R.Move, got: tuple[str, ...], is_automa: bool, fail) -> None:
    """The goods a log says a draw brought against the seed's goods order (the deal sheet's)."""
    if is_automa or move.character != R.MERCHANT or move.dest < 0 or t.town_coastal[move.dest]:
        raise fail("'got' is only written after a mountain town's draw")
    drawn, used = R.draw_from(t, state, move.choice)
    counts = tuple(got.count(name) for name in t.goods_names)
    if counts != drawn:
        n = len(R.goods_order(t.goods_counts, state.seed))
        passed = used - sum(drawn)
        where = (f"numbers {state.draws % n + 1}-{(state.draws + used - 1) % n + 1}"
                 + (f", {passed} passed over: none of that kind left" if passed else "")
                 if used else "nothing: the bag is empty")
        raise fail(f"the draw got {_goods(t, counts)}, but seed {state.seed}'s goods order (its deal sheet) "
                   f"gives {_goods(t, drawn)} ({where})")


def _goods(t: R.Tables, counts) -> str:
    return " ".join(name for name, n in zip(t.goods_names, counts) for _ in range(n)) or "none"


def _same_setup(setup, seed: int, k_seed: int) -> R.Result:
    """A simulated game on the log's setup (shops, tiles, wave sides, bag), with its own dice."""
    return R.play(setup.tables, setup.rules, seed, controllers(setup), game_rng(k_seed))


# The report's words, English and Japanese: one report, written in each.
REPORT = {
    "en": {"checked": "{turns} turns in {rounds} rounds checked: every one legal",
           "stops": "; the log stops before the game is over",
           "simulated": "simulated: {games} games of the same setup with {policies}",
           "rounds": "rounds", "points": "seat {seat} points", "draw": "a draw", "seat": "seat {seat}",
           "winner": "  winner: {winner}; the game ended on {ended}", "winners": "  simulated winners: ",
           "and": ", ", "head": "{log}: {players} player{s}, seed {seed}"},
    "ja": {"checked": "{rounds} ラウンド {turns} 手を確認：すべて合法",
           "stops": "（記録はゲームの終わる前で止まっています）",
           "simulated": "模擬ゲーム：同じ準備で {policies} による {games} ゲーム",
           "rounds": "ラウンド数", "points": "席{seat}の得点", "draw": "引き分け", "seat": "席{seat}",
           "winner": "  勝者：{winner}（終了：{ended}）", "winners": "  模擬ゲームの勝者：",
           "and": "、", "head": "{log}：{players} 人、シード {seed}"},
}


def compare(played: Played, results, log: Log, policies) -> dict[str, str]:
    """The played game among the simulated ones, in English and in Japanese (`kit replay`
    prints the English; the table's end screen shows its reader's); `results` may stream in
    (none is kept)."""
    rounds, points, wins = Values(), (Values(), Values()), [0, 0]
    for r in results:
        rounds.add(r.rounds)
        for seat in range(2):
            points[seat].add(r.scores[seat])
        if r.winner is not None:
            wins[r.winner] += 1
    g = rounds.n

    def report(lang: str) -> str:
        w = REPORT[lang]
        lines = [w["checked"].format(turns=played.logged_turns, rounds=played.logged_rounds)
                 + ("" if played.finished else w["stops"]),
                 w["simulated"].format(games=g, policies=w["and"].join(dict.fromkeys(policies))),
                 placed(w["rounds"], played.rounds, rounds, 14, lang)]
        lines += [placed(w["points"].format(seat=seat + 1), played.scores[seat], points[seat], 14, lang)
                  for seat in range(2)]
        if played.finished:
            win = w["draw"] if played.winner is None else w["seat"].format(seat=played.winner + 1)
            lines.append(w["winner"].format(winner=win, ended=ended_words(played.ended, lang)))
        lines.append(w["winners"] + w["and"].join(f"{w['seat'].format(seat=s + 1)} {n / g:.0%}"
                                                  for s, n in enumerate(wins)))
        return "\n".join(lines)
    return {lang: report(lang) for lang in REPORT}


OWN_ENDS = {"en": {"shrine": "a shrine track at its last slot", "garden": "a garden track at its last slot",
                   "slabs": "the last gold slab won", "gifts": "the last painting gifted", "limit": "the round limit"},
            "ja": {"shrine": "神社の列が最後のマスに到達", "garden": "庭園の列が最後のマスに到達",
                   "slabs": "最後の小判を獲得", "gifts": "最後の絵を贈呈", "limit": "ラウンド上限"}}


def ended_words(ended, lang: str = "en") -> str:
    """The end conditions that held (rules.fired's names) in words, in English or Japanese
    (`lang`): the player's by name, the Automa's as its rank tracks full."""
    own = [OWN_ENDS[lang].get(e, e) for e in ended if e not in R.AUTOMA_ENDS]
    automa = [e.split()[1] for e in ended if e in R.AUTOMA_ENDS]
    if lang == "ja":
        tracks = "と".join(CHARACTER[c][0] for c in automa)
        return "、".join(own + ([f"オートマの{tracks}の順位表が満杯"] if automa else []))
    why = ([", ".join(own)] if own else []) + ([f"the Automa's {' and '.join(automa)} rank track full"]
                                               if automa else [])
    return "; ".join(why)


def replay_report(ctx, log, games, policy, workers) -> dict[str, str]:
    """Check a log round by round as it is read (no round is kept, so a log of any length takes
    little memory and is refused at its first bad round), then set it among simulated games: the
    report in English and in Japanese."""
    def start(parsed: Log, model) -> tuple:
        setup = make_setup(model, ctx.data_dir, parsed.players, policy)
        return parsed, setup, vocabulary(model), Replay(parsed.seed, setup)

    def step(game, item, number: int, at: Where) -> None:
        _, setup, words, replay = game
        replay.round(read_round(item, number, at, setup.tables, words))

    parsed, setup, _, replay = replay_log(log, "rounds", ("seed", "players", "rules"), ("seed", "players"),
                                          lambda doc, where, whole: parse_log(doc, where, rounds=whole)[0],
                                          partial(load_model, ctx), ctx.rules, start, step)
    played = replay.played()
    results = stream_games(partial(_same_setup, setup, parsed.seed), games, parsed.seed + 1, workers,
                           desc="shikoku-duo")
    head = {"log": display_path(Path(log)), "players": parsed.players, "s": "s" if parsed.players > 1 else "",
            "seed": parsed.seed}
    return headed(REPORT, head, compare(played, results, parsed, setup.policies))


def log_text(t: R.Tables, rules: R.Rules, seed: int, players: int, record, note: str = "") -> str:
    """A recorded game (rules.play's Steps) written as a replay log, as the progress sheet has it."""
    state = R.setup(t, rules, seed, players == 1)
    lines = [f"# {note}" if note else "# A game of shikoku-duo transcribed from the progress sheet.",
             f"seed: {seed}", f"players: {players}", "rounds:"]
    rounds: dict[int, list] = {}
    for step in record:
        rounds.setdefault(step.round, []).append(step)
    for r in sorted(rounds):
        steps = rounds[r]
        dice = {R.CHARACTERS[s.move.character]: s.die for s in steps if not s.repeat}
        lines.append(f"  - dice: {{pilgrim: {dice['pilgrim']}, merchant: {dice['merchant']}, artist: {dice['artist']}}}")
        lines.append("    turns:")
        for s in steps:
            if s.repeat:
                state = R.spend_hot(state)
            text = ("repeat " if s.repeat else "") + short_move(t, rules, state, s.seat, s.die, s.move)
            if s.drawn:
                text += " got " + _goods(t, s.drawn)
                if sum(state.players[s.seat].goods) + sum(s.drawn) > t.hold:
                    text += " keep " + _goods(t, s.kept)
            lines.append(f'      - "{s.seat + 1}: {text}"')
            state = R.apply(t, rules, state, s.seat, s.move, (lambda pool, k=s.kept: k))[0]
    return "\n".join(lines) + "\n"
