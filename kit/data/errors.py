"""Errors and warnings that name the file and line they come from.

Domain code raises `KitError`; the CLI turns it into `file:line: message` and
exit status 2. Nothing below the CLI prints or exits.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Where:
    """A place in an input file (line is 1-based; None when unknown)."""

    file: str
    line: int | None = None

    def __str__(self) -> str:
        return f"{self.file}:{self.line}" if self.line else self.file


class KitError(Exception):
    """Bad input: a data, layout or log file, or a command-line value."""

    def __init__(self, message: str, where: Where | None = None):
        message = bounded(message)
        super().__init__(message)
        self.message = message
        self.where = where

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message


class ValueRefused(KitError):
    """A command-line value refused, naming its option: `--rule NAME=VALUE: why`, `--preset
    VALUE: why`, `--policy VALUE: why`. A command that gave the value another way (`--vary`)
    names that instead, from `option`, `name`, `value` and `why`."""

    def __init__(self, option: str, value: str, why: str, name: str | None = None):
        self.option, self.name, self.value, self.why = option, name, value, why
        super().__init__(f"{option} {name + '=' if name else ''}{excerpt(value)}: {why}")


class PieceMisfit(KitError):
    """A piece's size does not fit another setting (the board at its scale): placed at that
    setting; when the size came from the command line, the CLI names --card instead."""


class KitErrors(KitError):
    """Several independent errors found in one pass, reported together."""

    def __init__(self, errors: list[KitError]):
        super().__init__("\n".join(str(e) for e in errors))
        self.errors = errors

    def __str__(self) -> str:
        return "\n".join(str(e) for e in self.errors)


@dataclass(frozen=True)
class Warning_:
    message: str
    where: Where | None = None

    def __str__(self) -> str:
        prefix = f"{self.where}: " if self.where else ""
        return f"{prefix}warning: {self.message}"


EXCERPT = 60     # characters of the input a message quotes at most
MAX_MESSAGE_LINE = 600      # a message's line, whatever it quotes


def bounded(message: str) -> str:
    """A message as it may reach a terminal: each line at most MAX_MESSAGE_LINE characters and
    no control character but the line breaks (input quoted raw would otherwise drive the
    terminal, or fill it)."""
    lines = []
    for line in str(message).split("\n"):
        if len(line) > MAX_MESSAGE_LINE:
            line = line[:MAX_MESSAGE_LINE] + "…"
        if not line.isprintable():
            line = "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in line)
        lines.append(line)
    return "\n".join(lines)


def excerpt(text, limit: int = EXCERPT) -> str:
    """A short, printable quotation of input in a message: control and other unprintable
    characters escaped (a raw U+009B would drive the terminal), cut at `limit` characters."""
    text = str(text)
    cut = len(text) > limit
    text = text[:limit]
    shown = "".join(ch if ch.isprintable() or ch == " " else ascii(ch)[1:-1] for ch in text)
    return shown + ("…" if cut else "")


def quoted(text, limit: int = EXCERPT) -> str:
    """`excerpt` in quotes, as a message names a value."""
    return f"'{excerpt(text, limit)}'"


def listed(names, most: int = 3) -> str:
    """Names as a refusal lists them, at most `most`: 'a', 'a and b', 'a, b and c', 'a, b, c, …'."""
    names = [str(n) for n in names]
    if len(names) > most:
        return ", ".join(names[:most]) + ", …"
    return " and ".join(filter(None, [", ".join(names[:-1]), names[-1]])) if names else ""


def did_you_mean(word: str, choices) -> str:
    """' (did you mean X?)' when a close match exists, else ''."""
    if len(str(word)) > 100:     # no name is that long; difflib's time grows with the length
        return ""
    close = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1, cutoff=0.5)
    return f" (did you mean {close[0]}?)" if close else ""


class Collector:
    """Gathers errors so a check reports every problem at once, not just the first."""

    def __init__(self):
        self.errors: list[KitError] = []
        self.warnings: list[Warning_] = []

    def error(self, message: str, where: Where | None = None) -> None:
        self.errors.append(KitError(message, where))

    def warn(self, message: str, where: Where | None = None) -> None:
        self.warnings.append(Warning_(message, where))

    def raise_if_any(self) -> None:
        if len(self.errors) == 1:
            raise self.errors[0]
        if self.errors:
            raise KitErrors(self.errors)


def display_path(path: Path | str) -> str:
    """A path as the user would type it: relative to the working folder when inside it."""
    p = Path(path)
    try:
        return str(p.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(p)
