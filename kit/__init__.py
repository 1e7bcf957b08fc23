"""kit: print-and-play generator and hand-playtest kit."""

import os

from kit.sim import accel

__version__ = "0.1.0"

accel.install()     # before any compiled module is imported: a stale one is not used

# numpy (under shapely) starts a BLAS thread per core at import, which spins for about
# 0.15 s of CPU; kit's arrays are a map's few thousand points and never need it. Set before
# numpy can be imported; a value the user set stands.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
