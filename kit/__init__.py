"""kit: print-and-play generator and hand-playtest kit."""

__version__ = "0.1.0"
