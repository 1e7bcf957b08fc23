"""rules.pdf, for every game and preset: each section in both languages, each rule option's
sentence printed, nothing below 7 pt, every worked example played through the engine, and a
wrong example or a missing sentence refused at its line."""

import io
import re
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import ROOT, shipped_layout, text_sizes

from kit.data.errors import KitError
from kit.rules.book import LANGS, SECTIONS, heading, load_rulebook


def karuta(data_dir: Path, overrides=()):
    from kit.games.karuta.model import load
    from kit.games.karuta.rulebook import load_book, rules_pdf, verify_book

    model = load(data_dir, overrides)
    book = load_book(data_dir)
    return book, model.rules, lambda: verify_book(model, book), \
        lambda langs: rules_pdf(model, book, shipped_layout("karuta"), langs)


def tour(data_dir: Path, overrides=()):
    from kit.games.tour_de_dice.model import load
    from kit.games.tour_de_dice.rulebook import load_book, rules_pdf, verify_book

    model = load(data_dir, overrides)
    book = load_book(data_dir, model)
    return book, model.rules, lambda: verify_book(model, book), \
        lambda langs: rules_pdf(model, book, shipped_layout("tour-de-dice"), langs)


def shikoku(data_dir: Path, overrides=()):
    from conftest import MAP
    from kit.games.shikoku_duo.model import load
    from kit.games.shikoku_duo.rulebook import load_book, rules_pdf, verify_book

    game = load(data_dir, overrides, MAP)
    book = load_book(data_dir, game)
    return book, game.rules, lambda: verify_book(game, book, data_dir), \
        lambda langs: rules_pdf(game, book, shipped_layout("shikoku-duo"), langs)


GAMES = {"karuta": karuta, "tour-de-dice": tour, "shikoku-duo": shikoku}
PRESETS = {"karuta": ("written", "designer-tool"), "tour-de-dice": ("written", "rule-1", "rule-2"),
           "shikoku-duo": ("written",)}
CASES = [(g, p) for g in GAMES for p in PRESETS[g]]


def made(game: str, preset: str, data_dir: Path | None = None, rules=()):
    return GAMES[game](data_dir or ROOT / "data" / game, (("preset", preset),) + tuple(rules))


def squeeze(s: str) -> str:
    """Text as extracted, less every space and line break, so a wrapped sentence still matches."""
    return re.sub(r"\s+", "", s)


def pages_text(pdf: bytes) -> list[str]:
    return [squeeze(p.extract_text()) for p in PdfReader(io.BytesIO(pdf)).pages]


def by_language(book, pdf: bytes) -> dict[str, str]:
    """The text of each language's book: the English book starts on the page with its first section."""
    footer = re.escape(squeeze(f"{book.title['ja']} / {book.title['en']} — ")) + r"\d+"
    pages = [re.sub(footer, "", p) for p in pages_text(pdf)]   # so a paragraph across a page break reads on
    first_en = next(i for i, p in enumerate(pages) if squeeze(heading("components", "en")) in p)
    return {"ja": "".join(pages[:first_en]), "en": "".join(pages[first_en:])}


def start(s: str, n: int = 18) -> str:
    return squeeze(s)[:n]


@pytest.mark.parametrize("game,preset", CASES)
def test_every_section_and_sentence_is_printed_in_both_languages(game, preset):
    book, values, _, pdf = made(game, preset)
    data, pages = pdf(LANGS)
    text = by_language(book, data)
    for lang in LANGS:
        for key in SECTIONS + ("rules", "examples", "glossary", "summary"):
            assert squeeze(heading(key, lang)) in text[lang], (lang, key)
        for key in SECTIONS:
            for p in book.section(key, values, lang):
                assert start(p.removeprefix("- ")) in text[lang], (lang, key, p)
        for option, sentence in book.in_force(values, lang):
            assert start(sentence) in text[lang], (lang, option)
            assert squeeze(f"{option}=") in text[lang]
        for term in book.glossary:
            assert squeeze(term.words[lang]) in text[lang]
        for ex in book.examples_for(values):
            assert start(ex.title[lang], 10) in text[lang], (lang, ex.number)
    # the other language's own words are not in a one-language book
    ja_only, _ = pdf(("ja",))
    en_only, _ = pdf(("en",))
    assert squeeze(heading("setup", "en")) not in "".join(pages_text(ja_only))
    assert squeeze(heading("setup", "ja")) not in "".join(pages_text(en_only))


