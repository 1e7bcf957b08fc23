"""The table's page as a player meets it, whatever the game: a lost server, a failed AI or a
save that cannot be written said plainly with nothing left to click, and what happened since the
player's last move in sight."""

import os

import pytest

from kit.data.errors import display_path
from kit.games import make_context
from kit.games.tour_de_dice.table import Match

from browser import DESKTOP, NEXT, PHONE, click_one_move, disk_full, open_page, overflowing, served
from conftest import MAP


def _tour(players=2, policy="bold", seed=3):
    return Match(make_context("tour-de-dice"), players, policy, seed)


def test_a_lost_server_is_said_and_nothing_is_offered(tmp_path, chromium):
    with served(_tour(), (0,), tmp_path) as (session, base):
        page, errors = open_page(chromium, base + "?t=" + session.seats.host_token(), PHONE)
        page.wait_for_function("document.body.dataset.mine === '1'")
        assert page.locator("#steps button.legal").count() > 0
    page.wait_for_function("document.body.dataset.lost === '1'", timeout=20000)
    assert "connection to the table is lost" in page.text_content("#status")
    assert page.locator(".legal").count() == 0 and page.locator("#play").is_disabled()
    assert page.evaluate("document.body.dataset.mine") == ""
    assert not errors
    page.close()


def test_a_failed_ai_stops_the_table_with_its_reason(tmp_path, chromium):
    match = _tour()

    def broken():
        raise RuntimeError("no policy answered")
    match.ai_move = broken
    with served(match, (0,), tmp_path) as (session, base):
        page, errors = open_page(chromium, base + "?t=" + session.seats.host_token(), DESKTOP)
        while match.to_act() == 0:          # play seat 1's decisions until the AI's turn comes
            version = session.version
            page.wait_for_function(f"document.body.dataset.version === '{version}' "
                                   "&& document.body.dataset.mine === '1'")
            page.click("#steps button.legal >> nth=0")
            page.wait_for_function(f"document.body.dataset.version !== '{version}'")
        page.wait_for_function("document.body.dataset.lost === '1'", timeout=20000)
        status = page.text_content("#status")
        assert "seat 2's AI failed" in status and "no policy answered" in status and session.save.name in status
        assert page.locator(".legal").count() == 0
        assert not errors
        page.close()


def _play_until_stopped(page) -> None:
    """Click the page's seat's moves until the table stops."""
    for _ in range(400):
        page.wait_for_function("document.body.dataset.lost === '1' || document.body.dataset.mine === '1'",
                               timeout=20000)
        if page.evaluate("document.body.dataset.lost") == "1":
            return
        _, target = page.evaluate(NEXT)
        if target:
            page.click(target)
        else:
            page.wait_for_timeout(10)
    raise AssertionError("the table did not stop")


@pytest.mark.parametrize("whose", ["person", "ai"])
def test_a_move_whose_save_fails_is_said_on_every_page_in_its_language(tmp_path, chromium, monkeypatch, capsys,
                                                                       whose):
    with served(_tour(), (0,), tmp_path) as (session, base):
        page, errors = open_page(chromium, base + "?t=" + session.seats.host_token() + "&lang=en", DESKTOP)
        watching, watch_errors = open_page(chromium, base + "?lang=ja", PHONE)     # a spectator, in Japanese
        page.wait_for_function("document.body.dataset.mine === '1'")
        if whose == "person":       # the person's next move cannot be saved
            disk_full(monkeypatch)
        else:                       # the person's moves are saved; the AI's first one after cannot be
            disk_full(monkeypatch, lambda: session.events[-1].seat == 1)
        _play_until_stopped(page)
        watching.wait_for_function("document.body.dataset.lost === '1'", timeout=20000)
        path = display_path(session.save)
        said = page.text_content("#status")
        assert said.startswith(f"cannot save the game: {path}: No space left on device. The table has stopped")
        assert watching.text_content("#status").startswith(f"保存できません：{path}: ディスクに空きがありません。")
        # the move was not made: the table is where its save is, with the move still to make
        assert session.match.to_act() == (0 if whose == "person" else 1)
        assert session.match.log_text() == session.save.read_text(encoding="utf-8")
        assert page.evaluate("document.body.dataset.version") == str(session.version)
        for p in (page, watching):      # and nothing is offered that could not be kept
            assert p.locator(".legal").count() == 0 and not p.locator("#cover").is_visible()
            assert not p.locator("#play").is_visible() and not p.locator("#pass").is_visible()
            assert not overflowing(p)       # the long line wraps, on the phone too
        assert not errors and not watch_errors
        page.close()
        watching.close()
    console = capsys.readouterr().err
    assert said in console.splitlines() and "Traceback" not in console


