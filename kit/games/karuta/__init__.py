"""旧国名かるた: 68 old-province cards played onto a blank map of Japan."""

from kit.games import PLAY_OPTIONS, SIM_OPTIONS, Command, Game, Opt, replay_games, replay_policy

GAME = Game(
    name="karuta",
    title="旧国名かるた: 68 old-province cards played onto a blank map of Japan",
    package="kit.games.karuta",
    commands=(
        Command("check", "check:check", ("card", "layout", "map", "font", "rule", "preset", "strict")),
        Command("export", "check:export", ("map", "rule", "preset")),
        Command("build", "build:build", (
            "paper", "card", "out", "layout", "map", "font", "rule", "preset", "print-shop", "lang",
            Opt("corner-index", "Print a small index in the card corners, for reading a fanned hand.",
                kind="switch"),
        )),
        Command("layout", "layout:layout_command", (
            "layout", "map",
            Opt("card", "Card size WxH to lay out (repeatable; default: the sizes the layout compares).",
                kind="size", multiple=True, dest="cards"),
            "json",
        )),
        Command("deal", "dealsheet:deal_command", (
            "paper", "out", "layout", "font", "rule", "preset",
            Opt("players", "Number of players.", kind="int", short="-n", required=True, minimum=2,
                maximum=4),  # karuta's table sizes (kit.games.karuta.options.PLAYERS)
            Opt("seed", "Deal seed (game k of `kit sim --seed S` is seed S+k).", kind="int", required=True),
        )),
        Command("sim", "sim:SIM", (
            *SIM_OPTIONS, "map", "font",
        )),
        Command("replay", "replay:replay_report", (
            Opt("log", "The transcribed game (YAML).", kind="argument"),
            replay_games("games of the same deal"),
            replay_policy("games"),
            "workers", "rule", "preset",
        )),
        Command("play", "table:play", (
            Opt("players", "Number of players.", kind="int", short="-n", minimum=2, maximum=4),
            *PLAY_OPTIONS, "map",
        )),
    ),
    policies=("greedy", "random", "foresight", "search"),  # policies.POLICIES, policies.DEFAULT first
    data_files=("provinces.yaml", "regions.yaml", "adjacency.yaml", "highways.yaml", "sea_routes.yaml", "rules.yaml",
                "map_differences.yaml", "rulebook.yaml"),
    card="card",
    pieces=("card",),
    layout_settings=("board", "map", "compared_cards", "progress_sheet"),
    products=("board.pdf", "board-overview.pdf", "board-key.pdf", "cards.pdf", "card-sizes.pdf",
              "progress-sheet-2p.pdf", "progress-sheet-3p.pdf", "progress-sheet-4p.pdf", "player-aid.pdf",
              "rules.pdf"),
    compiled=("rules", "policies"),
)
