"""The `kit` command line, built from the games' declarations (kit/games/__init__.py).

Each verb is a small command whose options are exactly those the chosen game
declares for it: `kit build --game G --help` lists only G's, and an option another
game uses but G does not is refused with exit 2 and one line, rather than accepted
and ignored. Options that make up the Context (paper, card, layout, ...) are
resolved here; the rest reach the game's function as keyword arguments.

Domain errors (KitError) become `file:line: message` on stderr and exit status 2
here, at the edge, and nowhere else; so do click's own refusals of a command line (a
value of the wrong type, a misspelt option), in the same words (kit/cli/usage.py).
"""

from __future__ import annotations

import contextlib
import errno
import functools
import json
import os
import signal
import sys
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import click

from kit import __version__

from kit.run import progress
from kit.data.errors import KitError, KitErrors, PieceMisfit, excerpt, listed
from kit.games import SHARED, Command, Game, Opt, games, load_game, resolve
from kit.run.files import check_targets
from kit.data import project
from kit.games import make_context
from kit.sim.simulator import Simulator
from kit.cli.sim import sim_command
from kit.cli import usage
from kit.cli.params import FILE, FOLDER, RULE, SIZE, Whole


def click_param(o: Opt) -> click.Parameter:
    """One declared option as a click parameter."""
    if o.kind == "argument":
        return click.Argument([o.param], type=FILE)
    names = [f"--{o.name}"] + ([o.short] if o.short else [])
    kw = dict(help=o.help, required=o.required, multiple=o.multiple, show_default=o.show_default)
    if o.default is not None:
        kw["default"] = o.default
    if o.kind == "flag":
        return click.Option(names + [o.param], is_flag=True, **kw)
    if o.kind == "switch":
        return click.Option([f"--{o.name}/--no-{o.name}", o.param] + ([o.short] if o.short else []),
                            default=None, help=o.help)
    if o.kind == "int":
        kw["type"] = Whole(o.minimum, o.maximum)
    elif o.kind == "size":
        kw["type"] = SIZE
    elif o.kind == "rule":
        kw["type"] = RULE
    elif o.kind == "path":
        kw["type"] = FILE
    elif o.kind == "dir":
        kw["type"] = FOLDER
    elif o.kind != "text":
        raise ValueError(f"option --{o.name}: unknown kind {o.kind!r}")
    return click.Option(names + [o.param], **kw)


def refuse(err: KitError):
    """`file:line: message` on stderr, one line per error, and exit status 2."""
    each = err.errors if isinstance(err, KitErrors) else [err]
    # one line per error: at its file and line, else `error: ` as every unplaced refusal
    click.echo("\n".join(str(e) if e.where else f"error: {e}" for e in each), err=True)
    sys.exit(2)


def reports_errors(f):
    """Turn KitError into `file:line: message` and exit 2."""

    @functools.wraps(f)
    def wrapper(*args, **kwargs):
        try:
            return f(*args, **kwargs)
        except KitError as err:
            refuse(err)

    return wrapper


@contextlib.contextmanager
def refusing_usage():
    """A command line click refuses (a value of the wrong type, a misspelt option or command, a
    value left out) in kit's words (kit.cli.usage), as kit refuses everything else; and a KitError
    raised while parsing (an unknown game) as everywhere."""
    try:
        yield
    except click.exceptions.NoArgsIsHelpError:      # bare `kit`: the help, as click shows it
        raise
    except click.UsageError as err:
        refuse(KitError(usage.words(err)))
    except KitError as err:
        refuse(err)


def print_written(written):
    for path, pages in written:
        click.echo(f"wrote {path} ({pages} page{'s' if pages != 1 else ''})")


def show_check(result, values):
    text, warnings = result
    for w in warnings:  # before the summary, whose last line counts them
        click.echo(str(w), err=True)
    click.echo(text)
    if values.get("strict") and warnings:
        click.echo(f"error: {len(warnings)} warning(s) with --strict", err=True)
        sys.exit(2)


def show_deal(result, values):
    text, written = result
    click.echo(text)
    print_written(written)


def show_build(result, values):
    """What a build wrote, and (with --images) the images' summary and phone check."""
    written, text = result if isinstance(result, tuple) else (result, "")
    print_written(written)
    if text:
        click.echo(text)


def show_text(result, values):
    click.echo(result)


def show_english(result, values):
    """A report written in each language ({"en": text, "ja": text}): the console's is English."""
    click.echo(result["en"])


