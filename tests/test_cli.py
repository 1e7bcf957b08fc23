import re

from click.testing import CliRunner

from kit import __version__
from kit.cli import main


def run(*args):
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def test_version_and_help():
    assert run("--version") == (0, f"kit, version {__version__}\n")
    code, out = run("--help")
    assert code == 0
    for command in ("build", "check", "deal", "export", "layout", "replay", "sim"):
        assert command in out
        sub_code, sub_out = run(command, "--help")
        assert sub_code == 0 and "--game" in sub_out


def test_unknown_game_suggests():
    code, out = run("check", "--game", "karta")
    assert code == 2
    assert "unknown game 'karta' (did you mean karuta?)" in out


def test_bad_card_size_is_a_usage_error():
    code, out = run("build", "--game", "karuta", "--card", "24by26")
    assert (code, out) == (2, "error: --card 24by26: not WIDTHxHEIGHT (write e.g. 24x26 or 63x88mm)\n")


def test_bad_rule_syntax():
    code, out = run("sim", "--game", "karuta", "--rule", "direction")
    assert code == 2 and "KEY=VALUE" in out


def test_unknown_paper(project):
    code, out = run("build", "--game", "karuta", "--paper", "A5")
    assert code == 2 and "did you mean A4?" in out


def test_several_errors_are_reported_together_without_a_prefix(project):
    f = project / "data/karuta/highways.yaml"
    f.write_text(f.read_text(encoding="utf-8").replace("tier: main", "tier: mian"), encoding="utf-8")
    code, out = run("check", "--game", "karuta")
    assert code == 2
    lines = out.strip().splitlines()
    assert len(lines) == 5 and all(l.startswith("data/karuta/highways.yaml:") for l in lines)


def test_deal_refuses_a_table_the_game_is_not_for(project):
    code, out = run("deal", "--game", "karuta", "--players", "5", "--seed", "1")
    assert (code, out) == (2, "error: --players 5: must be from 2 to 4, not 5\n")  # in --help's words


def _option_entries(help_text: str) -> dict[str, str]:
    """--help's option list as {option: its whole entry, wrapped lines joined}."""
    body = help_text.split("Options:", 1)[1]
    entries = re.split(r"\n  (?=-)", "\n" + body)
    return {e.split()[0].rstrip(","): " ".join(e.split()) for e in entries if e.strip()}


def test_every_ranged_option_states_its_range_once_and_sim_shares_one_grammar():
    # `--games` states its range once, "(1 to 1,000,000)", with no click range beside it.
    from kit.games import games

    sim = {}
    for name, game in games().items():
        for verb in game.verbs:
            code, out = run(verb, "--game", name, "--help")
            assert code == 0, out
            for option, entry in _option_entries(out).items():
                assert "<=" not in entry and ">=" not in entry, entry
                assert len(re.findall(r"\d to [\d,]+|at (?:least|most) \d", entry)) <= 1, entry
            if verb == "sim":
                sim[name] = _option_entries(out)
    assert "1 to 1,000,000" in sim["karuta"]["--games"]
    for option in ("--games", "--seed", "--workers", "--rule", "--preset", "--vary", "--json"):
        assert len({entries[option] for entries in sim.values()}) == 1, option


def test_policy_help_names_each_games_own_policies_default_first():
    # Each game's --policy help names the game's own policies, never another game's (which it
    # would refuse).
    import importlib

    from kit.games import POLICY_GRAMMAR, games

    for name, game in games().items():
        policies = importlib.import_module(f"{game.package}.policies")
        assert game.policies[0] == policies.DEFAULT and sorted(game.policies) == sorted(policies.POLICIES), name
        names = f"{game.policies[0]} (the default), " + ", ".join(game.policies[1:])
        for verb in ("sim", "replay"):
            code, out = run(verb, "--game", name, "--help")
            entry = _option_entries(out)["--policy"]
            assert entry.endswith(f"{POLICY_GRAMMAR} {name}'s policies: {names}."), entry
            others = {p for g in games().values() if g is not game for p in g.policies} - set(game.policies)
            assert not any(re.search(rf"\b{p}\b", entry) for p in others), entry
