"""`kit build --game G --watch`: build, then rebuild each time a file under data/G/ or
layouts/ is saved, until Ctrl-C.

watchfiles (MIT; the OS's file events through Rust's notify) tells us when files change,
so nothing polls by hand. A build that fails prints its `file:line: message` and the
watch goes on; outputs are written atomically (kit.output), so a PDF viewer open on
cards.pdf sees the old file or the new one, never half of one.

The watch keeps one `kit.memo.Memo` for its whole run: the parsed map and fonts stay
loaded, and each build step (a product, karuta's slot relaxation and board plan) is
redone only when a value it read last time has changed, so a furigana edit redraws the
cards and the card-size sampler, not the board. A product whose bytes are unchanged is
not rewritten. Each rebuild says which steps ran and which files it wrote.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Callable

from kit.errors import KitError
from kit.memo import Memo, remembering


def summary(memo: Memo, seconds: float) -> str:
    """One line: the steps a rebuild ran, those it kept, the files it replaced."""
    ran = ", ".join(memo.ran) or "nothing"
    kept = f"; kept {', '.join(memo.reused)}" if memo.reused else ""
    wrote = ", ".join(Path(p).name for p in memo.changed) or "no file changed"
    return f"rebuilt {ran}{kept} in {seconds:.2f} s; wrote {wrote}"


def saved_names(changes) -> list[str]:
    """The names of a batch's changed files worth a rebuild: those still there, and YAML files
    that were deleted. A temporary file an editor or `sed -i` wrote and renamed away is gone
    by the time the batch arrives, so a batch of those alone rebuilds nothing."""
    return sorted({Path(p).name for _, p in changes if Path(p).exists() or Path(p).suffix in (".yaml", ".yml")})


def watch(paths: list[Path], build: Callable[[], object], report: Callable[[str], None],
          stop_event=None, debounce_ms: int = 50, memo: Memo | None = None,
          incremental: bool = True) -> int:
    """Build once, then after every batch of saves under `paths`; returns the builds run.

    `build` raises KitError for bad data; `report` shows a line. Stops when `stop_event`
    is set or on Ctrl-C (no traceback). `memo` (a new one by default) keeps the steps'
    results between builds; `incremental=False` rebuilds everything each time.
    """
    import watchfiles

    memo = memo if memo is not None else Memo()

    def once() -> None:
        started = time.perf_counter()
        memo.begin()
        try:
            with remembering(memo if incremental else None):
                build()
        except KitError as err:
            report(str(err) if err.where else f"error: {err}")
            report("still watching: fix the file and save it again")
            return
        if incremental:
            report(summary(memo, time.perf_counter() - started))

    once()
    builds = 1
    report(f"watching {', '.join(str(p) for p in paths)} (Ctrl-C stops)")
    for changes in watchfiles.watch(*paths, stop_event=stop_event, debounce=debounce_ms, step=20,
                                    raise_interrupt=False, yield_on_timeout=False):
        saved = saved_names(changes)
        if not saved:
            continue
        report(f"saved {', '.join(saved)}: rebuilding")
        once()
        builds += 1
    return builds
