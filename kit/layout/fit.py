"""Whether each piece fits where it sits: a standee on a ring space, a marker on a track slot,
a sticker on a die, a card on its slot.

A piece's layout entry names its place (`sits_on: PLACE` under `pieces:` in
layouts/GAME.yaml); the game measures its places from what it draws (`Place`: the room a
piece has on it, how many pieces it holds at once, and how far apart neighbouring places
are) and its pieces' footprints (a standee stands on its base, not its whole strip). `misfits`
returns every piece that does not fit its place, or whose neighbours on neighbouring places
would collide, naming both sizes at the piece's line in the layout.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from kit.data.errors import KitError, did_you_mean

GAP = 1.0          # mm a piece keeps from its neighbour on the same or the next place


@dataclass(frozen=True)
class Place:
    name: str
    width: float                  # mm: the room a piece has on it
    height: float
    pitch: float | None = None    # mm between neighbouring places' centres (None: no neighbour near)
    holds: int = 1                # pieces on it at once (two merchants in one mountain town)
    what: str = ""                # what it is, for messages ("a ring space's disc")


def fits(n: int, w: float, d: float, place: Place) -> bool:
    """Whether n footprints w × d fit the place in some grid, either way round."""
    for cols in range(1, n + 1):
        rows = math.ceil(n / cols)
        a, b = cols * w + (cols - 1) * GAP, rows * d + (rows - 1) * GAP
        if (a <= place.width + 1e-9 and b <= place.height + 1e-9) or (b <= place.width + 1e-9
                                                                       and a <= place.height + 1e-9):
            return True
    return False


def misfits(layout, places: dict[str, Place], footprints: dict[str, tuple[float, float]]) -> list[KitError]:
    """Every piece with a `sits_on:` that does not fit its place, or collides with the next."""
    out = []
    for piece in layout.pieces:
        if not piece.sits_on:
            continue
        where = piece.sits_where
        for name in piece.sits_on:
            place = places.get(name)
            if place is None:
                out.append(KitError(f"{piece.name} sits_on {name!r}: no such place{did_you_mean(name, places)}; "
                                    f"the places are {', '.join(places)}", where))
                continue
            w, d = footprints.get(piece.name, (piece.width, piece.height))
            size = f"{piece.name} ({w:g} × {d:g} mm" + ("" if (w, d) == (piece.width, piece.height)
                                                       else f" standing, of {piece.width:g} × {piece.height:g}") + ")"
            room = f"{place.what or name} ({place.width:g} × {place.height:g} mm)"
            if not fits(place.holds, w, d, place):
                out.append(KitError(f"{size} does not fit {room}" if place.holds == 1 else
                                    f"{place.holds} × {size} do not fit {room}", where))
            elif place.pitch is not None and min(w, d) + GAP > place.pitch + 1e-9:
                out.append(KitError(f"{size} on {room} {place.pitch:g} mm apart collides with its neighbour: "
                                    f"it needs {min(w, d) + GAP:g} mm between places' centres", where))
    return out
