"""Every game goes through its declaration (kit/games/NAME/__init__.py: GAME).

The command line offers a game exactly the options it declares, every declared
option reaches the game's function, an option the game does not take is refused,
and every option is documented.
"""

import ast
import inspect
import subprocess
import sys
import textwrap
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from conftest import ROOT, shipped_layout

import functools

from kit.cli import click_param, implementation, main
from kit.games import SHARED, games


def function_of(game, verb):
    """The function a command runs and the parameters the command line fills: for a Simulator's
    `sim`, the shared sim_command less the Simulator it is handed."""
    fn = implementation(games()[game], games()[game].command(verb))
    bound = fn.keywords if isinstance(fn, functools.partial) else {}
    fn = inspect.unwrap(fn.func if isinstance(fn, functools.partial) else fn)
    return fn, [p for p in inspect.signature(fn).parameters if p not in bound]

COMMANDS = [(g.name, c.verb) for g in games().values() for c in g.commands]


def run(*args):
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def option_strings(opts):
    out = set()
    for o in opts:
        p = click_param(o)
        out.update(p.opts)
        out.update(getattr(p, "secondary_opts", ()))
    return {s for s in out if s.startswith("-")}


def declared(game, verb):
    return games()[game].command(verb).opts()


def test_every_game_folder_declares_its_game_and_ships_its_data():
    import kit.games

    folders = sorted(p.parent.name for p in Path(kit.games.__path__[0]).glob("*/__init__.py"))
    assert folders and sorted(g.package.rpartition(".")[2] for g in games().values()) == folders
    shared = {"maps"}           # data every game may read, not a game's own folder
    assert {p.name for p in (ROOT / "data").iterdir() if p.is_dir()} == set(games()) | shared
    for game in games().values():
        assert game.title and game.commands and game.package.startswith("kit.games.")
        assert len(set(game.verbs)) == len(game.verbs)
        for name in game.data_files:
            assert (ROOT / "data" / game.name / name).is_file(), f"{game.name} declares data/{game.name}/{name}"
        if game.pieces:     # the shipped layout holds exactly the pieces the game declares
            assert {p.name for p in shipped_layout(game.name).pieces} == set(game.pieces)


@pytest.mark.parametrize("game,verb", COMMANDS)
def test_every_call_option_is_a_parameter_of_the_game_function(game, verb):
    """An option handed to the function that it does not take, or a parameter no option
    fills, is caught here: the declaration and the function agree."""
    fn, params = function_of(game, verb)
    assert params[0] == "ctx"
    calls = {o.param for o in declared(game, verb) if o.to == "call"}
    assert set(params[1:]) == calls


@pytest.mark.parametrize("game,verb", COMMANDS)
def test_help_lists_exactly_the_declared_options_each_documented(game, verb):
    code, out = run(verb, "--game", game, "--help")
    assert code == 0
    mine = option_strings(declared(game, verb))
    others = option_strings([o for g in games().values() for c in g.commands for o in c.opts()]
                            + list(SHARED.values())) - mine
    words = set(out.replace(",", " ").split())
    assert mine <= words
    assert not (others & words), f"{verb} --game {game} --help shows options of other games"
    for o in declared(game, verb):
        assert o.kind == "argument" or o.help.strip(), f"--{o.name} of {game} {verb} has no help"


def test_every_command_line_option_has_help():
    for verb in main.list_commands(None):
        cmd = main.get_command(None, verb)
        with click.Context(cmd) as ctx:
            for p in cmd.get_params(ctx):
                if isinstance(p, click.Option):
                    assert p.help and p.help.strip(), f"kit {verb} {p.opts[0]} has no help"


def test_every_command_that_takes_rule_overrides_takes_a_preset_too():
    # --rule and --preset go together: every command that takes one takes the other.
    for game, verb in COMMANDS:
        names = {o.name for o in declared(game, verb)}
        assert ("rule" in names) == ("preset" in names), (game, verb)


def test_an_option_shared_by_games_is_described_alike_in_each():
    # replay --policy read "AI policy for the comparison games: AI policy: one name ..." in
    # karuta and tour-de-dice, and named no grammar at all in shikoku-duo, which takes the same.
    from kit.games import POLICY_GRAMMAR

    helps = {g: o.help for g, verb in COMMANDS if verb == "replay" for o in declared(g, verb) if o.name == "policy"}
    assert set(helps) == {"karuta", "tour-de-dice", "shikoku-duo"}
    for game, text in helps.items():
        assert text.endswith(POLICY_GRAMMAR) and text.count("AI policy") == 1, (game, text)


@pytest.mark.parametrize("game,verb", COMMANDS)
def test_an_option_the_game_does_not_take_is_refused_in_one_line(game, verb):
    mine = option_strings(declared(game, verb)) | {"--help", "-h", "--game", "-g"}
    every = option_strings([o for g in games().values() for c in g.commands for o in c.opts()])
    for flag in sorted(every - mine):
        code, out = run(verb, "--game", game, flag, "1")
        assert code == 2, (verb, game, flag)
        assert len(out.strip().splitlines()) == 1 and f"takes no {flag}" in out


def test_karutas_board_and_map_options_are_refused_for_tour_de_dice():
    code, out = run("build", "--game", "tour-de-dice", "--corner-index")
    assert code == 2 and out.startswith("error: --corner-index: kit build --game tour-de-dice takes no --corner-index;")
    code, out = run("build", "--game", "tour-de-dice", "--map", "/nonexistent.svg")
    assert code == 2 and "takes no --map" in out


