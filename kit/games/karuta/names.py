"""What karuta's pieces call a province, read back from a log: the kanji (the card's big
text, the board's slot), the kana (the card's furigana), the romaji (the deal sheet's and
highway lists' English) and the card number (the card's corner, for a reader of neither
script)."""

from __future__ import annotations

from kit.data.names import Names


def provinces(model) -> Names:
    """Each province's names; its value is the kanji, the engine's name for it."""
    return Names.of("province", ((p.kanji, p.kanji, p.kana, p.romaji, str(p.number)) for p in model.provinces))
