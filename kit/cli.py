"""The `kit` command line: small commands that resolve options, call a game, print.

Domain errors (KitError) become `file:line: message` on stderr and exit status 2
here, at the edge, and nowhere else.
"""

from __future__ import annotations

import functools
import sys

import click

from kit import __version__
from kit.errors import KitError, KitErrors
from kit.games import GAMES, command
from kit.project import make_context
from kit.units import parse_size


class SizeType(click.ParamType):
    """`24x26` (mm) or `2.5x3.5in` as (width, height) in mm."""

    name = "WxH"

    def convert(self, value, param, ctx):
        if isinstance(value, tuple):
            return value
        try:
            return parse_size(value, f"--{param.name}" if param else "size")
        except KitError as err:
            self.fail(err.message, param, ctx)


class RuleType(click.ParamType):
    """`key=value` overriding one rule option."""

    name = "KEY=VALUE"

    def convert(self, value, param, ctx):
        if isinstance(value, tuple):
            return value
        key, sep, val = str(value).partition("=")
        if not sep or not key.strip():
            self.fail(f"{value!r} is not KEY=VALUE (e.g. --rule direction=origin)", param, ctx)
        return key.strip(), val.strip()


SIZE = SizeType()
RULE = RuleType()


def game_option(f):
    return click.option("--game", "-g", required=True, metavar="NAME",
                        help=f"Which game: {', '.join(GAMES)}.")(f)


def paper_options(f, card=True):
    f = click.option("--out", type=click.Path(file_okay=False), help="Output folder (default output/GAME).")(f)
    if card:
        f = click.option("--card", type=SIZE, help="Card size WxH in mm, e.g. 24x26.")(f)
    f = click.option("--paper", help="Paper: A4, A3 or Letter (default from the layout).")(f)
    f = click.option("--layout", "layout_file", type=click.Path(dir_okay=False),
                     help="An extra layout YAML applied over layouts/GAME.yaml.")(f)
    f = click.option("--map", "map_option", help="The map SVG (else KIT_MAP, the layout, ../shared/maps).")(f)
    return f


def rule_option(f):
    f = click.option("--rule", "rules", type=RULE, multiple=True,
                     help="Override a rule option, e.g. --rule direction=origin (repeatable).")(f)
    return click.option("--preset", default=None, metavar="NAME",
                        help="A named rule set from the game's rules.yaml (default: the first listed); "
                             "--rule overrides apply over it.")(f)


def with_preset(preset, rules) -> tuple:
    """The preset travels with the rule overrides as a ("preset", NAME) pair (kit/options.py)."""
    return ((("preset", preset),) if preset else ()) + tuple(rules)


def reports_errors(f):
    """Turn KitError into `file:line: message` and exit 2."""

    @functools.wraps(f)
    def wrapper(*args, **kwargs):
        try:
            return f(*args, **kwargs)
        except KitError as err:
            located = err.where or isinstance(err, KitErrors)
            click.echo(str(err) if located else f"error: {err}", err=True)
            sys.exit(2)

    return wrapper


def context(game, paper=None, card=None, out=None, map_option=None, layout_file=None, rules=(),
            strict=False, font=None):
    return make_context(game, paper=paper, card=card, out=out, map_option=map_option,
                        layout_file=layout_file, rules=rules, strict=strict, font=font)


def print_written(written):
    for path, pages in written:
        click.echo(f"wrote {path} ({pages} page{'s' if pages != 1 else ''})")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="kit")
def main():
    """kit: print-and-play PDFs, checks and simulations for tabletop games.

    Edit the YAML in data/GAME, then `kit build --game GAME`.
    """


@main.command()
@game_option
@paper_options
@click.option("--strict", is_flag=True, help="Treat warnings as errors.")
@click.option("--font", type=click.Path(dir_okay=False), help="The TrueType font text is measured in.")
@rule_option
@reports_errors
def check(game, paper, card, out, map_option, layout_file, strict, font, rules, preset):
    """Validate a game's data (and its cards at the layout's size) and print a summary."""
    ctx = context(game, paper, card, out, map_option, layout_file, with_preset(preset, rules), strict=strict,
                  font=font)
    text, warnings = command(game, "check")(ctx)
    click.echo(text)
    for w in warnings:
        click.echo(str(w), err=True)
    if strict and warnings:
        click.echo(f"error: {len(warnings)} warning(s) with --strict", err=True)
        sys.exit(2)


@main.command()
@game_option
@click.option("--map", "map_option", help="The map SVG.")
@rule_option
@reports_errors
def export(game, map_option, rules, preset):
    """Print a game's normalised data as JSON on stdout."""
    import json

    ctx = context(game, map_option=map_option, rules=with_preset(preset, rules))
    click.echo(json.dumps(command(game, "export")(ctx), ensure_ascii=False, indent=1))


