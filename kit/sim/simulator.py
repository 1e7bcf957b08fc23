"""What a game gives the shared `kit sim`: how to run its games, what it measures, how it reads."""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from kit.sim.report import Measure


@dataclass(frozen=True)
class Simulator:
    """What a game gives the shared `kit sim`: how to run, what it measures, how it reads.

    run(ctx, games=, players=, seed=, policy=, workers=, show_progress=) -> Run
    lines(figures) -> the game's own text lines, printed under the shared ones
    subtitle(figures) -> one line of headline figures for the report's heading
    report: the module of the game's report pages, imported only when a report is drawn
        (it draws with reportlab, which a run without --report never loads). It has
        cells(sim, run) -> (top, bottom): the game's own charts on the report's first page,
            each a function (canvas, box); top ones follow the turns histogram, bottom ones
            the seat and policy shares
        pages(sim, pdf, paper, run, ctx): the game's further report pages
    Each is handed this Simulator, so the pages never import the game's sim module back.
    """

    name: str                       # as the text header names the game
    title: str                      # as the report's heading names it
    unit: str                       # "games", "races"
    measures: tuple[Measure, ...]
    run: object
    lines: object
    subtitle: object
    report: str
    win_note: str = ""              # added to "winner share by seat (95% interval...)"
    policies: tuple[str, ...] = ()  # the names --policy and --ladder take

    def report_pages(self):
        """The game's report module (see `report` above)."""
        return importlib.import_module(self.report)
