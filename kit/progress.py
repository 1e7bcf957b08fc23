"""Progress bars for long work: shown on a terminal, silent when piped."""

from __future__ import annotations

import sys

from tqdm import tqdm


def progress(total: int, desc: str, enabled: bool | None = None):
    """A tqdm bar on stderr, disabled unless stderr is a terminal."""
    if enabled is None:
        enabled = sys.stderr.isatty()
    return tqdm(total=total, desc=desc, unit="game", disable=not enabled, leave=False, file=sys.stderr)
