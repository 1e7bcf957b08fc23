"""旧国名かるた: 68 old-province cards played onto a blank map of Japan.

Each command lives in its own module and is imported only when called, so
`kit check` does not pay for the PDF code and `kit sim` not for the map.
"""


def _check(ctx):
    from kit.games.karuta.check import check as run
    return run(ctx)


def _export(ctx):
    from kit.games.karuta.check import export as run
    return run(ctx)


def _layout(ctx, cards, as_json):
    from kit.games.karuta.layout import layout_command as run
    return run(ctx, cards, as_json)


def _build(ctx, **options):
    from kit.games.karuta.build import build as run
    return run(ctx, **options)


def _deal(ctx, players, seed):
    from kit.games.karuta.dealsheet import deal_command as run
    return run(ctx, players, seed)


def _sim(ctx, **options):
    from kit.games.karuta.sim import sim_command as run
    return run(ctx, **options)


def _replay(ctx, **options):
    from kit.games.karuta.replay import replay_command as run
    return run(ctx, **options)


COMMANDS = {"check": _check, "export": _export, "layout": _layout, "build": _build, "deal": _deal,
            "sim": _sim, "replay": _replay}
