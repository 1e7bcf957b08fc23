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