@dataclass(frozen=True)
class Verb:
    help: str
    show: Callable = show_text
    bar: bool = True        # a progress bar while it runs (not for a server that runs until Ctrl-C)


VERBS = {
    "check": Verb("Validate a game's data (and its pieces at the layout's sizes) and print a summary.",
                  show_check),
    "export": Verb("Print a game's normalised data as JSON on stdout.",
                   lambda result, values: click.echo(json.dumps(result, ensure_ascii=False, indent=1))),
    "build": Verb("Write every printable PDF of a game to the output folder.",
                  show_build),
    "layout": Verb("Relax card slots on the board and report overlaps, displacement and leader crossings."),
    "deal": Verb("Deal a seed for a hand playtest (karuta: the hands; shikoku-duo: the setup and the goods "
                 "order): a PDF and the same as text.", show_deal),
    "sim": Verb("Simulate many games and print what hand play cannot show."),
    "replay": Verb("Check a hand-played game, turn by turn, and compare it with simulations of its deal.",
                   show_english),
    "play": Verb("Play a game in the browser against kit's AI players, on this computer or phones nearby; "
                 "the game is logged for `kit replay`.", bar=False),
}


def supporting(verb: str) -> list[str]:
    return [name for name, g in games().items() if g.command(verb)]


def game_in(args: list[str]) -> str | None:
    """The value of --game/-g among the raw arguments, before click parses them."""
    for i, a in enumerate(args):
        if a == "--":
            break
        if a in ("--game", "-g") and i + 1 < len(args):
            return args[i + 1]
        if a.startswith("--game="):
            return a.split("=", 1)[1]
        if a.startswith("-g") and not a.startswith("--") and len(a) > 2:
            return a[2:]
    return None


class GameCommand(click.Command):
    """A verb whose options are those the chosen game declares for it.

    Without --game (e.g. `kit build --help`) it shows every option any game takes
    for the verb, each saying which games use it.
    """

    def __init__(self, verb: str):
        # Extra arguments are let through click's parser and refused in parse_args, in kit's words.
        super().__init__(verb, callback=self.run, help=VERBS[verb].help if verb in VERBS else None,
                         context_settings={"help_option_names": ["-h", "--help"], "allow_extra_args": True})
        self.verb = verb
        self.game_option = click.Option(["--game", "-g"], metavar="NAME", required=True,
                                        help=f"Which game: {', '.join(supporting(verb))}.")

    def declared(self, game_name: str | None) -> tuple[Opt, ...]:
        """The options of this verb for one game, or the union over the games that have it."""
        if game_name in games():
            game = games()[game_name]
            cmd = game.command(self.verb)
            return tuple(game.policy_help(o) for o in cmd.opts()) if cmd else ()
        seen = {}
        for name in supporting(self.verb):
            for o in games()[name].command(self.verb).opts():
                if o.name not in seen:
                    seen[o.name] = o
                elif o.kind != "argument":
                    seen[o.name] = SHARED.get(o.name, seen[o.name])
        users = {n: [g for g in supporting(self.verb)
                     if any(o.name == n for o in games()[g].command(self.verb).opts())] for n in seen}
        everyone = len(supporting(self.verb))
        return tuple(o if len(users[n]) == everyone or o.kind == "argument"
                     else Opt(**{**o.__dict__, "help": f"{o.help} [{', '.join(users[n])}]"})
                     for n, o in seen.items())

    def get_params(self, ctx):
        game_name = ctx.meta.get("kit.game")
        params = [self.game_option] + [click_param(o) for o in self.declared(game_name)]
        help_option = self.get_help_option(ctx)
        return params + ([help_option] if help_option else [])

    def parse_args(self, ctx, args):
        name = game_in(args)
        if name is None and ctx.meta.get("kit.game"):      # `kit --game G COMMAND ...`
            name = ctx.meta["kit.game"]
            args = ["--game", name, *args]
        if name is not None:
            game = load_game(name)          # an unknown game, before any of its options
            if game.command(self.verb) is None:
                raise KitError(f"{name} has no `{self.verb}` command; it has {', '.join(game.verbs)}")
            ctx.meta["kit.game"] = name
            refuse_undeclared(ctx, self, name, args)
        with usage.placed(ctx):
            rest = super().parse_args(ctx, args)
        if ctx.args and not ctx.resilient_parsing:
            raise KitError(usage.extra_arguments(ctx, ctx.args))
        return rest

    def run(self, game, **values):
        return reports_errors(self.call)(game, **values)

    def call(self, game, **values):
        g = load_game(game)
        cmd = g.command(self.verb)
        if cmd is None:
            raise KitError(f"{game} has no `{self.verb}` command; it has {', '.join(g.verbs)}")
        opts = cmd.opts()
        ctx_values = {o.param: values[o.param] for o in opts if o.to == "ctx"}
        call_values = {o.param: values[o.param] for o in opts if o.to == "call"}
        if project.own_project():
            click.echo(f"note: no data/ and layouts/ here; using kit's own project {project.PACKAGE_ROOT} "
                       "(kit --project DIR or KIT_PROJECT=DIR chooses another)", err=True)
        if values.get("watch"):     # a file broken from the start is reported by the watch, which goes on
            watch_build(g, cmd, ctx_values, call_values)
            return
        context = make_context(game, **ctx_values)
        before_work(g, cmd, context, call_values)
        try:
            with progress.activity(f"kit {self.verb} --game {game}",  # a bar on a terminal, if it takes a while
                                   enabled=None if VERBS.get(self.verb, Verb("")).bar else False):
                result = implementation(g, cmd)(context, **call_values)
        except PieceMisfit as err:
            if not ctx_values.get("card"):
                raise
            w, h = ctx_values["card"]
            raise KitError(f"--card {w:g}x{h:g}: {err.message} ({err.where})") from None
        VERBS.get(self.verb, Verb("")).show(result, values)


