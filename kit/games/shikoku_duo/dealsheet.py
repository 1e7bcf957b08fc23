"""`kit deal --game shikoku-duo --seed N`: one seed's setup and goods order, as text and a sheet.

A table that sets up from the sheet and draws its goods from the sheet's numbered list
instead of a bag plays exactly the game `kit replay` checks for that seed (the players'
own dice are written in the log). The values come from `deal.deal`, i.e. the engine, and
the text and the PDF are both made from `content`, so they cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color

from kit.draw.fonts import lines_of
from kit.draw.imposition import Rect
from kit.draw.pdf import Pdf
from kit.run.files import write_all
from kit.draw.render import colour, fill_rect, stroke_rect, text
from kit.data.units import to_pt

from kit.games.shikoku_duo import rules as R
from kit.games.shikoku_duo.deal import Deal, deal
from kit.games.shikoku_duo.pieces import CHARACTER, GRID, INK, PLAYERS, TITLE, TITLE_EN, goods_colour, \
    painting_colour
from kit.games.shikoku_duo.sheets import HEAD_RGB, page_of
from kit.draw import fonts
from kit.games.shikoku_duo.model import load
from kit.games.shikoku_duo.rulebook import load_book, printed

GOODS_ROW_H = 6.0            # mm per numbered good, where the page has room
GOODS_ROW_LEAST = 5.0        # mm per good at the closest: a row a pencil crosses off, a box it ticks
TICK = 3.6                   # mm: the side of a good's box
LINE = 3.6                   # mm per line of the setup text at SIZE
SIZE = 7.8                   # pt
SMALL, SMALL_LINE = 7.2, 3.3  # pt and mm per line: the seed's words and how to draw the goods


@dataclass(frozen=True)
class Content:
    """What the sheet says, as words: one source for the text and the PDF."""

    seed: int
    provenance: dict                                   # lang -> the seed and what it reproduces
    first: dict                                        # lang -> the first drafter, in words
    figures: dict                                      # lang -> where the figures and the hot-spring token start
    waves: tuple[tuple[str, str, str, str], ...]       # (character, its side up: letter and names, ja text, en text)
    shops: tuple[tuple[str, str, str, str], ...]       # (ring space, town, shop token, goods kind id)
    tiles: tuple[tuple[str, tuple[tuple[str, str], ...]], ...]   # (seat, ((painting type id, label), ...))
    goods: tuple[tuple[str, str], ...]                 # (goods kind id, label), number k+1 at k
    how_to_draw: dict                                  # lang -> how to draw from the goods order
    heads: dict                                        # part -> lang -> its heading


def provenance(seed: int) -> dict:
    ja = (f"シード{seed}：進行シートのシード欄と記録の seed: に書きます。S + k = {seed} なら kit sim --game shikoku-duo "
          f"--seed S の k 番目のゲームと同じ準備と商品の順番です。ダイスは自分で振ります。")
    return {"ja": ja, "en": (f"Seed {seed}: write it in the progress sheet's seed box and the log's `seed:`. The same setup and goods "
            f"as game k of `kit sim --game shikoku-duo --seed S` whenever S + k = {seed}; the dice are your own.")}


def how_to_draw(n: int, hold: int) -> dict:
    """lang -> how a table draws from the sheet's goods order (`n` goods, held up to `hold`)."""
    ja = (f"商品：袋は使いません。商品は並べて置き場にします。宿場町では、この表の次の番号から順に、置き場から"
          f"その商品を取り、番号を消します。置き場にその種類がなければ、番号を消して次へ。{n}の次は1に戻ります"
          f"（そのときは消した印は関係ありません）。売った商品と、{hold}個を超えて残さなかった商品は置き場へ戻します。"
          f"引いた商品は進行シートの「draw N got …」に書きます。")
    return {"ja": ja, "en": (f"Goods: no bag. Lay the goods out as a supply. A mountain town draws the next numbers of this list, in "
            f"order: take each good from the supply and cross its number off. If the supply has none of that kind "
            f"left, cross the number off and go on to the next. After {n}, start again at 1 (the crossings do not "
            f"matter then). Goods sold, and those not kept over the hold of {hold}, go back to the supply. "
            f"Write the goods drawn after 'draw N got …' on the progress sheet.")}


