"""A game's vocabulary: every name its pieces print for a thing, read back from a log.

A piece may print a thing several ways (高知 with こうち and Kōchi under it, a card's number
beside its kanji, 巡 for the pilgrim on the progress sheet); a player copies whichever is in
front of them. A `Names` is built once per game from the same data the pieces print from,
and reads any of those names back to the one value the engine uses. Names are compared
folded (`fold`): case, macrons and other accents on Latin letters, full-width forms,
katakana against hiragana, and spaces, hyphens and middle dots do not matter, so `Kochi`,
`kōchi` and `KOCHI` are one name. A name two things share (安房 and 阿波 are both あわ,
Awa) reads as neither: the message names both and what tells them apart.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

from kit.data.errors import did_you_mean

_DROP = set(" \t-_・･.'’‐–—")


def fold(word: str) -> str:
    """The form two names are compared in (see the module's docstring)."""
    s = unicodedata.normalize("NFKC", str(word))
    out: list[str] = []
    for ch in unicodedata.normalize("NFD", s):
        # an accent on a Latin letter goes (ō → o); kana keep theirs (が is not か)
        if unicodedata.combining(ch) and out and out[-1].isascii():
            continue
        out.append(ch)
    s = unicodedata.normalize("NFC", "".join(out)).casefold()
    s = "".join(chr(ord(ch) - 0x60) if "ァ" <= ch <= "ヶ" else ch for ch in s)
    return "".join(ch for ch in s if ch not in _DROP)


class UnknownName(ValueError):
    """A word that names nothing (or two things) in a vocabulary; str() is the reason."""


@dataclass(frozen=True)
class Names:
    """What a game's pieces call one kind of thing (`what`: "province", "town", ...)."""

    what: str
    values: dict = field(default_factory=dict)       # folded name -> the values it names
    shown: dict = field(default_factory=dict)        # value -> its names as printed, first the main one

    @classmethod
    def of(cls, what: str, entries) -> "Names":
        """`entries`: (value, names...) for each thing; empty names are skipped."""
        values: dict = {}
        shown: dict = {}
        for value, *names in entries:
            printed = [str(n) for n in names if str(n).strip()]
            shown.setdefault(value, [])
            for name in printed:
                if name not in shown[value]:
                    shown[value].append(name)
                bucket = values.setdefault(fold(name), [])
                if value not in bucket:
                    bucket.append(value)
        return cls(what, values, {v: tuple(n) for v, n in shown.items()})

    def __contains__(self, word) -> bool:
        return len(self.values.get(fold(word), ())) == 1

    def get(self, word, default=None):
        found = self.values.get(fold(word), ())
        return found[0] if len(found) == 1 else default

    def read(self, word):
        """The value `word` names; UnknownName when it names none or more than one."""
        found = self.values.get(fold(word), ())
        if len(found) == 1:
            return found[0]
        if found:
            both = " or ".join(f"{self.shown[v][0]}" for v in found)
            raise UnknownName(f"{word!r} is {both}: write the {self.what} by a name only one has ("
                              + " or ".join(self._telling(v) for v in found) + ")")
        names = [n for ns in self.shown.values() for n in ns]
        raise UnknownName(f"unknown {self.what} {word!r}{did_you_mean(word, names)}")

    def _telling(self, value) -> str:
        """The names of `value` no other thing shares (the kanji, the number), as `安房/12`."""
        return "/".join(n for n in self.shown[value] if len(self.values[fold(n)]) == 1) or self.shown[value][0]

    def names(self, value) -> tuple[str, ...]:
        return self.shown.get(value, ())

    def every(self) -> tuple[str, ...]:
        """Every printed name of every thing, main names first."""
        return tuple(n for ns in self.shown.values() for n in ns)