def implementation(g: Game, cmd: Command) -> Callable:
    """The function that carries out a game's command: the one it names, or for a Simulator
    (every game's `sim`) the shared `kit sim` handed that Simulator."""
    target = resolve(g, cmd)
    if isinstance(target, Simulator):
        return functools.partial(sim_command, sim=target)
    return target


def before_work(g: Game, cmd: Command, context, call_values: dict) -> None:
    """What is refused before any work: an output that is not a regular file, a font that lacks
    a character the game's data prints."""
    files, folders = planned_outputs(g, cmd, context, call_values)
    check_targets(files, folders=folders)
    if any(o.name == "font" for o in cmd.opts()) and (cmd.verb != "sim" or call_values.get("report")):
        from kit.draw import fonts      # here: reportlab loads only for a command that draws
        fonts.require(fonts.printed_text(context.data_dir), "that the game's data prints", context.font)


def watch_build(g, cmd, ctx_values, call_values, stop_event=None, report=None) -> int:
    """`kit build --watch`: each build resolves the context afresh, so a saved layout counts, and
    a bad file (even at the start) is reported by the watch, which goes on; the watch's memo
    (kit.rebuild.memo) redoes only the steps whose inputs changed. Besides data/GAME/ and layouts/, it
    watches the files the build reads from elsewhere (kit.rebuild.watch)."""

    from kit.rebuild.watch import watch     # here: no other command loads (and compiles) it

    latest = [None]

    def build():
        context = latest[0] = make_context(g.name, **ctx_values)
        before_work(g, cmd, context, call_values)
        result = implementation(g, cmd)(context, **call_values)
        if isinstance(result, tuple):       # the --images summary and phone check; the watch itself
            click.echo(result[1])           # says which files each rebuild wrote

    root = project.project_root()
    paths = [root / "data" / g.name, root / "layouts"]
    report = report or (lambda line: click.echo(line, err=True))
    return watch([p for p in paths if p.exists()], build, report, stop_event,
                 files=lambda: read_elsewhere(cmd, latest[0], ctx_values))


def read_elsewhere(cmd: Command, context, ctx_values: dict) -> dict[Path, str]:
    """The files a build reads outside data/GAME/ and layouts/, each with its kind: the map
    (for a game that draws it; known once a build has read the layout), the font, an extra
    `--layout` file."""
    out = {}
    if context is not None and any(o.name == "map" for o in cmd.opts()):
        try:
            out[context.map_path()] = "map"
        except KitError:            # no map yet: the build has said so; nothing to watch
            pass
    if any(o.name == "font" for o in cmd.opts()):
        from kit.draw import fonts      # here: reportlab loads only for a command that draws
        try:
            out[fonts.font_path(ctx_values.get("font"))] = "font"
        except KitError:
            pass
    if ctx_values.get("layout_file"):
        out[Path(ctx_values["layout_file"])] = "layout"
    return out


