"""`kit sim`: one run, or with --vary a sweep, or with --ladder a ladder, of a game's Simulator,
as text or JSON, and optionally a PDF report; with --cluster its games played on a Dask cluster.
Every game's `sim` command is this one, handed the game's Simulator."""

from __future__ import annotations

import json
from pathlib import Path

from kit.data.errors import KitError, display_path
from kit.run.files import write_atomic
from kit.sim.cluster import cluster as on_cluster
from kit.sim.simulator import Simulator

# The sweep, the ladder, the text report and the PDFs are imported where they are used: a
# plain `kit sim --json` then loads (and, without cached bytecode, compiles) none of them.


def sim_command(ctx, sim: Simulator, *, games: int, players: int | None, seed: int, policy: str | None,
                workers: int | None, as_json: bool, report: str | None, vary=(), ladder: str | None = None,
                cluster: str | None = None) -> str:
    if ladder is not None and (vary or policy is not None):
        raise KitError(f"--ladder names the policies it plays: give it without {'--vary' if vary else '--policy'}")
    if cluster and workers is not None:
        raise KitError("--workers counts kit's own processes: with --cluster the cluster's workers play")
    with on_cluster(cluster):
        if ladder is not None:
            return ladder_command(ctx, sim, games=games, players=players, seed=seed, workers=workers,
                                  as_json=as_json, report=report, spec=ladder)
        return _run_command(ctx, sim, games=games, players=players, seed=seed, policy=policy, workers=workers,
                            as_json=as_json, report=report, vary=vary)


def _run_command(ctx, sim: Simulator, *, games: int, players: int | None, seed: int, policy: str | None,
                 workers: int | None, as_json: bool, report: str | None, vary=()) -> str:
    if vary:
        return sweep_command(ctx, sim, games=games, players=players, seed=seed, policy=policy,
                             workers=workers, as_json=as_json, report=report, vary=vary)
    run = sim.run(ctx, games=games, players=players, seed=seed, policy=policy, workers=workers)
    wrote = written(report, lambda: _pdfs().report_pdf(sim, run, ctx))
    if as_json:
        return json.dumps(run.figures, ensure_ascii=False, indent=1)
    from kit.sim.text import text
    return "\n".join([text(sim, run.figures), *wrote])


def sweep_command(ctx, sim: Simulator, *, games: int, players: int | None, seed: int, policy: str | None,
                  workers: int | None, as_json: bool, report: str | None, vary) -> str:
    from kit.sim.sweep import sweep, sweep_json
    from kit.sim.sweep import text as sweep_text

    rows, runs, comparisons = sweep(ctx, sim, games=games, players=players, seed=seed, policy=policy,
                                    workers=workers, vary=vary)
    wrote = written(report, lambda: _pdfs().sweep_pdf(sim, rows, runs, comparisons, ctx, games=games, seed=seed))
    if as_json:
        return json.dumps(sweep_json(sim, rows, runs, comparisons, games=games, seed=seed),
                          ensure_ascii=False, indent=1)
    return "\n".join([sweep_text(sim, rows, runs, comparisons, games=games, seed=seed), *wrote])


def ladder_command(ctx, sim: Simulator, *, games: int, players: int | None, seed: int, workers: int | None,
                   as_json: bool, report: str | None, spec: str) -> str:
    from kit.sim.ladder import ladder, lines as ladder_lines
    from kit.sim.ladderpdf import ladder_pdf

    lad = ladder(ctx, sim, games=games, players=players, seed=seed, workers=workers, spec=spec)
    wrote = written(report, lambda: ladder_pdf(sim, lad, ctx))
    if as_json:
        return json.dumps({"game": sim.name, "ladder": lad}, ensure_ascii=False, indent=1)
    return "\n".join([*ladder_lines(sim.name, lad, sim.unit), *wrote])


def written(report: str | None, pdf) -> list[str]:
    """With --report, the PDF that pdf() draws written to it (atomically), and the line saying so."""
    if not report:
        return []
    path = Path(report)
    write_atomic(path, pdf())
    return [f"wrote {display_path(path)}"]


def _pdfs():
    """kit.sim.reportpdf, imported only when a report is drawn (it loads the drawing code)."""
    from kit.sim import reportpdf
    return reportpdf
