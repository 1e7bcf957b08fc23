"""四国デュオ: a two-player journey round Shikoku (pilgrim, merchant and artist)."""

from kit.games import Command, Game

GAME = Game(
    name="shikoku-duo",
    title="四国デュオ: a two-player dice-drafting journey round Shikoku",
    package="kit.games.shikoku_duo",
    commands=(
        Command("check", "check:check", ("layout", "map", "font", "rule", "strict")),
        Command("export", "check:export", ("map", "rule")),
        Command("build", "build:build", ("paper", "out", "layout", "map", "font", "rule", "print-shop")),
    ),
    data_files=("board.yaml", "components.yaml", "waves.yaml"),
    pieces=("board", "ring_space", "mountain_town", "pilgrim_board", "merchant_board", "artist_board",
            "painting_tile", "wave_tile", "goods_token", "shop_token", "gold_slab", "coin", "hot_spring_token",
            "rank_marker", "standee", "die_sticker", "player_aid", "automa_board"),
    products=("board.pdf", "board-overview.pdf", "player-boards.pdf", "tiles.pdf", "tokens.pdf",
              "dice-stickers.pdf", "player-aid.pdf", "automa.pdf", "score-pad.pdf", "progress-sheet.pdf",
              "alignment.pdf"),
    layout_settings=("board_tiles", "map", "progress_sheet"),
)
