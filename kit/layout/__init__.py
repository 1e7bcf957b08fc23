"""Where things go on the page and on the table: slot relaxation, leaders, map geometry, fit."""
