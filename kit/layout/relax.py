"""Rectangle overlap removal as an optimisation: move boxes as little as possible.

The problem: boxes (centre, width, height) that overlap; find new centres that
minimise the total weighted squared displacement such that every pair of boxes
is at least `gap` apart along x or along y, and every box lies inside a frame.

"Apart along x or along y" is a disjunction, so the problem is not convex. As in
VPSC (Dwyer, Marriott & Stuckey, "Fast node overlap removal"), each conflicting
pair is given one separation: `i` left of `j`, or `i` above `j`. With the choices
fixed the problem splits into two independent 1-D quadratic programs with
separation constraints, which `solve_1d` solves exactly by block merging and
splitting. `relax` chooses the separations (the axis that needs less movement),
adds one for every pair that still overlaps, and then improves the choices by
local search: an active separation is turned to the other axis whenever that
lowers the cost. A bound from the Lagrange multipliers skips the turns that
cannot pay, and the 1-D parts a turn leaves unchanged are not solved again.

Boxes may also be told to keep off given points (a label's box off the places
other labels point at): the same kind of either-axis choice, against a point
that does not move, so it is a bound on one box along one axis. Everything runs
in a fixed order, so equal inputs give equal results.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Mapping, Sequence

import numpy as np

from kit.data.errors import KitError

EPS = 1e-9          # slack allowed when checking a separation, in input units
_LM_TOL = 1e-9      # a Lagrange multiplier below -_LM_TOL means the block should split


# --------------------------------------------------------------------------- 1-D


class Infeasible(KitError):
    """Constraints that form a cycle of positive total gap: no positions satisfy them."""

    def __init__(self, cycle: tuple[int, ...]):
        super().__init__("the boxes do not fit inside the frame")
        self.cycle = cycle      # indices of the constraints on the cycle


@dataclass(frozen=True)
class Separation:
    """`x[right] - x[left] >= gap` along one axis."""

    left: int
    right: int
    gap: float


class _Block:
    """Variables held at fixed offsets from each other by a tree of tight constraints."""

    __slots__ = ("vars", "weight", "wd", "fixed", "posn", "checked", "lm", "inc")

    def __init__(self, vars_):
        self.vars = vars_
        self.weight = 0.0         # Σ w over the finite-weight variables
        self.wd = 0.0             # Σ w (desired - offset): posn = wd / weight
        self.fixed = None         # the one variable of infinite weight, if any
        self.posn = 0.0
        self.checked = False      # multipliers known non-negative since the last change
        self.lm = None            # those multipliers, once checked
        self.inc = None           # first pass only: constraints into the block, in vars order


class _Solver:
    """VPSC's incremental solver: merge on the most violated constraint, split on a
    negative Lagrange multiplier, until every constraint holds and every multiplier
    of a tight constraint is non-negative (the KKT conditions of this convex QP).

    Plain lists indexed by variable and by constraint keep the inner loops cheap;
    `tree[v]` lists the tight constraints at v, so a block's tree is walked without
    building it again."""

    def __init__(self, desired, weights, lefts, rights, gaps):
        self.d = [float(v) for v in desired]
        self.w = [float(v) for v in weights]
        self.lefts, self.rights, self.gaps = lefts, rights, gaps
        n = len(self.d)
        self.offset = [0.0] * n
        self.block: list = [None] * n
        self.is_active = np.zeros(len(gaps), dtype=bool)
        self.arrays = None          # lefts, rights, gaps as arrays, once _satisfy needs them
        self.via = [-2] * n         # scratch of _multipliers: -2 while a vertex is not reached
        self.pull = [0.0] * n       # scratch of _multipliers
        self.mark = [False] * n     # scratch of _split
        self.tree: list[list[int]] = [[] for _ in range(n)]
        self.incoming: list[list[int]] = [[] for _ in range(n)]
        for k, r in enumerate(rights):
            self.incoming[r].append(k)
        # lefts[k] ^ rights[k] ^ v is constraint k's other end, seen from v
        self.ends = [l ^ r for l, r in zip(lefts, rights)]
        # One block per variable, as _new_block([v]) makes it, written out: a solve
        # starts with as many blocks as variables, and most solves are small.
        block, d, w, incoming = self.block, self.d, self.w, self.incoming
        for v in range(n):
            b = _Block([v])
            b.inc = incoming[v]
            if w[v] == math.inf:
                b.fixed = v
                b.posn = d[v] - 0.0
            else:
                b.weight = 0.0 + w[v]
                b.wd = 0.0 + w[v] * (d[v] - 0.0)
                b.posn = b.wd / b.weight
            block[v] = b

    # positions ------------------------------------------------------------
    def _new_block(self, vars_) -> _Block:
        b = _Block(vars_)
        w, d, offset, block, inf = self.w, self.d, self.offset, self.block, math.inf
        for v in vars_:
            if w[v] == inf:  # at most one: walls share a single pinned variable
                b.fixed = v
            else:
                b.weight += w[v]
                b.wd += w[v] * (d[v] - offset[v])
            block[v] = b
        self._place(b)
        return b

    def _place(self, b: _Block) -> None:
        b.posn = self.d[b.fixed] - self.offset[b.fixed] if b.fixed is not None else b.wd / b.weight

    def x(self, v: int) -> float:
        return self.block[v].posn + self.offset[v]

    # merging and splitting --------------------------------------------------
    def _merge(self, k: int) -> None:
        left, right = self.lefts[k], self.rights[k]
        a, b = self.block[left], self.block[right]
        # Make k tight: x[right] = x[left] + gap, expressed in a's offsets.
        shift = self.offset[left] + self.gaps[k] - self.offset[right]
        if len(a.vars) < len(b.vars):  # move the smaller block's offsets
            a, b, shift = b, a, -shift
        offset, block = self.offset, self.block
        for v in b.vars:
            offset[v] += shift
            block[v] = a
        a.vars.extend(b.vars)
        a.weight += b.weight
        a.wd += b.wd - b.weight * shift
        if b.fixed is not None:
            a.fixed = b.fixed
        a.checked = False
        self._place(a)
        self.is_active[k] = True
        self.tree[left].append(k)
        self.tree[right].append(k)

    def _split(self, b: _Block, k: int) -> None:
        self.is_active[k] = False
        tree, ends, mark = self.tree, self.ends, self.mark
        start = self.lefts[k]
        tree[start].remove(k)
        tree[self.rights[k]].remove(k)
        # The side of the tree that k's left end still reaches, marked while it is split off.
        mark[start] = True
        seen = [start]
        for v in seen:
            for j in tree[v]:
                u = ends[j] ^ v
                if not mark[u]:
                    mark[u] = True
                    seen.append(u)
        left, right = [], []
        for v in b.vars:
            (left if mark[v] else right).append(v)
        for v in seen:
            mark[v] = False
        self._new_block(left)
        self._new_block(right)

    def _reach(self, start: int) -> dict:
        """The block's tree walked from `start`: {vertex: (parent, constraint)} in visit order."""
        ends, tree = self.ends, self.tree
        parent, stack = {start: (None, None)}, [start]
        while stack:
            v = stack.pop()
            for k in tree[v]:
                u = ends[k] ^ v
                if u not in parent:
                    parent[u] = (v, k)
                    stack.append(u)
        return parent

    def _multipliers(self, b: _Block) -> dict:
        """λ of each tight constraint: the weighted pull of the side not holding the root."""
        if len(b.vars) == 1:
            return {}
        # The tree walked from the root, breadth first: each vertex listed after the one it
        # was reached from, `via[v]` the constraint it was reached by. Each vertex's children
        # are listed in the order of its tree list whatever the walk, so the sums below add
        # the same numbers in the same order as a walk depth first.
        root = b.fixed if b.fixed is not None else b.vars[0]
        ends, tree, rights, via = self.ends, self.tree, self.rights, self.via
        w, d, offset, posn, pull = self.w, self.d, self.offset, b.posn, self.pull
        inf = math.inf
        via[root] = -1
        order = [root]
        for v in order:
            pull[v] = 0.0 if w[v] == inf else w[v] * (posn + offset[v] - d[v])
            for k in tree[v]:
                u = ends[k] ^ v
                if via[u] == -2:
                    via[u] = k
                    order.append(u)
        lm = {}
        for v in reversed(order):   # children before their parents
            k = via[v]
            via[v] = -2
            if k >= 0:
                pv = pull[v]
                lm[k] = pv if rights[k] == v else -pv
                pull[ends[k] ^ v] += pv
        return lm

    # the solve --------------------------------------------------------------
    def _first_pass(self) -> None:
        """For each variable in order of desired position, pull into its block the blocks
        of violated constraints, most violated first.

        Each block here keeps the constraints into it (`inc`, in the order of its
        variables), dropping those that have become internal; a block found with nothing
        to pull in is not looked at again until the next merge."""
        lefts, rights, gaps, block, offset = self.lefts, self.rights, self.gaps, self.block, self.offset
        clean = None
        for v in sorted(range(len(self.d)), key=lambda v: (self.d[v], v)):
            b = block[v]
            if b is clean:
                continue
            while True:
                posn = b.posn
                worst, worst_k = -EPS, None
                inc = []
                for k in b.inc:
                    left = lefts[k]
                    lb = block[left]
                    if lb is not b:
                        inc.append(k)
                        s = posn + offset[rights[k]] - lb.posn - offset[left] - gaps[k]
                        if s < worst:
                            worst, worst_k = s, k
                b.inc = inc
                if worst_k is None:
                    clean = b
                    break
                c = block[lefts[worst_k]]
                self._merge(worst_k)
                # the merged block lists its constraints in its variables' order
                merged = block[v]
                merged.inc = b.inc + c.inc if merged is b else c.inc + b.inc
                b = merged

    def _satisfy(self) -> None:
        """Merge until no constraint is violated."""
        lefts, rights = self.lefts, self.rights
        block, offset = self.block, self.offset
        if not self.gaps:
            return
        if self.arrays is None:
            self.arrays = (np.asarray(lefts, dtype=np.intp), np.asarray(rights, dtype=np.intp),
                           np.asarray(self.gaps, dtype=float))
        left_of, right_of, gap_of = self.arrays
        while True:
            # The slack of every constraint at once (the same subtractions, in the same
            # order, as one at a time); active ones are tight and left out.
            pos = np.array([b.posn + o for b, o in zip(block, offset)])
            slack = pos[right_of] - pos[left_of] - gap_of
            slack[self.is_active] = np.inf
            worst_k = int(slack.argmin())   # the first of the most violated
            if not slack[worst_k] < -EPS:
                return
            left, right = lefts[worst_k], rights[worst_k]
            b = block[left]
            if b is block[right]:
                # Violated inside one block: swap it for a tight constraint on the tree
                # path that the new one makes slack (one entered from its right end).
                parent = self._reach(right)
                path, v = [], left
                while parent[v][0] is not None:
                    p, k = parent[v]
                    path.append((k, p))
                    v = p
                out = [k for k, entered_from in path if rights[k] == entered_from]
                if not out:
                    raise Infeasible(tuple(k for k, _ in path) + (worst_k,))
                lm = self._multipliers(b)
                self._split(b, min(out, key=lambda k: (lm[k], k)))
            self._merge(worst_k)

    def _refine(self) -> bool:
        """Split every block at its most negative multiplier; True if any split."""
        split = False
        todo = []   # the blocks not checked yet, in the order of their first variables
        for b in self.block:
            if not b.checked:
                b.checked = True
                todo.append(b)
        for b in todo:
            lm = b.lm = self._multipliers(b)
            if lm:
                m = min(lm.values())
                if m < -_LM_TOL:
                    self._split(b, min(j for j, x in lm.items() if x == m))
                    split = True
        return split

    def _blocks(self) -> list[_Block]:
        return list({id(b): b for b in self.block}.values())

    def solve(self) -> tuple[tuple[float, ...], dict]:
        limit = 50 * (len(self.d) + len(self.gaps)) + 100
        # A first pass in order of desired position settles most merges cheaply (the
        # constraints mostly point that way); the general loop below finishes the job.
        self._first_pass()
        self._satisfy()
        for _ in range(limit):
            if not self._refine():
                break
            self._satisfy()
        else:
            raise KitError("overlap removal did not converge")
        lm = {}
        for b in self._blocks():   # every block is checked now: its multipliers are known
            lm.update(b.lm if b.checked else self._multipliers(b))
        return tuple(self.x(v) for v in range(len(self.d))), lm


