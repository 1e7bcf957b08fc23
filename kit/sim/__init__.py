"""Running games and reporting them: the games loop and its workers (or a cluster), random draws, the
policy grammar, the searching player's playouts, the report schema and text, game quality, sweeps,
ladders, the report PDF, replay placement."""
