"""`kit check` and `kit export` for tour-de-dice: the data, summarised and normalised."""

from __future__ import annotations

import random

from kit.data.errors import KitErrors, Warning_
from kit.data.layoutfile import progress_turns
from kit.layout.fit import Place, misfits

from kit.games.tour_de_dice.rules import lay_course
from kit.games.tour_de_dice.build import sizes
from kit.games.tour_de_dice.model import Tour, default_players, load
from kit.games.tour_de_dice.options import SPEC
from kit.games.tour_de_dice.rulebook import load_book, verify_book
from kit.games.tour_de_dice.play import shuffled_course, make_setup
from kit.games.tour_de_dice.build import render


def _warnings(tour: Tour) -> list[Warning_]:
    out = []
    swap = tour.by_id.get(tour.breakaway.replaces)
    if swap is not None and (swap.inner, swap.outer) != (1, 2):
        out.append(Warning_(f"Breakaway replaces {swap.id} ({swap.outer} outer / {swap.inner} inner); "
                            "optional rule ① swaps a 1 (inner) / 2 (outer) card",
                            tour.where.get("replaces")))
    return out


MARKER_BASE = 3.0       # mm: a marker's base flap (sheets._marker), what it stands on


def places(layout, pieces: int) -> dict[str, Place]:
    """Where the markers stand: a course card's half is one space, and every piece may be on it."""
    card = layout.piece("card")
    return {"course_space": Place("course_space", card.width, card.height / 2, None, holds=pieces,
                                  what="a course card's space (half the card)")}


def fit_errors(layout) -> None:
    marker = layout.piece("marker")
    errors = misfits(layout, places(layout, 6), {"marker": (marker.width, MARKER_BASE)})
    if errors:
        raise errors[0] if len(errors) == 1 else KitErrors(errors)


def check(ctx) -> tuple[str, list[Warning_]]:
    tour = load(ctx.data_dir, ctx.rules)
    sizes(ctx.layout)
    progress_turns(ctx.layout)
    fit_errors(ctx.layout)
    render(ctx)                    # build's pages: text read in play below 6 pt is refused
    deck = tour.deck()
    course = lay_course(tour.goal.id, (tour.goal.outer, tour.goal.inner), deck,
                        tour.breakaway.id if tour.rules["breakaway"] else None)
    lap1 = course.cost_between(0, course.link)
    lap2 = course.cost_between(course.link, course.goal)
    counts = ", ".join(f"{c.id} {c.outer}/{c.inner} ×{c.copies}" for c in tour.cards)
    lines = [
        f"tour-de-dice: {len(tour.cards)} course card designs, {sum(c.copies for c in tour.cards)} cards "
        f"(outer/inner: {counts})",
        f"ring: {len(course.ring)} cards with the goal card {tour.goal.id} "
        f"(link {tour.goal.outer}, goal {tour.goal.inner}); start '{tour.start}' outside it",
        f"course: {course.goal} spaces; lap 1 costs {lap1} in all, lap 2 {lap2}",
    ]
    inverted = tour.inverted()
    if inverted:
        lines.append("cards with the smaller number inside (the setup puts the larger inside; optional "
                     "rule ① names a 1 (inner) / 2 (outer) card): "
                     + ", ".join(f"{c.id} ({c.outer} outer / {c.inner} inner, line {tour.where[c.id].line})"
                                 for c in inverted))
    lines.append(f"Breakaway ({tour.breakaway.name_ja}) replaces {tour.breakaway.replaces} under rule ①; "
                 f"inner cost {tour.breakaway.inner}")
    lines.append("rules: " + ", ".join(f"{k}={_word(v)}" for k, v in tour.rules.items()))
    book = load_book(ctx.data_dir, tour)
    verified = verify_book(tour, book)
    lines.append(f"rulebook: {len(book.order)} rule options with their sentences in ja and en; {verified} of "
                 f"{len(book.examples)} examples hold under these rules, every one verified by the engine")
    return "\n".join(lines), _warnings(tour)


def _word(v) -> str:
    return ("on" if v else "off") if isinstance(v, bool) else str(v)


def export(ctx) -> dict:
    tour = load(ctx.data_dir, ctx.rules)
    setup = make_setup(tour, default_players(tour.rules), ("bold",))
    preview = shuffled_course(setup, random.Random(1))
    return {
        "cards": [{"id": c.id, "outer": c.outer, "inner": c.inner, "copies": c.copies} for c in tour.cards],
        "goal": {"id": tour.goal.id, "outer": tour.goal.outer, "inner": tour.goal.inner},
        "breakaway": {"id": tour.breakaway.id, "name": tour.breakaway.name, "name_ja": tour.breakaway.name_ja,
                      "outer": 0, "inner": tour.breakaway.inner, "replaces": tour.breakaway.replaces,
                      "condition": tour.breakaway.condition, "condition_en": tour.breakaway.condition_en},
        "start": tour.start,
        "colours": [{"name": c.name, "name_ja": c.name_ja, "rgb": c.rgb} for c in tour.colours],
        "inverted_cards": [c.id for c in tour.inverted()],
        "rules": dict(tour.rules),
        "rule_docs": {o.name: o.doc for o in SPEC},
        "course_seed_1": {"ring": list(preview.ring), "costs": list(preview.costs),
                          "breakaway_space": preview.breakaway},
    }
