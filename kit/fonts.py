"""Fonts: one embedded TrueType font for Japanese (and Latin) text.

reportlab embeds TrueType subsets; it cannot embed CFF/OpenType-PS fonts, and its
built-in CID fonts (HeiseiKakuGo) are not embedded at all, so a print shop would see
tofu. The default is IPAexGothic from the `matplotlib-fontja` package, which pip
installs with kit; `KIT_FONT` or `--font` points at another .ttf.
"""

from __future__ import annotations

import importlib.util
import os
from functools import lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

from kit.errors import KitError

FONT = "KitGothic"


def default_font_path() -> Path:
    spec = importlib.util.find_spec("matplotlib_fontja")
    if spec is None or not spec.submodule_search_locations:
        raise KitError("the Japanese font package matplotlib-fontja is not installed "
                       "(pip install matplotlib-fontja, or set KIT_FONT to a .ttf file)")
    return Path(list(spec.submodule_search_locations)[0]) / "fonts" / "ipaexg.ttf"


def font_path(explicit: str | os.PathLike | None = None) -> Path:
    chosen = explicit or os.environ.get("KIT_FONT")
    return Path(chosen) if chosen else default_font_path()


@lru_cache(maxsize=None)
def _register(path: str) -> str:
    try:
        font = TTFont(FONT, path)
    except (TTFError, OSError) as err:
        raise KitError(f"font {path}: cannot use it ({err}); kit needs a TrueType (.ttf) font") from None
    pdfmetrics.registerFont(font)
    return FONT


def register(explicit: str | os.PathLike | None = None) -> str:
    """Register the Japanese font with reportlab once; return its name."""
    return _register(str(font_path(explicit)))


def text_width(text: str, size: float, font: str = FONT) -> float:
    """Width in points of `text` set at `size` points."""
    return pdfmetrics.stringWidth(text, font, size)


def wrap(tokens, width_pt: float, size: float, sep: str = "", hang: str = "",
         font: str = FONT) -> list[str]:
    """Tokens joined by `sep` into lines no wider than `width_pt`; a token is never split.

    Pass the characters of Japanese text as tokens to break anywhere. Tokens in `hang`
    (closing punctuation such as 。、) never start a line: they hang past the width.
    """
    lines, current = [], ""
    for token in tokens:
        candidate = current + sep + token if current else token
        if current and token not in hang and text_width(candidate, size, font) > width_pt:
            lines.append(current)
            candidate = token
        current = candidate
    return lines + ([current] if current else [])


def fit_size(text: str, width_pt: float, size: float, floor: float, font: str = FONT) -> float:
    """The largest size ≤ `size` at which `text` fits in `width_pt`; may be below `floor`.

    Callers compare the result with the floor to warn; the drawing never overflows.
    """
    natural = text_width(text, size, font)
    if natural <= width_pt or natural == 0:
        return size
    return size * width_pt / natural
