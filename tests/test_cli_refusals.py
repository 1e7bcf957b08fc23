"""Every refusal of a command line reads as kit's own, in every command: one line `error: --option
VALUE: why` (or `error: kit COMMAND ...: what is wrong`), naming what was given, what is allowed
and the name meant where one is close; exit status 2, nothing on stdout, no traceback. So does a
named output whose folder cannot be made (`PATH: why`), refused before any work."""

import subprocess
import sys

import pytest
from click.testing import CliRunner

from kit.cli import main
from kit.games import games
from test_bad_input import no_drawing, no_games
from conftest import ROOT

GAMES = "karuta, shikoku-duo, tour-de-dice"
COMMANDS = "build, check, deal, export, layout, play, replay, sim"


def refusal(*args) -> str:
    """What `kit ARGS` printed on stderr, having refused them: exit 2, nothing else printed."""
    result = CliRunner().invoke(main, [str(a) for a in args])
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    assert result.exit_code == 2, result.output
    assert result.stdout == "" and "Traceback" not in result.stderr
    return result.stderr


@pytest.mark.parametrize("args, line", [
    # a value of the wrong kind or out of its bounds: the option, the value, what it takes
    ("sim --game karuta --games abc", "--games abc: not a whole number; it takes 1 to 1,000,000"),
    ("sim --game karuta --games -5", "--games -5: must be from 1 to 1,000,000, not -5"),
    ("sim --game karuta --games 99999999999", "--games 99999999999: must be from 1 to 1,000,000, not 99999999999"),
    ("sim --game karuta --workers 0", "--workers 0: must be at least 1, not 0"),
    ("sim --game karuta --seed x", "--seed x: not a whole number"),
    ("sim --game tour-de-dice --seed 1.5", "--seed 1.5: not a whole number"),
    ("replay --game karuta data/karuta/example-log.yaml --games 0", "--games 0: must be from 1 to 1,000,000, not 0"),
    ("replay --game shikoku-duo data/shikoku-duo/example-log.yaml --workers many",
     "--workers many: not a whole number; it takes at least 1"),
    ("deal --game karuta --players 5 --seed 1", "--players 5: must be from 2 to 4, not 5"),
    ("deal --game shikoku-duo --seed -x", "--seed -x: not a whole number"),
    ("build --game karuta --dpi 5", "--dpi 5: must be from 20 to 1,200, not 5"),
    ("build --game tour-de-dice --dpi 3.5", "--dpi 3.5: not a whole number; it takes 20 to 1,200"),
    ("build --game karuta --card 0x0", "--card 0x0: must be larger than zero in both directions"),
    ("check --game tour-de-dice --card 24by26", "--card 24by26: not WIDTHxHEIGHT (write e.g. 24x26 or 63x88mm)"),
    ("layout --game karuta --card 3000x30", "--card 3000x30: past kit's limit of 2,000 mm a side (A0 paper is "
                                            "841 x 1189 mm; a board tiles over at most 200 sheets)"),
    ("export --game shikoku-duo --rule nokey", "--rule nokey: not KEY=VALUE (e.g. --rule direction=origin)"),
    ("play --game karuta --port 70000", "--port 70000: must be from 0 to 65,535, not 70000"),
    ("play --game tour-de-dice --port http", "--port http: not a whole number; it takes 0 to 65,535"),
    ("build --game shikoku-duo --out=", "--out '': an empty path; give a folder's path"),
    ("deal --game shikoku-duo --seed 1 --out a-file", "--out a-file: a file, not a folder"),
    ("--project a-file check --game karuta", "--project a-file: a file, not a folder"),
    ("sim --game karuta --report a-folder", "--report a-folder: a folder, not a file"),
    ("build --game tour-de-dice --layout a-folder", "--layout a-folder: a folder, not a file"),
    ("check --game karuta --font a-folder", "--font a-folder: a folder, not a file"),
    ("export --game karuta --map a-folder", "--map a-folder: a folder, not a file"),
    ("replay --game shikoku-duo a-folder", "LOG a-folder: a folder, not a file"),
    # a misspelt option, command or game: did you mean
    ("sim --game karuta --gmaes 5", "kit sim --game karuta takes no --gmaes (did you mean --games?); "
                                    "see kit sim --game karuta --help"),
    ("check --game karuta --strictt", "kit check --game karuta takes no --strictt (did you mean --strict?); "
                                      "see kit check --game karuta --help"),
    ("play --game shikoku-duo --no-browse", "kit play --game shikoku-duo takes no --no-browse (did you mean "
                                            "--no-browser?); see kit play --game shikoku-duo --help"),
    ("simm --game karuta", f"unknown command 'simm' (did you mean sim?); kit has {COMMANDS}"),
    ("--game karuta biuld", f"unknown command 'biuld' (did you mean build?); kit has {COMMANDS}"),
    ("build --game karutaa", f"unknown game 'karutaa' (did you mean karuta?); kit knows {GAMES}"),
    ("sim --game karutaa --games abc", f"unknown game 'karutaa' (did you mean karuta?); kit knows {GAMES}"),
    ("sim --game karuta -x", "kit sim --game karuta takes no -x; see kit sim --game karuta --help"),
    # an option or a rule option another game (or command) takes: who takes it, in a few words
    ("build --game tour-de-dice --map x.svg", "--map x.svg: kit build --game tour-de-dice takes no --map; "
                                              "kit build takes it for karuta and shikoku-duo"),
    ("sim --game karuta --print-shop", "--print-shop: kit sim --game karuta takes no --print-shop; kit build takes it"),
    ("check --game karuta --out=x", "--out x: kit check --game karuta takes no --out; kit build and kit deal take it"),
    ("sim --game karuta --rule start_town=kochi", "--rule start_town=kochi: only shikoku-duo has this rule option; "
                                                  "karuta has players, deal, first_card, …"),
    ("sim --game karuta --vary start_town=kochi,tokushima", "--vary start_town=kochi: only shikoku-duo has this "
                                                            "rule option; karuta has players, deal, first_card, …"),
    ("sim --game tour-de-dice --vary rule=dice=3+chain_limit=1,-", "--vary rule=dice=3+chain_limit=1: chain_limit=1: "
                                                                   "only karuta has this rule option; tour-de-dice has "
                                                                   "players, dice, breakaway, …"),
    ("--bogus", "kit takes no --bogus; see kit --help"),
    ("--projcet . sim", "kit takes no --projcet (did you mean --project?); see kit --help"),
    # a value or an option left out, or given where none is taken
    ("sim --game", f"--game needs a value: one of {GAMES}"),
    ("sim", f"kit sim needs --game (-g): one of {GAMES}"),
    ("check", f"kit check needs --game (-g): one of {GAMES}"),
    ("sim --game karuta --games", "--games needs a value: a whole number from 1 to 1,000,000"),
    ("sim --game karuta -n", "-n needs a value: a whole number"),
    ("sim --game karuta --ladder", "--ladder needs a value; see kit sim --game karuta --help"),
    ("sim --game karuta --report", "--report needs a value: a file's path"),
    ("layout --game karuta --card", "--card needs a value: WIDTHxHEIGHT, e.g. 24x26 or 63x88mm"),
    ("export --game tour-de-dice --rule", "--rule needs a value: KEY=VALUE, e.g. direction=origin"),
    ("build --game karuta --paper", "--paper needs a value; see kit build --game karuta --help"),
    ("--project", "--project needs a value: a folder's path"),
    ("deal --game karuta --seed 1", "kit deal --game karuta needs --players (-n): a whole number from 2 to 4"),
    ("replay --game tour-de-dice", "kit replay --game tour-de-dice needs LOG: a file's path"),
    ("sim --game karuta --json=3", "--json takes no value (give --json alone)"),
    ("sim --game karuta extra", "kit sim --game karuta takes no argument 'extra', only options; "
                                "see kit sim --game karuta --help"),
    ("replay --game karuta a.yaml b.yaml", "kit replay --game karuta takes one LOG, not also 'b.yaml'; "
                                           "see kit replay --game karuta --help"),
    ("deal --game tour-de-dice", "tour-de-dice has no `deal` command; it has check, export, build, sim, replay, play"),
])
def test_a_command_line_is_refused_in_kits_one_form(project, args, line):
    (project / "a-file").write_text("a file\n", encoding="utf-8")
    (project / "a-folder").mkdir()
    assert refusal(*args.split(" ")) == f"error: {line}\n"


