"""`kit replay --game shikoku-duo`: logs of simulated games replay cleanly; the first illegal
turn stops the replay at its line with its round and why."""

from __future__ import annotations

from dataclasses import replace

import pytest

from kit.data.errors import KitError, Where
from kit.games.shikoku_duo import rules as R
from kit.games.shikoku_duo.automa import load_automa
from kit.games.shikoku_duo.replay import check_game, log_text, parse_log, read_rounds
from kit.games.shikoku_duo.sim import Setup, controllers, game_rng
from kit.data.yamlload import parse_yaml
from shikoku_world import world
from test_shikoku_rules import DATA


def setup_of(players=2):
    m = world()
    t, rules = R.tables(m), R.Rules.from_options(m.rules)
    if players == 1:
        return Setup(t, rules, ("greedy", "automa"), load_automa(DATA / "automa.yaml"))
    return Setup(t, rules, ("greedy", "random"), None)


def recorded(setup, seed):
    record = []
    res = R.play(setup.tables, setup.rules, seed, controllers(setup), game_rng(seed), record)
    return res, record


def check_text(setup, text):
    doc = parse_yaml(text, "log.yaml")
    log, rounds = parse_log(doc, Where("log.yaml", 1))
    log = replace(log, rounds=read_rounds(rounds, setup.tables))
    return check_game(log, setup)


@pytest.mark.parametrize("players", [2, 1])
def test_a_simulated_game_written_as_a_log_replays_to_the_same_result(players):
    setup = setup_of(players)
    for seed in (3, 8):
        res, record = recorded(setup, seed)
        text = log_text(setup.tables, setup.rules, seed, players, record)
        played = check_text(setup, text)
        assert played.finished and played.rounds == res.rounds
        assert played.scores == res.scores and played.winner == res.winner


def _broken(text, old, new):
    assert old in text
    return text.replace(old, new, 1)


def test_the_first_illegal_turn_names_its_line_and_round():
    setup = setup_of()
    _, record = recorded(setup, 3)
    text = log_text(setup.tables, setup.rules, 3, 2, record)
    lines = text.splitlines()
    # Move the first pilgrim move one space further: it no longer lands where the die says.
    k = next(i for i, s in enumerate(lines) if ": pilgrim " in s)
    indent = lines[k][:lines[k].index("-")]
    words = lines[k].strip().rstrip('"').split()          # - "SEAT: pilgrim STEPS SPACE ...
    words[4] = str((int(words[4]) + 1) % 37)
    lines[k] = indent + " ".join(words) + '"'
    with pytest.raises(KitError) as err:
        check_text(setup, "\n".join(lines))
    assert err.value.where.line == k + 1
    assert "round 1:" in str(err.value) and "pilgrim" in str(err.value)


def test_steps_that_are_not_the_die_are_named_as_such():
    setup = setup_of()
    _, record = recorded(setup, 3)
    step = next(s for s in record if s.move.character == R.PILGRIM)
    text = log_text(setup.tables, setup.rules, 3, 2, record)
    lines = text.splitlines()
    k = next(i for i, s in enumerate(lines) if ": pilgrim " in s)
    words = lines[k].split()                              # - "SEAT: pilgrim STEPS SPACE ...
    assert int(words[3]) == step.die
    words[3] = str(step.die + 5)
    lines[k] = lines[k][:lines[k].index("-")] + " ".join(words)
    with pytest.raises(KitError) as err:
        check_text(setup, "\n".join(lines))
    assert err.value.where.line == k + 1
    why = str(err.value)
    assert f"the steps written ({step.die + 5}) are not the die picked ({step.die})" in why
    assert f"the pilgrim may move {step.die} to space {step.move.dest}" in why
    assert "cannot reach" not in why


def test_turns_out_of_draft_order_and_extra_rounds_are_refused():
    setup = setup_of()
    _, record = recorded(setup, 5)
    text = log_text(setup.tables, setup.rules, 5, 2, record)
    lines = text.splitlines()
    k = next(i for i, s in enumerate(lines) if s.strip().startswith('- "'))
    seat = lines[k].split('"')[1][0]
    lines[k] = lines[k].replace(f'"{seat}:', f'"{3 - int(seat)}:', 1)
    with pytest.raises(KitError, match="round 1: seat"):
        check_text(setup, "\n".join(lines))
    first_round = text.split("  - dice:")[1]
    with pytest.raises(KitError, match="the game was over"):
        check_text(setup, text + "  - dice:" + first_round)


