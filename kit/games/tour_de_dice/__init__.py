"""ツール・ド・ダイス: a dice race over a ring of course cards.

Each command lives in its own module and is imported only when called, so
`kit check` does not pay for the PDF code and `kit build` not for the simulator.
"""


def check(ctx):
    from kit.games.tour_de_dice.datacheck import check as run
    return run(ctx)


def export(ctx):
    from kit.games.tour_de_dice.datacheck import export as run
    return run(ctx)


def build(ctx, **options):
    from kit.games.tour_de_dice.printables import build as run
    return run(ctx, **options)


def sim(ctx, **options):
    from kit.games.tour_de_dice.simulation import sim_command as run
    return run(ctx, **options)

# The command modules are named unlike the functions above (datacheck, not check):
# importing a submodule sets it as an attribute of this package, which would replace
# the function of the same name.


COMMANDS = {"check": check, "export": export, "build": build, "sim": sim}
