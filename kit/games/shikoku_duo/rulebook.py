"""shikoku-duo's rulebook: data/shikoku-duo/rulebook.yaml, its facts and examples from the engine.

An example is a position and one die:

    seed:      7                   # the game's setup (shops, tiles, wave sides)
    automa:    true                # seat 2 is the Automa (a solo game)
    place:     {1: {pilgrim: 0, merchant: 神山, artist: 勝浦}, 2: {merchant: 池田}}
    seat:      2                   # who moves (default 1)
    character: merchant            # pilgrim, merchant or artist
    die:       1
  and what the engine must say:
    dests:     [高知, 高松]        # exactly where that character may go ([] : it cannot move)
    paint:     {仁淀川: 1}         # tiles a paint action at that region turns up
    picks:     高知                # where the Automa goes

Places are written by name: a ring space by its number or name, a town or a region by its
name or id, as on the board.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from reportlab.lib.colors import Color, black

from kit.data.errors import KitError, did_you_mean
from kit.draw.imposition import Rect
from kit.draw.render import line, stroke_rect, text
from kit.rules.book import Example, load_rulebook
from kit.rules.examples import verify
from kit.rules.render import SMALL_PT, Diagram, measure, rulebook_pdf

from kit.games.shikoku_duo import rules as engine
from kit.games.shikoku_duo.automa import Automa, board_order, card_lines, load_automa
from kit.games.shikoku_duo.options import SPEC
from kit.games.shikoku_duo.pieces import CHARACTER, PLAYERS

FILE = "rulebook.yaml"
KEYS = ("title", "text", "when", "seed", "automa", "place", "seat", "character", "die", "dests", "paint", "picks")
YES = Color(0.0, 0.45, 0.2)
NO = Color(0.75, 0.1, 0.1)


def load_book(data_dir, game):
    found = facts(game)
    automa = automa_facts(data_dir, game)
    for lang in found:
        found[lang]["automa"] = automa[lang]
    return load_rulebook(Path(data_dir) / FILE, SPEC).with_facts(found)


def printed(game, book):
    """The game as its pieces print it: each wave side's text with its `{rule:OPTION}` worded
    by the rulebook's sentence for the rules in force (the tiles, the deal sheet and the
    rulebook say the same)."""
    waves = tuple(replace(w, text=book.filled([w.text], game.rules, "ja")[0],
                          text_en=book.filled([w.text_en or w.text], game.rules, "en")[0])
                  for w in game.components.waves)
    return replace(game, components=replace(game.components, waves=waves))


def automa_facts(data_dir, game) -> dict:
    """The Automa's rules as its card prints them (kit/games/shikoku_duo/automa.py), so the
    rulebook and the card say the same, from automa.yaml."""
    lines = card_lines(load_automa(Path(data_dir) / "automa.yaml"), board_order(game))
    def whole(s: str, stop: str) -> str:
        s = s.strip("　 ")
        return s if s[-1:] in "。.）)" else s + stop
    return {"ja": "".join(whole(ja, "。") for ja, _ in lines), "en": " ".join(whole(en, ".") for _, en in lines)}


def _names(game) -> tuple[dict, dict, dict]:
    """Name -> index of every ring space, town and region (by name, id and number)."""
    b = game.board
    t = engine.tables(game)
    ring = {}
    for i, name in enumerate(t.ring_names):
        ring[name] = ring[i] = ring[str(i)] = i
    towns, regions = {}, {}
    for i, town in enumerate(b.towns.values()):
        towns[town.id] = towns[town.name] = i
    for i, region in enumerate(b.regions):
        regions[region.id] = regions[region.name] = i
    return ring, towns, regions


def facts(game) -> dict:
    """What the rulebook says from the data: which regions each mountain town counts for, the
    board order the Automa breaks ties by, where the hot-spring token starts, the wave tiles, the
    counts (ring, towns, track tops, slabs) and the setup's starts (_setup_facts)."""
    b = game.board
    t = engine.tables(game)
    towns = list(b.towns.values())
    regions = list(b.regions)
    mountain = [town for town in towns if town.kind == "mountain"]
    coastal = [town for town in towns if town.kind == "coastal"]
    spring = next(i for i, k in enumerate(t.ring_kind) if k == engine.HOT_SPRING)
    out = {"ja": {}, "en": {}}
    out["ja"]["mountain_regions"] = "、".join(
        f"{town.name}（{town.value}）→ " + "・".join(r.name for r in regions if town.id in r.towns) for town in mountain)
    out["en"]["mountain_regions"] = "; ".join(
        f"{town.romaji} ({town.value}): " + ", ".join(r.romaji for r in regions if town.id in r.towns)
        for town in mountain)
    out["ja"]["coastal_order"] = "→".join(town.name for town in coastal)
    out["en"]["coastal_order"] = ", ".join(town.romaji for town in coastal)
    out["ja"]["mountain_order"] = "→".join(town.name for town in mountain)
    out["en"]["mountain_order"] = ", ".join(town.romaji for town in mountain)
    out["ja"]["region_order"] = "→".join(r.name for r in regions)
    out["en"]["region_order"] = ", ".join(r.romaji for r in regions)
    out["ja"]["hot_spring"] = f"{t.ring_names[spring]}（マス{spring}）"
    out["en"]["hot_spring"] = f"{b.ring[spring].romaji or t.ring_names[spring]} (space {spring})" \
        if hasattr(b, "ring") else f"{t.ring_names[spring]} (space {spring})"
    first_town = next(town for town in towns if town.kind == "mountain")
    out["ja"]["first_town"], out["en"]["first_town"] = first_town.name, first_town.romaji
    out["ja"]["first_region"], out["en"]["first_region"] = regions[0].name, regions[0].romaji
    comp = game.components
    out["ja"]["slabs"] = "・".join(map(str, comp.slabs))
    out["en"]["slabs"] = ", ".join(map(str, comp.slabs))
    out["ja"]["artist_slots"] = "・".join(map(str, comp.artist_slots))
    out["en"]["artist_slots"] = ", ".join(map(str, comp.artist_slots))
    out["ja"]["goods"] = "・".join(f"{comp.goods_names[k]}{n}" for k, n in comp.goods.items())
    out["en"]["goods"] = ", ".join(f"{k} {n}" for k, n in comp.goods.items())
    for lang in ("ja", "en"):
        out[lang]["goods_total"] = str(sum(comp.goods.values()))
        out[lang]["town_coins"] = str(comp.town_coins)
        out[lang]["hold"] = str(comp.hold)
        out[lang]["copper_max"] = str(comp.copper_max)
        out[lang]["slab_count"] = str(len(comp.slabs))
        out[lang]["slab_total"] = str(len(comp.slabs) * 2)
        out[lang]["shrine_top"] = str(len(comp.shrine_track) - 1)      # the full track ends the game
        out[lang]["garden_top"] = str(len(comp.garden_track) - 1)
        out[lang]["artist_slot_count"] = str(len(comp.artist_slots))
        out[lang]["ring_spaces"] = str(len(t.ring_names))
        out[lang]["coastal_count"] = str(len(coastal))
        out[lang]["mountain_count"] = str(len(mountain))
        out[lang]["region_count"] = str(len(regions))
        out[lang]["shop_count"] = str(len(comp.shops))
    out = _setup_facts(game, t, out)
    for lang in ("ja", "en"):
        waves = []
        for w in comp.waves:
            said = w.text if lang == "ja" else (w.text_en or w.text)
            name = w.name if lang == "ja" else w.name_en
            waves.append(f"{name}: {said}" if lang == "en" else f"{name}（{w.name_en}）：{said}")
        out[lang]["waves"] = ("　" if lang == "ja" else " · ").join(waves)
    return out