def _options(verb: str, game: str):
    return games()[game].command(verb).opts()


EVERY = [(verb, game) for game, g in sorted(games().items()) for verb in g.verbs]
WHOLE = [(verb, game, o) for verb, game in EVERY for o in _options(verb, game) if o.kind == "int"]


@pytest.mark.parametrize("verb, game, o", WHOLE, ids=[f"{v}-{g}-{o.name}" for v, g, o in WHOLE])
def test_every_whole_number_option_of_every_command_refuses_a_word_naming_itself(project, verb, game, o):
    bounds = (f"; it takes {o.minimum:,} to {o.maximum:,}" if o.minimum is not None and o.maximum is not None
              else f"; it takes at least {o.minimum:,}" if o.minimum is not None else "")
    log = [f"data/{game}/example-log.yaml"] if verb == "replay" else []
    others = [a for r in _options(verb, game) if r.required and r is not o for a in (f"--{r.name}", r.minimum)]
    assert refusal(verb, "--game", game, *log, *others, f"--{o.name}", "abc") == \
        f"error: --{o.name} abc: not a whole number{bounds}\n"


@pytest.mark.parametrize("verb, game", EVERY)
def test_every_command_names_the_option_a_misspelling_meant(project, verb, game):
    # the longest option each command takes, two of its letters swapped
    name = max((o.name for o in _options(verb, game) if o.kind != "argument"), key=len)
    typo = name[0] + name[2] + name[1] + name[3:]
    assert refusal(verb, "--game", game, f"--{typo}") == \
        f"error: kit {verb} --game {game} takes no --{typo} (did you mean --{name}?); " \
        f"see kit {verb} --game {game} --help\n"


