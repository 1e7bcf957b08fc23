"""The karuta rules engine: worked examples, an independent legality check, every option."""

from __future__ import annotations

import functools
import operator
import random
from pathlib import Path

import pytest

from kit.games.karuta import rules as R
from kit.games.karuta.deal import deal_hands
from kit.games.karuta.model import Highway, Karuta, Province, Region, load
from kit.games.karuta.options import SPEC
from kit.games.karuta.policies import POLICIES
from kit.data.options import load_options

DATA = Path(__file__).resolve().parent.parent / "data" / "karuta"

# A small hand-made map: the game's 東海道 order (…尾張 伊勢 近江 山城), a 中山道 that
# meets it at 武蔵, 近江 and 山城, a western road to the islands, off-highway 甲斐 and 飛騨.
NAMES = "武蔵 相模 伊豆 駿河 尾張 伊勢 近江 山城 上野 信濃 美濃 甲斐 飛騨 長門 筑前 肥前 壱岐 対馬 上総 安房".split()
HIGHWAYS = {
    "東海道": "武蔵 相模 伊豆 駿河 尾張 伊勢 近江 山城",
    "中山道": "武蔵 上野 信濃 美濃 近江 山城",
    "西道": "山城 長門 筑前 肥前",
    "房総道": "上総 安房",
}
ADJACENCY = [("伊豆", "駿河"), ("伊豆", "相模"), ("甲斐", "相模"), ("甲斐", "信濃"), ("飛騨", "信濃"), ("飛騨", "美濃"), ("上総", "武蔵")]
SEA = [("肥前", "壱岐"), ("壱岐", "対馬")]


def small_world(**rules) -> Karuta:
    provinces = tuple(Province(i + 1, k, k, k, "r", f"m{i}") for i, k in enumerate(NAMES))
    highways = tuple(Highway(n, n, "main", tuple(p.split())) for n, p in HIGHWAYS.items())
    options = load_options(SPEC, None, [(k, str(v)) for k, v in rules.items()])
    return Karuta(provinces, (Region("r", "r", "r", "#000000"),), highways, tuple(ADJACENCY), tuple(SEA),
                  ("壱岐", "対馬"), options)


def engine(model: Karuta):
    return R.tables(model), R.Rules.from_options(model.rules)


def position(t, rules, plays, hands=None):
    """The state after `plays` (lists of kanji, each one turn by seat 0); hands default to the rest."""
    cards = [t.card(k) for turn in plays for k in turn]
    if hands is None:
        rest = R._mask(c for c in range(t.cards) if c not in cards)
        hands = (rest, 0)
    state = R.start_state(t, (R._mask(cards) | hands[0],) + tuple(hands[1:]))
    for turn in plays:
        state = R.apply(t, rules, state, 0, tuple(t.card(k) for k in turn))
    return state


def turns_named(t, turns):
    return {tuple(t.names[c] for c in turn) for turn in turns}


def can_play(t, rules, state, seat, cards):
    return R.explain(t, rules, state, seat, tuple(t.card(k) for k in cards)) is None


# --- the rules' worked examples -----------------------------------------------------

def test_only_izu_may_follow_musashi_sagami_on_the_tokaido():
    t, rules = engine(small_world())
    state = position(t, rules, [["武蔵", "相模"]])
    tokaido = t.highway_names.index("東海道")
    assert [t.names[c] for c in R.bits(state.opens[tokaido])] == ["伊豆"]
    assert can_play(t, rules, state, 0, ["伊豆"])
    assert not can_play(t, rules, state, 0, ["駿河"])          # no skipping ahead
    chains = turns_named(t, R.chains(t, rules, state, state.hands[0]))
    assert ("伊豆",) in chains and not any("駿河" == c[0] for c in chains)


