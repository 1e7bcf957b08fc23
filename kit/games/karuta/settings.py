"""karuta's own layout settings (layouts/karuta.yaml): the board and the card sizes the
designer compared. (Its `map:` is read by kit.data.project.find_map, which shikoku-duo's map
shares; its `progress_sheet: turns:` by kit.data.layoutfile.progress_turns, as every game's.)

They are sections only karuta reads (declared as its `layout_settings`), checked
here so that a wrong value is still `file:line: message`.
"""

from __future__ import annotations

from dataclasses import dataclass

from kit.data.errors import KitError
from kit.data.layoutfile import Layout, length, number, progress_turns, size
from kit.data.yamlload import LList, fields
from kit.draw.tiles import MAX_SHEETS, glue_strip, sheet_count
from kit.draw.imposition import grid
from kit.games.karuta.cards import face


@dataclass(frozen=True)
class Board:
    scale: float        # mm on paper per map unit
    overlap: float      # glued overlap between board tiles, mm
    slot_gap: float     # the corridor between slots a highway joins or runs between, map units
    sea: str | None = None   # the sea's colour "#RRGGBB", or None: no ink on the sea
    slot_gap_least: float | None = None   # the least gap between any other two slots (None: slot_gap)


@dataclass(frozen=True)
class Compared:
    """A card size the designer compared in prototypes."""

    width: float
    height: float
    note: str = ""


def board(layout: Layout) -> Board:
    section = layout.section("board")
    fields(section, {"scale": (int, float), "overlap": (str, int, float), "slot_gap": (int, float)},
           {"sea": (str, type(None)), "slot_gap_least": (int, float)}, what="board")
    sea = section.get("sea")
    if sea is not None and sea != "none" and not (
            len(sea) == 7 and sea.startswith("#") and all(ch in "0123456789abcdefABCDEF" for ch in sea[1:])):
        raise KitError(f"board sea must be #RRGGBB or none, not {sea!r}", section.at("sea"))
    return Board(scale=number(section, "scale", above=0, what="board scale"), overlap=length(section, "overlap"),
                 slot_gap=number(section, "slot_gap", minimum=0, what="board slot_gap"),
                 sea=None if sea in (None, "none") else sea,
                 slot_gap_least=number(section, "slot_gap_least", minimum=0, what="board slot_gap_least")
                 if "slot_gap_least" in section else None)


def check_board_sheets(layout: Layout, map_width: float, map_height: float) -> None:
    """Refuse, before any drawing, a board scale whose board would take more sheets than
    kit prints (tiles.MAX_SHEETS), naming the setting and the largest scale that fits, and a
    glue strip (overlap) that leaves no room on the paper."""

    b = board(layout)
    # refused here, at its line, and by `kit check` too, not only when tiling
    glue_strip(layout, b.overlap, layout.section("board").at("overlap"))
    count = sheet_count(map_width * b.scale, map_height * b.scale, layout, b.overlap)
    if count <= MAX_SHEETS:
        return
    low, high = 0.0, b.scale  # the largest scale that fits, to 3 significant figures
    for _ in range(40):
        mid = (low + high) / 2
        n = sheet_count(map_width * mid, map_height * mid, layout, b.overlap)
        low, high = (mid, high) if n is not None and n <= MAX_SHEETS else (low, mid)
    raise KitError(f"board scale {b.scale:g} makes the board {map_width * b.scale:,.0f} × "
                   f"{map_height * b.scale:,.0f} mm: {count:,} sheets of {layout.paper}, more than kit's limit "
                   f"of {MAX_SHEETS}; a scale up to {float(f'{low:.3g}'):g} fits",
                   layout.section("board").at("scale"))


def compared_cards(layout: Layout) -> tuple[Compared, ...]:
    """The compared sizes, each refused at its line when it leaves no room inside the card's
    safe zone (as build refuses the card size), since layout and card-sizes.pdf draw each."""

    section = layout.section("compared_cards")
    items = section
    if not isinstance(items, LList) or not items:
        raise KitError("compared_cards should be a list of {size: WxH, note: text}", section.where)
    out = []
    safe = layout.piece("card").safe
    for i, item in enumerate(items):
        f = fields(item, {"size": str}, {"note": str}, what="compared card", where=items.at(i))
        w, h = size(f["size"], item.at("size"), "compared card size")
        try:
            face(w, h, safe)
        except KitError as err:
            raise KitError(f"compared card size {f['size']}: {err.message}", item.at("size")) from None
        out.append(Compared(w, h, f.get("note", "")))
    return tuple(out)


def check_settings(layout: Layout) -> None:
    """Every karuta setting of the layout read once, so `kit check` reports a bad one."""
    board(layout)
    compared_cards(layout)
    progress_turns(layout)


def sizes(layout, board, corner_index: bool = False) -> None:
    """A card that does not fit the paper or leaves nothing inside its safe zone, and a board
    its sheets cannot hold, refused in their own words before the board's slots are relaxed:
    `kit check` runs this too, so it refuses every size the build would."""
    card = layout.piece("card")
    grid(layout, card)
    check_board_sheets(layout, board.width, board.height)
    face(card.width, card.height, card.safe, corner_index)
