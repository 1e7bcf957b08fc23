"""ツール・ド・ダイス: a dice race over a ring of course cards."""

from kit.games import lazy

COMMANDS = {
    "check": lazy("kit.games.tour_de_dice.datacheck", "check"),
    "export": lazy("kit.games.tour_de_dice.datacheck", "export"),
    "build": lazy("kit.games.tour_de_dice.printables", "build"),
    "sim": lazy("kit.games.tour_de_dice.simulation", "sim_command"),
}
