# C types for fastplay.py when Cython compiles it (setup.py; kit/sim/accel.py's mark covers this
# file too). The .py stays plain Python and the source of truth: these declarations give its
# ints C integers and its gains C doubles, which hold the same values (a gain is a Python
# float, a double; the ints are small counts and indices; masks are 64-bit: Kit.fits), and
# make Game's methods C calls. Integer / and // and % keep Python's meaning (no cdivision).
import cython

cdef long PILGRIM, MERCHANT, ARTIST, TEMPLE, GARDEN, TOWN, HOT_SPRING, SEASHORE
cdef long NOTHING, PAINT, GIFT, BOARD, PAINT_CAP, COPPER_PER_SLAB
cdef long P_PLUS, P_MINUS, DRAW_PLUS, SELL_PLUS, PAINT_PLUS, PAINT_PATH
cdef double TOKEN_WORTH, _NONE
cdef long long ONE
cdef tuple ALL_DICE, OTHERS


@cython.locals(i=Py_ssize_t, n=Py_ssize_t, k=long, j=Py_ssize_t)
cpdef _shuffle(list x, bits, tuple plan)

@cython.locals(copper=long, slabs=long, sell_plus=long, gw=double, room=long, sells=tuple, cps=long, top=long,
               copper_max=long, held=double, base=double, step=double, share=double, now=double, sale=list,
               k=long, value=long, after=double, total=long, won=long, c=long, x=double, base_won=double,
               step_won=double, most_drawn=long, draw_worth=double, last=long, drawn=list, n=long)
cpdef tuple _merchant_tables(kit, tuple key)


cdef class Game:
    cdef object kit, t, rules, seed, record, bits, order_rng
    cdef bint automa, figures_block, paint_plus_count, ending
    cdef double tie, v
    cdef tuple ring_kind, tsb, stb, cbit, paths, coastal, space_counts, town_counts, space_regions, town_regions
    cdef tuple artist_plain, paint_gain, gift_gain, paint_worth, artist_to, artist_path_to, merchant_to
    cdef tuple pilgrim_moves, sides, town_shop, tiles, shop_kind, shop_value, waves
    cdef object temple_gain, garden_gain, keep_order
    cdef dict merchant_worth, keeps
    cdef long n_ring, shrine_top, garden_top, n_slabs, hold, copper_max, town_coins, n_goods
    cdef long first, hot, draws, rnd, repeats, order_size
    cdef long pil[2]
    cdef long mer[2]
    cdef long art[2]
    cdef long shr[2]
    cdef long gar[2]
    cdef long cop[2]
    cdef long slb[2]
    cdef long pnt[2]
    cdef long gft[2]
    cdef long ranks[3]
    cdef list gds, bag, fxs, worths, merchant_last, order

    cdef more_goods_order(self, long at)

    @cython.locals(mer="long *", occ="long long", a="long long", b="long long", n_ring=long, d=long)
    cdef long stop(self, long s, long steps) except -1

    @cython.locals(pil="long *", mer="long *", a="long long", b="long long", c="long long", blocked="long long",
                   union="long long")
    cdef tuple dests_of(self, long s, long steps)

    @cython.locals(pil="long *", mer="long *", a="long long", b="long long", c="long long", d="long long")
    cdef long long counts_around(self, long s) except? -1

    @cython.locals(pil="long *", mer="long *")
    cdef tuple figure_regions(self, long s)

    @cython.locals(plus=long, plus_count=long, cap=long, n=long, dest=long, passed="long long", counts="long long",
                   a="long long", b="long long", c="long long", d="long long", e="long long", regions="long long")
    cdef list paint_counts(self, long s, tuple fx, targets)

    cdef list judge(self, long c, long s, tuple fx, long die)

    @cython.locals(d=long, kind=long, choices=tuple)
    cdef list g_pilgrim(self, long s, tuple fx, long die)

    cdef double stop_gain(self, long s, long kind) except? -1.0

    @cython.locals(tie=double, ring_kind=tuple, moves=tuple, best_v=double, v=double, steps=long, d=long, kind=long,
                   c=long)
    cdef list g_pilgrims(self, long s, tuple fx, long die)

    @cython.locals(pil="long *", mer="long *", union="long long", a="long long", b="long long", c="long long",
                   blocked="long long", plus=long, key="long long", by_blocked=dict, dests=tuple, last=tuple,
                   sale=tuple, drawn=tuple, town_shop=tuple, tie=double, best_v=double, v=double, d=long,
                   coast=bint, n=long)
    cdef list g_merchant(self, long s, tuple fx, long die)

    cdef tuple seat_worth(self, long s)

    @cython.locals(plain=tuple, to=tuple, painted=long, gifted=long, worth=tuple, tie=double, best_v=double,
                   v=double, c="long long", shift=long, wanted=long, gift=double, kind=long)
    cdef list g_artist(self, long s, tuple fx, long die)

    @cython.locals(to=tuple, painted=long, gifted=long, tiles=tuple, gains=tuple, wanted=long, gift=double,
                   plus=long, plus_count=long, cap=long, tie=double, best_v=double, v=double,
                   regions="long long", kind=long, n=long, a="long long", b="long long", c="long long",
                   d="long long", e="long long")
    cdef list g_artist_path(self, long s, tuple fx, long die)

    @cython.locals(ties=list)
    cdef tuple g_best(self, long s, long c, long die)

    @cython.locals(fx=tuple, tie=double, best_v=double, v=double, x=long, n=long, ties=list, k=long, r=long)
    cdef tuple g_pick(self, long seat, tuple left, tuple dice)

    @cython.locals(counts="long long", best=long, most=long, d=long, n=long)
    cdef tuple a_move(self, long s, long c, long die)

    @cython.locals(c=long, d=long, gain=long)
    cdef long a_gain(self, long s, tuple m) except -1

    cdef long a_pick(self, tuple left, tuple dice) except -1

    @cython.locals(d=long, gain=long, top=long)
    cdef a_turn(self, long seat, long c, long die, tuple m)

    @cython.locals(v=long, top=long)
    cdef climb(self, long track, long s)

    @cython.locals(kind=long)
    cdef apply_pilgrim(self, long s, long d, long choice)

    @cython.locals(bag=list, kind=long, used=long, total=long, order=list, draws=long, size=long, at=long,
                   drawn_n=list, pool_n=list, pool=tuple, kept=tuple)
    cdef tuple apply_merchant(self, long s, long d, long choice)

    @cython.locals(n=long, cap=long)
    cdef apply_artist(self, long s, long d, long choice, long long passed)

    @cython.locals(c=long, d=long)
    cdef tuple apply(self, long s, tuple m)

    @cython.locals(copper=long, slabs=long, n_slabs=long)
    cdef earn(self, long s, long earned)

    @cython.locals(held=bint, c=long, n=long, ties=list)
    cdef turn(self, long seat, long die, tuple m)

    @cython.locals(c=long, m=tuple)
    cdef long draft(self, long seat, tuple left, tuple dice) except -1

    @cython.locals(shrine=bint, garden=bint, slabs=bint, gifts=bint)
    cdef tuple fired(self)

    @cython.locals(automa=bint, round_limit=long, dice=tuple, a=long, b=long, c1=long, c2=long, c3=long, die=long,
                   f0=tuple, f1=tuple, f2=tuple, n0=long, n1=long, n2=long, k0=long,
                   k1=long, k2=long, r=long, x=long, y=long)
    cpdef play(self)

    cdef result(self, tuple ended)
