"""Paper for hand playtests: the progress sheet (進行シート) and the card-size sampler."""

from __future__ import annotations

from reportlab.lib.colors import Color, black

from kit.draw import turnlog
from kit.draw.fonts import FONT, fit_size, lines_of, text_width
from kit.draw.images import PHONE_CSS_PX, PHONE_SCALE, READABLE_CSS_PX, Legibility, role_legibility
from kit.draw.textsize import LEAST
from kit.draw.imposition import Rect, sheet_margin
from kit.data.layoutfile import Layout, progress_sheet
from kit.draw.pdf import Pdf
from kit.draw.render import colour, draw_clipped, fill_rect, stroke_rect, text, text_in_box
from kit.draw.turnlog import Column, Group, TurnLog, turn_log
from kit.data.units import to_pt

from kit.games.karuta.cards import (CREDIT, FURIGANA_FLOOR_PT, KANJI_FLOOR_PT, TITLE, VERMILION, Face,
                                    FrontPainter, Sizes, face, sizes, text_roles)
from kit.games.karuta.model import START, Karuta, Province
from kit.games.karuta.settings import Compared, compared_cards
from kit.games.karuta.boardpdf import TIER_STROKES, legend_mark, polyline, set_stroke

SEATS = (2, 3, 4)            # the tables the game takes: a progress sheet for each
GRID = Color(0.55, 0.55, 0.55)
HEADER_H = 60.0             # mm above the log on the first page: the fields and the key
SUMMARY_H = 62.0
BOX_W = 12.0                # a tracker box: one province name and its tick
FOOTER = 1.0                # the footer line's baseline: this far below the content margin
TIER_NAMES = {"main": "五街道", "primary": "脇街道 (主)", "secondary": "脇街道"}


ROUTES = ("街", "隣", "航", "パス")


LONGEST_CHAIN = "武蔵 相模 伊豆 駿河 遠江 三河 尾張"     # a long chain: the cards cell takes it by hand


def log_columns(players: int) -> tuple:
    """Three marks a turn (the seat, the route or パス circled, the cards played); the cards left
    in each hand once a round, at its end. The cards column takes the width the others leave."""
    return (Column("手番", 9, sub="turn", per="number"), Column("巡", 8, sub="round", per="round number"),
            Column("席", 9, sub="seat", key="seat", longest="4",
                   how=f"番をした席の番号 1〜{players} / the seat whose turn it is, 1 to {players}"),
            Column("経路 (○で囲む)", 38, sub="route: circle one", marks=ROUTES,
                   how="使った経路を○で囲む（街=街道、隣=隣接、航=航路、パス）/ circle the route: 街 highway, "
                       "隣 adjacency, 航 sea route, or パス pass"),
            Column("出した札", share=1, sub="cards played, in the order laid down", key="play", longest=LONGEST_CHAIN,
                   how="置いた順に、札の国名（漢字・かな・ローマ字）か札の番号 / each card in the order laid down, by its "
                       "name (kanji, kana or romaji) or by the number on the card: 武蔵 相模, or 26 25"),
            Group("残 cards left", tuple(Column(f"残{s + 1}", 11, sub="round end", per="round", longest="17",
                                                how="巡の終わりに各席の手札の枚数 / at each round's end, the cards "
                                                    "left in that seat's hand")
                                         for s in range(players))))


def log_table(layout: Layout, players: int = SEATS[-1]) -> TurnLog:
    """The log on every page: whole rounds only, so a round's cards-left cells stay on one page;
    the last page keeps room for the summary box (else it gets a page of its own)."""
    w, h, m = layout.paper_width, layout.paper_height, sheet_margin(layout)
    sheet = progress_sheet(layout)
    return turn_log(log_columns(players), x=m, width=w - 2 * m, first_top=h - m - HEADER_H, top=h - m - 12,
                    floor=m + 2, row=sheet.row_height, rows=sheet.turns, per_round=players, tail=SUMMARY_H + 4,
                    where=sheet.where)