def solve_1d(desired: Sequence[float], weights: Sequence[float],
             constraints: Sequence[Separation]) -> tuple[tuple[float, ...], dict]:
    """Minimise Σ w_i (x_i - desired_i)² subject to x[right] - x[left] >= gap.

    A weight of `math.inf` pins a variable to its desired value (a wall; at most
    one such variable, since two pinned ones cannot share a block). Returns
    the positions and, for each tight constraint (by index), its Lagrange
    multiplier (≥ 0 at the optimum). Exact up to rounding.
    """
    if sum(math.isinf(w) for w in weights) > 1:
        raise KitError("at most one variable may be pinned")
    return _Solver(desired, weights, [c.left for c in constraints], [c.right for c in constraints],
                   [float(c.gap) for c in constraints]).solve()


# --------------------------------------------------------------------------- 2-D


@dataclass(frozen=True)
class Box:
    """A rectangle by its centre and size."""

    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class Choice:
    """How a pair of boxes is kept apart: `first` before `second` along `axis` (0 x, 1 y)."""

    first: int
    second: int
    axis: int


@dataclass(frozen=True)
class Clear:
    """How a box keeps off another box's point: along `axis`, on the side it started."""

    box: int
    owner: int                   # the box whose point (see `relax`'s `clear`) it keeps off
    axis: int
    after: bool                  # the box's centre stays after the point along `axis`


