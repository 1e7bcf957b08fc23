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
lowers the cost. Everything runs in a fixed order, so equal inputs give equal
results.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from kit.errors import KitError

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

    __slots__ = ("vars", "active", "weight", "wd", "fixed", "posn", "checked")

    def __init__(self, vars_, active):
        self.vars = vars_
        self.active = active      # indices into the constraint list: the block's tree
        self.weight = 0.0         # Σ w over the finite-weight variables
        self.wd = 0.0             # Σ w (desired - offset): posn = wd / weight
        self.fixed = None         # the one variable of infinite weight, if any
        self.posn = 0.0
        self.checked = False      # multipliers known non-negative since the last change


class _Solver:
    """VPSC's incremental solver: merge on the most violated constraint, split on a
    negative Lagrange multiplier, until every constraint holds and every multiplier
    of a tight constraint is non-negative (the KKT conditions of this convex QP)."""

    def __init__(self, desired, weights, constraints):
        self.d = [float(v) for v in desired]
        self.w = [float(v) for v in weights]
        self.c = constraints
        self.lefts = [c.left for c in constraints]
        self.rights = [c.right for c in constraints]
        self.gaps = [c.gap for c in constraints]
        n = len(self.d)
        self.offset = [0.0] * n
        self.block = [None] * n
        self.is_active = [False] * len(constraints)
        self.incoming = [[] for _ in range(n)]
        for k, c in enumerate(constraints):
            self.incoming[c.right].append(k)
        for v in range(n):
            self._new_block([v], [])

    # positions ------------------------------------------------------------
    def _place(self, b: _Block) -> None:
        b.posn = self.d[b.fixed] - self.offset[b.fixed] if b.fixed is not None else b.wd / b.weight

    def _new_block(self, vars_, active) -> _Block:
        b = _Block(vars_, active)
        for v in vars_:
            if math.isinf(self.w[v]):  # at most one: walls share a single pinned variable
                b.fixed = v
            else:
                b.weight += self.w[v]
                b.wd += self.w[v] * (self.d[v] - self.offset[v])
            self.block[v] = b
        self._place(b)
        return b

    def x(self, v: int) -> float:
        return self.block[v].posn + self.offset[v]

    def slack(self, k: int) -> float:
        c = self.c[k]
        return self.x(c.right) - self.x(c.left) - c.gap

    # merging ----------------------------------------------------------------
    def _merge(self, k: int) -> None:
        c = self.c[k]
        a, b = self.block[c.left], self.block[c.right]
        # Make `c` tight: x[right] = x[left] + gap, expressed in a's offsets.
        shift = self.offset[c.left] + c.gap - self.offset[c.right]
        if len(a.vars) < len(b.vars):  # move the smaller block's offsets
            a, b, shift = b, a, -shift
        for v in b.vars:
            self.offset[v] += shift
            self.block[v] = a
        a.vars.extend(b.vars)
        a.active.extend(b.active)
        a.active.append(k)
        a.weight += b.weight
        a.wd += b.wd - b.weight * shift
        if b.fixed is not None:
            a.fixed = b.fixed
        a.checked = False
        self._place(a)
        self.is_active[k] = True

    def _merge_left(self, v: int) -> None:
        """Pull in the blocks of violated constraints into v's block, most violated first."""
        while True:
            b = self.block[v]
            worst, worst_k = -EPS, None
            for u in b.vars:
                for k in self.incoming[u]:
                    left = self.c[k].left
                    if self.block[left] is not b:
                        s = b.posn + self.offset[u] - self.block[left].posn - self.offset[left] - self.gaps[k]
                        if s < worst:
                            worst, worst_k = s, k
            if worst_k is None:
                return
            self._merge(worst_k)

    def _tree(self, b: _Block) -> dict:
        adj = {v: [] for v in b.vars}
        for k in b.active:
            c = self.c[k]
            adj[c.left].append((c.right, k))
            adj[c.right].append((c.left, k))
        return adj

    def _multipliers(self, b: _Block) -> dict:
        """λ of each tight constraint: the weighted pull of the side not holding the root."""
        if not b.active:
            return {}
        adj = self._tree(b)
        root = b.fixed if b.fixed is not None else b.vars[0]
        order, parent, seen = [], {root: (None, None)}, {root}
        stack = [root]
        while stack:
            v = stack.pop()
            order.append(v)
            for u, k in adj[v]:
                if u not in seen:
                    seen.add(u)
                    parent[u] = (v, k)
                    stack.append(u)
        pull = {v: (0.0 if math.isinf(self.w[v]) else self.w[v] * (self.x(v) - self.d[v])) for v in b.vars}
        lm = {}
        for v in reversed(order):
            p, k = parent[v]
            if p is None:
                continue
            lm[k] = pull[v] if self.c[k].right == v else -pull[v]
            pull[p] += pull[v]
        return lm

    def _split(self, b: _Block, k: int) -> None:
        self.is_active[k] = False
        rest = [j for j in b.active if j != k]
        adj = {v: [] for v in b.vars}
        for j in rest:
            c = self.c[j]
            adj[c.left].append(c.right)
            adj[c.right].append(c.left)
        side, stack = {self.c[k].left}, [self.c[k].left]
        while stack:
            for u in adj[stack.pop()]:
                if u not in side:
                    side.add(u)
                    stack.append(u)
        left = [v for v in b.vars if v in side]
        right = [v for v in b.vars if v not in side]
        self._new_block(left, [j for j in rest if self.c[j].left in side])
        self._new_block(right, [j for j in rest if self.c[j].left not in side])

    def _path(self, b: _Block, start: int, goal: int) -> list[tuple[int, int]]:
        """Tree edges from `start` to `goal` as (constraint, the vertex it is entered from)."""
        adj = self._tree(b)
        parent, stack = {start: None}, [start]
        while stack:
            v = stack.pop()
            for u, k in adj[v]:
                if u not in parent:
                    parent[u] = (v, k)
                    stack.append(u)
        path, v = [], goal
        while parent[v] is not None:
            p, k = parent[v]
            path.append((k, p))
            v = p
        return path

    def _satisfy(self) -> bool:
        """Merge until no constraint is violated; True if anything changed."""
        changed = False
        lefts, rights, gaps = self.lefts, self.rights, self.gaps
        active, block, offset = self.is_active, self.block, self.offset
        while True:
            pos = [block[v].posn + offset[v] for v in range(len(offset))]
            worst, worst_k = -EPS, None
            for k in range(len(gaps)):
                if not active[k]:
                    s = pos[rights[k]] - pos[lefts[k]] - gaps[k]
                    if s < worst:
                        worst, worst_k = s, k
            if worst_k is None:
                return changed
            changed = True
            c = self.c[worst_k]
            b = self.block[c.left]
            if b is self.block[c.right]:
                # Violated inside one block: swap it for a tight constraint on the tree
                # path that the new one makes slack (one entered from its right end).
                lm = self._multipliers(b)
                out = [k for k, entered_from in self._path(b, c.right, c.left)
                       if self.c[k].right == entered_from]
                if not out:
                    raise Infeasible(tuple(k for k, _ in self._path(b, c.right, c.left)) + (worst_k,))
                self._split(b, min(out, key=lambda k: (lm[k], k)))
            self._merge(worst_k)

    def _refine(self) -> bool:
        """Split every block at its most negative multiplier; True if any split."""
        split = False
        blocks = {id(self.block[v]): self.block[v] for v in range(len(self.d))}
        for b in blocks.values():
            if b.checked:
                continue
            lm = self._multipliers(b)
            b.checked = True
            if not lm:
                continue
            k = min(lm, key=lambda j: (lm[j], j))
            if lm[k] < -_LM_TOL:
                self._split(b, k)
                split = True
        return split

    def solve(self) -> tuple[tuple[float, ...], dict]:
        limit = 50 * (len(self.d) + len(self.c)) + 100
        # A first pass in order of desired position settles most merges cheaply (the
        # constraints mostly point that way); the general loop below finishes the job.
        for v in sorted(range(len(self.d)), key=lambda v: (self.d[v], v)):
            self._merge_left(v)
        self._satisfy()
        for _ in range(limit):
            if not self._refine():
                break
            self._satisfy()
        else:
            raise KitError("overlap removal did not converge")
        lm = {}
        for b in {id(self.block[v]): self.block[v] for v in range(len(self.d))}.values():
            lm.update(self._multipliers(b))
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
    return _Solver(desired, weights, list(constraints)).solve()


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
class Relaxed:
    """The result: new centres (in input order), the separations used, the cost."""

    centres: tuple[tuple[float, float], ...]
    choices: tuple[Choice, ...]
    cost: float                  # Σ weight · squared displacement
    rounds: int                  # QP solves made


