"""`kit play --game G`: what every game's play command does once its table is open."""

from __future__ import annotations

import socket
import threading
import webbrowser
from pathlib import Path

import click

from kit.data.errors import KitError
from kit.draw import fonts
from kit.play.server import PACE, Table, serve
from kit.play.session import Seats, Session


def human_seats(seat: str | None, players: int) -> tuple[int, ...]:
    """`--seat 1,3` as 0-based seats; `--seat 0` for none."""
    text = "1" if seat is None else seat.replace(" ", "")
    if text == "0":
        return ()
    out = []
    for part in text.split(","):
        if not part.isdecimal() or not 1 <= int(part) <= players:
            raise KitError(f"--seat: {part!r} is no seat of a {players}-player game; give seats 1 to "
                           f"{players}, comma-separated, or 0 for none")
        if int(part) - 1 in out:
            raise KitError(f"--seat: seat {part} is given twice")
        out.append(int(part) - 1)
    return tuple(sorted(out))


def save_path(root: Path, game: str, seed: int) -> Path:
    return root / "output" / "play" / f"{game}-seed{seed}.yaml"


def open_session(match, humans: tuple[int, ...], save: Path) -> tuple[Session, str]:
    """The saved game at `save` played on when it is this one and not over, else a new game in
    the first free file beside it; and a line saying which."""
    candidate, k = save, 1
    while candidate.exists():
        resumed = Session.resume(match, candidate, humans)
        if resumed is not None:
            resumed.check_save()
            return resumed, f"resuming {candidate} at move {resumed.version + 1}"
        k += 1
        candidate = save.with_name(f"{save.stem}-{k}{save.suffix}")
        match = match.fresh()
    session = Session(match, Seats.new(humans), candidate)
    session.write()
    return session, f"saving the game to {candidate}"


def links(session: Session, host: str, port: int) -> list[str]:
    shown = host
    if host in ("0.0.0.0", "::"):
        shown = _lan_address()
    base = f"http://{shown}:{port}/"
    out = []
    host_token = session.seats.host_token()
    out.append(f"table: {base}?t={host_token}" if host_token else f"table: {base}")
    if len(session.seats.humans) > 1:          # one person's own link would be the table's again
        for seat, token in sorted(session.seats.seat_tokens().items()):
            out.append(f"seat {seat + 1}'s own link: {base}?t={token}")
    out.append(f"spectators: {base}")
    return out


def _lan_address() -> str:
    """This machine's address on its network (where a phone would reach it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))     # no packet is sent: this only picks the outgoing interface
            return s.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def play_command(ctx, match, seat, port, host, no_browser, pace: float = PACE) -> str:
    humans = human_seats(seat, match.players)
    session, note = open_session(match, humans, save_path(ctx.root, match.game, match.seed))
    table = Table(session, pace, fonts.font_path(ctx.font))

    def ready(server):
        bound = server.servers[0].sockets[0].getsockname()[1] if server.servers else port
        shown = links(session, host, bound)
        click.echo(note)
        for line in shown:
            click.echo(line)
        click.echo("Ctrl-C stops the server; the game is saved after every move.")
        if not no_browser:
            webbrowser.open(shown[0].split(": ", 1)[1])
    try:
        serve(table, host, port, ready)
    except KeyboardInterrupt:       # Ctrl-C: the game is saved already
        pass
    except OSError as err:
        raise KitError(f"--port {port}: {err.strerror or err}") from None
    return f"log: {session.save}"


def start_thread(table: Table, host: str = "127.0.0.1", port: int = 0):
    """Serve `table` in a background thread (tests, benchmarks): (server, base URL)."""
    started = threading.Event()
    box = {}

    def ready(server):
        box["server"] = server
        started.set()
    threading.Thread(target=serve, args=(table, host, port, ready), daemon=True).start()
    if not started.wait(20):
        raise RuntimeError("the table's server did not start")
    server = box["server"]
    bound = server.servers[0].sockets[0].getsockname()[1]
    return server, f"http://{host}:{bound}/"
