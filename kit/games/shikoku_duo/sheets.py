"""Paper for the table: the player aid (setup on its back), the Automa's board, the score pad
and the progress sheet that records every round for `kit replay`.

The aid and the Automa board are pieces (cut, with crop marks); the score pad and the
progress sheet are whole pages on the layout's paper (the progress sheet turned landscape).
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from reportlab.lib.colors import Color, black, white
from reportlab.pdfgen.canvas import Canvas

from kit.data.errors import KitError
from kit.draw.imposition import Paper, Rect, paper, sheet_margin
from kit.data.layoutfile import Layout, ProgressSheet, progress_sheet
from kit.draw.pdf import Pdf
from kit.draw.render import card_sheets, colour, fill_rect, ink_on, line, mix, stroke_rect, text, text_in_box
from kit.draw import turnlog
from kit.draw.turnlog import Column, Group, TurnLog, turn_log
from kit.data.units import to_pt
from kit.draw.fonts import lines_of

from kit.games.shikoku_duo.pieces import (CHARACTER, GRID, INK, PAPER, PLAYERS, SHADE, TITLE, TITLE_EN, band,
                                          tint)
from kit.games.shikoku_duo.replay import goods_initials

HEAD_RGB = "#22324f"


# --- text blocks ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Block:
    """A heading and its lines, set in one column."""

    head: str
    lines: tuple[str, ...]
    rgb: str = HEAD_RGB


def _set_blocks(c, col: Rect, blocks, size: float, head_size: float) -> float:
    """Blocks down a column, each line wrapped to its width; returns the y reached (may pass col.y:
    the caller shrinks `size` until it does not)."""
    y = col.y2
    lead = size / to_pt(1) * 1.3
    for b in blocks:
        y -= head_size / to_pt(1) * 1.1
        text(c, col.x, y, b.head, head_size, fill=colour(b.rgb))
        y -= 0.8
        for s in b.lines:
            indent = 2.0 if s.startswith(("・", "- ")) or s[:2].strip().isdigit() else 0.0
            for k, part in enumerate(lines_of(s, None, col.w - indent - 1.5, size)):
                y -= lead
                text(c, col.x + indent + (1.5 if k else 0), y, part, size, fill=INK)
        y -= lead * 0.6
    return y


AID_FLOOR_PT = 6.0       # the least text read in play


def _largest(fits, size: float, refusal: str) -> float:
    """The largest size, to FIT_STEP pt, from `size` down to AID_FLOOR_PT at which `fits(size)`;
    refused with `refusal` when even the floor does not fit."""
    if fits(size):
        return size
    if not fits(AID_FLOOR_PT):
        raise KitError(refusal)
    lo, hi = AID_FLOOR_PT, size          # lo fits, hi does not
    while hi - lo > FIT_STEP:
        mid = round((lo + hi) / 2, 4)
        lo, hi = (mid, hi) if fits(mid) else (lo, mid)
    return lo


FIT_STEP = 0.01          # pt: how finely a column's text size is fitted


def _fit_blocks(c, col: Rect, blocks, size: float, head_size: float) -> float:
    """Set the blocks at the largest size (down to AID_FLOOR_PT) that stays inside the column;
    refuse blocks that fit at no readable size. Returns the text size used."""
    scratch = Canvas(io.BytesIO())
    got = _largest(lambda sz: _set_blocks(scratch, col, blocks, sz, head_size * sz / size) >= col.y, size,
                   f"the text of {blocks[0].head!r} does not fit its {col.w:.0f} × {col.h:.0f} mm column "
                   f"at {AID_FLOOR_PT:g} pt; make the piece larger in the layout")
    _set_blocks(c, col, blocks, got, head_size * got / size)
    return got


def _pour(c, cols: list[Rect], blocks, size: float, head_size: float) -> bool:
    """Blocks poured down the columns in turn (a heading never last in a column); whether they
    all fit."""
    lead = size / to_pt(1) * 1.3
    head_step = head_size / to_pt(1) * 1.1 + 0.8
    k, y = 0, cols[0].y2
    for b in blocks:
        parts = []
        for s in b.lines:
            indent = 2.0 if s.startswith(("・", "- ")) or s[:2].strip().isdigit() else 0.0
            lines = lines_of(s, None, cols[0].w - indent - 1.5, size)
            parts += [(indent + (1.5 if n else 0), part, n == len(lines) - 1) for n, part in enumerate(lines)]
        if y - head_step - 2 * lead < cols[k].y and y < cols[k].y2:
            k, y = k + 1, cols[min(k + 1, len(cols) - 1)].y2
            if k == len(cols):
                return False
        y -= head_step - 0.8
        text(c, cols[k].x, y, b.head, head_size, fill=colour(b.rgb))
        y -= 0.8
        for indent, part, last in parts:
            if y - lead < cols[k].y:
                k += 1
                if k == len(cols):
                    return False
                y = cols[k].y2
            y -= lead
            text(c, cols[k].x + indent, y, part, size, fill=INK)
            if last:
                y -= lead * 0.12          # continuation lines are indented: a small gap marks the paragraph
        y -= lead * 0.6
    return True


def _fit_pour(c, cols: list[Rect], blocks, size: float, head_size: float) -> float:
    """The blocks poured down the columns at the largest size (down to AID_FLOOR_PT) at which they
    fit; refused when none does. Returns the text size used."""
    scratch = Canvas(io.BytesIO())
    got = _largest(lambda sz: _pour(scratch, cols, blocks, sz, head_size * sz / size), size,
                   f"the text of {blocks[0].head!r} and what follows does not fit its {len(cols)} columns "
                   f"of {cols[0].w:.0f} × {cols[0].h:.0f} mm at {AID_FLOOR_PT:g} pt; make the piece larger "
                   "in the layout")
    _pour(c, cols, blocks, got, head_size * got / size)
    return got


AID_GAP = 3.0            # mm between the aid's columns: a clear gutter at its smallest text, and room for it


def _columns(trim: Rect, safe: float, top: float, n: int, gap: float = AID_GAP) -> list[Rect]:
    inner_w = trim.w - 2 * safe
    w = (inner_w - (n - 1) * gap) / n
    return [Rect(trim.x + safe + k * (w + gap), trim.y + safe, w, top - trim.y - safe) for k in range(n)]


def _title(c, trim: Rect, bleed: float, title: str, sub: str | tuple[str, ...]) -> float:
    """The piece's title band; `sub` right of the title, one line or one per language."""
    head = band(c, trim, bleed, HEAD_RGB, 9.0)
    text(c, head.x + 4, head.y + 2.8, title, 12, fill=white)
    if isinstance(sub, str):
        text(c, head.x2 - 4, head.y + 3.2, sub, 7, "right", fill=white)
    else:
        for n, s in enumerate(sub):
            text(c, head.x2 - 4, head.y + 5.1 - n * 3.0, s, 6.5, "right", fill=white)
    return head.y - 2


