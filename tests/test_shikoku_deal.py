"""shikoku-duo's deal sheet: a seed's setup and goods order, printed so a table plays the game
`kit replay` checks. The sheet is held to the engine's own draws, as values."""

from __future__ import annotations

import io
import re

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from kit.cli import main
from kit.games.shikoku_duo import rules as R
from kit.games.shikoku_duo.deal import deal
from kit.games.shikoku_duo.dealsheet import content, deal_text
from kit.games.shikoku_duo.replay import log_text
from kit.games.shikoku_duo.sim import controllers, game_rng, make_setup
from kit.games import make_context
from test_charts import embedded_fonts_only
from test_shikoku_rules import DATA, engine, replay_record



@pytest.fixture(scope="module")
def model():
    from kit.games.shikoku_duo.sim import load_model
    return load_model(make_context("shikoku-duo"))


@pytest.fixture(scope="module")
def book(model):
    from kit.games.shikoku_duo.rulebook import load_book
    return load_book(DATA, model)


@pytest.fixture(scope="module")
def setup(model):
    return make_setup(model, DATA, 2, "greedy,planner")


def sheet_order(text: str) -> list[str]:
    """The goods order as the text sheet prints it: lines `  A-B: kind kind ...`, numbered."""
    out = []
    for m in re.finditer(r"^\s+(\d+)-(\d+): (.+)$", text, re.M):
        assert int(m.group(1)) == len(out) + 1
        out += m.group(3).split()
        assert len(out) == int(m.group(2))
    return out


def table_draw(order, supply, at, n):
    """A draw as the sheet tells the table to make it: from number `at` (0-based) take each listed
    good the supply still has, cross off one it has run out of, start again at 1 after the last."""
    left = list(supply)
    taken = [0] * len(left)
    while sum(taken) < n and sum(left):
        kind = order[at % len(order)]
        at += 1
        if left[kind]:
            left[kind] -= 1
            taken[kind] += 1
    return tuple(taken), at


def test_every_draw_of_a_game_is_the_next_goods_of_the_seeds_order():
    m, t, rules = engine()
    for seed in range(6):
        order = R.goods_order(t.goods_counts, seed)
        assert sorted(order) == sorted(k for k, n in enumerate(t.goods_counts) for _ in range(n * R.GOODS_BAGS))
        record = []
        R.play(t, rules, seed, [_policy(t), _policy(t)], game_rng(seed), record)
        states = replay_record(t, rules, seed, record)
        at = draws = 0
        for before, step in zip(states, record):
            if step.drawn:
                want, at = table_draw(order, before.bag, at, step.move.choice)
                assert step.drawn == want
                draws += 1
        assert draws and states[-1].draws == at


def _policy(t):
    from kit.games.shikoku_duo.policies import POLICIES
    return POLICIES["greedy"](t)


def test_each_kind_of_seeded_draw_has_its_own_stream():
    m, t, rules = engine()
    free, seat1 = R.setup(t, rules, 5), R.setup(t, R.Rules(first_drafter="seat1"), 5)
    # the first drafter's option changes only the first drafter, not the tiles or shops drawn after it
    assert free.shops == seat1.shops and free.sides == seat1.sides
    assert [p.paintings for p in free.players] == [p.paintings for p in seat1.players] and seat1.first == 0
    assert R.goods_order(t.goods_counts, 5) == R.goods_order(t.goods_counts, 5) != R.goods_order(t.goods_counts, 6)