def headings(book, slots: int, goods: int, bags: int) -> dict:
    """part -> lang -> the sheet's heading for it, complete in each language: the pieces named by
    the rulebook's glossary, so the sheet and the rulebook call them the same."""
    word = {t.words["en"]: t.words for t in book.glossary}
    coastal, wave, tile, artist = word["coastal town"], word["wave tile"], word["painting tile"], word["artist"]
    per = goods // bags
    return {
        "setup": {"ja": "準備", "en": "Setup"},
        "shops": {"ja": f"土産物屋トークン：{coastal['ja']}に表向きで（リングの順）",
                  "en": f"Shop tokens: face up on the {coastal['en']}s (ring order)"},
        "waves": {"ja": f"{wave['ja']}：ゲーム中ずっとこの面を上に", "en": f"{wave['en'].capitalize()}s: this side up all game"},
        "tiles": {"ja": f"{tile['ja']}：{artist['ja']}ボードに裏向きで、枠1〜{slots}（左から右、上の段から）",
                  "en": f"{tile['en'].capitalize()}s: face down on the {artist['en']} board, slots 1-{slots} "
                        f"(left to right, top row first)"},
        "goods": {"ja": f"商品の順番：1〜{goods}、{per}個ずつ{bags}列（1列が1そろい）",
                  "en": f"Goods order: 1-{goods}, {bags} columns of {per} (each one full set)"},
    }


def figure_starts(book, values) -> dict:
    """lang -> the rulebook's setup paragraph that starts the figures and the hot-spring token
    (the one naming the start town), for the rules in force: the sheet and the
    rulebook say the same in both languages."""
    out = {}
    for lang in ("ja", "en"):
        raw = book.sections["setup"][lang]
        picked = [p for p in raw if "{rule:start_town}" in p]
        out[lang] = ("" if lang == "ja" else " ").join(book.filled(picked, values, lang))
    return out


def content(model, book, t: R.Tables, d: Deal) -> Content:
    """The sheet's words for deal `d`; `model` as its pieces print it (rulebook.printed) and
    `book` its rulebook, for the figures' starts."""
    comp, board = model.components, model.board
    towns = list(board.towns.values())
    seat = PLAYERS[d.first]
    waves = []
    for c, ch in enumerate(R.CHARACTERS):
        side = [w for w in comp.waves if w.character == ch][d.sides[c]]
        waves.append((f"{CHARACTER[ch][0]} {ch}", f"{'AB'[d.sides[c]]} {side.name} {side.name_en}",
                      side.text, side.text_en or side.text))
    shops = []
    for town, shop in d.shops:
        tw = towns[town]
        kind, value = comp.shops[shop].kind, comp.shops[shop].value
        shops.append((f"space {tw.ring_index}", f"{tw.name} {tw.id}",
                      f"{comp.goods_names[kind]} {kind} {value}", kind))
    types = {p.id: p for p in comp.painting_types}
    tiles = tuple((f"{p.seat} {p.name} {p.name_en}",
                   tuple((t.painting_names[k], f"{types[t.painting_names[k]].name} {types[t.painting_names[k]].romaji}")
                         for k in d.tiles[s])) for s, p in enumerate(PLAYERS))
    goods = tuple((t.goods_names[k], f"{comp.goods_names[t.goods_names[k]]} {t.goods_names[k]}") for k in d.goods)
    first = {"ja": f"席{seat.seat}（{seat.name}）が1ラウンド目の先手。以後交互。",
             "en": f"seat {seat.seat} ({seat.name} {seat.name_en}) drafts first in round 1; then it alternates."}
    return Content(d.seed, provenance(d.seed), first, figure_starts(book, model.rules),
                   tuple(waves), tuple(shops), tiles, goods, how_to_draw(len(goods), comp.hold),
                   headings(book, len(comp.artist_slots), len(goods), R.GOODS_BAGS))