def test_a_command_the_game_lacks_is_refused():
    lacking = [(g, v) for v in main.list_commands(None) for g in games() if not games()[g].command(v)]
    for game, verb in lacking:
        code, out = run(verb, "--game", game)
        assert code == 2 and f"{game} has no `{verb}` command" in out


def test_top_help_says_which_games_have_each_command():
    code, out = run("--help")
    assert code == 0
    for verb in main.list_commands(None):
        assert verb in out
    assert "[karuta]" in " ".join(out.split())


def test_reading_the_declarations_imports_no_game_code():
    """`kit --help` and `kit check` do not pay for the PDF or simulation code."""
    probe = ("import sys, kit.cli; from kit.games import games; games(); "
             "print(sorted(m for m in sys.modules if m.startswith('kit.games.') and m.count('.') > 2))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


@pytest.mark.parametrize("game", sorted(games()))
def test_kit_sim_loads_no_drawing(game):
    """`kit sim` without --report draws nothing, so it pays for neither reportlab nor kit.draw."""
    run = subprocess.run([sys.executable, "-X", "importtime", "-m", "kit", "sim", "--game", game,
                          "--games", "2", "--workers", "1", "--json"], capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    loaded = {line.rpartition("|")[2].strip() for line in run.stderr.splitlines() if line.startswith("import time:")}
    assert "kit.cli" in loaded and "kit.sim.simulate" in loaded
    assert not {m for m in loaded if m.split(".")[0] == "reportlab" or m.startswith("kit.draw")}


@pytest.mark.parametrize("game,verb", COMMANDS)
def test_every_call_option_is_read_by_the_game_function(game, verb):
    """A parameter the function never reads is an option that does nothing."""
    fn, _ = function_of(game, verb)
    tree = ast.parse(textwrap.dedent(inspect.getsource(fn)))
    read = {n.id for n in ast.walk(tree.body[0]) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    for o in declared(game, verb):
        if o.to == "call":
            assert o.param in read, f"{game} {verb}: --{o.name} reaches {fn.__name__} but is never read"


# Which Context field each context option ends up in; the game must read it.
READS = {"paper": "layout", "card": "layout", "layout": "layout", "font": "font", "rule": "rules", "preset": "rules",
         "map": "map_option", "out": "out_dir", "print-shop": "layout"}

# The least each command needs to run quickly; every other declared option is left unset.
ARGS = {
    "deal": ["--players", "2", "--seed", "1"],
    "sim": ["--games", "2", "--workers", "1"],
    "replay": ["--games", "2", "--workers", "1"],
    "layout": ["--card", "24x26"],
    "play": ["--no-browser", "--port", "0"],
    ("shikoku-duo", "deal"): ["--seed", "1"],       # one table size: no --players
}


@pytest.mark.parametrize("game,verb", COMMANDS)
def test_every_context_option_is_read_by_the_game(game, verb, project, monkeypatch):
    """Run the command once with a Context that records what the game reads: every context
    option the game declares must land in something it reads."""
    import dataclasses

    import kit.cli
    from kit.data.project import Context

    seen = set()

    class Recording(Context):
        def __getattribute__(self, name):
            seen.add(name)
            return super().__getattribute__(name)

    real = kit.cli.make_context

    def recording(*args, **kwargs):
        ctx = real(*args, **kwargs)
        return Recording(**{f.name: getattr(ctx, f.name) for f in dataclasses.fields(ctx)})

    monkeypatch.setattr(kit.cli, "make_context", recording)
    # `kit play` opens its table (reading what it reads) and would then serve until Ctrl-C
    monkeypatch.setattr("kit.play.command.serve", lambda table, host, port, ready=None: None)
    opts = declared(game, verb)
    args = [verb, "--game", game, *ARGS.get((game, verb), ARGS.get(verb, []))]
    if any(o.kind == "argument" for o in opts):
        args.append(str(project / "data" / game / "example-log.yaml"))
    if any(o.name == "report" for o in opts):
        args += ["--report", str(project / "report.pdf")]
    if any(o.name == "out" for o in opts):
        args += ["--out", str(project / "out")]
    code, out = run(*args)
    assert code == 0, out
    if verb == "build":     # `kit build` writes exactly the products the game declares
        assert sorted(p.name for p in (project / "out").iterdir()) == sorted(games()[game].products)
    for o in opts:
        if o.to == "ctx":
            assert o.name in READS, f"add --{o.name} to READS"
            assert READS[o.name] in seen, f"{game} {verb} declares --{o.name} but never reads ctx.{READS[o.name]}"


def test_kit_game_help_lists_only_that_games_commands_and_passes_the_game_on():
    code, out = run("--game", "tour-de-dice", "--help")
    assert code == 0 and "Commands of tour-de-dice" in out
    listed = out.split("Commands of tour-de-dice:")[1].split()
    for verb in main.list_commands(None):
        assert (verb in listed) == (verb in games()["tour-de-dice"].verbs), verb
    assert run("-g", "tour-de-dice", "export")[0] == 0
    code, out = run("-g", "tour-de-dice", "build", "--corner-index")
    assert code == 2 and "takes no --corner-index" in out
