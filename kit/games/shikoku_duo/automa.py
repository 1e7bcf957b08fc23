"""The solo Automa: data/shikoku-duo/automa.yaml read as rules, played, and printed.

`load_automa` reads and checks the YAML (file:line errors); `Automa` plays seat 2 with
the same questions a policy answers (pick a die, choose a move) and advances its rank
tracks after each move; `card_lines` gives the rules card's lines in Japanese and
English from the same data, so the card shikoku-pieces prints and the simulator agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from kit.data.errors import KitError, Where, did_you_mean, display_path
from kit.games.shikoku_duo.reading import outside
from kit.games.shikoku_duo.values import KINDS as RING_KINDS
from kit.games.shikoku_duo.rules import (
    ARTIST, CHARACTERS, FIGURES, MERCHANT, PILGRIM, SPACE_KINDS, Move, State, Tables, chosen_move, figures_around,
)
from kit.data.yamlload import fields, load_yaml

TAKES = ("highest", "lowest")
MERCHANT_GOALS = ("mountain_first", "coastal_first", "first")
ARTIST_GOALS = ("most_figures", "first")
TOWN_KINDS = ("mountain", "coastal")
# Bounds no real Automa comes near: each track is a row of printed slots on its card.
TRACK_SLOTS = (2, 30)     # slots on a rank track (the players' longest track has 10)
TRACK_VALUE = (0, 999)    # a score printed in a slot
ADVANCE = (0, 5)          # ranks gained on one stop
PER_FIGURES = (1, 6)      # figures per rank when the artist stops (6 figures are on the board)

JA = {"pilgrim": "巡礼者", "merchant": "商人", "artist": "絵師",
      "temple": "寺", "garden": "庭園", "hot_spring": "温泉", "seashore": "海岸", "town": "港町", "start": "出発",
      "mountain": "宿場町", "coastal": "港町"}


@dataclass(frozen=True)
class AutomaRules:
    tracks: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]   # per character: slot values
    take: str
    ties: tuple[int, int, int]              # characters, first wins a tie
    pilgrim_advance: MappingProxyType       # space kind -> ranks
    merchant_goal: str
    merchant_advance: MappingProxyType      # town kind -> ranks
    artist_goal: str
    per_figures: int

    @property
    def tops(self) -> tuple[int, int, int]:
        return tuple(len(track) - 1 for track in self.tracks)


def load_automa(path: Path) -> AutomaRules:
    doc = load_yaml(path)
    where = Where(display_path(path), 1)
    f = fields(doc, {"tracks": dict, "dice": dict, "pilgrim": dict, "merchant": dict, "artist": dict},
               what="automa.yaml", where=where)
    tr = fields(f["tracks"], {c: list for c in CHARACTERS}, what="tracks")
    tracks = []
    for c in CHARACTERS:
        values = tr[c]
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            raise KitError(f"tracks.{c} should list whole numbers", f["tracks"].at(c))
        _within(len(values), TRACK_SLOTS, f"tracks.{c}: the number of slots", f["tracks"].at(c))
        for i, v in enumerate(values):
            _within(v, TRACK_VALUE, f"tracks.{c}: a value", values.at(i))
        if any(b < a for a, b in zip(values, values[1:])):
            raise KitError(f"tracks.{c} should never go down", f["tracks"].at(c))
        tracks.append(tuple(values))
    d = fields(f["dice"], {"take": str, "ties": list}, what="dice")
    if d["take"] not in TAKES:
        raise KitError(f"dice.take should be one of {', '.join(TAKES)}, not {d['take']!r}"
                       f"{did_you_mean(d['take'], TAKES)}", f["dice"].at("take"))
    if sorted(d["ties"]) != sorted(CHARACTERS):
        stray = next((c for c in d["ties"] if c not in CHARACTERS), None)
        raise KitError(f"dice.ties should list {', '.join(CHARACTERS)} once each"
                       + (f", not {stray!r}{did_you_mean(str(stray), CHARACTERS)}" if stray is not None else ""),
                       f["dice"].at("ties"))
    p = fields(f["pilgrim"], {"advance": dict}, what="pilgrim")
    m = fields(f["merchant"], {"go_to": str, "advance": dict}, what="merchant")
    a = fields(f["artist"], {"go_to": str, "per_figures": int}, what="artist")
    if m["go_to"] not in MERCHANT_GOALS:
        raise KitError(f"merchant.go_to should be one of {', '.join(MERCHANT_GOALS)}, not {m['go_to']!r}"
                       f"{did_you_mean(m['go_to'], MERCHANT_GOALS)}", f["merchant"].at("go_to"))
    if a["go_to"] not in ARTIST_GOALS:
        raise KitError(f"artist.go_to should be one of {', '.join(ARTIST_GOALS)}, not {a['go_to']!r}"
                       f"{did_you_mean(a['go_to'], ARTIST_GOALS)}", f["artist"].at("go_to"))
    _within(a["per_figures"], PER_FIGURES, "artist.per_figures", f["artist"].at("per_figures"))
    return AutomaRules(tuple(tracks), d["take"], tuple(CHARACTERS.index(c) for c in d["ties"]),
                       _pilgrim_advance(p["advance"]), m["go_to"],
                       _advance(m["advance"], TOWN_KINDS, "merchant.advance"), a["go_to"], a["per_figures"])


def _pilgrim_advance(doc) -> MappingProxyType:
    """Ranks per kind of ring space board.yaml gives. The start (space 0) is no kind of its own:
    it is the space it is (a temple on the shipped board) and ranks as such."""
    if "start" in doc:
        raise KitError("pilgrim.advance: start is not a kind of ring space; the start, space 0, is a "
                       "temple, garden, ... like any other and ranks as that kind", doc.at("start"))
    by_kind = _advance(doc, RING_KINDS, "pilgrim.advance")
    return MappingProxyType({k: by_kind.get(k, 0) for k in SPACE_KINDS})   # every kind the engine tells apart


def _advance(doc, kinds, what) -> MappingProxyType:
    f = fields(doc, {}, {k: int for k in kinds}, what=what)
    for k, v in f.items():
        _within(v, ADVANCE, f"{what}.{k}", doc.at(k))
    return MappingProxyType({k: f.get(k, 0) for k in kinds})


def _within(value: int, bounds: tuple[int, int], what: str, where) -> None:
    if refusal := outside(value, *bounds, what):
        raise KitError(refusal, where)


class Automa:
    """Seat 2 in a solo game: drafts, moves and scores by the printed rules."""

    name = "automa"
    is_automa = True

    def __init__(self, t: Tables, rules: AutomaRules):
        self.t, self.rules = t, rules
        self.rank_tops = rules.tops

    def rank_scores(self, ranks) -> tuple[int, int, int]:
        return tuple(track[r] for track, r in zip(self.rules.tracks, ranks))

    def pick(self, t, rules, state, seat, dice, left, rng) -> int:
        sign = 1 if self.rules.take == "highest" else -1
        return max(left, key=lambda c: (sign * dice[c], -self.rules.ties.index(c)))

    def move(self, t, rules, state, seat, character, die, rng) -> Move:
        return chosen_move(t, rules, state, seat, character, die, self, rng)

    def choose(self, t, rules, state, seat, moves, rng) -> Move:
        c = moves[0].character
        if c == MERCHANT:
            return min(moves, key=lambda m: self._merchant_key(m))
        if c == ARTIST and self.rules.artist_goal == "most_figures":
            return min(moves, key=lambda m: (-self._figures(state, seat, m), m.dest))
        return moves[0]

    def _merchant_key(self, m: Move):
        t, goal = self.t, self.rules.merchant_goal
        if m.dest < 0:
            return (0,)
        coastal = t.town_coastal[m.dest]
        first = {"mountain_first": coastal, "coastal_first": not coastal, "first": False}[goal]
        return (first, -t.town_value[m.dest] if goal != "first" else 0, m.dest)

    def _figures(self, state, seat, m: Move) -> int:
        return figures_around(self.t, state, seat, 1 << m.dest) if m.dest >= 0 else -1

    def keep(self, t, rules, state, seat, pool, rng):
        return pool

    def repeat(self, t, rules, state, seat, character, die, rng) -> bool:
        return False

    def gain(self, state: State, seat: int, move: Move) -> int:
        """Ranks the move earns, in the position after it."""
        t, r = self.t, self.rules
        if move.dest < 0:
            return 0
        if move.character == PILGRIM:
            return r.pilgrim_advance[SPACE_KINDS[t.ring_kind[move.dest]]]
        if move.character == MERCHANT:
            return r.merchant_advance["coastal" if t.town_coastal[move.dest] else "mountain"]
        return max(1, figures_around(t, state, seat, 1 << move.dest) // r.per_figures)

    def after(self, t, rules, before, state, seat, move) -> State:
        n = self.gain(state, seat, move)
        if not n:
            return state
        p = state.players[seat]
        ranks = list(p.ranks)
        ranks[move.character] = min(ranks[move.character] + n, self.rank_tops[move.character])
        players = list(state.players)
        players[seat] = p._replace(ranks=tuple(ranks))
        return state._replace(players=tuple(players))


def board_order(game) -> tuple:
    """(Japanese, English) lists of the coastal towns and of the regions in board order: the
    order the Automa's ties follow, printed because the board numbers neither."""
    coastal = [t for t in game.board.towns.values() if t.kind == "coastal"]
    return (("→".join(t.name for t in coastal), ", ".join(t.romaji for t in coastal)),
            ("→".join(r.name for r in game.board.regions), ", ".join(r.romaji for r in game.board.regions)))


