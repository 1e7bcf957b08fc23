"""What the paper prints, the replay reads: every name the built PDFs print for a thing reads
back to that thing, and a simulated game copied with those names (each thing by a different
printed name in turn) replays to the same end."""

from __future__ import annotations

import itertools
from dataclasses import replace
from pathlib import Path

import pypdf
import pytest
from click.testing import CliRunner

from kit.cli import main
from kit.data.names import UnknownName, fold
from kit.data.errors import Where
from kit.data.yamlload import parse_yaml

from conftest import MAP, ROOT


def printed_tokens(folder: Path, files: str = "*.pdf") -> set[str]:
    """Every line of text the PDFs in `folder` print, each word of it, and runs of up to four
    of its words (a romaji like `Tokushima Castle Garden`), as written."""
    out: set[str] = set()
    for pdf in sorted(folder.glob(files)):
        for page in pypdf.PdfReader(pdf).pages:
            for line in page.extract_text().splitlines():
                words = line.split()
                out.add(line.strip())
                for n in range(1, 5):
                    out.update(" ".join(words[i:i + n]) for i in range(len(words) - n + 1))
    return out


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """Each game's pieces, built from the shipped data and layouts."""
    if not MAP.exists():
        pytest.fail(f"the map {MAP} is needed to build the boards")
    out = tmp_path_factory.mktemp("built")
    runner = CliRunner()
    folders = {}
    for game in ("karuta", "tour-de-dice", "shikoku-duo"):
        res = runner.invoke(main, ["--project", str(ROOT), "build", "--game", game, "--out", str(out / game)],
                            env={"KIT_MAP": str(MAP)})
        assert res.exit_code == 0, res.output
        folders[game] = printed_tokens(out / game)
    folders["karuta cards"] = printed_tokens(out / "karuta", "cards.pdf")
    return folders


def printed_names(names, tokens: set[str]) -> dict:
    """Each thing's names that the paper prints and that name it alone."""
    out = {}
    for value, shown in names.shown.items():
        out[value] = [n for n in shown if n in tokens and names.get(n) == value]
    return out


def rotate(printed: dict):
    """A function giving, for a thing, its next printed name in turn."""
    cycles = {v: itertools.cycle(ns) for v, ns in printed.items() if ns}
    return lambda value: next(cycles[value])


# --- karuta ---------------------------------------------------------------------------------

def test_karuta_every_card_is_read_by_each_name_it_prints_and_a_copied_game_replays(built):
    from kit.games.karuta.model import load
    from kit.games.karuta.names import provinces
    from kit.games.karuta.replay import check_game, parse_log
    from kit.games.karuta.sim import make_setup, play_dealt

    model = load(ROOT / "data" / "karuta")
    names = provinces(model)
    printed = printed_names(names, built["karuta"])
    on_cards = printed_names(names, built["karuta cards"])
    for p in model.provinces:       # the card prints its kanji, kana, romaji (with macrons) and number
        assert {p.kanji, str(p.number)} <= set(on_cards[p.kanji]), p
        for name in (p.kana, p.romaji):
            if names.get(name) == p.kanji:
                assert name in on_cards[p.kanji], (p, name)
            else:                   # あわ / Awa on two cards: read as neither, said so
                assert name in built["karuta cards"] and names.get(name) is None, (p, name)
    assert {"Kōzuke", "Shimotsuke", "Tōtōmi"} <= built["karuta cards"]
    with pytest.raises(UnknownName, match="安房/17 or 阿波/54"):
        names.read("あわ")           # both cards print it: the message says what tells them apart
    name = rotate(printed)
    for seed, players in ((3, 2), (4, 3), (5, 4)):
        setup = make_setup(model, players, "random")
        record = []
        result = play_dealt(setup, None, seed, record)
        lines = [f"seed: {seed}", f"players: {players}", "turns:"]
        for seat, turn in record:
            cards = [name(setup.tables.names[c]) for c in turn]
            lines.append(f'  - "{seat + 1}: {" ".join(cards) or "pass"}"')
        log = parse_log(parse_yaml("\n".join(lines) + "\n", "game.yaml"), Where("game.yaml", 1))
        played = check_game(log, setup, names)
        assert played.finished and played.wins == result.wins and played.turns == result.turns


def test_karuta_a_card_by_number_in_a_yaml_list_is_read():
    from kit.games.karuta.model import load
    from kit.games.karuta.names import provinces
    from kit.games.karuta.replay import parse_log

    names = provinces(load(ROOT / "data" / "karuta"))
    log = parse_log(parse_yaml("seed: 1\nplayers: 2\nturns:\n  - {seat: 1, play: [24, 相模]}\n", "g.yaml"),
                    Where("g.yaml", 1))
    assert [names.read(c) for c in log.turns[0].cards] == ["信濃", "相模"]


# --- tour-de-dice ---------------------------------------------------------------------------

