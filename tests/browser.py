"""Helpers for the web table's tests: a table served in a thread, the system's Chromium driven
by Playwright, and a person at the page who clicks legal moves until the game ends."""

from __future__ import annotations

import errno
import json
import shutil
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

from kit.draw import fonts
from kit.play.command import start_thread
from kit.play.server import Table
from kit.play.session import Seats, Session
from kit.run import files

ROOT = Path(__file__).resolve().parent.parent
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
# What the end screen says of the player's seat, in each of the page's languages.
YOU_PLAYED = {"en": "You played seat 1.", "ja": "あなたは席1を担当しました。"}


def chromium_path() -> str:
    """The system's Chromium (.ci/run installs it where it is missing)."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    assert found, "no chromium on PATH: `apt-get install -y chromium` (.ci/run does it)"
    return found


def launch(playwright):
    return playwright.chromium.launch(executable_path=chromium_path(), args=["--no-sandbox"])


def serve(match, humans: tuple[int, ...], folder: Path, pace: float = 0.0):
    """`match` at a table served on a free port: (session, server, base URL)."""
    session = Session(match, Seats.new(humans), folder / f"{match.game}-seed{match.seed}.yaml")
    session.write()
    server, base = start_thread(Table(session, pace, fonts.font_path(None)))
    return session, server, base


@contextmanager
def served(match, humans: tuple[int, ...], folder: Path, pace: float = 0.0):
    """`serve` as a `with` block yielding (session, base URL): the server stops when the block
    ends, however it ends, so a failed test never leaves a table serving."""
    session, server, base = serve(match, humans, folder, pace)
    try:
        yield session, base
    finally:
        server.should_exit = True


NEXT = """() => {
  const b = document.body.dataset;
  const sel = ["#cover:not([hidden]) #cover-show", "#hand .card.legal", "#steps button.legal", "#board [data-key].legal", "#play:not([disabled])",
               "#pass:not([hidden])"].find((s) => document.querySelector(s));
  return [b.version, sel ? sel + " >> nth=0" : null];
}"""


def click_one_move(page) -> bool:
    """Wait for the page's seat to move, then make one move by clicking: the first highlighted
    place or card, then the next until the move goes (or Play or Pass). False: the game is over."""
    page.wait_for_function("document.body.dataset.over === '1' || document.body.dataset.mine === '1'",
                           timeout=20000)
    if page.evaluate("document.body.dataset.over") == "1":
        return False
    version = page.evaluate("document.body.dataset.version")
    for _ in range(200):
        # one look at the page: the version now and the first thing to click
        now, target = page.evaluate(NEXT)
        if now != version:
            break
        if target:
            page.click(target)
        else:
            page.wait_for_timeout(10)
    page.wait_for_function(f"document.body.dataset.version !== '{version}'", timeout=20000)
    return True


def play_by_clicking(page, limit: int = 400) -> int:
    """Play the page's seat to the end by clicking. Returns the moves the page sent."""
    for _ in range(limit):
        if not click_one_move(page):
            return int(page.evaluate("document.body.dataset.sent || 0"))
    raise AssertionError(f"the game did not end within {limit} moves")


def open_page(chromium, url: str, size: dict, locale: str = "en-US"):
    """A page of the table at `url` at a viewport size, in a browser set to `locale` (the page
    speaks its language unless the address says ?lang=), and the list its script errors land in."""
    page = chromium.new_page(viewport=size, locale=locale)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    return page, errors


OVERFLOW = """() => {
  const wide = (el) => el.scrollWidth > el.clientWidth + 1;
  return [document.documentElement, ...document.querySelectorAll("header, #side, #side *, .end-box, .end-box *")]
    .filter((el) => el.tagName !== "PRE" && getComputedStyle(el).overflowX !== "auto" && wide(el))
    .map((el) => el.id || el.tagName + "." + el.className);
}"""


def overflowing(page) -> list[str]:
    """What on the page is wider than its box (Japanese words run long on a phone): none, on a page that fits."""
    return page.evaluate(OVERFLOW)


def downloaded_log(page, folder: Path, session) -> Path:
    """The end screen's log, downloaded into `folder`: byte for byte the table's own save."""
    with page.expect_download() as download:
        page.click("#download")
    log = folder / "downloaded.yaml"
    download.value.save_as(log)
    assert log.read_text(encoding="utf-8") == session.save.read_text(encoding="utf-8")
    return log


# What every game's replay report says, in each language, once the log checks.
CHECKED = {"en": "checked: every one legal", "ja": "手を確認：すべて合法"}


def play_through(chromium, match, folder: Path, size: dict, timeout: float = 60000, lang: str = "en"):
    """`match` served with seat 1 a person at a page of `size` in `lang`, who clicks legal moves
    until the game ends: every move the page sent is one of seat 1's, the end screen shows, its
    replay comes to say CHECKED in `lang` and it names seat 1 as the player's and the result in `lang`,
    nothing on the page is wider than its box, and the log it downloads is the table's save,
    with no script error on the way. Returns (session, the moves the page sent, the downloaded log)."""
    with served(match, (0,), folder) as (session, base):
        page, errors = open_page(chromium, base + "?t=" + session.seats.host_token() + "&lang=" + lang, size)
        made = play_by_clicking(page)
        assert made == sum(1 for e in session.events if e.seat == 0)
        page.wait_for_function(f"document.getElementById('replay').textContent.includes({json.dumps(CHECKED[lang])})",
                               timeout=timeout)
        assert page.locator("#end").is_visible() and page.text_content("#you") == YOU_PLAYED[lang]
        assert page.text_content("#result") == session.match.view(0)["result"][lang]
        assert not overflowing(page)
        log = downloaded_log(page, folder, session)
        assert not errors
        page.close()
    return session, made, log


def take_turn(session, token: str) -> None:
    """One move at `session`: the AI's when it is to move, else the last legal move, made with
    `token`."""
    if session.ai_to_move():
        session.ai_step()
    else:
        session.act(token, session.match.legal()[-1]["steps"])


def disk_full(monkeypatch, when=lambda: True) -> None:
    """Every file kit's writer makes fails, as on a full disk, while `when()` says so."""
    real = files._write_new

    def write_new(path, data, mode=0o666):
        if when():
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(path, data, mode)
    monkeypatch.setattr(files, "_write_new", write_new)


def kit(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    """`kit ARGS` run as a user runs it, from this checkout."""
    return subprocess.run([sys.executable, "-m", "kit", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=300)
