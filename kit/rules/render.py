"""`rules.pdf`: a game's rulebook for the rule values being built, in one or both languages.

Each language is a whole book a table can learn from alone: the sections, the game's notes
(rulebook.yaml notes:), the rules in force (one sentence per rule option, the preset's), the worked examples with their
diagrams, the glossary, and a one-page summary on a page of its own. Sizes in points:
body text BODY_PT, nothing below SMALL_PT.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from reportlab.lib.colors import Color, black

from kit.data.errors import KitError
from kit.draw.fonts import text_width, wrap, wrap_japanese
from kit.draw.images import png, rasterise
from kit.draw.imposition import sheet_margin
from kit.draw.output import Pdf
from kit.draw.render import line, text
from kit.rules.book import SECTIONS, Example, Rulebook, heading
from kit.data.units import to_pt

TITLE_PT = 17.0
HEAD_PT = 12.0
SUB_PT = 10.0
BODY_PT = 9.0
SMALL_PT = 7.0            # labels, the option names, footers: the floor anywhere in the book
LEAD = 1.45               # line height as a multiple of the size
GREY = Color(0.35, 0.35, 0.35)
RULE_GREY = Color(0.7, 0.7, 0.7)
MM_PER_PT = 25.4 / 72


@dataclass(frozen=True)
class Diagram:
    """A drawing for one example: its height in mm and how to draw it with its top-left at (x, y)."""

    height: float
    draw: Callable[[object, float, float], None]


# diagram(example, values, lang, width_mm) -> Diagram | None
DrawExample = Callable[[Example, object, str, float], Diagram | None]

LANG_NAMES = {"ja": "日本語版", "en": "English"}
PRESET_WORDS = {"ja": "規則の組: {preset}", "en": "Rule set: {preset}"}
SUMMARY_WORDS = {"ja": "（1ページで。詳しくは前のページへ）", "en": "(on one page; the pages before say it in full)"}


def lines_of(s: str, lang: str, width_mm: float, size: float) -> list[str]:
    """`s` in lines at most `width_mm` wide: English broken at spaces, Japanese between any two
    characters the kinsoku rules allow (kit/draw/fonts.py: wrap_japanese)."""
    if lang == "en":
        return wrap(s.split(" "), to_pt(width_mm), size, sep=" ") or [""]
    return wrap_japanese(s, to_pt(width_mm), size) or [""]


class Flow:
    """Text poured down the pages of one PDF, a new page when the next block does not fit."""

    def __init__(self, pdf: Pdf, layout, footer: str):
        self.pdf, self.c = pdf, pdf.canvas
        self.w, self.h = layout.paper_width, layout.paper_height
        self.m = max(sheet_margin(layout), 14.0)
        self.footer = footer
        self.page = 0
        self.y = 0.0
        self.started = False

    @property
    def width(self) -> float:
        return self.w - 2 * self.m

    def new_page(self) -> None:
        if self.started:
            self.pdf.show_page()
        self.started = True
        self.page += 1
        self.pdf.set_page_size(self.w, self.h)
        self.c.setStrokeColor(RULE_GREY)
        self.c.setLineWidth(0.4)
        line(self.c, self.m, self.m - 3, self.w - self.m, self.m - 3)     # the foot of every page
        text(self.c, self.w / 2, self.m - 6, f"{self.footer} — {self.page}", SMALL_PT, "centre", GREY)
        self.y = self.h - self.m

    def room(self, need: float) -> None:
        if not self.started or self.y - need < self.m:
            self.new_page()

    def gap(self, mm: float) -> None:
        self.y -= mm

    def para(self, s: str, lang: str, size: float = BODY_PT, indent: float = 0.0, fill=black) -> None:
        bullet = s.startswith("- ")
        if bullet:
            s = s[2:]
            indent += 4.0
        step = size * LEAD * MM_PER_PT
        parts = lines_of(s, lang, self.width - indent, size)
        for k, part in enumerate(parts):
            self.room(step)
            if k == 0 and bullet:
                text(self.c, self.m + indent - 3.5, self.y - size * MM_PER_PT, "・" if lang == "ja" else "•",
                     size, fill=fill)
            text(self.c, self.m + indent, self.y - size * MM_PER_PT, part, size, fill=fill)
            self.y -= step
        self.y -= 1.2

    def head(self, s: str, size: float = HEAD_PT) -> None:
        self.room(size * MM_PER_PT * 2 + 3 * BODY_PT * LEAD * MM_PER_PT)   # never alone at a page's foot
        self.y -= 2.5
        text(self.c, self.m, self.y - size * MM_PER_PT, s, size)
        self.y -= size * MM_PER_PT + 1.4
        if size >= HEAD_PT:
            self.c.setStrokeColor(RULE_GREY)
            self.c.setLineWidth(0.6)
            line(self.c, self.m, self.y, self.m + self.width, self.y)
            self.y -= 2.0

    def diagram(self, d: Diagram) -> None:
        self.room(d.height + 2)
        d.draw(self.c, self.m + 4, self.y)
        self.y -= d.height + 2

    def finish(self) -> None:
        if self.started:
            self.pdf.show_page()


def book_pages(flow: Flow, book: Rulebook, values, lang: str, diagram: DrawExample | None) -> None:
    """One language's whole rulebook, from a fresh page, its summary last on a page of its own."""
    flow.new_page()
    flow.y -= TITLE_PT * MM_PER_PT
    text(flow.c, flow.m, flow.y, book.title[lang], TITLE_PT)
    text(flow.c, flow.m + flow.width, flow.y, LANG_NAMES[lang], SUB_PT, "right", GREY)
    flow.y -= 5
    preset = getattr(values, "preset", None) or "—"
    changed = ", ".join(f"{k}={v}" for k, v in getattr(values, "overrides", {}).items())
    flow.para(PRESET_WORDS[lang].format(preset=preset) + (f" (+ {changed})" if changed else ""), lang,
              SMALL_PT, fill=GREY)
    for key in SECTIONS:
        flow.head(heading(key, lang))
        for p in book.section(key, values, lang):
            flow.para(p, lang)
    for name in book.notes:
        title, paragraphs = book.note(name, values, lang)
        flow.head(title)
        for p in paragraphs:
            flow.para(p, lang)
    flow.head(heading("rules", lang))
    for option, sentence in book.in_force(values, lang):
        flow.para("- " + sentence, lang)
        flow.y += 1.0
        flow.para(f"{option} = {_shown(values[option])}", lang, SMALL_PT, indent=4.0, fill=GREY)
    examples = book.examples_for(values)
    if examples:
        flow.room(60)          # the heading with its first example, not alone at a page's foot
        flow.head(heading("examples", lang))
        for n, ex in enumerate(examples, 1):
            d = diagram(ex, values, lang, flow.width - 8) if diagram else None
            flow.room((d.height if d else 0) + 3 * BODY_PT * LEAD * MM_PER_PT + 10)   # title, drawing, words together
            flow.head(f"{n}. {ex.title[lang]}", SUB_PT)
            if d is not None:
                flow.diagram(d)
            flow.para(book.example_text(ex, lang), lang)
    flow.head(heading("glossary", lang))
    other = "en" if lang == "ja" else "ja"
    for term in book.glossary:
        flow.para(f"{term.words[lang]}（{term.words[other]}）: {term.texts[lang]}" if lang == "ja"
                  else f"{term.words[lang]} ({term.words[other]}): {term.texts[lang]}", lang)
    summary_page(flow, book, values, lang)


