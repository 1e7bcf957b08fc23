"""`kit build --game shikoku-duo`: every printable PDF, rendered in memory, then written together.

- board.pdf, board-overview.pdf: the board (board.py);
- player-boards.pdf: each player's pilgrim, merchant and artist boards;
- tiles.pdf: painting tiles with the players' backs and the wave tiles (side B on the back), duplex;
- tokens.pdf: standees, goods, shop tokens, gold slabs, track markers, the hot-spring token and
  the Automa's rank markers;
- dice-stickers.pdf: the three dice's faces;
- player-aid.pdf: play on the front, setup on the back (duplex);
- automa.pdf: the Automa's rules (from data/shikoku-duo/automa.yaml) above its rank tracks;
- score-pad.pdf, progress-sheet-duo.pdf, progress-sheet-solo.pdf: paper for the table and for
  `kit replay`;
- alignment.pdf: the duplex alignment test.

Nothing is written until every file has rendered, so a failed build leaves earlier outputs as
they were. Each product is a `kit.rebuild.memo.step`: under `--watch` it is redrawn only when a value it
read last time has changed.
"""

from __future__ import annotations

from pathlib import Path

from kit.draw.fonts import font_path, register
from kit.rebuild.memo import step
from kit.draw.pdf import Pdf
from kit.run.files import write_all
from kit.draw.textsize import refuse
from kit.draw.render import alignment_pages

from kit.games.shikoku_duo import playerboards, sheets, tokens
from kit.games.shikoku_duo.pieces import TITLE
from kit.games.shikoku_duo.automa import board_order, card_lines, load_automa
from kit.games.shikoku_duo.model import load
from kit.games.shikoku_duo.board import board_pdfs
from kit.games.shikoku_duo.sizes import NOT_IN_PLAY, piece_at, sizes
from kit.games.shikoku_duo.rulebook import load_book, printed, rules_pdf, verify_book
from kit.rules.book import check_lang
from kit.rules.render import page_images


def automa_card(data_dir: Path, game=None) -> tuple[list[tuple[str, str]], tuple]:
    """The Automa's rules card lines (Japanese, English) and rank tracks, from automa.yaml via
    the engine's automa.py: one source for the card and the simulator. With the game, the card
    lists the board order its ties follow."""

    rules = load_automa(Path(data_dir) / "automa.yaml")
    return card_lines(rules, board_order(game) if game is not None else ()), rules.tracks


def alignment_pdf(layout) -> tuple[bytes, int]:
    pdf = Pdf(layout.paper_width, layout.paper_height, f"{TITLE}: duplex alignment")
    alignment_pages(pdf, layout, TITLE)
    return pdf.finish(), pdf.pages


def pieces(game, layout, automa, font: tuple, book) -> dict[str, tuple[bytes, int]]:
    """Every piece but the board, as {file name: (pdf, pages)}; `automa` is (lines, tracks),
    `font` the font file, for the steps' fingerprints; `book` the rulebook the aid prints from."""
    comp = game.components
    return {
        "player-boards.pdf": step("player-boards.pdf", playerboards.boards_pdf, comp, layout, extra=font),
        "tiles.pdf": step("tiles.pdf", tokens.tiles_pdf, comp, layout, extra=font),
        "tokens.pdf": step("tokens.pdf", tokens.tokens_pdf, comp, layout, extra=font),
        "dice-stickers.pdf": step("dice-stickers.pdf", tokens.dice_pdf, comp, layout, extra=font),
        "player-aid.pdf": step("player-aid.pdf", sheets.aid_pdf, game, layout, book, extra=font),
        "automa.pdf": step("automa.pdf", sheets.automa_pdf, *automa, layout, extra=font),
        "score-pad.pdf": step("score-pad.pdf", sheets.score_pad_pdf, game, layout, extra=font),
        **{f"progress-sheet-{table}.pdf": step(f"progress-sheet-{table}.pdf", sheets.progress_pdf, game, layout,
                                               table == "solo", extra=font) for table in ("duo", "solo")},
        "alignment.pdf": step("alignment.pdf", alignment_pdf, layout, extra=font),
    }


def render(ctx, lang: str | None = None) -> dict[Path, tuple[bytes, int]]:
    """Every build output as {path: (pdf bytes, pages)}; writes nothing. Refuses text read in
    play below 6 pt (kit.draw.textsize), naming the piece and the text."""
    langs = check_lang(lang)
    register(ctx.font)

    game = load(ctx.data_dir, ctx.rules, ctx.map_path())
    sizes(game, ctx.layout)      # as `kit check` lays the pieces out: a size refused here is refused there
    book = load_book(ctx.data_dir, game)
    verify_book(game, book, ctx.data_dir)    # a rulebook whose example the engine contradicts is not printed
    automa = automa_card(ctx.data_dir, game)   # read before anything is drawn: a bad automa.yaml stops the build at once
    font = (str(font_path(ctx.font)),)
    rendered: dict[str, tuple[bytes, int]] = {}

    rendered.update(step("board", board_pdfs, game, ctx.layout, extra=font))
    rendered.update(pieces(printed(game, book), ctx.layout, automa, font, book))
    rendered["rules.pdf"] = step("rules.pdf", rules_pdf, game, book, ctx.layout, langs, extra=font)
    refuse({name: data for name, (data, _) in rendered.items()}, piece_at(game.components, ctx.layout), NOT_IN_PLAY)
    return {ctx.out_dir / name: value for name, value in rendered.items()}


def build(ctx, lang: str | None = None, images: bool = False, dpi: int = 150):
    rendered = render(ctx, lang)
    files = {path: data for path, (data, _) in rendered.items()}
    written = [(path, pages) for path, (_, pages) in rendered.items()]
    if not images:
        write_all(files)
        return written

    game = load(ctx.data_dir, ctx.rules, ctx.map_path())
    game = printed(game, load_book(ctx.data_dir, game))
    overview = ctx.out_dir / "board-overview.pdf"
    pngs, summary = step("images", tile_images, ctx.out_dir, game.components, ctx.layout,
                         files[overview] if overview in files else None, dpi, extra=(str(font_path(ctx.font)),))
    pngs |= step("rules images", page_images, ctx.out_dir, files[ctx.out_dir / "rules.pdf"], dpi)
    write_all(files | pngs)
    return written, summary


def tile_images(out_dir, components, layout, overview: bytes | None, dpi: int):
    """The --images PNGs (kit.draw.images) of the tiles and the board, and their summary."""
    from kit.draw.images import write_images

    return write_images(out_dir, tokens.tile_decks(components, layout), {"board": overview} if overview else {},
                        dpi, TITLE)
