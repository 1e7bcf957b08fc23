"""Simulating games: running them, and the players that search."""
