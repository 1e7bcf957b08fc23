"""karuta's rulebook: data/karuta/rulebook.yaml, its examples played through the engine, their diagrams.

An example is a position and what the engine must allow or refuse there:

    board:   [[武蔵, 相模]]    # the turns played so far, in order (a name alone: a one-card turn)
    turn:    [武蔵, 相模]      # a turn under way (default: none)
    next:    [伊豆]            # exactly the cards that may carry that turn on
    legal:   [[伊豆]]          # whole turns the engine must allow now (after `turn`, if given)
    illegal: [[駿河], []]      # turns it must refuse ([] is a pass)
    hand:    [駿河]            # the hand of the player to move (default: every card not played)
    show:    [東海道, [伊勢, 志摩]]   # the diagram's rows: highways by name, or lists of provinces

The board's turns are all taken by the player to move, whose hand is every card not on the
board, so what is legal depends only on the board and the rules.
"""

from __future__ import annotations

from reportlab.lib.colors import Color, black

from kit.data.errors import KitError, Where, did_you_mean
from kit.draw.render import fill_rect, line, stroke_rect, text
from kit.draw.imposition import Rect
from kit.rules.book import Example, load_rulebook
from kit.rules.examples import verify
from kit.rules.render import SMALL_PT, Diagram, measure, rulebook_pdf

from kit.games.karuta import rules as engine
from kit.games.karuta.model import Karuta
from kit.games.karuta.options import SPEC

FILE = "rulebook.yaml"
KEYS = ("title", "text", "when", "board", "turn", "next", "legal", "illegal", "hand", "show")


def load_book(data_dir):
    return load_rulebook(data_dir / FILE, SPEC)


def _cards(model: Karuta, t: engine.Tables, items, where: Where, what: str) -> tuple[int, ...]:
    items = [items] if isinstance(items, str) else items
    if not isinstance(items, list):
        raise KitError(f"{what} should be a list of province names", where)
    out = []
    for k in items:
        if k not in model.by_kanji:
            raise KitError(f"{what}: no province {k!r}{did_you_mean(str(k), model.by_kanji)}", where)
        out.append(t.card(k))
    return tuple(out)


def _turns(model, t, items, where: Where, what: str) -> list[tuple[int, ...]]:
    if not isinstance(items, list):
        raise KitError(f"{what} should be a list of turns (each a list of provinces; [] is a pass)", where)
    return [_cards(model, t, item, where, what) for item in items]


def position(model: Karuta, t: engine.Tables, rules: engine.Rules, ex: Example):
    """The state the example's board reaches, and the hand of the player to move."""
    for key in ex.data:
        if key not in KEYS:
            raise KitError(f"unknown key {key!r}{did_you_mean(key, KEYS)}", ex.data.at(key))
    everything = (1 << t.cards) - 1
    state = engine.start_state(t, (everything, 0))
    for turn in _turns(model, t, ex.data.get("board", []), ex.at("board"), "board"):
        why = engine.explain(t, rules, state, 0, turn)
        if why is not None:
            raise KitError(f"the engine refuses the board's turn {' → '.join(t.names[c] for c in turn)}: {why}",
                           ex.at("board"))
        state = engine.apply(t, rules, state, 0, turn)
    if "hand" in ex.data:
        hand = 0
        for c in _cards(model, t, ex.data["hand"], ex.at("hand"), "hand"):
            hand |= 1 << c
        state = state._replace(hands=(hand & ~state.board, 0))
    return state


def _say(t, turn) -> str:
    return "a pass" if not turn else " → ".join(t.names[c] for c in turn)


def check_example(model: Karuta, t: engine.Tables, ex: Example, values):
    rules = engine.Rules.from_options(values)
    state = position(model, t, rules, ex)
    prefix = _cards(model, t, ex.data.get("turn", []), ex.at("turn"), "turn")
    if prefix:
        why = engine.explain(t, rules, state, 0, prefix)
        if why is not None:
            yield ex.at("turn"), f"the engine refuses the turn {_say(t, prefix)} here: {why}"
            return
    if "next" in ex.data:
        said = set(_cards(model, t, ex.data["next"], ex.at("next"), "next"))
        can = {c for c in engine.bits(state.hands[0]) if c not in prefix
               and engine.explain(t, rules, state, 0, prefix + (c,)) is None}
        for c in sorted(can - said):
            yield ex.at("next"), f"the engine allows {t.names[c]} after {_say(t, prefix)} here"
        for c in sorted(said - can):
            yield ex.at("next"), f"the engine refuses {t.names[c]} after {_say(t, prefix)} here"
    for turn in _turns(model, t, ex.data.get("legal", []), ex.at("legal"), "legal"):
        why = engine.explain(t, rules, state, 0, prefix + turn)
        if why is not None:
            yield ex.at("legal"), f"the engine refuses {_say(t, prefix + turn)} here: {why}"
    for turn in _turns(model, t, ex.data.get("illegal", []), ex.at("illegal"), "illegal"):
        if engine.explain(t, rules, state, 0, prefix + turn) is None:
            yield ex.at("illegal"), f"the engine allows {_say(t, prefix + turn)} here"


def verify_book(model: Karuta, book) -> int:
    """Every example of `book` under the model's rules played through the engine; how many."""
    t = engine.tables(model)
    return verify(book, model.rules, lambda ex, values: check_example(model, t, ex, values))


# --- diagrams ------------------------------------------------------------------------

PASS_WORDS = {"ja": ("パス：できる ○", "パス：できない ×"), "en": ("pass: allowed ○", "pass: refused ×")}
BOX_W, BOX_H, GAP, ROW = 11.0, 6.5, 3.2, 10.5
LABEL_W = 20.0
BOARD_FILL = Color(0.82, 0.82, 0.82)
YES = Color(0.0, 0.45, 0.2)
NO = Color(0.75, 0.1, 0.1)
LEGEND = {"ja": ("場の札", "この手番", "出せる ○", "出せない ×"), "en": ("on the board", "this turn", "may play ○",
                                                                     "may not ×")}