# --- the player aid -------------------------------------------------------------------------

AID_RULES = (("first_drafter", "先手", "First drafter"), ("pilgrim_blockers", "巡礼者：ふさがったマス", "Pilgrim, occupied"),
             ("merchant_path", "商人の道", "Merchant's path"), ("copper_over_top", "銅銭", "Copper"),
             ("paint_plus", "熟練（絵師の波タイル）", "Practised (artist's wave tile)"))


def aid_blocks(comp, book, values) -> tuple[list[Block], list[Block], list[Block]]:
    """The aid's three columns: the rulebook's summary in Japanese, in English, and the rules in
    force (each option's sentence for the rules being built, in both languages) with the dice."""
    dice = " · ".join(f"{CHARACTER[ch][0]} {'/'.join(str(v) for v in comp.dice[ch])}" for ch in CHARACTER)
    ja = [Block("早見表（日本語）", tuple("・" + p[2:] if p.startswith("- ") else p
                                        for p in book.filled(book.summary["ja"], values, "ja")))]
    en = [Block("Summary (English)", tuple(book.filled(book.summary["en"], values, "en")))]
    rules = [Block("この版の規則  the rules in force", tuple(
        line for option, ja_head, en_head in AID_RULES
        for line in (f"{ja_head}：{book.sentence(option, values[option], 'ja')}",
                     f"{en_head}: {book.sentence(option, values[option], 'en')}"))),
        Block("ダイスの目  dice faces", (dice,))]
    return ja, en, rules


def setup_blocks(game, book) -> tuple[list[Block], list[Block], list[Block]]:
    """The aid's back: the rulebook's setup for the rules being built in Japanese, in English, and
    its notes (setting up from a deal sheet, keeping the record) in both."""
    values = game.rules
    ja = [Block("準備", tuple(book.section("setup", values, "ja")))]
    en = [Block("Setup", tuple(book.section("setup", values, "en")))]
    notes = []
    for name in book.notes:
        for lang in ("ja", "en"):
            title, paragraphs = book.note(name, values, lang)
            notes.append(Block(title, tuple(paragraphs)))
    return ja, en, notes