# An option another game takes is refused in a line this long at most: its value, this command,
# and a few names of who takes it (never every command of every game that does).
SHORT = 140


@pytest.mark.parametrize("verb, game", EVERY)
def test_an_option_only_others_take_is_refused_in_one_short_line(project, verb, game):
    mine = {f"--{o.name}" for o in _options(verb, game)}
    others = sorted({f"--{o.name}" for g in games().values() for c in g.commands for o in c.opts()
                     if o.kind != "argument"} - mine)
    for flag in others:
        line = refusal(verb, "--game", game, flag, "x.svg")
        assert line.startswith(f"error: {flag}") and f"takes no {flag};" in line, line
        assert len(line) <= SHORT and line.count("\n") == 1, line


@pytest.mark.parametrize("game", sorted(games()))
def test_another_games_rule_option_is_refused_naming_that_game(project, game):
    from kit.games import rule_names
    own = set(rule_names(game))
    for other in sorted(set(games()) - {game}):
        for name in sorted(set(rule_names(other)) - own):
            line = refusal("check", "--game", game, "--rule", f"{name}=1")
            assert line.startswith(f"error: --rule {name}=1: only ") and other in line, line
            assert len(line) <= SHORT and line.count("\n") == 1, line


def test_a_refusal_from_the_shell_is_one_line_and_no_traceback(project):
    for args in (["sim", "--game", "karuta", "--games", "abc"], ["simm"], ["build", "--game", "karutaa"]):
        out = subprocess.run([sys.executable, "-m", "kit", *args], capture_output=True, text=True, cwd=project,
                             env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, timeout=120)
        assert out.returncode == 2 and out.stdout == ""
        assert len(out.stderr.splitlines()) == 1 and out.stderr.startswith("error: "), out.stderr


# --- named outputs: missing folders are made; one that cannot be is refused before any work -----

def test_a_report_into_folders_not_yet_there_makes_them(project):
    result = CliRunner().invoke(main, ["sim", "--game", "tour-de-dice", "--games", "2", "--workers", "1",
                                       "--report", "reports/new/r.pdf"])
    assert result.exit_code == 0, result.output
    assert (project / "reports/new/r.pdf").read_bytes().startswith(b"%PDF")
    assert sorted(p.name for p in (project / "reports/new").iterdir()) == ["r.pdf"]


@pytest.mark.parametrize("verb, game, option, named, where, why", [
    ("sim", "tour-de-dice", "--report", "a-file/r.pdf", "a-file/r.pdf", "cannot make the output folder: a-file is a file"),
    ("sim", "karuta", "--report", "a-file/x/r.pdf", "a-file/x/r.pdf", "cannot make the output folder: a-file is a file"),
    ("sim", "shikoku-duo", "--report", "/proc/kit-none/r.pdf", "/proc/kit-none/r.pdf",
     "cannot make the output folder /proc/kit-none: the file system there allows no new folder"),
    ("sim", "tour-de-dice", "--report", "/dev/full", "/dev/full", "this is a device, not a regular file; kit "
                                                                  "writes only regular files and wrote nothing"),
    ("deal", "karuta", "--out", "a-file/deals", "a-file/deals", "cannot make the output folder: a-file is a file"),
    ("deal", "shikoku-duo", "--out", "/proc/kit-none/deals", "/proc/kit-none/deals",
     "cannot make the output folder /proc/kit-none: the file system there allows no new folder"),
    ("deal", "shikoku-duo", "--out", "/proc/kit-none", "/proc/kit-none",
     "cannot make this folder: the file system there allows no new folder"),
    ("build", "tour-de-dice", "--out", "a-file/print", "a-file/print/cards.pdf",
     "cannot make the output folder: a-file is a file"),
])
def test_a_named_output_that_cannot_be_written_is_refused_before_any_work(project, monkeypatch, verb, game,
                                                                          option, named, where, why):
    (project / "a-file").write_text("a file\n", encoding="utf-8")
    (project / "a-folder").mkdir()
    no_games(monkeypatch)
    no_drawing(monkeypatch)
    seat = {"deal": ["--seed", "1"] + (["--players", "2"] if game == "karuta" else []),
            "sim": ["--games", "2"]}.get(verb, [])
    before = sorted(p.name for p in project.iterdir())
    assert refusal(verb, "--game", game, *seat, option, named) == f"{where}: {why}\n"
    assert sorted(p.name for p in project.iterdir()) == before
