"""The shikoku-duo rules engine: a scenario per rule, known-answer positions, random games
checked by an independent referee, and the same seed giving the same game."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml

from kit.games.shikoku_duo import rules as R
from kit.games.shikoku_duo.automa import Automa, load_automa
from kit.games.shikoku_duo.policies import POLICIES
from shikoku_world import COASTAL_AT, world

HERE = Path(__file__).resolve().parent
DATA = HERE.parent / "data" / "shikoku-duo"
POSITIONS = HERE / "data" / "shikoku_positions.yaml"


def engine(**rules):
    m = world(**rules)
    return m, R.tables(m), R.Rules.from_options(m.rules)


def town(t, name):
    return t.town_names.index(name)


def region(t, name):
    return t.region_names.index(name)


def at(state, seat, **fields):
    """`state` with some of `seat`'s fields set."""
    players = list(state.players)
    players[seat] = players[seat]._replace(**fields)
    return state._replace(players=tuple(players))


def start(t, rules, seed=1, **kw):
    return R.setup(t, rules, seed, **kw)


def dests(moves):
    return sorted({m.dest for m in moves})


# --- the draft --------------------------------------------------------------------------

def test_the_first_drafter_alternates_and_drafts_first_and_last():
    _, t, rules = engine(first_drafter="seat1")
    s = start(t, rules)
    assert R.drafters(s, 0) == (0, 1, 0)
    assert R.drafters(s, 1) == (1, 0, 1)
    assert R.drafters(s, 2) == (0, 1, 0)


def test_a_game_uses_every_die_once_per_round_in_the_1_2_1_order():
    _, t, rules = engine()
    record = []
    res = R.play(t, rules, 5, [POLICIES["greedy"](t), POLICIES["random"](t)], random.Random(5), record)
    firsts = [s for s in record if not s.repeat]
    assert len(firsts) == 3 * res.rounds
    for r in range(res.rounds):
        steps = [s for s in firsts if s.round == r]
        a = (res.first + r) % 2
        assert [s.seat for s in steps] == [a, 1 - a, a]
        assert sorted(s.move.character for s in steps) == [0, 1, 2]


# --- the pilgrim ------------------------------------------------------------------------

def test_the_pilgrim_moves_exactly_n_and_passes_occupied_spaces():
    _, t, rules = engine()
    s = at(at(start(t, rules), 0, pilgrim=0), 1, pilgrim=1)
    assert [m.dest for m in R.legal_moves(t, rules, s, 0, R.PILGRIM, 2)] == [2]


def test_an_occupied_final_space_makes_the_pilgrim_jump_to_the_next():
    _, t, rules = engine()
    s = at(at(start(t, rules), 0, pilgrim=0), 1, pilgrim=2)
    assert [m.dest for m in R.legal_moves(t, rules, s, 0, R.PILGRIM, 2)] == [3]


def test_a_merchant_in_a_coastal_town_occupies_its_ring_space_unless_only_pilgrims_block():
    _, t, rules = engine()
    s = at(at(start(t, rules), 0, pilgrim=0), 1, merchant=town(t, "c0"))      # c0 is on space 3
    assert [m.dest for m in R.legal_moves(t, rules, s, 0, R.PILGRIM, 3)] == [4]
    _, t2, rules2 = engine(pilgrim_blockers="pilgrims")
    assert [m.dest for m in R.legal_moves(t2, rules2, s, 0, R.PILGRIM, 3)] == [3]


def test_pilgrims_start_together_on_the_start_space_and_wrap_round_the_ring():
    _, t, rules = engine()
    s = start(t, rules)
    assert s.players[0].pilgrim == s.players[1].pilgrim == R.START == 0
    assert [m.dest for m in R.legal_moves(t, rules, s, 0, R.PILGRIM, 1)] == [1]
    s = at(s, 0, pilgrim=36)
    assert [m.dest for m in R.legal_moves(t, rules, s, 0, R.PILGRIM, 2)] == [1]


def test_temples_gardens_and_towns_advance_tracks_and_copper():
    _, t, rules = engine()
    s = at(start(t, rules), 0, pilgrim=0)
    s1 = R.apply(t, rules, s, 0, R.Move(R.PILGRIM, 1, 1))[0]        # space 1: temple
    assert s1.players[0].shrine == 1
    s2 = R.apply(t, rules, s, 0, R.Move(R.PILGRIM, 2, 2))[0]        # space 2: garden
    assert s2.players[0].garden == 1
    s3 = R.apply(t, rules, at(s, 0, copper=9), 0, R.Move(R.PILGRIM, 3, 3))[0]    # space 3: town c0
    assert (s3.players[0].copper, s3.players[0].slabs) == (1, 1)    # 9 + 2 copper: a slab at once
    full = at(s, 0, shrine=t.shrine_top)
    assert R.apply(t, rules, full, 0, R.Move(R.PILGRIM, 1, 1))[0].players[0].shrine == t.shrine_top


