"""ツール・ド・ダイス: a dice race over a ring of course cards."""

from kit.games import MAX_GAMES, SHARED, Command, Game, Opt

GAME = Game(
    name="tour-de-dice",
    title="ツール・ド・ダイス: a dice race over a ring of course cards",
    package="kit.games.tour_de_dice",
    commands=(
        Command("check", "check:check", ("card", "layout", "rule", "preset", "strict")),
        Command("export", "check:export", ("rule", "preset")),
        Command("build", "build:build", ("paper", "card", "out", "layout", "font", "rule", "preset",
                                         "print-shop")),
        Command("sim", "sim:sim_command", (
            "games", "players", "seed", "policy", "rule", "preset", "vary", "workers", "json", "report",
            Opt("paper", "Paper of the report: A4, A3 or Letter (default from the layout), turned landscape.",
                to="ctx"),
            "font",
        )),
        Command("replay", "replay:replay_command", (
            Opt("log", "The race copied from its progress sheet (YAML).", kind="argument"),
            Opt("games", "Simulated races to compare with (1 to 1,000,000).", kind="int", default=2000,
                minimum=1, maximum=MAX_GAMES, show_default=True),
            Opt("policy", "AI policy for the comparison races: " + SHARED["policy"].help),
            "workers", "rule", "preset",
        )),
    ),
    data_files=("course.yaml", "pieces.yaml", "rules.yaml"),
    pieces=("card", "marker"),
    layout_settings=("progress_sheet",),
    products=("cards.pdf", "markers.pdf", "course-preview.pdf", "progress-sheet.pdf", "alignment.pdf"),
)