def test_a_nakasendo_chain_at_omi_may_switch_to_the_tokaido_towards_ise():
    t, rules = engine(small_world())
    state = position(t, rules, [["武蔵", "上野", "信濃", "美濃"]])
    assert can_play(t, rules, state, 0, ["近江", "伊勢", "尾張"])
    chains = turns_named(t, R.chains(t, rules, state, state.hands[0]))
    assert ("近江", "伊勢", "尾張", "駿河", "伊豆", "相模") in chains
    t, single = engine(small_world(crossing="pass_through"))    # one line per highway
    state = position(t, single, [["武蔵", "上野", "信濃", "美濃"]])
    assert not can_play(t, single, state, 0, ["近江", "伊勢"])
    # Under `origin` lines only grow away from the 東海道's origin, so the switch is impossible.
    t, origin = engine(small_world(direction="origin"))
    state = position(t, origin, [["武蔵", "上野", "信濃", "美濃"]])
    assert not can_play(t, origin, state, 0, ["近江", "伊勢"])
    assert can_play(t, origin, state, 0, ["近江", "山城"])


def test_an_off_highway_province_needs_a_neighbour_on_the_board():
    t, rules = engine(small_world())
    state = position(t, rules, [["武蔵", "上野"]])
    assert not can_play(t, rules, state, 0, ["甲斐"])
    assert "neighbours" in R.explain(t, rules, state, 0, (t.card("甲斐"),))
    state = position(t, rules, [["武蔵", "相模"]])
    assert can_play(t, rules, state, 0, ["甲斐"])
    assert not can_play(t, rules, state, 0, ["甲斐", "信濃"])   # one card per adjacency play


def test_islands_come_by_boat_one_hop_per_turn():
    t, rules = engine(small_world())
    state = position(t, rules, [["山城", "長門", "筑前", "肥前"]])
    assert not can_play(t, rules, state, 0, ["対馬"])
    assert not can_play(t, rules, state, 0, ["壱岐", "対馬"])
    assert can_play(t, rules, state, 0, ["壱岐"])
    state = R.apply(t, rules, state, 0, (t.card("壱岐"),))
    assert can_play(t, rules, state, 0, ["対馬"])


def test_a_chugokuji_chain_through_bizen_leaves_sanuki_playable():
    # 備前 and 備中 are on the 中国路 and on the 金毘羅往来 (備中 備前 讃岐), the highway to Shikoku.
    chain = [["山城", "摂津", "播磨", "備前", "備中"]]
    # (with open_highway: neighbour 讃岐 could also start the 伊予街道, next to 備前 by the
    # 金毘羅往来's sea leg, so it is left out here)
    for joins, sanuki in (("along", True), ("every_line", False)):
        t, rules = engine(load(DATA, (("joins", joins), ("open_highway", "crossing_only"))))
        state = position(t, rules, chain)
        assert can_play(t, rules, state, 0, ["讃岐", "伊予"]) == sanuki, joins


# --- an independent legality check, written from the rules' wording ----------------------