def _setup_facts(game, t, out: dict) -> dict:
    """Where each marker and figure starts, read off the engine's starting position (a solo game's,
    so the Automa's ranks too), and the seats' colours and the dice: the setup the rulebook prints
    is the one the engine plays from."""
    start = engine.setup(t, engine.Rules.from_options(game.rules), 0, automa=True)
    human, bot = start.players
    comp = game.components
    if len(set(bot.ranks)) != 1 or start.hot != engine.BOARD or set(start.waves) != {engine.BOARD}:
        raise KitError("the rulebook's setup says the Automa's ranks start level and the hot-spring token and "
                       "the wave tiles on the board; the engine's starting position differs")
    space = t.ring_names[human.pilgrim]
    out["ja"]["pilgrim_start"] = f"マス{human.pilgrim}（{space}）"
    romaji = game.board.ring[human.pilgrim].romaji if hasattr(game.board, "ring") else ""
    out["en"]["pilgrim_start"] = f"space {human.pilgrim} ({romaji or space})"
    for lang in ("ja", "en"):
        out[lang]["shrine_start"] = str(comp.shrine_track[human.shrine])
        out[lang]["garden_start"] = str(comp.garden_track[human.garden])
        out[lang]["copper_start"] = str(human.copper)
        out[lang]["rank_start"] = str(bot.ranks[0])
        out[lang]["paintings"] = str(len(human.paintings))
    out["ja"]["seat_colours"] = "、".join(f"席{p.seat}は{p.name}" for p in PLAYERS)
    out["en"]["seat_colours"] = ", ".join(f"seat {p.seat} {p.name_en}" for p in PLAYERS)
    out["ja"]["second_colour"], out["en"]["second_colour"] = PLAYERS[1].name, PLAYERS[1].name_en
    out["ja"]["dice_faces"] = "、".join(f"{CHARACTER[ch][0]} {'・'.join(map(str, comp.dice[ch]))}" for ch in CHARACTER)
    out["en"]["dice_faces"] = "; ".join(f"{CHARACTER[ch][1]} {', '.join(map(str, comp.dice[ch]))}" for ch in CHARACTER)
    out["ja"]["rank_markers"] = "・".join(CHARACTER[ch][0][0] for ch in CHARACTER)
    out["en"]["rank_markers"] = ", ".join(CHARACTER[ch][1] for ch in CHARACTER)
    return out