@main.command()
@game_option
@paper_options
@click.option("--font", type=click.Path(dir_okay=False), help="A TrueType font for the text (else KIT_FONT, IPAexGothic).")
@click.option("--corner-index/--no-corner-index", default=None,
              help="Print a small index in the card corners, for reading a fanned hand.")
@rule_option
@reports_errors
def build(game, paper, card, out, map_option, layout_file, font, corner_index, rules, preset):
    """Write every printable PDF of a game to the output folder."""
    ctx = context(game, paper, card, out, map_option, layout_file, with_preset(preset, rules), font=font)
    print_written(command(game, "build")(ctx, corner_index=corner_index))


@main.command()
@game_option
@functools.partial(paper_options, card=False)
@click.option("--card", "cards", type=SIZE, multiple=True,
              help="Card size WxH to lay out (repeatable; default: the sizes the designer compared).")
@click.option("--json", "as_json", is_flag=True, help="Print the slots of each size as JSON.")
@reports_errors
def layout(game, paper, out, map_option, layout_file, cards, as_json):
    """Relax card slots on the board and report overlaps, displacement and leader crossings."""
    ctx = context(game, paper, None, out, map_option, layout_file)
    click.echo(command(game, "layout")(ctx, list(cards), as_json))


@main.command()
@game_option
@paper_options
@click.option("--players", "-n", type=click.IntRange(1, 8), required=True, help="Number of players.")
@click.option("--seed", type=int, required=True, help="Deal seed (game k of `kit sim --seed S` is seed S+k).")
@click.option("--font", type=click.Path(dir_okay=False), help="A TrueType font.")
@rule_option
@reports_errors
def deal(game, paper, card, out, map_option, layout_file, players, seed, font, rules, preset):
    """Deal reproducible hands for a hand playtest: a PDF and the same as text."""
    ctx = context(game, paper, card, out, map_option, layout_file, with_preset(preset, rules), font=font)
    text, written = command(game, "deal")(ctx, players=players, seed=seed)
    click.echo(text)
    print_written(written)


POLICY_HELP = ("AI policy: one name for every seat, or a comma list with one per seat "
               "(NAME*K for K seats), e.g. greedy,random,foresight,greedy or greedy*2,random*2.")


@main.command()
@game_option
@click.option("--games", "games", type=click.IntRange(1), default=5000, show_default=True)
@click.option("--players", "-n", type=int, default=None, help="Players per game.")
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--policy", default=None, help=POLICY_HELP)
@rule_option
@click.option("--vary", "vary", multiple=True, metavar="KEY=A,B,...",
              help="Run every combination of these values on the same seeds and compare them: KEY is a "
                   "rule option, preset, policy, or rule (values: KEY=VALUE overrides joined by +, - for "
                   "none). Separate values with ; when a value holds commas (repeatable).")
@click.option("--workers", type=click.IntRange(1), default=None, help="Worker processes (default: all cores).")
@click.option("--json", "as_json", is_flag=True, help="Print the results as one JSON object.")
@click.option("--report", type=click.Path(dir_okay=False), help="Also write a PDF report to this file.")
@click.option("--paper", help="Paper of the report: A4, A3 or Letter (default from the layout), landscape.")
@click.option("--map", "map_option", help="The map SVG.")
@click.option("--font", type=click.Path(dir_okay=False), help="A TrueType font for the report.")
@reports_errors
def sim(game, games, players, seed, policy, rules, preset, vary, workers, as_json, report, paper, map_option,
        font):
    """Simulate many games and print what hand play cannot show."""
    ctx = context(game, paper=paper, map_option=map_option, rules=with_preset(preset, rules), font=font)
    click.echo(command(game, "sim")(ctx, games=games, players=players, seed=seed, policy=policy,
                                    workers=workers, as_json=as_json, report=report, vary=vary))


@main.command()
@game_option
@click.argument("log", type=click.Path(dir_okay=False))
@click.option("--games", "games", type=click.IntRange(1), default=2000, show_default=True,
              help="Simulated games of the same deal to compare with.")
@click.option("--policy", default=None, help="AI policy for the comparison games. " + POLICY_HELP)
@click.option("--workers", type=click.IntRange(1), default=None)
@rule_option
@click.option("--map", "map_option", help="The map SVG.")
@reports_errors
def replay(game, log, games, policy, workers, rules, preset, map_option):
    """Check a hand-played game, turn by turn, and compare it with simulations of its deal."""
    ctx = context(game, map_option=map_option, rules=with_preset(preset, rules))
    click.echo(command(game, "replay")(ctx, log=log, games=games, policy=policy, workers=workers))