def need(a: Box, b: Box, gap: float) -> tuple[float, float]:
    """Least centre distance along x and along y that keeps `a` and `b` apart."""
    return (a.width + b.width) / 2 + gap, (a.height + b.height) / 2 + gap


def overlapping(a: Box, b: Box, gap: float, tol: float = EPS) -> bool:
    """True if the boxes are closer than `gap` along both axes (touching at `gap` is fine)."""
    nx, ny = need(a, b, gap)
    return abs(a.x - b.x) < nx - tol and abs(a.y - b.y) < ny - tol


def overlaps(boxes: Sequence[Box], gap: float, tol: float = EPS) -> tuple[tuple[int, int], ...]:
    """Every overlapping pair (i < j), in index order."""
    if len(boxes) < 2:
        return ()
    a = np.array([(b.x, b.y, b.width, b.height) for b in boxes], dtype=float)
    near_x = np.abs(a[:, None, 0] - a[None, :, 0]) < (a[:, None, 2] + a[None, :, 2]) / 2 + gap - tol
    near_y = np.abs(a[:, None, 1] - a[None, :, 1]) < (a[:, None, 3] + a[None, :, 3]) / 2 + gap - tol
    i, j = np.nonzero(np.triu(near_x & near_y, 1))
    return tuple(zip(i.tolist(), j.tolist()))