def test_each_seat_has_its_colour_and_the_ais_answers_stay_in_sight(tmp_path, chromium):
    from kit.games.karuta.table import Match as Karuta
    ctx = make_context("karuta", map_option=os.environ.get("KIT_MAP") or str(MAP))
    with served(Karuta(ctx, 3, "greedy", 11), (0,), tmp_path) as (session, base):
        page, errors = open_page(chromium, base + "?t=" + session.seats.host_token(), PHONE)
        checked = 0
        while checked < 2 and click_one_move(page):
            page.wait_for_function("document.body.dataset.over === '1' || document.body.dataset.mine === '1'")
            events = session.events
            mine = max(i for i, e in enumerate(events) if e.seat == 0)
            since = events[mine + 1:]
            if len(since) < 2 or not all(e.move["steps"] for e in since):
                continue
            checked += 1
            seats = page.locator("#seats li")
            assert seats.count() == 3 and "you" in seats.nth(0).text_content()
            assert "▶" in seats.nth(0).text_content() and "▶" not in seats.nth(1).text_content()
            # on the phone, every move since mine is listed in sight, and its cards outlined
            shown = page.locator("#events li.recent")
            assert shown.count() == len(since)
            assert all(shown.nth(i).is_visible() for i in range(shown.count()))
            for e in since:
                swatch = page.eval_on_selector(f"#seats li[data-seat='{e.seat}'] .swatch",
                                               "el => getComputedStyle(el).backgroundColor")
                for key in e.move["steps"]:
                    slot = page.locator(f"#board [data-key='{key}']")
                    assert "last" in slot.get_attribute("class")
                    fill = slot.evaluate("el => getComputedStyle(el.querySelector('rect')).fill")
                    assert fill == swatch, (key, fill, swatch)
        assert checked == 2 and not errors
        page.close()


IN_SIGHT = """([box, sel]) => {
  const b = document.querySelector(box).getBoundingClientRect();
  return [...document.querySelectorAll(sel)].some((el) => {
    const r = el.getBoundingClientRect();
    return r.left >= b.left - 1 && r.right <= b.right + 1 && r.top >= b.top - 1 && r.bottom <= b.bottom + 1;
  });
}"""


def _karuta(players, policy, seed):
    from kit.games.karuta.table import Match as Karuta
    return Karuta(make_context("karuta", map_option=os.environ.get("KIT_MAP") or str(MAP)), players, policy, seed)


def _shikoku(players, policy, seed):
    from kit.games.shikoku_duo.table import Match as Shikoku
    return Shikoku(make_context("shikoku-duo", map_option=os.environ.get("KIT_MAP") or str(MAP)), players, policy, seed)


@pytest.mark.parametrize("opener,hand", [(_karuta, True), (_shikoku, False)], ids=["karuta", "shikoku-duo"])
def test_on_the_phone_each_choice_comes_into_sight_and_fit_shows_the_board(tmp_path, chromium, opener, hand):
    with served(opener(3, "greedy", 11) if hand else opener(1, "greedy", 3), (0,), tmp_path) as (session, base):
        page, errors = open_page(chromium, base + "?t=" + session.seats.host_token(), PHONE)
        page.wait_for_function("document.body.dataset.mine === '1'")
        if not hand:        # a first look, with no place to choose yet, shows the pieces
            assert page.locator("#board [data-key].legal").count() == 0
            from kit.games.shikoku_duo.table import SEAT_COLOURS
            assert page.evaluate(IN_SIGHT, ["#board", f".piece circle[fill='{SEAT_COLOURS[0]}']"])   # seat 1's
        for _ in range(4):
            page.wait_for_function("document.body.dataset.mine === '1'")
            if page.locator("#board [data-key].legal").count():
                assert page.evaluate(IN_SIGHT, ["#board", "#board [data-key].legal"])
            if hand:
                assert page.evaluate(IN_SIGHT, ["#hand", "#hand .card.legal"])
            if session.events:          # the latest move is in sight, not pushed down by idle buttons
                assert page.evaluate(IN_SIGHT, ["#side", "#events li.latest"])
                assert not page.locator("#undo").is_visible()
            assert click_one_move(page)
        page.click("#zoom-fit")
        assert page.evaluate(IN_SIGHT, ["#board", "#board svg"])
        assert not errors
        page.close()


def test_midway_through_a_turn_the_others_moves_before_it_stay_listed(tmp_path, chromium):
    with served(_shikoku(1, "greedy", 3), (0,), tmp_path) as (session, base):
        page, errors = open_page(chromium, base + "?t=" + session.seats.host_token(), PHONE)
        for _ in range(12):
            assert click_one_move(page)
            page.wait_for_function("document.body.dataset.mine === '1'")
            seats = [e.seat for e in session.events]
            i = len(seats) - 1
            while i >= 0 and seats[i] == 0:         # seat 1's steps of the turn in hand
                i -= 1
            if i < len(seats) - 1 and seats[i] == 1:        # a die drafted after the Automa's moves
                while i >= 0 and seats[i] == 1:
                    i -= 1
                shown = page.locator("#events li.recent")
                assert shown.count() == min(len(seats) - i - 1, 12) >= 2
                assert all(shown.nth(i).is_visible() for i in range(shown.count()))
                break
        else:
            raise AssertionError("no turn of seat 1 came after the Automa's")
        assert not errors
        page.close()


