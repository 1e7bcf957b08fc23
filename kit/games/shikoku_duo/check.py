"""`kit check` and `kit export` for shikoku-duo: the data and the board, summarised and normalised."""

from __future__ import annotations

from collections import Counter

from kit.data.errors import KitErrors, Warning_
from kit.data.layoutfile import progress_turns

from kit.games.shikoku_duo.boardlayout import board_piece as piece_of, closest, frame, tile_overlap
from kit.games.shikoku_duo.automa import load_automa
from kit.layout.fit import Place, misfits
from kit.games.shikoku_duo.model import load
from kit.games.shikoku_duo.values import KINDS, ShikokuDuo
from kit.games.shikoku_duo.rules import CHARACTERS
from kit.games.shikoku_duo.rulebook import load_book, verify_book
from kit.draw.fonts import register
from kit.games.shikoku_duo.board import board_layout
from kit.games.shikoku_duo.build import render
from kit.games.shikoku_duo.sheets import RANK_CELL, rank_slot
from kit.games.shikoku_duo.sizes import sizes
from kit.games.shikoku_duo.tokens import STANDEE_BASE
from kit.games.shikoku_duo import tokens as T


def load_ctx(ctx) -> ShikokuDuo:
    return load(ctx.data_dir, ctx.rules, ctx.map_path())


def board_piece(ctx):
    """The board's sizes from the layout (board.py draws with the same)."""
    return piece_of(ctx.layout)


def summary(model: ShikokuDuo, piece) -> str:
    b, c = model.board, model.components
    kinds = Counter(s.kind for s in b.ring)
    coastal = [t for t in b.towns.values() if t.kind == "coastal"]
    mountain = [t for t in b.towns.values() if t.kind == "mountain"]
    per_type = Counter(r.painting for r in b.regions)
    gap, i, j = closest(b, piece)
    lines = [
        f"ring: {len(b.ring)} spaces clockwise from {b.ring[0].name} ("
        + ", ".join(f"{k} {kinds[k]}" for k in KINDS) + ")",
        f"coastal towns: {len(coastal)}: " + " ".join(f"{t.name}({t.ring_index})" for t in coastal),
        f"mountain towns: {len(mountain)}: " + " ".join(f"{t.name}({t.value})" for t in mountain),
        f"routes: {len(b.routes)}; every town reachable; no route crosses another",
        f"regions: {len(b.regions)} (" + ", ".join(f"{t.id} {per_type[t.id]}" for t in c.painting_types) + ")",
    ]
    for r in b.regions:
        lines.append(f"  {r.name} [{r.painting}]: {len(r.spaces)} spaces, towns "
                     f"{' '.join(sorted(r.towns))}; neighbours {' '.join(sorted(r.neighbours))}")
    lines += [
        f"board: {piece.width:g} × {piece.height:g} mm at {piece_scale(model, piece):.2f} mm per map unit; "
        f"closest ring spaces {b.ring[i].name}–{b.ring[j].name} {gap:.1f} mm apart "
        f"(spaces {piece.space:g} mm, gap at least {piece.gap:g} mm)",
        "dice: " + ", ".join(f"{k} {list(v)}" for k, v in c.dice.items()),
        f"goods: {sum(c.goods.values())} (" + ", ".join(f"{c.goods_names[k]} {n}" for k, n in c.goods.items())
        + f"); shops: {len(c.shops)}; town coins {c.town_coins}",
        f"tracks: shrine {list(c.shrine_track)}, garden {list(c.garden_track)}; slabs {list(c.slabs)}",
        f"paintings: {len(c.paintings)} per player (" + ", ".join(
            f"{t.id} {c.paintings.count(t.id)}" for t in c.painting_types) + f"); slots {list(c.artist_slots)}",
        "waves: " + ", ".join(f"{w.character} {w.id}={w.effect}"
                              + (f"+{w.amount}" if w.amount else "") for w in c.waves),
        "rules: " + (", ".join(f"{k}={v}" for k, v in model.rules.items()) or "defaults"),
    ]
    return "\n".join(lines)


def automa_summary(automa) -> str:
    tracks = ", ".join(f"{c} {len(t)} slots (top {t[-1]})" for c, t in zip(CHARACTERS, automa.tracks))
    return (f"automa: {tracks}; takes the {automa.take} die; merchant {automa.merchant_goal}, "
            f"artist {automa.artist_goal}")


def piece_scale(model, piece) -> float:
    return frame(model.board, piece).scale


def board_warnings(model: ShikokuDuo, ctx) -> list[Warning_]:
    """Marks the board could not place clear of the others (text is measured in the board's font)."""

    register(ctx.font)
    return [Warning_(f"the board has no clear room for {what}; it is drawn over other marks "
                     f"(a larger `board` piece in the layout ({ctx.layout.source}) or shorter names make room)")
            for what in board_layout(model, ctx.layout).crowded]


