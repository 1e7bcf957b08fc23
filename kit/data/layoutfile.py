"""Layout files (`layouts/*.yaml`): paper, named pieces, crop marks, duplex, and a
game's own sections.

Settings resolve in one order before anything is drawn: `layouts/default.yaml`,
then `layouts/<game>.yaml`, then an extra `--layout` file, then command-line values.
Drawing code receives a finished `Layout` of numbers in millimetres.

A layout holds any number of named pieces (`pieces:` card, tile, token, board, ...),
each with a size, bleed, safe zone and gutter; what a piece leaves out comes from
`piece_defaults:`. A game asks for a piece by name: `layout.piece("card")`. Sections
only one game uses (karuta's `board:` and `map:`, a progress sheet's row count) are
named in the game's declaration (`Game.layout_settings`), passed through as read,
and checked by the game with `length`, `number`, `count` and `size` below, so that
their errors still say `file:line`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType

from kit.data.errors import KitError, Where, did_you_mean, display_path
from kit.data.units import INCH, MM, parse_length, parse_size
from kit.data.yamlload import LMap, expect, fields, load_yaml

# The papers in mm, from their sizes in points as reportlab.lib.pagesizes gives them (the
# same floats, without loading reportlab to read a layout).
PAPERS = {name: (w / MM, h / MM) for name, (w, h) in
          (("A4", (210 * MM, 297 * MM)), ("A3", (297 * MM, 420 * MM)), ("Letter", (8.5 * INCH, 11 * INCH)))}


@dataclass(frozen=True)
class Piece:
    """One named printed piece (card, tile, token, board, player board), in mm."""

    name: str = field(compare=False)   # for messages; two pieces of one size are equal
    width: float
    height: float
    bleed: float      # artwork past the trim
    safe: float       # text and symbols stay this far inside the trim
    gutter: float     # space between neighbouring trims on a cut sheet
    # The layout line that set its size, for a refusal that depends on it (None: --card set it)
    where: Where | None = field(default=None, compare=False, repr=False)
    # The places it sits on in play (`sits_on:`, kit.layout.fit checks it fits), and where that is written.
    sits_on: tuple[str, ...] = field(default=(), compare=False)
    sits_where: Where | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Layout:
    paper: str
    paper_width: float
    paper_height: float
    margin: float
    pieces: tuple[Piece, ...]
    crop_length: float
    crop_offset: float
    duplex_flip: str          # "long" or "short": the edge the sheet turns over
    duplex_dx: float          # measured shift of the back against the front, mm
    duplex_dy: float
    source: str               # files the layout was read from, for messages
    # A game's own sections (karuta's board and map, a progress sheet's rows), as read:
    # the game checks them with the helpers below, so their errors keep file:line.
    settings: MappingProxyType = field(default_factory=lambda: MappingProxyType({}), compare=False)
    print_shop: bool = False   # one piece per page, TrimBox and BleedBox set (--print-shop)
    own_file: str = ""         # the game's own layout file, where its sections belong

    def piece(self, name: str) -> Piece:
        """The named piece (`layout.piece("card")`)."""
        for p in self.pieces:
            if p.name == name:
                return p
        names = [p.name for p in self.pieces]
        raise KitError(f"the layout has no piece {name!r}{did_you_mean(name, names)} "
                       f"(it has {', '.join(names) or 'none'}; add it under pieces: in {self.source})")

    def section(self, name: str) -> LMap:
        """A game's own section of the layout (e.g. karuta's `board:`)."""
        if name not in self.settings:
            raise KitError(f"the layout has no {name}: section; add it (read from {self.source})",
                           Where(self.own_file, 1) if self.own_file else None)
        return self.settings[name]

    def with_paper(self, name: str) -> "Layout":
        key = paper_name(name)
        w, h = PAPERS[key]
        return replace(self, paper=key, paper_width=w, paper_height=h)

    def with_piece(self, name: str, width: float, height: float) -> "Layout":
        """The layout with one piece resized (`--card WxH` resizes the piece "card")."""
        piece = self.piece(name)
        return replace(self, pieces=tuple(replace(p, width=width, height=height, where=None) if p is piece else p
                                          for p in self.pieces))


def paper_name(name: str) -> str:
    for key in PAPERS:
        if key.lower() == str(name).lower():
            return key
    raise KitError(f"unknown paper {name!r}{did_you_mean(name, PAPERS)}; choose one of {', '.join(PAPERS)}")


def _merge(base: LMap, over: LMap) -> LMap:
    out = LMap({**base})
    out.where, out.key_where = over.where, {**base.key_where}
    for key, value in over.items():
        if isinstance(value, LMap) and isinstance(base.get(key), LMap):
            value = _merge(base[key], value)
        out[key] = value
        out.key_where[key] = over.key_where[key]
    return out


def _len(section: LMap, key: str, signed: bool = False) -> float:
    """A length from the layout, its errors placed at the key's line.

    parse_length refuses .nan, .inf and 1.0e+400, which YAML reads as numbers.
    """
    try:
        return parse_length(section[key], key, signed)
    except KitError as err:
        raise KitError(err.message, section.at(key)) from None


_SECTIONS = {
    "paper": str, "margin": (str, int, float), "piece_defaults": dict, "pieces": dict, "crop_marks": dict,
    "duplex": dict,
}
_LENGTH = (str, int, float)


def _piece(name: str, spec: LMap, defaults: dict, where) -> Piece:
    fields(spec, {"size": str}, {"bleed": _LENGTH, "safe": _LENGTH, "gutter": _LENGTH, "sits_on": (str, list)},
           what=f"piece {name}", where=where)
    width, height = size(spec["size"], spec.at("size"), f"{name} size")
    values = {}
    for key in ("bleed", "safe", "gutter"):
        source = spec if key in spec else defaults
        values[key] = _len(source, key)
    sits = spec.get("sits_on", ())
    sits = tuple(sits.split()) if isinstance(sits, str) else tuple(str(s) for s in sits)
    piece = Piece(name, width, height, **values, where=spec.at("size"), sits_on=sits,
                  sits_where=spec.at("sits_on") if "sits_on" in spec else None)
    gutter_at = spec.at("gutter") if "gutter" in spec else defaults.at("gutter")
    if piece.gutter > min(width, height):
        raise KitError(f"a {piece.gutter:g} mm gutter is wider than the {width:g} × {height:g} mm {name} itself; "
                       "the gutter is the paper left between two neighbouring pieces (a few mm)", gutter_at)
    if piece.gutter < 2 * piece.bleed:
        at = spec.at("gutter") if "gutter" in spec else spec.at("bleed")
        raise KitError(f"{name} gutter must be at least twice the bleed, or bleeds overlap", at)
    if 2 * piece.safe >= min(width, height):
        raise KitError(f"a {piece.safe:g} mm safe zone leaves nothing of a {width:g} × {height:g} mm {name}",
                       spec.at("safe") if "safe" in spec else spec.at("size"))
    return piece


def load_layout(files: list[Path], settings: tuple[str, ...] = (), pieces: tuple[str, ...] | None = None,
                ) -> Layout:
    """Read and merge layout files (later ones override); validate every value.

    `settings` names the top-level sections the game keeps for itself (passed through
    for it to check); `pieces`, if given, the pieces the game prints: each must be
    in the layout, and no other.
    """
    merged = None
    sections = {**_SECTIONS, **{name: object for name in settings}}
    for path in files:
        doc = load_yaml(path)
        if doc is None:
            continue
        if isinstance(doc, dict) and "card" in doc and "card" not in sections:
            raise KitError("a card is a named piece now: write `pieces:` and under it `card:` with its "
                           "size (bleed, safe and gutter shared by every piece go under `piece_defaults:`)",
                           doc.at("card"))
        fields(doc, {}, sections, what="layout", where=Where(display_path(path), 1))
        merged = doc if merged is None else _merge(merged, doc)
    if merged is None:
        raise KitError(f"no layout settings in {', '.join(str(f) for f in files)}")
    absent = [k for k in _SECTIONS if k != "pieces" and k not in merged]
    if absent:      # named where they belong, not at the file that happened to be read last
        raise KitError(f"the layout has no {', '.join(map(repr, absent))}: each is set in "
                       f"{display_path(files[0])} (or in the game's layout file)", Where(display_path(files[0]), 1))
    top = fields(merged, {k: v for k, v in _SECTIONS.items() if k != "pieces"},
                 {"pieces": dict, **{name: object for name in settings}}, what="layout")
    defaults = top["piece_defaults"]
    fields(defaults, {"bleed": _LENGTH, "safe": _LENGTH, "gutter": _LENGTH}, what="piece_defaults")
    for key in ("bleed", "safe", "gutter"):
        _len(defaults, key)
    specs = top.get("pieces", {})
    if pieces is not None:
        for name in specs:
            if name not in pieces:
                raise KitError(f"unknown piece {name!r}{did_you_mean(name, pieces)}; this game prints "
                               f"{', '.join(pieces) or 'no pieces'}", specs.at(name))
        missing = [p for p in pieces if p not in specs]
        if missing:
            # At the pieces: section, or, with none, the game's own file (the one after default.yaml):
            # never at default.yaml, which holds no pieces.
            own = files[1] if len(files) > 1 else files[0]
            where = merged.at("pieces") if "pieces" in merged else Where(display_path(own), 1)
            raise KitError(f"the layout has no piece {', '.join(map(repr, missing))}: add it under "
                           f"pieces: with its size", where)
    piece_values = tuple(_piece(name, spec, defaults, specs.at(name)) for name, spec in specs.items())
    crop = top["crop_marks"]
    fields(crop, {"length": _LENGTH, "offset": _LENGTH}, what="crop_marks")
    duplex = top["duplex"]
    fields(duplex, {"flip": str}, {"offset_x": _LENGTH, "offset_y": _LENGTH}, what="duplex")
    if duplex["flip"] not in ("long", "short"):
        raise KitError(f"duplex flip must be long or short, not {duplex['flip']!r}", duplex.at("flip"))
    try:
        paper = paper_name(top["paper"])
    except KitError as err:
        raise KitError(err.message, merged.at("paper")) from None
    margin = _len(merged, "margin")
    if 2 * margin >= min(PAPERS[paper]):
        raise KitError(f"a {margin:g} mm margin leaves nothing of {paper} paper "
                       f"({PAPERS[paper][0]:.0f} × {PAPERS[paper][1]:.0f} mm)", merged.at("margin"))
    room = min(PAPERS[paper]) - 2 * margin
    for name, piece in zip(specs, piece_values):
        if piece.gutter > room:
            where = specs[name].at("gutter") if "gutter" in specs[name] else defaults.at("gutter")
            raise KitError(f"a {piece.gutter:g} mm gutter is more than {paper} paper holds inside its margins "
                           f"({room:g} mm); the gutter is the paper left between two neighbouring {name}s", where)
    own = {name: _located(merged[name], merged.at(name)) for name in settings if name in merged}
    return Layout(
        paper=paper, paper_width=PAPERS[paper][0], paper_height=PAPERS[paper][1], margin=margin,
        pieces=piece_values, crop_length=_len(crop, "length"), crop_offset=_len(crop, "offset"),
        duplex_flip=duplex["flip"],
        duplex_dx=_len(duplex, "offset_x", signed=True) if "offset_x" in duplex else 0.0,
        duplex_dy=_len(duplex, "offset_y", signed=True) if "offset_y" in duplex else 0.0,
        source=", ".join(str(f) for f in files), settings=MappingProxyType(own),
        own_file=display_path(files[1] if len(files) > 1 else files[0]),
    )


def _located(value, where: Where):
    """A game section's value with a place even when it is a plain scalar (`map: x.svg`)."""
    return value if hasattr(value, "where") else Scalar(value, where)