def test_an_end_whose_replay_fails_says_so(tmp_path, chromium):
    match = _tour()

    def broken(path):
        raise ValueError("no simulator today")
    match.replay_text = broken
    with served(match, (), tmp_path) as (session, base):        # every seat the AI's: a spectator watches
        page, errors = open_page(chromium, base, DESKTOP)
        page.wait_for_function("document.getElementById('replay').textContent.includes('could not place')",
                               timeout=30000)
        text = page.text_content("#replay")
        assert "no simulator today" in text and session.save.name in text and page.locator("#end").is_visible()
        assert not errors
        page.close()


def test_every_choice_button_says_what_it_does(tmp_path, chromium):
    with served(_shikoku(1, "greedy", 3), (0,), tmp_path) as (session, base):
        page, errors = open_page(chromium, base + "?t=" + session.seats.host_token(), DESKTOP)
        picks = chose = 0
        for _ in range(10):
            page.wait_for_function("document.body.dataset.mine === '1'")
            buttons = page.eval_on_selector_all("#steps button",
                                                "els => els.map((b) => [b.dataset.step, b.textContent])")
            assert all(key != text for key, text in buttons), buttons        # words, never a bare key
            if session.match.ask.kind == "pick":    # a die's button names its number
                picks += 1
                assert sorted(text for _, text in buttons) == sorted(m["label"]["en"] for m in session.match.legal())
            longer = [m for m in session.match.legal() if len(m["steps"]) > 1]
            if session.match.ask.kind == "move" and longer:     # a place chosen is named in words
                page.click(f"#board [data-key='{longer[0]['steps'][0]}']")
                assert page.text_content("#chosen") == longer[0]["step_labels"][0]["en"]
                chose += 1
                page.click("#undo")
            assert click_one_move(page)
        assert picks >= 2 and chose >= 1 and not errors
        page.close()


def test_a_card_is_laid_from_its_place_on_the_map_and_taken_back(tmp_path, chromium):
    with served(_karuta(2, None, 4), (0,), tmp_path) as (session, base):
        page, errors = open_page(chromium, base + "?t=" + session.seats.host_token(), PHONE)
        page.wait_for_function("document.body.dataset.mine === '1'")
        assert "its place on the map" in page.text_content("#hint")
        assert not page.locator("#play").is_visible() and not page.locator("#undo").is_visible()
        slot = page.locator("#board .slot.legal").first
        key = slot.get_attribute("data-key")
        slot.click()
        assert page.text_content("#chosen") == session.match.en[key]     # its romaji, and the kanji the map prints
        assert page.locator("#play").is_visible() and page.locator("#undo").is_visible()
        assert page.locator(f"#hand .card.chosen[data-key='{key}']").count() == 1
        page.click("#undo")
        assert page.text_content("#chosen") == "" and not page.locator("#play").is_visible()
        assert not page.locator("#chosen").is_visible()         # an empty line takes no room
        assert not errors
        page.close()


def test_on_the_phone_pieces_read_and_do_not_hide_each_other(tmp_path, chromium):
    with served(_tour(3, "bold", 3), (0,), tmp_path) as (session, base):        # all three on the start
        page, errors = open_page(chromium, base + "?t=" + session.seats.host_token(), PHONE)
        page.wait_for_function("document.body.dataset.mine === '1'")
        discs = page.eval_on_selector_all(".piece", """els => els.map((e) => {
            const c = e.querySelector('circle').getBoundingClientRect();
            const t = e.querySelector('text').getBoundingClientRect();
            return [c.x + c.width / 2, c.y + c.height / 2, c.width, t.height]; })""")
        assert len(discs) == 3
        assert all(d >= 17 and text >= 9 for _, _, d, text in discs)       # screen pixels
        for i, (x, y, d, _) in enumerate(discs):
            for x2, y2, d2, _ in discs[i + 1:]:
                assert ((x - x2) ** 2 + (y - y2) ** 2) ** 0.5 >= (d + d2) / 2 * 0.99
        assert not errors
        page.close()


def test_a_closed_end_screen_opens_again_with_its_log(tmp_path, chromium):
    from browser import downloaded_log
    with served(_tour(), (), tmp_path) as (session, base):          # the AI plays both seats
        page, errors = open_page(chromium, base, PHONE)
        page.wait_for_function("document.body.dataset.over === '1'", timeout=30000)
        assert not page.locator("#show-end").is_visible() and not page.locator("#you").is_visible()   # a spectator
        page.click("#close-end")
        assert not page.locator("#end").is_visible()
        page.click("#show-end")
        assert page.locator("#end").is_visible() and "won the race" in page.text_content("#result")
        downloaded_log(page, tmp_path, session)
        assert not errors
        page.close()
