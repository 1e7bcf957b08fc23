"""AI players: each picks one of the legal turns it is offered.

A policy is a function `(tables, rules, state, seat, turns, rng) -> turn`, registered
by name in POLICIES; seats may mix them (`--policy greedy,random,foresight,greedy`).
Every random choice uses the game's own seeded `rng`, so games reproduce.
"""

from __future__ import annotations

import random
from itertools import compress

from kit.sim import search as searching
from kit.sim import seating
from kit.sim.draws import choice, shuffle
from kit.games.karuta.rules import (apply, bits, effect, first_cards, outcome, place, play_on, previews,
                                    round_place, single_cards)


def random_turn(t, rules, state, seat, turns, rng):
    """Uniformly one of all legal turns (every chain prefix counts as its own turn)."""
    return choice(rng, turns)


def greedy(t, rules, state, seat, turns, rng):
    """The turn that sheds the most cards; among the longest, the one after which the most
    of the player's own cards come next (on a highway line from the turn's last card, or
    by adjacency or boat from it); a seeded draw among equals.

    Without that tie-break greedy is random whenever every turn is one card (chain_limit=1,
    as in the designer-tool preset)."""
    lens = list(map(len, turns))
    most = max(lens)
    if most == 1 and turns[-1]:   # every turn one card (PASS comes last when offered)
        best = turns
    else:
        best = list(compress(turns, map(most.__eq__, lens)))
    if len(best) > 1 and most:
        keep = _follow_ups(t, rules, state, seat, best)
        top = max(keep)
        if keep.count(top) < len(keep):
            best = list(compress(best, map(top.__eq__, keep)))
    return best[0] if len(best) == 1 else choice(rng, best)


def _follow_ups(t, rules, state, seat, turns) -> list[int]:
    """For each turn, how many of the player's other cards its last card makes playable next.
    One call for all the tied turns: what they share is looked up once."""
    board0, ends0, hand0 = state.board, state.ends, state.hands[seat]
    # Cards that a card placed now would newly make playable alone: by adjacency or boat.
    fresh_near, fresh_boat = t.adjacency_mask & ~state.near, t.island_mask & ~state.boat
    neighbours, boats = t.neighbours, t.boats
    # What may follow on a highway line lies among the card's followers (Tables.follow_*):
    # place the turn only when one of them is in the hand, and of its last card ask only
    # what may continue (the hand holds no card of the board).
    follow = t.follow_any if rules.crossing == "pass_through" else t.follow_next
    out = []
    for turn in turns:
        c = turn[-1]
        if len(turn) == 1:
            hand = hand0 ^ 1 << c   # the hand holds c
        else:
            hand = hand0
            for x in turn:
                hand &= ~(1 << x)
        new = neighbours[c] & fresh_near | boats[c] & fresh_boat
        if follow[c] & hand:
            ends, board, prev = ends0, board0, -1
            for x in turn[:-1]:
                ends, _, _ = place(t, rules, ends, board, x, prev)
                board |= 1 << x
                prev = x
            new |= effect(t, rules, ends, board, c, prev)[1]
        out.append((new & hand).bit_count())
    return out


# Weights of the foresight score, in cards shed: a card playable next turn is worth
# about half a card now; a card others may play next is a small loss; a crossing
# played as a chain's last card wastes its switch.
MOBILITY, GIFT, LOOSE_CROSSING = 0.5, 0.1, 0.6


def foresight(t, rules, state, seat, turns, rng):
    """Sheds many cards but keeps itself moves, starves the others and saves crossings.

    It sees only its own hand and the board: every card it does not hold and cannot
    see might be in another hand.
    """
    best, best_score = [], None
    everything, crossings = (1 << t.cards) - 1, t.crossing_mask
    for turn, after in zip(turns, previews(t, rules, state, seat, turns)):
        mine = after.hands[seat]
        playable = after.opening | single_cards(t, rules, after, everything & ~after.board)
        score = (len(turn) + MOBILITY * (playable & mine).bit_count()
                 - GIFT * (playable & ~mine).bit_count())
        if turn and crossings >> turn[-1] & 1:
            score -= LOOSE_CROSSING
        if best_score is None or score > best_score + 1e-9:
            best, best_score = [turn], score
        elif abs(score - best_score) <= 1e-9:
            best.append(turn)
    return best[0] if len(best) == 1 else choice(rng, best)


