"""AI players: each picks one of the legal turns it is offered.

A policy is a function `(tables, rules, state, seat, turns, rng) -> turn`, registered
by name in POLICIES; seats may mix them (`--policy greedy,random,foresight,greedy`).
Every random choice uses the game's own seeded `rng`, so games reproduce.
"""

from __future__ import annotations

from kit import report
from kit.games.karuta.rules import apply, single_cards


def random_turn(t, rules, state, seat, turns, rng):
    """Uniformly one of all legal turns (every chain prefix counts as its own turn)."""
    return turns[rng.randrange(len(turns))]


def greedy(t, rules, state, seat, turns, rng):
    """The turn that sheds the most cards; a seeded draw among the longest."""
    most = max(len(x) for x in turns)
    best = [x for x in turns if len(x) == most]
    return best[0] if len(best) == 1 else best[rng.randrange(len(best))]


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
    for turn in turns:
        after = apply(t, rules, state, seat, turn)
        mine = after.hands[seat]
        free = ((1 << t.cards) - 1) & ~after.board
        playable = after.opening | single_cards(t, rules, after, free)
        score = (len(turn) + MOBILITY * (playable & mine).bit_count()
                 - GIFT * (playable & ~mine).bit_count())
        if turn and t.crossing_mask >> turn[-1] & 1:
            score -= LOOSE_CROSSING
        if best_score is None or score > best_score + 1e-9:
            best, best_score = [turn], score
        elif abs(score - best_score) <= 1e-9:
            best.append(turn)
    return best[0] if len(best) == 1 else best[rng.randrange(len(best))]


POLICIES = {"random": random_turn, "greedy": greedy, "foresight": foresight}
DEFAULT = "greedy"


def seat_policies(spec: str | None, players: int) -> tuple[str, ...]:
    """Policy names per seat, in the grammar every game shares (kit.report.seat_policies)."""
    return report.seat_policies(spec, players, tuple(POLICIES), DEFAULT)
