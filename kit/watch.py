"""`kit build --game G --watch`: build, then rebuild each time a file under data/G/ or
layouts/ is saved, until Ctrl-C.

watchfiles (MIT; the OS's file events through Rust's notify) tells us when files change,
so nothing polls by hand. A build that fails prints its `file:line: message` and the
watch goes on; outputs are written atomically (kit.output), so a PDF viewer open on
cards.pdf sees the old file or the new one, never half of one.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from kit.errors import KitError


def watch(paths: list[Path], build: Callable[[], object], report: Callable[[str], None],
          stop_event=None, debounce_ms: int = 50) -> int:
    """Build once, then after every batch of saves under `paths`; returns the builds run.

    `build` raises KitError for bad data; `report` shows a line. Stops when `stop_event`
    is set or on Ctrl-C (no traceback).
    """
    import watchfiles

    def once() -> None:
        try:
            build()
        except KitError as err:
            report(str(err) if err.where else f"error: {err}")
            report("still watching: fix the file and save it again")

    once()
    builds = 1
    report(f"watching {', '.join(str(p) for p in paths)} (Ctrl-C stops)")
    for changes in watchfiles.watch(*paths, stop_event=stop_event, debounce=debounce_ms, step=20,
                                    raise_interrupt=False, yield_on_timeout=False):
        saved = sorted({Path(p).name for _, p in changes})
        report(f"saved {', '.join(saved)}: rebuilding")
        once()
        builds += 1
    return builds