def _before(boxes: Sequence[Box], i: int, j: int, axis: int) -> bool:
    """Whether box i comes before box j along `axis` in the original placement.

    Separations always follow this order (ties by index), so the constraints of
    one axis can never form a cycle, and relaxed boxes keep their relative sides.
    """
    a, b = boxes[i], boxes[j]
    return ((a.x, i) < (b.x, j)) if axis == 0 else ((a.y, i) < (b.y, j))


def _choice(boxes: Sequence[Box], i: int, j: int, axis: int) -> Choice:
    return Choice(i, j, axis) if _before(boxes, i, j, axis) else Choice(j, i, axis)


def _choose(boxes: Sequence[Box], now: Sequence[Box], i: int, j: int, gap: float) -> Choice:
    """The axis along which the pair, where it is now, needs less movement to part."""
    nx, ny = need(now[i], now[j], gap)
    axis = 0 if nx - abs(now[j].x - now[i].x) <= ny - abs(now[j].y - now[i].y) else 1
    return _choice(boxes, i, j, axis)


def _components(n: int, edges: Sequence[tuple[int, int]]) -> list[int]:
    """Union-find roots: the label of each of n nodes."""
    parent = list(range(n))

    def find(v):
        while parent[v] != v:
            parent[v] = parent[parent[v]]
            v = parent[v]
        return v

    for a, b in edges:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)
    return [find(v) for v in range(n)]


class _Cycle(Exception):
    """Separations along `axis` that cannot all hold: (left, right, gap) of each."""

    def __init__(self, axis, constraints):
        super().__init__()
        self.axis, self.constraints = axis, constraints