def places(model: ShikokuDuo, automa, layout) -> dict[str, Place]:
    """Where this game's pieces sit in play, measured from what the build draws."""

    bp = piece_of(layout)
    gap = closest(model.board, bp)[0]
    slot_w, pitch = rank_slot(automa.tracks, layout.piece("automa_board").width)
    face, least = T.dice_faces(layout)
    return {
        "ring_space": Place("ring_space", bp.space, bp.space, gap, what="a ring space's disc"),
        "mountain_town": Place("mountain_town", bp.town, bp.town, None, holds=2,
                               what="a mountain town's disc (two merchants may share it)"),
        "rank_slot": Place("rank_slot", slot_w, RANK_CELL, pitch, what="an Automa rank slot"),
        "die_face": Place("die_face", least - 2 * DIE_ROUNDING, least - 2 * DIE_ROUNDING, None,
                          what=f"the flat of a {least:g} mm die's face (the smallest the dice stickers page names)"),
    }


DIE_ROUNDING = 0.5        # mm an ordinary die's rounded edge takes off each side of its face


def footprints(layout) -> dict[str, tuple[float, float]]:
    """What a piece covers where it stands: a folded standee its width by one base flap."""
    s = layout.piece("standee")
    return {"standee": (s.width, round(s.height * STANDEE_BASE, 2))}


def fit_errors(model: ShikokuDuo, automa, layout) -> None:
    errors = misfits(layout, places(model, automa, layout), footprints(layout))
    if errors:
        raise errors[0] if len(errors) == 1 else KitErrors(errors)


def check(ctx):
    model = load_ctx(ctx)
    automa = load_automa(ctx.data_dir / "automa.yaml")     # the solo rules card and `sim --players 1` read it
    piece = board_piece(ctx)
    tile_overlap(ctx.layout)          # read once, so a bad setting is reported here
    progress_turns(ctx.layout)        # likewise the progress sheet's row count
    sizes(model, ctx.layout)        # the ring spaces, the player boards and every piece on its sheets
    fit_errors(model, automa, ctx.layout)
    render(ctx)                    # build's pages: text read in play below 6 pt is refused
    text = summary(model, piece) + "\n" + automa_summary(automa)
    book = load_book(ctx.data_dir, model)
    verified = verify_book(model, book, ctx.data_dir)
    text += (f"\nrulebook: {len(book.order)} rule options with their sentences in ja and en; {verified} of "
             f"{len(book.examples)} examples hold under these rules, every one verified by the engine")
    warnings = list(model.warnings) + board_warnings(model, ctx)
    text += f"\nwarnings: {len(warnings)}" + (" (see above; --strict makes them errors)" if warnings else "")
    return text, warnings


def export(ctx) -> dict:
    model = load_ctx(ctx)
    b, c = model.board, model.components
    return {
        "ring": [{"index": s.index, "name": s.name, "reading": s.reading, "romaji": s.romaji, "kind": s.kind,
                  "town": s.town, "point": list(s.point)} for s in b.ring],
        "towns": [{"id": t.id, "name": t.name, "reading": t.reading, "romaji": t.romaji, "kind": t.kind,
                   "value": t.value, "ring_index": t.ring_index, "point": list(t.point)} for t in b.towns.values()],
        "routes": [list(r) for r in b.routes],
        "regions": [{"id": r.id, "name": r.name, "romaji": r.romaji, "painting": r.painting,
                     "point": list(r.point), "spaces": sorted(r.spaces), "towns": sorted(r.towns),
                     "neighbours": sorted(r.neighbours)} for r in b.regions],
        "components": {
            "dice": {k: list(v) for k, v in c.dice.items()},
            "goods": [{"kind": k, "name": c.goods_names[k], "count": n} for k, n in c.goods.items()],
            "shops": [{"kind": s.kind, "value": s.value} for s in c.shops],
            "town_coins": c.town_coins, "copper_max": c.copper_max, "hold": c.hold,
            "shrine_track": list(c.shrine_track), "garden_track": list(c.garden_track),
            "slabs": list(c.slabs), "artist_slots": list(c.artist_slots),
            "painting_types": [{"id": t.id, "name": t.name, "romaji": t.romaji, "icon": t.icon}
                               for t in c.painting_types],
            "paintings": list(c.paintings),
            "waves": [{"id": w.id, "character": w.character, "name": w.name, "name_en": w.name_en,
                       "text": w.text, "effect": w.effect, "amount": w.amount} for w in c.waves],
        },
        "rules": dict(model.rules),
        "map": {"path": b.map_path, "units": "map units, y down"},
    }
