"""ツール・ド・ダイス: a dice race over a ring of course cards."""

from kit.games import PLAY_OPTIONS, SIM_OPTIONS, Command, Game, Opt, replay_games, replay_policy

GAME = Game(
    name="tour-de-dice",
    title="ツール・ド・ダイス: a dice race over a ring of course cards",
    package="kit.games.tour_de_dice",
    commands=(
        Command("check", "check:check", ("card", "layout", "font", "rule", "preset", "strict")),
        Command("export", "check:export", ("rule", "preset")),
        Command("build", "build:build", ("paper", "card", "out", "layout", "font", "rule", "preset",
                                         "print-shop", "lang")),
        Command("sim", "sim:SIM", (
            *SIM_OPTIONS, "font",
        )),
        Command("replay", "replay:replay_report", (
            Opt("log", "The race copied from its progress sheet (YAML).", kind="argument"),
            replay_games("races"),
            replay_policy("races"),
            "workers", "rule", "preset",
        )),
        Command("play", "table:play", (
            Opt("players", "Number of players (default from the rules).", kind="int", short="-n", minimum=2,
                maximum=6),
            *PLAY_OPTIONS,
        )),
    ),
    policies=("bold", "careful", "patient", "drafting", "hints", "search"),  # policies.POLICIES, policies.DEFAULT first
    data_files=("course.yaml", "pieces.yaml", "rules.yaml", "rulebook.yaml"),
    card="card",
    pieces=("card", "marker"),
    layout_settings=("progress_sheet",),
    products=("cards.pdf", "markers.pdf", "course-preview.pdf", *(f"progress-sheet-{n}p.pdf" for n in range(2, 7)),
              "progress-sheet-rule2.pdf", "alignment.pdf", "rules.pdf"),
    compiled=("play", "policies", "rules", "turns"),
)