@dataclass(frozen=True)
class Relaxed:
    """The result: new centres (in input order), the separations used, the cost."""

    centres: tuple[tuple[float, float], ...]
    choices: tuple[Choice | Clear, ...]
    cost: float                  # Σ weight · squared displacement
    rounds: int                  # 1-D solves made
    given_up: tuple[tuple[int, int], ...] = ()   # (box, owner): points that box could not keep off


def overlaps(boxes: Sequence[Box], gap: float, tol: float = EPS) -> tuple[tuple[int, int], ...]:
    """Every overlapping pair (i < j), in index order."""
    return _overlapping([b.x for b in boxes], [b.y for b in boxes],
                        [b.width / 2 for b in boxes], [b.height / 2 for b in boxes], gap, tol)


def _overlapping(xs, ys, half_w, half_h, gap, tol=EPS) -> tuple[tuple[int, int], ...]:
    if len(xs) < 2:
        return ()
    x, y, hw, hh = (np.asarray(v, dtype=float) for v in (xs, ys, half_w, half_h))
    near_x = np.abs(x[:, None] - x[None, :]) < hw[:, None] + hw[None, :] + gap - tol
    near_y = np.abs(y[:, None] - y[None, :]) < hh[:, None] + hh[None, :] + gap - tol
    i, j = np.nonzero(np.triu(near_x & near_y, 1))
    return tuple(zip(i.tolist(), j.tolist()))