def _place(game, ex: Example, names, state):
    ring, towns, regions = names
    place = ex.data.get("place") or {}
    if not isinstance(place, dict):
        raise KitError("place should map a seat (1 or 2) to {pilgrim:, merchant:, artist:}", ex.at("place"))
    players = list(state.players)
    for seat, where in place.items():
        if seat not in (1, 2) or not isinstance(where, dict):
            raise KitError("place should map a seat (1 or 2) to {pilgrim:, merchant:, artist:}", ex.at("place"))
        p = players[seat - 1]
        for figure, at in where.items():
            table = {"pilgrim": ring, "merchant": towns, "artist": regions}.get(figure)
            if table is None:
                raise KitError(f"place: no figure {figure!r}{did_you_mean(figure, ('pilgrim', 'merchant', 'artist'))}",
                               where.at(figure))
            if at not in table:
                raise KitError(f"place: no {figure} place {at!r}{did_you_mean(str(at), [str(k) for k in table])}",
                               where.at(figure))
            p = p._replace(**{figure: table[at]})
        players[seat - 1] = p
    return state._replace(players=tuple(players))


def _dest_name(game, character: int, d: int) -> str:
    """A place as the board names it (in Japanese)."""
    if d < 0:
        return "—"
    if character == 0:
        return game.board.ring[d].name
    if character == 1:
        return list(game.board.towns.values())[d].name
    return game.board.regions[d].name


def check_example(game, ex: Example, values, data_dir):
    for key in ex.data:
        if key not in KEYS:
            raise KitError(f"unknown key {key!r}{did_you_mean(key, KEYS)}", ex.data.at(key))
    t = engine.tables(game)
    rules = engine.Rules.from_options(values)
    names = _names(game)
    solo = bool(ex.data.get("automa"))
    state = engine.setup(t, rules, int(ex.data.get("seed", 1)), automa=solo)
    state = _place(game, ex, names, state)
    seat = int(ex.data.get("seat", 1)) - 1
    character = ex.data.get("character", "pilgrim")
    if character not in engine.CHARACTERS:
        raise KitError(f"character should be pilgrim, merchant or artist{did_you_mean(str(character), engine.CHARACTERS)}",
                       ex.at("character"))
    c = engine.CHARACTERS.index(character)
    die = ex.data.get("die", 1)
    moves = engine.legal_moves(t, rules, state, seat, c, die)
    table = names[c]
    if "dests" in ex.data:
        said = []
        for k in ex.data["dests"]:
            if k not in table:
                raise KitError(f"dests: no {character} place {k!r}", ex.at("dests"))
            said.append(table[k])
        got = sorted({m.dest for m in moves if m.dest >= 0})
        for d in sorted(set(got) - set(said)):
            yield ex.at("dests"), f"the engine allows the {character} to {_dest_name(game, c, d)} here"
        for d in sorted(set(said) - set(got)):
            yield ex.at("dests"), f"the engine refuses the {character} {_dest_name(game, c, d)} here"
    paint = ex.data.get("paint") or {}
    for region, n in paint.items():
        if region not in names[2]:
            raise KitError(f"paint: no region {region!r}", paint.at(region))
        got = engine.paint_count(t, rules, state, seat, names[2][region], 0)
        if got != n:
            yield paint.at(region), f"the engine turns up {got} tiles painting in {region} here, not {n}"
    if "picks" in ex.data:
        bot = Automa(t, load_automa(Path(data_dir) / "automa.yaml"))
        chosen = bot.choose(t, rules, state, seat, moves, None)
        want = table.get(ex.data["picks"])
        if chosen.dest != want:
            yield ex.at("picks"), f"the engine's Automa goes to {_dest_name(game, c, chosen.dest)} here, " \
                                  f"not {ex.data['picks']}"


def verify_book(game, book, data_dir) -> int:
    return verify(book, game.rules, lambda ex, values: check_example(game, ex, values, data_dir))


# --- diagrams: where the figure stands, and every place it may go -----------------------

