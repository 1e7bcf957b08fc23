# C types of rules.py, read by Cython only (kit/sim/accel.py): the engine's functions called
# in C from one another, their counters, indexes, tracks and copper as C longs (the board's
# sizes and the rules' tracks are small). Masks, whose width the board sets, stay Python ints.

import cython


@cython.locals(c=cython.long, e=cython.long, amount=cython.long)
cpdef tuple effects(t, state, int seat)

@cython.locals(n=cython.long, start=cython.long, steps=cython.long, at=cython.long)
cpdef list pilgrim_stops(t, rules, state, int seat, fx, int die)

cpdef tuple merchant_dests(t, rules, state, int seat, int steps)

cpdef tuple figure_regions(t, state, int seat)

cpdef figure_counts(t, state, int seat)

@cython.locals(plus=cython.long)
cpdef tuple paint_limits(rules, p, fx)

@cython.locals(i=cython.long, dest=cython.long)
cpdef figure_counts_via(t, state, int seat, targets)

@cython.locals(plus_count=cython.long, cap=cython.long, shift=cython.long)
cpdef list paint_counts(t, rules, state, int seat, fx, targets)

cpdef long paint_tiles(long figures, long plus_count, long cap)

cpdef paint_count(t, rules, state, int seat, int dest, passed)

@cython.locals(p=cython.long, m=cython.long, a=cython.long, pn=cython.long, pk=cython.long, mn=cython.long,
               mk=cython.long, an=cython.long, ak=cython.long)
cpdef tuple roll(t, rng)

cpdef _put(nt, Py_ssize_t i, value)

cpdef tuple _earn(t, long copper, long slabs, long earned)

@cython.locals(total=cython.long, at=cython.long, i=cython.long, kind=cython.long, size=cython.long,
               bag=list, drawn=list, entries=list)
cpdef tuple draw_from(t, state, long n)

@cython.locals(c=cython.long, d=cython.long, choice=cython.long, kind=cython.long, value=cython.long,
               pilgrim=cython.long, merchant=cython.long, artist=cython.long, shrine=cython.long,
               garden=cython.long, copper=cython.long, slabs=cython.long, painted=cython.long,
               gifted=cython.long, draws=cython.long, used=cython.long)
cpdef tuple apply(t, rules, state, int seat, move, keep=*)

cpdef spend_hot(state)

@cython.locals(held=cython.bint, repeat=cython.bint, dest=cython.long)
cpdef tuple play_die(t, rules, state, int seat, int character, int die, who, rng, record=*)
