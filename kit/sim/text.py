"""The text of `kit sim`, one shape in every game: a header line, the rules line, turns per
game, the winner share by seat and by policy, the game-quality lines, then the game's own lines."""

from __future__ import annotations

from typing import Sequence

from kit.sim.quality import lines as quality_lines
from kit.sim.simulator import Simulator


def num(x) -> str:
    """A figure as printed: whole numbers plainly (never in exponent form), others to one decimal, a
    dash for none."""
    if x is None:
        return "-"
    if isinstance(x, int):
        return str(x)
    # Rounded first, so 75.96 prints as 76 beside a whole 72, not as "76.0".
    r = round(float(x), 1)
    return str(int(r)) if r.is_integer() else f"{r:.1f}"


def who(policies: Sequence[str]) -> str:
    return policies[0] if len(set(policies)) == 1 else ", ".join(policies)


def header(name: str, fig: dict, unit: str = "games") -> str:
    return (f"{name}: {fig['games']} {unit}, {fig['players']} players ({who(fig['policies'])}), "
            f"seed {fig['seed']}")


def rules_line(fig: dict) -> str:
    r = fig["rules"]
    over = ", ".join(f"{k}={_value(v)}" for k, v in r["overrides"].items()) or "none"
    return f"rules: preset {r['preset'] or '(none)'}; overrides {over}"


def options_line(fig: dict) -> str:
    return "  " + ", ".join(f"{k}={_value(v)}" for k, v in fig["rules"]["options"].items())


def _value(v) -> str:
    return ("on" if v else "off") if isinstance(v, bool) else str(v)


def shared_lines(name: str, fig: dict, unit: str = "games", note: str = "") -> list[str]:
    """The lines every game's `kit sim` text begins with."""
    tu = fig["turns"]
    lines = [header(name, fig, unit), rules_line(fig), options_line(fig),
             f"turns per game: median {num(tu['median'])}, min {num(tu['min'])}, max {num(tu['max'])}, "
             f"p5 {num(tu['p5'])}, p95 {num(tu['p95'])}",
             f"winner share by seat (95% interval{note}):"]
    policies = fig["policies"]
    for s, (rate, (lo, hi)) in enumerate(zip(fig["seat_win_rate"], fig["seat_win_interval"])):
        lines.append(f"  seat {s + 1} {policies[s]:<9} {rate:6.1%}  ({lo:.1%}–{hi:.1%})")
    if len(set(policies)) > 1:
        lines.append("winner share by policy (share of all games; per seat):")
        for name, rate in fig["policy_win_rate"].items():
            seats = fig["policy_seats"][name]
            lo, hi = fig["policy_win_interval"][name]
            lines.append(f"  {name:<9} {rate:6.1%}  ({lo:.1%}–{hi:.1%})  {rate / len(seats):6.1%} per seat "
                         f"(seat{'s' if len(seats) > 1 else ''} {', '.join(map(str, seats))})")
    if fig["no_winner_rate"]:
        lines.append(f"games nobody won: {fig['no_winner_rate']:.1%}")
    return lines + quality_lines(fig["quality"], unit)


def text(sim: Simulator, fig: dict) -> str:
    return "\n".join(shared_lines(sim.name, fig, sim.unit, sim.win_note) + list(sim.lines(fig)))
