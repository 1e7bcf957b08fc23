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
        super().__init__(message)
        self.message = message
        self.where = where

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message


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


def did_you_mean(word: str, choices) -> str:
    """' (did you mean X?)' when a close match exists, else ''."""
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