def _header(c, x: float, top: float, w: float, players: int) -> None:
    text(c, x, top - 7, f"{TITLE}  進行シート  {players}人用", 16)
    text(c, x + w, top - 7, f"progress sheet for a hand-played game, {players} players", 8, "right")
    fields = (("日付 date", 48), ("配札シード deal seed", 48), (f"人数 players: {players}", 30),
              ("ルール rules (key=value)", w - 126))
    fx, y = x, top - 20
    for label, fw in fields:
        stroke_rect(c, Rect(fx, y, fw - 2, 9), GRID, 0.4)
        text(c, fx + 1, y + 6.3, label, 6)
        fx += fw
    y -= 12
    sw = w / players
    for s in range(players):
        stroke_rect(c, Rect(x + s * sw, y, sw - 2, 9), GRID, 0.4)
        text(c, x + s * sw + 1, y + 6.3, f"席{s + 1} seat {s + 1}: name", 6)
    y -= 7
    text(c, x, y + 2, f"配札: `kit deal --game karuta --players {players} --seed S` が各席の手札を印刷する。"
                      f"  The deal: `kit deal --game karuta --players {players} --seed S` prints each hand.", 6.5)
    text(c, x, y - 2.5, "ルール欄: 変えたルールだけ key=value で（例 round_start=fixed）。"
                        "  rules: only the rules changed, as key=value (e.g. round_start=fixed); blank: the defaults.",
         6.5)


def _summary(c, x: float, top: float, w: float, players: int) -> None:
    box = Rect(x, top - SUMMARY_H, w, SUMMARY_H)
    stroke_rect(c, box, black, 0.8)
    text(c, x + 2, top - 6, "まとめ summary", 10)
    rows = (("勝者 winner (seat)", "終わり方 end: 手札なし hand out / 膠着 stall"),
            ("手番数 turns", "巡数 rounds"),
            ("所要時間 minutes", "最初の札 first card"))
    for i, (a, b) in enumerate(rows):
        y = top - 16 - i * 8
        text(c, x + 2, y, a + ": ________________", 8)
        text(c, x + w / 2, y, b + ": ________________", 8)
    y = top - 16 - len(rows) * 8
    sw = (w - 40) / SEATS[-1]
    text(c, x + 2, y, "席 seat", 8)
    text(c, x + 2, y - 6, "パス回数 passes", 8)
    text(c, x + 2, y - 12, "残り札 cards left", 8)
    for s in range(players):
        text(c, x + 40 + s * sw, y, f"席{s + 1}", 8)
        stroke_rect(c, Rect(x + 40 + s * sw, y - 7.6, sw - 4, 5), GRID, 0.3)
        stroke_rect(c, Rect(x + 40 + s * sw, y - 13.6, sw - 4, 5), GRID, 0.3)
    text(c, x + 2, box.y + 4, "所見 notes (text size, shapes, passes, what felt slow):", 8)


