"""`kit play --game karuta`: the karuta engine at the web table (kit.play's contract).

The game is kit.games.karuta.rules played as `rules.play` plays it: the deal of `kit deal
--seed S`, each round's starter and the AI's choices drawn from the game's own Random in the
same order, so a table whose seats are all AI plays game S of `kit sim --seed S`. The board
is the board PDF's: provinces, slots, leaders, highways and sea routes from the same layout.
"""

from __future__ import annotations

from kit.data.errors import Where
from kit.draw import svg
from kit.play.command import play_command
from kit.play.words import both

from kit.games.karuta.boardpdf import BORDER, LEADER, SEA_STROKE, TIER_STROKES, board_plan, province_fill
from kit.games.karuta.build import board_slots
from kit.games.karuta.geo import load_all
from kit.games.karuta.policies import POLICIES
from kit.games.karuta.replay import parse_log, replay_report
from kit.games.karuta.rules import (apply, bits, explain, is_stalled, legal_turns, opening_seat, outcome,
                                    played_along, round_starter, start_state)
from kit.games.karuta.sim import game_rng, hands_of, make_setup

TITLE = "旧国名かるた"
REPLAY_GAMES = 200      # simulated games the end screen places the game among (kit replay --games)

# Each seat's cards on the board, (fill, edge): the swatch beside its name is the fill.
SEAT_INKS = (("#cfe3ff", "#1d4f91"), ("#ffd9cc", "#9c2b12"), ("#d8f2cf", "#2f6b1e"), ("#efd9f7", "#6b2d83"))

WHY = {
    "greedy": ("the most cards it can shed{ties}", "出せる札が最も多い手{ties}"),
    "foresight": ("its best turn by cards shed, its own cards left playable and the others' starved",
                  "出す枚数、自分の札の出しやすさ、相手の札の封じ方で最善の手"),
    "random": ("a turn drawn at random", "無作為に選んだ手"),
    "search": ("the turn that won most of its playouts, each dealing the unseen cards afresh",
               "見えない札を配り直した試行で最も多く勝った手"),
}
PASS = both("pass", "パス")