def deal_text(c: Content) -> str:
    lines = [f"{TITLE} deal: seed {c.seed}", c.provenance["ja"], c.provenance["en"], "", f"先手：{c.first['ja']}", f"First drafter: {c.first['en']}",
             f"駒：{c.figures['ja']}", f"Figures: {c.figures['en']}", "", *_head_lines(c, "waves")]
    for who, side, ja, en in c.waves:
        lines += [f"  {who}: {side}: {ja}", f"      {en}"]
    lines += ["", *_head_lines(c, "shops")]
    lines += [f"  {space:>8}  {town}: {shop}" for space, town, shop, _ in c.shops]
    lines += ["", *_head_lines(c, "tiles")]
    lines += [f"  seat {seat}: " + ", ".join(label for _, label in tiles) for seat, tiles in c.tiles]
    lines += ["", c.how_to_draw["ja"], c.how_to_draw["en"]]
    bag = sum(1 for _ in c.goods) // R.GOODS_BAGS
    for b in range(0, len(c.goods), bag):
        lines.append(f"  {b + 1:3d}-{b + bag}: " + " ".join(k for k, _ in c.goods[b:b + bag]))
    return "\n".join(lines)


def _head_lines(c: Content, part: str) -> list[str]:
    return [c.heads[part]["ja"], c.heads[part]["en"] + ":"]


def _wrapped(c, x: float, y: float, width: float, s: str, size: float = SIZE, lead: float = LINE) -> float:
    for part in lines_of(s, None, width, size):
        text(c, x, y, part, size, fill=INK)
        y -= lead
    return y


HEAD_PT = 10.0
HEAD_LEAD = 4.6              # mm per heading line


def _head_parts(width: float, words: dict) -> list[str]:
    """A heading's lines in both languages: one line when it fits `width`, else Japanese above English."""
    both = f"{words['ja']}  {words['en']}"
    if fonts.text_width(both, HEAD_PT) <= to_pt(width):
        return [both]
    return [part for s in (words["ja"], words["en"]) for part in lines_of(s, None, width, HEAD_PT)]


def _head_lines_of(width: float, words: dict) -> int:
    return len(_head_parts(width, words))


def _head(c, x: float, y: float, width: float, words: dict) -> float:
    for part in _head_parts(width, words):
        text(c, x, y, part, HEAD_PT, fill=colour(HEAD_RGB))
        y -= HEAD_LEAD
    return y


@dataclass(frozen=True)
class SheetPlan:
    """Where the deal sheet puts its goods order (mm): decided before anything is drawn."""

    beside: bool          # how to draw the goods stands in the left column, under the setup
    second_page: bool     # the goods order has a page of its own
    row_h: float          # mm per numbered good


def _lines_h(width: float, s: str, size: float = SIZE, lead: float = LINE) -> float:
    return len(lines_of(s, None, width, size)) * lead


def _how_h(width: float, c_: Content) -> float:
    return sum(_lines_h(width, c_.how_to_draw[lang], SMALL, SMALL_LINE) for lang in ("ja", "en")) + 1.5


