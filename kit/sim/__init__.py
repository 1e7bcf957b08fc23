"""Running games and reporting them: the games loop and its workers, random draws, the
policy grammar, the report schema and text, sweeps, the report PDF, replay placement."""
