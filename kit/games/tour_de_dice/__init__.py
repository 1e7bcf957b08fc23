"""ツール・ド・ダイス: a dice race over a ring of course cards."""

from kit.games import Command, Game

GAME = Game(
    name="tour-de-dice",
    title="ツール・ド・ダイス: a dice race over a ring of course cards",
    package="kit.games.tour_de_dice",
    commands=(
        Command("check", "check:check", ("card", "layout", "rule", "strict")),
        Command("export", "check:export", ("rule",)),
        Command("build", "build:build", ("paper", "card", "out", "layout", "font", "rule")),
        Command("sim", "sim:sim_command", (
            "games", "players", "seed", "policy", "rule", "workers", "json", "report", "font",
        )),
    ),
    data_files=("course.yaml", "pieces.yaml", "rules.yaml"),
    pieces=("card", "marker"),
    layout_settings=("progress_sheet",),
    products=("cards.pdf", "markers.pdf", "course-preview.pdf", "progress-sheet.pdf", "alignment.pdf"),
)