@dataclass(frozen=True)
class Scalar:
    """A scalar section (e.g. karuta's `map:`) with the line it is written on."""

    value: object
    where: Where


# --- helpers a game uses to check its own sections, keeping file:line -----------------

def length(section: LMap, key: str) -> float:
    """A length in mm (`3mm`, `0.5in`, 3)."""
    if key not in section:
        raise KitError(f"missing {key!r}", section.where)
    return _len(section, key)


def number(section: LMap, key: str, *, above: float | None = None, minimum: float | None = None,
           what: str = "") -> float:
    """A finite plain number, larger than `above` or at least `minimum`."""
    what = what or key
    if key not in section:
        raise KitError(f"missing {key!r}", section.where)
    value = expect(section[key], float, section.at(key), what)
    if above is not None and not (math.isfinite(value) and value > above):
        bound = "larger than zero" if above == 0 else f"larger than {above:g}"
        raise KitError(f"{what} must be a number {bound}", section.at(key))
    if minimum is not None and not (math.isfinite(value) and value >= minimum):
        bound = ", zero or more" if minimum == 0 else f" of at least {minimum:g}"
        raise KitError(f"{what} must be a number{bound}", section.at(key))
    if not math.isfinite(value):
        raise KitError(f"{what} must be a finite number", section.at(key))
    return float(value)


