"""Every PDF kit writes states its TrimBox and BleedBox; `--print-shop` writes one piece per page."""

import pytest
from pypdf import PdfReader

from kit.games import games
from kit.games import make_context
from kit.data.units import to_pt



def _build(game, out, **kw):
    from kit.games import command
    ctx = make_context(game, out=str(out), **kw)
    return ctx, command(game, "build")(ctx)


@pytest.mark.parametrize("game", sorted(g for g, d in games().items() if d.command("build")))
def test_every_page_of_every_build_sets_trim_and_bleed_boxes(project, game):
    _, written = _build(game, project / "out")
    for path, _ in written:
        for n, page in enumerate(PdfReader(path).pages, 1):
            assert "/TrimBox" in page and "/BleedBox" in page, (path.name, n)
            trim, bleed, media = (tuple(float(v) for v in b) for b in (page.trimbox, page.bleedbox, page.mediabox))
            # media ⊇ bleed ⊇ trim
            assert media[0] <= bleed[0] <= trim[0] and trim[2] <= bleed[2] <= media[2], (path.name, n)
            assert media[1] <= bleed[1] <= trim[1] and trim[3] <= bleed[3] <= media[3], (path.name, n)


@pytest.mark.parametrize("game", sorted(g for g, d in games().items()
                                        if "cards.pdf" in d.products and any(o.name == "print-shop"
                                                                             for o in d.command("build").opts())))
def test_print_shop_puts_each_card_on_its_own_page_with_its_boxes(project, game):
    ctx, written = _build(game, project / "shop", print_shop=True)
    card = ctx.layout.piece("card")
    cards = dict((p.name, p) for p, _ in written)["cards.pdf"]
    pages = PdfReader(cards).pages
    assert len(pages) % 2 == 0 and len(pages) >= 2      # a front and its back for every card
    b = card.bleed
    for page in pages:
        w, h = float(page.mediabox.width), float(page.mediabox.height)
        assert (w, h) == pytest.approx((to_pt(card.width + 2 * b), to_pt(card.height + 2 * b)), abs=0.01)
        trim = tuple(float(v) for v in page.trimbox)
        assert trim == pytest.approx((to_pt(b), to_pt(b), to_pt(b + card.width), to_pt(b + card.height)), abs=0.01)
        assert tuple(float(v) for v in page.bleedbox) == pytest.approx((0, 0, w, h), abs=0.01)


def test_a_sheet_page_trims_to_itself_and_a_piece_page_to_its_trim():
    import io

    from kit.draw.pdf import Pdf
    pdf = Pdf(210, 297, "t")
    pdf.show_page()
    pdf.set_page_size(30, 40, (2, 2, 26, 36), 2)
    pdf.show_page()
    sheet, piece = PdfReader(io.BytesIO(pdf.finish())).pages
    assert [float(v) for v in sheet.trimbox] == pytest.approx([0, 0, to_pt(210), to_pt(297)], abs=1e-3)
    assert [float(v) for v in piece.trimbox] == pytest.approx([to_pt(2), to_pt(2), to_pt(28), to_pt(38)], abs=1e-3)
    assert [float(v) for v in piece.bleedbox] == pytest.approx([0, 0, to_pt(30), to_pt(40)], abs=1e-3)