def _components(n: int, edges) -> list[int]:
    """Union-find roots: the label of each of n nodes (the root lookups written out: a
    relaxation makes thousands of these)."""
    parent = list(range(n))
    for a, b in edges:
        while parent[a] != a:
            parent[a] = a = parent[parent[a]]
        while parent[b] != b:
            parent[b] = b = parent[parent[b]]
        if a != b:
            if a < b:
                parent[b] = a
            else:
                parent[a] = b
    label = []
    for v in range(n):
        while parent[v] != v:
            parent[v] = v = parent[parent[v]]
        label.append(v)
    return label


class _Cycle(Exception):
    """Choices along one axis that cannot all hold together."""

    def __init__(self, axis: int, keys: tuple):
        super().__init__()
        self.axis, self.keys = axis, keys


class _Problem:
    """One relaxation: the boxes, the points they keep off, and the 1-D solutions met so far.

    Choices are kept in a dict: a box pair (i, j) maps to its `Choice`; box j keeping
    off box i's point is keyed (j, n + 1 + i), past the wall's node n, so every key is
    a pair of ints with one fixed order. A 1-D problem falls apart into the connected
    parts of its constraint graph; local search changes one choice at a time, so most
    parts recur and their solutions are reused rather than solved again.
    """

    def __init__(self, boxes, frame, gap, weights, within, clear, clearance, wide=None):
        self.n, self.gap, self.weights = len(boxes), gap, weights
        self.wide = dict(wide or {})     # (i, j), i < j -> a larger gap kept between that pair
        self.desired = ([b.x for b in boxes], [b.y for b in boxes])
        self.half = ([b.width / 2 for b in boxes], [b.height / 2 for b in boxes])
        self.clear, self.clearance = clear, clearance
        # Where each centre may go, per axis: the frame less half the box, cut by `within`.
        self.lo, self.hi = ([], []), ([], [])
        for i in range(self.n):
            for axis in (0, 1):
                lo, hi = frame[axis] + self.half[axis][i], frame[axis + 2] - self.half[axis][i]
                if within is not None and within[i] is not None:
                    lo, hi = max(lo, within[i][axis]), min(hi, within[i][axis + 2])
                if lo > hi + EPS:
                    raise KitError(f"box {i} does not fit where it must stay")
                self.lo[axis].append(lo)
                self.hi[axis].append(hi)
        self.walls: set = set()     # (box, axis, side) frame walls met so far
        self.waived: set = set()    # keys of points that cannot be kept clear
        self.memo: dict = {}
        self.solves = 0
        self.made: dict = {}        # (key, axis) -> the constraint of along(key, axis)

    # choices -----------------------------------------------------------------
    def before(self, i: int, j: int, axis: int) -> bool:
        """Whether box i comes before box j along `axis` where they started.

        Separations always follow this order (ties by index), so the constraints of
        one axis can never form a cycle, and relaxed boxes keep their relative sides.
        """
        return (self.desired[axis][i], i) < (self.desired[axis][j], j)

    def along(self, key: tuple[int, int], axis: int) -> Choice | Clear:
        """The choice that keeps `key`'s pair apart along `axis`."""
        i, j = key
        if j > self.n:
            owner = j - self.n - 1
            return Clear(i, owner, axis, self.desired[axis][i] >= self.clear[owner][axis])
        return Choice(i, j, axis) if self.before(i, j, axis) else Choice(j, i, axis)

    def constraint(self, c: Choice | Clear) -> tuple[int, int, float]:
        """(left, right, gap) meaning x[right] - x[left] >= gap; node n is the wall at 0."""
        a = c.axis
        if isinstance(c, Choice):
            return c.first, c.second, self.half[a][c.first] + self.half[a][c.second] + self.pair_gap(c.first, c.second)
        reach = self.half[a][c.box] + self.clearance
        p = self.clear[c.owner][a]
        return (self.n, c.box, p + reach) if c.after else (c.box, self.n, reach - p)

    def short(self, c: Choice | Clear, centres) -> float:
        """How far the centres are from meeting `c` (≤ 0 when they do)."""
        left, right, gap = self.constraint(c)
        at = [*centres, (0.0, 0.0)]
        return gap - (at[right][c.axis] - at[left][c.axis])

    def harmonic(self, key: tuple[int, int]) -> float:
        """w_i w_j / (w_i + w_j) of the two sides of `key` (a point does not move)."""
        i, j = key
        return self.weights[i] if j > self.n else self.weights[i] * self.weights[j] / (
            self.weights[i] + self.weights[j])

    def choose(self, key: tuple[int, int], centres) -> Choice | Clear:
        """The axis along which the pair, where it is now, overlaps less."""
        x, y = self.along(key, 0), self.along(key, 1)
        return x if self.overlap(x, centres) <= self.overlap(y, centres) else y

    def overlap(self, c: Choice | Clear, centres) -> float:
        """How far the pair of `c` overlaps along c's axis where it is now, on whichever
        side (the side it is kept on is the one it started on: see `short`)."""
        a = c.axis
        if isinstance(c, Choice):
            return self.half[a][c.first] + self.half[a][c.second] + self.pair_gap(c.first, c.second) - abs(
                centres[c.second][a] - centres[c.first][a])
        return self.half[a][c.box] + self.clearance - abs(centres[c.box][a] - self.clear[c.owner][a])

    def pair_gap(self, i: int, j: int) -> float:
        return self.wide.get((i, j) if i < j else (j, i), self.gap) if self.wide else self.gap

    def overlapping(self, xs, ys) -> list[tuple[int, int]]:
        """Pairs closer than their gap, in key order: the common gap's, then the wider ones'."""
        found = set(_overlapping(xs, ys, self.half[0], self.half[1], self.gap))
        hw, hh = self.half
        found.update((i, j) for (i, j), g in self.wide.items()
                     if abs(xs[i] - xs[j]) < hw[i] + hw[j] + g - EPS and abs(ys[i] - ys[j]) < hh[i] + hh[j] + g - EPS)
        return sorted(found)

    # solving -----------------------------------------------------------------
    def solve(self, choices: dict, above: float = math.inf, hint=None) -> tuple[list, dict, float] | None:
        """Centres for a fixed set of choices, the multiplier of each choice, the cost.

        `hint` = (axis, least): the other axis costs at least `least` (see `_search`). That
        axis is then solved second, and not at all (None is returned) when this one's cost
        and `least` come to `above` or more."""
        out, lm_of = [None, None], {}
        made, along = self.made, ({}, {})    # each axis's constraints -> their keys
        for key, c in choices.items():
            # a choice is along(key, its axis), so key and axis name it: a tuple of ints
            # hashes faster than the dataclass
            con = made.get((key, c.axis))
            if con is None:
                con = made[key, c.axis] = self.constraint(c)
            along[c.axis][con] = key
        walled = sorted(self.walls)
        first = hint[0] if hint is not None else 0
        for axis in (first, 1 - first):
            try:
                pos, lm = self._solve_on(along[axis], walled, axis)
            except _Cycle:
                if axis == 1 and first == 1:    # axis 0 comes first, as it does unhinted
                    self._solve_on(along[0], walled, 0)
                raise
            out[axis] = pos
            for con, key in along[axis].items():
                lm_of[key] = lm.get(con, 0.0)
            if axis == first and hint is not None:
                d = self.desired[axis]
                if sum(w * (x - x0) ** 2 for w, x0, x in zip(self.weights, d, pos)) + hint[1] >= above:
                    return None
        centres = list(zip(out[0], out[1]))
        dx, dy = self.desired
        cost = sum(w * ((x - x0) ** 2 + (y - y0) ** 2)
                   for w, x0, y0, (x, y) in zip(self.weights, dx, dy, centres))
        return centres, lm_of, cost

    def _solve_on(self, mine: dict, walled: list, axis: int) -> tuple[list, dict]:
        """One axis of `solve`: `mine` maps its constraints to their keys."""
        walls = [(self.n, i, self.lo[axis][i]) if side == 0 else (i, self.n, -self.hi[axis][i])
                 for i, a, side in walled if a == axis]
        try:
            return self._solve_axis([*mine, *walls], axis)
        except _Cycle as cycle:
            raise _Cycle(axis, tuple(mine[c] for c in cycle.keys if c in mine)) from None

    def _solve_axis(self, cons: list, axis: int) -> tuple[list, dict]:
        n = self.n
        pos, lm = list(self.desired[axis]), {}
        # The wall is pinned, so it need not tie parts together: each part gets its own copy.
        label = _components(n, [(l, r) for l, r, _ in cons if l < n and r < n])
        parts: dict = {}
        for con in cons:
            parts.setdefault(label[con[0] if con[0] < n else con[1]], []).append(con)
        for part in parts.values():
            key = (axis, tuple(sorted(part)))
            found = self.memo.get(key)
            if found is None:
                found = self.memo[key] = self._solve_part(key[1], axis)
            xs, mult = found
            for v, x in xs:
                pos[v] = x
            lm.update(mult)
        return pos, lm

    def _solve_part(self, cons: tuple, axis: int) -> tuple[tuple, dict]:
        """Positions of the part's boxes and the multiplier of each of its constraints."""
        n = self.n
        nodes = sorted({v for l, r, _ in cons for v in (l, r)})
        local = {v: i for i, v in enumerate(nodes)}
        desired = [self.desired[axis][v] if v < n else 0.0 for v in nodes]
        weights = [self.weights[v] if v < n else math.inf for v in nodes]
        try:
            x, mult = _Solver(desired, weights, [local[l] for l, _, _ in cons],
                              [local[r] for _, r, _ in cons], [g for _, _, g in cons]).solve()
        except Infeasible as err:
            raise _Cycle(axis, tuple(cons[k] for k in err.cycle)) from None
        self.solves += 1
        return (tuple((v, x[local[v]]) for v in nodes if v < n),
                {cons[k]: m for k, m in mult.items()})

    def _conflicts(self, centres, choices: dict) -> list[tuple[int, int]]:
        """Keys of the pairs that overlap and of the points covered, not yet parted."""
        xs, ys = [c[0] for c in centres], [c[1] for c in centres]
        found = self.overlapping(xs, ys)
        if self.clear is not None:
            found += [(j, self.n + 1 + i) for j, i in _covering(xs, ys, self.half, self.clear, self.clearance)]
        return [key for key in found if key not in choices and key not in self.waived]

    def _outside(self, centres) -> set:
        out = set()
        for i, centre in enumerate(centres):
            for axis in (0, 1):
                if centre[axis] < self.lo[axis][i] - EPS:
                    out.add((i, axis, 0))
                if centre[axis] > self.hi[axis][i] + EPS:
                    out.add((i, axis, 1))
        return out

    def settle(self, choices: dict, waive: bool = False, turns: float = math.inf, above: float = math.inf,
               hint=None):
        """Solve; add a choice for each pair that still overlaps (or point still covered)
        and a wall for each box outside the frame; repeat until neither happens. Choices
        that cannot hold together (a chain longer than the frame) have one turned to the
        other axis: the one that needs the least movement there; if `waive`, a point that
        cannot be kept clear is given up, else that is an error, as is needing more than
        `turns` turns. Returns None, unsettled, once a solve costs `above` or more
        (`hint`: see `solve`; it holds while choices are only added)."""
        turned: set = set()
        start = list(zip(*self.desired))
        while True:
            try:
                solved = self.solve(choices, above, hint)
            except _Cycle as cycle:
                if len(turned) >= turns:
                    raise KitError("the boxes do not fit where they must stay") from None
                self._turn(choices, cycle, turned, start, waive)
                hint = None      # a turn takes a separation off an axis: its bound goes
                continue
            if solved is None:
                return None
            centres, lm, cost = solved
            if cost >= above:
                return None
            new = self._conflicts(centres, choices)
            walls = self._outside(centres) - self.walls
            if not new and not walls:
                return centres, lm, cost
            for key in new:
                choices[key] = self.choose(key, centres)
            self.walls |= walls


    def _turn(self, choices: dict, cycle: _Cycle, turned: set, start, waive: bool) -> None:
        """Turn one choice of the cycle to the other axis; once each has been turned,
        give up keeping one of its points clear (boxes come first)."""
        keys = sorted(set(cycle.keys) - turned)
        if keys:
            other = 1 - cycle.axis
            key = min(keys, key=lambda k: (self.overlap(self.along(k, other), start), k))
            choices[key] = self.along(key, other)
            turned.add(key)
            return
        points = sorted(k for k in cycle.keys if k[1] > self.n)
        if not points or not waive:
            raise KitError("the boxes do not fit inside the frame (or where they must stay)")
        del choices[points[0]]
        self.waived.add(points[0])


