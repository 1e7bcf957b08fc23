"""The karuta data joined to the map: each province's shape and anchor."""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from kit.data.errors import Collector, did_you_mean
from kit.layout.svgmap import Map, load_map

from kit.games.karuta.model import Karuta, load


@dataclass(frozen=True)
class Board:
    """The map's provinces keyed by kanji (in card order), with the map's size."""

    width: float
    height: float
    regions: MappingProxyType      # kanji -> svgmap.Region (shape, anchor)
    map_path: str


def join(model: Karuta, world: Map) -> Board:
    """Match every province's map_id to a path of the map; unknown ids are errors."""
    errors = Collector()
    regions = {}
    for p in model.provinces:
        if p.map_id not in world.regions:
            errors.error(f"map id {p.map_id!r} of {p.kanji} is not in the map {world.path}"
                         f"{did_you_mean(p.map_id, world.regions)}", model.where[("map_id", p.kanji)])
            continue
        regions[p.kanji] = world.regions[p.map_id]
    errors.raise_if_any()
    return Board(world.width, world.height, MappingProxyType(regions), world.path)


def board_of(model: Karuta, ctx) -> Board:
    """The board for data already loaded, from the command context's map."""
    return join(model, load_map(str(ctx.map_path())))


def load_all(ctx) -> tuple[Karuta, Board]:
    """The checked data and the board for a command context."""
    model = load(ctx.data_dir, ctx.rules)
    return model, board_of(model, ctx)
