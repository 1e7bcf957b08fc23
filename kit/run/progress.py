"""Progress bars for long work: shown on a terminal, silent when piped."""

from __future__ import annotations

import sys
import threading
from contextlib import contextmanager

# tqdm is imported only for a bar that shows: it takes a twentieth of a second to import
# (it reads its own package metadata), which every command piped or run from a script
# would otherwise pay for nothing.


def progress(total: int, desc: str, enabled: bool | None = None):
    """A tqdm bar on stderr, disabled unless stderr is a terminal."""
    if enabled is None:
        enabled = sys.stderr.isatty()
    if not enabled:
        return _Quiet()
    from tqdm import tqdm
    return tqdm(total=total, desc=desc, unit="game", leave=False, file=sys.stderr)


class _Quiet:
    """A bar that is not shown: what a disabled tqdm bar does, without tqdm."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def update(self, n: int = 1) -> None:
        pass

    def refresh(self) -> None:
        pass

    def close(self) -> None:
        pass


# Long work shows its bar only once it has run this long: a quick build stays quiet.
DELAY = 1.5
_current: list = []  # the bar of the work in progress, innermost last


@contextmanager
def activity(desc: str, unit: str = "page", enabled: bool | None = None, file=None, delay: float = DELAY):
    """A counting bar for work of unknown length (a build's pages), advanced by tick();
    on stderr after `delay` seconds, and only when stderr is a terminal."""
    file = file or sys.stderr
    if enabled is None:
        enabled = file.isatty()
    if enabled:
        from tqdm import tqdm
        bar = tqdm(desc=desc, unit=unit, leave=False, file=file, delay=delay)
    else:
        bar = _Quiet()
    _current.append(bar)
    done = threading.Event()
    if enabled:  # redraw twice a second, so the clock runs through long steps that make no page
        threading.Thread(target=_redraw, args=(bar, done, delay), daemon=True).start()
    try:
        yield bar
    finally:
        done.set()
        _current.remove(bar)
        bar.close()


def _redraw(bar, done, delay: float) -> None:
    if done.wait(delay):
        return
    while not done.wait(0.5):
        bar.refresh()


def tick(n: int = 1) -> None:
    """One more unit of the work in progress, if any (Pdf.show_page calls it per page)."""
    if _current:
        _current[-1].update(n)