class Match:
    game = "karuta"
    title = TITLE

    def __init__(self, ctx, players, policy, seed):
        self.ctx, self.seed, self._args = ctx, seed, (players, policy)
        self.model, self.board = load_all(ctx)
        self.setup = make_setup(self.model, players, policy)
        self.t, self.rules = self.setup.tables, self.setup.rules
        self.players, self.policies = self.setup.players, self.setup.policies
        self.ids = {k: i for i, k in enumerate(self.t.names)}
        # What an English reader is told a card or highway is: its romaji, and the card's kanji as
        # the map and the hand print it.
        self.en = {p.kanji: f"{p.romaji} {p.kanji}" for p in self.model.provinces}
        self.roads_en = {h.name: h.romaji for h in self.model.highways}
        self.state = start_state(self.t, hands_of(self.setup, seed))
        self.rng = game_rng(seed)
        self.first = opening_seat(self.t, self.rules, self.state.hands)
        self.starter, self.k = None, 0
        self.owner: dict[str, int] = {}
        self.turns: list[tuple[int, tuple[str, ...]]] = []
        self.over = False
        self._legal = None
        self.starter = round_starter(self.rules, self.players, None, self.first, self.rng)

    def fresh(self) -> "Match":
        return Match(self.ctx, *self._args, self.seed)

    # --- turns ---------------------------------------------------------------------------

    def to_act(self):
        return None if self.over else (self.starter + self.k) % self.players

    def _move(self, cards) -> dict:
        if not cards:
            return {"steps": [], "label": PASS}
        return {"steps": list(cards), "label": both(" → ".join(self.en[k] for k in cards), " → ".join(cards)),
                "step_labels": [both(self.en[k], k) for k in cards]}

    def _turns(self):
        if self._legal is None:
            self._legal = legal_turns(self.t, self.rules, self.state, self.to_act())
        return self._legal

    def legal(self) -> list[dict]:
        if self.over:
            return []
        return [self._move(tuple(self.t.names[c] for c in turn)) for turn in self._turns()]

    def play(self, move: dict) -> None:
        seat = self.to_act()
        cards = tuple(self.ids[k] for k in move["steps"])
        why = explain(self.t, self.rules, self.state, seat, cards)
        if why:       # the session offers only legal moves; a log read back is checked here too
            raise ValueError(why)
        self.state = apply(self.t, self.rules, self.state, seat, cards)
        self._legal = None
        self.turns.append((seat, tuple(move["steps"])))
        for k in move["steps"]:
            self.owner[k] = seat
        if is_stalled(self.state) or not self.state.hands[seat]:
            self.over = True
            return
        self.k += 1
        if self.k == self.players:
            self.k = 0
            self.starter = round_starter(self.rules, self.players, self.starter, self.first, self.rng)

    def ai_move(self):
        """The policy's turn (as `rules.play` asks it: a lone legal turn is taken without
        asking) and why, in words."""
        seat, turns = self.to_act(), self._turns()
        name = self.policies[seat]
        turn = turns[0] if len(turns) == 1 else POLICIES[name](self.t, self.rules, self.state, seat, turns,
                                                               self.rng)
        return self._move(tuple(self.t.names[c] for c in turn)), self._reason(name, seat, turn, turns)

    def _reason(self, name, seat, turn, turns) -> dict:
        if not turn:
            if len(turns) == 1:
                n = self.state.hands[seat].bit_count()
                return both("passes: its one card cannot be played", "パス：残り1枚の札が出せない") if n == 1 else \
                    both(f"passes: none of its {n} cards can be played", f"パス：{n}枚の札のどれも出せない")
            return both(f"{name}: passes, its best choice among {len(turns)}", f"{name}：{len(turns)}通りの中でパスが最善")
        after = apply(self.t, self.rules, self.state, seat, turn)
        route = _route(self.t, self.state, after, turn, self.en, self.roads_en)
        if len(turns) == 1:
            return both(f"{route['en']}: its only legal turn", f"{route['ja']}：指せる手はこれだけ")
        ties = ties_ja = ""
        if name == "greedy":
            longest = sum(len(x) == len(turn) for x in turns)
            ties = f" ({len(turn)}); of {longest} such turns, the one leaving most of its cards playable" \
                if longest > 1 else f" ({len(turn)})"
            ties_ja = f"（{len(turn)}枚）。同じ枚数の{longest}通りのうち、自分の札が最も出しやすく残る手" \
                if longest > 1 else f"（{len(turn)}枚）"
        why_en, why_ja = WHY.get(name, ("its policy", "方針による手"))
        return both(f"{route['en']}: {name}, {why_en.format(ties=ties)}, of {len(turns)} legal turns",
                    f"{route['ja']}：{name}、指せる{len(turns)}通りのうち{why_ja.format(ties=ties_ja)}")

    # --- what the browser shows ----------------------------------------------------------

    def view(self, seat) -> dict:
        """The table as the page draws it (kit.play's view): the board's slots, the hand, the counts."""
        hands = self.state.hands
        out = {
            "board": {k: {"class": "placed", "fill": SEAT_INKS[s][0], "stroke": SEAT_INKS[s][1]}
                      for k, s in self.owner.items()},
            "colours": [[fill] for fill, _ in SEAT_INKS[:self.players]],
            "hand": [] if seat is None else [self._card(c) for c in bits(hands[seat])],
            "info": [both(f"seat {s + 1}: {h.bit_count()} cards", f"席{s + 1}：{h.bit_count()}枚")
                     for s, h in enumerate(hands)]
                    + ([] if self.over else [both(f"this round began with seat {self.starter + 1}",
                                                  f"この巡は席{self.starter + 1}から")]),
            "hint": both("Tap a highlighted card (or its place on the map) to lay it down, then the next of a chain; "
                         "Play when the chain is done.",
                         "光っている札（または地図上のその場所）をタップして出し、続けて次の札を。"
                         "出し終えたら「指す」を押します。"),
        }
        if self.over:
            stalled = is_stalled(self.state)
            wins = outcome(self.rules, self.state, stalled)
            won = [s + 1 for s, w in enumerate(wins) if w > 0]
            who = " and ".join(f"seat {s}" for s in won) or "nobody"
            who_ja = "と".join(f"席{s}" for s in won)
            out["result"] = both(f"{who} won" + (" the stall (every player passed)" if stalled else ", emptying their hand"),
                                 (f"{who_ja}の勝ち" if won else "勝者なし")
                                 + ("（全員がパスして手詰まり）" if stalled else "（手札を出し切った）"))
        return out

    def _card(self, c: int) -> dict:
        p = self.model.provinces[c]
        return {"key": p.kanji, "title": p.kanji, "sub": both(f"{p.kana} {p.romaji}", p.kana), "corner": str(p.number),
                "colour": svg.rgb(province_fill(self.model, p.kanji))}

    def board_svg(self) -> str:
        return board_svg(self.model, self.board, self.ctx.layout)

    # --- the log -------------------------------------------------------------------------

    def log_text(self) -> str:
        lines = [f"# {TITLE} played at the table (kit play --game karuta --seed {self.seed}).",
                 "# Check it with:  kit replay --game karuta THIS-FILE",
                 f"seed: {self.seed}", f"players: {self.players}"]
        if self.ctx.rules:
            lines.append("rules: {" + ", ".join(f"{k}: {v}" for k, v in self.ctx.rules) + "}")
        lines.append("turns:" + ("" if self.turns else " []"))
        lines += [f'  - "{s + 1}: {" ".join(cards) if cards else "pass"}"' for s, cards in self.turns]
        return "\n".join(lines) + "\n"

    def logged_moves(self, doc, humans=()) -> list[dict]:
        log = parse_log(doc, Where(str(doc.where.file) if hasattr(doc, "where") else "log", 1))
        return [self._move(turn.cards) for turn in log.turns]

    def replay_text(self, path) -> dict[str, str]:
        return replay_report(self.ctx, str(path), REPLAY_GAMES, ",".join(self.policies), 1)