@pytest.mark.parametrize("game,preset", CASES)
def test_the_summary_is_one_page_per_language(game, preset):
    book, values, _, pdf = made(game, preset)
    pages = pages_text(pdf(LANGS)[0])
    for lang in LANGS:
        title = squeeze(f"{book.title[lang]}{heading('summary', lang)}")
        summary = [i for i, p in enumerate(pages) if title in p]
        assert len(summary) == 1, lang
        assert start(book.filled(book.summary[lang], values, lang)[-1].removeprefix("- ")) in pages[summary[0]]


@pytest.mark.parametrize("game,preset", CASES)
def test_no_text_below_seven_points(game, preset):
    _, _, _, pdf = made(game, preset)
    sizes = text_sizes(pdf(LANGS)[0])
    assert sizes and min(s for s, _ in sizes) >= 7.0 - 1e-6, min(sizes)


@pytest.mark.parametrize("game,preset", CASES)
def test_every_example_holds_in_the_engine(game, preset):
    book, values, verify, _ = made(game, preset)
    holding = book.examples_for(values)
    assert holding and verify() == len(holding)


def test_the_preset_changes_the_printed_rules():
    book, values, _, pdf = made("karuta", "written")
    dt_book, dt_values, _, dt_pdf = made("karuta", "designer-tool")
    written, designer = by_language(book, pdf(LANGS)[0]), by_language(dt_book, dt_pdf(LANGS)[0])
    for lang in LANGS:
        one = start(book.sentence("chain_limit", 1, lang), 25)
        assert one in designer[lang] and one not in written[lang]
        crossing_only = start(book.sentence("open_highway", "crossing_only", lang), 25)
        assert crossing_only in written[lang] and crossing_only not in designer[lang]


def test_karuta_paper_says_what_the_engine_does_about_passing_and_the_start():
    from kit.games.karuta.boardpdf import starts_game
    from kit.games.karuta.model import load
    from kit.games.karuta.rulebook import load_book
    from kit.games.karuta.sheets import aid_lines

    data = ROOT / "data" / "karuta"
    book = load_book(data)
    for rules, musashi in (((), False), ((("first_card", "musashi"),), True)):
        model = load(data, rules)
        assert starts_game(model) is musashi
        lines = " ".join(s for _, _, s in aid_lines(model, (), book))
        assert "or pass" not in lines
        assert book.sentence("passing", "when_stuck", "en") in lines
        assert book.sentence("first_card", model.rules["first_card"], "ja") in lines


def copied(tmp_path: Path, game: str) -> Path:
    shutil.copytree(ROOT / "data" / game, tmp_path / game)
    return tmp_path / game


def line_of(path: Path, needle: str) -> int:
    return next(n for n, s in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in s)


# (game, the line to damage, what it becomes, the example's number, the engine's answer)
WRONG = {
    "karuta": ("    illegal: [[駿河], [遠江]]", "    illegal: [[伊豆], [遠江]]", 2, "the engine allows 伊豆 here"),
    "tour-de-dice": ("    stops: [[0, 1, 2, 3]]\n    lost: [0]\n    text:\n      ja: \"Aが3個",
                     "    stops: [[0, 1, 2, 3, 4]]\n    lost: [0]\n    text:\n      ja: \"Aが3個", 1,
                     "the engine lets A stop on [0, 1, 2, 3] here, not [0, 1, 2, 3, 4]"),
    "shikoku-duo": ("    picks: 高知", "    picks: 高松", 8, "the engine's Automa goes to 高知 here, not 高松"),
}


