"""`kit check` and `kit export` for karuta: validation summary and normalised JSON."""

from __future__ import annotations

from collections import Counter

from kit.data.errors import KitError, KitErrors, Warning_
from kit.layout.fit import Place, misfits
from kit.games.karuta.geo import Board, load_all
from kit.games.karuta.model import START, TIERS, Karuta
from kit.games.karuta.layout import slots
from kit.games.karuta.rulebook import load_book, verify_book
from kit.games.karuta.settings import check_board_sheets, check_settings, sizes
from kit.draw.fonts import register
from kit.games.karuta.cards import furigana_warnings
from kit.games.karuta.build import render
from kit.games.karuta.differences import ACKNOWLEDGED, KINDS, acknowledged, touching_pairs

def map_warnings(model: Karuta, board: Board, known: dict | None = None) -> list[Warning_]:
    """Where the historical data and the map's shapes disagree (never errors: history wins),
    less the differences `known` acknowledges; an acknowledged one that no longer occurs
    is a warning too, so the list stays true."""
    known = known or {kind: {} for kind in KINDS}
    seen = {kind: set() for kind in KINDS}
    touching = touching_pairs(board)
    islands = set(model.islands)
    out = []

    def differs(kind: str, pair: frozenset, warning: Warning_) -> None:
        if pair in known[kind]:
            seen[kind].add(pair)
        else:
            out.append(warning)

    for a, b in model.adjacency:
        pair = frozenset((a, b))
        if pair not in touching:
            differs("neighbours_apart", pair, Warning_(
                f"{a} and {b} are listed as neighbours but their shapes do not touch",
                model.where[("adjacency", pair)]))
    listed = {frozenset(p) for p in model.adjacency}
    for pair in sorted(touching - listed, key=lambda p: sorted(model.by_kanji[k].number for k in p)):
        if pair & islands:
            continue
        a, b = sorted(pair, key=lambda k: model.by_kanji[k].number)
        differs("touching_not_neighbours", pair, Warning_(
            f"the shapes of {a} and {b} touch but they are not listed as neighbours", model.where[("province", a)]))
    for h in model.highways:
        for a, b in zip(h.provinces, h.provinces[1:]):
            if frozenset((a, b)) not in touching:
                differs("highway_steps_apart", frozenset((a, b)), Warning_(
                    f"{h.name}: consecutive provinces {a} → {b} do not touch on the map",
                    model.where[("highway", h.name)]))
    for kind, pairs in known.items():
        for pair, where in pairs.items():
            if pair not in seen[kind]:
                out.append(Warning_(f"{kind}: {' and '.join(sorted(pair))} is acknowledged as a difference "
                                    "from the map but no longer is one; remove it", where))
    return out


def card_warnings(model: Karuta, ctx) -> list[Warning_]:
    """Cards whose text would shrink below the readable floor at the layout's card size."""

    register(ctx.font)  # text is measured in the font the cards are printed in
    return list(furigana_warnings(model, ctx.layout))


def summary(model: Karuta, board: Board) -> str:
    per_region = Counter(p.region for p in model.provinces)
    per_tier = Counter(h.tier for h in model.highways)
    off = [p.kanji for p in model.provinces if p.kanji not in model.on_highway]
    crossings = [f"{k}({len(model.highways_of[k])})" for k in model.crossings]
    reach = model.reachable()
    unreachable = [p.kanji for p in model.provinces if p.kanji not in reach]
    lines = [
        f"provinces: {len(model.provinces)} in {len(model.regions)} groups",
        "  " + " · ".join(f"{r.name} {per_region[r.name]}" for r in model.regions),
        f"highways: {len(model.highways)} (" + ", ".join(f"{t} {per_tier[t]}" for t in TIERS) + ")",
        f"on highways: {len(model.on_highway)} · on none: {len(off)} ({' '.join(off)})",
        f"crossing provinces: {len(crossings)}: {' '.join(crossings)}",
        f"islands: {len(model.islands)}: " + " · ".join(
            f"{i} ← {'/'.join(sorted(model.ports_of[i], key=lambda k: model.by_kanji[k].number))}"
            for i in model.islands),
        f"adjacency: {len(model.adjacency)} pairs · sea routes: {len(model.sea_routes)}",
        f"map: {len(board.regions)} shapes matched ({board.map_path})",
        (f"reachable from {START}: all {len(reach)} provinces" if not unreachable
         else f"NOT reachable from {START}: {' '.join(unreachable)}"),
        "rules: " + ", ".join(f"{k}={v}" for k, v in model.rules.items()),
    ]
    return "\n".join(lines)


