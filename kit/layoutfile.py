"""Layout files (`layouts/*.yaml`): paper, card, bleed, crop marks, duplex, board.

Settings resolve in one order before anything is drawn: `layouts/default.yaml`,
then `layouts/<game>.yaml`, then command-line values. Drawing code receives a
finished `Layout` of numbers in millimetres.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from pathlib import Path

from reportlab.lib import pagesizes

from kit.errors import KitError, did_you_mean
from kit.units import parse_length, parse_size
from kit.yamlload import LMap, fields, load_yaml

PAPERS = {name: (pagesizes.__dict__[name][0] / pagesizes.mm, pagesizes.__dict__[name][1] / pagesizes.mm)
          for name in ("A4", "A3", "LETTER")}
PAPERS["Letter"] = PAPERS.pop("LETTER")


@dataclass(frozen=True)
class Card:
    width: float
    height: float
    bleed: float
    safe: float
    gutter: float


@dataclass(frozen=True)
class Layout:
    paper: str
    paper_width: float
    paper_height: float
    margin: float
    card: Card
    crop_length: float
    crop_offset: float
    duplex_flip: str          # "long" or "short": the edge the sheet turns over
    duplex_dx: float          # measured shift of the back against the front, mm
    duplex_dy: float
    board_scale: float        # mm per map unit
    board_overlap: float      # glued overlap between board tiles, mm
    slot_gap: float           # minimum gap between relaxed slots, map units
    map: str | None           # map path from the layout file, or None
    source: str               # files the layout was read from, for messages
    # Named pieces (`pieces:` in a game's layout) as written, each read by the game that
    # names it, so its errors keep their file and line.
    pieces: LMap | None = field(default=None, compare=False)

    def with_paper(self, name: str) -> "Layout":
        key = paper_name(name)
        w, h = PAPERS[key]
        return replace(self, paper=key, paper_width=w, paper_height=h)

    def with_card(self, width: float, height: float) -> "Layout":
        return replace(self, card=replace(self.card, width=width, height=height))


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
    "paper": str, "margin": (str, int, float), "card": dict, "crop_marks": dict,
    "duplex": dict, "board": dict, "map": (str, type(None)), "pieces": dict,
}


def load_layout(files: list[Path]) -> Layout:
    """Read and merge layout files (later ones override); validate every value."""
    merged = None
    for path in files:
        doc = load_yaml(path)
        if doc is None:
            continue
        fields(doc, {}, _SECTIONS, what="layout")
        merged = doc if merged is None else _merge(merged, doc)
    if merged is None:
        raise KitError(f"no layout settings in {', '.join(str(f) for f in files)}")
    top = fields(merged, {k: v for k, v in _SECTIONS.items() if k not in ("map", "pieces")},
                 {"map": _SECTIONS["map"], "pieces": _SECTIONS["pieces"]}, what="layout")
    card = top["card"]
    fields(card, {"size": str, "bleed": (str, int, float), "safe": (str, int, float),
                  "gutter": (str, int, float)}, what="card")
    try:
        width, height = parse_size(card["size"], "card size")
    except KitError as err:
        raise KitError(err.message, card.at("size")) from None
    crop = top["crop_marks"]
    fields(crop, {"length": (str, int, float), "offset": (str, int, float)}, what="crop_marks")
    duplex = top["duplex"]
    fields(duplex, {"flip": str}, {"offset_x": (str, int, float), "offset_y": (str, int, float)},
           what="duplex")
    if duplex["flip"] not in ("long", "short"):
        raise KitError(f"duplex flip must be long or short, not {duplex['flip']!r}", duplex.at("flip"))
    board = top["board"]
    fields(board, {"scale": (int, float), "overlap": (str, int, float), "slot_gap": (int, float)},
           what="board")
    if not (math.isfinite(board["scale"]) and board["scale"] > 0):
        raise KitError("board scale must be a number larger than zero", board.at("scale"))
    if not (math.isfinite(board["slot_gap"]) and board["slot_gap"] >= 0):
        raise KitError("board slot_gap must be a number, zero or more", board.at("slot_gap"))
    try:
        paper = paper_name(top["paper"])
    except KitError as err:
        raise KitError(err.message, merged.at("paper")) from None
    card_value = Card(width, height, _len(card, "bleed"), _len(card, "safe"), _len(card, "gutter"))
    if card_value.gutter < 2 * card_value.bleed:
        raise KitError("card gutter must be at least twice the bleed, or bleeds overlap", card.at("gutter"))
    margin = _len(merged, "margin")
    if 2 * margin >= min(PAPERS[paper]):
        raise KitError(f"a {margin:g} mm margin leaves nothing of {paper} paper "
                       f"({PAPERS[paper][0]:.0f} × {PAPERS[paper][1]:.0f} mm)", merged.at("margin"))
    return Layout(
        paper=paper, paper_width=PAPERS[paper][0], paper_height=PAPERS[paper][1], margin=margin,
        card=card_value, crop_length=_len(crop, "length"), crop_offset=_len(crop, "offset"),
        duplex_flip=duplex["flip"],
        duplex_dx=_len(duplex, "offset_x", signed=True) if "offset_x" in duplex else 0.0,
        duplex_dy=_len(duplex, "offset_y", signed=True) if "offset_y" in duplex else 0.0,
        board_scale=float(board["scale"]), board_overlap=_len(board, "overlap"),
        slot_gap=float(board["slot_gap"]), map=top.get("map"),
        source=", ".join(str(f) for f in files), pieces=top.get("pieces"),
    )