@pytest.mark.parametrize("game", list(WRONG))
def test_a_wrong_example_is_refused_at_its_line(tmp_path, game):
    old, new, number, said = WRONG[game]
    data = copied(tmp_path, game)
    path = data / "rulebook.yaml"
    line = line_of(path, old.split("\n")[0].strip())
    path.write_text(path.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
    _, _, verify, _ = made(game, PRESETS[game][0], data)
    with pytest.raises(KitError) as err:
        verify()
    assert f"rulebook.yaml:{line}: example {number}: {said}" in str(err.value)


@pytest.mark.parametrize("game,name", [(g, None) for g in GAMES] + [("shikoku-duo", "copper_over_top")])
def test_a_rule_value_without_its_sentence_is_refused_at_its_line(tmp_path, game, name):
    from importlib import import_module

    spec = import_module(f"kit.games.{game.replace('-', '_')}.options").SPEC
    option = next(o for o in spec if (o.choices or o.kind is bool) and name in (None, o.name))
    data = copied(tmp_path, game)
    path = data / "rulebook.yaml"
    text = path.read_text(encoding="utf-8").splitlines()
    at = line_of(path, f"  {option.name}:")
    key, value = ("true", "on") if option.kind is bool else (option.choices[0],) * 2
    gone = next(n for n in range(at, len(text)) if text[n].strip().startswith(f"{key}:"))
    del text[gone]
    path.write_text("\n".join(text) + "\n", encoding="utf-8")
    with pytest.raises(KitError) as err:
        load_rulebook(path, spec)
    assert f"rulebook.yaml:{at}: rule option {option.name!r}: the value {value!r} has no sentences" in str(err.value)


def test_an_unknown_option_in_the_readings_is_refused_with_a_suggestion(tmp_path):
    from kit.games.karuta.options import SPEC

    data = copied(tmp_path, "karuta")
    path = data / "rulebook.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("  passing:\n", "  pasing:\n"), encoding="utf-8")
    with pytest.raises(KitError) as err:
        load_rulebook(path, SPEC)
    assert "unknown rule option 'pasing' (did you mean passing?)" in str(err.value)
    assert f"rulebook.yaml:{line_of(path, '  pasing:')}:" in str(err.value)


def test_lang_is_checked():
    from kit.rules.book import check_lang

    assert check_lang(None) == LANGS and check_lang("en") == ("en",)
    with pytest.raises(KitError, match="--lang: 'fr'"):
        check_lang("fr")


def test_karuta_sim_counts_the_games_the_first_card_decides():
    from kit.games.karuta.model import load
    from kit.games.karuta.rules import Result
    from kit.games.karuta.sim import figures, lines, make_setup

    setup = make_setup(load(ROOT / "data" / "karuta"), 4, None)
    first_only = Result(turns=5, passes=4, stalled=True, wins=(1.0, 0, 0, 0), left=(16, 17, 17, 17), stuck=0)
    later = Result(turns=9, passes=6, stalled=True, wins=(0, 1.0, 0, 0), left=(16, 15, 17, 17), stuck=0)
    emptied = Result(turns=60, passes=3, stalled=False, wins=(1.0, 0, 0, 0), left=(0, 3, 2, 1), stuck=0)
    fig = figures(setup, [first_only, later, emptied, emptied], seed=1)
    assert fig["game"]["first_card_decides"] == 0.25
    assert any(s.startswith("decided by the first card: 25.0% of games") for s in lines(fig))


def test_shikoku_rulebook_answers_the_tables_questions_from_the_data():
    book, values, _, pdf = made("shikoku-duo", "written")
    text = by_language(book, pdf(LANGS)[0])
    # the hot-spring token starts on its ring space, and the engine's setup leaves it on the board
    from kit.games.shikoku_duo import rules as engine
    from kit.games.shikoku_duo.model import load
    from conftest import MAP

    game = load(ROOT / "data" / "shikoku-duo", (), MAP)
    t = engine.tables(game)
    assert engine.setup(t, engine.Rules(), 1).hot == engine.BOARD
    spring = t.ring_kind.index(engine.HOT_SPRING)
    assert squeeze(f"{t.ring_names[spring]}（マス{spring}）") in text["ja"]
    assert squeeze(f"(space {spring})") in text["en"]
    # every mountain town with every region it counts for, in both languages
    for town in (x for x in game.board.towns.values() if x.kind == "mountain"):
        regions = [r for r in game.board.regions if town.id in r.towns]
        assert squeeze(f"{town.name}（{town.value}）→ " + "・".join(r.name for r in regions)) in text["ja"]
        assert squeeze(f"{town.romaji} ({town.value}): " + ", ".join(r.romaji for r in regions)) in text["en"]
    # the wave tiles' effects in English as well as Japanese, as the tiles word them for these rules
    from kit.games.shikoku_duo.rulebook import printed

    for w in printed(game, book).components.waves:
        assert "{rule:" not in w.text + w.text_en
        assert squeeze(w.text_en) in text["en"] and squeeze(w.text) in text["ja"]
    practised = next(w for w in printed(game, book).components.waves if w.effect == "paint_plus")
    assert practised.text == book.sentence("paint_plus", values["paint_plus"], "ja")
    # one word for the artist on every piece
    assert "絵描き" not in text["ja"]


def test_kit_check_and_build_refuse_a_wrong_example_at_its_line(project):
    from click.testing import CliRunner

    from kit.cli import main

    old, new, number, said = WRONG["tour-de-dice"]
    path = project / "data" / "tour-de-dice" / "rulebook.yaml"
    line = line_of(path, old.split("\n")[0].strip())
    path.write_text(path.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
    for verb in ("check", "build"):
        result = CliRunner().invoke(main, [verb, "--game", "tour-de-dice"])
        assert result.exit_code == 2, result.output
        assert f"rulebook.yaml:{line}: example {number}: {said}" in result.output
        assert "Traceback" not in result.output
    assert not (project / "output" / "tour-de-dice" / "rules.pdf").exists()


def test_build_lang_prints_one_language_and_images_draw_every_page(project):
    from click.testing import CliRunner

    from kit.cli import main

    out = project / "out"
    result = CliRunner().invoke(main, ["build", "--game", "tour-de-dice", "--out", str(out), "--lang", "en",
                                       "--images", "--dpi", "30"])
    assert result.exit_code == 0, result.output
    pdf = (out / "rules.pdf").read_bytes()
    text = "".join(pages_text(pdf))
    assert squeeze(heading("setup", "en")) in text and squeeze(heading("setup", "ja")) not in text
    pages = len(PdfReader(io.BytesIO(pdf)).pages)
    assert sorted(p.name for p in (out / "images" / "rules").iterdir()) == [f"rules-{n:02d}.png"
                                                                           for n in range(1, pages + 1)]
    refused = CliRunner().invoke(main, ["build", "--game", "tour-de-dice", "--out", str(out), "--lang", "fr"])
    assert refused.exit_code == 2 and "--lang: 'fr'" in refused.output


def test_a_fact_the_game_does_not_supply_is_refused(tmp_path):
    from kit.games.tour_de_dice.model import load
    from kit.games.tour_de_dice.rulebook import load_book

    data = copied(tmp_path, "tour-de-dice")
    path = data / "rulebook.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("{fact:goal}", "{fact:gaol}", 1), encoding="utf-8")
    with pytest.raises(KitError, match=r"\{fact:gaol\}: the game supplies no such fact"):
        load_book(data, load(data))


def test_tour_rulebook_counts_the_deck_from_its_data():
    book, values, _, pdf = made("tour-de-dice", "rule-1")
    from kit.games.tour_de_dice.model import load

    tour = load(ROOT / "data" / "tour-de-dice")
    text = by_language(book, pdf(LANGS)[0])
    for c in tour.cards:
        assert squeeze(f"{c.id}×{c.copies}（外{c.outer}/内{c.inner}）") in text["ja"]
        assert squeeze(f"{c.id} ×{c.copies} (outer {c.outer} / inner {c.inner})") in text["en"]
    assert squeeze(f"{sum(c.copies for c in tour.cards)} course cards") in text["en"]


def test_a_rule_override_changes_the_printed_rules_and_examples():
    book, values, verify, pdf = made("karuta", "written", rules=(("first_card", "musashi"),))
    text = by_language(book, pdf(LANGS)[0])
    for lang in LANGS:
        assert start(book.sentence("first_card", "musashi", lang), 25) in text[lang]
        assert start(book.sentence("first_card", "any", lang), 25) not in text[lang]
    musashi = next(e for e in book.examples if e.when.get("first_card") == ("musashi",))
    assert musashi in book.examples_for(values) and start(musashi.title["en"], 12) in text["en"]
    assert "first_card=musashi" in squeeze(text["en"])     # the rule set line names the override
    assert verify() == len(book.examples_for(values))


def test_shikoku_setup_says_where_the_engine_starts_every_piece():
    from conftest import MAP
    from kit.games.shikoku_duo import rules as engine
    from kit.games.shikoku_duo.model import load

    book, values, _, pdf = made("shikoku-duo", "written")
    text = by_language(book, pdf(LANGS)[0])
    game = load(ROOT / "data" / "shikoku-duo", (), MAP)
    t, comp = engine.tables(game), game.components
    begin = engine.setup(t, engine.Rules.from_options(values), 5, automa=True)
    human, bot = begin.players
    assert (human.shrine, human.garden, human.copper, human.slabs, sum(human.goods)) == (0, 0, 0, 0, 0)
    # known answers: the tracks' start values, the start space and the Automa's ranks
    assert (comp.shrine_track[human.shrine], comp.garden_track[human.garden], human.pilgrim, bot.ranks) == \
        (0, 1, 0, (0, 0, 0))
    towns = list(game.board.towns.values())
    ja, en = text["ja"], text["en"]
    assert squeeze(f"社は神社トラックのstart（値{comp.shrine_track[human.shrine]}）") in ja
    assert squeeze(f"庭は庭園トラックのstart（値{comp.garden_track[human.garden]}）") in ja
    assert squeeze(f"銭は銅銭トラックの{human.copper}に置きます") in ja
    assert squeeze(f"社 on the shrine track's start (value {comp.shrine_track[human.shrine]})") in en
    assert squeeze(f"庭 on the garden track's start (value {comp.garden_track[human.garden]})") in en
    assert squeeze(f"銭 on the copper track's {human.copper}") in en
    assert squeeze(f"マス{human.pilgrim}（{t.ring_names[human.pilgrim]}）") in ja
    assert squeeze(f"宿場町{towns[human.merchant].name}から始めます") in ja
    assert squeeze(f"mountain town {towns[human.merchant].romaji}") in en
    assert squeeze(f"地域{game.board.regions[human.artist].name}から始めます") in ja
    assert squeeze(f"ランクトラックの{bot.ranks[0]}に目印") in ja and squeeze(f"on {bot.ranks[0]} of each track") in en
    for words in ("dice-stickers.pdf", "点線で折り", "小判6枚は商人ボードの横"):
        assert squeeze(words) in ja
    for words in ("dice-stickers.pdf", "dotted lines", "6 gold slabs beside the merchant board"):
        assert squeeze(words) in en
    # the notes (a deal sheet, the record) are printed in each language's book
    for name in ("deal_sheet", "record"):
        for lang in LANGS:
            title, paragraphs = book.note(name, values, lang)
            assert squeeze(title) in text[lang] and all(start(p, 24) in text[lang] for p in paragraphs)


def test_a_note_without_a_language_is_refused_at_its_line(tmp_path):
    from kit.games.shikoku_duo.options import SPEC

    data = copied(tmp_path, "shikoku-duo")
    path = data / "rulebook.yaml"
    body = path.read_text(encoding="utf-8")
    line = line_of(path, "title: {ja: 記録をつける")
    body = body.replace("  record:\n    title: {ja: 記録をつける, en: Keeping a record}\n    ja:",
                        "  record:\n    title: {ja: 記録をつける, en: Keeping a record}\n    jp:", 1)
    path.write_text(body, encoding="utf-8")
    with pytest.raises(KitError) as err:
        load_rulebook(path, SPEC)
    assert "unknown key 'jp'" in str(err.value) and f"rulebook.yaml:{line + 1}" in str(err.value)


def test_tour_rulebook_and_turn_cards_count_the_dice_the_option_gives():
    for dice in (3, 5):
        book, values, _, pdf = made("tour-de-dice", "written", rules=(("dice", dice),))
        text = by_language(book, pdf(LANGS)[0])
        assert squeeze(f"1色につきダイス{dice}個") in text["ja"] and squeeze(f"{dice} dice per colour") in text["en"]
        assert squeeze(f"（6色なら{dice * 6}個）") in text["ja"]
        assert squeeze(f"ダイス{dice}個を取ります") in text["ja"]
        other = 5 if dice == 3 else 3
        assert squeeze(f"1色につきダイス{other}個") not in text["ja"]
        # the start player is rolled on three dice whatever the dice taken: what the engine rolls
        assert squeeze("全員がダイスを3個振り") in text["ja"] and squeeze("everyone rolls 3 dice") in text["en"]
