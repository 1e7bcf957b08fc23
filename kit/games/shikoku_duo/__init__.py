"""四国デュオ: a two-player journey round Shikoku (pilgrim, merchant and artist)."""

from kit.games import lazy

COMMANDS = {
    "check": lazy("kit.games.shikoku_duo.check", "check"),
    "export": lazy("kit.games.shikoku_duo.check", "export"),
}
