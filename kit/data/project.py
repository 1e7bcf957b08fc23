"""Where kit finds its files: data, layouts, the map, the output folder."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from kit.data.errors import KitError, display_path
from kit.data.layoutfile import Layout

PACKAGE_ROOT = Path(__file__).resolve().parents[2]
MAP_NAME = "provinces-of-japan.svg"
# The map the project ships (with its credit and licence beside it), relative to the project root.
SHIPPED_MAP = Path("data") / "maps" / MAP_NAME


# The project folder named by `kit --project DIR` for this invocation (the CLI sets it).
CHOSEN: str | None = None


def project_root() -> Path:
    """The folder holding data/ and layouts/: `--project DIR`, else KIT_PROJECT, else the
    working folder if it has them, else the one kit was installed from (see own_project)."""
    chosen = CHOSEN or os.environ.get("KIT_PROJECT")
    if chosen:
        root = Path(chosen)
        if not ((root / "data").is_dir() and (root / "layouts").is_dir()):
            origin = "--project" if CHOSEN else "KIT_PROJECT"
            raise KitError(f"{origin} {chosen}: not a kit project folder (it has no data/ and layouts/ folders)")
        return root
    cwd = Path.cwd()
    if (cwd / "data").is_dir() and (cwd / "layouts").is_dir():
        return cwd
    return PACKAGE_ROOT


def own_project() -> bool:
    """True when kit falls back to the project it was installed from (nothing chose one)."""
    return project_root() == PACKAGE_ROOT and Path.cwd().resolve() != PACKAGE_ROOT


def layout_files(root: Path, game: str, extra: Path | None = None) -> list[Path]:
    files = [root / "layouts" / "default.yaml"]
    own = root / "layouts" / f"{game}.yaml"
    if own.exists():
        files.append(own)
    if extra is not None:
        files.append(Path(extra))
    return files


def layout_map(layout: Layout | None) -> str | None:
    """The layout's `map:` setting (a game that reads the map declares it among its
    layout_settings), checked to be a path or null."""
    setting = layout.settings.get("map") if layout else None
    if setting is None or setting.value is None:
        return None
    if not isinstance(setting.value, str):
        raise KitError("map should be the path of an SVG file, or null", setting.where)
    return setting.value


def find_map(explicit: str | None, layout: Layout | None, root: Path) -> Path:
    """The map SVG: --map, then KIT_MAP, then the layout's `map:`, then the project's own
    data/maps/provinces-of-japan.svg.

    The first place that names a file decides; if that file is missing, the error
    lists every place looked in, so the user sees which setting won.
    """
    candidates = [
        ("--map", explicit),
        ("KIT_MAP", os.environ.get("KIT_MAP")),
        ("layout file map", layout_map(layout)),
        ("the project's map", str(root / SHIPPED_MAP)),
    ]
    looked = []
    for origin, value in candidates:
        if not value:
            looked.append(f"{origin}: not set")
            continue
        path = Path(value)
        if not path.is_absolute() and origin == "layout file map":
            path = root / path
        if path.is_file():
            return path
        what = "a folder" if path.is_dir() else "not a regular file" if path.exists() else "no such file"
        looked.append(f"{origin}: {display_path(path)} ({what})")
        if origin != "the project's map":
            break
    raise KitError("cannot find the map SVG; looked in:\n  " + "\n  ".join(looked))


@dataclass(frozen=True)
class Context:
    """Everything a game command needs, resolved once at the CLI edge."""

    game: str
    root: Path
    layout: Layout
    out_dir: Path
    map_option: str | None = None
    font: str | None = None
    strict: bool = False
    rules: tuple[tuple[str, str], ...] = field(default_factory=tuple)

    @property
    def data_dir(self) -> Path:
        return self.root / "data" / self.game

    def map_path(self) -> Path:
        return find_map(self.map_option, self.layout, self.root)
