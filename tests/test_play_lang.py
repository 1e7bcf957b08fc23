"""The table in Japanese and in English: the address's ?lang=, else the browser's language;
every word the page shows in the one language, moves in the board's own names, and a switch
between the two that keeps the seat."""

import os
import re

import pytest

from kit.games import make_context
from kit.games.shikoku_duo.table import Match as Shikoku
from kit.games.tour_de_dice.table import Match as Tour

from browser import DESKTOP, PHONE, click_one_move, open_page, overflowing, served
from conftest import MAP

# What the page says in each language: a status, its own buttons, the seats list.
SAYS = {
    "ja": {"turn": "あなたの番です（席1）", "fit": "全体", "switch": "English", "you": "席1（あなた）",
           "ai": "席2（AI：automa）", "since": "あなたの前の手以降の手に印があります"},
    "en": {"turn": "Your turn (seat 1)", "fit": "fit", "switch": "日本語", "you": "seat 1 — you",
           "ai": "seat 2 (AI: automa)", "since": "Moves since yours are marked"},
}
LOG_NOTATION = re.compile(r"\b(pilgrim|merchant|artist) \d+ \S+|\b\d+/[12]\b|\bG/[12]\b")
KANA_KANJI = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def _shikoku():
    return Shikoku(make_context("shikoku-duo", map_option=os.environ.get("KIT_MAP") or str(MAP)), 1, "greedy", 3)


def _mine(page):
    page.wait_for_function("document.body.dataset.mine === '1'")


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_page_speaks_the_language_the_address_asks(tmp_path, chromium, lang):
    with served(_shikoku(), (0,), tmp_path) as (session, base):
        token = session.seats.host_token()
        # the browser's own language is the other one: the address wins
        page, errors = open_page(chromium, f"{base}?t={token}&lang={lang}", PHONE,
                                 locale="en-US" if lang == "ja" else "ja-JP")
        _mine(page)
        says = SAYS[lang]
        assert page.evaluate("document.documentElement.lang") == lang
        assert page.text_content("#status") == says["turn"]
        assert page.text_content("#zoom-fit") == says["fit"]
        seats = page.locator("#seats li")
        assert seats.nth(0).text_content().endswith(says["you"]) and seats.nth(1).text_content() == says["ai"]
        # a die's button: the character as its dice name it, and its number
        die = {"ja": "巡礼者のサイコロ：", "en": "Pilgrim die: "}[lang]
        assert any(t.startswith(die) for t in page.locator("#steps button").all_text_contents())
        for _ in range(8):
            assert click_one_move(page)
            _mine(page)
        assert page.text_content("#events-title") == says["since"]
        moves = page.locator("#events li .what").all_text_contents()
        # the moves in words, never in the log's notation; a Japanese page's in Japanese
        assert moves and not any(LOG_NOTATION.search(m) for m in moves), moves
        worded = [m for m in moves if (" → " if lang == "ja" else " to ") in m]
        assert worded, moves
        if lang == "ja":
            assert all(KANA_KANJI.search(m) for m in moves), moves
            assert any(re.fullmatch(r"(巡礼者|商人|絵師) \d+ → .+", m) for m in moves), moves
        else:
            assert any(re.fullmatch(r"(Pilgrim|Merchant|Artist) \d+ to [^\u3000-\u9fff]+", m) for m in moves), moves
        said = [e.move["label"][lang] for e in session.events[-12:]]
        assert sorted(moves) == sorted(said)
        if lang == "ja":        # no English left in the side pane but kit's own names (AI policies)
            side = page.text_content("#side")
            assert not re.search(r"\b(seat|the|to|points|dice|Tap)\b", side), side
        assert not overflowing(page)
        assert not errors
        page.close()


@pytest.mark.parametrize("locale,lang", [("ja-JP", "ja"), ("ja", "ja"), ("en-GB", "en"), ("fr-FR", "en")])
def test_without_lang_the_page_follows_the_browsers_language(tmp_path, chromium, locale, lang):
    with served(_shikoku(), (0,), tmp_path) as (session, base):
        page, errors = open_page(chromium, f"{base}?t={session.seats.host_token()}", DESKTOP, locale=locale)
        _mine(page)
        assert page.text_content("#status") == SAYS[lang]["turn"]
        assert page.text_content("#lang-switch") == SAYS[lang]["switch"]
        assert not errors
        page.close()


