"""The games kit knows, and the one contract every game follows.

A game is a package `kit/games/NAME/` whose `__init__.py` holds one declaration,
`GAME = Game(...)`, made of plain values only (names, strings, tuples), so that
reading it imports nothing heavy: `kit --help` and `kit check` do not pay for the
PDF code, `kit sim` not for the map. kit finds every package here that has a `GAME`;
nothing in the shared modules names a game.

What a new game must provide
----------------------------
1. `kit/games/NAME/__init__.py` with `GAME = Game(...)`:
   - `name`: the name users type after `--game` (e.g. "shikoku-duo");
   - `title`: one line saying what the game is;
   - `commands`: one `Command` per verb it supports (check, export, build, deal,
     sim, replay, layout, play, or a verb of its own). Each names its function as
     "module:function" inside the package (imported only when the command runs)
     and the command-line options it takes: names from `SHARED` below, or an
     `Opt` of its own. An option not declared is refused with exit 2;
   - `data_files`: the files it reads under data/NAME/;
   - `pieces`: the printed pieces it has, each a named piece under `pieces:` in
     layouts/NAME.yaml (size, bleed, safe, gutter), asked for by name in its code:
     `ctx.layout.piece(name)`;
   - `card`: the piece `--card WxH` resizes, for a game whose commands take --card;
   - `products`: the files `kit build` writes into the output folder;
   - `layout_settings`: top-level sections of layouts/NAME.yaml only it uses (e.g.
     karuta's `board:` and `compared_cards:`), which it reads with
     `ctx.layout.section(name)` and checks with kit.data.layoutfile's `length`, `number`,
     `count` and `size`, so errors keep their file:line. A progress sheet's rows are
     the section `progress_sheet: turns, row_height` (kit.data.layoutfile.progress_sheet),
     and its log is kit/draw/turnlog.py's table: the game names only its columns; a game
     that reads the province map declares the section `map` and the option "map",
     and finds the file with `ctx.map_path()`;
   - `compiled`: its modules setup.py compiles with Cython as they are written, for
     speed (plain Python all the same: kit/sim/accel.py, which reads this field);
2. The functions it names. Each takes the `Context` (kit/data/project.py, made by
   `make_context` below: data folder,
   finished layout, output folder, rule overrides, font) and, as keyword arguments,
   the values of its options that are not part of the context (see `Opt.to`):
   - check(ctx) -> (summary text, warnings)   export(ctx) -> a JSON-able value
   - build(ctx, ...) -> [(path written, pages)]   deal(ctx, ...) -> (text, written)
   - replay(ctx, log, ...) -> {"en": text, "ja": text}: the report in each language (the
     console prints the English; the web table's end screen its reader's)
   - layout(ctx, ...) and verbs of its own -> text
   - sim: not a function but the game's `Simulator` (kit/sim/simulator.py), named
     "sim:SIM"; the shared `kit sim` (kit/cli/sim.py) runs it, sweeps it and prints it.
     Its `report` names the game's report module, whose cells(sim, run) and
     pages(sim, pdf, paper, run, ctx) are handed the Simulator they draw for.
   build draws each product through `kit.rebuild.memo.step(name, function, values...)`, giving the
   function the values it draws from (the model, the layout, the map's shapes), not the
   context: under `kit build --watch` a step is then redone only when a value it read last
   time has changed (kit/rebuild/memo.py records the reads), so a save redraws what it feeds.
   Every declared option is used: tests/test_contract.py checks that each
   call option is a parameter the function reads, that each context option lands
   in a Context field the game reads, and that `kit build` writes exactly
   `products`; it also refuses, for every game, each option the game does not take.
3. data/NAME/ with its YAML (errors as `file:line: message`, via kit.data.errors) and,
   if it prints anything, layouts/NAME.yaml with its named pieces (sizes in mm).
4. The same module names as the other games for the same jobs: options (the rule
   options, each declared once: its name, values, default and help; the engine's typed
   `Rules` is derived from them by kit.data.options.rules_type), rules (the one engine),
   policies (the AI players), check, build, sim, simreport, replay. A game has only the
   modules for the jobs it has.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

from kit.data.errors import KitError, ValueRefused, did_you_mean, listed
from kit.data.layoutfile import Layout, load_layout
from kit.data.project import Context, layout_files, project_root
from kit.sim.simulate import MAX_GAMES


@dataclass(frozen=True)
class Opt:
    """One command-line option, as plain values.

    `kind`: text, int, size (WxH in mm), path (a file), dir (a folder), flag (on
    when given), switch (--x/--no-x, None when not given), rule (KEY=VALUE), or
    argument (a required positional file, e.g. replay's LOG).
    `to`: where its value goes: "call" (a keyword argument of the game function),
    "ctx" (resolved into the Context before the game runs), or "cli" (used by the
    command line itself, e.g. --strict turning warnings into exit 2).
    """

    name: str                   # the long option without dashes, e.g. "corner-index"
    help: str
    kind: str = "text"
    to: str = "call"
    dest: str | None = None     # the parameter name (default: name with "_")
    default: object = None
    multiple: bool = False
    required: bool = False
    short: str | None = None    # e.g. "-n"
    minimum: int | None = None
    maximum: int | None = None
    show_default: bool = False

    @property
    def param(self) -> str:
        return self.dest or self.name.replace("-", "_")


# Options several games share; a game names them in its Command, or declares an Opt
# of the same name to change its help or bounds.
# How --policy names the AI players, the same in every game and command.
# The names themselves are each game's (Game.policies): `kit sim --game G --help` lists them.
POLICY_GRAMMAR = ("one name for every seat, or a comma list with one per seat (NAME*K for K seats), "
                  "e.g. A,B,A,B or A*2,B*2; search:N searches with N playouts a move (search alone: 64).")
SHARED = {o.name: o for o in (
    Opt("paper", "Paper: A4, A3 or Letter (default from the layout).", to="ctx"),
    Opt("card", "Card size WxH in mm, e.g. 24x26 (the layout's main card piece).", kind="size", to="ctx"),
    Opt("out", "Output folder (default output/GAME).", kind="dir", to="ctx"),
    Opt("layout", "An extra layout YAML applied over layouts/GAME.yaml.", kind="path", to="ctx",
        dest="layout_file"),
    Opt("font", "A TrueType font for the text (else KIT_FONT, IPAexGothic).", kind="path", to="ctx"),
    Opt("rule", "Override a rule option as KEY=VALUE, one of those `kit check` prints on its rules: line "
        "(repeatable).", kind="rule", to="ctx",
        dest="rules", multiple=True),
    Opt("preset", "A named rule set from the game's rules.yaml (default: the first listed); --rule "
        "overrides apply over it.", to="ctx"),
    Opt("map", "The map SVG (else KIT_MAP, the layout's map, data/maps/provinces-of-japan.svg).", kind="path", to="ctx",
        dest="map_option"),
    Opt("strict", "Treat warnings as errors.", kind="flag", to="cli"),
    Opt("players", "Players per game (default from the rules).", kind="int", short="-n"),
    Opt("seed", "Seed (game k of `kit sim --seed S` is seed S+k).", kind="int", default=1, show_default=True),
    # At most a million games a run: far past any study (the benchmarks play 100,000), and
    # refused before the first game (a run of --games 10**30 would fill the memory).
    Opt("games", "Games to simulate.", kind="int", default=5000, minimum=1,
        maximum=MAX_GAMES, show_default=True),
    Opt("policy", "AI policy: " + POLICY_GRAMMAR, dest="policy"),
    Opt("vary", "Run every combination of these values on the same seeds and compare them: KEY is a rule "
        "option, preset, policy, or rule (values: OPTION=VALUE overrides joined by +, - for none); "
        "separate values with ; when one holds commas. Repeatable.", multiple=True),
    Opt("workers", "Worker processes (default: all cores).", kind="int", minimum=1),
    Opt("ladder", "Rate these policies (A,B,...): every pairing in balanced seatings on the same deals, "
        "--games a pairing; prints ratings with intervals, the win shares, and how often the strongest "
        "beats the weakest beside pure luck."),
    Opt("cluster", "Play the games on a Dask cluster: a scheduler's address (tcp://HOST:8786), or local:N "
        "for N worker processes on this machine. Results are the same as without."),
    Opt("json", "Print the results as one JSON object.", kind="flag", dest="as_json"),
    Opt("report", "Also write a PDF report to this file.", kind="path"),
    Opt("images", "Also write PNGs beside the PDFs, in OUT/images: each card face and back, the "
        "board, deck sheets for virtual tabletops (at most 10x7 cards), and a phone readability check.",
        kind="flag"),
    Opt("watch", "Build, then rebuild whenever a file under data/GAME/ or layouts/, the map, the font or "
        "the --layout file is saved, until Ctrl-C; errors are printed and the watch goes on.", kind="flag",
        to="cli"),
    Opt("lang", "Print the rulebook (rules.pdf) in one language only: ja or en (default: both, each "
        "complete)."),
    Opt("dpi", "Resolution of the --images PNGs.", kind="int", default=150, minimum=20, maximum=1200,
        show_default=True),
    Opt("print-shop", "One piece per page (its trim plus bleed), TrimBox and BleedBox set: for print "
                      "services that take single cards.", kind="flag", to="ctx", dest="print_shop"),
    # `kit play`: the web table.
    Opt("seat", "The seats played by people at this table, numbered from 1: one seat (1, the default), "
        "several for hot-seat with a join link each (1,2), or 0 for none (watch the AI play).", default="1",
        show_default=True),
    Opt("port", "The port the table is served on (0: any free port).", kind="int", default=8000, minimum=0,
        maximum=65535, show_default=True),
    Opt("host", "The address to listen on: 127.0.0.1 (this computer only) or 0.0.0.0 (phones on the same "
        "network too; the links to open are printed).", default="127.0.0.1", show_default=True),
    Opt("no-browser", "Do not open a browser; only print the links.", kind="flag", dest="no_browser"),
)}

# `kit sim` takes the same options in every game; a game adds what only it reads (map, font).
SIM_OPTIONS = ("games", "players", "seed", "policy", "rule", "preset", "vary", "ladder", "workers", "cluster",
               "json", "report",
               Opt("paper", "Paper of the report: A4, A3 or Letter (default from the layout), turned "
                   "landscape.", to="ctx"))

# `kit play` takes the same options in every game; a game adds what only it reads (map) and
# may declare its own --players bounds.
PLAY_OPTIONS = ("seat", "policy", "seed", "rule", "preset", "port", "host", "no-browser")


def replay_policy(what: str) -> Opt:
    """`kit replay --policy`: the policies of the simulated games, named as `kit sim --policy` names them."""
    return Opt("policy", f"AI policy for the comparison {what}: {POLICY_GRAMMAR}")


def replay_games(what: str) -> Opt:
    """`kit replay --games`: the simulated games a replay is placed among, bounded as `kit sim` is."""
    return Opt("games", f"Simulated {what} to compare with.", kind="int", default=2000,
               minimum=1, maximum=MAX_GAMES, show_default=True)


# Options every game's command of a verb takes without naming them: `kit build --images`
# works the same in every game (its build function takes `images` and `dpi`).
EVERY = {"build": ("images", "dpi", "watch")}

@dataclass(frozen=True)
class Command:
    """A verb a game supports: its function ("module:function" in the game's package)
    and the options it takes (SHARED names or the game's own Opt values)."""

    verb: str
    function: str
    options: tuple = ()
    help: str = ""              # for a verb of the game's own; known verbs have theirs

    def opts(self) -> tuple[Opt, ...]:
        out = []
        for o in self.options + tuple(n for n in EVERY.get(self.verb, ()) if n not in self.options):
            if isinstance(o, str):
                if o not in SHARED:
                    raise KitError(f"{self.verb}: no shared option {o!r}{did_you_mean(o, SHARED)}")
                o = SHARED[o]
            out.append(o)
        return tuple(out)


@dataclass(frozen=True)
class Game:
    name: str
    title: str
    package: str                      # the game's package, e.g. "kit.games.karuta"
    commands: tuple[Command, ...]
    data_files: tuple[str, ...] = ()  # files read under data/NAME/
    pieces: tuple[str, ...] = ()      # named pieces in layouts/NAME.yaml
    products: tuple[str, ...] = ()    # files `kit build` writes
    layout_settings: tuple[str, ...] = ()   # its own top-level sections of layouts/NAME.yaml
    policies: tuple[str, ...] = ()    # the AI players --policy names, the default first
    card: str | None = None           # the piece `--card WxH` resizes, for a game that takes --card
    # Its modules (names inside the package) that setup.py compiles with Cython as written,
    # for speed (kit/sim/accel.py reads this field from the source, without importing the game).
    compiled: tuple[str, ...] = ()

    def policy_help(self, opt: Opt) -> Opt:
        """`opt` (--policy) with this game's policy names added to its help."""
        if opt.name != "policy" or not self.policies:
            return opt
        names = f"{self.policies[0]} (the default), " + ", ".join(self.policies[1:])
        return Opt(**{**opt.__dict__, "help": f"{opt.help} {self.name}'s policies: {names}."})

    def command(self, verb: str) -> Command | None:
        return next((c for c in self.commands if c.verb == verb), None)

    @property
    def verbs(self) -> tuple[str, ...]:
        return tuple(c.verb for c in self.commands)


@cache
def games() -> dict[str, Game]:
    """Every game package under kit/games/ with a GAME declaration, by name."""
    found = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            found[game.name] = game
    return found


def load_game(name: str) -> Game:
    known = games()
    if name not in known:
        raise KitError(f"unknown game {name!r}{did_you_mean(name, known)}; kit knows {', '.join(known)}")
    return known[name]


def resolve(game: Game, command: Command):
    """The function implementing a command, imported now (and only now)."""
    module, _, name = command.function.partition(":")
    return getattr(importlib.import_module(f"{game.package}.{module}"), name)


def command(name: str, verb: str):
    """The function implementing `kit VERB --game NAME`."""
    game = load_game(name)
    cmd = game.command(verb)
    if cmd is None:
        raise KitError(f"{name} has no `{verb}` command; it has {', '.join(game.verbs)}")
    return resolve(game, cmd)


def game_layout(game: str, root: Path, extra: Path | None = None) -> Layout:
    """A game's layout as its files give it (default, the game's own, an extra one),
    with the sections and pieces its declaration names."""
    declared = load_game(game)
    return load_layout(layout_files(root, game, extra), declared.layout_settings, declared.pieces)


def rule_names(game: str) -> tuple[str, ...]:
    """The rule options `game` declares (its `options` module's SPEC), by name; importing the
    module loads only the declarations. A game with no rule options may have no such module."""
    name = f"{load_game(game).package}.options"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name != name:
            raise
        return ()
    return tuple(o.name for o in getattr(module, "SPEC", ()))


def refuse_foreign_rules(game: str, rules) -> None:
    """Refuse, in one short line, a `--rule KEY=VALUE` whose KEY is another game's rule option
    and not `game`'s: which games have it, and a few of those `game` has. A KEY no game has is
    left to the rules' loader, which names the close one (kit.data.options). `kit sim --vary`
    refuses its rows' keys here too, named as the --vary that gave them (kit.sim.sweep)."""
    own = rule_names(game)
    for key, raw in rules:
        if key == "preset" or key in own:
            continue
        others = [name for name in games() if name != game and key in rule_names(name)]
        if others:
            have = "has" if len(others) == 1 else "have"
            raise ValueRefused("--rule", raw, f"only {listed(others)} {have} this rule option; "
                               f"{game} has {listed(own)}", key)


def make_context(game: str, *, paper=None, card=None, out=None, map_option=None, font=None,
                 strict=False, rules=(), layout_file=None, preset=None,
                 print_shop=False) -> Context:
    """The Context of one command of `game`, every setting resolved before the game runs.
    `preset` travels with the rule overrides as a ("preset", NAME) pair (kit/data/options.py);
    `card` resizes the piece the game's declaration names for --card."""
    root = project_root()
    refuse_foreign_rules(game, rules)
    if preset:
        rules = (("preset", preset),) + tuple(rules)
    layout = game_layout(game, root, layout_file)
    if paper is not None:       # --paper "" is refused, not ignored
        try:
            layout = layout.with_paper(paper)
        except KitError as err:
            raise KitError(f"--paper: {err.message}") from None
    if card:
        layout = layout.with_piece(load_game(game).card, *card)
    if print_shop:
        layout = replace(layout, print_shop=True)
    out_dir = Path(out) if out else root / "output" / game
    return Context(game=game, root=root, layout=layout, out_dir=out_dir, map_option=map_option,
                   font=font, strict=strict, rules=tuple(rules))
