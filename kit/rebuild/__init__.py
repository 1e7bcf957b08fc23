"""Making again only what changed: memo steps that record what they read, the cache kept
between runs, and the watch that rebuilds on save."""
