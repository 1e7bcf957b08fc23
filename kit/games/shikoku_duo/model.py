"""The shikoku-duo data: the board round Shikoku and the pieces, as plain values.

`load(data_dir, overrides, map_path)` reads data/shikoku-duo/*.yaml, checks every rule
that can be checked without a paper size, computes the board's geometry from the
province map, and returns an immutable `ShikokuDuo`. Errors name the file and line;
all the independent ones are reported together.

How the board is computed (the designer types places, never coordinates or regions):
- Shikoku is the largest part of the union of the provinces named in board.yaml; the
  small islands (小豆島 and the like) are dropped, and so are the map's slivers between
  provinces (holes).
- Longitude/latitude become map units by the affine map that sends three capes, typed in
  board.yaml, to the outline's westmost, eastmost and southmost points.
- The ring line runs in the sea at `ring.offset` map units from the coast, with bays and
  capes smoothed over (`ring.smoothing`), clockwise as seen on the map (east coast
  southwards first). Spaces with `at:` sit where their place projects onto the line; the
  spaces between two such anchors are spaced evenly along the line.
- Coastal towns are their ring spaces; a trade route is the straight segment between
  its towns' points, so a route from a coastal town crosses the coast.
- The artist regions are the faces that the coast and the routes cut the island into
  (shapely's polygonize); each takes the painting type of the one named place inside it.
  A region's spaces are the ring spaces along its coast: those between two coastal towns
  belong to the one region both towns bound, and a coastal town's space to every region
  its routes bound; its towns are those on its edge; its neighbours are
  the regions sharing a stretch of route with it (meeting at a town point is not enough).

Everything the engine needs is plain tuples, frozensets and MappingProxyType; drawing
shapes are coordinate tuples, so unpickling a model never needs shapely. That is also how
the computed board is kept in output/cache/ between runs (see _board): a run whose
board.yaml, map, code and libraries are unchanged reads it back without the map or shapely.
"""


from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

from kit.data.errors import Collector, did_you_mean
from kit.data.options import load_options
from kit.data.yamlload import require_files
from kit.data.project import find_map
from kit.games.shikoku_duo.options import SPEC as RULE_SPEC
from kit.games.shikoku_duo.boardcache import kept_board
from kit.games.shikoku_duo.reading import read_board, read_components, read_waves
from kit.games.shikoku_duo.values import FILES, ShikokuDuo


def default_map_path(data_dir: Path) -> Path:

    return find_map(None, None, Path(data_dir).resolve().parent.parent)


def load(data_dir, overrides=(), map_path=None) -> ShikokuDuo:
    """Read data/shikoku-duo/*.yaml and the map into a checked ShikokuDuo value."""

    data_dir = require_files(data_dir, FILES)
    errors = Collector()
    where: dict = {}
    raw = read_board(data_dir / "board.yaml", errors)
    components = read_components(data_dir / "components.yaml", errors, where)
    waves = read_waves(data_dir / "waves.yaml", errors)
    types = {t.id for t in components.painting_types}
    for f, _, w, pw in raw[7]:
        if types and f["painting"] not in types:
            errors.error(f"unknown painting type {f['painting']!r}{did_you_mean(f['painting'], types)}", pw)
    errors.raise_if_any()

    board, store = kept_board(data_dir, str(map_path or default_map_path(data_dir)), raw, errors, where)
    errors.raise_if_any()
    by_id = {r.id: r for r in board.regions}
    for r in board.regions:
        for n in sorted(r.neighbours):
            if n > r.id and by_id[n].painting == r.painting:
                errors.warn(f"neighbouring regions {r.name} and {by_id[n].name} both show {r.painting}: "
                            "on the board they read as one", where[("painting", r.id)])
    used = {r.painting for r in board.regions}
    for t in components.painting_types:
        if t.id not in used:
            errors.error(f"painting type {t.id} is shown by no region; every type needs a region",
                         where[("painting_type", t.id)])
    errors.raise_if_any()
    rules = load_options(RULE_SPEC, data_dir / "rules.yaml", overrides)
    _check_starts(rules, board)
    store()     # only once the whole data has been accepted: a refused load writes nothing
    components = replace(components, waves=waves)
    return ShikokuDuo(board, components, rules, MappingProxyType(where), tuple(errors.warnings))


def _check_starts(rules, board) -> None:
    """start_town and start_region name a town and a region of the board (empty: the default)."""
    for key, known, what in (("start_town", list(board.towns), "town"),
                             ("start_region", [r.id for r in board.regions], "region")):
        value = rules[key]
        if value and value not in known:
            raise rules.refuse(key, f"no {what} of board.yaml has this id{did_you_mean(value, known)}; "
                                    f"{what}s: {', '.join(known)}")
