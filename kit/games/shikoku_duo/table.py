"""`kit play --game shikoku-duo`: the shikoku-duo engine at the web table (kit.play's contract).

A game is `rules.play`'s: the seed sets up the board and orders the goods, the game's own
Random (sim.game_rng) rolls the dice and breaks the AI's ties, in the same order, so an
all-AI table plays game S of `kit sim --seed S`. Each die is a few decisions of the seat
drafting it, asked of a person or of the seat's controller (a policy, or the Automa in seat
2 of a solo game): which die, the move (its destination, then what it does there), which
goods to keep when a draw brings more than the hold, and whether to spend the hot-spring
token on a repeat. The board is the board PDF's (board.board_layout): the ring, the towns,
the routes and the regions.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from reportlab.lib.colors import white

from kit.data.errors import KitError, Where
from kit.draw import svg
from kit.draw.fonts import register
from kit.draw.render import mix
from kit.data.units import to_pt
from kit.play.command import play_command
from kit.play.words import both

from kit.games.shikoku_duo import rules as R
from kit.games.shikoku_duo.board import COAST, KIND_COLOURS, MOUNTAIN, ROUTE, ROUTE_EDGE, SEA, TRACK, board_layout
from kit.games.shikoku_duo.names import ACTION_JA
from kit.games.shikoku_duo.pieces import CHARACTER, TITLE, painting_colour
from kit.games.shikoku_duo.replay import ended_words, log_text, parse_log, read_rounds, replay_report
from kit.games.shikoku_duo.sim import controllers, game_rng, load_model, make_setup

SEAT_COLOURS = ("#1d4ed8", "#d62828")     # each seat's figures
PIECE_R = 3.6           # mm: a figure on the board, about a standee's base
REPLAY_GAMES = 100      # simulated games the end screen places the game among (kit replay --games)


def _who(c: int) -> dict:
    """A character as its board and dice name it: 巡礼者 / Pilgrim."""
    ja, en, _ = CHARACTER[R.CHARACTERS[c]]
    return both(en.capitalize(), ja)


_SETUPS: dict = {}


def _setup(ctx, players, policy):
    """The model and Setup of a table, made once per data, rules, map and seats: a table played
    game after game keeps one board's Tables (the policies' judging tables are kept per Tables)."""
    key = (str(ctx.data_dir), ctx.rules, str(ctx.map_path()), players, policy)
    if key not in _SETUPS:
        if len(_SETUPS) >= 4:
            _SETUPS.clear()
        model = load_model(ctx)
        _SETUPS[key] = (model, make_setup(model, ctx.data_dir, players, policy))
    return _SETUPS[key]


class Ask:
    """One decision the game waits for: `kind` (pick, move, keep, repeat) by `seat`, with the
    moves offered (kit.play's {"steps", "label"} values) and what the engine needs to act on one."""

    def __init__(self, seat, kind, moves, values):
        self.seat, self.kind, self.moves, self.values = seat, kind, moves, values


class Match:
    game = "shikoku-duo"
    title = TITLE

    def __init__(self, ctx, players, policy, seed):
        self.ctx, self.seed, self._args = ctx, seed, (players, policy)
        self.model, self.setup = _setup(ctx, players, policy)
        self.t, self.rules = self.setup.tables, self.setup.rules
        self.policies = self.setup.policies
        self.players = 2                       # seats: a solo game's Automa is seat 2
        self.solo = self.setup.solo
        self.who = controllers(self.setup)
        self.rng = game_rng(seed)
        self.state = R.setup(self.t, self.rules, seed, self.solo)
        self.tops = self.who[1].rank_tops if self.solo else ()
        self.record: list[R.Step] = []
        self.dice = None
        self.over, self.ended = False, ()
        self._layout = self._names = None
        self.flow = self._game()
        self.ask = next(self.flow)

    def fresh(self) -> "Match":
        return Match(self.ctx, *self._args, self.seed)

    # --- the game as decisions ------------------------------------------------------------

    def _game(self):
        t, rules = self.t, self.rules
        while True:
            self.dice = dice = R.roll(t, self.rng)
            left = [0, 1, 2]
            for seat in R.drafters(self.state):
                if len(left) == 1:
                    c = left[0]
                else:
                    c = yield Ask(seat, "pick", [{"steps": [R.CHARACTERS[k]], "label": both(
                        f"{_who(k)['en']} die: {dice[k]}", f"{_who(k)['ja']}のサイコロ：{dice[k]}")}
                        for k in left], (dice, tuple(left)))
                    c = R.CHARACTERS.index(c)
                left.remove(c)
                yield from self._die(seat, c, dice[c])
            self.state = self.state._replace(round=self.state.round + 1)
            self.ended = R.fired(t, self.state, self.tops)
            if not self.ended and self.state.round >= rules.round_limit:
                self.ended = ("limit",)
            if self.ended:
                self.over = True
                return

    def _die(self, seat, c, die):
        """rules.play_die, each choice asked."""
        t, rules = self.t, self.rules
        held = self.state.hot == seat
        repeat = False
        while True:
            state = self.state
            moves = R.legal_moves(t, rules, state, seat, c, die)
            key = yield Ask(seat, "move", [self._move(m) for m in moves], (c, die, moves, repeat))
            move = next(m for m in moves if self._move(m)["steps"] == key)
            kept = None
            if move.character == R.MERCHANT and move.dest >= 0 and not t.town_coastal[move.dest]:
                drawn, _ = R.draw_from(t, state, move.choice)
                pool = tuple(a + b for a, b in zip(state.players[seat].goods, drawn))
                if sum(pool) > t.hold:
                    options = self._keeps(pool)
                    key = yield Ask(seat, "keep", [o for o, _ in options], pool)
                    kept = next(k for o, k in options if o["steps"] == key)
            after, drawn, kept = R.apply(t, rules, state, seat, move, (lambda pool, k=kept: k) if kept else None)
            after = self.who[seat].after(t, rules, state, after, seat, move)
            self.record.append(R.Step(state.round, seat, die, move, drawn, kept, repeat))
            self.state = after
            if repeat or not R.may_repeat(after, seat, held):
                return
            key = yield Ask(seat, "repeat", [
                {"steps": ["repeat"], "label": both(f"spend the hot-spring token: the {R.CHARACTERS[c]} moves {die} again",
                                                    f"温泉トークンを使う：{_who(c)['ja']}がもう一度 {die} 進む")},
                {"steps": ["no-repeat"], "label": both("keep the token", "トークンを残す")}], (c, die))
            if key != "repeat":
                return
            self.state = R.spend_hot(self.state)
            repeat = True

    def _move(self, m: R.Move) -> dict:
        """A move as the table offers it: its steps (the place, then what it does there), each
        step's words and the whole move's, in the names the board prints (rules.format_move's
        notation stays the log's)."""
        t = self.t
        who = _who(m.character)
        head = both(f"{who['en']} {m.steps}", f"{who['ja']} {m.steps}")
        if m.dest < 0:
            stay = both("no move: it stays", "動かない")
            return {"steps": ["stay"], "label": both(f"{head['en']} stays", f"{head['ja']}：動かない"),
                    "step_labels": [stay]}
        towns, regions, spaces = self._words()
        if m.character == R.PILGRIM:
            steps, names = [f"p{m.dest}"], [spaces[m.dest]]
            if m.choice >= 0:
                other = _who(m.choice)
                steps.append(f"wave-{R.CHARACTERS[m.choice]}")
                names.append(both(f"take the {R.CHARACTERS[m.choice]}'s wave tile", f"{other['ja']}の波タイルを取る"))
        elif m.character == R.MERCHANT:
            coastal = t.town_coastal[m.dest]
            steps = [f"p{t.town_space_bit[m.dest].bit_length() - 1}" if coastal else f"t{m.dest}"]
            names = [towns[m.dest]]
            if m.choice >= 0:
                steps.append(f"{'sell' if coastal else 'draw'}{m.choice}")
                names.append(both(f"sells {m.choice}", f"{m.choice} 個売る") if coastal
                              else both(f"draws {m.choice}", f"{m.choice} 個引く"))
        else:
            steps, names = [f"r{m.dest}"], [regions[m.dest]]
            action = R.ACTIONS[m.choice]
            steps.append(action)
            names.append(both({"paint": "paints", "gift": "gifts a painting", "nothing": "does nothing"}[action],
                              ACTION_JA.get(action, "何もしない")))
            if m.passed:
                passed = [regions[r] for r in range(len(t.region_names)) if m.passed >> r & 1]
                steps.append(f"via{m.passed}")
                names.append(both("via " + ", ".join(p["en"] for p in passed),
                                  "・".join(p["ja"] for p in passed) + "を経由"))
        rest = names[1:]        # "Merchant 1 to Ikeda: draws 2" / 「商人 1 → 池田：2 個引く」
        label = both(f"{head['en']} to {names[0]['en']}" + (": " + ", ".join(n["en"] for n in rest) if rest else ""),
                     f"{head['ja']} → {names[0]['ja']}" + ("：" + "、".join(n["ja"] for n in rest) if rest else ""))
        return {"steps": steps, "label": label, "step_labels": names}

    def _words(self):
        """Each town's, region's and ring space's name as the board prints it, by index:
        Japanese (kanji) and English (romaji; a space with its number)."""
        if self._names is None:
            t, board = self.t, self.model.board
            towns = {i: both(board.towns[k].romaji, board.towns[k].name) for i, k in enumerate(t.town_names)}
            by_id = {r.id: r for r in board.regions}
            regions = {i: both(by_id[k].romaji, by_id[k].name) for i, k in enumerate(t.region_names)}
            spaces = {s.index: both(f"space {s.index}, {s.romaji}", f"{s.index} {s.name}") for s in board.ring}
            self._names = (towns, regions, spaces)
        return self._names

    def _board(self):
        if self._layout is None:
            register(self.ctx.font)
            self._layout = board_layout(self.model, self.ctx.layout)
        return self._layout

    def _keeps(self, pool):
        """Every way to keep `hold` of the goods in `pool`: the goods named one by one, in kind order."""
        t = self.t
        kinds = [k for k, n in enumerate(pool) for _ in range(n)]
        out, seen = [], set()
        for combo in combinations_with_replacement(sorted(set(kinds)), t.hold):
            kept = tuple(combo.count(k) for k in range(len(pool)))
            if kept in seen or R.check_keep(t, pool, kept):
                continue
            seen.add(kept)
            names = [t.goods_names[k] for k in combo]
            words = [both(n, self.model.components.goods_names.get(n, n)) for n in names]
            out.append(({"steps": names, "label": both("keep " + " ".join(names),
                                                       "残す：" + "・".join(w["ja"] for w in words)),
                         "step_labels": words}, kept))
        return out

    def to_act(self):
        return None if self.over else self.ask.seat

    def legal(self) -> list[dict]:
        return [] if self.over else self.ask.moves

    def play(self, move: dict) -> None:
        if move["steps"] not in [m["steps"] for m in self.ask.moves]:
            raise ValueError(f"{' '.join(map(str, move['steps']))} is not one of the choices")
        try:
            self.ask = self.flow.send(move["steps"][0] if self.ask.kind in ("pick", "repeat") else move["steps"])
        except StopIteration:
            self.ask = None

    def ai_move(self):
        """The controller's decision (the questions rules.play_die asks it, in its order) and why."""
        a, t, rules, state = self.ask, self.t, self.rules, self.state
        who = self.who[a.seat]
        name = self.policies[a.seat]
        automa = who.is_automa
        if a.kind == "pick":
            dice, left = a.values
            c = who.pick(t, rules, state, a.seat, dice, left, self.rng)
            take_ja = {"highest": "最大", "lowest": "最小"}.get(who.rules.take, who.rules.take) if automa else ""
            why = (both(f"the Automa's card: take the die showing the {who.rules.take} number",
                        f"オートマのカード：目が{take_ja}のサイコロを取る") if automa
                   else both(f"{name}: the die {'its playouts score' if name == 'search' else 'whose best move gains'} most",
                             f"{name}：{'試行の得点が' if name == 'search' else '最善の手の得が'}最も大きいサイコロ"))
            return next(m for m in a.moves if m["steps"] == [R.CHARACTERS[c]]), why
        if a.kind == "move":
            c, die, moves, _ = a.values
            move = who.move(t, rules, state, a.seat, c, die, self.rng)
            if automa:
                rule = _automa_rule(who, c)
                why = both("the Automa's card: " + rule["en"], "オートマのカード：" + rule["ja"])
            elif len(moves) == 1:
                why = both("its only move", "指せる手はこれだけ")
            else:
                why = both(f"{name}: of {len(moves)} moves, the one " + ("its playouts score best" if name == "search"
                                                                         else "worth most to it"),
                           f"{name}：{len(moves)}通りの手のうち" + ("試行の得点が最も高い手" if name == "search"
                                                                  else "最も得になる手"))
            return self._move(move), why
        if a.kind == "keep":
            kept = who.keep(t, rules, state, a.seat, a.values, self.rng)
            names = [t.goods_names[k] for k, n in enumerate(kept) for _ in range(n)]
            return next(m for m in a.moves if m["steps"] == names), both(f"{name}: the goods with the best shop prices",
                                                                         f"{name}：土産物屋の値が最も高い品")
        c, die = a.values
        yes = who.repeat(t, rules, state, a.seat, c, die, self.rng)
        return a.moves[0 if yes else 1], (both(f"{name}: the repeated move is worth more than the token",
                                                f"{name}：もう一度動くほうがトークンより得") if yes
                                           else both(f"{name}: the repeat is worth less than the token",
                                                     f"{name}：もう一度動くよりトークンを残すほうが得"))

    # --- what the browser shows ------------------------------------------------------------

    def view(self, seat) -> dict:
        t, state = self.t, self.state
        pieces = []
        for s, p in enumerate(state.players):
            colour = SEAT_COLOURS[s]
            pieces.append({"at": f"p{p.pilgrim}", "label": "巡", "colour": colour, "r": PIECE_R})
            town = p.merchant
            pieces.append({"at": f"p{t.town_space_bit[town].bit_length() - 1}" if t.town_coastal[town] else f"t{town}",
                           "label": "商", "colour": colour, "r": PIECE_R})
            pieces.append({"at": f"r{p.artist}", "label": "絵", "colour": colour, "r": PIECE_R})
        info = []
        goods_ja = self.model.components.goods_names
        for s, p in enumerate(state.players):
            automa = " (Automa)" if p.ranks else ""
            who = both(f"seat {s + 1}{automa}", f"席{s + 1}" + ("（オートマ）" if p.ranks else ""))
            if p.ranks:
                points = sum(self.who[1].rank_scores(p.ranks))
                info.append(both(f"{who['en']}: ranks " + ", ".join(f"{R.CHARACTERS[c]} {r}" for c, r in enumerate(p.ranks))
                                 + f" = {points} points",
                                 f"{who['ja']}：順位 " + "、".join(f"{CHARACTER[R.CHARACTERS[c]][0]} {r}"
                                                                  for c, r in enumerate(p.ranks)) + f" ＝ {points}点"))
                continue
            held = [(t.goods_names[k], n) for k, n in enumerate(p.goods) if n]
            goods = ", ".join(f"{k} {n}" for k, n in held) or "no goods"
            goods_j = "・".join(f"{goods_ja.get(k, k)} {n}" for k, n in held) or "荷なし"
            points = sum(R.character_scores(t, p))
            info.append(both(f"{who['en']}: {points} points · shrine {p.shrine} · garden {p.garden} · "
                             f"copper {p.copper} · slabs {p.slabs} · {goods} · painted {p.painted}, gifted {p.gifted}",
                             f"{who['ja']}：{points}点・神社 {p.shrine}・庭園 {p.garden}・銅銭 {p.copper}・"
                             f"小判 {p.slabs}・{goods_j}・描いた絵 {p.painted}・贈った絵 {p.gifted}"))
        if self.dice and not self.over:
            info.append(both("dice this round: " + ", ".join(f"{R.CHARACTERS[c]} {d}" for c, d in enumerate(self.dice)),
                             "このラウンドの目：" + "、".join(f"{_who(c)['ja']} {d}" for c, d in enumerate(self.dice))))
        hint = {"pick": both("Draft a die: tap the character to move.", "サイコロを選ぶ：動かす駒をタップします。"),
                "move": both("Tap where it goes (highlighted), then what it does there.",
                             "行き先（光っている所）をタップし、そこで何をするかを選びます。"),
                "keep": both("Too many goods: choose the goods to keep, one by one.",
                             "荷が多すぎます：残す品を1つずつ選びます。"),
                "repeat": both("You hold the hot-spring token: move the same character again?",
                               "温泉トークンを持っています：同じ駒をもう一度動かしますか？")}
        out = {"pieces": pieces, "info": info, "hand": None, "colours": [[c] for c in SEAT_COLOURS],
               "hint": hint.get(self.ask.kind, "") if self.ask else ""}
        if self.over:
            scores = [sum(R.score_of(t, p, self.who[s])) for s, p in enumerate(state.players)]
            w = R.winner(tuple(scores), tuple(p.copper for p in state.players), self.solo)
            out["result"] = both((f"seat {w + 1} won, {scores[0]} to {scores[1]}" if w is not None
                                  else f"a draw at {scores[0]}") + f" (the game ended on {ended_words(self.ended)})",
                                 (f"席{w + 1}の勝ち（{scores[0]} 対 {scores[1]}）" if w is not None
                                  else f"{scores[0]}点で引き分け") + f"。終了の理由：{ended_words(self.ended, 'ja')}")
        return out

    def board_svg(self) -> str:
        return board_svg(self.model, self._board(), self.t)

    # --- the log ---------------------------------------------------------------------------

    def log_text(self) -> str:
        """The finished rounds as `kit replay` reads them (a round in play is saved once it is over)."""
        done = [s for s in self.record if s.round < self.state.round]
        text = log_text(self.t, self.rules, self.seed, 1 if self.solo else 2, done,
                        f"{TITLE} played at the table (kit play --game shikoku-duo --seed {self.seed}).\n"
                        "# Check it with:  kit replay --game shikoku-duo THIS-FILE")
        if self.ctx.rules:
            head, _, rest = text.partition("rounds:")
            text = head + "rules: {" + ", ".join(f"{k}: {v}" for k, v in self.ctx.rules) + "}\nrounds:" + rest
        if not done:
            text = text.replace("rounds:\n", "rounds: []\n")
        return text

    def logged_moves(self, doc, humans=()) -> list[dict]:
        """The decisions of a saved game, found by playing it again on a fresh table: each logged
        turn is a die's pick (unless it is the round's last die), its move, a keep after a big
        draw, and a repeat or not when the hot-spring token allows one. The AI seats are asked
        again as they were (their tie draws come from the dice's Random)."""
        _, raw = parse_log(doc, Where("log", 1))
        turns = [turn for rnd in read_rounds(raw, self.t) for turn in rnd.turns]
        scratch, moves, i = self.fresh(), [], 0
        while i < len(turns) and not scratch.over:
            a, turn = scratch.ask, turns[i]
            if a.kind == "pick":
                key = [R.CHARACTERS[turn.move.character]]
            elif a.kind == "repeat":
                key = ["repeat" if turn.repeat else "no-repeat"]
            elif a.kind == "move":
                key = scratch._move(turn.move)["steps"]
            else:
                key = sorted(turn.keep or (), key=self.t.goods_names.index)
            move = next((m for m in scratch.legal() if m["steps"] == key), None)
            if a.seat not in humans:
                scratch.ai_move()
            if move is None:
                raise KitError(f"turn {i + 1} of the saved game cannot be played on")
            scratch.play(move)
            moves.append(move)
            if a.kind == "keep" or (a.kind == "move" and (scratch.over or scratch.ask.kind != "keep")):
                i += 1
        return moves

    def replay_text(self, path) -> dict[str, str]:
        return replay_report(self.ctx, str(path), REPLAY_GAMES, self.policies[0], 1)


def _automa_rule(who, c: int) -> dict:
    r = who.rules
    if c == R.PILGRIM:
        return both("the pilgrim moves exactly N clockwise", "巡礼者はちょうど N マス時計回りに進む")
    if c == R.MERCHANT:
        return {"mountain_first": both("the merchant goes to a mountain town first, the highest value",
                                       "商人はまず山の町へ、値の最も高い町に行く"),
                "coastal_first": both("the merchant goes to a coastal town first", "商人はまず海沿いの町に行く"),
                "first": both("the merchant goes to the first town in board order", "商人は盤の順で最初の町に行く"),
                }[r.merchant_goal]
    return {"most_figures": both("the artist goes to the region with the most figures around it",
                                 "絵師は周りの駒が最も多い地域に行く"),
            "first": both("the artist goes to the first region in board order", "絵師は盤の順で最初の地域に行く"),
            }[r.artist_goal]


def board_svg(model, g, t) -> str:
    """The board PDF's drawing (board.draw_board's marks) as SVG in board mm, y down: regions
    (data-key r<i>), the coast, the ring's track, routes, mountain towns (t<i>) and ring spaces
    (p<i>)."""
    h = g.height
    at = lambda p: (p[0], h - p[1])   # noqa: E731
    types = model.components.painting_types
    body = [svg.rect(0, 0, g.width, h, fill=svg.rgb(SEA))]
    for i, reg in enumerate(g.regions):
        fill = svg.rgb(mix(painting_colour(types, reg.painting), white, 0.68))
        body.append(f'<g data-key="r{i}" class="space region"><path d="{svg.ring_d(map(at, reg.polygon))}" '
                    f'fill="{fill}"/></g>')
    body.append(f'<path d="{svg.ring_d(map(at, g.outline))}" fill="none" stroke="{svg.rgb(COAST)}" '
                f'stroke-width="0.5"/>')
    body.append(svg.polyline(list(map(at, g.ring)) + [at(g.ring[0])], fill="none", stroke=svg.rgb(TRACK),
                             stroke_width="0.6", stroke_dasharray="1.5 1.2"))
    for width, ink in ((2.4, ROUTE_EDGE), (1.6, ROUTE)):
        for a, b in g.routes:
            body.append(svg.polyline([at(a), at(b)], stroke=ink, stroke_width=str(width), stroke_linecap="round"))
    # each name in kanji, and under it the romaji the printed board gives (the page shows it in English)
    romaji = {r.id: r.romaji for r in model.board.regions} | {k: v.romaji for k, v in model.board.towns.items()}
    for reg in g.regions:
        x, y = at(reg.icon)
        body.append(svg.text(x, y + 1.5, reg.label.lines[0][0], font_size="5", text_anchor="middle",
                             class_="region-name"))
        body.append(svg.text(x, y + 5.2, romaji[reg.id], font_size="3.4", text_anchor="middle", class_="romaji"))
    for town in g.towns:
        x, y = at(town.centre)
        key = t.town_names.index(town.id)
        body.append(f'<g data-key="t{key}" class="space town"><circle cx="{svg.num(x)}" cy="{svg.num(y)}" '
                    f'r="{svg.num(town.radius)}" fill="{MOUNTAIN}"/>'
                    + svg.text(x, y + 2.2, str(town.value), font_size="6", text_anchor="middle", fill="#fff")
                    + "</g>")
        body.append(svg.text(x, y + town.radius + 4, town.label.lines[0][0], font_size="4.5", text_anchor="middle"))
        body.append(svg.text(x, y + town.radius + 7.4, romaji[town.id], font_size="3.2", text_anchor="middle",
                             class_="romaji"))
    for s in g.spaces:
        x, y = at(s.centre)
        rgb = KIND_COLOURS[s.kind]
        body.append(f'<g data-key="p{s.index}" class="space ring-space"><circle cx="{svg.num(x)}" cy="{svg.num(y)}" '
                    f'r="{svg.num(s.radius)}" fill="#fff" stroke="{rgb}" stroke-width="0.9"/>'
                    + svg.text(x, y + 1.6, str(s.index), font_size=svg.num(s.radius * 0.9), text_anchor="middle",
                               fill=rgb) + "</g>")
    for s in g.spaces:          # a coastal town's name beside its space, as the printed board has it
        if s.kind == "town" and s.label is not None:
            name, size, _ = s.label.lines[0]
            mm = size / to_pt(1)
            anchor = {"left": "start", "right": "end"}.get(s.label.align, "middle")
            body.append(svg.text(s.label.x, h - (s.label.y - mm * 0.85), name, font_size=svg.num(max(mm, 4.5)),
                                 text_anchor=anchor, class_="town-name"))
            body.append(svg.text(s.label.x, h - (s.label.y - mm * 0.85) + 3.6, s.label.lines[-1][0], font_size="3.2",
                                 text_anchor=anchor, class_="romaji"))
    pad = 2.0
    return svg.svg((-pad, -pad, g.width + 2 * pad, h + 2 * pad), body, class_="board", role="img",
                   aria_label="the board: Shikoku, its ring of spaces, towns, routes and regions")


def open_match(ctx, players, policy, seed) -> Match:
    return Match(ctx, players, policy, seed)


def play(ctx, players, seat, policy, seed, port, host, no_browser) -> str:
    return play_command(ctx, open_match(ctx, players, policy, seed), seat, port, host, no_browser)
