"""The karuta rules engine: worked examples, an independent legality check, every option."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from kit.games.karuta import rules as R
from kit.games.karuta.deal import deal_hands
from kit.games.karuta.model import Highway, Karuta, Province, Region, load
from kit.games.karuta.options import SPEC
from kit.games.karuta.policies import POLICIES
from kit.options import load_options

DATA = Path(__file__).resolve().parent.parent / "data" / "karuta"
shipped = pytest.mark.skipif(not (DATA / "sea_routes.yaml").exists(), reason="no karuta data yet")

# A small hand-made map: the brief's 東海道 order (…尾張 伊勢 近江 山城), a 中山道 that
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


# --- the brief's worked examples -----------------------------------------------------

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


# --- an independent legality check, written from the rules' wording ----------------------

class Referee:
    """Slow, name-based rules for the `direction` and `crossing` options (others at their
    defaults): lines recomputed from the whole history of placed cards at every question."""

    def __init__(self, model: Karuta):
        self.m = model
        self.origin = model.rules["direction"] == "origin"
        self.crossing = model.rules["crossing"]

    def lines(self, placed: list[str], highway: Highway) -> list[tuple[int, int]]:
        """(end index, direction; 0 = not fixed yet) of each line of the highway."""
        route = list(highway.provinces)
        lines: list[tuple[int, int]] = []
        for k, name in enumerate(placed):
            if name not in route:
                continue
            i = route.index(name)
            grown = []
            for line in lines:
                step = next((s for s in self.ways(line) if self.ahead(route, line[0], s, placed[:k]) == i), None)
                grown.append(line if step is None else (i, step))
            if grown != lines:
                lines = grown
            elif not lines or self.crossing == "new_line":
                fixed = 1 if self.origin or i == 0 else -1 if i == len(route) - 1 else 0
                lines = lines + [(i, fixed)]
        return lines

    @staticmethod
    def ways(line):
        return [line[1]] if line[1] else [-1, 1]

    def ahead(self, route, end, step, placed) -> int | None:
        """The province that extends a line ending at `end` going `step`, if any."""
        j = end + step
        while self.crossing == "pass_through" and 0 <= j < len(route) and route[j] in placed:
            j += step
        return j if 0 <= j < len(route) and route[j] not in placed else None

    def extends(self, placed, name, at=None) -> bool:
        """`name` is next on a line (whose end is `at`, when given)."""
        for h in self.m.highways:
            route = list(h.provinces)
            if name not in route:
                continue
            for line in self.lines(placed, h):
                if at is not None and route[line[0]] != at:
                    continue
                if any(self.ahead(route, line[0], s, placed) == route.index(name) for s in self.ways(line)):
                    return True
        return False

    def legal(self, placed: list[str], hand: set[str], turn: list[str]) -> bool:
        if not turn:
            return True
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
        elif not self.extends(placed, first):
            return False
        board = placed + [first]
        for prev, card in zip(turn, turn[1:]):
            if not self.extends(board, card, at=prev):
                return False
            board = board + [card]
        return True


def referee_game(model: Karuta, seed: int, policy: str = "random", players: int = 4):
    """Play a game while the referee checks every offered turn and that none is missing."""
    t, rules = engine(model)
    ref = Referee(model)
    hands = tuple(R._mask(t.card(k) for k in h) for h in deal_hands(t.names, players, seed))
    record: list = []
    R.play(t, rules, hands, [POLICIES[policy]] * players, random.Random(seed), record)
    state, placed = R.start_state(t, hands), []
    for seat, taken in record:
        hand = {t.names[c] for c in R.bits(state.hands[seat])}
        offered = turns_named(t, R.legal_turns(t, rules, state, seat))
        for turn in offered:
            assert ref.legal(placed, hand, list(turn)), (placed, turn)
        # nothing missing: every legal one-card turn, and every legal one-card extension
        for card in hand:
            assert ((card,) in offered) == ref.legal(placed, hand, [card]), (placed, card)
        for turn in offered:
            for card in hand - set(turn):
                longer = turn + (card,)
                if turn and ref.legal(placed, hand, list(longer)):
                    assert longer in offered, (placed, longer)
        assert (() in offered) == (offered == {()})
        state = R.apply(t, rules, state, seat, taken)
        placed += [t.names[c] for c in taken]
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


@pytest.mark.parametrize("seed", range(24))
def test_referee_agrees_under_other_options(seed):
    direction = ("second_card", "origin")[seed % 2]
    crossing = ("new_line", "pass_through", "block")[seed % 3]
    referee_game(small_world(direction=direction, crossing=crossing), seed, "random")


@shipped
@pytest.mark.parametrize("seed", range(12))
def test_every_offered_turn_is_legal_on_the_shipped_data(seed):
    model = load(DATA)
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


def test_a_stall_is_every_player_passing_in_a_row():
    for seed in range(20):
        result, record = play_small(seed)
        tail = [x for _, x in record[-4:]]
        assert result.stalled == (tail == [(), (), (), ()])


def test_greedy_sheds_the_most_cards():
    t, rules = engine(small_world())
    state = position(t, rules, [["武蔵", "上野", "信濃", "美濃"]])
    turns = R.legal_turns(t, rules, state, 0)
    assert len(POLICIES["greedy"](t, rules, state, 0, turns, random.Random(1))) == max(map(len, turns))


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
    return R.State(state.board, state.hands, state.ends, state.opens, 0, 0, 0, 4, 10, last_play)


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