def test_an_automa_that_does_not_follow_its_rules_is_refused():
    setup = setup_of(1)
    t, rules = setup.tables, setup.rules
    _, record = recorded(setup, 4)
    text = log_text(t, rules, 4, 1, record)
    lines = text.splitlines()
    state = R.setup(t, rules, 4, True)
    line = 0
    for step in record:
        line = next(i for i in range(line + 1, len(lines)) if lines[i].strip().startswith('- "'))
        if step.seat == 1 and not step.repeat:
            legal = R.legal_moves(t, rules, state, 1, step.move.character, step.die)
            other = [m for m in legal if m != step.move]
            if other:
                lines[line] = f'      - "2: {R.format_move(t, other[0])}"'
                break
        if step.repeat:
            state = R.spend_hot(state)
        state = R.apply(t, rules, state, step.seat, step.move, (lambda pool, k=step.kept: k))[0]
    else:
        pytest.fail("the Automa never had a choice")
    with pytest.raises(KitError, match="the Automa's rules make it play") as err:
        check_text(setup, "\n".join(lines))
    assert err.value.where.line == line + 1


def _initials(words: str) -> str:
    return "".join(w[0] for w in words.split())


def test_goods_may_be_written_as_runs_of_their_initials():
    # A draw's goods by name ("draw 4 got indigo paper citrus citrus keep ...") do not fit the
    # progress sheet's action cell; "got ipcc keep ippcc" does, and replays the same game.
    import re

    setup = setup_of()
    res, record = recorded(setup, 3)
    text = log_text(setup.tables, setup.rules, 3, 2, record)
    names = "|".join(setup.tables.goods_names)
    short, n = re.subn(rf"\b(got|keep) ((?:(?:{names}) ?)+)",
                       lambda m: f"{m.group(1)} {_initials(m.group(2))} ", text)
    assert n > 0 and short != text
    played = check_text(setup, short)
    assert played.finished and played.scores == res.scores and played.winner == res.winner
    # A wrong initial or a wrong run is refused at its line, saying how goods are written.
    k = next(i for i, line in enumerate(short.splitlines()) if " got " in line)
    lines = short.splitlines()
    lines[k] = re.sub(r" got (\w+)", r" got x\1", lines[k])
    with pytest.raises(KitError) as err:
        check_text(setup, "\n".join(lines))
    assert err.value.where.line == k + 1
    initials = " ".join(name[0] for name in setup.tables.goods_names)
    assert "unknown goods 'x" in str(err.value) and f"or their initials ({initials})" in str(err.value)


def test_goods_sharing_an_initial_are_written_by_name_only():
    from kit.games.shikoku_duo.replay import goods_initials

    assert goods_initials(("indigo", "paper", "citrus", "salt")) == {"i": "indigo", "p": "paper", "c": "citrus",
                                                                     "s": "salt"}
    assert goods_initials(("salt", "silk", "paper")) == {}


def test_a_log_writes_no_path_that_cannot_matter_and_no_sell_0():
    """The world's wave tiles include paint_path: artists' paths are told apart; the log still
    writes `via` only for a paint whose paths turn up different tiles, and never `sell 0`."""
    setup = setup_of()
    t, rules = setup.tables, setup.rules
    seen = {"gift": 0, "paint": 0, "coastal": 0}
    for seed in range(3, 15):
        res, record = recorded(setup, seed)
        text = log_text(t, rules, seed, 2, record)
        assert " gift via " not in text and "sell 0" not in text
        seen["gift"] += sum(1 for s in record if s.move.character == R.ARTIST and s.move.choice == R.GIFT
                            and s.move.passed)
        seen["coastal"] += sum(1 for s in record if s.move.character == R.MERCHANT and s.move.dest >= 0
                               and t.town_coastal[s.move.dest] and s.move.choice == 0)
        played = check_text(setup, text)
        assert played.scores == res.scores and played.rounds == res.rounds
    assert seen["gift"] and seen["coastal"], seen      # the cases the log leaves out came up


