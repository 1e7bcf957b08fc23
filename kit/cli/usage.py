"""Click's refusals of a command line, in kit's words.

Whatever refuses a command line, a value's type, a misspelt option or command, a value or an
option left out, the user reads one line as for every other refusal of kit's, `error: --option
VALUE: why` or `error: kit COMMAND ... what is wrong`, naming what was given, what is allowed and
(where one is close) the name meant; the command group (kit.cli.Kit) prints it, exit status 2.
"""

from __future__ import annotations

import contextlib

import click

from kit.cli.params import OptionRefused, allowed
from kit.data.errors import did_you_mean, excerpt, quoted
from kit.games import games


def words(err: click.UsageError) -> str:
    """The message (after `error: `) for one of click's refusals."""
    ctx = err.ctx
    if isinstance(err, OptionRefused):
        return f"{_option(err.param)} {excerpt(err.value) or repr('')}: {err.why}"
    if isinstance(err, click.exceptions.NoSuchCommand):
        return _no_such_command(ctx, err.command_name)
    if isinstance(err, click.NoSuchOption):
        return _no_such_option(ctx, err.option_name)
    if isinstance(err, click.MissingParameter):
        return f"{command_line(ctx)} needs {_named(err.param)}{_allowing(err.param, ctx)}"
    if isinstance(err, click.BadOptionUsage):
        param = _param_of(ctx, err.option_name)
        if param is not None and _takes_value(param):
            return f"{err.option_name} needs a value{_allowing(param, ctx)}"
        return f"{err.option_name} takes no value (give {err.option_name} alone)"
    if isinstance(err, click.BadParameter) and err.param is not None:   # a type of click's own
        return f"{_option(err.param)}: {_sentence(err.message)}"
    return f"{command_line(ctx)}: {_sentence(err.format_message())}"


@contextlib.contextmanager
def placed(ctx: click.Context):
    """Click's parser refuses some things (a value left out) without saying in which command: this
    one, so the refusal can name the command and what the option takes."""
    try:
        yield
    except click.UsageError as err:
        if err.ctx is None:
            err.ctx = ctx
        raise


def command_line(ctx: click.Context | None) -> str:
    """`kit sim --game karuta`: the command as far as it was understood."""
    if ctx is None:
        return "kit"
    parts = ["kit"] + ([ctx.info_name] if ctx.parent is not None else [])
    game = ctx.meta.get("kit.game")
    if ctx.parent is not None and game:
        parts += ["--game", game]
    return " ".join(parts)


def extra_arguments(ctx: click.Context, extra: list[str]) -> str:
    """The message for arguments a command does not take."""
    takes = [p.human_readable_name for p in ctx.command.get_params(ctx) if isinstance(p, click.Argument)]
    given, here = quoted(" ".join(extra)), command_line(ctx)
    if takes:
        return f"{here} takes one {' '.join(takes)}, not also {given}; see {here} --help"
    return f"{here} takes no argument {given}, only options; see {here} --help"


def _no_such_command(ctx, name: str) -> str:
    known = ctx.command.list_commands(ctx) if ctx is not None else []
    return f"unknown command {quoted(name)}{did_you_mean(name, known)}; kit has {', '.join(known)}"


def _no_such_option(ctx, name: str) -> str:
    # a long option's near miss; one letter after a dash is as near to any other as to none
    offered = sorted({s for p in (ctx.command.get_params(ctx) if ctx else [])
                      for s in (*getattr(p, "opts", ()), *getattr(p, "secondary_opts", ())) if s.startswith("--")})
    meant = did_you_mean(name, offered) if name.startswith("--") else ""
    here = command_line(ctx)
    return f"{here} takes no {excerpt(name)}{meant}; see {here} --help"


def _param_of(ctx, option: str) -> click.Parameter | None:
    if ctx is None:
        return None
    return next((p for p in ctx.command.get_params(ctx)
                 if option in (*getattr(p, "opts", ()), *getattr(p, "secondary_opts", ()))), None)


def _takes_value(param: click.Parameter) -> bool:
    return not (getattr(param, "is_flag", False) or getattr(param, "count", False))


def _option(param: click.Parameter | None) -> str:
    """An option as typed (--card), not its parameter's name (cards); an argument by its metavar."""
    if isinstance(param, click.Option):
        return param.opts[0]
    return param.human_readable_name if param is not None else "a value"


def _named(param: click.Parameter | None) -> str:
    if isinstance(param, click.Option):
        short = [s for s in param.opts[1:] if not s.startswith("--")]
        return param.opts[0] + (f" ({short[0]})" if short else "")
    return _option(param)


def _allowing(param: click.Parameter | None, ctx) -> str:
    """`: what it takes`, or where to read it."""
    if param is not None and param.name in ("game", "group_game"):
        return f": one of {', '.join(games())}"
    what = allowed(param)
    return f": {what}" if what else f"; see {command_line(ctx)} --help"


def _sentence(message: str) -> str:
    """Click's sentence as the tail of kit's line: no capital, no full stop."""
    message = message.strip().rstrip(".")
    return message[:1].lower() + message[1:]
