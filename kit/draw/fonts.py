"""Fonts: one embedded TrueType font for Japanese (and Latin) text.

reportlab embeds TrueType subsets; it cannot embed CFF/OpenType-PS fonts, and its
built-in CID fonts (HeiseiKakuGo) are not embedded at all, so a print shop would see
tofu. The default is IPAexGothic from the `matplotlib-fontja` package, which pip
installs with kit; `KIT_FONT` or `--font` points at another .ttf.
"""

from __future__ import annotations

import importlib.util
import os
import re
import struct
from functools import lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

from kit.data.errors import KitError, Where, display_path, excerpt
from kit.data.yamlload import load_yaml

FONT = "KitGothic"


def default_font_path() -> Path:
    spec = importlib.util.find_spec("matplotlib_fontja")
    if spec is None or not spec.submodule_search_locations:
        raise KitError("the Japanese font package matplotlib-fontja is not installed "
                       "(pip install matplotlib-fontja, or set KIT_FONT to a .ttf file)")
    return Path(list(spec.submodule_search_locations)[0]) / "fonts" / "ipaexg.ttf"


def chosen_font(explicit: str | os.PathLike | None = None):
    """The font the user named (--font, else KIT_FONT), or None for the shipped default."""
    return explicit or os.environ.get("KIT_FONT")


def font_path(explicit: str | os.PathLike | None = None) -> Path:
    chosen = chosen_font(explicit)
    return Path(chosen) if chosen else default_font_path()


def named(explicit: str | os.PathLike | None = None) -> str:
    """The chosen font as a message names it: by the option or variable that chose it."""
    if explicit:
        return f"--font {excerpt(explicit, 200)}"
    if os.environ.get("KIT_FONT"):
        return f"KIT_FONT {excerpt(os.environ['KIT_FONT'], 200)}"
    return f"the font {default_font_path()}"


class _Font(TTFont):
    """A TrueType font that notes each character it is asked to draw but has no glyph for.

    reportlab draws such a character as an empty box or nothing at all, silently; kit
    refuses the PDF instead (Pdf.finish), naming the characters.
    """

    def __init__(self, name: str, path: str):
        super().__init__(name, path)
        self.path = path
        self.missing: dict[int, set[str]] = {}   # per PDF document (id of reportlab's doc)

    def splitString(self, text, doc, encoding="utf-8"):
        if not isinstance(text, str):
            text = text.decode(encoding)
        cmap = self.face.charToGlyph
        absent = {ch for ch in text if ord(ch) not in cmap and ch >= " " and ch != "\xa0"}
        if absent:
            self.missing.setdefault(id(doc), set()).update(absent)
        return super().splitString(text, doc, encoding)


@lru_cache(maxsize=None)
def _load(path: str, name: str = "") -> _Font:
    """The font at `path`; `name` is how a refusal names it (`named`), the path when not given."""
    name = name or f"the font {path}"
    try:
        return _Font(FONT, path)
    except (TTFError, OSError) as err:
        raise KitError(f"{name}: cannot use it ({excerpt(str(err))}); kit needs a TrueType (.ttf) font") from None
    except (struct.error, ValueError, IndexError, KeyError, TypeError, AssertionError, OverflowError,
            MemoryError):  # a truncated or damaged file: reportlab's parser stops where the bytes do
        raise KitError(f"{name}: cannot use it (the file is truncated or damaged); kit needs a TrueType "
                       "(.ttf) font") from None


def _chosen(explicit: str | os.PathLike | None) -> _Font:
    return _load(str(font_path(explicit)), named(explicit))


def _register(font: _Font) -> str:
    if FONT not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(font)
    elif pdfmetrics.getFont(FONT) is not font:
        # registerFont keeps the first font of a name; a second --font in one process
        # (a test, a library caller) must replace it, or text is set in the wrong font.
        pdfmetrics._fonts[FONT] = font
    return FONT


def missing(chars, explicit: str | os.PathLike | None = None) -> list[str]:
    """The characters of `chars` the chosen font has no glyph for, in code order."""
    cmap = _chosen(explicit).face.charToGlyph
    return sorted({ch for ch in chars if ch >= " " and ch != "\xa0" and ord(ch) not in cmap})


def _refusal(name: str, absent: list[str], what: str) -> KitError:
    shown = " ".join(absent[:40]) + (" …" if len(absent) > 40 else "")
    return KitError(f"{name} has no glyphs for {len(absent)} character{'s' if len(absent) != 1 else ''} "
                    f"{what}: {shown}; choose a font that has them (the default is IPAexGothic; "
                    "--font or KIT_FONT name another .ttf)")