class Referee:
    """Slow, name-based rules for the `joins`, `open_highway`, `direction` and `crossing`
    options (others at their defaults): lines rebuilt from the whole history of placed
    cards at every question. A line is {"end": its end card, "way": +1/-1, or None for a
    junction: a card not played along the highway, free to grow either way}."""

    def __init__(self, model: Karuta):
        self.m = model
        self.origin = model.rules["direction"] == "origin"
        self.crossing = model.rules["crossing"]
        self.along = model.rules["joins"] == "along"
        self.neighbour = model.rules["open_highway"] == "neighbour"
        self.both_ways = model.rules["direction"] == "both_ways"

    def ways(self, route, line) -> list[int]:
        if line["way"]:
            return [line["way"]]
        i = route.index(line["end"])
        if self.origin or i == 0:
            return [1]
        return [-1] if i == len(route) - 1 else [-1, 1]

    def ahead(self, route, end, step, placed) -> str | None:
        """The province that extends a line ending at `end` going `step`, if any."""
        j = route.index(end) + step
        while self.crossing == "pass_through" and 0 <= j < len(route) and route[j] in placed:
            j += step
        return route[j] if 0 <= j < len(route) and route[j] not in placed else None

    def nexts(self, route, line, placed) -> set[str]:
        return {self.ahead(route, line["end"], s, placed) for s in self.ways(route, line)} - {None}

    def lines(self, history):
        """Every highway's lines after `history`, a list of (card, the card played before it
        in the same turn or None); and card -> names of the highways it was played along."""
        lines = {h.name: [] for h in self.m.highways}
        along, placed = {}, []
        for card, prev in history:
            hits = [(h, line) for h in self.m.highways_of[card] for line in lines[h.name]
                    if not (self.along and prev is not None and line["end"] != prev)
                    and card in self.nexts(list(h.provinces), line, placed)]
            if self.along and any(line["way"] for _, line in hits):
                hits = [(h, line) for h, line in hits if line["way"]]
            along[card] = {h.name for h, _ in hits}
            for h in self.m.highways_of[card]:
                route = list(h.provinces)
                mine = [line for highway, line in hits if highway is h]
                for line in mine:
                    way = 1 if route.index(card) > route.index(line["end"]) else -1
                    if self.both_ways and self.ways(route, line) == [-1, 1]:
                        lines[h.name].append({"end": line["end"], "way": -way})
                    line.update(end=card, way=way)
                if not mine and (not lines[h.name] or self.crossing == "new_line"):
                    lines[h.name].append({"end": card, "way": None})
            placed.append(card)
        return lines, along

    def extends(self, history, name, at=None) -> bool:
        """`name` is next on a line (whose end is `at`, when given)."""
        lines, _ = self.lines(history)
        placed = [c for c, _ in history]
        return any(at is None or line["end"] == at
                   for h in self.m.highways_of[name] for line in lines[h.name]
                   if name in self.nexts(list(h.provinces), line, placed))

    def next_to(self, a: str, b: str) -> bool:
        """a and b share a border, follow each other on a highway, or a boat joins them."""
        return (b in self.m.neighbours[a] or (a, b) in self.m.sea_routes or (b, a) in self.m.sea_routes
                or any(abs(h.provinces.index(a) - h.provinces.index(b)) == 1
                       for h in self.m.highways if a in h.provinces and b in h.provinces))

    def opens_highway(self, placed, name) -> bool:
        """`name` may start a highway with no card on the board (open_highway: neighbour)."""
        return (self.neighbour and any(not set(h.provinces) & set(placed) for h in self.m.highways_of[name])
                and any(self.next_to(name, p) for p in placed))

    def legal(self, history, hand: set[str], turn: list[str]) -> bool:
        if not turn:
            return True
        placed = [c for c, _ in history]
        if len(set(turn)) != len(turn) or not set(turn) <= hand or set(turn) & set(placed):
            return False
        first = turn[0]
        on_highway = bool(self.m.highways_of[first])
        if not placed:
            if not on_highway and len(turn) > 1:
                return False
        elif not on_highway:
            if len(turn) != 1:
                return False
            if first in self.m.islands:
                return any(p in placed for p in self.m.ports_of[first])
            return any(n in placed for n in self.m.neighbours[first])
        elif not (self.extends(history, first) or self.opens_highway(placed, first)):
            return False
        history = history + [(first, None)]
        for prev, card in zip(turn, turn[1:]):
            if not self.extends(history, card, at=prev):
                return False
            history = history + [(card, prev)]
        return True


def referee_game(model: Karuta, seed: int, policy: str = "random", players: int = 4):
    """Play a game while the referee checks every offered turn and that none is missing."""
    t, rules = engine(model)
    ref = Referee(model)
    hands = tuple(R._mask(t.card(k) for k in h) for h in deal_hands(t.names, players, seed))
    record: list = []
    R.play(t, rules, hands, [POLICIES[policy]] * players, random.Random(seed), record)
    state, history = R.start_state(t, hands), []
    for seat, taken in record:
        hand = {t.names[c] for c in R.bits(state.hands[seat])}
        offered = turns_named(t, R.legal_turns(t, rules, state, seat))
        for turn in offered:
            assert ref.legal(history, hand, list(turn)), (history, turn)
        # nothing missing: every legal one-card turn, and every legal one-card extension
        for card in hand:
            assert ((card,) in offered) == ref.legal(history, hand, [card]), (history, card)
        for turn in offered:
            for card in hand - set(turn):
                longer = turn + (card,)
                if turn and ref.legal(history, hand, list(longer)):
                    assert longer in offered, (history, longer)
        assert (() in offered) == (offered == {()})
        state = R.apply(t, rules, state, seat, taken)
        names = [t.names[c] for c in taken]
        history += list(zip(names, [None] + names[:-1]))
        # the state records the highways each card was played along, as the referee sees them
        _, along = ref.lines(history)
        for card, highways in along.items():
            assert {t.highway_names[h] for h in R.bits(R.played_along(t, state, t.card(card)))} == highways, card
        # the opens kept up turn by turn are those of every highway together, and each
        # highway's are what its line ends give on this board, worked out afresh
        assert state.reach == functools.reduce(operator.or_, state.opens)
        for h, line in enumerate(state.ends):
            fresh = (R._beyond(t.rays[h], line, state.board) if rules.crossing == "pass_through"
                     else R._beside(t.steps[h], line) & ~state.board)
            assert state.opens[h] == fresh, (history, t.highway_names[h])
        # cards are conserved: board and hands partition the deck
        masks = [state.board, *state.hands]
        assert sum(m.bit_count() for m in masks) == t.cards
        union = 0
        for m in masks:
            assert not union & m
            union |= m
    return record