def summary_page(flow: Flow, book: Rulebook, values, lang: str) -> None:
    """The summary on one page: at BODY_PT if it fits, else smaller down to SMALL_PT."""
    paragraphs = book.filled(book.summary[lang], values, lang)
    for size in (BODY_PT + 1, BODY_PT, 8.0, SMALL_PT):
        step = size * LEAD * MM_PER_PT
        need = sum(len(lines_of(p[2:] if p.startswith("- ") else p, lang, flow.width - 4, size)) * step + 1.2
                   for p in paragraphs)
        if need <= flow.h - 2 * flow.m - 20:
            break
    else:
        raise KitError(f"{book.path}: summary ({lang}) is longer than one page even at {SMALL_PT:g} pt")
    flow.new_page()
    flow.y -= HEAD_PT * MM_PER_PT
    text(flow.c, flow.m, flow.y, f"{book.title[lang]}  {heading('summary', lang)}", HEAD_PT + 2)
    flow.y -= 5
    flow.para(SUMMARY_WORDS[lang], lang, SMALL_PT, fill=GREY)
    for p in paragraphs:
        flow.para(p, lang, size)


def _shown(value) -> str:
    if value == "":
        return '""'
    return ("on" if value else "off") if isinstance(value, bool) else str(value)


def rulebook_pdf(book: Rulebook, values, layout, langs: tuple[str, ...], diagram: DrawExample | None = None,
                 name: str = "") -> tuple[bytes, int]:
    """rules.pdf: each language of `langs` in turn, the whole book each."""
    pdf = Pdf(layout.paper_width, layout.paper_height, f"{name or book.title['en']}: rules")
    flow = Flow(pdf, layout, book.title["ja"] + " / " + book.title["en"])
    for lang in langs:
        book_pages(flow, book, values, lang, diagram)
    flow.finish()
    return pdf.finish(), pdf.pages


def measure(width_mm: float, s: str, size: float) -> float:
    """Width in mm of `s` at `size` points."""
    return text_width(s, size) / to_pt(1)


def page_images(out_dir, pdf: bytes, dpi: int, name: str = "rules") -> dict:
    """Every page of rules.pdf as a PNG under OUT/images/rules/ (for `kit build --images`)."""
    return {out_dir / "images" / name / f"{name}-{n:02d}.png": png(image)
            for n, image in enumerate(rasterise(pdf, dpi), 1)}