def planned_outputs(game: Game, cmd: Command, context, values: dict) -> tuple[list[Path], list[Path]]:
    """The files a command will write, known before it starts (its output folder's products, a
    --report file), and the folders it writes files into that it names only then (a deal
    sheet's): for check_targets, before any work, so `--report /dev/full` or a folder that
    cannot be made is refused at once rather than after the simulation."""
    files, folders = [], []
    if any(o.name == "out" for o in cmd.opts()):
        if cmd.verb == "build":
            files += [context.out_dir / n for n in game.products]
        else:
            folders.append(context.out_dir)
    if values.get("report"):
        files.append(Path(values["report"]))
    return files, folders


def option_strings(opts) -> set[str]:
    out = set()
    for o in opts:
        p = click_param(o)
        out.update(getattr(p, "opts", ()))
        out.update(getattr(p, "secondary_opts", ()))
    return out


def refuse_undeclared(ctx, command: GameCommand, game: str, args: list[str]):
    """An option that some game takes but this game's command does not: one line, exit 2,
    `--option VALUE: kit VERB --game G takes no --option; ... takes it` (`taken_instead`)."""
    declared = {o for o in command.declared(game)}
    mine = option_strings(declared) | {"--game", "-g", "-h", "--help"}
    takes_value = {s for o in declared if o.kind not in ("flag", "switch", "argument")
                   for s in option_strings([o])} | {"--game", "-g"}
    anywhere: dict[str, list[tuple[str, str, Opt]]] = {}       # option string -> (verb, game, Opt)
    for name, g in games().items():
        for cmd in g.commands:
            for o in cmd.opts():
                for s in option_strings([o]):
                    anywhere.setdefault(s, []).append((cmd.verb, name, o))
    for s in option_strings(SHARED.values()):
        anywhere.setdefault(s, [])
    skip = False
    for i, a in enumerate(args):
        if skip:
            skip = False
            continue
        if a == "--":
            break
        if not a.startswith("-") or a == "-":
            continue
        flag = a.split("=", 1)[0] if a.startswith("--") else a[:2]
        if flag in mine:
            skip = flag in takes_value and "=" not in a and (a.startswith("--") or len(a) == 2)
            continue
        if flag in anywhere:
            takers = anywhere[flag]
            value = a.split("=", 1)[1] if "=" in a else None
            if value is None and takers and takers[0][2].kind not in ("flag", "switch") and i + 1 < len(args) \
                    and not args[i + 1].startswith("--"):
                value = args[i + 1]
            given = flag if value is None else f"{flag} {excerpt(value) if value else repr('')}"
            head = f"kit {command.verb} --game {game} takes no {flag}"
            instead = taken_instead(command.verb, game, takers) or f"see kit {command.verb} --game {game} --help"
            raise KitError(f"{given}: {head}; {instead}")


def taken_instead(verb: str, game: str, takers: list[tuple[str, str, Opt]]) -> str:
    """Who takes an option `kit VERB --game GAME` does not, in a few words: this game's other
    commands first (what the user can run instead), else the same command of other games, else
    any other command; a few names at most."""
    own = list(dict.fromkeys(v for v, g, _ in takers if g == game))
    if own:
        return f"{listed(f'kit {v}' for v in own)} take{'s' if len(own) == 1 else ''} it"
    same = [g for v, g, _ in takers if v == verb]
    if same:
        return f"kit {verb} takes it for {listed(same)}"
    other = list(dict.fromkeys(f"kit {v} --game {g}" for v, g, _ in takers))
    return f"{listed(other, 2)} take{'s' if len(other) == 1 else ''} it" if other else ""


# What writing to stdout fails with: a closed pipe, a full disk or device (> /dev/full),
# a broken terminal. kit's own file writes turn these into KitError long before here.
STDOUT_ERRNOS = {errno.EPIPE, errno.ENOSPC, errno.EIO, errno.EDQUOT, errno.EFBIG, errno.EBADF}


def stdout_failed(err: OSError):
    """One line on stderr and exit 1 when printing the output failed, never a traceback."""
    try:  # the rest of the buffer goes nowhere, so the exit does not fail to flush it again
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
    what = "the output's reader closed the pipe" if err.errno == errno.EPIPE else err.strerror or str(err)
    try:
        sys.stderr.write(f"error: cannot write to standard output: {what}\n")
        sys.stderr.flush()
    except OSError:
        pass
    sys.exit(1)


