"""ツール・ド・ダイス: a dice race over a ring of course cards."""

from kit.games import lazy

COMMANDS = {
    "check": lazy("kit.games.tour_de_dice.check", "check"),
    "export": lazy("kit.games.tour_de_dice.check", "export"),
    "build": lazy("kit.games.tour_de_dice.build", "build"),
    "sim": lazy("kit.games.tour_de_dice.sim", "sim_command"),
}
