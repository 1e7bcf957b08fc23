"""shikoku-duo rule options (data/shikoku-duo/rules.yaml sets them, --rule overrides one).

Where the rules text is open, the engine names a reading here with a documented default.
"""

from __future__ import annotations

from kit.options import Option

SPEC: tuple[Option, ...] = ()