# --- the merchant -----------------------------------------------------------------------

def test_the_merchant_reaches_every_town_exactly_n_segments_away_and_chooses():
    _, t, rules = engine()
    s = start(t, rules)                                   # both merchants in m0 (links c0, c1, m1, m3)
    one = R.legal_moves(t, rules, s, 0, R.MERCHANT, 1)
    assert sorted(t.town_names[d] for d in dests(one)) == ["c0", "c1", "m1", "m3"]
    two = {t.town_names[d] for d in dests(R.legal_moves(t, rules, s, 0, R.MERCHANT, 2))}
    assert two == {"c7", "c2", "c6", "c3", "c0", "c1", "m2"}     # via c0/c1/m1/m3, never back to m0


def test_a_walk_may_double_back_when_the_option_says_so():
    _, t, rules = engine(merchant_path="walk")
    s = start(t, rules)
    two = {t.town_names[d] for d in dests(R.legal_moves(t, rules, s, 0, R.MERCHANT, 2))}
    assert "m0" in two


def test_a_coastal_town_with_a_figure_cannot_be_entered_or_passed():
    _, t, rules = engine()
    s = at(start(t, rules), 1, merchant=town(t, "c0"))
    one = {t.town_names[d] for d in dests(R.legal_moves(t, rules, s, 0, R.MERCHANT, 1))}
    assert "c0" not in one
    two = {t.town_names[d] for d in dests(R.legal_moves(t, rules, s, 0, R.MERCHANT, 2))}
    assert "c1" not in two                              # two steps to c1 only through c0
    s = at(start(t, rules), 1, pilgrim=COASTAL_AT[1])     # a pilgrim on c1's space
    assert "c1" not in {t.town_names[d] for d in dests(R.legal_moves(t, rules, s, 0, R.MERCHANT, 1))}


def test_both_merchants_may_share_a_mountain_town():
    _, t, rules = engine()
    s = at(at(start(t, rules), 0, merchant=town(t, "c0")), 1, merchant=town(t, "m1"))
    assert "m0" in {t.town_names[d] for d in dests(R.legal_moves(t, rules, s, 0, R.MERCHANT, 1))}
    s = at(s, 1, merchant=town(t, "m0"))
    assert "m0" in {t.town_names[d] for d in dests(R.legal_moves(t, rules, s, 0, R.MERCHANT, 1))}


def test_no_path_of_exactly_n_means_no_move_and_no_action():
    m = world(mountain_links=False)                      # towns joined only round the coast
    t, rules = R.tables(m), R.Rules.from_options(m.rules)
    s = at(at(R.setup(t, rules, 1), 0, merchant=town(t, "c0")), 1, merchant=town(t, "c1"), pilgrim=COASTAL_AT[7])
    for n in (1, 2, 3):
        moves = R.legal_moves(t, rules, s, 0, R.MERCHANT, n)
        assert moves == (R.Move(R.MERCHANT, n, -1),)
        assert R.apply(t, rules, s, 0, moves[0])[0] == s
    s = R.setup(t, rules, 1)                             # in m0, which no route reaches
    assert R.legal_moves(t, rules, s, 0, R.MERCHANT, 2) == (R.Move(R.MERCHANT, 2, -1),)


def test_a_mountain_town_draws_its_value_from_the_seeded_bag_and_the_player_keeps_five():
    _, t, rules = engine()
    s = at(start(t, rules, seed=3), 0, goods=(2, 1, 0, 0))
    m2 = town(t, "m2")                                     # value 4
    drawn = R.draw_goods(t, s, 4)
    assert sum(drawn) == 4 and drawn == R.draw_goods(t, s, 4)       # a function of seed and draw number
    chosen = []

    def keeper(pool):
        chosen.append(pool)
        left, out = 5, []
        for n in reversed(pool):                            # keep the last kinds first
            out.append(min(n, left))
            left -= out[-1]
        return tuple(reversed(out))

    after, got, kept = R.apply(t, rules, s, 0, R.Move(R.MERCHANT, 2, m2, 4), keeper)
    assert got == drawn and chosen == [tuple(a + b for a, b in zip((2, 1, 0, 0), drawn))]
    assert sum(kept) == 5 and after.players[0].goods == kept
    assert all(a + b == c for a, b, c in zip(after.bag, kept, (x + y for x, y in zip(s.bag, (2, 1, 0, 0)))))
    # the first four numbers of the seed's goods order, none passed over with a full bag
    assert drawn == tuple(R.goods_order(t.goods_counts, 3)[:4].count(k) for k in range(len(drawn)))
    assert after.draws == s.draws + 4


