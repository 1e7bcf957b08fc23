# C types of rules.py, read by Cython only (kit/sim/accel.py): the engine's functions called
# in C from one another, their counters, indexes, tracks and copper as C longs (the board's
# sizes and the rules' tracks are small). Masks, whose width the board sets, stay Python ints.

import cython


# The board's tables as a C class: the engine's functions below take it typed, so reading a
# table is a C field, not an attribute looked up by name (rules.py's dataclass, field for field).
cdef class Tables:
    cdef readonly tuple ring_names, ring_kind, ring_town, town_names, town_coastal, town_value, town_ring, coastal
    cdef readonly tuple region_names, region_painting, region_spaces, region_towns
    cdef readonly tuple merchant_paths, artist_paths, artist_via, artist_plain, dice, goods_names, goods_counts, shops
    cdef readonly long town_coins
    cdef readonly tuple shrine_track, garden_track, slabs, artist_slots, painting_names, paintings
    cdef readonly long hold, copper_max
    cdef readonly tuple wave_names, wave_effects
    cdef readonly long max_steps, pilgrim_most, draw_most
    cdef readonly tuple space_regions, town_regions, space_town_bit, town_space_bit, coastal_bit
    cdef readonly tuple space_counts, town_counts
    cdef readonly long shrine_top, garden_top, slabs_top
    cdef readonly tuple dice_draws, gift_points
    cdef readonly dict fx_cache



@cython.locals(c=cython.long, e=cython.long, amount=cython.long)
cpdef tuple effects(Tables t, state, int seat)

@cython.locals(n=cython.long, start=cython.long, steps=cython.long, at=cython.long)
cpdef list pilgrim_stops(Tables t, rules, state, int seat, fx, int die)

cpdef tuple merchant_dests(Tables t, rules, state, int seat, int steps)

cpdef tuple figure_regions(Tables t, state, int seat)

cpdef figure_counts(Tables t, state, int seat)

@cython.locals(plus=cython.long)
cpdef tuple paint_limits(rules, p, fx)

@cython.locals(cap=cython.long)
cpdef long paint_cap(long plus, long face_down)

@cython.locals(i=cython.long, dest=cython.long)
cpdef figure_counts_via(Tables t, state, int seat, targets)

@cython.locals(plus_count=cython.long, cap=cython.long, shift=cython.long)
cpdef list paint_counts(Tables t, rules, state, int seat, fx, targets)

cpdef long paint_tiles(long figures, long plus_count, long cap)

cpdef paint_count(Tables t, rules, state, int seat, int dest, passed)

@cython.locals(p=cython.long, m=cython.long, a=cython.long, pn=cython.long, pk=cython.long, mn=cython.long,
               mk=cython.long, an=cython.long, ak=cython.long)
cpdef tuple roll(Tables t, rng)

cpdef _put(nt, Py_ssize_t i, value)

@cython.locals(top=cython.long)
cpdef tuple _earn(Tables t, long copper, long slabs, long earned)

@cython.locals(total=cython.long, at=cython.long, i=cython.long, kind=cython.long, size=cython.long,
               bag=list, drawn=list, entries=list)
cpdef tuple draw_from(Tables t, state, long n)

@cython.locals(c=cython.long, d=cython.long, choice=cython.long, kind=cython.long, value=cython.long,
               pilgrim=cython.long, merchant=cython.long, artist=cython.long, shrine=cython.long,
               garden=cython.long, copper=cython.long, slabs=cython.long, painted=cython.long,
               gifted=cython.long, draws=cython.long, used=cython.long)
cpdef tuple apply(Tables t, rules, state, int seat, move, keep=*)

cpdef spend_hot(state)

@cython.locals(held=cython.bint, repeat=cython.bint, dest=cython.long)
cpdef tuple play_die(Tables t, rules, state, int seat, int character, int die, who, rng, record=*)