def test_a_gift_by_several_paths_is_written_once():
    setup = setup_of()
    t, rules = setup.tables, setup.rules
    for seed in range(3, 30):
        _, record = recorded(setup, seed)
        state = R.setup(t, rules, seed, False)
        for step in record:
            if step.repeat:
                state = R.spend_hot(state)
            legal = R.legal_moves(t, rules, state, step.seat, R.ARTIST, step.die) if not step.repeat else ()
            gifts = [m for m in legal if m.choice == R.GIFT]
            if len(gifts) > len({m.dest for m in gifts}):
                bad = R.Move(R.ARTIST, step.die, gifts[0].dest, R.NOTHING)
                why = R.explain(t, rules, state, step.seat, step.die, bad)
                from kit.games.shikoku_duo.replay import short_move
                listed = [short_move(t, rules, state, step.seat, step.die, m) for m in legal
                          if m.dest == bad.dest]
                assert why and len(set(listed)) < len(listed)      # the engine's list repeats the gift
                return
            state = R.apply(t, rules, state, step.seat, step.move, (lambda pool, k=step.kept: k))[0]
    pytest.fail("no artist ever had one gift by two paths")


def test_a_huge_log_is_refused_at_its_first_bad_round_in_little_memory(project):
    # each round is checked as it is read and none is kept (the log's rounds composed whole
    # would take 300 MB and 18 s before the first was checked)
    from conftest import huge_log, kit_measured
    from test_shikoku_rules import DATA

    path = project / "huge.yaml"
    line, rounds = huge_log(DATA / "example-log.yaml", "rounds", path)
    assert path.stat().st_size > 8_000_000
    status, kb, stderr = kit_measured("replay", "--game", "shikoku-duo", path, "--games", "5", cwd=project)
    assert status == 2
    assert stderr.splitlines()[0] == f"huge.yaml:{line}: round {rounds + 1}: the game was over after round " \
                                     f"{rounds} (gifts)"
    assert kb < 120_000, kb     # the log's text and the game; its composed rounds were 300 MB


def test_a_log_is_checked_round_by_round_and_its_head_comes_first(project):
    from click.testing import CliRunner

    from kit.cli import main
    from test_shikoku_rules import DATA

    text = (DATA / "example-log.yaml").read_text(encoding="utf-8")
    log = project / "log.yaml"
    moved = text.replace("seed: 7\n", "") + "seed: 7\n"
    log.write_text(moved, encoding="utf-8")
    got = CliRunner().invoke(main, ["replay", "--game", "shikoku-duo", str(log), "--games", "2"])
    first = next(k for k, line in enumerate(moved.splitlines(), 1) if line.startswith("  - dice:"))
    assert got.exit_code == 2 and got.stderr.strip() == \
        f"log.yaml:{first}: seed must be written before rounds: (kit checks a log round by round as it reads it)"
    log.write_text(text + "rules: {merchant_path: simple}\n", encoding="utf-8")
    got = CliRunner().invoke(main, ["replay", "--game", "shikoku-duo", str(log), "--games", "2"])
    assert got.exit_code == 2 and got.stderr.strip() == \
        f"log.yaml:{text.count(chr(10)) + 1}: rules: must be written before rounds: (kit checks a log round by " \
        "round as it reads it)"


def test_the_simulated_games_are_summed_as_they_stream_in():
    from kit.games.shikoku_duo.replay import compare

    setup = setup_of()
    res, record = recorded(setup, 3)
    log = parse_log(parse_yaml(log_text(setup.tables, setup.rules, 3, 2, record), "log.yaml"), Where("log.yaml", 1))[0]
    played = check_text(setup, log_text(setup.tables, setup.rules, 3, 2, record))
    results = [recorded(setup, seed)[0] for seed in range(4, 10)]
    streamed = compare(played, (r for r in results), log, setup.policies)     # read once, never measured
    assert streamed == compare(played, results, log, setup.policies)
    assert "simulated: 6 games" in streamed["en"] and f"{res.rounds} rounds checked" in streamed["en"]
    assert "6 ゲーム" in streamed["ja"] and f"{res.rounds} ラウンド" in streamed["ja"]