def sheet_plan(layout, c_: Content) -> SheetPlan:
    """The goods rows as tall as the page allows (at most GOODS_ROW_H) and never below
    GOODS_ROW_LEAST: how to draw them moves up beside the shop tokens where the left column has
    room, and the list goes over to a second page only when even then it would not fit."""
    pg = page_of(layout)
    h, m, inner = pg.height, pg.margin, pg.width - 2 * pg.margin
    half = (inner - 6) / 2
    top = h - m - 10.5 - sum(_lines_h(inner, c_.provenance[lang], SMALL, SMALL_LINE) for lang in ("ja", "en")) - 2
    left = (_head_lines_of(half, c_.heads["setup"]) * HEAD_LEAD + 0.8
            + sum(_lines_h(half, s) for s in (f"先手：{c_.first['ja']}", f"First drafter: {c_.first['en']}",
                                               f"駒：{c_.figures['ja']}", f"Figures: {c_.figures['en']}")))
    right = (_head_lines_of(half, c_.heads["shops"]) * HEAD_LEAD + len(c_.shops) * (LINE + 0.4) + 2
             + _head_lines_of(half, c_.heads["waves"]) * HEAD_LEAD
             + sum(_lines_h(half, f"{who}: {side}") + _lines_h(half - 2, ja) + _lines_h(half - 2, en)
                   for who, side, ja, en in c_.waves))
    beside = left + _how_h(half, c_) <= right
    tiles = _head_lines_of(inner, c_.heads["tiles"]) * HEAD_LEAD + len(c_.tiles) * 7.6 + 6
    per = len(c_.goods) // R.GOODS_BAGS
    room = top - max(left + (_how_h(half, c_) if beside else 0), right) - 3 - tiles - m
    row_h = min(GOODS_ROW_H, (room - _head_lines_of(inner, c_.heads["goods"]) * HEAD_LEAD
                              - (0.0 if beside else _how_h(inner, c_))) / per)
    if row_h >= GOODS_ROW_LEAST:
        return SheetPlan(beside, False, row_h)
    room = top - m - _head_lines_of(inner, c_.heads["goods"]) * HEAD_LEAD - _how_h(inner, c_)
    return SheetPlan(False, True, min(GOODS_ROW_H, room / per))