class Stopped(KeyboardInterrupt):
    """SIGTERM, raised where the work is, as Ctrl-C is: the work's own clean-up runs (worker
    processes are killed, staged files deleted) and nothing half-done is left."""


@contextlib.contextmanager
def stopped_by_signals():
    """Ctrl-C and SIGTERM end any command with one line on stderr and no traceback, exit status
    128 + the signal's number (130, 143). The handler is kit's only while the command runs."""
    def terminated(signum, frame):
        raise Stopped()

    main_thread = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, terminated) if main_thread else None
    try:
        yield
    except KeyboardInterrupt as err:
        signal.signal(signal.SIGINT, signal.SIG_IGN)      # a second Ctrl-C does not interrupt the exit
        term = isinstance(err, Stopped)
        try:
            sys.stderr.write(f"kit: stopped by {'SIGTERM' if term else 'Ctrl-C'}\n")
            sys.stderr.flush()
        except (OSError, ValueError):
            pass
        sys.exit(128 + (signal.SIGTERM if term else signal.SIGINT))
    finally:
        if main_thread:
            signal.signal(signal.SIGTERM, previous)


class Kit(click.Group):
    """The command group: one GameCommand per verb some game supports.

    `kit --game G --help` lists only G's commands; `kit --game G COMMAND` is the same
    as `kit COMMAND --game G`.

    Failing stdout (`kit export ... > /dev/full`, `| head -0`, even `--help`) is caught
    here, around both parsing (help is printed while parsing) and running.
    """

    def parse_args(self, ctx, args):
        name = game_in(args[:_first_command(args)])
        if name is not None:
            ctx.meta["kit.game"] = name
        with usage.placed(ctx):
            return super().parse_args(ctx, args)

    def make_context(self, *args, **kwargs):
        try:
            with refusing_usage():
                return super().make_context(*args, **kwargs)
        except OSError as err:
            if err.errno not in STDOUT_ERRNOS:
                raise
            stdout_failed(err)

    def invoke(self, ctx):
        try:
            with stopped_by_signals(), refusing_usage():
                return super().invoke(ctx)
        except OSError as err:
            if err.errno not in STDOUT_ERRNOS:
                raise
            stdout_failed(err)

    def list_commands(self, ctx):
        verbs = [v for v in VERBS if supporting(v)]
        extra = sorted({c.verb for g in games().values() for c in g.commands} - set(verbs))
        return sorted(verbs + extra)

    def format_commands(self, ctx, formatter):
        name = ctx.meta.get("kit.game")
        if name in games():
            rows = [(v, (self.get_command(ctx, v).help or "").split(".")[0] + ".") for v in games()[name].verbs]
            with formatter.section(f"Commands of {name}"):
                formatter.write_dl(rows)
            return
        super().format_commands(ctx, formatter)

    def get_command(self, ctx, name):
        if not supporting(name):
            return None
        cmd = GameCommand(name)
        if name not in VERBS:
            first = next(g.command(name) for g in games().values() if g.command(name))
            cmd.help = first.help
        cmd.short_help = f"{(cmd.help or '').split('.')[0]}. [{', '.join(supporting(name))}]"
        return cmd


def _first_command(args: list[str]) -> int:
    """Where the command name is among the group's arguments (after --game NAME, if any)."""
    i = 0
    while i < len(args):
        if args[i] in ("--game", "-g", "--project"):  # options of the group that take a value
            i += 2
        elif args[i].startswith("-"):
            i += 1
        else:
            return i
    return len(args)


def choose_project(ctx, param, value):
    project.CHOSEN = value  # None when not given: each invocation starts afresh
    return value


@click.group(cls=Kit, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--game", "-g", "group_game", metavar="NAME", expose_value=False,
              help="Show only this game's commands (kit --game NAME --help), or pass it to the command.")
@click.version_option(__version__, prog_name="kit")
@click.option("--project", metavar="DIR", type=FOLDER, callback=choose_project,
              expose_value=False, is_eager=True,
              help="The project folder with data/ and layouts/ (else KIT_PROJECT; else the working folder "
                   "if it has them; else kit's own, with a note).")
def main():
    """kit: print-and-play PDFs, checks and simulations for tabletop games.

    Edit the YAML in data/GAME, then `kit build --game GAME`. Each command lists
    the games that have it; `kit COMMAND --game GAME --help` shows that game's options.
    """