def card_lines(rules: AutomaRules, order: tuple = ()) -> list[tuple[str, str]]:
    """The Automa's rules card, line by line: (Japanese, English). `order`: (Japanese, English)
    lists of the coastal towns and of the regions in board order, which its ties follow (the
    board prints no numbers)."""
    towns_ja = towns_en = regions_ja = regions_en = ""
    if order:
        (towns_ja, towns_en), (regions_ja, regions_en) = order
    ties_ja = "→".join(JA[CHARACTERS[c]] for c in rules.ties)
    ties_en = ", then ".join(CHARACTERS[c] for c in rules.ties)
    take_ja = "出目が最も大きい" if rules.take == "highest" else "出目が最も小さい"
    lines = [
        (f"ダイス: {take_ja}ダイスを取る（同じ目なら {ties_ja} の順）。",
         f"Dice: take the die showing the {rules.take} number (ties: {ties_en})."),
        ("巡礼者: 出目どおり時計回りに進む（他の駒のマスは飛ばす）。波タイルと温泉トークンは取らない。",
         "Pilgrim: moves exactly N clockwise (jumping occupied spaces). Takes no wave tile or hot-spring token."),
    ]
    adv = [(k, v) for k, v in rules.pilgrim_advance.items() if v]
    lines.append(("　ランク: " + "、".join(f"{JA[k]} +{v}" for k, v in adv) + "。",
                  "  Rank: " + ", ".join(f"{k.replace('_', ' ')} +{v}" for k, v in adv) + "."))
    goal = {"mountain_first": ("宿場町を優先し、値の大きい町へ", "a mountain town first, the highest value"),
            "coastal_first": ("港町を優先する（港町どうしは盤の順、店のトークンは見ない。宿場町どうしは値の大きい町）",
                              "a coastal town first (coastal towns in board order, whatever the shop tokens; "
                              "mountain towns by highest value)"),
            "first": ("盤の順で最初の町へ", "the first town in board order")}[rules.merchant_goal]
    lines.append((f"商人: ちょうどN本の交易路で行ける町のうち、{goal[0]}。行けなければ動かない。",
                  f"Merchant: among towns exactly N routes away, {goal[1]}; if none, it stays."))
    if towns_ja:
        lines.append((f"　盤の順（港町）: {towns_ja}", f"  Board order (coastal towns): {towns_en}"))
    lines.append(("　ランク: " + "、".join(f"{JA[k]} +{v}" for k, v in rules.merchant_advance.items() if v) + "。",
                  "  Rank: " + ", ".join(f"{k} town +{v}" for k, v in rules.merchant_advance.items() if v) + "."))
    agoal = {"most_figures": ("周りの駒が最も多い地域へ", "the region with the most figures around it"),
             "first": ("盤の順で最初の地域へ", "the first region in board order")}[rules.artist_goal]
    lines.append((f"絵師: ちょうどN地域先のうち、{agoal[0]}（同数なら盤の順）。",
                  f"Artist: among regions exactly N away, {agoal[1]} (ties: board order)."))
    if regions_ja:
        lines.append((f"　盤の順（地域）: {regions_ja}", f"  Board order (regions): {regions_en}"))
    if FIGURES // rules.per_figures <= 1:       # at most FIGURES others: the rank always rises by one
        lines.append(("　ランク: 毎回 +1。", "  Rank: +1 every time."))
    else:
        lines.append((f"　ランク: 到着地域の周りの駒{rules.per_figures}つごとに +1（最低 +1）。",
                      f"  Rank: +1 per {rules.per_figures} figures around its region (at least +1)."))
    lines.append(("得点: 3つのランクの値の合計。ランクが最後のマスに達したらそのラウンドで終了。同点は人間の勝ち。",
                  "Score: the sum of its three rank values. A rank on its last slot ends the game "
                  "at the end of the round. Ties go to the human."))
    return lines