@pytest.mark.parametrize("seed", range(30))
def test_every_offered_turn_is_legal_and_none_is_missing_small_world(seed):
    referee_game(small_world(), seed, "random", players=2 + seed % 3)


@pytest.mark.parametrize("seed", range(72))
def test_referee_agrees_under_other_options(seed):
    direction = ("second_card", "origin", "both_ways")[seed % 3]
    crossing = ("new_line", "pass_through", "block")[seed // 3 % 3]
    joins = ("along", "every_line")[seed // 9 % 2]
    open_highway = ("crossing_only", "neighbour")[seed // 18 % 2]
    referee_game(small_world(direction=direction, crossing=crossing, joins=joins, open_highway=open_highway),
                 seed, ("random", "greedy")[seed // 36])


@pytest.mark.parametrize("seed", range(24))
def test_every_offered_turn_is_legal_on_the_shipped_data(seed):
    joins = ("along", "every_line")[seed // 3 % 2]
    open_highway = ("neighbour", "crossing_only")[seed // 6 % 2]
    direction = ("second_card", "both_ways")[seed // 12]
    model = load(DATA, (("joins", joins), ("open_highway", open_highway), ("direction", direction)))
    record = referee_game(model, seed, ("random", "greedy", "foresight")[seed % 3])
    assert record


# --- games end, seeds reproduce --------------------------------------------------------

def play_small(seed, policy="random", players=4, **options):
    t, rules = engine(small_world(**options))
    hands = tuple(R._mask(t.card(k) for k in h) for h in deal_hands(t.names, players, seed))
    record = []
    result = R.play(t, rules, hands, [POLICIES[policy]] * players, random.Random(seed), record)
    return result, record


@pytest.mark.parametrize("policy", sorted(POLICIES))
def test_games_end_and_reproduce(policy):
    for seed in range(20):
        result, record = play_small(seed, policy)
        again, record2 = play_small(seed, policy)
        assert result == again and record == record2
        assert result.turns == len(record) and result.passes == sum(1 for _, x in record if not x)
        assert result.stalled or 0 in result.left
        assert sum(result.wins) == pytest.approx(1.0)


def test_a_stall_is_every_player_passing_since_the_last_play():
    seen_twice = 0
    for seed in range(40):
        result, record = play_small(seed, open_highway="crossing_only")   # stalls often
        passers = []
        for seat, turn in reversed(record):
            if turn:
                break
            passers.append(seat)
        assert result.stalled == (set(passers) == {0, 1, 2, 3})
        assert not result.stalled or passers[0] not in passers[1:]   # it ends at the first moment
        seen_twice += len(passers) > 4
    assert seen_twice   # a seat passing at a round's end and the next one's start counts once


def test_passes_in_a_row_are_not_a_stall_while_a_seat_has_not_passed():
    t, rules = engine(small_world())
    state = position(t, rules, [["武蔵"]], hands=(R._mask([t.card("相模")]), 0, 0, R._mask([t.card("伊豆")])))
    for seat in (1, 2, 0, 0):   # seat 0 passes twice: at a round's end and the next round's start
        state = R.apply(t, rules, state, seat, R.PASS)
    assert state.passed == 0b0111 and not R.is_stalled(state)   # four passes, seat 3 not among them
    assert R.legal_turns(t, rules, state, 3) == [R.PASS]   # 伊豆 must wait for 相模
    assert R.is_stalled(R.apply(t, rules, state, 3, R.PASS))


def test_greedy_sheds_the_most_cards():
    t, rules = engine(small_world())
    state = position(t, rules, [["武蔵", "上野", "信濃", "美濃"]])
    turns = R.legal_turns(t, rules, state, 0)
    assert len(POLICIES["greedy"](t, rules, state, 0, turns, random.Random(1))) == max(map(len, turns))


def test_greedy_breaks_ties_towards_its_own_next_card():
    # One card a turn: 相模 and 上野 both extend a line from 武蔵. Greedy holds 伊豆, which
    # follows 相模 on the 東海道, so it plays 相模 - every time, whatever the draw.
    t, rules = engine(small_world(chain_limit=1))
    hand = R._mask(t.card(k) for k in ("相模", "上野", "伊豆"))
    state = position(t, rules, [["武蔵"]], hands=(hand, 0))
    turns = R.legal_turns(t, rules, state, 0)
    assert turns_named(t, turns) == {("相模",), ("上野",)}
    picks = {POLICIES["greedy"](t, rules, state, 0, turns, random.Random(s)) for s in range(20)}
    assert picks == {(t.card("相模"),)}
    assert len({POLICIES["random"](t, rules, state, 0, turns, random.Random(s)) for s in range(20)}) == 2



def test_apply_takes_a_previewed_turn_only_for_the_seat_and_state_it_was_previewed_for():
    t, rules = engine(small_world())
    hands = (R._mask(t.card(k) for k in ("相模", "上野")), R._mask(t.card(k) for k in ("伊豆", "信濃")))
    state = position(t, rules, [["武蔵"]], hands=hands)
    turns = R.legal_turns(t, rules, state, 0)
    afters = R.previews(t, rules, state, 0, turns)
    for turn, after in zip(turns, afters):
        assert R.apply(t, rules, state, 0, turn) is after
        assert after == R._apply(t, rules, state, 0, turn)
    sagami = (t.card("相模"),)
    # the same cards for another seat, or from another state, are worked out afresh (the
    # state previewed for seat 0 took 相模 from seat 0's hand and is seat 0's last play)
    other = R.apply(t, rules, state, 1, sagami)
    assert other.hands == (hands[0], hands[1]) and other.last_play[1] == state.turn
    moved = R.apply(t, rules, state, 1, R.PASS)
    assert R.apply(t, rules, moved, 0, sagami).turn == moved.turn + 1

# --- every rule option changes play ------------------------------------------------------

def test_option_first_card():
    t, rules = engine(small_world(first_card="musashi"))
    state = R.start_state(t, (R._mask(range(10)), R._mask(range(10, 20))))
    assert {x[0] for x in R.legal_turns(t, rules, state, 0)} == {t.card("武蔵")}
    assert R.legal_turns(t, rules, state, 1) == [R.PASS]
    assert R.opening_seat(t, rules, state.hands) == 0
    t, any_rules = engine(small_world())
    assert {x[0] for x in R.legal_turns(t, any_rules, state, 1)} == set(range(10, 20))
    t, highway = engine(small_world(first_card="highway"))
    firsts = {t.names[x[0]] for x in R.legal_turns(t, highway, state, 1)}
    assert firsts and not firsts & {"甲斐", "飛騨", "壱岐", "対馬"}


def test_option_direction():
    # A line started at 駿河: the second card fixes the direction either way (second_card),
    # or only the side away from the origin is open (origin).
    t, rules = engine(small_world())
    state = position(t, rules, [["駿河"]])
    assert can_play(t, rules, state, 0, ["伊豆"]) and can_play(t, rules, state, 0, ["尾張"])
    back = R.apply(t, rules, state, 0, (t.card("伊豆"),))
    assert not can_play(t, rules, back, 0, ["尾張"])
    t, origin = engine(small_world(direction="origin"))
    state = position(t, origin, [["駿河"]])
    assert not can_play(t, origin, state, 0, ["伊豆"]) and can_play(t, origin, state, 0, ["尾張"])


def test_option_direction_both_ways():
    # After 駿河 → 伊豆 the far side of the start stays open (both_ways) or is behind it.
    opens = {}
    for mode in ("second_card", "both_ways"):
        t, rules = engine(small_world(direction=mode))
        state = position(t, rules, [["駿河", "伊豆"]])
        opens[mode] = {t.names[c] for c in R.bits(state.opens[t.highway_names.index("東海道")])}
        assert not can_play(t, rules, state, 0, ["武蔵"])        # no skipping, no squeezing in
    assert opens == {"second_card": {"相模"}, "both_ways": {"相模", "尾張"}}
    t, rules = engine(small_world(direction="both_ways"))
    state = position(t, rules, [["駿河", "伊豆"], ["尾張", "伊勢"]])
    assert {t.names[c] for c in R.bits(state.opens[t.highway_names.index("東海道")])} == {"相模", "近江"}


def test_option_joins():
    # A 中山道 chain runs 美濃 → 近江 → 山城; 近江 and 山城 follow each other on the 東海道 too.
    chain = [["武蔵", "上野", "信濃", "美濃", "近江", "山城"]]
    t, along = engine(small_world())
    state = position(t, along, chain)
    tokaido, nakasendo = (t.highway_names.index(h) for h in ("東海道", "中山道"))
    assert R.played_along(t, state, t.card("山城")) == 1 << nakasendo
    assert R.played_along(t, state, t.card("武蔵")) == 0                     # the first card: played along nothing
    # 近江 is a junction of the 東海道, and a chain may switch onto it there, towards 伊勢
    assert can_play(t, along, state, 0, ["伊勢", "尾張"])
    t, every = engine(small_world(joins="every_line"))
    state = position(t, every, chain)
    assert R.played_along(t, state, t.card("山城")) == 1 << nakasendo | 1 << tokaido
    assert not can_play(t, every, state, 0, ["伊勢"])         # the 東海道 was turned towards 山城


def test_option_open_highway():
    # An off-highway first card: no highway has a card on the board. The default is the
    # written rules' reading: adjacency is for provinces on no highway.
    assert R.Rules().open_highway == "crossing_only"
    t, only = engine(small_world())
    state = position(t, only, [["甲斐"]])
    assert R.legal_turns(t, only, state, 0) == [R.PASS]
    assert "no card of the 東海道 is on the board" in R.explain(t, only, state, 0, (t.card("相模"),))
    t, rules = engine(small_world(open_highway="neighbour"))
    state = position(t, rules, [["甲斐"]])
    firsts = {t.names[x[0]] for x in R.legal_turns(t, rules, state, 0)}
    assert firsts == {"相模", "信濃"}                           # 甲斐's neighbours, both on highways
    assert can_play(t, rules, state, 0, ["相模", "伊豆", "駿河"]) and can_play(t, rules, state, 0, ["相模", "武蔵"])
    assert not can_play(t, rules, state, 0, ["伊豆"])
    # only while a highway has no card on the board; after that it grows from its lines
    state = position(t, rules, [["甲斐"], ["相模", "伊豆"]])
    assert can_play(t, rules, state, 0, ["信濃", "美濃"])          # the 中山道 has no card yet
    assert not can_play(t, rules, state, 0, ["尾張"])             # the 東海道 has
    assert not can_play(t, rules, state, 0, ["美濃"])             # nothing next to 美濃 on the board
    # a sea route counts as next to: after an island first card its port may start a highway
    state = position(t, rules, [["壱岐"]])
    assert {t.names[x[0]] for x in R.legal_turns(t, rules, state, 0)} == {"肥前", "対馬"}
    assert R.legal_turns(t, only, position(t, only, [["壱岐"]]), 0) == [(t.card("対馬"),)]


def test_option_behind_start():
    t, rules = engine(small_world())
    state = position(t, rules, [["駿河", "尾張"]])        # 伊豆 is behind the 東海道's start
    assert not can_play(t, rules, state, 0, ["伊豆"])
    t, adj = engine(small_world(behind_start="adjacency"))
    state = position(t, adj, [["駿河", "尾張"]])
    assert can_play(t, adj, state, 0, ["伊豆"])
    assert not can_play(t, adj, state, 0, ["伊豆", "相模"])  # one card, not a chain
    assert not can_play(t, adj, state, 0, ["相模"])          # needs a neighbour on the board


def test_option_crossing():
    # Scenario 1: a 中山道 chain reaches 近江 while the 東海道's line runs from 武蔵.
    # Scenario 2: 近江 is already on the board when the 東海道's line reaches 尾張.
    switch = ([["武蔵", "相模"], ["上野", "信濃", "美濃"]], ["近江", "伊勢"])
    reach = ([["武蔵", "相模", "伊豆", "駿河", "尾張"], ["上野", "信濃", "美濃", "近江"]], ["伊勢", "山城"])
    outcomes = {}
    for mode in ("new_line", "pass_through", "block"):
        t, rules = engine(small_world(crossing=mode))
        outcomes[mode] = tuple(can_play(t, rules, position(t, rules, plays), 0, turn) for plays, turn in (switch, reach))
    assert outcomes["new_line"] == (True, False)       # 近江 starts a second 東海道 line; lines meet and stop
    assert outcomes["pass_through"] == (False, True)   # one line, which carries on over 近江 to 山城
    assert outcomes["block"] == (False, False)         # one line, which stops at 近江


def test_option_chain_limit():
    t, rules = engine(small_world(chain_limit=2))
    state = position(t, rules, [["武蔵"]])
    assert max(map(len, R.legal_turns(t, rules, state, 0))) == 2
    t, free = engine(small_world())
    assert max(map(len, R.legal_turns(t, free, state, 0))) > 2


def test_option_passing():
    t, rules = engine(small_world())
    state = position(t, rules, [["武蔵"]])
    assert R.PASS not in R.legal_turns(t, rules, state, 0)
    t, anytime = engine(small_world(passing="any_time"))
    assert R.PASS in R.legal_turns(t, anytime, state, 0)
    assert R.explain(t, rules, state, 0, R.PASS) is not None


def test_option_round_start():
    starters = {}
    for mode in ("random", "rotate", "fixed"):
        rules = R.Rules(round_start=mode)
        rng, previous, seen = random.Random(3), None, []
        for _ in range(12):
            previous = R.round_starter(rules, 4, previous, None, rng)
            seen.append(previous)
        starters[mode] = seen
    assert len(set(starters["fixed"])) == 1
    assert all((b - a) % 4 == 1 for a, b in zip(starters["rotate"], starters["rotate"][1:]))
    assert len(set(starters["random"])) > 1 and starters["random"] != starters["rotate"]
    results = {mode: [play_small(s, round_start=mode)[1] for s in range(10)] for mode in starters}
    assert results["random"] != results["rotate"] != results["fixed"]


def stalled_state(t, hands, last_play):
    state = R.start_state(t, tuple(R._mask(h) for h in hands))
    return R.State(state.board, state.hands, state.ends, state.opens, 0, 0, 0, turn=10, last_play=last_play)


def test_option_stall_and_tie_break():
    t, _ = engine(small_world())
    state = stalled_state(t, [[0, 1], [2], [3], [4, 5, 6]], (5, 7, 9, 8))
    assert R.outcome(R.Rules(), state, True) == (0.0, 0.5, 0.5, 0.0)
    assert R.outcome(R.Rules(tie_break="last_played"), state, True) == (0.0, 0.0, 1.0, 0.0)
    assert R.outcome(R.Rules(stall="no_winner"), state, True) == (0.0,) * 4
    won = stalled_state(t, [[0, 1], [], [3], [4]], (5, 7, 9, 8))
    assert R.outcome(R.Rules(stall="no_winner"), won, False) == (0.0, 1.0, 0.0, 0.0)


def test_every_option_is_documented_and_in_rules_yaml():
    text = (Path(__file__).resolve().parent.parent / "data" / "karuta" / "rules.yaml").read_text("utf-8")
    for option in SPEC:
        assert f"\n{option.name}:" in "\n" + text, option.name
        for choice in option.choices:
            assert choice in text, (option.name, choice)
        assert len(option.doc) > 20