def test_selling_earns_the_shop_value_and_copper_becomes_slabs_at_once():
    _, t, rules = engine()
    s = start(t, rules, seed=2)
    c1 = town(t, "c1")
    kind, value = t.shops[s.shops[c1]]
    goods = [0, 0, 0, 0]
    goods[kind] = 4
    s = at(s, 0, goods=tuple(goods), copper=7)
    moves = [m for m in R.legal_moves(t, rules, s, 0, R.MERCHANT, 1) if m.dest == c1]
    assert [m.choice for m in moves] == [0, 1, 2, 3, 4]      # sell any number of the shop's kind
    after = R.apply(t, rules, s, 0, moves[-1])[0]
    total = 7 + 4 * value
    assert (after.players[0].slabs, after.players[0].copper) == (total // 10, total % 10)
    assert after.bag[kind] == s.bag[kind] + 4


def test_sixty_copper_fills_the_slabs_and_copper_stops_at_the_track_top():
    _, t, rules = engine()
    assert R._earn(t, 5, 5, 30) == (t.copper_max, 6)


def test_copper_over_top_kept_counts_copper_past_the_track_once_the_slabs_are_full():
    _, t, _ = engine(copper_over_top="kept")
    assert R._earn(t, 5, 5, 30) == (25, 6)          # 35: one slab, the rest kept past the track's 9
    assert R._earn(t, 5, 6, 7) == (12, 6)
    assert R._earn(t, 5, 3, 7) == (2, 4)            # before the last slab nothing changes
    _, lost, _ = engine(copper_over_top="lost")
    assert R._earn(lost, 5, 6, 7) == (9, 6) and R._earn(lost, 5, 3, 7) == (2, 4)
    # the tie-break reads the copper kept
    assert R.winner((40, 40), (12, 9), False) == 0


# --- the artist ---------------------------------------------------------------------------

def test_the_artist_moves_exactly_n_regions_without_re_entering_one():
    _, t, rules = engine()
    s = start(t, rules)                                   # artists in r0: neighbours r7, r1, r4
    one = {t.region_names[d] for d in dests(R.legal_moves(t, rules, s, 0, R.ARTIST, 1))}
    assert one == {"r1", "r4", "r7"}
    two = {t.region_names[d] for d in dests(R.legal_moves(t, rules, s, 0, R.ARTIST, 2))}
    assert "r0" not in two and two == {"r2", "r6", "r3", "r5"}


def test_painting_counts_every_other_figure_round_the_region_each_once():
    _, t, rules = engine()
    s = start(t, rules)
    r1 = region(t, "r1")                                   # spaces 8..12, towns c1 c2 m0
    s = at(s, 0, pilgrim=9, merchant=town(t, "c1"), artist=r1)
    s = at(s, 1, pilgrim=12, merchant=town(t, "m0"), artist=r1)
    assert R.figures_around(t, s, 0, 1 << r1) == 5           # all but the painting artist
    assert R.paint_count(t, rules, s, 0, r1, 0) == 5
    after = R.apply(t, rules, s, 0, R.Move(R.ARTIST, 1, r1, R.PAINT))[0]
    assert after.players[0].painted == 5


def test_gift_needs_the_first_face_up_tile_to_match_the_region():
    _, t, rules = engine()
    s = start(t, rules)
    p = s.players[0]
    want = p.paintings[0]
    s = at(s, 0, painted=2)
    for r in range(len(t.region_names)):
        assert R.can_gift(t, s.players[0], r) == (t.region_painting[r] == want)
    good = next(r for r in range(len(t.region_names)) if t.region_painting[r] == want)
    after = R.apply(t, rules, s, 0, R.Move(R.ARTIST, 1, good, R.GIFT))[0]
    assert after.players[0].gifted == 1
    assert not R.can_gift(t, at(s, 0, painted=0).players[0], good)     # no face-up tile, no gift


# --- wave tiles and their effects -----------------------------------------------------------

def test_seashore_takes_a_tile_from_the_board_then_from_the_opponent_then_nothing():
    _, t, rules = engine()
    s = start(t, rules)
    assert R.wave_choices(s, 0) == (0, 1, 2)
    s = s._replace(waves=(0, R.BOARD, 1))
    assert R.wave_choices(s, 0) == (1,)
    s = s._replace(waves=(0, 0, 1))
    assert R.wave_choices(s, 0) == (2,)                      # steal the opponent's
    s = s._replace(waves=(0, 0, 0))
    assert R.wave_choices(s, 0) == (-1,)
    s = at(s._replace(waves=(1, 1, R.BOARD)), 0, pilgrim=4)
    moves = R.legal_moves(t, rules, s, 0, R.PILGRIM, 1)      # space 5 is seashore
    assert moves == (R.Move(R.PILGRIM, 1, 5, 2),)
    assert R.apply(t, rules, s, 0, moves[0])[0].waves == (1, 1, 0)


def test_pilgrim_wave_sides_give_a_choice_of_lengths():
    _, t, rules = engine()
    s = at(start(t, rules)._replace(sides=(0, 0, 0), waves=(0, R.BOARD, R.BOARD)), 0, pilgrim=20)
    assert sorted({m.steps for m in R.legal_moves(t, rules, s, 0, R.PILGRIM, 2)}) == [2, 3]
    s = s._replace(sides=(1, 0, 0))
    assert sorted({m.steps for m in R.legal_moves(t, rules, s, 0, R.PILGRIM, 2)}) == [1, 2]
    assert sorted({m.steps for m in R.legal_moves(t, rules, s, 0, R.PILGRIM, 1)}) == [1]   # at least 1


def test_draw_plus_offers_more_goods_and_sell_plus_more_copper():
    _, t, rules = engine()
    s = start(t, rules, seed=4)._replace(sides=(0, 0, 0), waves=(R.BOARD, 0, R.BOARD))
    m1 = town(t, "m1")
    choices = sorted(m.choice for m in R.legal_moves(t, rules, s, 0, R.MERCHANT, 1) if m.dest == m1)
    assert choices == [3, 4]
    s = s._replace(sides=(0, 1, 0))
    c0 = town(t, "c0")
    kind, value = t.shops[s.shops[c0]]
    goods = [0, 0, 0, 0]
    goods[kind] = 2
    s = at(s, 0, goods=tuple(goods))
    after = R.apply(t, rules, s, 0, R.Move(R.MERCHANT, 1, c0, 2))[0]
    assert after.players[0].copper + 10 * after.players[0].slabs == 2 * (value + 1)


def test_paint_plus_adds_tiles_and_raises_the_cap_or_only_the_cap():
    for reading, want in (("count", 2), ("cap", 1)):
        _, t, rules = engine(paint_plus=reading)
        s = start(t, rules)._replace(sides=(0, 0, 0), waves=(R.BOARD, R.BOARD, 0))
        r1 = region(t, "r1")
        s = at(at(s, 0, merchant=town(t, "m2")), 1, pilgrim=9, merchant=town(t, "m2"))
        assert R.paint_count(t, rules, s, 0, r1, 0) == want


def test_paint_path_counts_figures_round_every_region_passed():
    _, t, rules = engine()
    s = start(t, rules)._replace(sides=(0, 0, 1), waves=(R.BOARD, R.BOARD, 0))
    s = at(s, 1, pilgrim=9, artist=region(t, "r5"))            # space 9 is round r1
    moves = R.legal_moves(t, rules, s, 0, R.ARTIST, 2)
    via_r1 = [m for m in moves if m.dest == region(t, "r2") and m.passed == 1 << region(t, "r1")]
    assert via_r1 and R.paint_count(t, rules, s, 0, via_r1[0].dest, via_r1[0].passed) >= 1
    plain = R.paint_count(t, rules, s._replace(waves=(R.BOARD,) * 3), 0, region(t, "r2"), 1 << region(t, "r1"))
    assert plain == 0


# --- the hot spring -----------------------------------------------------------------------

class Scripted(POLICIES["greedy"]):
    """Greedy, but always spends the token."""

    def repeat(self, *a):
        return True


def test_the_hot_spring_token_is_taken_and_stolen_on_the_space():
    _, t, rules = engine()
    s = at(start(t, rules), 0, pilgrim=14)
    after = R.apply(t, rules, s, 0, R.Move(R.PILGRIM, 1, 15))[0]
    assert after.hot == 0
    s = at(after, 1, pilgrim=13)
    stolen = R.apply(t, rules, at(s, 0, pilgrim=20), 1, R.Move(R.PILGRIM, 2, 15))[0]
    assert stolen.hot == 1


def test_the_token_repeats_the_same_die_and_goes_back_to_the_board():
    _, t, rules = engine()
    s = at(start(t, rules)._replace(hot=0), 0, pilgrim=0)
    record = []
    after, repeats = R.play_die(t, rules, s, 0, R.PILGRIM, 2, Scripted(t), random.Random(1), record)
    assert repeats == 1 and after.hot == R.BOARD
    assert [(r.move.steps, r.move.dest, r.repeat) for r in record] == [(2, 2, False), (2, 4, True)]


def test_a_token_taken_with_a_die_cannot_repeat_that_die():
    _, t, rules = engine()
    s = at(start(t, rules), 0, pilgrim=13)
    record = []
    after, repeats = R.play_die(t, rules, s, 0, R.PILGRIM, 2, Scripted(t), random.Random(1), record)
    assert repeats == 0 and after.hot == 0 and len(record) == 1


# --- the end and the score ----------------------------------------------------------------

def test_each_end_condition_is_seen_at_the_end_of_the_round():
    _, t, rules = engine()
    s = start(t, rules)
    assert R.fired(t, s) == ()
    assert R.fired(t, at(s, 1, shrine=t.shrine_top)) == ("shrine",)
    assert R.fired(t, at(s, 0, garden=t.garden_top)) == ("garden",)
    assert R.fired(t, at(s, 0, slabs=6)) == ("slabs",)
    assert R.fired(t, at(s, 1, painted=10, gifted=10)) == ("gifts",)


def test_a_game_ends_only_at_a_round_end():
    _, t, rules = engine()
    for seed in range(20):
        record = []
        res = R.play(t, rules, seed, [POLICIES["greedy"](t), POLICIES["greedy"](t)], random.Random(seed), record)
        assert res.ended and record[-1].round == res.rounds - 1
        assert sum(1 for s in record if s.round == res.rounds - 1 and not s.repeat) == 3


def test_scoring_by_character():
    _, t, rules = engine()
    p = start(t, rules).players[0]._replace(shrine=4, garden=3, slabs=2, painted=5, gifted=3)
    assert R.character_scores(t, p) == (t.shrine_track[4] * t.garden_track[3], t.slabs[1], max(t.artist_slots[:3]))
    assert R.character_scores(t, p._replace(slabs=0, gifted=0)) == (t.shrine_track[4] * t.garden_track[3], 0, 0)


def test_ties_go_to_more_copper_then_a_draw_and_to_the_human_against_the_automa():
    assert R.winner((10, 9), (0, 5), False) == 0
    assert R.winner((9, 9), (3, 5), False) == 1
    assert R.winner((9, 9), (4, 4), False) is None
    assert R.winner((9, 9), (0, 0), True) == 0


# --- text ---------------------------------------------------------------------------------

def test_moves_print_and_parse_back():
    _, t, rules = engine()
    s = start(t, rules)
    for seed in range(5):
        record = []
        R.play(t, rules, seed, [POLICIES["random"](t), POLICIES["greedy"](t)], random.Random(seed), record)
        for step in record:
            assert R.parse_move(t, R.format_move(t, step.move)) == step.move
    with pytest.raises(R.IllegalMove):
        R.parse_move(t, "pilgrim three 4")
    assert s.players[0].pilgrim == R.START


# --- known answers ------------------------------------------------------------------------

def known_positions():
    return yaml.safe_load(POSITIONS.read_text(encoding="utf-8"))


def position_of(t, rules, entry):
    s = R.setup(t, rules, entry["seed"])
    # The seed-drawn parts are pinned in the file, so the known answers stay the rules' alone.
    s = s._replace(shops=tuple(entry["shops"]), sides=tuple(entry["sides"]))
    for seat, fields in enumerate(entry["players"]):
        f = {"paintings": tuple(entry["paintings"][seat]), **fields}
        if "merchant" in f:
            f["merchant"] = town(t, f["merchant"])
        if "artist" in f:
            f["artist"] = region(t, f["artist"])
        if "goods" in f:
            f["goods"] = tuple(f["goods"])
        s = at(s, seat, **f)
    extra = {k: tuple(entry[k]) if isinstance(entry[k], list) else entry[k]
             for k in ("waves", "hot") if k in entry}
    return s._replace(**extra)


def test_known_positions_have_exactly_their_legal_moves():
    _, t, rules = engine()
    entries = known_positions()
    assert len(entries) >= 8
    for entry in entries:
        s = position_of(t, rules, entry)
        c = R.CHARACTERS.index(entry["character"])
        got = [R.format_move(t, m) for m in R.legal_moves(t, rules, s, entry["seat"], c, entry["die"])]
        assert got == entry["moves"], entry["name"]


# --- the referee: random games checked move by move --------------------------------------

class Referee:
    """Legality and invariants from the model's own words (names, routes and neighbour sets),
    not from the engine's precomputed tables."""

    def __init__(self, model, t, walk=False, only_pilgrims_block=False):
        self.m, self.t = model, t
        self.walk = walk                                   # merchant_path=walk: a path may double back
        self.only_pilgrims_block = only_pilgrims_block     # pilgrim_blockers=pilgrims
        b = model.board
        self.links = {k: set() for k in b.towns}
        for a, c in b.routes:
            self.links[a].add(c)
            self.links[c].add(a)
        self.regions = {r.id: r for r in b.regions}
        self.town_at = {s.index: s.town for s in b.ring if s.town}

    def figures(self, s):
        """Where every figure stands: (seat, kind, place name or ring index)."""
        out = []
        for seat, p in enumerate(s.players):
            out.append((seat, "pilgrim", p.pilgrim))
            out.append((seat, "merchant", self.t.town_names[p.merchant]))
            out.append((seat, "artist", self.t.region_names[p.artist]))
        return out

    def pilgrim_dest(self, s, seat, steps):
        taken = set()
        for who, kind, where in self.figures(s):
            if kind == "pilgrim" and who != seat:
                taken.add(where)
            if kind == "merchant" and not self.only_pilgrims_block:
                for idx, name in self.town_at.items():
                    if name == where:
                        taken.add(idx)
        at_ = (s.players[seat].pilgrim + steps) % 37
        while at_ in taken:
            at_ = (at_ + 1) % 37
        return at_

    def merchant_dests(self, s, seat, n):
        blocked = set()
        for who, kind, where in self.figures(s):
            if kind == "merchant" and who != seat and self.m.board.towns[where].kind == "coastal":
                blocked.add(where)
            if kind == "pilgrim" and where in self.town_at:
                blocked.add(self.town_at[where])
        here = self.t.town_names[s.players[seat].merchant]
        ends = set()

        def go(town_, left, seen):
            if left == 0:
                ends.add(town_)
                return
            for nxt in self.links[town_]:
                if (self.walk or nxt not in seen) and nxt not in blocked:
                    go(nxt, left - 1, seen | {nxt})

        go(here, n, {here})
        return ends

    def artist_dests(self, s, seat, n):
        here = self.t.region_names[s.players[seat].artist]
        ends = set()

        def go(r, left, seen):
            if left == 0:
                ends.add(r)
                return
            for nxt in self.regions[r].neighbours:
                if nxt not in seen:
                    go(nxt, left - 1, seen | {nxt})

        go(here, n, {here})
        return ends

    def check_move(self, s, step):
        m, seat, die = step.move, step.seat, step.die
        holds = [c for c in range(3) if s.waves[c] == seat]
        effects = {self.m.components.waves[2 * c + s.sides[c]].effect for c in holds}
        if m.character == R.PILGRIM:
            lengths = {die} | ({die + 1} if "pilgrim_plus" in effects else set()) | (
                {die - 1} if "pilgrim_minus" in effects and die > 1 else set())
            assert m.steps in lengths
            assert m.dest == self.pilgrim_dest(s, seat, m.steps)
        elif m.character == R.MERCHANT:
            ends = self.merchant_dests(s, seat, die)
            if not ends:
                assert m.dest == -1
            else:
                assert self.t.town_names[m.dest] in ends
        else:
            ends = self.artist_dests(s, seat, die)
            if not ends:
                assert m.dest == -1
            else:
                assert self.t.region_names[m.dest] in ends
                if m.choice == R.GIFT:
                    p = s.players[seat]
                    assert p.gifted < p.painted
                    tile = self.m.components.painting_types[p.paintings[p.gifted]].id
                    assert self.regions[self.t.region_names[m.dest]].painting == tile

    def check_state(self, s):
        comp = self.m.components
        for k, (name, total) in enumerate(comp.goods.items()):
            assert s.bag[k] + sum(p.goods[k] for p in s.players) == total, f"{name} not conserved"
        coastal = [where for _, kind, where in self.figures(s)
                   if kind == "merchant" and self.m.board.towns[where].kind == "coastal"]
        if not self.only_pilgrims_block:     # else a pilgrim may stop on a merchant's town
            coastal += [self.town_at[where] for _, kind, where in self.figures(s)
                        if kind == "pilgrim" and where in self.town_at]
        assert len(coastal) == len(set(coastal)), "two figures in one coastal town"
        for p in s.players:
            assert 0 <= p.shrine < len(comp.shrine_track) and 0 <= p.garden < len(comp.garden_track)
            assert 0 <= p.slabs <= len(comp.slabs) and 0 <= p.copper <= comp.copper_max
            assert 0 <= p.gifted <= p.painted <= len(comp.paintings)
            assert sum(p.goods) <= comp.hold and min(p.goods) >= 0

    def score(self, p):
        comp = self.m.components
        pilgrim = comp.shrine_track[p.shrine] * comp.garden_track[p.garden]
        merchant = comp.slabs[p.slabs - 1] if p.slabs else 0
        artist = max(comp.artist_slots[:p.gifted], default=0)
        return pilgrim + merchant + artist


def replay_record(t, rules, seed, record, check=None, automa=False):
    """Every state of a recorded game, rebuilt with the engine's apply (the referee checks
    each move first)."""
    s = R.setup(t, rules, seed, automa)
    states = [s]
    for step in record:
        if step.repeat:
            s = R.spend_hot(s)
        if check:
            check(s, step)
        kept = step.kept
        s = R.apply(t, rules, s, step.seat, step.move, (lambda pool, k=kept: k))[0]
        states.append(s)
    return states


@pytest.mark.parametrize("names", [("random", "random"), ("greedy", "random"), ("greedy", "greedy"),
                                   ("planner", "greedy")])
def test_random_games_never_break_a_rule_or_an_invariant(names):
    m, t, rules = engine()
    play_refereed(m, t, rules, names, range(12 if names[0] != "planner" else 4))


def play_refereed(m, t, rules, names, seeds):
    """Play a game per seed with the named policies; the referee checks every move and
    every state, and the scores equal its own count."""
    ref = Referee(m, t)
    for seed in seeds:
        record = []
        res = R.play(t, rules, seed, [POLICIES[n](t) for n in names], random.Random(seed), record)
        states = replay_record(t, rules, seed, record, ref.check_move)
        for s in states:
            ref.check_state(s)
        assert res.scores == tuple(ref.score(p) for p in states[-1].players)


# Rule sets with each option off its default at least once, and both sides of every wave
# tile (sides are drawn per game), for the players `kit sim` seats by default.
RULE_SETS = ({}, {"merchant_path": "walk", "pilgrim_blockers": "pilgrims"},
             {"paint_plus": "cap", "first_drafter": "seat1", "start_town": "m2", "start_region": "r5"},
             {"round_limit": 9})
WAVE_SIDES = (("pilgrim_plus", "pilgrim_minus", "draw_plus", "sell_plus", "paint_plus", "paint_path"),
              ("pilgrim_minus", "pilgrim_plus", "sell_plus", "draw_plus", "paint_path", "paint_plus"))


@pytest.mark.parametrize("options", RULE_SETS)
@pytest.mark.parametrize("waves", WAVE_SIDES)
def test_greedy_games_under_every_rule_and_wave_effect_are_refereed(options, waves):
    """Every move greedy makes is one the referee allows, goods are conserved, the scores are
    the referee's; the hot spring's repeat and the wave tiles are played."""
    m = world(waves=waves, **options)
    t, rules = R.tables(m), R.Rules.from_options(m.rules)
    ref = Referee(m, t, walk=rules.merchant_path == "walk", only_pilgrims_block=rules.pilgrim_blockers == "pilgrims")
    repeats = waves_taken = 0
    for seed in range(1, 16):
        record = []
        res = R.play(t, rules, seed, [POLICIES["greedy"](t), POLICIES["greedy"](t)], random.Random(seed), record)
        states = replay_record(t, rules, seed, record, ref.check_move)
        for st in states:
            ref.check_state(st)
        assert res.scores == tuple(ref.score(p) for p in states[-1].players)
        assert res.rounds <= rules.round_limit
        repeats += res.repeats
        waves_taken += sum(1 for step in record if step.move.character == R.PILGRIM and step.move.choice >= 0)
    assert repeats and waves_taken


@pytest.mark.parametrize("waves, amount, plus", [
    (WAVE_SIDES[0], 1, 1), (WAVE_SIDES[0], 0, 1), (WAVE_SIDES[1], 3, 3),
    # both sides of a tile with the effect: the larger counts, once
    (("pilgrim_plus", "pilgrim_plus", "draw_plus", "draw_plus", "paint_plus", "paint_path"), 2, 2)])
def test_tables_know_the_longest_pilgrim_move_and_the_biggest_draw(waves, amount, plus):
    """Known answers: the pilgrim moves at most its largest face (4) and the pilgrim_plus of
    its tile, a draw asks for at most the largest town value (4) and the draw_plus of its tile
    (an amount of 0 counting as 1); and effects() of a seat holding every tile, whichever
    sides are up, never gives more."""
    m = world(waves=waves)
    for side in m.components.waves:
        if side.effect != "paint_path":
            side.amount = amount
    t, rules = R.tables(m), R.Rules.from_options(m.rules)
    assert (t.pilgrim_most, t.draw_most, t.max_steps) == (4 + plus, 4 + plus, 4)
    s = start(t, rules)
    held = [R.effects(t, s._replace(sides=(a, b, c), waves=(0, 0, 0)), 0)
            for a in (0, 1) for b in (0, 1) for c in (0, 1)]
    assert max(fx[R.P_PLUS] for fx in held) == plus and max(fx[R.DRAW_PLUS] for fx in held) == plus


@pytest.mark.parametrize("waves", WAVE_SIDES)
def test_greedy_moves_stay_legal_with_wave_amounts_of_0_and_3(waves):
    """A wave amount of 0 counts as 1 and 3 is the most a tile may give (values.WAVE_AMOUNT):
    greedy's and planner's longest pilgrim moves and biggest draws are played and refereed
    (amount 0; the referee knows amounts of 1) or legal (amount 3)."""
    longest = 0
    for amount in (0, 3):
        m = world(waves=waves)
        for side in m.components.waves:
            if side.effect != "paint_path":
                side.amount = amount
        t, rules = R.tables(m), R.Rules.from_options(m.rules)
        ref = Referee(m, t)
        for seed in range(1, 13):
            record = []
            names = ("greedy", "planner") if seed % 2 else ("planner", "greedy")
            R.play(t, rules, seed, [POLICIES[n](t) for n in names], random.Random(seed), record)
            states = replay_record(t, rules, seed, record, ref.check_move if amount == 0 else None)
            for state, step in zip(states, record):
                assert step.move in R.legal_moves(t, rules, state, step.seat, step.move.character, step.die)
                if step.move.character == R.PILGRIM:
                    longest = max(longest, step.move.steps)
    assert longest > max(t.dice[R.PILGRIM])      # a pilgrim_plus move was made


def test_greedy_takes_the_die_whose_move_gains_most():
    """Known answer: the first drafter's pilgrim 2 from the start reaches a garden, its 1 a
    temple (s1) and its 3 the coastal town c0 (s3); with nothing else worth a point now, the
    greedy player's best use of each die is judged by the score it adds."""
    _, t, rules = engine()
    s = start(t, rules)
    greedy = POLICIES["greedy"](t)
    for die, kind in ((1, R.TEMPLE), (2, R.GARDEN), (3, R.TOWN)):
        v, move = greedy.best(rules, s, 0, R.PILGRIM, die, random.Random(0))
        assert move == R.Move(R.PILGRIM, die, die) and t.ring_kind[die] == kind
        assert move in R.legal_moves(t, rules, s, 0, R.PILGRIM, die)
    # A temple's step multiplies the empty garden track's first value: it scores now; a
    # garden's step multiplies an empty shrine track the same way; the town's copper scores
    # nothing until a slab.
    temple = greedy.best(rules, s, 0, R.PILGRIM, 1, random.Random(0))[0]
    town = greedy.best(rules, s, 0, R.PILGRIM, 3, random.Random(0))[0]
    assert temple > town > 0


def test_the_same_seed_gives_the_same_game():
    _, t, rules = engine()
    a, b = [], []
    ra = R.play(t, rules, 77, [POLICIES["random"](t), POLICIES["greedy"](t)], random.Random(3), a)
    rb = R.play(t, rules, 77, [POLICIES["random"](t), POLICIES["greedy"](t)], random.Random(3), b)
    assert ra == rb and a == b
    assert R.setup(t, rules, 77) == R.setup(t, rules, 77) != R.setup(t, rules, 78)


def test_automa_games_follow_the_rules_and_rank_tracks_stay_in_bounds():
    m, t, rules = engine()
    auto = load_automa(DATA / "automa.yaml")
    ref = Referee(m, t)
    for seed in range(10):
        record = []
        bot = Automa(t, auto)
        res = R.play(t, rules, seed, [POLICIES["greedy"](t), bot], random.Random(seed), record)
        s = R.setup(t, rules, seed, True)
        for step in record:
            if step.repeat:
                s = R.spend_hot(s)
            ref.check_move(s, step)
            before = s
            s = R.apply(t, rules, s, step.seat, step.move, (lambda pool, k=step.kept: k))[0]
            if step.seat == 1:
                s = bot.after(t, rules, before, s, 1, step.move)
            ref.check_state(s)
            assert all(0 <= r <= top for r, top in zip(s.players[1].ranks, auto.tops))
        assert res.scores[1] == sum(track[r] for track, r in zip(auto.tracks, s.players[1].ranks))
        assert res.scores[0] == ref.score(s.players[0])


def test_the_goods_order_shuffled_a_bag_at_a_time_is_the_whole_order_and_wraps_round(monkeypatch):
    """Draws read the goods order as far as they go (a bag is shuffled when first reached):
    entry i is the whole order's entry i, read in any order, and past the end it starts again."""
    _, t, _ = engine()
    whole = R.goods_order(t.goods_counts, 11)
    size = len(whole)
    assert size == R.GOODS_BAGS * sum(t.goods_counts)
    backwards = R.GoodsOrder(t.goods_counts, 11)
    assert [backwards.entry(i) for i in reversed(range(2 * size))] == list(reversed(whole + whole))
    monkeypatch.setattr(R, "GOODS_BAGS", 1)
    one_bag = R.GoodsOrder(t.goods_counts, 11)
    assert [one_bag.entry(i) for i in range(3 * sum(t.goods_counts))] == list(whole[:sum(t.goods_counts)]) * 3


def test_the_engines_roll_is_randoms_own():
    # A seed must give the games random.Random gives it: rules' roll draws exactly what
    # rng.choice would for each die, from the same generator state (its choice and shuffle
    # are kit.sim.draws', tested in test_draws.py).
    faces = ((1, 2, 3, 4, 5, 6), (1, 1, 2, 3, 3, 4), (2, 3, 4))
    m = world()
    m.components.dice = dict(zip(R.CHARACTERS, faces))
    t = R.tables(m)
    for seed in range(200):
        ours, theirs = random.Random(seed), random.Random(seed)
        assert R.roll(t, ours) == tuple(theirs.choice(f) for f in faces)
        assert ours.getstate() == theirs.getstate()
