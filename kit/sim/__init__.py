"""Simulation shared by every game: game-quality measures, the ladder of policies, clusters."""