def places(laid, card) -> dict[str, Place]:
    """A card's slot on the board: card-sized at the board's scale (kit.games.karuta.layout.slots),
    at least the layout's slot_gap_least apart, so a card fits it and clears its neighbours."""
    return {"card_slot": Place("card_slot", card.width, card.height, None, what="a card slot on the board")}


def fit_errors(layout, laid, card) -> None:
    errors = misfits(layout, places(laid, card), {})
    if errors:
        raise errors[0] if len(errors) == 1 else KitErrors(errors)


def check(ctx):
    check_settings(ctx.layout)
    model, board = load_all(ctx)
    check_board_sheets(ctx.layout, board.width, board.height)
    card = ctx.layout.piece("card")
    # The slots laid out as build lays them out (0.3 s of CPU at the default card size): a
    # slot_gap or card that leaves them no room is refused here in build's words, at its line.
    laid = slots(model, board, card.width, card.height, ctx.layout)
    sizes(ctx.layout, board)       # and the card on its sheets, as build imposes it
    fit_errors(ctx.layout, laid, card)
    cards = card_warnings(model, ctx)
    try:
        render(ctx)                # build's pages: text read in play below 6 pt is refused
    except KitError as err:        # with each card's shrunk furigana or kanji at its line first
        raise KitErrors([KitError(w.message, w.where) for w in cards]
                        + list(err.errors if isinstance(err, KitErrors) else [err])) from None
    book = load_book(ctx.data_dir)
    verified = verify_book(model, book)
    known = acknowledged(ctx.data_dir, model)
    warnings = map_warnings(model, board, known) + cards
    text = summary(model, board)
    text += (f"\nmap differences acknowledged in {ACKNOWLEDGED}: {sum(len(v) for v in known.values())} ("
             + ", ".join(f"{KINDS[k]} {len(v)}" for k, v in known.items()) + ")")
    text += (f"\nrulebook: {len(book.order)} rule options with their sentences in ja and en; {verified} of "
             f"{len(book.examples)} examples hold under these rules, every one verified by the engine")
    reach = model.reachable()
    if len(reach) < len(model.provinces):
        warnings.append(Warning_(f"{len(model.provinces) - len(reach)} provinces cannot be reached from {START}"))
    text += f"\nwarnings: {len(warnings)}" + (" (see above; --strict makes them errors)" if warnings else "")
    return text, warnings


def export(ctx) -> dict:
    model, board = load_all(ctx)
    return {
        "provinces": [
            {"number": p.number, "kanji": p.kanji, "kana": p.kana, "romaji": p.romaji, "region": p.region,
             "map_id": p.map_id, "on_highway": p.kanji in model.on_highway,
             "island": p.kanji in model.islands,
             "highways": [h.name for h in model.highways_of[p.kanji]],
             "anchor": list(board.regions[p.kanji].anchor)}
            for p in model.provinces
        ],
        "regions": [{"name": r.name, "romaji": r.romaji, "badge": r.badge, "color": r.color} for r in model.regions],
        "highways": [{"name": h.name, "romaji": h.romaji, "tier": h.tier, "provinces": list(h.provinces)}
                     for h in model.highways],
        "adjacency": [list(p) for p in model.adjacency],
        "sea_routes": [list(p) for p in model.sea_routes],
        "islands": list(model.islands),
        "rules": dict(model.rules),
        "map": {"width": board.width, "height": board.height},
    }