class _Problem:
    """One relaxation: the boxes, and the 1-D solutions met so far.

    A 1-D problem falls apart into the connected parts of its constraint graph;
    local search changes one choice at a time, so most parts recur and their
    solutions are reused rather than solved again.
    """

    def __init__(self, boxes, frame, gap, weights, within):
        self.boxes, self.gap, self.weights = boxes, gap, weights
        # Where each centre may go, per axis: the frame less half the box, cut by `within`.
        self.lo, self.hi = ([], []), ([], [])
        for i, b in enumerate(boxes):
            for axis, half in ((0, b.width / 2), (1, b.height / 2)):
                lo, hi = frame[axis] + half, frame[axis + 2] - half
                if within is not None and within[i] is not None:
                    lo, hi = max(lo, within[i][axis]), min(hi, within[i][axis + 2])
                if lo > hi + EPS:
                    raise KitError(f"box {i} does not fit where it must stay")
                self.lo[axis].append(lo)
                self.hi[axis].append(hi)
        self.walls: set = set()     # (box, axis, side) wall constraints met so far
        self.memo: dict = {}
        self.solves = 0

    def _constraints(self, choices: dict, axis: int) -> list[tuple[int, int, float]]:
        """(left, right, gap) along `axis`; node n is the frame's wall, pinned at 0."""
        n, out = len(self.boxes), []
        for c in choices.values():
            if c.axis == axis:
                nx, ny = need(self.boxes[c.first], self.boxes[c.second], self.gap)
                out.append((c.first, c.second, nx if axis == 0 else ny))
        for i, a, side in sorted(self.walls):
            if a == axis:
                out.append((n, i, self.lo[axis][i]) if side == 0 else (i, n, -self.hi[axis][i]))
        return out

    def _solve_axis(self, cons: list, axis: int) -> tuple[list, dict]:
        n = len(self.boxes)
        desired = [(b.x if axis == 0 else b.y) for b in self.boxes] + [0.0]
        weights = list(self.weights) + [math.inf]
        pos, lm = desired[:n], {}
        # The wall is pinned, so it need not tie parts together: each part gets its own copy.
        label = _components(n, [(l, r) for l, r, _ in cons if l < n and r < n])
        parts: dict = {}
        for k, (l, r, _) in enumerate(cons):
            parts.setdefault(label[l if l < n else r], []).append(k)
        for ks in parts.values():
            key = (axis, tuple(sorted(cons[k] for k in ks)))
            if key not in self.memo:
                nodes = sorted({v for l, r, _ in key[1] for v in (l, r)})
                local = {v: i for i, v in enumerate(nodes)}
                seps = [Separation(local[l], local[r], g) for l, r, g in key[1]]
                try:
                    x, mult = solve_1d([desired[v] for v in nodes], [weights[v] for v in nodes], seps)
                except Infeasible as err:
                    raise _Cycle(axis, tuple(key[1][k] for k in err.cycle)) from None
                self.solves += 1
                self.memo[key] = ({v: x[local[v]] for v in nodes},
                                  {key[1][k]: m for k, m in mult.items()})
            xs, mult = self.memo[key]
            for v, x in xs.items():
                if v < n:
                    pos[v] = x
            lm.update(mult)
        return pos, lm

    def solve(self, choices: dict) -> tuple[list, dict, float]:
        """Centres for a fixed set of choices, the multiplier of each choice, the cost."""
        out, lm_of = [], {}
        for axis in (0, 1):
            cons = self._constraints(choices, axis)
            pos, lm = self._solve_axis(cons, axis)
            out.append(pos)
            for pair, c in choices.items():
                if c.axis == axis:
                    nx, ny = need(self.boxes[c.first], self.boxes[c.second], self.gap)
                    lm_of[pair] = lm.get((c.first, c.second, nx if axis == 0 else ny), 0.0)
        centres = list(zip(out[0], out[1]))
        cost = sum(w * ((x - b.x) ** 2 + (y - b.y) ** 2)
                   for w, b, (x, y) in zip(self.weights, self.boxes, centres))
        return centres, lm_of, cost

    def _outside(self, centres) -> set:
        out = set()
        for i, centre in enumerate(centres):
            for axis in (0, 1):
                if centre[axis] < self.lo[axis][i] - EPS:
                    out.add((i, axis, 0))
                if centre[axis] > self.hi[axis][i] + EPS:
                    out.add((i, axis, 1))
        return out

    def settle(self, choices: dict):
        """Solve; add a choice for each pair that still overlaps and a wall for each box
        outside the frame; repeat until neither happens. A set of separations that
        cannot hold together (a chain longer than the frame) has one pair turned to
        the other axis: the one that needs the least movement there."""
        turned: set = set()
        while True:
            try:
                centres, lm, cost = self.solve(choices)
            except _Cycle as cycle:
                self._turn(choices, cycle, turned)
                continue
            now = _moved(self.boxes, centres)
            new = [(i, j) for i, j in overlaps(now, self.gap) if (i, j) not in choices]
            walls = self._outside(centres) - self.walls
            if not new and not walls:
                return centres, lm, cost
            for i, j in new:
                choices[(i, j)] = _choose(self.boxes, now, i, j, self.gap)
            self.walls |= walls

    def _turn(self, choices: dict, cycle: _Cycle, turned: set) -> None:
        n, other = len(self.boxes), 1 - cycle.axis
        pairs = sorted({(min(l, r), max(l, r)) for l, r, _ in cycle.constraints if n not in (l, r)} - turned)
        if not pairs:
            raise KitError("the boxes do not fit inside the frame (or where they must stay)")

        def movement(pair):
            a, b = self.boxes[pair[0]], self.boxes[pair[1]]
            nx, ny = need(a, b, self.gap)
            return (nx - abs(a.x - b.x)) if other == 0 else (ny - abs(a.y - b.y))

        pair = min(pairs, key=lambda p: (movement(p), p))
        choices[pair] = _choice(self.boxes, pair[0], pair[1], other)
        turned.add(pair)


