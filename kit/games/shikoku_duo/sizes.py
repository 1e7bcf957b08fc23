"""Every shikoku-duo piece laid out at the layout's sizes, without drawing: what the build runs
before it draws and `kit check` runs, so that check refuses every size the build would."""

from __future__ import annotations

from kit.data.errors import Collector
from kit.draw.imposition import grid

from kit.games.shikoku_duo import playerboards, tokens
from kit.games.shikoku_duo.boardlayout import board_piece as piece_of, too_close
from kit.games.shikoku_duo.values import ShikokuDuo


def spacing_errors(model: ShikokuDuo, piece) -> None:
    """Ring spaces that would print too close together: a data error at the later space."""
    errors = Collector()
    ring = model.board.ring
    for t in too_close(model.board, piece):
        errors.error(f"ring spaces {ring[t.a].name} and {ring[t.b].name} would print {t.distance:.1f} mm apart "
                     f"centre to centre; spaces of {piece.space:g} mm need {t.minimum:g} mm "
                     f"(move an `at:` place or lower ring anchor_weight)", model.where[("space", t.b)])
    errors.raise_if_any()


def sizes(model: ShikokuDuo, layout) -> None:
    """Every piece laid out as the build lays it out, without drawing: the ring spaces on the
    board, the player boards' slots, and each piece on its sheets. The build runs this before it
    draws, and `kit check` runs it, so check refuses every size the build would."""
    spacing_errors(model, piece_of(layout))
    comp = model.components
    boards = playerboards.layouts(layout, comp)
    for name in boards:
        grid(layout, f"{name}_board")
    for name in ("player_aid", "automa_board"):
        grid(layout, name)
    for sections in (tokens.duplex_sections(comp), tokens.token_sections(comp, layout), tokens.die_sections(comp)):
        tokens.pack(layout, sections)


# Pages not read in play: the reduced board preview, and the duplex test page.
NOT_IN_PLAY = ("board-overview.pdf", "alignment.pdf")


def piece_at(comp, layout):
    """The piece a point of a cut sheet stands on (tokens, tiles, dice stickers), by its trims."""

    sheets = {"tokens.pdf": tokens.token_sections(comp, layout), "tiles.pdf": tokens.duplex_sections(comp),
              "dice-stickers.pdf": tokens.die_sections(comp)}
    packed = {name: tokens.pack(layout, sections) for name, sections in sheets.items()}

    def where(file, page, x, y):
        if file not in packed:
            return file.removesuffix(".pdf")
        pages = packed[file]
        band_pages = pages if file != "tiles.pdf" else [p for p in pages for _ in (0, 1)]   # fronts and backs
        for placed in band_pages[page - 1] if page - 1 < len(band_pages) else ():
            for trim in placed.grid.trims:
                if trim.x - 1 <= x <= trim.x2 + 1 and trim.y - 1 <= y <= trim.y2 + 1:
                    return sheets[file][placed.section].piece
        return file.removesuffix(".pdf")
    return where
