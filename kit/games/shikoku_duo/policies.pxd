# C types of policies.py, read by Cython only (kit/sim/accel.py): the judging tables as C
# fields of Policy, its judging methods called in C, their gains as C doubles (every gain
# is a Python float) and their counters and indexes as C longs (board sizes and tracks).
# Masks and anything else whose size the data sets stay Python objects.

import cython

from kit.games.shikoku_duo.rules cimport Tables

# Constants, as C values: the names rules.py gives them and policies.py's own worths (none of
# them is read from policies by another module; a C global is not a module attribute).
cdef long ARTIST, COPPER_PER_SLAB, DRAW_PLUS, GARDEN, GIFT, HOT_SPRING, MERCHANT, NOTHING, PAINT
cdef long PAINT_PATH, PAINT_PLUS, PILGRIM, SEASHORE, SELL_PLUS, TEMPLE, TOWN
cdef tuple NO_EFFECTS
cdef double GOODS_SHARE, TILE_WORTH, DOWN_WORTH, TRACK_STEP, TOKEN_WORTH, _NONE


cdef class Policy:
    cdef public Tables t
    cdef public object _plan
    cdef public tuple _merchant_last, _row_last
    cdef public dict _goods, _merchant_rows, _plus_gains
    cdef public list worth, pilgrim_v, paint_gains, gift_gains, temple_gain, garden_gain, slab_base, slab_step
    cdef public list keep_order
    cdef public tuple artist_moves, moves
    cdef public double mean_draw, draw_worth

    cpdef double merchant_v(self, long slabs, double copper)

    @cython.locals(left=cython.long, share=cython.double)
    cpdef double _with_copper(self, long copper, long slabs, long earned, double goods_copper)

    cpdef tuple merchant_row(self, p, long sell_plus)


    cpdef tuple best(self, rules, state, int seat, int character, int die, rng)

    @cython.locals(t=Tables, best_v=cython.double, v=cython.double, kind=cython.long, steps=cython.long, d=cython.long,
                   c=cython.long, shrine=cython.long, garden=cython.long, automa=cython.bint, ties=list)
    cpdef tuple _pilgrim(self, rules, state, int seat, p, fx, int die)

    @cython.locals(t=Tables, best_v=cython.double, v=cython.double, room=cython.long, n=cython.long, k=cython.long,
                   d=cython.long, plus=cython.long, ties=list, sales=tuple, drawn=tuple, row=tuple, last=tuple)
    cpdef tuple _merchant(self, rules, state, int seat, p, fx, int die)

    @cython.locals(best_v=cython.double, v=cython.double, now=cython.double, mountain=cython.double,
                   held_worth=cython.double, d=cython.long, ties=list)
    cpdef tuple _automa_merchant(self, p, tuple dests, tuple moves)

    @cython.locals(t=Tables, best_v=cython.double, v=cython.double, gift=cython.double, painted=cython.long,
                   gifted=cython.long, wanted=cython.long, kind=cython.long, shift=cython.long, ties=list,
                   gains=tuple, by_figures=tuple)
    cpdef tuple _artist(self, rules, state, int seat, p, fx, int die)

    cpdef tuple plus_gains(self, rules, p, fx)

    @cython.locals(best_v=cython.double, v=cython.double, c=cython.long, best=list)
    cpdef pick(self, Tables t, rules, state, int seat, dice, left, rng)