def require(chars, what: str, explicit: str | os.PathLike | None = None) -> None:
    """Refuse a font that cannot print every one of `chars`, naming the missing ones.

    When `chars` maps each character to the file that prints it (printed_text) and the font is
    the shipped default, the data is what is wrong (a slip of the keyboard, a character no
    Japanese font has), so the refusal is placed at the first line that prints one; a font
    the user chose is itself the suspect, and is named alone."""
    absent = missing(chars, explicit)
    if absent:
        err = _refusal(named(explicit), absent, what)
        if isinstance(chars, dict) and not chosen_font(explicit):
            # the lines are looked for only now, so a build that goes ahead reads no file twice
            first = min(chars[ch] for ch in absent)
            places = _first_lines(first, {ch for ch in absent if chars[ch] == first})
            err.where = min(places.values(), key=lambda w: w.line or 0)
        raise err


def printed_text(data_dir: Path) -> dict[str, Path]:
    """Every character of every text value in a game's data files (what its pieces print),
    each with the first file that prints it."""

    places: dict[str, Path] = {}
    for path in sorted(Path(data_dir).glob("*.yaml")):
        chars: set[str] = set()
        _strings(load_yaml(path), chars)
        places.update((ch, path) for ch in chars - places.keys())
    return places


def _strings(value, into: set[str]) -> None:
    if isinstance(value, str):
        into.update(value)
    elif isinstance(value, dict):
        for v in value.values():
            _strings(v, into)
    elif isinstance(value, list):
        for v in value:
            _strings(v, into)