def diagram_rows(model: Karuta, ex: Example) -> list[tuple[str, tuple[str, ...]]]:
    out = []
    for row in ex.data.get("show", []):
        if isinstance(row, str):
            h = next((h for h in model.highways if h.name == row), None)
            if h is None:
                raise KitError(f"show: no highway {row!r}{did_you_mean(row, [h.name for h in model.highways])}",
                               ex.at("show"))
            out.append((h.name, h.provinces))
        else:
            out.append(("", tuple(row)))
    return out


def example_diagram(model: Karuta, ex: Example, values, lang: str, width: float) -> Diagram | None:
    rows = diagram_rows(model, ex)
    if not rows:
        return None
    board = {k for turn in ex.data.get("board", []) for k in ([turn] if isinstance(turn, str) else turn)}
    turn = [k for k in ex.data.get("turn", [])]
    # each turn is marked at its last card: the one the engine allows, or refuses, there
    yes = {x[-1] for x in ex.data.get("legal", []) + [[c] for c in ex.data.get("next", [])] if x}
    no = {x[-1] for x in ex.data.get("illegal", []) if x}
    passing = ("legal" if [] in ex.data.get("legal", []) else "illegal" if [] in ex.data.get("illegal", [])
               else None)
    # In English each box carries the province's romaji under its kanji (the cards print kanji
    # and kana only, so an English reader matches the kanji; the romaji is for saying it).
    en = lang == "en"
    box_w, box_h, gap, row_h, label_w = (13.5, 8.6, 1.8, 12.5, 18.0) if en else (BOX_W, BOX_H, GAP, ROW, LABEL_W)
    romaji = {p.kanji: p.romaji for p in model.provinces}
    highway_romaji = {h.name: h.romaji for h in model.highways}
    per_row = max(1, int((width - label_w) // (box_w + gap)))
    height = row_h * len(rows) + 7

    def draw(c, x0, y0):
        BOX_W, BOX_H, GAP, ROW, LABEL_W = box_w, box_h, gap, row_h, label_w
        y = y0 - 2
        for name, provinces in rows:
            shown = provinces[:per_row]
            text(c, x0, y - BOX_H / 2 - (0 if en and name else 1), name, SMALL_PT)
            if en and name:
                text(c, x0, y - BOX_H / 2 - 3.2, highway_romaji.get(name, ""), SMALL_PT, fill=Color(0.3, 0.3, 0.3))
            for i, k in enumerate(shown):
                bx = x0 + LABEL_W + i * (BOX_W + GAP)
                r = Rect(bx, y - BOX_H, BOX_W, BOX_H)
                if i:
                    c.setStrokeColor(black if name else Color(0.5, 0.5, 0.5))
                    c.setLineWidth(0.8)
                    if not name:
                        c.setDash([1.5, 1.5])
                    line(c, bx - GAP, y - BOX_H / 2, bx, y - BOX_H / 2)
                    c.setDash([], 0)
                if k in board:
                    fill_rect(c, r, BOARD_FILL)
                stroke_rect(c, r, black, 1.6 if k in turn else 0.5)
                if en:
                    text(c, bx + BOX_W / 2, y - 3.3, k, SMALL_PT + 1, "centre")
                    text(c, bx + BOX_W / 2, y - BOX_H + 1.1, romaji.get(k, ""), SMALL_PT, "centre")
                else:
                    text(c, bx + BOX_W / 2, y - BOX_H / 2 - 1.1, k, SMALL_PT + 1, "centre")
                if k in turn:
                    text(c, bx + BOX_W - 0.6, y + 0.6, str(turn.index(k) + 1), SMALL_PT, "right")
                if k in yes:
                    text(c, bx + BOX_W / 2, y + 0.7, "○", SMALL_PT + 1, "centre", YES)
                if k in no:
                    text(c, bx + BOX_W / 2, y + 0.7, "×", SMALL_PT + 1, "centre", NO)
            y -= ROW
        # the legend
        words = LEGEND[lang]
        lx = x0
        ly = y - 1
        fill_rect(c, Rect(lx, ly - 0.5, 4, 3), BOARD_FILL)
        stroke_rect(c, Rect(lx, ly - 0.5, 4, 3), black, 0.5)
        text(c, lx + 5, ly, words[0], SMALL_PT)
        lx += 7 + measure(0, words[0], SMALL_PT)
        stroke_rect(c, Rect(lx, ly - 0.5, 4, 3), black, 1.6)
        text(c, lx + 5, ly, words[1] + (" (1, 2, …)" if lang == "en" else "（1, 2, …）"), SMALL_PT)
        lx += 12 + measure(0, words[1] + " (1, 2, …)", SMALL_PT)
        text(c, lx, ly, words[2], SMALL_PT, fill=YES)
        lx += 3 + measure(0, words[2], SMALL_PT)
        text(c, lx, ly, words[3], SMALL_PT, fill=NO)
        if passing:
            lx += 5 + measure(0, words[3], SMALL_PT)
            ok = passing == "legal"
            text(c, lx, ly, PASS_WORDS[lang][0 if ok else 1], SMALL_PT + 1, fill=YES if ok else NO)

    return Diagram(height, draw)


def rules_pdf(model: Karuta, book, layout, langs: tuple[str, ...]) -> tuple[bytes, int]:
    """rules.pdf for the model's rules: the whole rulebook in each language of `langs`."""
    return rulebook_pdf(book, model.rules, layout, langs,
                        lambda ex, values, lang, width: example_diagram(model, ex, values, lang, width))