def test_the_switch_changes_language_and_keeps_the_seat(tmp_path, chromium):
    with served(_shikoku(), (0,), tmp_path) as (session, base):
        token = session.seats.host_token()
        page, errors = open_page(chromium, f"{base}?t={token}", PHONE, locale="en-US")
        _mine(page)
        assert page.is_visible("#lang-switch")
        page.click("#lang-switch")
        page.wait_for_url(re.compile(r"lang=ja"))
        assert f"t={token}" in page.url
        _mine(page)             # still the seat's page: its moves are offered
        assert page.text_content("#status") == SAYS["ja"]["turn"]
        page.click("#lang-switch")
        page.wait_for_url(re.compile(r"lang=en"))
        _mine(page)
        assert page.text_content("#status") == SAYS["en"]["turn"] and f"t={token}" in page.url
        assert not errors
        page.close()


def test_a_lost_server_and_a_race_are_said_in_japanese(tmp_path, chromium):
    with served(Tour(make_context("tour-de-dice"), 2, "bold", 3), (0,), tmp_path) as (session, base):
        page, errors = open_page(chromium, f"{base}?t={session.seats.host_token()}&lang=ja", PHONE)
        seen = set()
        while not seen >= {"dice", "stop"}:
            _mine(page)
            kind = session.match.ask.kind
            if kind == "dice":
                buttons = page.locator("#steps button").all_text_contents()
                assert "パス（0個）" in buttons and "ダイスを1個振る" in buttons, buttons
            if kind == "stop":
                hint = page.text_content("#hint")
                assert "の出目は" in hint and "周目" in hint, hint
                # a card the words name by its place ("14枚目") carries that number on the board
                named = re.findall(r"(\d+)枚目", " ".join(m["label"]["ja"] for m in session.match.legal()))
                assert named
                for n in named:
                    assert page.locator(f"#board text.box-number:text-is('{n}')").count() == 1, n
            seen.add(kind)
            assert click_one_move(page)
        _mine(page)
        info = page.locator("#info li").all_text_contents()
        assert any(re.fullmatch(r"P1（席1）：.+、ダイス\d個", i) for i in info), info
        assert not any(LOG_NOTATION.search(i) for i in info), info
    page.wait_for_function("document.body.dataset.lost === '1'", timeout=20000)
    assert "卓との接続が切れました" in page.text_content("#status")
    assert not errors
    page.close()


def _karuta():
    from kit.games.karuta.table import Match as Karuta
    return Karuta(make_context("karuta", map_option=os.environ.get("KIT_MAP") or str(MAP)), 3, "greedy", 11)


def _texts(match):
    """Every text a player reads at this point of `match`: the moves' words, and the view's."""
    seat = match.to_act()
    view = match.view(seat if seat is not None else 0)
    yield from (view.get(k) for k in ("hint", "result") if view.get(k))
    yield from view["info"]
    yield from (c["sub"] for c in view["hand"] or ())
    for m in match.legal():
        yield m["label"]
        yield from m.get("step_labels", ())


@pytest.mark.parametrize("opener", [_karuta, _shikoku, lambda: Tour(make_context("tour-de-dice"), 3, "bold", 4)],
                         ids=["karuta", "shikoku-duo", "tour-de-dice"])
def test_every_text_of_a_whole_game_is_in_both_languages(opener):
    match = opener()
    policies = set(match.policies)
    english = re.compile(r"[A-Za-z]{3,}")
    seen = 0
    while True:
        texts = list(_texts(match))
        if match.to_act() is not None:
            move, reason = match.ai_move()
            texts.append(reason)
        for text in texts:
            if isinstance(text, str):       # the same in both: a card's kanji, P1
                assert not english.search(text), text
                continue
            assert set(text) == {"en", "ja"} and text["en"] and text["ja"], text
            assert not set(english.findall(text["ja"])) - policies, text      # only kit's policy names
            assert KANA_KANJI.search(text["ja"]) or text["ja"] == text["en"], text
            assert not KANA_KANJI.search(text["en"].replace("→", "")) or match.game == "karuta", text
            seen += 1
        if match.to_act() is None:
            break
        match.play(move)
    assert seen > 100