def deal_pdf(model, layout, c_: Content) -> tuple[bytes, int]:
    """One page (two on small paper): the setup, then the goods order in one column per full set."""
    pg = page_of(layout)
    w, h, m = pg.width, pg.height, pg.margin
    pdf = Pdf(w, h, f"{TITLE}: deal {c_.seed}")
    c = pdf.canvas
    comp = model.components
    inner = w - 2 * m
    sp = sheet_plan(layout, c_)

    def page_head() -> float:
        pdf.set_page_size(w, h)
        text(c, m, h - m - 5, f"{TITLE}  配置 deal  seed {c_.seed}", 14, fill=INK)
        text(c, w - m, h - m - 5, TITLE_EN, 8, "right", fill=GRID)
        text(c, m, m - 3, f"kit deal --game shikoku-duo --seed {c_.seed}   ·   the setup and the goods order of "
             f"seed {c_.seed}", 6, fill=Color(0.4, 0.4, 0.4))
        y = _wrapped(c, m, h - m - 10.5, inner, c_.provenance["ja"], SMALL, SMALL_LINE)
        return _wrapped(c, m, y, inner, c_.provenance["en"], SMALL, SMALL_LINE) - 2

    def how_to(x: float, y: float, width: float) -> float:
        y = _wrapped(c, x, y, width, c_.how_to_draw["ja"], SMALL, SMALL_LINE)
        return _wrapped(c, x, y, width, c_.how_to_draw["en"], SMALL, SMALL_LINE) - 1.5

    y = page_head()
    half = (inner - 6) / 2
    # Left: first drafter, figures (and how to draw the goods, where there is room).
    # Right: the shop tokens, the wave tiles.
    ly = _head(c, m, y, half, c_.heads["setup"])
    ly = _wrapped(c, m, ly, half, f"先手：{c_.first['ja']}")
    ly = _wrapped(c, m, ly, half, f"First drafter: {c_.first['en']}")
    ly = _wrapped(c, m, ly - 0.8, half, f"駒：{c_.figures['ja']}")
    ly = _wrapped(c, m, ly, half, f"Figures: {c_.figures['en']}")
    if sp.beside:
        ly = how_to(m, ly - 1.5, half)
    rx = m + half + 6
    ry = _head(c, rx, y, half, c_.heads["shops"])
    for space, town, shop, kind in c_.shops:
        fill_rect(c, Rect(rx, ry - 0.7, 2.4, 2.8), colour(goods_colour(comp.goods, kind)))
        text(c, rx + 4, ry, space, SIZE, fill=INK)
        text(c, rx + 18, ry, town, SIZE, fill=INK)
        text(c, rx + half, ry, shop, SIZE, "right", fill=INK)
        ry -= LINE + 0.4
    ry = _head(c, rx, ry - 2, half, c_.heads["waves"])
    for who, side, ja, en in c_.waves:
        ry = _wrapped(c, rx, ry, half, f"{who}: {side}")
        ry = _wrapped(c, rx + 2, ry, half - 2, ja)
        ry = _wrapped(c, rx + 2, ry, half - 2, en)
    y = min(ly, ry) - 3
    # Painting tiles: each seat's ten slots, as on its artist board.
    y = _head(c, m, y, inner, c_.heads["tiles"])
    slot_w = (inner - 22) / max(len(tiles) for _, tiles in c_.tiles)
    for seat, tiles in c_.tiles:
        text(c, m, y - 4.2, seat, SIZE, fill=INK)
        for k, (type_id, label) in enumerate(tiles):
            box = Rect(m + 22 + k * slot_w, y - 6.5, slot_w - 1, 6.2)
            fill_rect(c, box, colour(painting_colour(comp.painting_types, type_id)))
            text(c, box.x + 0.8, box.y2 - 2.2, str(k + 1), 5, fill=Color(1, 1, 1))
            text(c, box.x + box.w / 2, box.y + 1.2, label, 6.2, "centre", fill=Color(1, 1, 1))
        y -= 7.6
    text(c, m, y - 1.5, "ソロ：オートマ（席2）には絵画タイルはありません。 Solo: the Automa (seat 2) has no tiles.", 6.2, fill=GRID)
    y -= 6
    # The goods order: one column per full set of goods, numbered down the columns.
    per = len(c_.goods) // R.GOODS_BAGS
    if sp.second_page:
        pdf.show_page()
        y = page_head()
    y = _head(c, m, y, inner, c_.heads["goods"])
    if not sp.beside:
        y = how_to(m, y, inner)
    row_h = sp.row_h
    col_w = inner / R.GOODS_BAGS
    for k, (kind, label) in enumerate(c_.goods):
        col, row = divmod(k, per)
        x, yy = m + col * col_w, y - row * row_h          # yy: the row's baseline, a third up the row
        foot = yy - row_h / 3
        if row % 2 == 0:
            fill_rect(c, Rect(x, foot, col_w - 3, row_h), Color(0.95, 0.95, 0.95))
        mid = foot + row_h / 2
        text(c, x + 7, yy, str(k + 1), SIZE, "right", fill=INK)
        stroke_rect(c, Rect(x + 8.5, mid - TICK / 2, TICK, TICK), GRID, 0.4)
        fill_rect(c, Rect(x + 13.5, mid - 1.4, 2.4, 2.8), colour(goods_colour(comp.goods, kind)))
        text(c, x + 17.5, yy, label, SIZE, fill=INK)
    pdf.show_page()
    return pdf.finish(), pdf.pages


def deal_command(ctx, seed: int):
    """`kit deal`: the setup and goods order as text, and output/shikoku-duo/deal-<seed>.pdf."""

    fonts.register(ctx.font)
    model = load(ctx.data_dir, ctx.rules, ctx.map_path())
    book = load_book(ctx.data_dir, model)
    model = printed(model, book)     # the wave sides as the tiles word them
    t = R.tables(model)
    c = content(model, book, t, deal(t, R.Rules.from_options(model.rules), seed))
    data, pages = deal_pdf(model, ctx.layout, c)
    path = ctx.out_dir / f"deal-{seed}.pdf"
    write_all({path: data})
    return deal_text(c), [(path, pages)]
