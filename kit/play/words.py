"""Text the table sends a browser, in both of the page's languages.

The page is read in Japanese or in English (`?lang=ja|en`); whatever words the server makes
(a move, an AI's reason, a count, the result, a refusal) go out as `{"en": ..., "ja": ...}` and
the page shows the one it speaks. Language-neutral text (a card's kanji, a number) stays a
plain string. The page's own words (its buttons, its status lines) are in table.js's table.
"""

from __future__ import annotations


def both(en: str, ja: str) -> dict:
    return {"en": en, "ja": ja}
