"""A small hand-made shikoku-duo world for the engine's tests (not Shikoku: a ring of 37
spaces with 8 coastal towns, 4 mountain towns and 8 regions), built from plain values of
the model's shape so the engine is tested apart from the real data."""

from __future__ import annotations

from types import MappingProxyType, SimpleNamespace as NS

from kit.games.shikoku_duo.options import SPEC
from kit.data.options import load_options

COASTAL_AT = (3, 8, 12, 17, 21, 26, 30, 34)     # ring spaces of towns c0..c7
HOT = 15
SEASHORE = (5, 19, 28, 36)
GARDENS = (2, 7, 10, 14, 23, 32)
MOUNTAIN_VALUES = (2, 3, 4, 3)                   # m0..m3


def kind_of(i: int) -> str:
    if i in COASTAL_AT:
        return "town"
    if i == HOT:
        return "hot_spring"
    if i in SEASHORE:
        return "seashore"
    if i in GARDENS:
        return "garden"
    return "temple"


def world(waves=("pilgrim_plus", "pilgrim_minus", "draw_plus", "sell_plus", "paint_plus", "paint_path"),
          mountain_links=True, **rules):
    ring = tuple(NS(index=i, name=f"s{i}", kind=kind_of(i),
                    town=f"c{COASTAL_AT.index(i)}" if i in COASTAL_AT else None, point=(i, 0))
                 for i in range(37))
    towns = {f"c{k}": NS(id=f"c{k}", name=f"c{k}", kind="coastal", value=None, ring_index=at, point=(0, 0))
             for k, at in enumerate(COASTAL_AT)}
    towns.update({f"m{k}": NS(id=f"m{k}", name=f"m{k}", kind="mountain", value=v, ring_index=None, point=(0, 0))
                  for k, v in enumerate(MOUNTAIN_VALUES)})
    routes = [(f"c{k}", f"c{(k + 1) % 8}") for k in range(8)]
    for k in range(4 if mountain_links else 0):
        routes += [(f"m{k}", f"c{2 * k}"), (f"m{k}", f"c{2 * k + 1}"), (f"m{k}", f"m{(k + 1) % 4}")]
    regions = []
    for k in range(8):
        lo, hi = COASTAL_AT[k], COASTAL_AT[(k + 1) % 8]
        spaces = frozenset(range(lo, hi + 1) if hi > lo else list(range(lo, 37)) + list(range(0, hi + 1)))
        regions.append(NS(id=f"r{k}", painting=f"p{k % 4}", point=(0, 0), spaces=spaces,
                          towns=frozenset({f"c{k}", f"c{(k + 1) % 8}", f"m{k // 2}"}),
                          neighbours=frozenset({f"r{(k - 1) % 8}", f"r{(k + 1) % 8}"}
                                               | ({f"r{(k + 4) % 8}"} if k % 2 == 0 else set()))))
    board = NS(ring=ring, towns=MappingProxyType(towns), routes=tuple(routes), regions=tuple(regions), outline=None)
    chars = ("pilgrim", "merchant", "artist")
    sides = [NS(id=f"w{i}", character=chars[i // 2], name=e, name_en=e, text=e, effect=e,
                amount=None if e == "paint_path" else 1) for i, e in enumerate(waves)]
    comp = NS(
        dice=MappingProxyType({"pilgrim": (1, 2, 2, 3, 3, 4), "merchant": (1, 1, 2, 2, 3, 3),
                               "artist": (1, 1, 2, 2, 3, 3)}),
        goods=MappingProxyType({"tea": 7, "salt": 7, "indigo": 6, "paper": 6}),
        goods_names=MappingProxyType({"tea": "茶", "salt": "塩", "indigo": "藍", "paper": "和紙"}),
        shops=tuple(NS(kind=("tea", "salt", "indigo", "paper")[k % 4], value=(2, 3)[k // 4]) for k in range(8)),
        town_coins=2,
        shrine_track=(0, 1, 2, 3, 4, 5, 6, 7, 8, 9),
        garden_track=(1, 1, 2, 2, 3, 3, 4),
        slabs=(2, 5, 9, 14, 20, 27),
        artist_slots=(1, 2, 3, 5, 7, 9, 12, 15, 19, 24),
        painting_types=tuple(NS(id=f"p{k}", name=f"p{k}", icon=f"p{k}") for k in range(4)),
        paintings=("p0", "p1", "p2", "p3", "p0", "p1", "p2", "p3", "p0", "p1"),
        hold=5, copper_max=9, waves=tuple(sides))
    options = load_options(SPEC, None, [(k, str(v)) for k, v in rules.items()])
    return NS(board=board, components=comp, rules=options)
