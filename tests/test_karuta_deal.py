"""The deal: one function shared by deal sheets, the simulator and replays."""


import pytest

from kit.data.errors import KitError
from kit.games.karuta.deal import deal_hands, set_aside
from kit.games.karuta.sim import hands_of, make_setup, simulate

from test_karuta_rules import small_world

CARDS = tuple(f"c{i}" for i in range(68))


@pytest.mark.parametrize("players,sizes", [(2, [34, 34]), (3, [23, 23, 22]), (4, [17] * 4)])
def test_even_deal_hands_out_every_card_once(players, sizes):
    hands = deal_hands(CARDS, players, seed=5)
    assert [len(h) for h in hands] == sizes
    assert sorted(c for h in hands for c in h) == sorted(CARDS)
    assert set_aside(CARDS, hands) == ()
    assert deal_hands(CARDS, players, seed=5) == hands
    assert deal_hands(CARDS, players, seed=6) != hands


def test_equal_deal_sets_the_bottom_cards_aside():
    even = deal_hands(CARDS, 3, seed=9)
    equal = deal_hands(CARDS, 3, seed=9, mode="equal")
    assert [len(h) for h in equal] == [22, 22, 22]
    aside = set_aside(CARDS, equal)
    assert len(aside) == 2
    # the same shuffle: the equal deal is the even one less its last two cards
    assert set(aside) <= set(even[0]) | set(even[1])
    assert all(set(q) <= set(e) for q, e in zip(equal, even))
    assert deal_hands(CARDS, 4, seed=9, mode="equal") == deal_hands(CARDS, 4, seed=9)


def test_bad_deals_are_refused():
    with pytest.raises(KitError):
        deal_hands(CARDS, 1, seed=1)
    with pytest.raises(KitError, match="unknown deal"):
        deal_hands(CARDS, 3, seed=1, mode="fair")


def test_the_deal_option_changes_simulated_play():
    world = small_world()
    cards = len(world.provinces)
    players = 3 if cards % 3 else 4  # a table size that leaves cards over
    assert cards % players, "the small world must not divide evenly for this test"
    even = make_setup(world, players, "greedy")
    equal = make_setup(small_world(deal="equal"), players, "greedy")
    for seed in range(5):
        masks = hands_of(equal, seed)
        assert len({m.bit_count() for m in masks}) == 1
        assert sum(m.bit_count() for m in masks) == cards - cards % players
        assert sum(m.bit_count() for m in hands_of(even, seed)) == cards
    assert simulate(even, 100, seed=1, workers=1, show_progress=False) != \
        simulate(equal, 100, seed=1, workers=1, show_progress=False)


@pytest.mark.parametrize("command", [["sim", "-g", "karuta", "-n", "3", "--games", "20", "--workers", "1"],
                                     ["deal", "-g", "karuta", "-n", "3", "--seed", "1", "--out", "out"]])
@pytest.mark.parametrize("from_file", [False, True])
def test_the_equal_deal_and_a_musashi_start_are_refused_together(project, command, from_file):
    from click.testing import CliRunner
    from kit.cli import main
    rules = ["--rule", "first_card=musashi"]
    if from_file:   # one of the two set in rules.yaml: the message names the file
        f = project / "data/karuta/rules.yaml"
        f.write_text(f.read_text(encoding="utf-8").replace("\ndeal: even", "\ndeal: equal"), encoding="utf-8")
    else:
        rules += ["--rule", "deal=equal"]
    res = CliRunner().invoke(main, command + rules)
    assert res.exit_code == 2, res.output
    assert ("rules deal=equal and first_card=musashi cannot go together: the equal deal may set 武蔵 aside"
            in res.output)
    assert res.output.startswith("data/karuta/rules.yaml: " if from_file else "error: ")
    assert not (project / "out").exists()
