"""`kit build --game tour-de-dice`: every printable PDF, rendered in memory, then written together.

- cards.pdf: course cards (one per copy), the goal card, Breakaway and the TURN cards (Japanese, English),
  fronts with bleed and crop marks, each sheet followed by its duplex back;
- markers.pdf: six player markers;
- course-preview.pdf: the ring of `kit sim --seed 1`'s first race, both laps (portrait);
- progress-sheet-2p.pdf ... -6p.pdf, progress-sheet-rule2.pdf: the hand-playtest log for each table
  (the same paper, landscape);
- alignment.pdf: the duplex alignment test.

Each product is a `kit.rebuild.memo.step`: under `--watch` it is redrawn only when a value it read last
time has changed.
"""

from __future__ import annotations

import random
from functools import partial

from kit.draw.fonts import font_path, register
from kit.rebuild.memo import step
from kit.data.layoutfile import progress_sheet
from kit.draw.images import Deck, write_images
from kit.draw.imposition import Rect, grid
from kit.draw.pdf import Pdf
from kit.run.files import write_all
from kit.draw.textsize import refuse
from kit.draw.render import alignment_pages, card_sheets

from kit.games.tour_de_dice.cards import (ID_PT, LABEL_PT, aid_front, back, check_card_size, course_front,
                                         event_front, goal_front, scale, turn_lines, turn_size)
from kit.rules.book import LANGS
from kit.games.tour_de_dice.model import Tour, default_players, load
from kit.games.tour_de_dice.play import Setup, make_setup, owners, shuffled_course
from kit.games.tour_de_dice.rulebook import load_book, rules_pdf, verify_book
from kit.games.tour_de_dice.sheets import marker_pages, paper, preview_page, progress_pages
from kit.rules.book import check_lang
from kit.rules.render import page_images

PREVIEW_SEED = 1
TITLE = "tour-de-dice"


def sizes(layout) -> None:
    """Every piece laid out on its sheet as the build lays it out, without drawing: a size the
    build would refuse is refused by `kit check` too, in the same words."""
    check_card_size(layout.piece("card"))
    grid(layout, "card")
    grid(layout, "marker")


def faces(tour: Tour, book) -> tuple:
    """One drawing function per printed card, in print order: the TURN cards, one per language,
    print the rulebook's (`book`) summary for the rules being built."""
    out = []
    for card in tour.cards:
        out += [partial(course_front, card=card)] * card.copies
    out.append(partial(goal_front, goal=tour.goal))
    out.append(partial(event_front, event=tour.breakaway))
    out += [partial(aid_front, lines=tuple(turn_lines(book, tour.rules, lang)), lang=lang) for lang in LANGS]
    return tuple(out)


def cards_pdf(tour: Tour, book, layout) -> tuple[bytes, int]:
    pdf = Pdf(layout.paper_width, layout.paper_height, f"{TITLE} cards")
    drawn = faces(tour, book)
    card_sheets(pdf, layout, len(drawn), lambda c, i, trim, bleed: drawn[i](c, trim, bleed),
                lambda c, i, trim, bleed: back(c, trim, bleed), piece="card", caption="ツール・ド・ダイス cards")
    return pdf.finish(), pdf.pages


def card_deck(tour: Tour, book, layout) -> Deck:
    """The cards as cards.pdf draws them, one per image; text roles at this card size."""
    card = layout.piece("card")
    drawn = faces(tour, book)
    trim = Rect(0, 0, card.width, card.height)
    k = scale(trim)
    turn_pt = min(turn_size(turn_lines(book, tour.rules, lang), lang, trim) for lang in LANGS)
    return Deck("cards", card.width, card.height, card.bleed, len(drawn),
                lambda c, i, trim, bleed: drawn[i](c, trim, bleed), lambda c, i, trim, bleed: back(c, trim, bleed),
                roles=(("lap label", LABEL_PT * k), ("card id", ID_PT * k), ("TURN text", turn_pt)))


def preview_pdf(tour: Tour, setup: Setup, layout) -> tuple[bytes, int]:
    rules = tour.rules
    course = shuffled_course(setup, random.Random(PREVIEW_SEED))
    on = [k for k in ("breakaway", "two_colours") if rules[k]]
    page = paper(layout)
    card = layout.piece("card")
    pdf = Pdf(page.width, page.height, f"{TITLE} course preview")
    preview_page(pdf, page, course, tour.start,
                 f"シード {PREVIEW_SEED} のコース（kit sim --seed {PREVIEW_SEED} の1レース目と同じ並び）  "
                 f"optional rules: {', '.join(on) or 'none'}", card.height / card.width)
    return pdf.finish(), pdf.pages