def test_tour_every_marker_and_space_name_is_read_and_a_copied_race_replays(built):
    from kit.games.tour_de_dice.model import load
    from kit.games.tour_de_dice.names import pieces
    from kit.games.tour_de_dice.play import make_setup, play_log
    from kit.games.tour_de_dice.replay import check_race, log_text, parse_log, space_of
    from kit.games.tour_de_dice.rules import START
    from kit.games.tour_de_dice.sheets import piece_labels

    tour = load(ROOT / "data" / "tour-de-dice")
    tokens = built["tour-de-dice"]
    for word in ("スタート", "start", "S", "0"):
        assert space_of(None, word) == START
    assert {"スタート", "start"} <= {fold(t) for t in tokens} | tokens      # START on the course preview
    for players in (2, 4, 6):
        setup = make_setup(tour, players, ("bold",) * players)
        labels = piece_labels(setup.owner, tour.colours)
        names = pieces(setup.owner, tour.colours, labels)
        printed = printed_names(names, tokens)
        assert all(len(ns) == 3 for ns in printed.values()), printed      # P1, 赤, red on the marker
        name = rotate(printed)
        course, turns, result = play_log(setup, players)
        text = log_text(tour, setup, course, turns, result.start)
        for p in range(setup.pieces):                 # each mention of a piece by another printed name
            text = text.replace(f'"{labels[p]} ', f'"@{p}@ ').replace(f", {labels[p]} ", f", @{p}@ ")
        for p in range(setup.pieces):
            while f"@{p}@" in text:
                text = text.replace(f"@{p}@", name(p), 1)
        log = parse_log(parse_yaml(text, "race.yaml"), Where("race.yaml", 1))
        _, raced = check_race(log, tour, setup)
        assert raced.winner == setup.owner[result.winner] if hasattr(result, "winner") else True


# --- shikoku-duo ----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def shikoku():
    from kit.games.shikoku_duo.model import load
    return load(ROOT / "data" / "shikoku-duo", (), MAP)


def test_shikoku_every_board_name_is_read_as_printed(built, shikoku):
    from kit.games.shikoku_duo.names import vocabulary

    v = vocabulary(shikoku)
    tokens = built["shikoku-duo"]
    for what in ("characters", "spaces", "towns", "regions", "goods", "seats"):
        names = getattr(v, what)
        printed = printed_names(names, tokens)
        assert all(printed.values()), (what, [k for k, ns in printed.items() if not ns])
    for word, town in (("高知", "kochi"), ("Kōchi", "kochi"), ("Kochi", "kochi"), ("kochi", "kochi"),
                       ("池田", "ikeda"), ("Ikeda", "ikeda"), ("こうち", "kochi")):
        assert v.towns.read(word) == town
    for word, region in (("Ōzu", "ozu"), ("大洲", "ozu"), ("Niyodo River", "niyodo"), ("仁淀川", "niyodo")):
        assert v.regions.read(word) == region
    assert [v.characters.read(w) for w in ("巡", "商", "絵", "商人", "Artist")] == [
        "pilgrim", "merchant", "artist", "merchant", "artist"]


@pytest.mark.parametrize("players", [2, 1])
def test_shikoku_a_game_copied_with_printed_names_replays(built, shikoku, players):
    from kit.games.shikoku_duo import rules as R
    from kit.games.shikoku_duo.automa import load_automa
    from kit.games.shikoku_duo.names import vocabulary
    from kit.games.shikoku_duo.replay import check_game, log_text, parse_log, read_rounds
    from kit.games.shikoku_duo.sim import Setup, controllers, game_rng

    t, rules = R.tables(shikoku), R.Rules.from_options(shikoku.rules)
    automa = load_automa(ROOT / "data" / "shikoku-duo" / "automa.yaml") if players == 1 else None
    setup = Setup(t, rules, ("greedy", "automa" if automa else "random"), automa)
    v = vocabulary(shikoku)
    tokens = built["shikoku-duo"]
    name = {what: rotate(printed_names(getattr(v, what), tokens))
            for what in ("characters", "spaces", "towns", "regions", "goods")}
    seed = 7
    record = []
    res = R.play(t, rules, seed, controllers(setup), game_rng(seed), record)
    text = log_text(t, rules, seed, players, record)
    out = []
    for line in text.splitlines():
        if not line.startswith('      - "'):
            out.append(line)
            continue
        seat, _, move = line.strip()[3:-1].partition(": ")
        out.append(f'      - "{seat}: {printed_move(move.split(), name)}"')
    doc = parse_yaml("\n".join(out) + "\n", "log.yaml")
    log, rounds = parse_log(doc, Where("log.yaml", 1))
    played = check_game(replace(log, rounds=read_rounds(rounds, t, v)), setup)
    assert played.finished and played.scores == res.scores and played.rounds == res.rounds


def printed_move(words: list[str], name) -> str:
    """A move in rules.format_move's words, each thing by a printed name."""
    out = []
    if words[0] == "repeat":
        out, words = ["repeat"], words[1:]
    character = words[0]
    out += [name["characters"](character), words[1]]
    rest = words[2:]
    if rest and rest[0] != "stay":
        kind = {"pilgrim": "spaces", "merchant": "towns", "artist": "regions"}[character]
        out.append(name[kind](int(rest[0]) if kind == "spaces" else rest[0]))
        rest = rest[1:]
    goods = via = False
    for w in rest:
        if w in ("got", "keep"):
            goods = True
            out.append(w)
        elif goods and w != "none":
            out.append(name["goods"](w))
        elif character == "pilgrim" and w in ("pilgrim", "merchant", "artist"):
            out.append(name["characters"](w))
        elif via:
            out.append(name["regions"](w))
        else:
            via = w == "via"
            out.append(w)
    return " ".join(out)
