"""shikoku-duo: a two-player journey round Shikoku (dice drafting for a pilgrim, a merchant and an artist)."""
