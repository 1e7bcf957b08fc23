"""Lengths. Everything inside kit is in millimetres; points exist only at the PDF edge.

There is one conversion (`to_pt`), and one strict parser for lengths written by people
(`24`, `3mm`, `0.5in`, `24x26`).
"""

from __future__ import annotations

import math
import re

from kit.data.errors import KitError

# PDF points per inch, cm and mm, worked out as reportlab.lib.units works them out (so a
# length is the same float here as in reportlab's own units), without importing reportlab:
# reading a layout, as `kit sim` does, draws nothing.
INCH = 72.0
CM = INCH / 2.54
MM = CM * 0.1

_PER_MM = {"mm": 1.0, "cm": CM / MM, "in": INCH / MM, "pt": 1 / MM}
_LENGTH = re.compile(r"\s*(-?[0-9]+(?:\.[0-9]+)?)\s*(mm|cm|in|pt)?\s*")
_SIZE = re.compile(r"\s*([0-9]+(?:\.[0-9]+)?)\s*[x×X]\s*([0-9]+(?:\.[0-9]+)?)\s*(mm|cm|in|pt)?\s*")


def to_pt(length_mm: float) -> float:
    """Millimetres to PDF points."""
    return length_mm * MM


def parse_length(text, what: str = "length", signed: bool = False) -> float:
    """A length in mm from `12`, `12mm`, `1.2cm`, `0.5in` or `3pt`. Bare numbers are mm; a
    space may stand between the number and its unit (`12 mm`) and around the whole.

    Only a `signed` length (a measured shift, say) may be negative.
    """
    if isinstance(text, (int, float)) and not isinstance(text, bool):
        value = float(text)
    else:
        m = _LENGTH.fullmatch(str(text))
        if not m:
            raise KitError(f"{what}: {text!r} is not a length (write e.g. 3mm, 0.5in or 3)")
        value = float(m.group(1)) * _PER_MM[m.group(2) or "mm"]
    if not math.isfinite(value):
        raise KitError(f"{what}: {text!r} is not a finite length")
    if value < 0 and not signed:
        raise KitError(f"{what} must not be negative, got {text}")
    return value


# No printed piece comes near 2 m a side; past it, laying one out (a board's rings and regions
# at that scale) would take minutes and gigabytes before anything else could refuse it.
MAX_SIZE_MM = 2000


class SizeRefused(KitError):
    """A size refused: `what: 'text' is why` in a file; `why` alone (`--card 0x0: must be ...`)
    where the command line names its option and value itself."""

    def __init__(self, what: str, text, verb: str, why: str):
        super().__init__(f"{what}: {text!r} {verb} {why}")
        self.why = why if verb == "is" else f"{verb} {why}"


def parse_size(text, what: str = "size") -> tuple[float, float]:
    """(width, height) in mm from `24x26`, `24x26mm` or `2.5x3.5in`."""
    m = _SIZE.fullmatch(str(text))
    if not m:
        raise SizeRefused(what, text, "is", "not WIDTHxHEIGHT (write e.g. 24x26 or 63x88mm)")
    factor = _PER_MM[m.group(3) or "mm"]
    w, h = float(m.group(1)) * factor, float(m.group(2)) * factor
    if not (math.isfinite(w) and math.isfinite(h)):
        raise SizeRefused(what, text, "is", "too large to be a size")
    if w <= 0 or h <= 0:
        raise SizeRefused(what, text, "must", "be larger than zero in both directions")
    if w > MAX_SIZE_MM or h > MAX_SIZE_MM:
        raise SizeRefused(what, text, "is", f"past kit's limit of {MAX_SIZE_MM:,} mm a side (A0 paper is "
                          "841 x 1189 mm; a board tiles over at most 200 sheets)")
    return w, h
