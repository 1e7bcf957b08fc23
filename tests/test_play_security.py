"""The web table trusts no browser: forged moves, moves for another seat, wrong tokens, paths
outside the static folder and moves at a table stopped by a failed save are refused, and the game
is left as it was."""

import json
import os

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from kit.games.karuta.table import Match
from kit.play.server import Table
from kit.play.session import Seats, Session
from kit.games import make_context

from browser import disk_full
from conftest import MAP


@pytest.fixture
def table(tmp_path):
    ctx = make_context("karuta", map_option=os.environ.get("KIT_MAP") or str(MAP))
    session = Session(Match(ctx, 2, None, 3), Seats.new((0, 1)), tmp_path / "karuta-seed3.yaml")
    session.write()
    return Table(session, pace=0.0)


def _state(ws):
    return json.loads(ws.receive_text())


def _move(ws, steps, version=0):
    ws.send_text(json.dumps({"type": "move", "steps": steps, "version": version}))
    return _state(ws)


def test_a_forged_move_is_refused(table):
    host = table.session.seats.host_token()
    with TestClient(table.app()) as client, client.websocket_connect(f"/ws?t={host}") as ws:
        legal = _state(ws)["legal"]
        assert legal
        for forged in (["武蔵", "武蔵"], ["蝦夷"], [legal[0]["steps"][0], "琉球"], "武蔵", [{"x": 1}], None):
            answer = _move(ws, forged)
            assert answer["type"] == "refused" and answer["version"] == 0
        ws.send_text("not json")
        assert _state(ws)["type"] == "refused"
    assert table.session.version == 0 and table.session.match.turns == []
    assert "turns: []" in table.session.save.read_text(encoding="utf-8")


def test_a_seat_cannot_move_for_another(table):
    seats = table.session.seats.seat_tokens()
    to_act = table.session.match.to_act()
    other = seats[1 - to_act]
    with TestClient(table.app()) as client, client.websocket_connect(f"/ws?t={other}") as ws:
        view = _state(ws)
        assert view["legal"] == [] and view["seat"] == 1 - to_act
        steps = table.session.match.legal()[0]["steps"]     # a legal move, but not this seat's
        answer = _move(ws, steps)
        assert answer["type"] == "refused" and f"seat {to_act + 1}'s turn" in answer["message"]["en"]
        assert f"席{to_act + 1}の番" in answer["message"]["ja"]
    with TestClient(table.app()) as client, client.websocket_connect("/ws") as ws:   # a spectator
        view = _state(ws)
        assert view["game"]["hand"] == [] and view["seat"] is None
        assert _move(ws, steps)["message"] == {"en": "a spectator cannot move", "ja": "観戦者は手を指せません"}
    assert table.session.version == 0
    with TestClient(table.app()) as client, client.websocket_connect(f"/ws?t={seats[to_act]}") as ws:
        _state(ws)
        assert _move(ws, steps)["type"] == "state"
    assert table.session.version == 1


def test_a_wrong_token_is_refused(table):
    with TestClient(table.app()) as client:
        assert client.get("/?t=forged").status_code == 403
        with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect("/ws?t=forged") as ws:
            ws.receive_text()
        assert closed.value.code == 4403
        assert client.get("/").status_code == 200          # spectators are welcome, read-only


def test_no_path_outside_the_static_folder(table):
    with TestClient(table.app()) as client:
        assert client.get("/static/table.js").status_code == 200
        for path in ("/static/../server.py", "/static/%2e%2e/server.py", "/static/..%2fserver.py",
                     "/static/%2e%2e%2f%2e%2e%2fsession.py", "/static//etc/passwd", "/static/../../../pyproject.toml"):
            answer = client.get(path)
            assert answer.status_code == 404, path
            assert "import" not in answer.text and "root:" not in answer.text


def test_a_table_stopped_by_a_failed_save_takes_no_move(table, monkeypatch):
    host = table.session.seats.host_token()
    saved = table.session.save.read_bytes()
    with TestClient(table.app()) as client, client.websocket_connect(f"/ws?t={host}") as ws:
        steps = _state(ws)["legal"][0]["steps"]
        disk_full(monkeypatch)
        stopped = _move(ws, steps)
        assert stopped["type"] == "state" and stopped["legal"] == [] and stopped["version"] == 0
        assert stopped["error"]["en"].startswith("cannot save the game: ")
        monkeypatch.undo()      # the disk has room again, but the table stays stopped until restarted
        answer = _move(ws, steps)
        assert answer["type"] == "refused" and answer["message"] == stopped["error"] and answer["legal"] == []
    assert table.session.version == 0 and table.session.match.turns == []
    assert table.session.save.read_bytes() == saved
