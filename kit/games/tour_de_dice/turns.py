"""Taking turns: whose piece moves, one turn rolled and resolved, and a race played on from a
position - what the simulated race (play.py) and a searching player's playouts (policies.py)
share."""

from __future__ import annotations

from functools import lru_cache

from kit.games.tour_de_dice.rules import Course, Race, Turn, clockwise, resolve


@lru_cache(maxsize=16)
def seats(owner: tuple[int, ...], players: int, pieces: int):
    """Each seat's pieces, and each piece's others clockwise."""
    mine = tuple(tuple(p for p in range(pieces) if owner[p] == s) for s in range(players))
    order = tuple(clockwise(p, pieces, owner, players) for p in range(pieces))
    return mine, order


def choose_colour(race: Race, pieces: tuple[int, ...]) -> int:
    """Option ②: the player's piece that takes the turn, the one further ahead (then more dice)."""
    return max(pieces, key=lambda p: (race.positions[p], race.dice[p], -p))


def take_turn(course: Course, race: Race, active: int, k: int, order: tuple[int, ...], join_of, choose,
              r) -> tuple[Race, Turn]:
    """`active` rolls k > 0 dice: the pieces on its space that may and will join ride along
    (`order`: the others clockwise), every roller rolls from `r` (the race's random()), and
    each moves where `choose` stops it."""
    positions, dice, _ = race
    here = positions[active]
    if positions.count(here) > 1:
        rollers = tuple([active] + [p for p in order
                                    if positions[p] == here and dice[p] >= k   # may_join
                                    and join_of[p](course, race, p, k)])
    else:
        rollers = (active,)
    # roll(): k dice for each roller in turn, from the race's own generator (written out for
    # the usual one to three dice: comprehensions cost more than the rolls)
    if len(rollers) == 1:
        rolls = (_roll(r, k),)
    elif k == 1:
        rolls = tuple([(int(r() * 6) + 1,) for _ in rollers])
    else:
        rolls = tuple([_roll(r, k) for _ in rollers])
    return resolve(course, race, rollers, rolls, choose)


def _roll(r, k: int) -> tuple[int, ...]:
    """k dice from the race's random()."""
    if k == 1:
        return (int(r() * 6) + 1,)
    if k == 2:
        return (int(r() * 6) + 1, int(r() * 6) + 1)
    if k == 3:
        return (int(r() * 6) + 1, int(r() * 6) + 1, int(r() * 6) + 1)
    return tuple([int(r() * 6) + 1 for _ in range(k)])


def race_on(setup, course: Course, race: Race, seat: int, policy, rng) -> int | None:
    """The winning seat of the race played on from `race` with `seat` to move, each piece
    deciding by `policy[piece]` and the dice rolled from `rng`; None if it runs past the
    turn limit (counted from here). What a searching player asks of the positions it tries."""
    owner, players, pieces = setup.owner, setup.players, setup.pieces
    mine, order = seats(owner, players, pieces)
    b = course.breakaway
    dice_of = tuple(p.dice if b is not None else p.own_dice for p in policy)
    join_of = tuple(p.join if b is not None else p.own_join for p in policy)
    stop_of = tuple(p.stop for p in policy)

    def choose(piece, options, positions, reaches):
        return stop_of[piece](course, positions, piece, options, reaches)

    r = rng.random
    for _ in range(setup.turn_limit):
        active = mine[seat][0] if len(mine[seat]) == 1 else choose_colour(race, mine[seat])
        k = min(dice_of[active](course, race, active), race.dice[active])
        if k > 0:
            race, turn = take_turn(course, race, active, k, order[active], join_of, choose, r)
            if turn.winner is not None:
                return owner[turn.winner]
        seat = (seat + 1) % players
    return None