def markers_pdf(tour: Tour, layout) -> tuple[bytes, int]:
    pdf = Pdf(layout.paper_width, layout.paper_height, f"{TITLE} player markers")
    marker_pages(pdf, layout, tour.colours, owners(tour.rules, len(tour.colours)))
    return pdf.finish(), pdf.pages


# The tables the game seats, each with its own progress sheet: 2 to 6 players with a colour
# each, and optional rule ②'s three players with two neighbouring colours each.
TABLES = {f"progress-sheet-{n}p.pdf": tuple(range(n)) for n in range(2, 7)}
TABLES["progress-sheet-rule2.pdf"] = tuple(p // 2 for p in range(6))


def progress_pdf(tour: Tour, setup: Setup, layout, owner: tuple[int, ...]) -> tuple[bytes, int]:
    page = paper(layout, landscape=True)
    pdf = Pdf(page.width, page.height, f"{TITLE} progress sheet, {max(owner) + 1} players")
    progress_pages(pdf, page, owner, tour.colours, progress_sheet(layout), len(setup.deck))
    return pdf.finish(), pdf.pages


def alignment_pdf(layout) -> tuple[bytes, int]:
    pdf = Pdf(layout.paper_width, layout.paper_height, f"{TITLE} duplex alignment")
    alignment_pages(pdf, layout, "ツール・ド・ダイス")
    return pdf.finish(), pdf.pages


# Pages not read in play: the duplex test page.
NOT_IN_PLAY = ("alignment.pdf",)


def piece_of(file: str, page: int, x: float, y: float) -> str | None:
    """The piece a point of a page stands on, for naming text too small to read."""
    return {"cards.pdf": "card", "markers.pdf": "marker"}.get(file)


def render(ctx, lang: str | None = None) -> dict[str, tuple[bytes, int]]:
    """Every PDF as {name: (bytes, pages)}; writes nothing. Refuses text read in play below
    6 pt (kit.draw.textsize), naming the piece and the text."""
    langs = check_lang(lang)
    register(ctx.font)
    tour = load(ctx.data_dir, ctx.rules)
    book = load_book(ctx.data_dir, tour)
    verify_book(tour, book)        # a rulebook whose example the engine contradicts is not printed
    layout = ctx.layout
    sizes(layout)
    players = default_players(tour.rules)
    setup = make_setup(tour, players, ("bold",) * players)
    font = (str(font_path(ctx.font)),)       # what the text is drawn in, for the steps' fingerprints
    rendered = {
        "cards.pdf": step("cards.pdf", cards_pdf, tour, book, layout, extra=font),
        "course-preview.pdf": step("course-preview.pdf", preview_pdf, tour, setup, layout, extra=font),
        "markers.pdf": step("markers.pdf", markers_pdf, tour, layout, extra=font),
        **{name: step(name, progress_pdf, tour, setup, layout, owner, extra=font) for name, owner in TABLES.items()},
        "alignment.pdf": step("alignment.pdf", alignment_pdf, layout, extra=font),
        "rules.pdf": step("rules.pdf", rules_pdf, tour, book, layout, langs, extra=font),
    }
    refuse({name: data for name, (data, _) in rendered.items()}, piece_of, NOT_IN_PLAY)
    return rendered


def build(ctx, lang: str | None = None, images: bool = False, dpi: int = 150):
    """Render every PDF first; write them only if all rendered."""
    rendered = render(ctx, lang)
    layout = ctx.layout
    tour = load(ctx.data_dir, ctx.rules)
    font = (str(font_path(ctx.font)),)
    files = {ctx.out_dir / name: data for name, (data, _) in rendered.items()}
    written = [(ctx.out_dir / name, pages) for name, (_, pages) in rendered.items()]
    if not images:
        write_all(files)
        return written
    book = load_book(ctx.data_dir, tour)
    pngs, summary = step("images", card_images, ctx.out_dir, tour, book, layout, rendered["course-preview.pdf"][0],
                         dpi, extra=font)
    pngs |= step("rules images", page_images, ctx.out_dir, rendered["rules.pdf"][0], dpi)
    write_all(files | pngs)
    return written, summary


def card_images(out_dir, tour: Tour, book, layout, preview: bytes, dpi: int):
    """The --images PNGs (kit.draw.images) of the cards and the course preview, and their summary."""
    return write_images(out_dir, [card_deck(tour, book, layout)], {"course-preview": preview}, dpi, TITLE)
