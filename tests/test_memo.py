"""kit.rebuild.memo: a step is reused exactly when the values it read are unchanged."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from types import MappingProxyType

from kit.rebuild.memo import Memo, remembering, step


@dataclass(frozen=True)
class Card:
    name: str
    kana: str
    colour: str


@dataclass(frozen=True)
class Deck:
    cards: tuple[Card, ...]
    settings: MappingProxyType = field(default_factory=lambda: MappingProxyType({}))


def names(deck: Deck) -> str:
    return "/".join(c.name for c in deck.cards)


def board(deck: Deck) -> str:
    return f"{len(deck.cards)} {deck.settings['board']}"


DECK = Deck((Card("山城", "やましろ", "red"), Card("大和", "やまと", "blue")),
            MappingProxyType({"board": {"gap": 4}, "sheet": {"turns": 110}}))


def run(memo: Memo, deck: Deck, fn=names) -> tuple[str, list[str]]:
    memo.begin()
    with remembering(memo):
        out = step("s", fn, deck)
    return out, memo.ran


def test_a_step_is_reused_when_only_fields_it_did_not_read_change():
    memo = Memo()
    assert run(memo, DECK) == ("山城/大和", ["s"])
    kana = replace(DECK, cards=(replace(DECK.cards[0], kana="やまじろ"), DECK.cards[1]))
    assert run(memo, kana) == ("山城/大和", [])
    renamed = replace(DECK, cards=(replace(DECK.cards[0], name="山代"), DECK.cards[1]))
    assert run(memo, renamed) == ("山代/大和", ["s"])
    shorter = replace(DECK, cards=DECK.cards[:1])
    assert run(memo, shorter) == ("山城", ["s"])       # a tuple's length always counts


def test_a_mapping_field_counts_only_the_keys_looked_up():
    memo = Memo()
    assert run(memo, DECK, board) == ("2 {'gap': 4}", ["s"])
    other = replace(DECK, settings=MappingProxyType({**DECK.settings, "sheet": {"turns": 90}}))
    assert run(memo, other, board) == ("2 {'gap': 4}", [])
    gap = replace(DECK, settings=MappingProxyType({**DECK.settings, "board": {"gap": 5}}))
    assert run(memo, gap, board) == ("2 {'gap': 5}", ["s"])


def test_an_argument_without_a_fingerprint_runs_every_time_and_no_memo_runs_plainly():
    memo = Memo()
    calls = []
    for _ in range(2):
        with remembering(memo):
            step("f", lambda f: calls.append(f()) or len(calls), lambda: 1)
    assert calls == [1, 1]
    assert step("f", lambda x: x + 1, 1) == 2 and memo.ran == ["f", "f"]   # outside a watch: a plain call


def test_a_recorded_value_can_be_replaced_inside_a_step():
    memo = Memo()

    def renamed(deck: Deck) -> str:
        return names(replace(deck, cards=tuple(replace(c, name=c.name + "国") for c in deck.cards)))

    assert run(memo, DECK, renamed) == ("山城国/大和国", ["s"])
    assert run(memo, DECK, renamed) == ("山城国/大和国", [])
    # replace() reads every field it copies, so the colour counts here
    green = replace(DECK, cards=(replace(DECK.cards[0], colour="green"), DECK.cards[1]))
    assert run(memo, green, renamed) == ("山城国/大和国", ["s"])