def count(section: LMap, key: str, minimum: int = 1) -> int:
    """A whole number, at least `minimum`."""
    if key not in section:
        raise KitError(f"missing {key!r}", section.where)
    value = expect(section[key], int, section.at(key), key)
    if value < minimum:
        raise KitError(f"{key} must be at least {minimum}, not {value}", section.at(key))
    return value


def size(value, where: Where, what: str = "size") -> tuple[float, float]:
    """(width, height) in mm from `24x26`."""
    try:
        return parse_size(value, what)
    except KitError as err:
        raise KitError(err.message, where) from None


ROW_LEAST = 8.0                 # mm: a progress-sheet row a hand writes a name or a move in
# The most turns a progress sheet may log: far past any real game's (a sheet of 10**40 rows
# would take minutes to draw; `kit check` refuses it first).
MAX_LOGGED_TURNS = 1000


@dataclass(frozen=True)
class ProgressSheet:
    """A progress sheet's log (its `progress_sheet:` section): how many rows, how high."""

    turns: int
    row_height: float
    # Its row_height (else the section): what a page with no room names; not part of its value.
    where: Where | None = field(default=None, compare=False)


def progress_sheet(layout: Layout) -> ProgressSheet:
    section = layout.section("progress_sheet")
    fields(section, {"turns": int, "row_height": _LENGTH}, what="progress_sheet")
    row = length(section, "row_height")
    if row < ROW_LEAST:
        raise KitError(f"a {row:g} mm progress-sheet row leaves no room to write; make it at least "
                       f"{ROW_LEAST:g} mm", section.at("row_height"))
    turns = count(section, "turns")
    if turns > MAX_LOGGED_TURNS:
        raise KitError(f"a progress sheet of {turns:,} turns is past kit's limit of {MAX_LOGGED_TURNS:,} (the "
                       "longest simulated games of every game here take about 110)", section.at("turns"))
    return ProgressSheet(turns, row, section.at("row_height") if "row_height" in section else section.where)


def progress_turns(layout: Layout) -> int:
    """How many turns a game's progress sheet has rows for (its `progress_sheet: turns:`)."""
    return progress_sheet(layout).turns
