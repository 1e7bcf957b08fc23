from click.testing import CliRunner
from pypdf import PdfReader

from kit.draw import fonts
from kit.cli import main


def test_default_font_is_a_truetype_file_that_installs_with_kit():
    path = fonts.default_font_path()
    assert path.name == "ipaexg.ttf" and path.is_file()
    assert path.read_bytes()[:4] == b"\x00\x01\x00\x00"  # the TrueType (glyf) signature, not CFF's OTTO


def test_a_font_that_is_not_truetype_is_a_clear_error(project, tmp_path):
    bad = tmp_path / "not-a-font.ttf"
    bad.write_text("hello")
    result = CliRunner().invoke(main, ["build", "--game", "karuta", "--font", str(bad)])
    assert result.exit_code == 2
    assert "needs a TrueType (.ttf) font" in result.output and "Traceback" not in result.output
    assert not (project / "output").exists()


def embedded_fonts(path):
    """(font name, embedded?) for every font any page of the PDF names."""
    seen = set()
    for page in PdfReader(path).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            for part in font.get("/DescendantFonts", [font]):
                descriptor = part.get_object().get("/FontDescriptor")
                seen.add((str(font["/BaseFont"]),
                          descriptor is not None and "/FontFile2" in descriptor.get_object()))
    return seen


def test_every_printed_pdf_embeds_every_font_it_names(project):
    """Every declared game's build, and its deal sheet where it deals."""
    from kit.games import games
    from test_contract import ARGS

    printing = {name: g for name, g in games().items() if g.command("build")}
    assert printing
    for name, game in printing.items():
        result = CliRunner().invoke(main, ["build", "--game", name])
        assert result.exit_code == 0, result.output
        if game.command("deal"):
            result = CliRunner().invoke(main, ["deal", "--game", name, *ARGS.get((name, "deal"), ARGS["deal"])])
            assert result.exit_code == 0, result.output
    pdfs = sorted((project / "output").glob("*/*.pdf"))
    assert {p.parent.name for p in pdfs} == set(printing)
    assert {p.name for p in pdfs} >= {p for g in printing.values() for p in g.products if p.endswith(".pdf")}
    for pdf in pdfs:
        seen = embedded_fonts(pdf)
        assert seen and all(embedded for _, embedded in seen), (pdf.name, seen)
        assert any("IPAexGothic" in name for name, _ in seen), pdf.name
