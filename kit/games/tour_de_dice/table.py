"""`kit play --game tour-de-dice`: the race engine at the web table (kit.play's contract).

A race is `play.py`'s: the seed shuffles the ring, rolls for the start player and rolls every
die, in the same order, so an all-AI table runs race S of `kit sim --seed S`. A turn is a few
decisions, each by the seat whose piece it is: which colour moves (rule ②), how many dice,
whether each piece on the same space rides, and where each roller with a choice stops. Each
is asked of a person or of the seat's policy; the stops are `rules.resolve`'s, which is run
again with the stops chosen so far until it needs no more. The board is the course preview's
ring, from the same geometry.
"""

from __future__ import annotations

import math
import random

from kit.data.errors import KitError, Where
from kit.draw import svg
from kit.draw.imposition import Paper
from kit.draw.render import ink_on
from kit.play.command import play_command
from kit.play.words import both

from kit.games.tour_de_dice.cards import EVENT, GOLD, LAP1, LAP1_INK, LAP2, TITLE
from kit.games.tour_de_dice.model import default_players, load
from kit.games.tour_de_dice.play import make_setup, roll, shuffled_course, start_seat
from kit.games.tour_de_dice.policies import POLICIES, parse_policies
from kit.games.tour_de_dice.replay import log_text, parse_log, replay_report, space_of
from kit.games.tour_de_dice.rules import START, Turn, clockwise, may_join, new_race, resolve
from kit.games.tour_de_dice.sheets import paper, piece_labels, preview_geometry
from kit.games.tour_de_dice.turns import choose_colour

REPLAY_GAMES = 200      # simulated races the end screen places the race among (kit replay --games)


class _Need(Exception):
    """resolve() reached a roller whose stop has not been chosen yet."""

    def __init__(self, piece, options, positions, reaches):
        super().__init__(piece)
        self.piece, self.options, self.positions, self.reaches = piece, tuple(options), positions, reaches


class Ask:
    """One decision the race waits for: `kind` (colour, dice, ride, stop) by `seat` for `piece`,
    with its options as (step key, label)."""

    def __init__(self, seat, kind, piece, options, need=None):
        self.seat, self.kind, self.piece, self.options, self.need = seat, kind, piece, options, need