def test_the_sheet_shows_the_engines_setup_and_goods_order(model, book, setup):
    t = setup.tables
    for seed in (7, 123):
        d = deal(t, setup.rules, seed)
        text = deal_text(content(model, book, t, d))
        state = R.setup(t, setup.rules, seed)
        assert sheet_order(text) == [t.goods_names[k] for k in R.goods_order(t.goods_counts, seed)]
        for town, shop in enumerate(state.shops):
            if shop >= 0:
                kind, value = t.shops[shop]
                assert re.search(rf"space {t.town_ring[town]}\s+\S+ {t.town_names[town]}: \S+ "
                                 rf"{t.goods_names[kind]} {value}$", text, re.M)
        for seat, p in enumerate(state.players):
            line = next(s for s in text.splitlines() if s.startswith(f"  seat {seat + 1} "))
            romaji = {pt.id: pt.romaji for pt in model.components.painting_types}
            assert [w.split()[-1] for w in line.split(": ", 1)[1].split(", ")] == \
                [romaji[t.painting_names[k]] for k in p.paintings]
        assert f"seat {state.first + 1} (" in text
        for c, ch in enumerate(R.CHARACTERS):
            side = t.wave_names[c][state.sides[c]]
            name_en = next(w.name_en for w in model.components.waves if w.id == side)
            assert f"{ch}: {'AB'[state.sides[c]]} " in text and name_en in text
        # the figures' starts in both languages, the rulebook's own sentences for the rules in force
        for lang, head in (("ja", "駒："), ("en", "Figures: ")):
            line = next(s for s in text.splitlines() if s.startswith(head))
            for option in ("start_town", "start_region"):
                assert book.sentence(option, model.rules[option], lang) in line
        assert f"マス{state.players[0].pilgrim}（" in text and f"space {state.players[0].pilgrim} (" in text


def test_every_heading_of_the_sheet_is_whole_in_each_language(model, book, setup):
    from kit.draw.fonts import is_japanese

    c = content(model, book, setup.tables, deal(setup.tables, setup.rules, 7))
    glossary = {t.words["en"]: t.words for t in book.glossary}
    assert set(c.heads) == {"setup", "shops", "waves", "tiles", "goods"}
    for part, words in c.heads.items():
        assert is_japanese(words["ja"]) or part == "setup", words
        assert not any("\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff" for ch in words["en"]), words
    # the pieces are called what the rulebook's glossary calls them
    for part, term in (("waves", "wave tile"), ("tiles", "painting tile"), ("shops", "coastal town")):
        assert glossary[term]["ja"] in c.heads[part]["ja"] and term in c.heads[part]["en"].lower()
    text = deal_text(c)
    for part in ("shops", "waves", "tiles"):
        assert c.heads[part]["ja"] in text and c.heads[part]["en"] in text


def test_a_simulated_game_written_as_a_log_replays_with_the_tables_own_dice(setup, tmp_path):
    t = setup.tables
    seed = 31
    # The dice come from another Random than the seed's sim game: the replay takes them from the log.
    record = []
    res = R.play(t, setup.rules, seed, controllers(setup), game_rng(seed + 1000), record)
    text = log_text(t, setup.rules, seed, 2, record)
    assert " got " in text
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    out = CliRunner().invoke(main, ["replay", "--game", "shikoku-duo", str(path), "--games", "5", "--workers", "1"])
    assert out.exit_code == 0, out.output
    assert "every one legal" in out.output and f"{res.rounds} rounds" in out.output


def test_a_wrong_draw_stops_the_replay_at_its_round_with_the_sheets_goods(tmp_path):
    lines = (DATA / "example-log.yaml").read_text(encoding="utf-8").splitlines()
    k = next(i for i, s in enumerate(lines) if " got " in s)
    rnd = sum(1 for s in lines[:k] if "- dice:" in s)
    head, got = lines[k].split(" got ")
    drawn = got.rstrip('"').split(" keep ")[0].split()
    wrong = ["salt" if g != "salt" else "paper" for g in drawn]
    lines[k] = f'{head} got {" ".join(wrong)}"'
    bad = tmp_path / "bad.yaml"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    res = CliRunner().invoke(main, ["replay", "--game", "shikoku-duo", str(bad), "--games", "5", "--workers", "1"])
    assert res.exit_code == 2
    assert f"bad.yaml:{k + 1}: round {rnd}: the draw got {' '.join(sorted(wrong, key=drawn_order))}" in res.output
    assert "but seed 7's goods order (its deal sheet) gives " + " ".join(sorted(drawn, key=drawn_order)) \
        in res.output


