"""`kit play`'s command line: seats refused at their option, the links it prints, and a saved
game taken up again (or a new one begun beside a finished one)."""

import pytest

from kit.data.errors import KitError
from kit.games import make_context
from kit.games.tour_de_dice.table import Match
from kit.play.command import human_seats, links, open_session

from browser import kit


def test_seats_are_checked():
    assert human_seats("1", 4) == (0,)
    assert human_seats("3,1", 4) == (0, 2)
    assert human_seats("0", 2) == ()
    for bad, why in (("5", "no seat of a 4-player game"), ("1,1", "given twice"), ("x", "no seat"), ("", "no seat")):
        with pytest.raises(KitError, match=why):
            human_seats(bad, 4)


def test_bad_options_exit_2_with_one_line():
    done = kit("play", "--game", "tour-de-dice", "--seat", "7", "--players", "2", "--no-browser")
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "--seat" in done.stderr
    done = kit("play", "--game", "shikoku-duo", "--players", "3", "--no-browser")
    assert done.returncode == 2 and "Traceback" not in done.stderr


def test_links_carry_each_seats_token(tmp_path):
    session, _ = open_session(Match(make_context("tour-de-dice"), 3, None, 1), (0, 2), tmp_path / "t.yaml")
    shown = links(session, "127.0.0.1", 8123)
    host = session.seats.host_token()
    assert shown[0] == f"table: http://127.0.0.1:8123/?t={host}"
    mine = session.seats.seat_tokens()
    assert sorted(mine) == [0, 2] and len({host, *mine.values()}) == 3
    assert f"seat 3's own link: http://127.0.0.1:8123/?t={mine[2]}" in shown
    assert shown[-1] == "spectators: http://127.0.0.1:8123/"
    lan = links(session, "0.0.0.0", 8123)
    assert "0.0.0.0" not in lan[0] and lan[0].endswith(f":8123/?t={host}")
    alone, _ = open_session(Match(make_context("tour-de-dice"), 3, None, 1), (1,), tmp_path / "a.yaml")
    token = alone.seats.host_token()
    assert links(alone, "127.0.0.1", 8123) == [f"table: http://127.0.0.1:8123/?t={token}",
                                                "spectators: http://127.0.0.1:8123/"]


def test_a_restart_plays_on_and_a_finished_game_is_kept(tmp_path):
    ctx = make_context("tour-de-dice")
    save = tmp_path / "tour-de-dice-seed5.yaml"
    first, note = open_session(Match(ctx, 2, None, 5), (0,), save)
    assert "saving" in note
    token = first.seats.host_token()
    for _ in range(6):
        if first.ai_to_move():
            first.ai_step()
        else:
            first.act(token, first.match.legal()[0]["steps"])
    again, note = open_session(Match(ctx, 2, None, 5), (0,), save)
    assert "resuming" in note and again.save == save and again.seats.tokens == first.seats.tokens
    while again.match.to_act() is not None:
        if again.ai_to_move():
            again.ai_step()
        else:
            again.act(token, again.match.legal()[0]["steps"])
    finished = save.read_text(encoding="utf-8")
    third, note = open_session(Match(ctx, 2, None, 5), (0,), save)
    assert third.save == tmp_path / "tour-de-dice-seed5-2.yaml" and third.version == 0
    assert save.read_text(encoding="utf-8") == finished
