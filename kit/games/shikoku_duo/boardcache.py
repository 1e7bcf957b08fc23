"""The computed board kept in PROJECT/output/cache/ between runs (kit/rebuild/cache.py), so a
run whose inputs are unchanged never reads the map or imports the geometry libraries."""

from __future__ import annotations

from pathlib import Path

from kit.rebuild import cache
from kit.data.errors import Collector, Warning_, Where, display_path
from kit.games.shikoku_duo.geometry import compute_board
from kit.games.shikoku_duo.values import Board


# compute_board's result is kept in PROJECT/output/cache/ (kit/rebuild/cache.py), keyed on board.yaml's
# bytes, the map's bytes and path, kit's code and these libraries' versions: a run whose inputs
# are unchanged reads it back and never imports kit.layout.svgmap, shapely or numpy (~0.3 s a command).
CACHE_FILE = "shikoku-duo-board.pickle"
LIBRARIES = ("shapely", "svgelements", "numpy")
MAP_KEY_BYTES = 5_000_000     # kit.layout.svgmap.MAX_MAP_BYTES: a larger map is refused there, never cached
_CACHED = frozenset(("kit.games.shikoku_duo.values", name) for name in ("Board", "Space", "Town", "Region", "frozen"))


def _nothing() -> None:
    return None


def kept_board(data_dir: Path, map_path: str, raw, errors: Collector, where: dict):
    """(compute_board's Board, a function that stores it in the cache) - from the cache when its
    inputs are unchanged. What compute_board adds to `errors` and `where` is added the same
    way from the cache: its warnings and places, in the same order, naming the same lines."""
    file, key = _cache_key(data_dir, map_path)
    # A place names its file as the user would type it, which depends on the working folder:
    # the cache names board.yaml and the map by number and they are named again on reading.
    names = (display_path(data_dir / "board.yaml"), display_path(map_path))
    hit = cache.read(file, key, _CACHED) if key else None
    if hit is not None:
        try:
            board, places, warnings = hit
            places = [(k, _place(p, names)) for k, p in places]
            warnings = [Warning_(text, _place(p, names)) for text, p in warnings]
        except (TypeError, ValueError, IndexError):     # not what this code writes: computed again
            hit = None
    if hit is not None and isinstance(board, Board):
        where.update(places)
        errors.warnings.extend(warnings)
        return board, _nothing

    from kit.layout.svgmap import load_map     # the map and shapely, loaded only when the board is computed

    before, warned = dict(where), len(errors.warnings)
    board = compute_board(raw, load_map(map_path), errors, where)
    if board is None or errors.errors or key is None:
        return board, _nothing
    value = (board,
             [(k, _unplace(w, names)) for k, w in where.items() if k not in before or before[k] != w],
             [(w.message, _unplace(w.where, names)) for w in errors.warnings[warned:]])
    return board, lambda: cache.write(file, key, value)


def _cache_key(data_dir: Path, map_path: str):
    """(the cache file, the key of compute_board's inputs); (None, None) when not cached."""
    folder = cache.folder(data_dir)
    if folder is None:
        return None, None
    try:
        board = (Path(data_dir) / "board.yaml").read_bytes()
        with open(map_path, "rb") as f:
            drawn = f.read(MAP_KEY_BYTES + 1)
    except OSError:       # load_map says what is wrong with the map
        return None, None
    if len(drawn) > MAP_KEY_BYTES:
        return None, None
    return folder / CACHE_FILE, cache.fingerprint([board, drawn, map_path], LIBRARIES)


def _unplace(where: Where | None, names: tuple):
    if where is None:
        return None
    return (names.index(where.file) if where.file in names else where.file), where.line


def _place(stored, names: tuple) -> Where | None:
    if stored is None:
        return None
    file, line = stored
    return Where(names[file] if isinstance(file, int) else file, line)