class Match:
    game = "tour-de-dice"
    title = TITLE

    def __init__(self, ctx, players, policy, seed):
        self.ctx, self.seed, self._args = ctx, seed, (players, policy)
        self.tour = load(ctx.data_dir, ctx.rules)
        players = players if players is not None else default_players(self.tour.rules)
        self.policies = parse_policies(policy, players)
        self.setup = s = make_setup(self.tour, players, self.policies)
        self.players = players
        self.rng = random.Random(seed)          # play._run's order: ring, start roll, then the dice
        self.course = shuffled_course(s, self.rng)
        self.first = self.seat = start_seat(self.rng, players)
        self.owner = s.owner
        self.mine = tuple(tuple(p for p in range(s.pieces) if s.owner[p] == k) for k in range(players))
        self.order = tuple(clockwise(p, s.pieces, s.owner, players) for p in range(s.pieces))
        self.labels = piece_labels(s.owner, self.tour.colours)
        # a piece at the table: P1, or its colour's name when a seat has two (the log's labels)
        self.said = tuple(both(k, k) if k.startswith("P") else both(k, self.tour.colours[p].name_ja)
                          for p, k in enumerate(self.labels))
        b = self.course.breakaway
        self.policy = tuple(POLICIES[self.policies[s.owner[p]]] for p in range(s.pieces))
        self.dice_of = tuple(p.dice if b is not None else p.own_dice for p in self.policy)
        self.join_of = tuple(p.join if b is not None else p.own_join for p in self.policy)
        self.race = new_race(s.pieces, s.dice)
        self.turns: list[Turn] = []
        self.count, self.winner, self.over = 0, None, False
        self.rolls: tuple = ()                  # this turn's rolls, once rolled
        self.ask: Ask | None = None
        self._next_turn()

    def fresh(self) -> "Match":
        return Match(self.ctx, *self._args, self.seed)

    # --- the race as decisions ------------------------------------------------------------

    def _next_turn(self) -> None:
        if self.winner is not None or self.count >= self.setup.turn_limit:
            self.over, self.ask = True, None
            return
        self.count += 1
        self.rolls = ()
        self.flow = self._turn()
        self.ask = next(self.flow)

    def _turn(self):
        """A turn as `play._run` plays it, yielding each decision and receiving its step key."""
        seat, race, labels = self.seat, self.race, self.labels
        pieces = self.mine[seat]
        if len(pieces) == 1:
            active = pieces[0]
        else:
            key = yield Ask(seat, "colour", None, [(f"p{p}", both(f"move {labels[p]}", f"{self.said[p]['ja']}を動かす"))
                                                   for p in pieces])
            active = int(key[1:])
        have = race.dice[active]
        # the rolls first, the pass last: a pass is the exception
        key = yield Ask(seat, "dice", active, [(f"d{n}", both("pass (0 dice)", "パス（0個）") if n == 0
                                                else both(_dice(n, "roll "), f"ダイスを{n}個振る"))
                                               for n in (*range(1, have + 1), 0)])
        k = self.k = int(key[1:])
        if k == 0:
            self.turns.append(Turn(active, 0))
            return
        rollers = [active]
        for p in may_join(race, active, k, self.order[active]):
            ja = self.said[p]["ja"]
            key = yield Ask(self.owner[p], "ride", p, [("ride", both(f"{labels[p]} rides the {k}-dice roll",
                                                                     f"{ja}も{k}個の振りに相乗りする")),
                                                        ("stay", both(f"{labels[p]} stays", f"{ja}は相乗りしない"))])
            if key == "ride":
                rollers.append(p)
        self.rolls = tuple(roll(self.rng, k) for _ in rollers)
        self.rollers = tuple(rollers)
        picks: list[int] = []
        while True:
            chosen = iter(picks)

            def choose(piece, options, positions, reaches):
                pick = next(chosen, None)
                if pick is None:
                    raise _Need(piece, options, positions, reaches)
                return pick
            try:
                self.race, turn = resolve(self.course, race, self.rollers, self.rolls, choose)
                break
            except _Need as need:
                key = yield Ask(self.owner[need.piece], "stop", need.piece,
                                [(f"s{i}", self._space(i)) for i in need.options], need)
                picks.append(int(key[1:]))
        self.turns.append(turn)
        if turn.winner is not None:
            self.winner, self.winning_piece = self.owner[turn.winner], turn.winner

    def to_act(self):
        return None if self.over else self.ask.seat

    def legal(self) -> list[dict]:
        if self.over:
            return []
        a = self.ask
        who = dict(self.said[a.piece]) if a.piece is not None else both(f"P{a.seat + 1}", f"P{a.seat + 1}")
        if a.kind == "stop":        # the move says the roll it comes from
            rolled = " ".join(map(str, self.rolls[self.rollers.index(a.piece)]))
            who = both(f"{who['en']} (rolled {rolled})", f"{who['ja']}（出目 {rolled}）")
        return [{"steps": [key], "label": label if a.kind in ("colour", "ride")
                 else both(f"{who['en']}: {label['en']}", f"{who['ja']}：{label['ja']}") if a.kind == "dice"
                 else both(f"{who['en']} stops on {label['en']}", f"{who['ja']}が{label['ja']}に止まる"),
                 "step_labels": [label]} for key, label in a.options]

    def _space(self, space: int) -> dict:
        """A space in words: its card counted clockwise from the goal (the card's letter as the
        ring shows it) and its lap, where the log writes `3/1`."""
        course = self.course
        if space == START:
            return both("the start", "スタート")
        n = len(course.ring)
        lap, box = (1 if space <= n else 2), space % n
        if box == 0:
            return both(f"the goal, lap {lap}", f"ゴール・{lap}周目")
        card = course.ring[box]
        return both(f"card {box} ({card}), lap {lap}", f"{box}枚目（{card}）・{lap}周目")

    def play(self, move: dict) -> None:
        key = move["steps"][0]
        if key not in {k for k, _ in self.ask.options}:
            raise ValueError(f"{key!r} is not one of the choices")
        try:
            self.ask = self.flow.send(key)
        except StopIteration:
            self.seat = (self.seat + 1) % self.players
            self._next_turn()

    def ai_move(self):
        """The seat's policy's decision (play._run asks the same functions) and why."""
        a, race, course = self.ask, self.race, self.course
        name = self.policies[a.seat]
        doc = POLICIES[name].doc
        if a.kind == "colour":
            p = choose_colour(race, self.mine[a.seat])
            key, why = f"p{p}", both("the colour further ahead (then the one with more dice)",
                                     "先を行く色（同じならダイスの多い色）")
        elif a.kind == "dice":
            have = race.dice[a.piece]
            k = min(self.dice_of[a.piece](course, race, a.piece), have)
            key = f"d{k}"
            why = both(f"{name} {'passes' if not k else 'rolls ' + _dice(k)} of its {_dice(have)}: {doc}",
                       f"{name}：ダイス{have}個のうち" + (f"{k}個を振る" if k else "振らずにパス")
                       + f"：{POLICIES[name].doc_ja}")
        elif a.kind == "ride":
            yes = self.join_of[a.piece](course, race, a.piece, self.k)
            key = "ride" if yes else "stay"
            why = both(f"{name} {'rides' if yes else 'does not ride'} a roll of {_dice(self.k)} with "
                       f"{_dice(race.dice[a.piece])}",
                       f"{name}：ダイス{race.dice[a.piece]}個で{self.k}個の振りに" + ("相乗りする" if yes else "相乗りしない"))
        else:
            n = a.need
            stop = self.policy[a.piece].stop(course, n.positions, a.piece, n.options, n.reaches)
            far = max(n.options)
            key = f"s{stop}"
            beside = any(q == stop for i, q in enumerate(n.positions) if i != a.piece)
            reach = self._space(far)
            why = both(f"{name}: its roll reaches {reach['en']}; " +
                       ("it goes as far as it can" if stop == far else
                        f"it stops {far - stop} space{'s' if far - stop > 1 else ''} short"
                        + (", beside another piece" if beside else "")),
                       f"{name}：出目で{reach['ja']}まで届く。" +
                       ("行けるところまで進む" if stop == far else
                        f"{far - stop}マス手前で止まる" + ("（ほかの駒の隣）" if beside else "")))
        move = next(m for m in self.legal() if m["steps"] == [key])
        return move, why

    # --- what the browser shows ------------------------------------------------------------

    def view(self, seat) -> dict:
        race = self.race
        pieces = [{"at": f"s{pos}", "label": self.labels[p].replace("P", "") if self.labels[p].startswith("P")
                   else self.labels[p][0].upper(), "colour": self.tour.colours[p].rgb,
                   "ink": svg.rgb(ink_on(self.tour.colours[p].rgb))}
                  for p, pos in enumerate(race.positions)]
        said = self.said
        info = [both(f"{self.labels[p]} (seat {self.owner[p] + 1}): {self._space(pos)['en']}, {_dice(race.dice[p])}",
                     f"{said[p]['ja']}（席{self.owner[p] + 1}）：{self._space(pos)['ja']}、ダイス{race.dice[p]}個")
                for p, pos in enumerate(race.positions)]
        if self.rolls:
            rolled = [(p, " ".join(map(str, r))) for p, r in zip(self.rollers, self.rolls)]
            info.append(both("rolled: " + ", ".join(f"{self.labels[p]} {r}" for p, r in rolled),
                             "出目：" + "、".join(f"{said[p]['ja']} {r}" for p, r in rolled)))
        if self.turns and not self.over:
            last = self._turn_words(self.turns[-1])
            info.append(both("last turn: " + last["en"], "前の手番：" + last["ja"]))
        hints = {"colour": both("Choose the colour that moves.", "動かす色を選びます。"),
                 "dice": both("How many dice? Tap a number.", "ダイスをいくつ振りますか？数をタップします。"),
                 "ride": both("A piece on your space may ride this roll.", "同じマスのコマはこの振りに相乗りできます。"),
                 "stop": both("Tap a highlighted space to stop there.", "止まるマス（光っている所）をタップします。")}
        out = {"pieces": pieces, "info": info, "hand": None,
               "colours": [[self.tour.colours[p].rgb for p in mine] for mine in self.mine],
               "hint": hints.get(self.ask.kind if self.ask else "", "")}
        if self.ask and self.ask.kind == "stop":        # the roll to move by, beside the choice
            a = self.ask
            dice = " ".join(map(str, self.rolls[self.rollers.index(a.piece)]))
            far = self._space(max(a.need.options))
            out["hint"] = both(f"{self.labels[a.piece]} rolled {dice}: it may stop anywhere up to {far['en']}. "
                               + out["hint"]["en"],
                               f"{said[a.piece]['ja']}の出目は {dice}：{far['ja']}までのどこにでも止まれます。"
                               + out["hint"]["ja"])
        if self.over:
            out["result"] = (both(f"seat {self.winner + 1} won the race: {self.labels[self.winning_piece]} reached the "
                                  f"goal first, on turn {self.count}",
                                  f"席{self.winner + 1}の勝ち：{said[self.winning_piece]['ja']}が{self.count}手番目に"
                                  "最初にゴールした") if self.winner is not None
                             else both(f"nobody won: the turn limit ({self.setup.turn_limit}) ended the race",
                                       f"勝者なし：手番の上限（{self.setup.turn_limit}）でレースが終わった"))
        return out

    def _turn_words(self, t: Turn) -> dict:
        """A turn in words (the log writes `P1 2: P1 3 4 > 5/1`)."""
        said = self.said
        if t.used == 0:
            return both(f"{self.labels[t.active]} passed", f"{said[t.active]['ja']}はパス")
        moves = [(p, " ".join(map(str, roll)), self._space(b)) for p, roll, (_, b) in zip(t.rollers, t.rolls, t.moves)]
        return both(f"{self.labels[t.active]} rolled {_dice(t.used)}: "
                    + "; ".join(f"{self.labels[p]} {r} to {at['en']}" for p, r, at in moves),
                    f"{said[t.active]['ja']}がダイス{t.used}個：" + "、".join(f"{said[p]['ja']} {r} → {at['ja']}"
                                                                         for p, r, at in moves))

    def board_svg(self) -> str:
        return ring_svg(self.course, self.ctx.layout, self.tour.start)

    # --- the log ---------------------------------------------------------------------------

    def log_text(self) -> str:
        head = (f"# {TITLE} raced at the table (kit play --game tour-de-dice --seed {self.seed}).\n"
                "# Check it with:  kit replay --game tour-de-dice THIS-FILE\n")
        return head + log_text(self.tour, self.setup, self.course, self.turns, self.first, self.ctx.rules)

    def logged_moves(self, doc, humans=()) -> list[dict]:
        """The decisions of a saved race, found by playing it again on a fresh table."""
        log = parse_log(doc, Where("log", 1))
        scratch, moves = self.fresh(), []
        if tuple(scratch.course.ring[1:]) != log.ring:
            raise KitError("the saved race's ring is not this seed's")
        for turn in log.turns:
            stops = {r[0]: r[2] for r in turn.rolls}
            while not scratch.over and scratch.count == turn.number:
                a = scratch.ask
                if a.kind == "colour":
                    key = f"p{scratch.labels.index(turn.active)}"
                elif a.kind == "dice":
                    key = f"d{turn.dice}"
                elif a.kind == "ride":
                    key = "ride" if scratch.labels[a.piece] in stops else "stay"
                else:
                    key = f"s{space_of(scratch.course, stops[scratch.labels[a.piece]])}"
                move = next((m for m in scratch.legal() if m["steps"] == [key]), None)
                if move is None:
                    raise KitError(f"turn {turn.number}: the saved race cannot be played on")
                scratch.play(move)
                moves.append(move)
        return moves

    def replay_text(self, path) -> dict[str, str]:
        return replay_report(self.ctx, str(path), REPLAY_GAMES, ",".join(self.policies), 1)


