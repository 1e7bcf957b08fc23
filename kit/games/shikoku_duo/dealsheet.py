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

from kit.games.shikoku_duo import rules as R
from kit.games.shikoku_duo.deal import Deal, deal
from kit.games.shikoku_duo.pieces import CHARACTER, GRID, INK, PLAYERS, TITLE, TITLE_EN, goods_colour, \
    painting_colour
from kit.games.shikoku_duo.sheets import HEAD_RGB, page_of
from kit.draw import fonts
from kit.games.shikoku_duo.model import load
from kit.games.shikoku_duo.rulebook import load_book, printed

GOODS_ROW_H = 4.1            # mm per numbered good
LINE = 3.6                   # mm per line of the setup text at SIZE
SIZE = 7.8                   # pt


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
                   tuple(waves), tuple(shops), tiles, goods, how_to_draw(len(goods), comp.hold))


def deal_text(c: Content) -> str:
    lines = [f"{TITLE} deal: seed {c.seed}", c.provenance["ja"], c.provenance["en"], "", f"先手：{c.first['ja']}", f"First drafter: {c.first['en']}",
             f"駒：{c.figures['ja']}", f"Figures: {c.figures['en']}", "", "波タイル（この面を上に） Wave tiles, side up all game:"]
    for who, side, ja, en in c.waves:
        lines += [f"  {who}: {side}: {ja}", f"      {en}"]
    lines += ["", "Shop tokens on the coastal towns (ring order):"]
    lines += [f"  {space:>8}  {town}: {shop}" for space, town, shop, _ in c.shops]
    lines += ["", "Painting tiles, face down on the artist board, slot 1 to 10 (left to right, top row first):"]
    lines += [f"  seat {seat}: " + ", ".join(label for _, label in tiles) for seat, tiles in c.tiles]
    lines += ["", c.how_to_draw["ja"], c.how_to_draw["en"]]
    bag = sum(1 for _ in c.goods) // R.GOODS_BAGS
    for b in range(0, len(c.goods), bag):
        lines.append(f"  {b + 1:3d}-{b + bag}: " + " ".join(k for k, _ in c.goods[b:b + bag]))
    return "\n".join(lines)


def _wrapped(c, x: float, y: float, width: float, s: str, size: float = SIZE, lead: float = LINE) -> float:
    for part in lines_of(s, None, width, size):
        text(c, x, y, part, size, fill=INK)
        y -= lead
    return y


def _head(c, x: float, y: float, s: str) -> float:
    text(c, x, y, s, 10, fill=colour(HEAD_RGB))
    return y - 4.6


def deal_pdf(model, layout, c_: Content) -> tuple[bytes, int]:
    """One page (two on small paper): the setup, then the goods order in one column per full set."""
    pg = page_of(layout)
    w, h, m = pg.width, pg.height, pg.margin
    pdf = Pdf(w, h, f"{TITLE}: deal {c_.seed}")
    c = pdf.canvas
    comp = model.components
    inner = w - 2 * m

    def page_head() -> float:
        pdf.set_page_size(w, h)
        text(c, m, h - m - 5, f"{TITLE}  配置 deal  seed {c_.seed}", 14, fill=INK)
        text(c, w - m, h - m - 5, TITLE_EN, 8, "right", fill=GRID)
        text(c, m, m - 3, f"kit deal --game shikoku-duo --seed {c_.seed}   ·   the setup and the goods order of "
             f"seed {c_.seed}", 6, fill=Color(0.4, 0.4, 0.4))
        y = _wrapped(c, m, h - m - 10.5, inner, c_.provenance["ja"], 7.2, 3.3)
        return _wrapped(c, m, y, inner, c_.provenance["en"], 7.2, 3.3) - 2

    y = page_head()
    half = (inner - 6) / 2
    # Left: first drafter, figures. Right: the shop tokens, the wave tiles.
    ly = _head(c, m, y, "準備 setup")
    ly = _wrapped(c, m, ly, half, f"先手：{c_.first['ja']}")
    ly = _wrapped(c, m, ly, half, f"First drafter: {c_.first['en']}")
    ly = _wrapped(c, m, ly - 0.8, half, f"駒：{c_.figures['ja']}")
    ly = _wrapped(c, m, ly, half, f"Figures: {c_.figures['en']}")
    rx = m + half + 6
    ry = _head(c, rx, y, "店 shop tokens on the coastal towns")
    for space, town, shop, kind in c_.shops:
        fill_rect(c, Rect(rx, ry - 0.7, 2.4, 2.8), colour(goods_colour(comp.goods, kind)))
        text(c, rx + 4, ry, space, SIZE, fill=INK)
        text(c, rx + 18, ry, town, SIZE, fill=INK)
        text(c, rx + half, ry, shop, SIZE, "right", fill=INK)
        ry -= LINE + 0.4
    ry = _head(c, rx, ry - 2, "波 wave tiles: この面を上に this side up all game")
    for who, side, ja, en in c_.waves:
        ry = _wrapped(c, rx, ry, half, f"{who}: {side}")
        ry = _wrapped(c, rx + 2, ry, half - 2, ja)
        ry = _wrapped(c, rx + 2, ry, half - 2, en)
    y = min(ly, ry) - 3
    # Painting tiles: each seat's ten slots, as on its artist board.
    y = _head(c, m, y, "絵 painting tiles: face down on the artist board, slot 1-10 (left to right, top row first)")
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
    words = sum(len(lines_of(c_.how_to_draw[lang], lang, inner, 7.2)) for lang in ("ja", "en"))
    needed = 4.6 + words * 3.3 + 1.5 + per * GOODS_ROW_H
    if y - needed < m:
        pdf.show_page()
        y = page_head()
    y = _head(c, m, y, f"商品 goods order: 1-{len(c_.goods)}, {R.GOODS_BAGS} columns of {per} (each one full set)")
    y = _wrapped(c, m, y, inner, c_.how_to_draw["ja"], 7.2, 3.3)
    y = _wrapped(c, m, y, inner, c_.how_to_draw["en"], 7.2, 3.3) - 1.5
    col_w = inner / R.GOODS_BAGS
    for k, (kind, label) in enumerate(c_.goods):
        col, row = divmod(k, per)
        x, yy = m + col * col_w, y - row * GOODS_ROW_H
        if row % 2 == 0:
            fill_rect(c, Rect(x, yy - 1.3, col_w - 3, GOODS_ROW_H), Color(0.95, 0.95, 0.95))
        text(c, x + 7, yy, str(k + 1), SIZE, "right", fill=INK)
        stroke_rect(c, Rect(x + 8.5, yy - 0.6, 3, 3), GRID, 0.4)
        fill_rect(c, Rect(x + 13, yy - 0.7, 2.4, 2.8), colour(goods_colour(comp.goods, kind)))
        text(c, x + 17, yy, label, SIZE, fill=INK)
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