def aid_front(comp, book, values):
    cols_blocks = aid_blocks(comp, book, values)

    def draw(c, i, trim, bleed):
        fill_rect(c, trim.grow(bleed), PAPER)
        p = PLAYERS[i % len(PLAYERS)]
        top = _title(c, trim, bleed, f"{TITLE}  player aid", f"{TITLE_EN} · {p.seat} {p.name_en}")
        for col, blocks in zip(_columns(trim, 4.0, top, 3), cols_blocks):
            _fit_blocks(c, col, blocks, 8.4, 10)
    return draw


def aid_back(game, book):
    cols_blocks = setup_blocks(game, book)
    glance = (book.facts["ja"]["at_a_glance"], book.facts["en"]["at_a_glance"])

    def draw(c, i, trim, bleed):
        fill_rect(c, trim.grow(bleed), PAPER)
        top = _title(c, trim, bleed, f"{TITLE}  準備 setup", glance)
        _fit_pour(c, _columns(trim, 4.0, top, 3), [b for blocks in cols_blocks for b in blocks], 8.4, 10)
    return draw


def aid_pdf(game, layout: Layout, book) -> tuple[bytes, int]:
    """player-aid.pdf: one aid per player, the setup on the back (duplex); the rules it prints
    are the rulebook's (`book`) for the rules being built."""
    comp = game.components
    pdf = Pdf(layout.paper_width, layout.paper_height, f"{TITLE}: player aid")
    card_sheets(pdf, layout, len(PLAYERS), aid_front(comp, book, game.rules), aid_back(game, book),
                caption=f"{TITLE} player aid ·", piece="player_aid")
    return pdf.finish(), pdf.pages


# --- the Automa -----------------------------------------------------------------------------

RANK_CELL = 11.0          # mm: a rank slot's height, and its width where the board has room
RANK_GAP = 0.8            # mm between two slots
RANK_SAFE = 4.0           # mm: the Automa board's inner margin


def rank_slot(tracks, board_w: float) -> tuple[float, float]:
    """A rank track slot's width and the pitch between slots on a board `board_w` mm wide
    (the longest track fits its width): what automa_front draws and kit check fits the
    rank markers to."""
    n = max(len(v) for v in tracks)
    w = min(RANK_CELL, (board_w - 2 * RANK_SAFE) / n - RANK_GAP)
    return w, w + RANK_GAP


def automa_front(lines: list[tuple[str, str]], tracks: tuple[tuple[int, ...], ...]):
    """The Automa's board: its rules (Japanese, English beneath) above its three rank tracks."""

    def draw(c, i, trim, bleed):
        fill_rect(c, trim.grow(bleed), PAPER)
        top = _title(c, trim, bleed, f"{TITLE}  オートマ Automa", "solo: it plays the second seat")
        safe = RANK_SAFE
        cell = RANK_CELL
        track_h = len(tracks) * (cell + 5.5)
        rules = Rect(trim.x + safe, trim.y + safe + track_h + 2, trim.w - 2 * safe, top - trim.y - safe - track_h - 2)
        _fit_rules(c, rules, lines)
        y = trim.y + safe + track_h
        for ch, values in zip(CHARACTER, tracks):
            name, en, rgb = CHARACTER[ch]
            y -= cell + 5.5
            text(c, trim.x + safe, y + cell + 1.2, f"{name} {en} rank", 7, fill=mix(rgb, black, 0.3))
            n = len(values)
            w, pitch = rank_slot(tracks, trim.w)
            for k, v in enumerate(values):
                box = Rect(trim.x + safe + k * pitch, y, w, cell)
                fill_rect(c, box, tint(rgb, 0.75) if k < n - 1 else colour(rgb))
                stroke_rect(c, box, colour(rgb), 0.5)
                text_in_box(c, Rect(box.x, box.y + 3, box.w, box.h - 4), str(v), 10,
                            INK if k < n - 1 else ink_on(rgb))
                text(c, box.x + box.w / 2, box.y + 0.7, "end" if k == n - 1 else str(k), 6.0, "centre",
                     mix(rgb, black, 0.4) if k < n - 1 else ink_on(rgb))
    return draw


