"""旧国名かるた: 68 old-province cards played onto a blank map of Japan.

Each command lives in its own module and is imported only when called, so
`kit check` does not pay for the PDF code and `kit sim` not for the map.
"""


def check(ctx):
    from kit.games.karuta.check import check as run
    return run(ctx)


def export(ctx):
    from kit.games.karuta.check import export as run
    return run(ctx)


def layout(ctx, cards, as_json):
    from kit.games.karuta.layout import layout_command as run
    return run(ctx, cards, as_json)


def build(ctx, **options):
    from kit.games.karuta.build import build as run
    return run(ctx, **options)


def deal(ctx, players, seed):
    from kit.games.karuta.dealsheet import deal_command as run
    return run(ctx, players, seed)


def sim(ctx, **options):
    from kit.games.karuta.sim import sim_command as run
    return run(ctx, **options)


def replay(ctx, **options):
    from kit.games.karuta.replay import replay_command as run
    return run(ctx, **options)
