from click.testing import CliRunner
from pypdf import PdfReader

from kit import fonts
from kit.cli import main
from conftest import needs_map


def test_default_font_is_a_truetype_file_that_installs_with_kit():
    path = fonts.default_font_path()
    assert path.name == "ipaexg.ttf" and path.is_file()
    assert path.read_bytes()[:4] == b"\x00\x01\x00\x00"  # the TrueType (glyf) signature, not CFF's OTTO


@needs_map
def test_a_font_that_is_not_truetype_is_a_clear_error(project, tmp_path):
    bad = tmp_path / "not-a-font.ttf"
    bad.write_text("hello")
    result = CliRunner().invoke(main, ["build", "--game", "karuta", "--font", str(bad)])
    assert result.exit_code == 2
    assert "needs a TrueType (.ttf) font" in result.output and "Traceback" not in result.output
    assert not (project / "output").exists()


@needs_map
def test_cards_embed_the_japanese_font(project):
    result = CliRunner().invoke(main, ["build", "--game", "karuta"])
    assert result.exit_code == 0, result.output
    reader = PdfReader(project / "output" / "karuta" / "cards.pdf")
    fonts_seen = set()
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            for descendant in font.get("/DescendantFonts", [font]):
                descriptor = descendant.get_object().get("/FontDescriptor")
                fonts_seen.add((str(font["/BaseFont"]), descriptor is not None and "/FontFile2" in descriptor.get_object()))
    assert fonts_seen and all(embedded for _, embedded in fonts_seen), fonts_seen
    assert any("IPAexGothic" in name for name, _ in fonts_seen)
