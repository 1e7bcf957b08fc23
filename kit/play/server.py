"""The table's web server: one page, its static files, a WebSocket per browser.

Starlette on uvicorn: the ASGI stack does HTTP, WebSockets and safe static files, so kit
writes none of that. Every asset is served from this package (the page, its script and
style, the Japanese font); nothing is fetched from another host, so the table works
offline and on a phone on the same network.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import threading
import traceback
from pathlib import Path

import click
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from kit.play.session import Refused, SaveFailed, Session
from kit.play.words import both

STATIC = Path(__file__).parent / "static"
PACE = 0.8     # seconds each AI move stays on screen before the next, so a person can follow it


class Table:
    """A session served to browsers: the connections, the AI's pacing, the end's replay."""

    def __init__(self, session: Session, pace: float = PACE, font: Path | None = None):
        self.session = session
        self.pace = pace
        self.font = font
        self.sockets: dict[WebSocket, str | None] = {}
        self.lock = asyncio.Lock()
        self.driving: asyncio.Task | None = None
        self.replay: str | dict | None = None    # kit replay's report, or why there is none (both languages)
        self.error: dict | None = None      # why the table stopped (an AI or a save that failed), shown to every browser
        self.svg = session.match.board_svg()

    # --- pushing the table to every browser ------------------------------------------

    def view(self, token):
        v = self.session.view(token)
        v["replay"] = self.replay
        v["error"] = self.error
        if self.error is not None:      # a stopped table offers no move: one made now could not be kept
            v["legal"] = []
        return v

    async def unsaved(self, err: SaveFailed) -> None:
        """A move whose save failed (taken back by the session): the table stops where the save
        is, says so to every browser and prints the same line on the console."""
        self.error = err.words
        click.echo(err.words["en"], err=True)
        await self.broadcast()

    async def broadcast(self) -> None:
        for ws, token in list(self.sockets.items()):
            try:
                await ws.send_text(json.dumps({"type": "state", **self.view(token)}, ensure_ascii=False))
            except Exception:       # a browser gone mid-send: dropped, the others still served
                self.sockets.pop(ws, None)

    def drive(self) -> None:
        """Play the AI seats' moves one by one, each shown for `pace` seconds."""
        if self.driving is None or self.driving.done():
            self.driving = asyncio.get_running_loop().create_task(self._drive())

    async def _drive(self) -> None:
        while True:
            async with self.lock:
                if self.error is not None or not self.session.ai_to_move():
                    break
            await asyncio.sleep(self.pace)
            async with self.lock:
                if self.error is None and self.session.ai_to_move():
                    seat = self.session.match.to_act()
                    try:
                        await run_in_threadpool(self.session.ai_step)
                    except SaveFailed as err:
                        await self.unsaved(err)
                        return
                    except Exception as err:    # said at the table and on the console, not a silent hang
                        failed, save = f"{type(err).__name__}: {err}", self.session.save.name
                        self.error = both(f"The table stopped: seat {seat + 1}'s AI failed ({failed}). "
                                          f"The game so far is saved in {save}.",
                                          f"卓が止まりました：席{seat + 1}のAIが失敗しました（{failed}）。"
                                          f"ここまでのゲームは {save} に保存されています。")
                        traceback.print_exc()
                        await self.broadcast()
                        return
            await self.broadcast()
        await self.finish()

    async def finish(self) -> None:
        if self.session.match.to_act() is None and self.replay is None:
            self.replay = ""        # once: a second finish while this one runs does not start another
            try:
                text = await run_in_threadpool(self.session.match.replay_text, self.session.save)
            except Exception as err:    # the end screen says so rather than waiting for ever
                traceback.print_exc()
                failed, save = f"{type(err).__name__}: {err}", self.session.save.name
                text = both(f"kit replay could not place this game ({failed}); the log {save} is saved as it is.",
                            f"kit replay はこのゲームを位置づけられませんでした（{failed}）。"
                            f"記録 {save} はそのまま保存されています。")
            self.replay = text
            await self.broadcast()

    # --- routes ------------------------------------------------------------------------

    async def page(self, request: Request) -> Response:
        token = request.query_params.get("t")
        try:
            self.session.seats.seats_of(token)
        except Refused as err:
            return HTMLResponse(f"<!doctype html><title>kit play</title><p lang=\"ja\">{html.escape(err.words['ja'])}</p>"
                                f"<p lang=\"en\">{html.escape(err.words['en'])}</p>", 403)
        m = self.session.match
        page = (STATIC / "table.html").read_text(encoding="utf-8")
        return HTMLResponse(page.replace("{{title}}", html.escape(m.title))
                            .replace("{{game}}", html.escape(m.game))
                            .replace("{{board}}", self.svg))

    async def log(self, request: Request) -> Response:
        m = self.session.match
        return PlainTextResponse(m.log_text(), media_type="application/yaml; charset=utf-8", headers={
            "Content-Disposition": f'attachment; filename="{self.session.save.name}"'})

    async def font_file(self, request: Request) -> Response:
        if self.font is None:
            return PlainTextResponse("no font", 404)
        return FileResponse(self.font, media_type="font/ttf")

    async def socket(self, ws: WebSocket) -> None:
        token = ws.query_params.get("t")
        try:
            self.session.seats.seats_of(token)
        except Refused as err:
            await ws.close(code=4403, reason=str(err))
            return
        await ws.accept()
        self.sockets[ws] = token
        await ws.send_text(json.dumps({"type": "state", **self.view(token)}, ensure_ascii=False))
        try:
            while True:
                text = await ws.receive_text()
                await self.receive(ws, token, text)
        except WebSocketDisconnect:
            pass
        finally:
            self.sockets.pop(ws, None)

    async def receive(self, ws: WebSocket, token, text: str) -> None:
        try:
            message = json.loads(text)
            if not isinstance(message, dict) or message.get("type") != "move":
                raise Refused("unknown message", "不明なメッセージです")
            async with self.lock:
                if self.error is not None:
                    raise Refused(self.error["en"], self.error["ja"])
                self.session.act(token, message.get("steps"), message.get("version"))
        except SaveFailed as err:
            await self.unsaved(err)
            return
        except (Refused, ValueError) as err:
            words = err.words if isinstance(err, Refused) else both(str(err), f"受け付けられません（{err}）")
            await ws.send_text(json.dumps({"type": "refused", "message": words, **self.view(token)},
                                          ensure_ascii=False))
            return
        await self.broadcast()
        self.drive()
        await self.finish()

    def app(self) -> Starlette:
        @contextlib.asynccontextmanager
        async def lifespan(app):
            self.drive()        # a resumed game whose AI was to move plays on
            yield
        return Starlette(routes=[
            Route("/", self.page),
            Route("/log", self.log),
            Route("/font.ttf", self.font_file),
            WebSocketRoute("/ws", self.socket),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ], lifespan=lifespan)


def serve(table: Table, host: str, port: int, ready=None) -> None:
    """Serve until Ctrl-C (or `ready`'s server is told to exit); `ready(server)` is called
    once the socket listens."""
    import uvicorn
    config = uvicorn.Config(table.app(), host=host, port=port, log_level="warning", ws="websockets-sansio",
                            lifespan="on")
    server = uvicorn.Server(config)
    if ready is not None:
        def watch():
            while not server.started and not server.should_exit:
                threading.Event().wait(0.02)
            ready(server)
        threading.Thread(target=watch, daemon=True).start()
    server.run()