def _tracker(c, model: Karuta, x: float, top: float, w: float, bottom: float) -> None:
    text(c, x, top - 7, f"{TITLE}  盤面チェック board tracker", 14)
    text(c, x, top - 12.5, "Tick each province when its card is played; highways run left to right "
                           "from their origin, as the lines grow.", 7)
    name_w, y = 30.0, top - 18
    off = [p.kanji for p in model.provinces if p.kanji not in model.on_highway and p.kanji not in model.islands]
    per_row = max(1, int((w - name_w) // BOX_W))
    rows = sum(-(-len(names) // per_row) for names in (*(h.provinces for h in model.highways), off,
                                                     model.islands))
    # Shrink the rows rather than run below `bottom` when the data grows (the two
    # groups after the highways take 2 mm more each).
    row_h = min(11.0, (y - bottom - 4) / max(rows, 1))
    for h in model.highways:
        y -= row_h
        text(c, x, y + 5.5, h.name, 8.5)
        text(c, x, y + 1.8, f"{h.romaji} · {TIER_NAMES.get(h.tier, h.tier)}", 6, fill=Color(0.4, 0.4, 0.4))
        y = _boxes(c, model, x + name_w, y, w - name_w, h.provinces, row_h)
    for title, names in (("街道なし off-highway (隣接)", off), ("島 islands (航路)", list(model.islands))):
        y -= row_h + 2
        text(c, x, y + 5.5, title.split(" ")[0], 8.5)
        text(c, x, y + 1.8, title.split(" ", 1)[1], 6, fill=Color(0.4, 0.4, 0.4))
        y = _boxes(c, model, x + name_w, y, w - name_w, names, row_h)


def _boxes(c, model: Karuta, x: float, y: float, w: float, names, row_h: float) -> float:
    """Tick boxes for `names` in order, wrapping onto more rows; returns the lowest row's y."""
    per_row = max(1, int(w // BOX_W))
    for i, name in enumerate(names):
        row, col = divmod(i, per_row)
        r = Rect(x + col * BOX_W, y - row * row_h, BOX_W - 0.8, row_h - 1.5)
        fill_rect(c, Rect(r.x, r.y2 - 1.2, r.w, 1.2), colour(model.region_of[name].color))
        stroke_rect(c, r, GRID, 0.3)
        text_in_box(c, Rect(r.x + 0.3, r.y + r.h * 0.5, r.w - 0.6, r.h * 0.3), name, 7.5)
        # romaji for a reader of no kanji; the tick box moves to the corner to make room
        text_in_box(c, Rect(r.x + 0.2, r.y + r.h * 0.22, r.w - 0.4, r.h * 0.26), model.by_kanji[name].romaji, 6.0,
                    floor=6.0)
        stroke_rect(c, Rect(r.x2 - 2.6, r.y + 0.4, 2.2, 2.2), black, 0.3)
    return y - (max(len(names) - 1, 0) // per_row) * row_h


def progress_pdf(model: Karuta, layout: Layout, players: int) -> tuple[bytes, int]:
    """進行シート for a table of `players`: header, a log of the layout's `progress_sheet:
    turns` in rounds of `players` turns, the key to its cells, a summary box and a board
    tracker page."""
    w, h, m = layout.paper_width, layout.paper_height, sheet_margin(layout)
    pdf = Pdf(w, h, f"{TITLE}: progress sheet, {players} players", FONT)
    c = pdf.canvas
    log = log_table(layout, players)
    pages = log.pages
    key = turnlog.key_lines(log_columns(players))
    for n, turns in enumerate(pages):
        pdf.set_page_size(w, h)
        if n == 0:
            _header(c, m, h - m, w - 2 * m, players)
            turnlog.draw_key(c, key, m, h - m - 43, w - 2 * m, 6.0)
        else:
            text(c, m, h - m - 6, f"{TITLE}  進行シート {players}人用 (続き continued)   配札シード seed: ______", 10)
        bottom = turnlog.draw(c, log, n) if len(turns) else log.tops[n]
        if n == len(pages) - 1:
            _summary(c, m, bottom - 4, w - 2 * m, players)
        text(c, w - m, m - FOOTER, f"{n + 1}/{len(pages) + 1}", 7, "right")
        pdf.show_page()
    pdf.set_page_size(w, h)
    _tracker(c, model, m, h - m, w - 2 * m, m + 4)   # rows clear of the footer line
    text(c, m, m - FOOTER, CREDIT, 6, fill=Color(0.4, 0.4, 0.4))
    text(c, w - m, m - FOOTER, f"{len(pages) + 1}/{len(pages) + 1}", 7, "right")
    pdf.show_page()
    return pdf.finish(), pdf.pages


# --- card-size sampler ---------------------------------------------------------------

SAMPLE_CARDS = ("遠江", START, "陸奥", "対馬", "和泉")   # long furigana, the start, a big and a thin shape


def sample_cards(model: Karuta) -> tuple[str, ...]:
    return tuple(k for k in SAMPLE_CARDS if k in model.by_kanji) or tuple(p.kanji for p in model.provinces[:4])


def smallest_sizes(f: Face, provinces: tuple[Province, ...]) -> Sizes:
    """The smallest furigana, kanji and romaji over `provinces` (they may be on different cards)."""
    each = [sizes(f, p) for p in provinces]
    return Sizes(min(s.kana for s in each), min(s.kanji for s in each), min(s.romaji for s in each))


def phone_figures(model: Karuta, layout: Layout) -> list[tuple[Compared, list[Legibility]]]:
    """For each compared card size, each text role's height on a phone with the card filling
    the screen's width: the build's phone check (kit.draw.images), over every card at that size."""
    safe = layout.piece("card").safe
    return [(s, role_legibility("cards", s.width, text_roles(model, face(s.width, s.height, safe))))
            for s in compared_cards(layout)]


def phone_line(figures: list[Legibility], cards: int) -> tuple[str, str]:
    """The sampler's phone line: the figures, and the roles flagged below READABLE_CSS_PX."""
    shown = "; ".join(f"{f.role} {f.pt:.1f} pt → {f.css_px:.1f} px" + (f" ({f.per_row} across)" if f.readable else "")
                      for f in figures)
    low = [f.role for f in figures if not f.readable]
    return (f"Phone, smallest of the {cards} cards: {shown}",
            f"  below {READABLE_CSS_PX:g} px: {', '.join(low)}" if low else "")


def sampler_pdf(model: Karuta, shapes: dict, layout: Layout) -> tuple[bytes, int]:
    """One sheet: the same cards at each candidate size, cut lines drawn, sizes labelled."""
    w, h, m = layout.paper_width, layout.paper_height, sheet_margin(layout)
    pdf = Pdf(w, h, f"{TITLE}: card sizes", FONT)
    c = pdf.canvas
    pdf.set_page_size(w, h)
    text(c, m, h - m - 6, f"{TITLE}: card sizes compared", 14)
    text(c, m, h - m - 11, "The same cards at each candidate size (width × height, mm), printed at 100 %. "
                           "Cut on the grey lines to try them in the hand.", 7)
    text(c, m, h - m - 14.5, f"Phone: each text role's height in screen px with the card filling a {PHONE_CSS_PX}-px-wide "
                             f"phone screen at {PHONE_SCALE}× (×{PHONE_SCALE} for device pixels), and how many cards", 7)
    text(c, m, h - m - 18, f"fit side by side before it drops below {READABLE_CSS_PX:g} px, Apple's smallest text size "
                           f"(the phone check of kit build --images); in red, roles below it even at full width.", 7)
    names = sample_cards(model)
    y = h - m - 26
    gap, safe = 5.0, layout.piece("card").safe
    for size, figures in phone_figures(model, layout):
        cw, ch, note = size.width, size.height, size.note
        painter = FrontPainter(model, shapes, cw, ch, safe)
        per_row = max(1, min(len(names), int((w - 2 * m + gap) // (cw + gap))))
        f = face(cw, ch, safe)
        smallest = smallest_sizes(f, tuple(model.by_kanji[k] for k in names))
        flags = []
        if smallest.kana < FURIGANA_FLOOR_PT:
            flags.append(f"furigana below {FURIGANA_FLOOR_PT:g} pt")
        if smallest.kanji < KANJI_FLOOR_PT:
            flags.append(f"kanji below {KANJI_FLOOR_PT:g} pt")
        if smallest.romaji < LEAST:
            flags.append(f"romaji below {LEAST:g} pt")
        label = (f"{cw:g} × {ch:g} mm" + (f" ({note})" if note else "")
                 + f": smallest furigana {smallest.kana:.1f} pt, kanji {smallest.kanji:.1f}, "
                   f"romaji {smallest.romaji:.1f}"
                 + ("  —  " + ", ".join(flags) if flags else ""))
        text(c, m, y - 3, label, 8)
        shown, low = phone_line(figures, len(model.provinces))
        pt = fit_size(shown + low, to_pt(w - 2 * m), 6.5, 5.0)     # a role each: the line may be long
        text(c, m, y - 7, shown, pt)
        if low:
            text(c, m + text_width(shown, pt) / to_pt(1), y - 7, low, pt, fill=VERMILION)
        y -= 10 + ch
        for i, k in enumerate(names[:per_row]):
            trim = Rect(m + i * (cw + gap), y, cw, ch)
            draw_clipped(c, painter, model.by_kanji[k].number - 1, trim, 0.0)
            stroke_rect(c, trim, GRID, 0.25)
        y -= 7
    text(c, m, m, CREDIT, 6, fill=Color(0.4, 0.4, 0.4))
    pdf.show_page()
    return pdf.finish(), pdf.pages


# --- player aid -----------------------------------------------------------------------

AID_PT = 9.0                 # the aid's running text
AID_LINE = 4.6               # mm between its lines


AID_RULES = (("first_card", "最初の札：", "The first card: "), ("passing", "パス：", "Passing: "),
             ("chain_limit", "続けて出す：", "Chains: "), ("direction", "向き：", "Direction: "),
             ("open_highway", "札のない街道：", "A highway with no card yet: "),
             ("stall", "行き詰まり（全員パス）：", "A stall (everyone passes): "))


def aid_lines(model: Karuta, marks, book=None) -> list[tuple[str, str, str]]:
    """The aid as (kind, mark, text) lines: kind is head, text, rule (with a board mark's kind), highway.

    The turn's rules are the rulebook's sentences for the rules being built, in both languages."""
    values = model.rules
    out = [("head", "", "手番 on your turn: play by ONE way")]
    if book is not None:
        for lang in ("ja", "en"):
            plays = book.section("plays", values, lang)
            out += [(lang, "", s) for s in (plays[0], plays[5], plays[6])]   # highway, adjacency, sea
        out.append(("head", "", "この版の規則 the rules in force"))
        for option, ja, en in AID_RULES:
            out += [("ja", "", ja + book.sentence(option, values[option], "ja")),
                    ("en", "", en + book.sentence(option, values[option], "en"))]
    out.append(("head", "", "盤と規則の違い where the rules differ from the map (marked on the board)"))
    out += [("rule", m.kind, m.note) for m in marks]
    out.append(("head", "", "街道 highways, from their origin"))
    for tier in ("main", "primary", "secondary"):
        for h in model.highways:
            if h.tier == tier:
                out.append(("highway", tier, f"{h.name} {h.romaji}: "
                            + " → ".join(f"{k} {model.by_kanji[k].romaji}" for k in h.provinces)))
    out.append(("head", "", "航路 islands and their ports"))
    for i in model.islands:
        ports = sorted(model.ports_of.get(i, ()), key=lambda k: model.by_kanji[k].number)
        out.append(("text", "", f"{i} {model.by_kanji[i].romaji} ← "
                    + "・".join(f"{k} {model.by_kanji[k].romaji}" for k in ports)))
    return out


def aid_pdf(model: Karuta, marks, layout: Layout, book=None) -> tuple[bytes, int]:
    """プレイヤー補助: the three routes, every place where the rules' adjacency differs from the
    map (with the board's mark for it), the highways in order and the islands' ports."""

    w, h, m = layout.paper_width, layout.paper_height, sheet_margin(layout)
    pdf = Pdf(w, h, f"{TITLE}: player aid", FONT)
    c = pdf.canvas
    lines = aid_lines(model, marks, book)
    page, y = 0, 0.0

    def new_page():
        nonlocal page, y
        if page:
            pdf.show_page()
        page += 1
        pdf.set_page_size(w, h)
        text(c, m, h - m - 7, f"{TITLE}  プレイヤー補助 player aid", 15)
        text(c, m, m - FOOTER, CREDIT, 6, fill=Color(0.4, 0.4, 0.4))
        y = h - m - 16

    new_page()
    indent = 22.0
    for kind, mark, s in lines:
        size = 10.5 if kind == "head" else AID_PT
        x = m + (0 if kind == "head" else indent)
        wrapped = lines_of(s, "ja" if kind == "ja" else "en", w - m - x, size)
        need = AID_LINE * len(wrapped) + (3 if kind == "head" else 0)
        if y - need < m + 4:
            new_page()
        if kind == "head":
            y -= 3
        if kind == "rule":
            legend_mark(c, mark, m + 2, y, 1.0)
        elif kind == "highway":
            set_stroke(c, TIER_STROKES[mark])
            polyline(c, [(m + 2, y + 1.2), (m + 18, y + 1.2)])
            c.setDash([], 0)
        for k, part in enumerate(wrapped):
            text(c, x, y - k * AID_LINE, part, size)
        y -= AID_LINE * len(wrapped) + (1 if kind == "head" else 0.6)
    pdf.show_page()
    return pdf.finish(), pdf.pages
