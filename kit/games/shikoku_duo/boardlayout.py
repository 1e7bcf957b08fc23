"""Where the board's pieces land on paper: the map-to-mm frame, as numbers.

Pure: given the model and the board piece's sizes (layouts/shikoku-duo.yaml), the
scale and offset that fit Shikoku and its ring into the board, and the distance check
between ring spaces that `kit check` reports and board.py relies on.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from kit.games.shikoku_duo.pieces import piece
from kit.data.layoutfile import length
from kit.data.yamlload import fields
from kit.draw.tiles import glue_strip, sheet_limit


@dataclass(frozen=True)
class BoardPiece:
    """The board's sizes in mm (the `board` piece of the layout)."""

    width: float          # the whole board (one A3 sheet, or tiled)
    height: float
    border: float         # room round the ring for the names and the legend
    space: float          # a ring space's diameter
    gap: float            # least paper between two ring spaces
    town: float           # a mountain town's diameter


@dataclass(frozen=True)
class Frame:
    """Map units -> board mm (y up, origin bottom-left of the board)."""

    scale: float          # mm per map unit
    x0: float             # map x at board x = ox
    y0: float             # map y at board y = oy (map y grows downwards)
    ox: float
    oy: float

    def at(self, point) -> tuple[float, float]:
        x, y = point
        return (self.ox + (x - self.x0) * self.scale, self.oy - (y - self.y0) * self.scale)


def frame(board, piece: BoardPiece) -> Frame:
    """Fit the ring line (the outermost drawing) inside the board less its border."""
    xs = [p[0] for p in board.ring_line]
    ys = [p[1] for p in board.ring_line]
    room_w = piece.width - 2 * piece.border - piece.space
    room_h = piece.height - 2 * piece.border - piece.space
    scale = min(room_w / (max(xs) - min(xs)), room_h / (max(ys) - min(ys)))
    cx, cy = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    return Frame(scale, cx, cy, piece.width / 2, piece.height / 2)


@dataclass(frozen=True)
class TooClose:
    a: int                # ring indices (b follows a clockwise, or any pair)
    b: int
    distance: float       # mm between centres on the board
    minimum: float


def too_close(board, piece: BoardPiece) -> list[TooClose]:
    """Pairs of ring spaces whose discs would print closer than `gap` apart."""
    f = frame(board, piece)
    minimum = piece.space + piece.gap
    pts = [f.at(s.point) for s in board.ring]
    out = []
    for i in range(len(pts)):
        for j in range(i + 1, len(pts)):
            d = math.dist(pts[i], pts[j])
            if d < minimum - 1e-9:
                out.append(TooClose(i, j, round(d, 2), minimum))
    return out


def closest(board, piece: BoardPiece) -> tuple[float, int, int]:
    """The closest two ring spaces on the board: (mm, i, j)."""
    f = frame(board, piece)
    pts = [f.at(s.point) for s in board.ring]
    best = (math.inf, 0, 0)
    for i in range(len(pts)):
        for j in range(i + 1, len(pts)):
            best = min(best, (math.dist(pts[i], pts[j]), i, j))
    return (round(best[0], 2), best[1], best[2])


def board_piece(layout) -> BoardPiece:
    """The board's sizes from the named pieces of layouts/shikoku-duo.yaml:
    `board` (its size; its safe zone is the room round the ring for the names),
    `ring_space` (a space's disc; its gutter is the least paper between two discs) and
    `mountain_town` (a mountain town's disc)."""

    board, space, town = piece(layout, "board"), piece(layout, "ring_space"), piece(layout, "mountain_town")
    return BoardPiece(width=board.width, height=board.height, border=board.safe, space=space.width,
                      gap=space.gutter, town=town.width)


def tile_overlap(layout) -> float:
    """The glue strip between board sheets when the board is tiled (`board_tiles: overlap:`)."""
    return tiling(layout)[0]


def tiling(layout):
    """(the glue strip, its layout line, the board size's line) for tiling the board; a glue strip
    that leaves no room, or a board of more sheets than kit prints, refused at its line."""
    section = layout.section("board_tiles")
    fields(section, {"overlap": (str, int, float)}, what="board_tiles")
    overlap = glue_strip(layout, length(section, "overlap"), section.at("overlap"))
    board = piece(layout, "board")
    sheet_limit(board.width, board.height, layout, overlap, board.where)
    return overlap, section.at("overlap"), board.where