BOX_H = 6.5
FIG = {"ja": {"pilgrim": "巡礼者", "merchant": "商人", "artist": "絵師"},
       "en": {"pilgrim": "pilgrim", "merchant": "merchant", "artist": "artist"}}
WORDS = {"ja": ("出目", "行ける ○", "絵を描くと", "枚", "ふさがって跳ぶ", "オートマが行く"),
         "en": ("die", "may go ○", "painting turns up", "tiles", "occupied: jumps on", "the Automa goes")}


def example_diagram(game, ex: Example, values, lang: str, width: float) -> Diagram | None:
    character = ex.data.get("character")
    if character not in engine.CHARACTERS:
        return None
    b = game.board
    t = engine.tables(game)
    rules = engine.Rules.from_options(values)
    names = _names(game)
    state = _place(game, ex, names, engine.setup(t, rules, int(ex.data.get("seed", 1)),
                                                automa=bool(ex.data.get("automa"))))
    seat = int(ex.data.get("seat", 1)) - 1
    c = engine.CHARACTERS.index(character)
    p = state.players[seat]
    here = (p.pilgrim, p.merchant, p.artist)[c]
    label = _label(b, t, c, here, lang)
    dests = [_label(b, t, c, d, lang) for d in sorted({m.dest for m in engine.legal_moves(
        t, rules, state, seat, c, ex.data.get("die", 1)) if m.dest >= 0})]
    paint = [(f"{_label(b, t, 2, names[2][r], lang)}", n) for r, n in (ex.data.get("paint") or {}).items()]
    die = ex.data.get("die", 1)
    landed = (here + die) % len(t.ring_names) if c == 0 else None     # where the die alone would stop
    skipped = _label(b, t, 0, landed, lang) if c == 0 and landed not in {
        m.dest for m in engine.legal_moves(t, rules, state, seat, c, die)} else None
    picked = _label(b, t, c, names[c][ex.data["picks"]], lang) if ex.data.get("picks") in names[c] else None
    height = BOX_H + 9 + (6 if paint else 0)

    def draw(cv, x0, y0):
        y = y0 - 2 - BOX_H
        words = WORDS[lang]
        head = f"{FIG[lang][character]} · {words[0]} {ex.data.get('die', 1)}"
        text(cv, x0, y + 2, head, SMALL_PT + 1)
        x = x0 + measure(0, head, SMALL_PT + 1) + 4
        w = measure(0, label, SMALL_PT + 1) + 4
        stroke_rect(cv, Rect(x, y, w, BOX_H), black, 1.4)
        text(cv, x + w / 2, y + 2, label, SMALL_PT + 1, "centre")
        x += w
        cv.setStrokeColor(black)
        cv.setLineWidth(0.6)
        line(cv, x, y + BOX_H / 2, x + 6, y + BOX_H / 2)
        text(cv, x + 6, y + BOX_H / 2 - 1.2, "▶", SMALL_PT, "centre")
        x += 9
        if skipped:
            w = measure(0, skipped + " ×", SMALL_PT + 1) + 4
            stroke_rect(cv, Rect(x, y, w, BOX_H), NO, 0.8)
            text(cv, x + w / 2, y + 2, skipped + " ×", SMALL_PT + 1, "centre", NO)
            x += w + 2
        for d in dests or ["—"]:
            shown = d + (" ★" if d == picked else "")
            w = measure(0, shown, SMALL_PT + 1) + 4
            if x + w > x0 + width:
                break
            stroke_rect(cv, Rect(x, y, w, BOX_H), YES if dests else black, 2.0 if d == picked else 1.2)
            text(cv, x + w / 2, y + 2, shown, SMALL_PT + 1, "centre")
            x += w + 2
        legend = words[1] + (f"   {words[4]} ×" if skipped else "") + (f"   ★ {words[5]}" if picked else "")
        text(cv, x0, y - 4.5, legend, SMALL_PT, fill=YES)
        for k, (region, n) in enumerate(paint):
            text(cv, x0 + 40 + k * 50, y - 4.5, f"{region}: {words[2]} {n} {words[3]}", SMALL_PT)

    return Diagram(height, draw)


def _label(b, t, c: int, d: int, lang: str) -> str:
    if c == 0:
        return f"{d} {t.ring_names[d]}"
    if c == 1:
        town = list(b.towns.values())[d]
        return town.name if lang == "ja" else town.romaji
    region = b.regions[d]
    return region.name if lang == "ja" else region.romaji


def rules_pdf(game, book, layout, langs: tuple[str, ...]) -> tuple[bytes, int]:
    return rulebook_pdf(book, game.rules, layout, langs,
                        lambda ex, values, lang, width: example_diagram(game, ex, values, lang, width))
