"""AI players: each picks one of the legal turns it is offered.

A policy is a function `(tables, rules, state, seat, turns, rng) -> turn`, registered
by name in POLICIES; seats may mix them (`--policy greedy,random,foresight,greedy`).
Every random choice uses the game's own seeded `rng`, so games reproduce.
"""

from __future__ import annotations

from itertools import compress

from kit.sim import seating
from kit.sim.draws import below
from kit.games.karuta.rules import effect, place, previews, single_cards


def random_turn(t, rules, state, seat, turns, rng):
    """Uniformly one of all legal turns (every chain prefix counts as its own turn)."""
    return turns[below(rng.getrandbits, len(turns))]   # rng.choice(turns), with less around it


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
    return best[0] if len(best) == 1 else best[below(rng.getrandbits, len(best))]


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
    return best[0] if len(best) == 1 else best[below(rng.getrandbits, len(best))]


POLICIES = {"random": random_turn, "greedy": greedy, "foresight": foresight}
DEFAULT = "greedy"


def seat_policies(spec: str | None, players: int) -> tuple[str, ...]:
    """Policy names per seat, in the grammar every game shares (kit.sim.seating.seat_policies)."""
    return seating.seat_policies(spec, players, tuple(POLICIES), DEFAULT)