def _covering(xs, ys, half, points, clearance, tol=EPS) -> tuple[tuple[int, int], ...]:
    """(box j, point i) for each given point i that box j ≠ i covers, with `clearance` to spare."""
    given = [i for i, p in enumerate(points) if p is not None]
    if not given:
        return ()
    x, y, hw, hh = (np.asarray(v, dtype=float) for v in (xs, ys, *half))
    p = np.asarray([points[i] for i in given], dtype=float)
    near_x = np.abs(x[:, None] - p[None, :, 0]) < hw[:, None] + clearance - tol
    near_y = np.abs(y[:, None] - p[None, :, 1]) < hh[:, None] + clearance - tol
    cover = near_x & near_y
    cover[given, range(len(given))] = False   # a box may cover its own point
    j, k = np.nonzero(cover)
    return tuple((a, given[b]) for a, b in zip(j.tolist(), k.tolist()))


def relax(boxes: Sequence[Box], frame: tuple[float, float, float, float], gap: float = 0.0,
          weights: Sequence[float] | None = None, improve: int = 3,
          within: Sequence[tuple[float, float, float, float] | None] | None = None,
          tries: int | None = None, clear: Sequence[tuple[float, float] | None] | None = None,
          clearance: float = 0.0, start: Sequence[Choice | Clear] = (), pull: bool = False,
          wide: Mapping[tuple[int, int], float] | None = None, prune: bool = True) -> Relaxed:
    """New centres for `boxes` so that no two are closer than `gap` along both axes and
    all lie inside `frame` = (x0, y0, x1, y1), moving them as little as it can.

    Minimises Σ weight · |centre - original|² over the separation choices reached by
    `improve` rounds of local search (0: the first feasible choice), each trying the
    `tries` separations that push hardest (None: every tight one). `within[i]`, if
    given and not None, is a rectangle (x0, y0, x1, y1) that box i's centre must stay
    in. `clear[i]`, if given and not None, is a point that no box but box i may
    cover (nor come within `clearance` of): what box i labels stays in sight; where
    that cannot be, the point is given up. `start` holds choices to begin from (a
    previous result's, to repair it rather than start again). `wide[(i, j)]`, if given,
    is a larger gap than `gap` to keep between boxes i and j. With `pull`, the boxes
    moved farthest are then pulled back towards their places (see `_pull_in`): a
    smaller largest displacement, for a little more in total. Boxes that do not
    overlap (and are where they may be) stay where they are.

    With `prune`, a trial of the local search is dropped as soon as one of its solves
    costs no less than the choices it would replace: settling it further only adds
    separations and walls, which cannot lower the cost, unless a chain of separations
    longer than the frame is then turned to the other axis. That happens on boards
    crowded against their frame; there `prune=False` settles every trial in full.
    """
    boxes = tuple(boxes)
    weights = tuple(float(w) for w in weights) if weights is not None else (1.0,) * len(boxes)
    if any(not w > 0 or math.isinf(w) for w in weights):
        raise KitError("box weights must be positive and finite")
    # Work in a canonical order (by position), so the result does not depend on the
    # order the boxes were listed in; ties between equal boxes fall back to the index.
    order = sorted(range(len(boxes)), key=lambda i: (boxes[i].x, boxes[i].y, boxes[i].width,
                                                     boxes[i].height, weights[i], i))
    problem = _Problem([boxes[i] for i in order], frame, gap, [weights[i] for i in order],
                       [within[i] for i in order] if within is not None else None,
                       [clear[i] and (float(clear[i][0]), float(clear[i][1])) for i in order]
                       if clear is not None else None, clearance)
    back = {k: i for i, k in enumerate(order)}
    problem.wide = {tuple(sorted((back[i], back[j]))): max(float(g), gap) for (i, j), g in (wide or {}).items()}
    first = [_remap(c, back, problem.n) for c in start]
    centres, choices, cost = _search(problem, improve, tries, first, prune)
    if pull:
        centres, choices, cost = _pull_in(problem, centres, choices, cost)
    return Relaxed(tuple((float(centres[back[i]][0]), float(centres[back[i]][1])) for i in range(len(boxes))),
                   tuple(sorted((_unmap(choices[key], order) for key in choices), key=_sort_key)),
                   cost, problem.solves,
                   tuple(sorted((order[j], order[i - problem.n - 1]) for j, i in problem.waived)))


