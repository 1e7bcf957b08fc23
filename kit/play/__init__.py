"""`kit play --game G`: a game at a table in the browser, against kit's own players.

The shell (this package) serves pages and WebSockets; each game's `table.py` adapts the
game's one engine to it. A game's table module provides:

- `open_match(ctx, players, policy, seed) -> Match`, and `Match` with
  - `players`, `policies` (a name per seat, kit's policy grammar), `game`, `seed`;
  - `board_svg()`: the board as SVG, drawn from the layout values the PDFs use; every
    place a move may name carries `data-key="KEY"`;
  - `to_act()`: the seat to move (0-based) or None when the game is over;
  - `legal()`: the moves of the seat to act, as plain JSON values
    `{"steps": [KEY, ...], "label": text, "step_labels": [text, ...]}`; a move is chosen step
    by step, each step a place on the board or a piece in the hand;
  - `play(move)`: applies one of `legal()` (the shell checks that it is one);
  - `ai_move()`: `(move, reason)` for the seat to act, from its policy;
  - `view(seat)`: what `seat` (None: a spectator) may see, as plain JSON values, with
    `colours`: each seat's colours (its pieces, its cards on the board) for its swatch;
  - `log_text()`: the game so far in the format `kit replay --game G` reads;
  - `logged_moves(doc, humans)`: the moves of a log read back, to resume a game from its save
    (`humans`: the seats people play; the others' policies are asked again as they were);
  - `replay_text(path)`: `kit replay`'s report of the log at `path`, in English and Japanese
    ({"en": ..., "ja": ...}; `kit replay` prints the English).

Every text a player reads (a label, a reason, the view's `info`, `hint`, `result`) is
kit.play.words' `{"en": ..., "ja": ...}`, worded in the names the printed pieces use, or a plain
string the same in both (a card's kanji); the page shows its own language's. The log stays in
the notation `kit replay` reads.
"""
