"""What shikoku-duo's pieces call each thing, read back from a log.

The board prints a ring space's number, name and romaji (0 / 霊山寺 / Ryōzen-ji), a town's
and a region's name and romaji (高知 / Kōchi, 仁淀川 / Niyodo River); the player boards,
tokens and dice print the characters (巡礼者 pilgrim, 商人 merchant, 絵師 artist; the progress
sheet's 駒 column 巡 商 絵) and the seats (1 藍 indigo, 2 朱 vermilion); tokens print the
goods (藍 indigo, 和紙 paper, ...); the aid prints the artist's actions (描く paint, 贈る gift).
`Vocabulary` reads any of them (kit.data.names folds case, macrons and spacing) and writes a
move back in the words of rules.format_move, the engine's own.
"""

from __future__ import annotations

from dataclasses import dataclass

from kit.data.names import Names, UnknownName
from kit.games.shikoku_duo import rules as R
from kit.games.shikoku_duo.pieces import CHARACTER, PLAYERS

SHORT = {"pilgrim": "巡", "merchant": "商", "artist": "絵"}     # the progress sheet's 駒 column
ACTION_JA = {"paint": "描く", "gift": "贈る", "wave": "波"}       # as the player aid prints them
START_SPACE = ("発願", "start")                                   # the board's ★ at space 0
LONGEST = 4                                                       # words in the longest romaji


@dataclass(frozen=True)
class Vocabulary:
    seats: Names
    characters: Names
    spaces: Names
    towns: Names
    regions: Names
    goods: Names
    actions: Names


def vocabulary(model) -> Vocabulary:
    board, comp = model.board, model.components
    return Vocabulary(
        seats=Names.of("seat", ((k + 1, p.seat, p.name, p.name_en) for k, p in enumerate(PLAYERS))),
        characters=Names.of("character", ((c, c, CHARACTER[c][0], SHORT[c]) for c in R.CHARACTERS)),
        spaces=Names.of("ring space", ((s.index, str(s.index), s.name, s.reading, s.romaji,
                                        *(START_SPACE if s.index == 0 else ())) for s in board.ring)),
        towns=Names.of("town", ((t.id, t.id, t.name, t.reading, t.romaji) for t in board.towns.values())),
        regions=Names.of("region", ((r.id, r.id, r.name, r.romaji) for r in board.regions)),
        goods=Names.of("goods", ((k, k, name) for k, name in comp.goods_names.items())),
        actions=Names.of("action", ((a, a, ACTION_JA.get(a, "")) for a in
                                    ("wave", "sell", "draw", "paint", "gift", "nothing", "via", "stay"))),
    )


def take(words: list[str], i: int, names: Names):
    """The thing named at words[i] (a name may run over several words: `Niyodo River`) and the
    index after it; UnknownName when none does."""
    for n in range(min(LONGEST, len(words) - i), 0, -1):
        found = names.get(" ".join(words[i:i + n]))
        if found is not None:
            return found, i + n
    names.read(words[i])          # raises with the reason
    raise AssertionError


def move_words(v: Vocabulary, words: list[str]) -> list[str]:
    """A move in any printed names -> the words rules.parse_move reads; UnknownName on a word
    that names nothing."""
    if len(words) < 3:
        return words
    character = v.characters.read(words[0])
    out, i = [character, words[1]], 2
    if words[2].casefold() == "stay":
        return out + ["stay"] + words[3:]
    if character == "pilgrim":
        space, i = take(words, 2, v.spaces)
        out.append(str(space))
        if i < len(words):
            out.append(v.actions.read(words[i]))
            if i + 1 < len(words):
                out.append(v.characters.read(words[i + 1]))
            out += words[i + 2:]
        return out
    if character == "merchant":
        town, i = take(words, 2, v.towns)
        out.append(town)
        if i < len(words):
            out.append(v.actions.read(words[i]))
            out += words[i + 1:]
        return out
    region, i = take(words, 2, v.regions)
    out.append(region)
    if i < len(words):
        out.append(v.actions.read(words[i]))
        i += 1
        if i < len(words):
            out.append(v.actions.read(words[i]))       # via
            i += 1
            while i < len(words):
                passed, i = take(words, i, v.regions)
                out.append(passed)
    return out


__all__ = ["UnknownName", "Vocabulary", "move_words", "take", "vocabulary"]
