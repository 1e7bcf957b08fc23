"""karuta at the web table: the same game as the simulator, a save that resumes, and whole
games played through a real browser at desktop and phone sizes, their logs replayed."""

import os

import pytest

from kit.games.karuta.sim import play_dealt
from kit.games.karuta.table import Match
from kit.play.session import Seats, Session
from kit.games import make_context

from browser import DESKTOP, PHONE, kit, play_through, served
from conftest import MAP


@pytest.fixture
def ctx():
    return make_context("karuta", map_option=os.environ.get("KIT_MAP") or str(MAP))


def test_a_table_of_ai_plays_the_simulators_game(ctx):
    for seed in (1, 7):
        match = Match(ctx, 3, "greedy,foresight,random", seed)
        while match.to_act() is not None:
            move, reason = match.ai_move()
            assert reason
            match.play(move)
        record = []
        play_dealt(match.setup, None, seed, record)
        names = match.t.names
        assert match.turns == [(s, tuple(names[c] for c in turn)) for s, turn in record]


def test_english_names_every_card_and_highway_by_its_romaji(ctx):
    """A table reading only English follows every move: a move's words and an AI's reason name
    each card by its romaji beside the kanji the map prints, and each highway by its romaji;
    the Japanese names them in kanji alone."""
    match = Match(ctx, 3, "greedy", 7)
    romaji = {p.kanji: p.romaji for p in match.model.provinces}
    roads = {h.romaji for h in match.model.highways}
    along = 0
    while match.to_act() is not None:
        move, reason = match.ai_move()
        for k in move["steps"]:
            assert f"{romaji[k]} {k}" in move["label"]["en"] and f"{romaji[k]} {k}" in reason["en"]
            assert romaji[k] not in move["label"]["ja"] + reason["ja"]
        assert [label["ja"] for label in move.get("step_labels", [])] == move["steps"]
        if " along " in reason["en"]:
            along += 1
            assert any(f"along {r}" in reason["en"] or f"/{r}" in reason["en"] for r in roads)
        match.play(move)
    assert along


def test_an_ai_pass_says_why_in_plain_words(ctx):
    match = Match(ctx, 3, "greedy", 1)     # a game in which a seat passes holding one card
    reasons = []
    while match.to_act() is not None:
        move, reason = match.ai_move()
        reasons.append(reason)
        match.play(move)
    assert "passes: its one card cannot be played" in [r["en"] for r in reasons]
    assert "パス：残り1枚の札が出せない" in [r["ja"] for r in reasons]
    assert not any("its 1 cards" in r["en"] or "1枚の札のどれも" in r["ja"] for r in reasons)


def test_the_table_offers_exactly_the_engines_turns_and_refuses_others(ctx, tmp_path):
    match = Match(ctx, 2, None, 3)
    session = Session(match, Seats.new((0, 1)), tmp_path / "g.yaml")
    token = session.seats.host_token()
    legal = match.legal()
    assert legal and all(m["steps"] for m in legal)       # first turn: a card, no pass
    with pytest.raises(Exception, match="not a legal move"):
        session.act(token, ["武蔵", "蝦夷"])
    with pytest.raises(Exception, match="not a legal move"):
        session.act(token, [])                              # no pass while a card can be played
    assert session.version == 0
    session.act(token, legal[0]["steps"])
    assert session.version == 1 and match.turns[0][1] == tuple(legal[0]["steps"])


def test_a_saved_game_resumes_where_it_stopped(ctx, tmp_path):
    save = tmp_path / "karuta-seed5.yaml"
    first = Session(Match(ctx, 3, "greedy", 5), Seats.new((1,)), save)
    token = first.seats.host_token()
    while first.version < 9:
        if first.ai_to_move():
            first.ai_step()
        else:
            first.act(token, max(first.match.legal(), key=lambda m: len(m["steps"]))["steps"])
    resumed = Session.resume(Match(ctx, 3, "greedy", 5), save, (1,))
    assert resumed is not None and resumed.version == 9
    assert resumed.match.state == first.match.state and resumed.match.starter == first.match.starter
    assert resumed.match.rng.getstate() == first.match.rng.getstate()
    assert resumed.seats.tokens == first.seats.tokens
    assert [e.reason for e in resumed.events] == [e.reason for e in first.events]
    # another table (other people, other policies) does not take this save over
    assert Session.resume(Match(ctx, 3, "random", 5), save, (1,)) is None


@pytest.mark.parametrize("size,lang", [(DESKTOP, "en"), (PHONE, "en"), (PHONE, "ja")],
                         ids=["desktop", "phone", "phone-ja"])
def test_a_whole_game_through_the_browser_replays(ctx, tmp_path, size, lang, chromium):
    session, made, log = play_through(chromium, Match(ctx, 2, "greedy", 11), tmp_path, size, lang=lang)
    assert made > 5 and session.match.to_act() is None
    assert all(e.reason for e in session.events if e.seat == 1)
    done = kit("replay", "--game", "karuta", str(log), "--games", "50", "--workers", "1")
    assert done.returncode == 0, done.stderr
    assert f"{len(session.events)} turns checked: every one legal" in done.stdout


def test_hot_seat_covers_each_hand_and_a_spectator_sees_none(ctx, tmp_path, chromium):
    from browser import NEXT
    with served(Match(ctx, 2, None, 4), (0, 1), tmp_path) as (session, base):
        page = chromium.new_page(viewport=PHONE)
        page.goto(base + "?t=" + session.seats.host_token())
        covers = 0
        while session.version < 6:
            page.wait_for_function("document.body.dataset.mine === '1'")
            version = page.evaluate("document.body.dataset.version")
            while True:
                now, target = page.evaluate(NEXT)
                if now != version:
                    break
                if target and target.startswith("#cover"):
                    covers += 1
                    assert f"Seat {session.match.to_act() + 1}'s turn" in page.text_content("#cover-title")
                if target:
                    page.click(target)
        changes = sum(a.seat != b.seat for a, b in zip(session.events, session.events[1:]))
        assert covers == changes + 1            # a cover for the first turn and each change of seat
        spectator = chromium.new_page(viewport=PHONE)
        spectator.goto(base)
        spectator.wait_for_function("document.body.dataset.version !== undefined")
        assert spectator.locator("#hand .card").count() == 0 and spectator.locator(".legal").count() == 0
        page.close()
        spectator.close()