def _route(t, before, after, turn, en: dict, roads_en: dict) -> dict:
    """The turn in words: each run of cards with the highway it went along, or how a lone card
    came (by border, by sea, as the first card); in English a card is named by `en` (kanji ->
    romaji and kanji) and a highway by `roads_en` (its romaji)."""
    parts, run, run_way = [], [], None

    def said(run, way):
        return both(f"{' → '.join(en[k] for k in run)} {way['en']}", f"{' → '.join(run)}（{way['ja']}）")
    for c in turn:
        along = played_along(t, after, c)
        if along:
            roads = [t.highway_names[h] for h in bits(along)]
            way = both("along " + "/".join(roads_en[r] for r in roads), "/".join(roads) + "沿い")
        elif not before.board:
            way = both("as the first card", "最初の札")
        elif t.island_mask >> c & 1:
            way = both("by sea", "海路")
        elif t.adjacency_mask >> c & 1:
            way = both("by a border", "国境越し")
        else:
            way = both("onto its highway at a crossing", "交差点から街道へ")
        if way != run_way and run:
            parts.append(said(run, run_way))
            run = []
        run.append(t.names[c])
        run_way = way
    parts.append(said(run, run_way))
    return {"en": "; ".join(p["en"] for p in parts), "ja": "、".join(p["ja"] for p in parts)}


def board_svg(model, board, layout) -> str:
    """The board PDF's drawing as SVG in map units: provinces tinted by region, highways by
    tier, sea routes, leaders, and a slot per province carrying `data-key` (its kanji)."""
    slots = board_slots(model, board, layout)
    plan = board_plan(model, board, slots, layout)
    body = ['<g class="land">']
    for p in model.provinces:
        body.append(f'<path d="{svg.shape_d(board.regions[p.kanji].shape)}" fill="{svg.rgb(province_fill(model, p.kanji))}" '
                    f'stroke="{svg.rgb(BORDER)}" stroke-width="0.5"/>')
    body.append("</g><g class=\"roads\" fill=\"none\">")
    for r in plan.roads:
        s = TIER_STROKES.get(r.tier, TIER_STROKES["secondary"])
        body.append(svg.polyline(r.points, stroke="#fff", stroke_width=svg.num(s.width + 1.0)))
    for r in plan.roads:
        s = TIER_STROKES.get(r.tier, TIER_STROKES["secondary"])
        dash = " ".join(svg.num(d) for d in s.dash)
        body.append(svg.polyline(r.points, stroke=svg.rgb(s.ink), stroke_width=svg.num(s.width),
                                 **({"stroke_dasharray": dash} if dash else {})))
    for a, b in model.sea_routes:
        body.append(svg.polyline([slots[a].centre, slots[b].centre], stroke=svg.rgb(SEA_STROKE.ink),
                                 stroke_width=svg.num(SEA_STROKE.width * 1.6), stroke_dasharray="0.6 2.4",
                                 stroke_linecap="round"))
    for s in slots.values():
        if len(s.leader) >= 2:
            body.append(svg.polyline(s.leader, stroke=svg.rgb(LEADER), stroke_width="0.4"))
    body.append("</g><g class=\"slots\">")
    for s in slots.values():
        x, y = s.centre[0] - s.width / 2, s.centre[1] - s.height / 2
        body.append(f'<g class="slot" data-key="{s.kanji}">' + svg.rect(x, y, s.width, s.height, rx="1.5")
                    + svg.text(s.centre[0], s.centre[1] + s.height * 0.16, s.kanji, font_size=svg.num(s.height * 0.42),
                               text_anchor="middle") + "</g>")
    body.append("</g>")
    xs = [v for s in slots.values() for v in (s.centre[0] - s.width / 2, s.centre[0] + s.width / 2)]
    ys = [v for s in slots.values() for v in (s.centre[1] - s.height / 2, s.centre[1] + s.height / 2)]
    for r in board.regions.values():
        x0, y0, x1, y1 = r.shape.bounds
        xs += [x0, x1]
        ys += [y0, y1]
    pad = 4.0
    view = (min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad)
    return svg.svg(view, body, class_="board", role="img", aria_label="the board: the map of Japan's old provinces")


def open_match(ctx, players, policy, seed) -> Match:
    return Match(ctx, players, policy, seed)


def play(ctx, players, seat, policy, seed, port, host, no_browser) -> str:
    return play_command(ctx, open_match(ctx, players, policy, seed), seat, port, host, no_browser)
