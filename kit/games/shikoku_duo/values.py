"""shikoku-duo as plain values: the board, its spaces, towns and regions, the components,
the whole game, and the bounds its data is checked against (every count the pieces print).

Everything the engine needs is plain tuples, frozensets and MappingProxyType; drawing
shapes are coordinate tuples, so unpickling a model never needs shapely."""

from __future__ import annotations

import copyreg
from dataclasses import dataclass, field
from types import MappingProxyType



CHARACTERS = ("pilgrim", "merchant", "artist")
KINDS = ("temple", "garden", "hot_spring", "seashore", "town")
ICONS = ("mountain", "flower", "wave", "temple")     # the painting icons board.py can draw
EFFECTS = ("pilgrim_plus", "pilgrim_minus", "draw_plus", "sell_plus", "paint_plus", "paint_path")

# Fixed by the rules text, not by the designer.
RING_SPACES = 37
COASTAL_TOWNS = 8
MOUNTAIN_TOWNS = 4
REGIONS = 8
SHIKOKU = ("阿波", "讃岐", "伊予", "土佐")     # the provinces of the island the board is
PAINTING_TYPES = 4
MOUNTAIN_VALUES = (2, 3, 4)
SHRINE_SLOTS = 9          # the shrine track is full at slot 9
GARDEN_SLOTS = 6
SLABS = 6
PAINTINGS = 10            # tiles per player, and artist board slots
WAVE_SIDES = 2            # per character

# Bounds no real game comes near. The engine tabulates every path of up to (the largest die
# face + the pilgrim_plus amount) steps, a table that grows about threefold a step: a face
# or an amount of 40 would take minutes, of 10**20 for ever. Pieces are printed and put in
# a bag: a count of 10**9 would fill the memory.
DIE_FACES = (1, 6)        # the faces of an ordinary six-sided die
WAVE_AMOUNT = (0, 3)      # a wave tile changes a roll or a sale by a little, never the whole turn
GOODS_COUNT = (1, 100)    # goods of one kind in the bag
MAX_GOODS = 300           # goods in the bag in all (a few hundred pieces is a big box)
# Copper is counted on a track of 0..copper_max and 10 become a gold slab at once
# (rules.COPPER_PER_SLAB), so the track, a town's coins and a good's price stay under 10;
# the hold and the copper track are rows of printed slots: a hold of 10**9 could not be drawn.
COPPER = (1, 9)           # copper_max
TOWN_COINS = (1, 9)       # copper a pilgrim earns in a coastal town
SHOP_VALUE = (1, 9)       # copper a shop pays for one good
HOLD = (1, 10)            # goods a merchant may hold (the rules' hold is 5)
SCORE = (0, 999)          # a value printed in a track's or a slab's slot

FILES = ("board.yaml", "components.yaml", "waves.yaml")
EPS = 1e-6                # map units: a point "on" a line
CRACK = 1.0               # map units: gaps between provinces' paths narrower than 2× this are sealed


Point = tuple[float, float]

# A MappingProxyType is a read-only view and will not pickle by itself; the model is sent to
# simulation workers, so it pickles as the proxy of a copy of its mapping.
def frozen(mapping) -> MappingProxyType:
    return MappingProxyType(dict(mapping))


copyreg.pickle(MappingProxyType, lambda m: (frozen, (dict(m),)))


@dataclass(frozen=True)
class Space:
    index: int                 # 0 = the start, then clockwise
    name: str
    kind: str                  # one of KINDS
    town: str | None           # the town id for a coastal town, else None
    point: Point               # map units (y down)
    reading: str = ""
    romaji: str = ""


@dataclass(frozen=True)
class Town:
    id: str
    name: str
    kind: str                  # coastal | mountain
    value: int | None          # goods drawn (mountain), None (coastal)
    ring_index: int | None     # its ring space (coastal), None (mountain)
    point: Point
    reading: str = ""
    romaji: str = ""


@dataclass(frozen=True)
class Region:
    id: str
    painting: str                   # a painting type id
    point: Point                    # the named place inside it
    spaces: frozenset               # ring indices around it
    towns: frozenset                # town ids on its edge
    neighbours: frozenset           # region ids sharing a route segment with it
    name: str = ""
    romaji: str = ""
    polygon: tuple = ()             # its outline, map units (drawing only)


@dataclass(frozen=True)
class Board:
    ring: tuple                     # Space, clockwise from the start
    towns: MappingProxyType         # id -> Town (coastal in ring order, then mountain)
    routes: tuple                   # (town id, town id)
    regions: tuple                  # Region, in board.yaml's order
    outline: tuple                  # Shikoku's coast, map units (drawing only)
    ring_line: tuple                # the ring's path, map units, clockwise from the start
    map_path: str = ""


@dataclass(frozen=True)
class PaintingType:
    id: str
    name: str
    icon: str
    romaji: str = ""


@dataclass(frozen=True)
class Shop:
    kind: str                  # a goods kind
    value: int                 # copper per good sold


@dataclass(frozen=True)
class WaveSide:
    id: str
    character: str
    name: str
    name_en: str
    text: str
    effect: str                # one of EFFECTS
    amount: int
    text_en: str = ""          # `text` in English


@dataclass(frozen=True)
class Components:
    dice: MappingProxyType          # character -> 6 faces
    goods: MappingProxyType         # kind -> count
    goods_names: MappingProxyType   # kind -> name
    shops: tuple
    town_coins: int
    shrine_track: tuple             # values of slots 0..9
    garden_track: tuple             # values of slots 0..6
    slabs: tuple                    # 6 values, leftmost first
    artist_slots: tuple             # 10 values, left to right, top row first
    painting_types: tuple
    paintings: tuple                # 10 painting type ids (one player's tiles)
    hold: int
    copper_max: int
    waves: tuple                    # 6 WaveSide, two per character
    minutes: tuple = ()             # (least, most) minutes a game takes at the table


@dataclass(frozen=True)
class ShikokuDuo:
    board: Board
    components: Components
    rules: MappingProxyType = field(default_factory=lambda: MappingProxyType({}))
    where: MappingProxyType = field(default_factory=lambda: MappingProxyType({}))  # (kind, key) -> Where
    warnings: tuple = ()            # Warning_ found while loading (not errors: the game still plays)