def _unmap(c: Choice | Clear, order) -> Choice | Clear:
    if isinstance(c, Choice):
        return Choice(order[c.first], order[c.second], c.axis)
    return Clear(order[c.box], order[c.owner], c.axis, c.after)


def _remap(c: Choice | Clear, back: dict, n: int) -> tuple[tuple[int, int], int]:
    """(key, axis) of an input-order choice in the canonical order."""
    if isinstance(c, Choice):
        i, j = sorted((back[c.first], back[c.second]))
        return (i, j), c.axis
    return (back[c.box], n + 1 + back[c.owner]), c.axis


def _sort_key(c: Choice | Clear) -> tuple:
    return (0, c.first, c.second) if isinstance(c, Choice) else (1, c.box, c.owner)


def _search(problem: _Problem, improve: int, tries: int | None, first,
            prune: bool = True) -> tuple[list, dict, float]:
    """Settle the first choices (those given, else the axis of least overlap for each
    overlapping pair), then improve them by turning one to the other axis at a time,
    the hardest-pushing first, keeping each turn that lowers the cost."""
    start = list(zip(*problem.desired))
    choices = {key: problem.choose(key, start)
               for key in problem.overlapping(*problem.desired)}
    choices.update((key, problem.along(key, axis)) for key, axis in first)
    centres, lm, cost = problem.settle(choices, waive=True)
    seen = set()   # choice sets already tried: a rejected trial stays rejected
    for _ in range(improve):
        better = False
        for key in sorted((k for k in lm if lm[k] > _LM_TOL), key=lambda k: (-lm[k], k))[:tries]:
            if lm.get(key, 0.0) <= _LM_TOL:
                continue
            turn = problem.along(key, 1 - choices[key].axis)
            if _bound(problem, key, turn, lm[key], centres, cost) >= cost:
                continue
            trial = dict(choices)
            trial[key] = turn
            signature = frozenset(trial.values())
            if signature in seen:
                continue
            seen.add(signature)
            # The axis the pair leaves costs at least its share now less lm² / h (the
            # multiplier's whole saving, see `_bound`), as it only loses a separation (and
            # gains walls); a trial whose other axis alone then costs too much is not solved
            # on this one. A hair is kept off the bound for rounding.
            old = choices[key].axis
            share = sum(w * (c[old] - x0) ** 2 for w, x0, c in zip(problem.weights, problem.desired[old], centres))
            least = share - lm[key] ** 2 / problem.harmonic(key) - 1e-6 * (1.0 + share)
            try:
                settled = problem.settle(trial, above=cost - 1e-9, hint=(turn.axis, least)) if prune \
                    else problem.settle(trial)
            except KitError:
                continue
            if settled is None:
                continue
            t_centres, t_lm, t_cost = settled
            if t_cost < cost - 1e-9:
                choices, centres, lm, cost, better = trial, t_centres, t_lm, t_cost, True
        if not better:
            break
    return centres, choices, cost