def _fit_rules(c, box: Rect, lines) -> None:
    """Each rule in Japanese with its English beneath, shrunk together until all fit the box."""

    def set_(cv, size):
        y = box.y2
        for ja, en in lines:
            for s, sz, fill in ((ja, size, INK), (en, size * 0.86, mix("#22324f", white, 0.2))):
                for part in lines_of(s, None, box.w - 2, sz):
                    y -= sz / to_pt(1) * 1.3
                    text(cv, box.x + (0 if s is ja else 2), y, part, sz, fill=fill)
            y -= 0.8
        return y

    size = 9.0
    scratch = Canvas(io.BytesIO())
    while size > 4.5 and set_(scratch, size) < box.y:
        size -= 0.25
    set_(c, size)


def automa_pdf(lines: list[tuple[str, str]], tracks, layout: Layout) -> tuple[bytes, int]:
    """automa.pdf: the Automa's board (rules above its three rank tracks), cut like a piece."""
    if len(tracks) != len(CHARACTER):
        raise KitError(f"the Automa needs {len(CHARACTER)} rank tracks, got {len(tracks)}")
    pdf = Pdf(layout.paper_width, layout.paper_height, f"{TITLE}: Automa")
    card_sheets(pdf, layout, 1, automa_front(lines, tracks), None,
                caption=f"{TITLE} Automa ·", piece="automa_board")
    return pdf.finish(), pdf.pages


# --- pages ----------------------------------------------------------------------------------

def page_of(layout: Layout, landscape: bool = False) -> Paper:
    """A whole-page sheet: the layout's paper, portrait or turned landscape, with the sheets' margin."""
    return paper(layout, landscape, sheet_margin(layout))


# --- score pad --------------------------------------------------------------------------------

PAD_ROWS = (("巡礼者", "pilgrim: shrine × garden"), ("商人", "merchant: rightmost slab"),
            ("絵師", "artist: highest uncovered"), ("合計", "total"), ("銅銭", "copper (ties)"))
GAME_H = 44.0           # mm per game on the score pad


