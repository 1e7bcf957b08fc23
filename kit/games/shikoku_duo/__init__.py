"""四国デュオ: a two-player journey round Shikoku (pilgrim, merchant and artist)."""

from kit.games import Command, Game, Opt

GAME = Game(
    name="shikoku-duo",
    title="四国デュオ: a two-player dice-drafting journey round Shikoku",
    package="kit.games.shikoku_duo",
    commands=(
        Command("check", "check:check", ("layout", "map", "font", "rule", "strict")),
        Command("export", "check:export", ("map", "rule")),
        Command("build", "build:build", ("paper", "out", "layout", "map", "font", "rule", "print-shop")),
        Command("sim", "sim:sim_command", (
            "games", "players", "seed", "policy", "rule", "preset", "vary", "workers", "json", "report",
            Opt("paper", "Paper of the report: A4, A3 or Letter (default from the layout), turned landscape.",
                to="ctx"),
            "map", "font",
        )),
        Command("replay", "replay:replay_command", (
            Opt("log", "The transcribed game (YAML).", kind="argument"),
            Opt("games", "Simulated games of the same setup to compare with.", kind="int", default=2000,
                minimum=1, show_default=True),
            Opt("policy", "AI policy for the comparison games."),
            "workers", "rule", "map",
        )),
    ),
    data_files=("board.yaml", "components.yaml", "waves.yaml", "rules.yaml", "automa.yaml"),
    pieces=("board", "ring_space", "mountain_town", "pilgrim_board", "merchant_board", "artist_board",
            "painting_tile", "wave_tile", "goods_token", "shop_token", "gold_slab", "coin", "hot_spring_token",
            "rank_marker", "standee", "die_sticker", "player_aid", "automa_board"),
    products=("board.pdf", "board-overview.pdf", "player-boards.pdf", "tiles.pdf", "tokens.pdf",
              "dice-stickers.pdf", "player-aid.pdf", "automa.pdf", "score-pad.pdf", "progress-sheet.pdf",
              "alignment.pdf"),
    layout_settings=("board_tiles", "map", "progress_sheet"),
)