def _moved(boxes, centres):
    return [Box(x, y, b.width, b.height) for b, (x, y) in zip(boxes, centres)]


def relax(boxes: Sequence[Box], frame: tuple[float, float, float, float], gap: float = 0.0,
          weights: Sequence[float] | None = None, improve: int = 3,
          within: Sequence[tuple[float, float, float, float] | None] | None = None,
          tries: int | None = None) -> Relaxed:
    """New centres for `boxes` so that no two are closer than `gap` along both axes and
    all lie inside `frame` = (x0, y0, x1, y1), moving them as little as it can.

    Minimises Σ weight · |centre - original|² over the separation choices reached by
    `improve` rounds of local search (0: the first feasible choice), each trying the
    `tries` separations that push hardest (None: every tight one). `within[i]`, if
    given and not None, is a rectangle (x0, y0, x1, y1) that box i's centre must stay
    in. Boxes that do not overlap (and are where they may be) stay where they are.
    """
    boxes = tuple(boxes)
    weights = tuple(float(w) for w in weights) if weights is not None else (1.0,) * len(boxes)
    if any(not w > 0 or math.isinf(w) for w in weights):
        raise KitError("box weights must be positive and finite")
    # Work in a canonical order (by position), so the result does not depend on the
    # order the boxes were listed in; ties between equal boxes fall back to the index.
    order = sorted(range(len(boxes)), key=lambda i: (boxes[i].x, boxes[i].y, boxes[i].width,
                                                     boxes[i].height, weights[i], i))
    found = _relax([boxes[i] for i in order], frame, gap, [weights[i] for i in order], improve,
                   [within[i] for i in order] if within is not None else None, tries)
    back = {k: i for i, k in enumerate(order)}
    centres = tuple(found.centres[back[i]] for i in range(len(boxes)))
    choices = tuple(sorted((_unmap(c, order) for c in found.choices), key=lambda c: (c.first, c.second)))
    return Relaxed(centres, choices, found.cost, found.rounds)


def _unmap(c: Choice, order) -> Choice:
    return Choice(order[c.first], order[c.second], c.axis)


def _relax(boxes, frame, gap, weights, improve, within, tries) -> Relaxed:
    problem = _Problem(boxes, frame, gap, weights, within)
    choices = {(i, j): _choose(boxes, boxes, i, j, gap) for i, j in overlaps(boxes, gap)}
    centres, lm, cost = problem.settle(choices)
    seen = set()   # choice sets already tried: a rejected trial stays rejected
    for _ in range(improve):
        better = False
        for pair in sorted((p for p in lm if lm[p] > _LM_TOL), key=lambda p: (-lm[p], p))[:tries]:
            if lm.get(pair, 0.0) <= _LM_TOL:
                continue
            trial = dict(choices)
            trial[pair] = _choice(boxes, pair[0], pair[1], 1 - choices[pair].axis)
            signature = frozenset(trial.values())
            if signature in seen:
                continue
            seen.add(signature)
            try:
                t_centres, t_lm, t_cost = problem.settle(trial)
            except KitError:
                continue
            if t_cost < cost - 1e-9:
                choices, centres, lm, cost, better = trial, t_centres, t_lm, t_cost, True
        if not better:
            break
    ordered = tuple(choices[p] for p in sorted(choices))
    return Relaxed(tuple((float(x), float(y)) for x, y in centres), ordered, cost, problem.solves)