def score_pad_pdf(game, layout: Layout) -> tuple[bytes, int]:
    """score-pad.pdf: one page of games; per game each player's three characters, total and copper."""
    pg = page_of(layout)
    pdf = Pdf(pg.width, pg.height, f"{TITLE}: score pad")
    pdf.set_page_size(pg.width, pg.height)
    c = pdf.canvas
    x, w = pg.margin, pg.width - 2 * pg.margin
    text(c, x, pg.height - pg.margin - 6, f"{TITLE}  得点表  score pad", 14)
    text(c, x + w, pg.height - pg.margin - 6, "seat 1 · seat 2 (or the Automa: its three ranks)", 7, "right")
    top = pg.height - pg.margin - 11
    games = int((top - pg.margin - 2) // GAME_H)
    label_w = 52.0
    col_w = (w - label_w) / 2
    row_h = (GAME_H - 4 - 7) / len(PAD_ROWS)
    for g in range(games):
        y0 = top - g * GAME_H
        text(c, x, y0 - 4.5, f"game {g + 1}   日付 date ________   seed ________   勝者 winner ______", 7.5)
        head = Rect(x, y0 - 6 - 5, w, 5)
        fill_rect(c, head, SHADE)
        for k, p in enumerate(PLAYERS):
            cx = x + label_w + k * col_w
            fill_rect(c, Rect(cx, head.y, col_w, head.h), tint(p.rgb, 0.6))
            text(c, cx + 2, head.y + 1.4, f"{p.seat} {p.name} ________________", 7)
        for r, (ja, en) in enumerate(PAD_ROWS):
            ry = head.y - (r + 1) * row_h
            if r == 3:
                fill_rect(c, Rect(x, ry, w, row_h), Color(0.95, 0.93, 0.86))
            text(c, x + 1.5, ry + row_h * 0.32, ja, 8)
            text(c, x + 14, ry + row_h * 0.32, en, 6.5)
            if r < 3:
                rgb = CHARACTER[("pilgrim", "merchant", "artist")[r]][2]
                fill_rect(c, Rect(x, ry, 1.2, row_h), colour(rgb))
            if r == 0:
                for k in range(2):
                    cx = x + label_w + k * col_w
                    text(c, cx + col_w * 0.5, ry + row_h * 0.32, "×", 7, "centre", GRID)
        c.setStrokeColor(GRID)
        c.setLineWidth(0.3)
        for r in range(len(PAD_ROWS) + 1):
            line(c, x, head.y - r * row_h, x + w, head.y - r * row_h)
        for cx in (x, x + label_w, x + label_w + col_w, x + w):
            line(c, cx, head.y2, cx, head.y - len(PAD_ROWS) * row_h)
    pdf.show_page()
    return pdf.finish(), pdf.pages


# --- progress sheet ---------------------------------------------------------------------------

LOG_TOP_DROP = 25.0     # the log's top edge below the top margin: the fields above it
KEY_ROOM = 23.0         # the log ends at least this far above the bottom margin: the key under it
LABEL_PT = 6.5          # the fields' labels and the setup line
KEY_PT = 6.0            # the key under the log (the sheet's smallest text: read at the table)

# A round takes three rows, one per die used (1-2-1: the first drafter, the second, the first
# again); the round's number, first drafter and dice are written once, across its rows.
ROUND_COLUMNS = (Column("#", 8.0, sub="round", per="round number", key="round"),
                 Column("先手", 11.0, sub="first 1/2", per="round", key="first", longest="2",
                        how="そのラウンドの先手の席 / the round's first drafter, 1 or 2"),
                 Group("出目 dice", tuple(Column(ch, 10.5, sub=en, per="round", key="dice", longest="4",
                                                how="振った3つのダイスの目 / the three dice as rolled")
                                         for ch, en in (("巡", "pilgrim"), ("商", "merchant"), ("絵", "artist")))))
# One die's turn, as the replay log's `SEAT: CHARACTER STEPS WHERE ACTION` (rules.format_move).
LONGEST_WHERE = "Niyodo River"                     # a region's romaji, as the board prints it
LONGEST_ACTION = "draw 4 got sipc keep sippc"      # a mountain town's draw over the hold, by initials
PICK_COLUMNS = (Column("席", 8.0, sub="1/2", key="seat", longest="2",
                       how="ダイスを使った席（先手・後手・先手の順）/ the seat using the die: the first drafter, the "
                           "second, the first drafter"),
                Column("駒", 10.0, sub="巡 商 絵", key="character", longest="商",
                       how="動かした駒: 巡 商 絵（pilgrim merchant artist とも）/ the character moved: 巡 pilgrim, "
                           "商 merchant, 絵 artist"),
                Column("歩", 8.0, sub="steps", key="steps", longest="4", how="進んだ数 / the steps moved"),
                Column("行き先", share=0.30, sub="no.·town·region", key="where", longest=LONGEST_WHERE,
                       how="巡: マスの番号か名前、商: 町、絵: 地域、盤の表記どおり（高知・Kōchi・Kochi、仁淀川・Niyodo River）/ "
                           "pilgrim: the ring space's number or name; merchant: the town; artist: the region; each as "
                           "the board prints it"),
                Column("行動 action", share=0.45, sub="wave·sell·draw·paint·gift", key="action",
                       longest=LONGEST_ACTION, how=""),
                Column("湯", share=0.25, sub="repeat: where action", key="repeat", longest="Uwajima sell 2",
                       how="温泉トークンで繰り返した時、その行き先と行動 / a hot-spring repeat: its 行き先 and 行動"))
PICKS = 3
CHARACTER_WORDS = {"巡": "pilgrim", "商": "merchant", "絵": "artist"}


def log_columns() -> tuple:
    """A row per die used, three to a round: the round's number, first drafter and dice once
    across its rows, then the pick."""
    return (*ROUND_COLUMNS, *PICK_COLUMNS)


def turn_lines(row: dict) -> list[str]:
    """A progress-sheet pick as the replay log's turns: `{"seat": "1", "character": "巡", "steps":
    "3", "where": "12", "action": ""}` -> `["1: pilgrim 3 12"]`. A repeat written in the row
    ("where action" after the 湯 tick) adds the log's `SEAT: repeat MOVE` for the same die."""
    character = CHARACTER_WORDS.get(row["character"], row["character"])
    head = f"{row['seat']}: "
    move = " ".join(str(v) for v in (character, row["steps"], row["where"], row.get("action", "")) if str(v))
    out = [head + move]
    if row.get("repeat"):
        out.append(f"{head}repeat {character} {row['steps']} {row['repeat']}")
    return out


def log_table(pg: Paper, sheet: ProgressSheet) -> TurnLog:
    try:
        return turn_log(log_columns(), x=pg.margin, width=pg.width - 2 * pg.margin,
                        top=pg.height - pg.margin - LOG_TOP_DROP, floor=pg.margin + KEY_ROOM,
                        row=sheet.row_height, rows=sheet.turns * PICKS, per_round=PICKS, where=sheet.where)
    except KitError as err:
        if "no room" not in err.message:
            raise
        raise KitError(f"a {pg.width:g} × {pg.height:g} mm page has no room for the progress sheet's log with "
                       f"{sheet.row_height:g} mm rows", sheet.where) from None


def _setup_header(c, pg: Paper, g: TurnLog, n: int, solo: bool) -> None:
    """The title, the fields a replay log starts with, and where the setup comes from: the deal
    sheet of the seed prints the shops, wave sides and tile and goods orders, so they are not
    copied here."""
    x, top = g.x, pg.height - pg.margin
    table = "ソロ solo: 1 player and the Automa" if solo else "2人 duo: 2 players"
    text(c, x, top - 6, f"{TITLE}  進行シート  progress sheet  {table}  ({n + 1}/{len(g.pages)})", 12)
    text(c, x + g.width, top - 6, "`kit replay --game shikoku-duo` の全て / everything `kit replay` needs, "
         "a row per die", 7, "right")
    players = "players: 1 (席2 seat 2 = オートマ Automa)" if solo else "players: 2"
    fields_ = (("日付 date", 0.16), ("シード seed (the deal sheet's)", 0.16), (f"人数 {players}", 0.22),
               ("席1 seat 1:", 0.16), ("席2 seat 2:" + (" オートマ Automa" if solo else ""), 0.16),
               ("ルール rules (key=value)", 0.14))
    fx = x
    for label, share in fields_:
        fw = g.width * share
        stroke_rect(c, Rect(fx, top - 18, fw - 2, 9), GRID, 0.4)
        text(c, fx + 1, top - 11.6, label, LABEL_PT)
        fx += fw
    text(c, x, top - 22.5, "配札シートどおりに準備（kit deal --game shikoku-duo --seed N）。  Set up from the deal sheet "
         "of the seed (kit deal --game shikoku-duo --seed N): the first drafter, the wave sides, the shops on the "
         "coastal towns, each player's painting tiles and the goods order.", LABEL_PT)


def goods_key(comp) -> str:
    """How the sheet's action cell may write goods, from the data: '; goods by name or initial,
    i p c s: 'got ipc'' (nothing when two kinds share an initial: names only)."""

    initials = goods_initials(tuple(comp.goods))
    if not initials:
        return ""
    return f"; goods by name or initial, {' '.join(initials)}: 'got {''.join(list(initials)[:3])}'"


def action_how(comp, solo: bool) -> str:
    """How the 行動 cell is written, in both languages, from the data's goods."""
    automa = ("  オートマ（席2）は行動を書かない / the Automa (seat 2) writes none." if solo else "")
    return ("巡: 浜では取った波タイルの駒、商: 港町 sell N（0なら空欄）・宿場町 draw N got 品 (+ keep 品)、"
            "絵: paint か gift / pilgrim on a seashore: 'wave CHARACTER'; merchant: 'sell N' in a coastal town "
            "(blank for none), 'draw N got GOODS' in a mountain town (+ 'keep GOODS' over the hold"
            f"{goods_key(comp)}); artist: 'paint' or 'gift' (+ 'via REGIONS' only when paint_path's paths "
            "differ)." + automa)


def progress_pdf(game, layout: Layout, solo: bool = False) -> tuple[bytes, int]:
    """progress-sheet-duo.pdf or -solo.pdf (landscape): the setup, then three rows a round (one
    per die): the round's first drafter and dice once, and for each die the seat, the
    character, where it went and what it did; the key to every cell under the log."""
    comp = game.components
    pg = page_of(layout, landscape=True)
    g = log_table(pg, progress_sheet(layout))
    pdf = Pdf(pg.width, pg.height, f"{TITLE}: progress sheet, {'solo' if solo else 'duo'}")
    key = turnlog.key_lines(log_columns())
    at = next(k for k, line_ in enumerate(key) if line_.startswith("湯"))
    key.insert(at, f"行動 action: {action_how(comp, solo)}")
    for n in range(len(g.pages)):
        pdf.set_page_size(pg.width, pg.height)
        c = pdf.canvas
        _setup_header(c, pg, g, n, solo)
        bottom = turnlog.draw(c, g, n)
        turnlog.draw_key(c, key, g.x, bottom - 0.5, g.width, KEY_PT)
        pdf.show_page()
    return pdf.finish(), pdf.pages
