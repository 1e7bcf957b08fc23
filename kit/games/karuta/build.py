"""`kit build --game karuta`: every printable PDF, rendered in memory, then written together.

Nothing is written until every file has rendered, so a failed build (bad data, a
missing map, a card that does not fit the paper) leaves earlier outputs untouched.
Each product, and the slot relaxation and board plan they share, is a `kit.rebuild.memo.step`:
under `--watch` one is redone only when a value it read last time has changed.
"""

from __future__ import annotations

from pathlib import Path

from kit.draw import fonts
from kit.draw.images import Deck, write_images
from kit.rebuild.memo import step
from kit.run.files import write_all
from kit.draw.textsize import refuse

from kit.games.karuta.differences import acknowledged
from kit.games.karuta.boardpdf import board_pdfs, board_plan
from kit.games.karuta.cards import TITLE, FrontPainter, cards_pdf, define_back, draw_back, text_roles
from kit.games.karuta.geo import load_all
from kit.games.karuta.layout import Slot, slots
from kit.games.karuta.rulebook import load_book, rules_pdf, verify_book
from kit.games.karuta.sheets import SEATS, aid_pdf, progress_pdf, sampler_pdf
from kit.rules.book import check_lang
from kit.rules.render import page_images
from kit.games.karuta.settings import sizes


def board_slots(model, board, layout) -> dict[str, Slot]:
    """The layout engine's relaxed slots for the layout's card size, keyed by kanji."""
    card = layout.piece("card")
    return {s.kanji: s for s in slots(model, board, card.width, card.height, layout).slots}


# Pages not read in play: the card-size sampler (its smaller sizes are too small on purpose)
# and the reduced board preview.
NOT_IN_PLAY = ("card-sizes.pdf", "board-overview.pdf")


def piece_of(file: str, page: int, x: float, y: float) -> str | None:
    """The piece a point of a page stands on, for naming text too small to read."""
    return {"cards.pdf": "card", "board.pdf": "board"}.get(file)


def render(ctx, corner_index: bool | None = None, lang: str | None = None) -> dict[Path, tuple[bytes, int]]:
    """Every build output as {path: (pdf bytes, pages)}; writes nothing. Refuses text read in
    play below 6 pt (kit.draw.textsize), naming the piece and the text."""
    langs = check_lang(lang)
    fonts.register(ctx.font)
    model, board = load_all(ctx)
    acknowledged(ctx.data_dir, model)      # read as check reads it: a build refuses what check refuses
    book = load_book(ctx.data_dir)
    verify_book(model, book)       # a rulebook whose example the engine contradicts is not printed
    layout = ctx.layout
    card = layout.piece("card")
    sizes(layout, board, bool(corner_index))
    shapes = {k: r.shape for k, r in board.regions.items()}
    font = (str(fonts.font_path(ctx.font)),)       # what the text is drawn in, for the steps' fingerprints
    slots_ = step("slots", board_slots, model, board, layout)
    plan_ = step("board plan", board_plan, model, board, slots_, layout)
    tiled, overview, key = step("board", board_pdfs, model, board, slots_, layout, card.width, card.height,
                                plan_, extra=font)
    out = ctx.out_dir
    rendered = {
        out / "board.pdf": tiled,
        out / "board-overview.pdf": overview,
        out / "board-key.pdf": key,
        out / "cards.pdf": step("cards.pdf", cards_pdf, model, shapes, layout, bool(corner_index), extra=font),
        out / "card-sizes.pdf": step("card-sizes.pdf", sampler_pdf, model, shapes, layout, extra=font),
        **{out / f"progress-sheet-{n}p.pdf": step(f"progress-sheet-{n}p.pdf", progress_pdf, model, layout, n, extra=font)
           for n in SEATS},
        out / "player-aid.pdf": step("player-aid.pdf", aid_pdf, model, plan_.marks, layout, book, extra=font),
        out / "rules.pdf": step("rules.pdf", rules_pdf, model, book, layout, langs, extra=font),
    }
    refuse({p.name: data for p, (data, _) in rendered.items()}, piece_of, NOT_IN_PLAY)
    return rendered


def card_deck(model, shapes, layout, corner_index: bool = False) -> Deck:
    """The province cards as cards.pdf draws them, one per image; text roles at their smallest."""
    card = layout.piece("card")
    painter = FrontPainter(model, shapes, card.width, card.height, card.safe, corner_index)
    return Deck("cards", card.width, card.height, card.bleed, len(model.provinces), painter, draw_back,
                prepare=lambda c: define_back(c, card.width, card.height, card.bleed, card.safe),
                roles=text_roles(model, painter.face))


def build(ctx, corner_index: bool | None = None, lang: str | None = None, images: bool = False, dpi: int = 150):
    rendered = render(ctx, corner_index, lang)
    files = {path: data for path, (data, _) in rendered.items()}
    written = [(path, pages) for path, (_, pages) in rendered.items()]
    if not images:
        write_all(files)
        return written
    model, board = load_all(ctx)
    shapes = {k: r.shape for k, r in board.regions.items()}
    pngs, summary = step("images", card_images, ctx.out_dir, model, shapes, ctx.layout, bool(corner_index),
                         files[ctx.out_dir / "board-overview.pdf"], dpi, extra=(str(fonts.font_path(ctx.font)),))
    pngs |= step("rules images", page_images, ctx.out_dir, files[ctx.out_dir / "rules.pdf"], dpi)
    write_all(files | pngs)
    return written, summary


def card_images(out_dir, model, shapes, layout, corner_index: bool, overview: bytes, dpi: int):
    """The --images PNGs (kit.draw.images) of the cards and the board, and their summary."""
    return write_images(out_dir, [card_deck(model, shapes, layout, corner_index)], {"board": overview}, dpi, TITLE)
