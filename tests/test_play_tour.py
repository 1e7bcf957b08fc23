"""tour-de-dice at the web table: the simulator's race, a save that resumes, and whole races
played through a real browser at desktop and phone sizes, their logs replayed."""

import re

import pytest

from kit.games.tour_de_dice.play import play_log
from kit.games.tour_de_dice.policies import POLICIES
from kit.games.tour_de_dice.table import Match
from kit.play.session import Seats, Session
from kit.games import make_context

from browser import DESKTOP, PHONE, kit, play_through, take_turn


@pytest.fixture
def ctx():
    return make_context("tour-de-dice")


@pytest.mark.parametrize("rules", [(), (("preset", "rule-1"),), (("preset", "rule-2"),)])
def test_a_table_of_ai_runs_the_simulators_race(rules):
    ctx = make_context("tour-de-dice", rules=rules)
    for seed in (1, 4):
        match = Match(ctx, 3, "bold,careful,drafting", seed)
        while match.to_act() is not None:
            move, reason = match.ai_move()
            assert reason and move in match.legal()
            match.play(move)
        course, turns, result = play_log(match.setup, seed)
        assert course == match.course and tuple(match.turns) == turns
        assert match.winner == result.winner


def test_an_ai_says_why_in_both_languages(ctx):
    """An AI's reason for the dice it rolls gives its policy's description, in English and in
    Japanese, so a table reading either learns how it plays."""
    match = Match(ctx, 3, "bold,careful,drafting", 4)
    said = set()
    while match.to_act() is not None:
        ask, (move, reason) = match.ask, match.ai_move()
        if ask.kind == "dice":
            policy = POLICIES[match.policies[ask.seat]]
            assert reason["en"].endswith(": " + policy.doc) and reason["ja"].endswith("：" + policy.doc_ja)
            said.add(policy.name)
        match.play(move)
    assert said == {"bold", "careful", "drafting"}
    assert all(p.doc_ja and p.doc_ja != p.doc for p in POLICIES.values())


def test_the_end_says_who_won_and_how(ctx):
    match = Match(ctx, 3, "bold,careful,drafting", 4)
    while match.to_act() is not None:
        match.play(match.ai_move()[0])
    assert match.winner is not None
    piece = match.turns[-1].active          # the game ends the moment the active piece reaches the goal
    assert match.owner[piece] == match.winner
    assert match.view(0)["result"]["en"] == (f"seat {match.winner + 1} won the race: {match.labels[piece]} reached "
                                       f"the goal first, on turn {len(match.turns)}")
    assert match.view(0)["result"]["ja"].startswith(f"席{match.winner + 1}の勝ち")


def test_a_stop_says_the_roll_it_comes_from(ctx):
    match = Match(ctx, 3, "bold", 1)
    said = []           # (turn number, piece, dice the label names)
    while match.to_act() is not None:
        move, _ = match.ai_move()
        if match.ask.kind == "stop":
            rolled = re.search(r"\(rolled ([1-6 ]+)\) stops on", move["label"]["en"])
            hint = match.view(match.ask.seat)["hint"]
            assert f"rolled {rolled.group(1)}: it may stop anywhere up to " in hint["en"]
            assert f"（出目 {rolled.group(1)}）が" in move["label"]["ja"] and f"の出目は {rolled.group(1)}：" in hint["ja"]
            said.append((match.count, match.ask.piece, tuple(map(int, rolled.group(1).split()))))
        match.play(move)
    assert len(said) > 10
    for number, piece, dice in said:
        turn = match.turns[number - 1]
        assert tuple(turn.rolls[turn.rollers.index(piece)]) == dice


def test_a_saved_race_resumes_where_it_stopped(ctx, tmp_path):
    save = tmp_path / "tour-de-dice-seed2.yaml"
    first = Session(Match(ctx, 3, "careful", 2), Seats.new((0,)), save)
    token = first.seats.host_token()
    while first.version < 30:
        take_turn(first, token)
    resumed = Session.resume(Match(ctx, 3, "careful", 2), save, (0,))
    # the save holds whole turns: the resumed race stands at the start of the turn in play,
    # with the same dice to come
    assert resumed is not None and resumed.match.turns == first.match.turns
    assert resumed.match.count == first.match.count and resumed.seats.tokens == first.seats.tokens
    replayed = Session(Match(ctx, 3, "careful", 2), Seats.new((0,)), tmp_path / "again.yaml")
    for session in (first, resumed, replayed):
        while session.match.to_act() is not None:
            take_turn(session, session.seats.host_token())
    assert first.match.turns == resumed.match.turns == replayed.match.turns
    assert first.match.winner == resumed.match.winner is not None


@pytest.mark.parametrize("size,lang", [(DESKTOP, "en"), (PHONE, "en"), (PHONE, "ja")],
                         ids=["desktop", "phone", "phone-ja"])
def test_a_whole_race_through_the_browser_replays(ctx, tmp_path, size, lang, chromium):
    session, made, log = play_through(chromium, Match(ctx, 2, "bold", 3), tmp_path, size, lang=lang)
    assert made > 5 and session.match.to_act() is None and session.match.winner is not None
    done = kit("replay", "--game", "tour-de-dice", str(log), "--games", "50", "--workers", "1")
    assert done.returncode == 0, done.stderr
    assert f"{len(session.match.turns)} turns checked: every one legal" in done.stdout
