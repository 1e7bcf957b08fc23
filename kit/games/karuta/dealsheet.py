"""Deal sheets: each seat's hand for a reproducible hand playtest, as text and as a PDF.

The hands come from `deal.deal_hands`, the function the simulator uses, so
`kit deal --seed S+k` is game k of `kit sim --seed S`.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color

from kit.draw.fonts import FONT, wrap
from kit.draw.imposition import Rect
from kit.draw.pdf import Pdf
from kit.run.files import write_all
from kit.draw.render import colour, fill_rect, stroke_rect, text
from kit.data.units import to_pt

from kit.games.karuta.cards import CREDIT, TITLE
from kit.games.karuta.deal import deal_hands, set_aside
from kit.games.karuta.options import check_players
from kit.games.karuta.model import Karuta, load
from kit.draw import fonts

LINE_H = 5.0                 # mm per line of a hand on the sheet
SIZE = 8.5                   # pt for the hands
GAP = "  "


@dataclass(frozen=True)
class Hand:
    seat: int                                       # 1-based; 0 for the cards set aside
    groups: tuple[tuple[str, tuple[tuple[int, str], ...]], ...]   # (region, ((number, kanji), ...))

    @property
    def size(self) -> int:
        return sum(len(cards) for _, cards in self.groups)

    @property
    def title(self) -> tuple[str, str]:
        """(Japanese, English) heading of the block."""
        if self.seat == 0:
            return "除外", "set aside, unseen (deal=equal)"
        return f"席{self.seat}", f"seat {self.seat}"


def _grouped(model: Karuta, seat: int, cards) -> Hand:
    groups = []
    for region in model.regions:
        mine = tuple((model.by_kanji[k].number, k) for k in cards if model.by_kanji[k].region == region.name)
        if mine:
            groups.append((region.name, mine))
    return Hand(seat, tuple(groups))


def hands(model: Karuta, players: int, seed: int) -> tuple[Hand, ...]:
    """The deal for `seed`, each hand grouped by 五畿七道 in the data's region order.

    Under the `equal` deal a last block (seat 0) lists the cards set aside.
    """
    cards = tuple(p.kanji for p in model.provinces)
    dealt = deal_hands(cards, players, seed, model.rules["deal"])
    out = [_grouped(model, seat, hand) for seat, hand in enumerate(dealt, 1)]
    aside = set_aside(cards, dealt)
    if aside:
        out.append(_grouped(model, 0, aside))
    return tuple(out)


def provenance(seed: int) -> str:
    return (f"Seed {seed}: the same deal as game k of `kit sim --seed S` whenever S + k = {seed} "
            f"(e.g. game 0 of `kit sim --seed {seed}`).")


def deal_text(model: Karuta, players: int, seed: int) -> str:
    lines = [f"{TITLE} deal: {players} players, seed {seed}", provenance(seed)]
    for hand in hands(model, players, seed):
        lines.append("")
        lines.append(f"{hand.title[1].capitalize()} ({hand.size} cards)")
        for region, cards in hand.groups:
            lines.append(f"  {region}: " + ", ".join(f"{n} {k} {model.by_kanji[k].romaji}" for n, k in cards))
    return "\n".join(lines)


def deal_pdf(model: Karuta, layout, players: int, seed: int) -> tuple[bytes, int]:
    """One block per seat (cut apart to hand out), as many pages as the seats need."""
    # The footer sits 3 mm below the content margin, which keeps 4 mm inside the printable area.
    w, h, m = layout.paper_width, layout.paper_height, max(layout.margin + 4.0, 10.0)
    pdf = Pdf(w, h, f"{TITLE}: deal {seed}", FONT)
    c = pdf.canvas
    colours = {r.name: r.color for r in model.regions}

    def page_head():
        pdf.set_page_size(w, h)
        text(c, m, h - m - 6, f"{TITLE}  配札 deal: seed {seed}, {players} players", 14)
        text(c, m, h - m - 12, provenance(seed), 7.5)
        text(c, m, m - 3, f"{CREDIT}  ·  kit deal --game karuta --players {players} --seed {seed}", 6,
             fill=Color(0.4, 0.4, 0.4))
        return h - m - 18

    y = page_head()
    room = to_pt(w - 2 * m - 30)
    for hand in hands(model, players, seed):
        rows = [(region, part) for region, cards in hand.groups
                for part in wrap([f"{n} {k} {model.by_kanji[k].romaji}" for n, k in cards], room, SIZE, sep=GAP)]
        block = 10 + LINE_H * len(rows) + 4
        if y - block < m:
            pdf.show_page()
            y = page_head()
        box = Rect(m, y - block, w - 2 * m, block)
        stroke_rect(c, box, Color(0.3, 0.3, 0.3), 0.5, dash=([2, 2], 0))
        text(c, m + 3, y - 7, f"{hand.title[0]}  {hand.title[1]}  ({hand.size} 枚 cards)", 11)
        previous = None
        for i, (region, part) in enumerate(rows):
            ly = y - 13 - i * LINE_H
            if region != previous:
                fill_rect(c, Rect(m + 3, ly - 0.6, 2.2, 3.4), colour(colours[region]))
                text(c, m + 7, ly, region, SIZE)
            previous = region
            text(c, m + 26, ly, part, SIZE)
        y -= block + 4
    pdf.show_page()
    return pdf.finish(), pdf.pages


def deal_command(ctx, players: int, seed: int):
    """`kit deal`: the hands as text, and output/karuta/deal-<seed>.pdf."""

    check_players(players)
    fonts.register(ctx.font)
    model = load(ctx.data_dir, ctx.rules)
    data, pages = deal_pdf(model, ctx.layout, players, seed)
    path = ctx.out_dir / f"deal-{seed}.pdf"
    write_all({path: data})
    return deal_text(model, players, seed), [(path, pages)]
