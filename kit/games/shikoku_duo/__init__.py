"""四国デュオ: a two-player journey round Shikoku (pilgrim, merchant and artist)."""

from kit.games import PLAY_OPTIONS, SIM_OPTIONS, Command, Game, Opt, replay_games, replay_policy

GAME = Game(
    name="shikoku-duo",
    title="四国デュオ: a two-player dice-drafting journey round Shikoku",
    package="kit.games.shikoku_duo",
    commands=(
        Command("check", "check:check", ("layout", "map", "font", "rule", "preset", "strict")),
        Command("export", "check:export", ("map", "rule", "preset")),
        Command("build", "build:build", ("paper", "out", "layout", "map", "font", "rule", "preset", "print-shop",
                                         "lang")),
        Command("deal", "dealsheet:deal_command", (
            "paper", "out", "layout", "map", "font", "rule", "preset",
            Opt("seed", "The game's seed: its setup and goods order (game k of `kit sim --seed S` is seed S+k).",
                kind="int", required=True),
        )),
        Command("sim", "sim:SIM", (
            *SIM_OPTIONS, "map", "font",
        )),
        Command("replay", "replay:replay_report", (
            Opt("log", "The transcribed game (YAML).", kind="argument"),
            replay_games("games of the same setup"),
            replay_policy("games"),
            "workers", "rule", "preset", "map",
        )),
        Command("play", "table:play", (
            Opt("players", "1 (against the Automa, seat 2) or 2 (default from the rules).", kind="int", short="-n",
                minimum=1, maximum=2),
            *PLAY_OPTIONS, "map",
        )),
    ),
    policies=("greedy", "random", "planner", "search"),  # policies.POLICIES, policies.DEFAULT first
    data_files=("board.yaml", "components.yaml", "waves.yaml", "rules.yaml", "automa.yaml", "rulebook.yaml"),
    pieces=("board", "ring_space", "mountain_town", "pilgrim_board", "merchant_board", "artist_board",
            "painting_tile", "wave_tile", "goods_token", "shop_token", "gold_slab", "coin", "hot_spring_token",
            "rank_marker", "standee", "die_sticker", "player_aid", "automa_board"),
    products=("board.pdf", "board-overview.pdf", "player-boards.pdf", "tiles.pdf", "tokens.pdf",
              "dice-stickers.pdf", "player-aid.pdf", "automa.pdf", "score-pad.pdf", "progress-sheet-duo.pdf",
              "progress-sheet-solo.pdf", "alignment.pdf", "rules.pdf"),
    layout_settings=("board_tiles", "map", "progress_sheet", "dice"),
    compiled=("rules", "policies", "automa"),
)