def _dice(n: int, before: str = "") -> str:
    return f"{before}{n} {'die' if n == 1 else 'dice'}"


def ring_svg(course, layout, start_label: str) -> str:
    """The course preview's ring (preview_geometry: goal card at twelve o'clock, clockwise) as
    SVG in mm, y down: each card's outer half is its lap-1 space, its inner half its lap-2
    space, each carrying `data-key` s<space>; the start dot is s0."""
    page: Paper = paper(layout)
    card = layout.piece("card")
    n = len(course.ring)
    g = preview_geometry(page, n, card.height / card.width)
    cx, cy, radius, w, h = g.cx, page.height - g.cy, g.radius, g.card_w, g.card_h
    body = []
    for k, ident in enumerate(course.ring):
        angle = 360 * k / n                     # clockwise from the top, SVG's rotation sense
        outer = course.link if k == 0 else k
        inner = course.goal if k == 0 else course.link + k
        event = k and k == course.breakaway
        y0 = cy - radius - h / 2                # the card upright above the centre, outer end up
        parts = [f'<g transform="rotate({svg.num(angle)} {svg.num(cx)} {svg.num(cy)})">']
        for space, top, fill, ink in ((outer, y0, EVENT if event else LAP1, LAP1_INK if not event else None),
                                      (inner, y0 + h / 2, LAP2, None)):
            cost = course.costs[space]
            parts.append(f'<g data-key="s{space}" class="space">'
                         + svg.rect(cx - w / 2, top, w, h / 2, fill=svg.rgb(fill))
                         + svg.text(cx, top + h / 4 + h * 0.09, str(cost), font_size=svg.num(h * 0.26),
                                    text_anchor="middle", fill=svg.rgb(ink) if ink else "#fff",
                                    class_="cost") + "</g>")
        parts.append(svg.rect(cx - w / 2, y0, w, h, fill="none", stroke=svg.rgb(GOLD) if k == 0 else "#000",
                              stroke_width="1.2" if k == 0 else "0.4", class_="frame"))
        parts.append(svg.text(cx, y0 - 1.5, "GOAL" if k == 0 else ident, font_size="6.5", text_anchor="middle"))

        parts.append("</g>")
        if k:       # the card's place counted from the goal, upright inside the ring, as the moves name it
            r = radius - h / 2 - 4          # ("card 3" / 「3枚目」)
            nx, ny = cx + r * math.sin(math.radians(angle)), cy - r * math.cos(math.radians(angle)) + 1.6
            parts.append(svg.text(nx, ny, str(k), font_size="4.5", text_anchor="middle", fill="#555",
                                  class_="box-number"))
        body.append("".join(parts))
    sy = cy - radius - h / 2 - 10
    body.append('<g data-key="s0" class="space start">' + f'<circle cx="{svg.num(cx)}" cy="{svg.num(sy)}" r="6" '
                f'fill="{svg.rgb(EVENT)}"/>' + "</g>")
    body.append(svg.text(cx, sy - 8, f"{start_label} START", font_size="6.5", text_anchor="middle",
                         fill=svg.rgb(EVENT)))
    body.append(svg.text(cx, cy - 2, "外側＝1周目 outer: lap 1", font_size="5", text_anchor="middle"))
    body.append(svg.text(cx, cy + 5, "内側＝2周目 inner: lap 2", font_size="5", text_anchor="middle",
                         fill=svg.rgb(LAP2)))
    top = sy - 16
    bottom = cy + radius + h / 2 + 4
    span = radius + h / 2 + 6
    return svg.svg((cx - span, top, 2 * span, bottom - top), body, class_="board ring", role="img",
                   aria_label="the course: a ring of cards, the goal at the top, clockwise")


def open_match(ctx, players, policy, seed) -> Match:
    return Match(ctx, players, policy, seed)


def play(ctx, players, seat, policy, seed, port, host, no_browser) -> str:
    return play_command(ctx, open_match(ctx, players, policy, seed), seat, port, host, no_browser)
