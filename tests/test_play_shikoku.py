"""shikoku-duo at the web table: rules.play's game, a save that resumes, and whole games
(against the Automa) played through a real browser at desktop and phone sizes, replayed."""

import os
import re

import pytest

from kit.games import make_context
from kit.games.shikoku_duo import rules as R
from kit.games.shikoku_duo.sim import controllers, game_rng
from kit.games.shikoku_duo.table import Match
from kit.play.session import Seats, Session

from browser import DESKTOP, PHONE, kit, play_through, take_turn
from conftest import MAP


@pytest.fixture
def ctx():
    return make_context("shikoku-duo", map_option=os.environ.get("KIT_MAP") or str(MAP))


@pytest.mark.parametrize("players,policy,seed", [(2, "greedy,planner", 7), (1, "random", 3)])
def test_a_table_of_ai_plays_the_engines_game(ctx, players, policy, seed):
    match = Match(ctx, players, policy, seed)
    while match.to_act() is not None:
        move, reason = match.ai_move()
        assert reason and move in match.legal()
        match.play(move)
    record = []
    R.play(match.t, match.rules, seed, controllers(match.setup), game_rng(seed), record)
    assert match.record == record


@pytest.mark.parametrize("players,policy,seed", [(1, "greedy", 3), (2, "greedy", 5)])
def test_the_end_says_in_words_why_the_game_ended(ctx, players, policy, seed):
    match = Match(ctx, players, policy, seed)
    while match.to_act() is not None:
        match.play(match.ai_move()[0])
    result = match.view(0)["result"]["en"]
    assert re.search(r"\(the game ended on (a|the) [A-Za-z' ]+(; the [A-Za-z' ]+)?\)$", result), result
    assert not any(re.search(rf"\b{name}\b(?! track| rank)", result.split("ended on")[1])
                   for name in R.END_CONDITIONS + R.AUTOMA_ENDS), result


def test_towns_and_regions_are_named_as_the_board_prints_them(ctx):
    match = Match(ctx, 1, "greedy", 3)
    drawn = match.board_svg()
    towns, regions, _ = match._words()
    assert len(towns) == len(match.t.town_names) and len(regions) == len(match.t.region_names)
    for i, name in towns.items():
        kanji = name["ja"]
        assert not kanji.isascii() and kanji in drawn       # every town, coastal ones too, on the board
        assert name["en"] and all(ord(ch) < 0x3000 for ch in name["en"])     # its romaji, no kanji
    seen = set()
    while match.to_act() is not None and len(seen) < 2:
        if match.ask.kind == "move":
            for m, move in zip(match.ask.moves, match.ask.values[2]):
                if move.dest >= 0 and move.character != R.PILGRIM:
                    words = (towns if move.character == R.MERCHANT else regions)[move.dest]
                    assert m["step_labels"][0] == words
                    seen.add(move.character)
        match.play(match.ai_move()[0])
    assert seen == {R.MERCHANT, R.ARTIST}


def test_a_saved_game_resumes_where_it_stopped(ctx, tmp_path):
    save = tmp_path / "shikoku-duo-seed4.yaml"
    first = Session(Match(ctx, 2, "greedy", 4), Seats.new((0,)), save)
    while first.version < 40:
        take_turn(first, first.seats.host_token())
    resumed = Session.resume(Match(ctx, 2, "greedy", 4), save, (0,))
    # the save holds whole rounds: the resumed game stands at the start of the round in play
    assert resumed is not None and resumed.match.state.round == first.match.state.round
    for session in (first, resumed):
        while session.match.to_act() is not None:
            take_turn(session, session.seats.host_token())
    assert first.match.record == resumed.match.record


@pytest.mark.parametrize("size,lang", [(DESKTOP, "en"), (PHONE, "en"), (PHONE, "ja")],
                         ids=["desktop", "phone", "phone-ja"])
def test_a_whole_game_through_the_browser_replays(ctx, tmp_path, size, lang, chromium):
    session, made, log = play_through(chromium, Match(ctx, 1, "greedy", 3), tmp_path, size,
                                      timeout=90000, lang=lang)
    assert made > 5 and session.match.to_act() is None
    assert all(e.reason["en"].startswith(("the Automa's card", "its only")) for e in session.events if e.seat == 1)
    done = kit("replay", "--game", "shikoku-duo", str(log), "--games", "20", "--workers", "1",
               "--map", ctx.map_path().as_posix())
    assert done.returncode == 0, done.stderr
    rounds = session.match.state.round
    assert f"{len(session.match.record)} turns in {rounds} rounds checked: every one legal" in done.stdout
