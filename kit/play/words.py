"""Text the table sends a browser, in both of the page's languages.

The page is read in Japanese or in English (`?lang=ja|en`); whatever words the server makes
(a move, an AI's reason, a count, the result, a refusal) go out as `{"en": ..., "ja": ...}` and
the page shows the one it speaks. Language-neutral text (a card's kanji, a number) stays a
plain string. The page's own words (its buttons, its status lines) are in table.js's table.
"""

from __future__ import annotations

LANGS = ("en", "ja")


def both(en: str, ja: str) -> dict:
    return {"en": en, "ja": ja}


def join(parts, en_sep: str, ja_sep: str | None = None) -> dict:
    """Bilingual texts joined, each language with its own separator."""
    parts = list(parts)
    return {"en": en_sep.join(p["en"] for p in parts),
            "ja": (en_sep if ja_sep is None else ja_sep).join(p["ja"] for p in parts)}


def en(text) -> str:
    """The English of a text (a plain string is the same in both)."""
    return text["en"] if isinstance(text, dict) else text