def drawn_order(name: str) -> int:
    return ("indigo", "paper", "citrus", "salt").index(name)


def test_the_example_log_uses_its_seeds_deal():
    text = (DATA / "example-log.yaml").read_text(encoding="utf-8")
    seed = int(re.search(r"^seed: (\d+)$", text, re.M).group(1))
    assert f"kit deal --game shikoku-duo --seed {seed}" in text
    assert text.count(" got ") >= 5


@pytest.mark.parametrize("paper, pages", [("A4", 1), ("Letter", 2), ("A3", 1)])
def test_the_goods_order_has_rows_a_pencil_can_cross_off_on_every_paper(model, book, paper, pages):
    """Every numbered good a row of at least 5 mm (its box ticked, its number crossed off): the
    sheet goes over to a second page rather than close its rows up, and stays on one where they fit."""
    from kit.games.shikoku_duo.dealsheet import GOODS_ROW_LEAST, TICK, deal_pdf, sheet_plan
    from kit.draw.fonts import register
    from kit.games.shikoku_duo.rulebook import printed

    register()
    ctx = make_context("shikoku-duo", paper=paper)
    shown = printed(model, book)
    t = R.tables(shown)
    c = content(shown, book, t, deal(t, R.Rules.from_options(shown.rules), 7))
    plan = sheet_plan(ctx.layout, c)
    assert GOODS_ROW_LEAST >= 5.0 and plan.row_h >= GOODS_ROW_LEAST and TICK <= plan.row_h - 1
    assert 1 + plan.second_page == pages
    assert deal_pdf(shown, ctx.layout, c)[1] == pages


def test_kit_deal_writes_a_deterministic_sheet_on_the_chosen_paper(project):
    runner = CliRunner()
    res = runner.invoke(main, ["deal", "--game", "shikoku-duo", "--seed", "7", "--paper", "Letter", "--out", "out"])
    assert res.exit_code == 0, res.output
    pdf = project / "out" / "deal-7.pdf"
    first = pdf.read_bytes()
    assert "Goods: no bag" in res.output and "wrote out/deal-7.pdf (2 pages)" in res.output   # rows to write in
    reader = PdfReader(io.BytesIO(first))
    box = reader.pages[0].mediabox
    assert (round(float(box.width) / 72 * 25.4), round(float(box.height) / 72 * 25.4)) == (216, 279)
    words = "".join(page.extract_text() for page in reader.pages)
    assert "配置 deal" in words and "seed 7" in words and "104" in words
    assert all(embedded_fonts_only(p) for p in reader.pages)
    assert runner.invoke(main, ["deal", "--game", "shikoku-duo", "--seed", "7", "--paper", "Letter",
                                "--out", "out"]).exit_code == 0
    assert pdf.read_bytes() == first
    assert [p.name for p in (project / "out").iterdir()] == ["deal-7.pdf"]      # no temporary file left


@pytest.mark.parametrize("args", [["--players", "2"], ["--games", "3"], ["--corner-index"], []])
def test_kit_deal_takes_only_its_own_options(args):
    res = CliRunner().invoke(main, ["deal", "--game", "shikoku-duo", *(["--seed", "1"] if args else []), *args])
    assert res.exit_code == 2, res.output


def test_got_after_anything_but_a_mountain_draw_is_refused_at_its_line(tmp_path):
    lines = (DATA / "example-log.yaml").read_text(encoding="utf-8").splitlines()
    k = next(i for i, s in enumerate(lines) if ": pilgrim " in s)
    lines[k] = lines[k].rstrip('"') + ' got salt"'
    bad = tmp_path / "bad.yaml"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    res = CliRunner().invoke(main, ["replay", "--game", "shikoku-duo", str(bad), "--games", "5", "--workers", "1"])
    assert res.exit_code == 2
    assert f"bad.yaml:{k + 1}: round " in res.output and "'got' is only written after a mountain town's draw" \
        in res.output
