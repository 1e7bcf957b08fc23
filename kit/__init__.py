"""kit: print-and-play generator and hand-playtest kit."""

from kit import accel

__version__ = "0.1.0"

accel.install()     # before any compiled module is imported: a stale one is not used
