"""`kit build --game karuta`: every printable PDF, rendered in memory, then written together.

Nothing is written until every file has rendered, so a failed build (bad data, a
missing map, a card that does not fit the paper) leaves earlier outputs untouched.
"""

from __future__ import annotations

from pathlib import Path

from kit import fonts
from kit.output import write_all

from kit.games.karuta.boardpdf import Slot, board_pdfs
from kit.games.karuta.cards import cards_pdf
from kit.games.karuta.geo import load_all
from kit.games.karuta.sheets import progress_pdf, sampler_pdf

FILES = ("board.pdf", "board-overview.pdf", "cards.pdf", "card-sizes.pdf", "progress-sheet.pdf")


def board_slots(model, board, layout) -> dict[str, Slot]:
    """The layout engine's relaxed slots for the layout's card size, keyed by kanji."""
    from kit.games.karuta.layout import slots

    placed = slots(model, board, layout.card.width, layout.card.height, layout)
    return {s.kanji: Slot(s.kanji, s.centre[0], s.centre[1], s.width, s.height, tuple(s.leader))
            for s in placed.slots}


def render(ctx, corner_index: bool | None = None) -> dict[Path, tuple[bytes, int]]:
    """Every build output as {path: (pdf bytes, pages)}; writes nothing."""
    fonts.register(ctx.font)
    model, board = load_all(ctx)
    layout = ctx.layout
    shapes = {k: r.shape for k, r in board.regions.items()}
    tiled, overview = board_pdfs(model, board, board_slots(model, board, layout), layout,
                                 layout.card.width, layout.card.height)
    out = ctx.out_dir
    return {
        out / "board.pdf": tiled,
        out / "board-overview.pdf": overview,
        out / "cards.pdf": cards_pdf(model, shapes, layout, bool(corner_index)),
        out / "card-sizes.pdf": sampler_pdf(model, shapes, layout),
        out / "progress-sheet.pdf": progress_pdf(model, layout),
    }


def build(ctx, corner_index: bool | None = None) -> list[tuple[Path, int]]:
    rendered = render(ctx, corner_index)
    write_all({path: data for path, (data, _) in rendered.items()})
    return [(path, pages) for path, (_, pages) in rendered.items()]