def playable_now(t, rules, state) -> int:
    """Every card a hand holding it could play now: a seat that passed since the last card
    (when passing is only for the stuck) holds none of them."""
    if not state.board:
        return first_cards(t, rules)
    return state.opening | single_cards(t, rules, state, (1 << t.cards) - 1 & ~state.board)


def sample_hands(t, rules, state, seat: int, rng: random.Random) -> tuple[int, ...]:
    """The other hands, dealt at random from the cards `seat` cannot see, consistent with
    what the table has seen: each hand keeps its size, `seat`'s own hand and the board are
    as they are, and a seat that passed since the last card (passing: when_stuck) gets
    none of the cards it could have played. Uniform among such deals.

    Only what `seat` may know is read: which seats hold how many cards and who passed,
    never which card is where; the cards are handled in card order."""
    n, mine = len(state.hands), state.hands[seat]
    unseen = list(bits((1 << t.cards) - 1 & ~state.board & ~mine))
    counts = [h.bit_count() for h in state.hands]
    stuck = state.passed if rules.passing == "when_stuck" else 0
    now = playable_now(t, rules, state) if stuck else 0
    # A slot per unseen card: a seat's slots, then any cards out of play (-1).
    free = [s for s in range(n) if s != seat and not stuck >> s & 1 for _ in range(counts[s])]
    free += [-1] * (len(unseen) - sum(counts) + counts[seat])
    held = [s for s in range(n) if s != seat and stuck >> s & 1 for _ in range(counts[s])]
    shuffle(rng, free)
    hands = [0] * n
    hands[seat] = mine
    playable = [c for c in unseen if now >> c & 1]
    for c, s in zip(playable, free):    # the cards a passed seat cannot hold, to the others
        if s >= 0:
            hands[s] |= 1 << c
    rest = free[len(playable):] + held
    shuffle(rng, rest)
    for c, s in zip([c for c in unseen if not now >> c & 1], rest):
        if s >= 0:
            hands[s] |= 1 << c
    return tuple(hands)


# The players of a playout: greedy plays a game in about half foresight's time, so a budget
# of playouts costs half as much.
ROLLOUT = greedy


def search(t, rules, state, seat, turns, rng, playouts: int = searching.DEFAULT_PLAYOUTS):
    """Determinised search: each playout deals the unseen cards afresh (sample_hands), takes
    the turn, then plays the game out with greedy players for every seat; foresight's turn is played
    unless another wins clearly more often (kit/sim/search.py spreads the playouts)."""
    own = turns.index(foresight(t, rules, state, seat, turns, rng))
    seed = searching.seed_of(rng)
    starter, _ = round_place(state, seat)
    pick = [ROLLOUT] * len(state.hands)
    everyone = (1 << len(state.hands)) - 1

    def playout(turn, j):
        w = searching.world(seed, j)
        after = apply(t, rules, state._replace(hands=sample_hands(t, rules, state, seat, w)), seat, turn)
        stalled = after.passed == everyone
        if stalled or not after.hands[seat]:
            return outcome(rules, after, stalled)[seat]
        return play_on(t, rules, after, starter, pick, w).wins[seat]

    return searching.choose(turns, playout, playouts, own)


POLICIES = searching.Registry({"random": random_turn, "greedy": greedy, "foresight": foresight, "search": search})
DEFAULT = "greedy"


def seat_policies(spec: str | None, players: int) -> tuple[str, ...]:
    """Policy names per seat, in the grammar every game shares (kit.sim.seating.seat_policies)."""
    return seating.seat_policies(spec, players, tuple(POLICIES), DEFAULT)
