"""What tour-de-dice's pieces call a piece and a space, read back from a log.

A marker prints its player and colour (`P1`, `赤 red`); under rule ② a player has two
markers, so a piece is its colour and `P1` names no one piece. A space is written as the
progress sheet's key has it, BOX/LAP (`4/1`, `G/1`, `G/2`); the start, which the course
preview and the sheet call スタート / start, is also `S` or `0`, and the goal (GOAL,
ゴール) is `G/2`.
"""

from __future__ import annotations

from kit.data.names import Names, fold

START_WORDS = ("S", "スタート", "start", "0")
GOAL_WORDS = ("G/2", "ゴール", "goal")


def pieces(owner: tuple[int, ...], colours, labels: tuple[str, ...]) -> Names:
    """Each piece's names: its log label (P1 or, under rule ②, its colour), its colour in
    English and Japanese, and its player's P-number when that player has only this piece."""
    mine = {seat: [p for p, o in enumerate(owner) if o == seat] for seat in set(owner)}
    return Names.of("piece", ((p, labels[p], colours[p].name, colours[p].name_ja,
                               f"P{owner[p] + 1}" if len(mine[owner[p]]) == 1 else "")
                              for p in range(len(owner))))


def card_ids(ids) -> Names:
    return Names.of("card", ((i, i) for i in ids))


def space_words(name: str) -> str:
    """A space as BOX/LAP (or S): the start's and goal's other names turned into the sheet's."""
    f = fold(name)
    if f in {fold(w) for w in START_WORDS}:
        return "S"
    if f in {fold(w) for w in GOAL_WORDS}:
        return "G/2"
    return f.upper()