def _bound(problem: _Problem, key, turn, lm: float, centres, cost: float) -> float:
    """A lower bound on the cost once `key`'s pair is parted along the other axis, to skip
    trials that cannot pay. With h = w_i w_j / (w_i + w_j): dropping the old separation
    saves at most lm² / h (the Lagrangian of the old optimum with the pair's multiplier
    released), and the new one costs at least h · short², since the old solution of that
    axis is optimal for a subset of the new constraints."""
    h = problem.harmonic(key)
    short = max(problem.short(turn, centres), 0.0)
    return cost - lm * lm / h + h * short * short


PULL_STEP = 0.95        # each pull asks the farthest boxes to come this much closer
PULL_FINEST = 0.995     # a step that fails is halved towards 1 until it is finer than this
PULL_ROUNDS = 6         # re-solves per step, each holding back the boxes that went too far
PULL_SIDE = 0.35        # least share of the bound left to the other axis (see _pull_in)
PULL_TURNS = 10         # separations a step may turn to the other axis before it counts as failed


def _pull_in(problem: _Problem, centres, choices: dict, cost: float) -> tuple[list, dict, float]:
    """Lower the largest displacement of a settled solution, step by step.

    Least squares lets a few boxes travel far when that saves many small moves; a
    player looks for a card near its place, so the farthest matters. Each step asks
    every box to stay within T = PULL_STEP × the largest displacement of its place: a
    box held back gets a rectangle round its place whose far corners are T away, with
    sides in the proportions of how it had moved (so the rectangle lies inside the
    circle of radius T, and it keeps room to move along the way it went, and at least
    PULL_SIDE of it across). The rest settle round them by least squares, keeping the
    separations they have (new ones are added where boxes meet); boxes that then go
    past T are held back too and the step is solved again. A step that cannot be met
    is taken smaller; the pull ends when even a fine step fails.
    """
    n = problem.n
    lo0 = ([*problem.lo[0]], [*problem.lo[1]])
    hi0 = ([*problem.hi[0]], [*problem.hi[1]])
    home = list(zip(*problem.desired))
    held: dict = {}                 # box -> (share along x, share along y)

    def far(at):
        return [math.dist(c, h) for c, h in zip(at, home)]

    def bound(T) -> bool:
        for axis in (0, 1):
            problem.lo[axis][:], problem.hi[axis][:] = lo0[axis], hi0[axis]
        for i, u in held.items():
            for axis in (0, 1):
                lo = max(lo0[axis][i], home[i][axis] - T * u[axis])
                hi = min(hi0[axis][i], home[i][axis] + T * u[axis])
                if lo > hi + EPS:
                    return False
                problem.lo[axis][i], problem.hi[axis][i] = lo, hi
                # walls up front: settle need not find each held box outside its bounds first
                problem.walls |= {(i, axis, 0), (i, axis, 1)}
        return True

    def hold(i, at, d):
        # d is 0 for a box still at its place when T is within EPS of 0: it went no way,
        # so it is held in a square.
        ux, uy = ((max(abs(at[i][a] - home[i][a]) / d, PULL_SIDE) for a in (0, 1)) if d > 0
                  else (1.0, 1.0))
        held[i] = (ux / math.hypot(ux, uy), uy / math.hypot(ux, uy))

    dist = far(centres)
    step = PULL_STEP
    while n and step < PULL_FINEST and max(dist) > EPS:   # every box at its place: nothing to pull
        T = max(dist) * step
        kept, ok = dict(held), False
        trial, t_centres = dict(choices), centres
        for _ in range(PULL_ROUNDS):
            for i, d in enumerate(far(t_centres)):
                if d > T - EPS and i not in held:
                    hold(i, t_centres, d)
            if not bound(T):
                break
            try:
                t_centres, _, t_cost = problem.settle(trial, turns=PULL_TURNS)
            except (KitError, _Cycle):
                break
            if max(far(t_centres)) <= T + 1e-6:
                ok = True
                break
        if ok:
            centres, choices, cost, dist = t_centres, trial, t_cost, far(t_centres)
        else:
            held = kept
            step = 1 - (1 - step) / 2
    return centres, choices, cost
