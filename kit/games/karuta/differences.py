"""Where the rules' adjacency and the map's shapes differ: which provinces' shapes touch, and the
deliberate differences data/karuta/map_differences.yaml acknowledges (counted, not warned about).
The board marks them, the check counts them, the player aid lists them."""

from __future__ import annotations

from shapely import STRtree

from kit.data.errors import KitError, Where, display_path
from kit.data.yamlload import fields, load_yaml, require_files
from kit.games.karuta.geo import Board
from kit.games.karuta.model import Karuta

TOUCH = 0.5  # map units: the map is hand-drawn, so neighbours may miss by a hair


def touching_pairs(board: Board) -> set[frozenset[str]]:
    """Pairs of provinces whose shapes touch (within TOUCH map units)."""
    names = list(board.regions)
    shapes = [board.regions[k].shape for k in names]
    tree = STRtree(shapes)
    pairs = set()
    for i, j in zip(*tree.query(shapes, predicate="dwithin", distance=TOUCH)):
        if i < j:
            pairs.add(frozenset((names[i], names[j])))
    return pairs


ACKNOWLEDGED = "map_differences.yaml"
KINDS = {
    "neighbours_apart": "listed as neighbours, shapes apart",
    "touching_not_neighbours": "shapes touching, not neighbours",
    "highway_steps_apart": "highway steps across water",
}


def acknowledged(data_dir, model: Karuta) -> dict[str, dict[frozenset, Where]]:
    """The deliberate differences from the map listed in map_differences.yaml, by kind.

    The file is shipped data, required like the others: without it every difference
    would come back as a warning and `--strict` would fail for no change of the data.
    An empty file says there are none."""
    path = require_files(data_dir, [ACKNOWLEDGED]) / ACKNOWLEDGED
    out = {kind: {} for kind in KINDS}
    doc = load_yaml(path)
    if doc is None:
        return out
    f = fields(doc, {}, {kind: list for kind in KINDS}, what="file", where=Where(display_path(path), 1))
    for kind, items in f.items():
        for i, item in enumerate(items):
            if not (isinstance(item, list) and len(item) == 2 and all(k in model.by_kanji for k in item)):
                raise KitError(f"{kind}: write each difference as [province, province], two names from "
                               "provinces.yaml", items.at(i))
            if item[0] == item[1]:
                raise KitError(f"{kind}: [{item[0]}, {item[1]}] names one province twice; a difference from "
                               "the map is between two provinces", items.at(i))
            out[kind][frozenset(item)] = items.at(i)
    return out