def _first_lines(path: Path, chars: set[str]) -> dict[str, Where]:
    """Where each of `chars` first appears in the file's text; a character written only as a
    YAML escape (\\u2603) is placed at the file."""
    left, found = set(chars), {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        for ch in left.intersection(line):
            found[ch] = Where(display_path(path), number)
        left.difference_update(found)
        if not left:
            break
    found.update((ch, Where(display_path(path))) for ch in left)
    return found


def drawn_but_missing(doc) -> None:
    """Refuse, after drawing, a PDF with text the registered font has no glyph for."""
    font = pdfmetrics.getFont(FONT) if FONT in pdfmetrics.getRegisteredFontNames() else None
    absent = font.missing.pop(id(doc), None) if isinstance(font, _Font) else None
    if absent:
        raise _refusal(f"the font {font.path}", sorted(absent), "in the text of this PDF")


def register(explicit: str | os.PathLike | None = None) -> str:
    """Register the Japanese font with reportlab once; return its name."""
    return _register(_chosen(explicit))


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


# Kinsoku (JIS X 4051): characters that never begin a line (closing brackets and punctuation,
# small kana, the prolonged-sound mark, iteration marks) and that never end one (opening brackets).
NO_LINE_START = ("、。，．,.:;!?）)」』】〕］]｝}〉》〙”’・：；！？ー～〜‐゠–々ゝゞヽヾ"
                 "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ")
NO_LINE_END = "（(「『【〔［[｛{〈《〘“‘"
_UNIT = re.compile(r"[!-~]+| +|.", re.S)   # a run of Latin letters, digits and signs stays whole


def japanese_units(s: str) -> list[str]:
    """The pieces Japanese text may break between: any two characters (a Latin word or a number
    whole), except before a character that never begins a line and after one that never ends one."""
    units: list[str] = []
    for piece in _UNIT.findall(s):
        if units and not piece.isspace() and (piece[0] in NO_LINE_START or units[-1][-1] in NO_LINE_END):
            units[-1] += piece
        else:
            units.append(piece)
    return units


WIDOW = 2          # characters (closing punctuation not counted) a last line may not be left with
CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳"      # a rule's number, read with the word before it (ルール②)
_WORD_BEFORE_MARK = re.compile(f"[\u30a1-\u30fa\u30fc\u3400-\u9fff々]*[{CIRCLED}]")
REBALANCE_TRIES = 16   # widths tried between the narrowest and the full one for a rebalance without a split word


def _widow(line: str) -> bool:
    return len([ch for ch in line if ch not in NO_LINE_START and not ch.isspace()]) <= WIDOW


def _katakana(ch: str) -> bool:
    return "\u30a1" <= ch <= "\u30fa" or ch == "ー"      # the middle dot ・ is punctuation, not a letter


def _word_char(ch: str) -> bool:
    return _katakana(ch) or "\u3400" <= ch <= "\u9fff" or ch == "々"


def split_words(lines: list[str]) -> int:
    """How many of the breaks between `lines` split a word: one inside a run of katakana
    (トー/クン), or inside the word a circled number belongs to (選択/ルール②, ルール/②)."""
    splits = 0
    for line, nxt in zip(lines, lines[1:]):
        if not line or not nxt:
            continue
        before = _WORD_BEFORE_MARK.match(nxt)
        if (_katakana(line[-1]) and _katakana(nxt[0])) or (before and _word_char(line[-1])):
            splits += 1
    return splits


def _rebalanced(fill, width_pt: float, widow, splits=None) -> list[str]:
    """`fill(width)`'s lines at `width_pt`, unless its last line is a `widow`: then the same number
    of lines set narrower, at the narrowest width that keeps the count (the most on the last line)
    when that mends the widow. With `splits` (a count of words a set of lines breaks), a rebalance
    that splits more words than another of the same count gives way to it: of the widths from the
    narrowest up to `width_pt`, the one splitting fewest, the narrowest of those."""
    lines = fill(width_pt)
    if len(lines) < 2 or not widow(lines[-1]):
        return lines
    lo, hi, best = width_pt * (len(lines) - 1) / len(lines), width_pt, lines
    for _ in range(12):          # the narrowest width that keeps the count: the most on the last line
        mid = (lo + hi) / 2
        trial = fill(mid)
        if len(trial) == len(lines):
            hi, best = mid, trial
        else:
            lo = mid
    if widow(best[-1]):
        return lines
    if splits is None or not splits(best):
        return best
    tried = [(splits(best), hi, best)]
    for k in range(1, REBALANCE_TRIES + 1):
        w = hi + (width_pt - hi) * k / REBALANCE_TRIES
        trial = fill(w)
        if len(trial) == len(lines) and not widow(trial[-1]):
            tried.append((splits(trial), w, trial))
    return min(tried, key=lambda t: t[:2])[2]


def wrap_japanese(s: str, width_pt: float, size: float, font: str = FONT) -> list[str]:
    """Japanese text in lines that fill `width_pt`, broken between characters by the kinsoku rules
    (japanese_units); a space where a line breaks is dropped. Nothing passes the width but a single
    unit wider than it. A last line of one or two characters (「い。」) is avoided where the
    same number of lines set narrower carries more onto it: the lines are rebalanced, at breaks
    that split no katakana word and no word a circled number follows where one can be found."""
    return _rebalanced(lambda w: _fill_japanese(s, w, size, font), width_pt, _widow, split_words)


def _one_word(line: str) -> bool:
    return len(line.split()) <= 1


def wrap_english(s: str, width_pt: float, size: float, font: str = FONT) -> list[str]:
    """English text in lines no wider than `width_pt`, broken at spaces (a word is never split).
    A last line of one word alone ("region).") is avoided as Japanese avoids one of two
    characters: the same number of lines set narrower, when that carries a second word down."""
    return _rebalanced(lambda w: wrap(s.split(" "), w, size, sep=" ", font=font), width_pt, _one_word)


def _fill_japanese(s: str, width_pt: float, size: float, font: str) -> list[str]:
    lines, current = [], ""
    for unit in japanese_units(s):
        candidate = current + unit
        if current.strip() and not unit.isspace() and text_width(candidate.rstrip(), size, font) > width_pt:
            lines.append(current.rstrip())
            candidate = unit
        current = candidate
    return lines + ([current.rstrip()] if current.strip() else [])


def is_japanese(s: str) -> bool:
    """A text set as Japanese (broken between characters) rather than at spaces: one with kana
    (an English line may name a piece in kanji, 社 or 庭, but never holds kana)."""
    return any("\u3041" <= ch <= "\u30ff" for ch in s)


def lines_of(s: str, lang: str, width_mm: float, size: float) -> list[str]:
    """`s` in lines at most `width_mm` wide: English broken at spaces, Japanese between any two
    characters the kinsoku rules allow (wrap_japanese); `lang` None: by is_japanese. The one
    line breaker for every piece of paper."""
    if lang is None:
        lang = "ja" if is_japanese(s) else "en"
    if lang == "en":
        return wrap_english(s, width_mm * 72 / 25.4, size) or [""]
    return wrap_japanese(s, width_mm * 72 / 25.4, size) or [""]


def fit_size(text: str, width_pt: float, size: float, floor: float, font: str = FONT) -> float:
    """The largest size ≤ `size` at which `text` fits in `width_pt`; may be below `floor`.

    Callers compare the result with the floor to warn; the drawing never overflows.
    """
    natural = text_width(text, size, font)
    if natural <= width_pt or natural == 0:
        return size
    return size * width_pt / natural
