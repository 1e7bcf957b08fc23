"""The click types of kit's options. Each refuses a value as kit refuses any command-line value,
`--option VALUE: why` (OptionRefused, worded by kit.cli.usage), and says in `allowed` what the
option takes, for a refusal that names no value (`--games` given without one)."""

from __future__ import annotations

from pathlib import Path

import click

from kit.data.options import outside_bounds, whole_number_range
from kit.data.units import SizeRefused, parse_size
from kit.run.files import kind_of


class OptionRefused(click.BadParameter):
    """A value an option's type refuses: the value as typed and why."""

    def __init__(self, value, why: str, ctx=None, param=None):
        super().__init__(why, ctx, param)
        self.value, self.why = value, why


class KitType(click.ParamType):
    """A type whose refusals are OptionRefused and which can say what it takes."""

    allowed = ""

    def refuse(self, value, why: str, param, ctx):
        raise OptionRefused(value, why, ctx, param)


class SizeType(KitType):
    """`24x26` (mm) or `2.5x3.5in` as (width, height) in mm."""

    name = "WxH"
    allowed = "WIDTHxHEIGHT, e.g. 24x26 or 63x88mm"

    def convert(self, value, param, ctx):
        if isinstance(value, tuple):
            return value
        try:
            return parse_size(value, param.opts[0] if param and param.opts else "size")
        except SizeRefused as err:
            self.refuse(value, err.why, param, ctx)


class RuleType(KitType):
    """`key=value` overriding one rule option."""

    name = "KEY=VALUE"
    allowed = "KEY=VALUE, e.g. direction=origin"

    def convert(self, value, param, ctx):
        if isinstance(value, tuple):
            return value
        key, sep, val = str(value).partition("=")
        if not sep or not key.strip():
            self.refuse(value, "not KEY=VALUE (e.g. --rule direction=origin)", param, ctx)
        return key.strip(), val.strip()


class Whole(KitType, click.IntRange):
    """A whole number, within bounds if any, which --help and a refusal state in the same words
    as a rule option's ("1 to 1,000,000"), so an option's help text need not state them again.
    An IntRange, so that --help shows the bounds."""

    name = "integer"

    def __init__(self, minimum: int | None = None, maximum: int | None = None):
        click.IntRange.__init__(self, minimum, maximum)

    def _describe_range(self) -> str:
        return whole_number_range(self.min, self.max, "")

    @property
    def allowed(self) -> str:
        if self.min is not None and self.max is not None:
            return f"a whole number from {self.min:,} to {self.max:,}"
        return "a whole number" + whole_number_range(self.min, self.max, ", ")

    def convert(self, value, param, ctx):
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        else:
            try:
                number = int(str(value).strip(), 10)
            except ValueError:
                self.refuse(value, "not a whole number" + whole_number_range(self.min, self.max, "; it takes "),
                            param, ctx)
        why = outside_bounds(number, self.min, self.max)
        if why:
            self.refuse(value, why, param, ctx)
        return number

    def __repr__(self) -> str:
        return f"Whole({self.min}, {self.max})"


class PathType(KitType):
    """A file's or a folder's path, as typed: refused here only when it names a folder where a
    file is asked for or the other way round; the rest of what is there is judged by the command
    that reads or writes it (kit.run.files for an output, the loaders for an input)."""

    def __init__(self, folder: bool = False):
        self.folder = folder
        self.name = "directory" if folder else "file"
        self.allowed = "a folder's path" if folder else "a file's path"

    def convert(self, value, param, ctx):
        if str(value) == "":
            self.refuse(value, f"an empty path; give {self.allowed}", param, ctx)
        path = Path(value)
        if self.folder and path.exists() and not path.is_dir():
            self.refuse(value, f"{kind_of(path)}, not a folder", param, ctx)
        if not self.folder and path.is_dir():
            self.refuse(value, "a folder, not a file", param, ctx)
        return str(value)


SIZE = SizeType()
RULE = RuleType()
FILE = PathType()
FOLDER = PathType(folder=True)


def allowed(param: click.Parameter | None) -> str:
    """What a parameter takes, in words ('' when only its --help says)."""
    return getattr(getattr(param, "type", None), "allowed", "") if param is not None else ""

