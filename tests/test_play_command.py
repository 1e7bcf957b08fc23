"""`kit play`'s command line: seats refused at their option, the links it prints, and a saved
game taken up again (or a new one begun beside a finished one); the save written whole or not
at all, a move whose save fails not made, and a save refused before the table is served where it
cannot be written."""

import errno
import os
import shutil
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from kit.data.errors import KitError
from kit.games import make_context
from kit.games.tour_de_dice.table import Match
from kit.cli import main
from kit.play.command import human_seats, links, open_session
from kit.play.session import SaveFailed

from browser import disk_full, kit, take_turn


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


def test_a_save_cut_short_leaves_the_last_whole_one(tmp_path, monkeypatch):
    session, _ = open_session(Match(make_context("tour-de-dice"), 2, None, 5), (0,), tmp_path / "t.yaml")
    token = session.seats.host_token()
    for _ in range(4):
        take_turn(session, token)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    real = os.replace

    def seats_full(src, dst, *args, **kwargs):      # the seats' file cannot be put in place
        if Path(dst) == session.meta_path:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(src, dst, *args, **kwargs)
    monkeypatch.setattr(os, "replace", seats_full)
    with pytest.raises(KitError, match="cannot save the game: .*t.json: No space left on device"):
        take_turn(session, token)
    monkeypatch.undo()
    # the log and its seats both as the last whole write left them, and nothing else beside
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before
    again, note = open_session(Match(make_context("tour-de-dice"), 2, None, 5), (0,), tmp_path / "t.yaml")
    assert note.endswith("at move 5") and again.version == 4
    assert all(stat.S_IMODE(p.stat().st_mode) & 0o077 == 0 for p in tmp_path.iterdir())   # tokens: owner only


@pytest.mark.parametrize("whose", ["person", "ai"])
def test_a_move_whose_save_fails_is_not_made(tmp_path, monkeypatch, whose):
    ctx = make_context("tour-de-dice")
    session, _ = open_session(Match(ctx, 2, None, 5), (0,), tmp_path / "t.yaml")
    twin, _ = open_session(Match(ctx, 2, None, 5), (0,), tmp_path / "twin.yaml")   # the same game, saved
    token, twin_token = session.seats.host_token(), twin.seats.host_token()
    for _ in range(5):          # a few moves in, then on to a move of `whose`
        take_turn(session, token)
        take_turn(twin, twin_token)
    while session.ai_to_move() != (whose == "ai"):
        take_turn(session, token)
        take_turn(twin, twin_token)
    saved = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    version, seen = session.version, session.view(token)
    disk_full(monkeypatch)
    with pytest.raises(KitError) as failed:
        take_turn(session, token)
    monkeypatch.undo()
    # the game is where its save is: the same move, the same dice, the same choices
    assert session.version == version and session.view(token) == seen
    assert session.match.log_text() == session.save.read_text(encoding="utf-8")
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == saved
    assert str(failed.value).startswith(f"cannot save the game: {tmp_path / 't.yaml'}: No space left on device.")
    assert failed.value.words["ja"].startswith(f"保存できません：{tmp_path / 't.yaml'}: ディスクに空きがありません。")
    # once the disk has room, the game plays on as if the failure never was
    while twin.match.to_act() is not None:
        take_turn(session, token)
        take_turn(twin, twin_token)
    assert session.match.to_act() is None
    assert session.save.read_bytes() == twin.save.read_bytes()


def test_a_save_folder_removed_is_made_again_and_one_in_the_way_stops_the_move(tmp_path):
    folder = tmp_path / "play"
    session, _ = open_session(Match(make_context("tour-de-dice"), 2, None, 5), (0,), folder / "t.yaml")
    token = session.seats.host_token()
    for _ in range(3):
        take_turn(session, token)
    shutil.rmtree(folder)
    take_turn(session, token)
    assert session.save.read_text(encoding="utf-8") == session.match.log_text()
    shutil.rmtree(folder)
    folder.write_text("in the way\n", encoding="utf-8")
    version, log = session.version, session.match.log_text()
    with pytest.raises(SaveFailed) as failed:
        take_turn(session, token)
    assert session.version == version and session.match.log_text() == log
    assert str(failed.value).startswith(f"cannot save the game: {folder / 't.yaml'}: cannot make the output "
                                        f"folder: {folder} is a file. The table has stopped at move {version + 1}")


def test_a_save_that_cannot_be_written_is_refused_before_the_table_opens(project, monkeypatch):
    served = []
    monkeypatch.setattr("kit.play.command.serve", lambda *args, **kwargs: served.append(args))
    (project / "output").mkdir()
    (project / "output" / "play").write_text("not a folder\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["play", "--game", "tour-de-dice", "--no-browser", "--port", "0"])
    assert result.exit_code == 2 and result.stdout == "" and not served
    assert result.stderr == ("output/play/tour-de-dice-seed1.yaml: cannot make the output folder: "
                             "output/play is a file\n")
