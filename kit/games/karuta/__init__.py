"""旧国名かるた: 68 old-province cards played onto a blank map of Japan."""

from kit.games import lazy

COMMANDS = {
    "check": lazy("kit.games.karuta.check", "check"),
    "export": lazy("kit.games.karuta.check", "export"),
    "layout": lazy("kit.games.karuta.layout", "layout_command"),
    "build": lazy("kit.games.karuta.build", "build"),
    "deal": lazy("kit.games.karuta.dealsheet", "deal_command"),
    "sim": lazy("kit.games.karuta.sim", "sim_command"),
    "replay": lazy("kit.games.karuta.replay", "replay_command"),
}
