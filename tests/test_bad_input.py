"""No file a user edits and no command-line value makes kit print a traceback.

Each property damages one input at random (a line deleted, duplicated, swapped or
re-indented, a character or a value changed) or draws a command-line value, and
asserts that kit either accepts it or refuses it with exit status 2 and
`file:line: what is wrong` (`error: ...` for a command-line value). The karuta data
files and data/karuta/rules.yaml are damaged the same way in test_karuta_data.py.
"""

import json
import os
import re
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from kit.cli import main
from kit.data.errors import KitError
from kit.games.shikoku_duo.options import SPEC as SHIKOKU_SPEC
from kit.games.tour_de_dice.model import load as load_tour
from kit.draw.imposition import grid
from kit.games import load_game
from kit.games.karuta.settings import board as board_settings, check_settings
from kit.data.layoutfile import load_layout
from conftest import ROOT, damaged_map

TOUR = ROOT / "data" / "tour-de-dice"
LAYOUTS = ROOT / "layouts"
LOG = ROOT / "data" / "karuta" / "example-log.yaml"

FUZZ = dict(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
LOCATED = re.compile(r"[\w./-]+\.yaml:\d+: \S")


def invoke(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception  # a traceback: show it whole
    assert result.exit_code in (0, 2), result.output
    return result


def refused_at_a_line(result) -> bool:
    """True when the command refused the input with `file:line: message` lines only."""
    if result.exit_code == 0:
        return False
    lines = [l for l in result.stderr.splitlines() if l.strip() and not l.startswith(" ")]
    assert lines and all(LOCATED.match(l) for l in lines), result.stderr
    return True


def refused_as_a_value(result) -> bool:
    """True when the command refused a command-line value with `error: ...` lines only."""
    if result.exit_code == 0:
        return False
    lines = result.stderr.splitlines()
    assert lines and all(l.startswith("error: ") for l in lines), result.stderr
    return True


# --- damage: what a slip of the keyboard does to a YAML file ---------------------------

CHARS = list(":[]{}-,#'\"&*!|>%@`? \tx01.") + ["武蔵", "\u00b2", "\u0661", "\u3000", "\x7f", "\x00", "\ufeff"]
VALUES = ["0", "-1", "-0.5", "0.0001", ".nan", ".inf", "-.inf", "1.0e+400", "99999999999", "null", "~",
          "[]", "{}", "''", "yes", "off", "2024-13-45", "0x10", "1_000", "A4", "Letter", "63x88", "0x0",
          "1x99999", "0.5mm", "-3mm", "3 mm", "1in", "long", "short", "武蔵", "&a [*a]", "*nowhere",
          "!!binary x", "!!int abc", "!!python/name:os.system", "\u00b2: 武蔵"]
SUFFIXES = [" 3", ": x", " [", " - y", " {a: 1}", " null", ": &a [*a]", " *a", " !!float", ": 2024-13-45"]


@st.composite
def damaged(draw, text: str) -> str:
    """`text` with one or two random slips in it."""
    lines = text.splitlines()
    for _ in range(draw(st.integers(1, 2))):
        if not lines:
            break
        i = draw(st.integers(0, len(lines) - 1))
        kind = draw(st.sampled_from(["delete", "duplicate", "char", "swap", "indent", "value", "value",
                                     "suffix"]))
        values = [m.end() for m in re.finditer(r":\s*", lines[i])]
        if kind == "delete":
            del lines[i]
        elif kind == "duplicate":
            lines.insert(i, lines[i])
        elif kind == "char" and lines[i]:
            j = draw(st.integers(0, len(lines[i]) - 1))
            lines[i] = lines[i][:j] + draw(st.sampled_from(CHARS)) + lines[i][j + 1:]
        elif kind == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == "indent":
            lines[i] = "  " + lines[i]
        elif kind == "value" and values:
            # Replace one value (up to the next , } ] or comment) with another of any type.
            start = draw(st.sampled_from(values))
            end = start + len(re.match(r"[^,}\]#]*", lines[i][start:]).group().rstrip())
            new = draw(st.one_of(st.sampled_from(VALUES), st.integers(-10**6, 10**6).map(str)))
            lines[i] = lines[i][:start] + new + lines[i][end:]
        else:
            lines[i] += draw(st.sampled_from(SUFFIXES))
    return "\n".join(lines) + "\n"


def damage_of(folder: Path, names):
    """A strategy for (file name, damaged text) over `names` in `folder`."""
    return st.sampled_from(names).flatmap(
        lambda n: st.tuples(st.just(n), damaged((folder / n).read_text(encoding="utf-8"))))


class Damaged:
    """Write a damaged text over a file of the project and put the original back afterwards."""

    def __init__(self, path: Path, text: str):
        self.path, self.text = path, text

    def __enter__(self):
        self.original = self.path.read_text(encoding="utf-8")
        self.path.write_text(self.text, encoding="utf-8")
        return self.path

    def __exit__(self, *exc):
        self.path.write_text(self.original, encoding="utf-8")


def loaded_or_refused_at_a_line(tmp_path_factory, folder: Path, change, load):
    """`load` of a copy of `folder` with one file damaged (change: (name, text)): its value, or
    None when it was refused with every error at a line (never another exception)."""
    copy = tmp_path_factory.mktemp(folder.name)
    shutil.copytree(folder, copy, dirs_exist_ok=True)
    name, text = change
    (copy / name).write_text(text, encoding="utf-8")
    try:
        return load(copy)
    except KitError as err:
        errors = getattr(err, "errors", [err])
        # the error may sit in another file (a deleted entry is missed where it is used)
        assert all(e.where and e.where.line and e.message.strip() for e in errors), str(err)
        return None


# --- 1. data/tour-de-dice ------------------------------------------------------------

TOUR_FILES = ["course.yaml", "pieces.yaml", "rules.yaml"]


@settings(max_examples=150, **FUZZ)
@given(change=damage_of(TOUR, TOUR_FILES))
def test_damaged_tour_data_loads_or_is_refused_at_a_line(tmp_path_factory, change):
    tour = loaded_or_refused_at_a_line(tmp_path_factory, TOUR, change, load_tour)
    if tour is not None:
        assert tour.cards and len(tour.colours) == 6
        assert all(c.outer >= 1 and c.inner >= 1 and c.copies >= 1 for c in tour.cards)


@settings(max_examples=120, **FUZZ)
@given(change=damage_of(TOUR, TOUR_FILES))
def test_damaged_tour_data_through_check(project, change):
    name, text = change
    with Damaged(project / "data" / "tour-de-dice" / name, text):
        result = invoke("check", "--game", "tour-de-dice")
    if not refused_at_a_line(result):
        assert "ring:" in result.stdout


@settings(max_examples=40, **FUZZ)
@given(change=damage_of(TOUR, TOUR_FILES))
def test_damaged_tour_data_build_fails_whole_or_writes_all(project, change):
    out = project / "out"
    if not out.exists():
        invoke("build", "--game", "tour-de-dice", "--out", out)
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    name, text = change
    with Damaged(project / "data" / "tour-de-dice" / name, text):
        result = invoke("build", "--game", "tour-de-dice", "--out", out)
    if refused_at_a_line(result):
        assert {p.name: p.read_bytes() for p in out.iterdir()} == before  # the last good build stays
    else:
        assert result.stdout.count("wrote ") == len(before)


# --- 2. layouts ----------------------------------------------------------------------

LAYOUT_FILES = ["default.yaml", "karuta.yaml", "tour-de-dice.yaml", "shikoku-duo.yaml"]


def _fits(layout) -> None:
    """Load-to-grid: a loaded layout either lays out cards on the paper or says it cannot."""
    try:
        sheet = grid(layout, "card")
    except KitError as err:
        assert str(err).strip()
        return
    assert sheet.per_sheet >= 1
    for t in sheet.trims:
        assert 0 <= t.x and t.x2 <= layout.paper_width and 0 <= t.y and t.y2 <= layout.paper_height


@settings(max_examples=150, **FUZZ)
@given(change=damage_of(LAYOUTS, LAYOUT_FILES))
def test_damaged_layout_loads_and_fits_or_is_refused_at_a_line(tmp_path_factory, change):
    folder = tmp_path_factory.mktemp("layouts")
    shutil.copytree(LAYOUTS, folder, dirs_exist_ok=True)
    name, text = change
    (folder / name).write_text(text, encoding="utf-8")
    game = name if name != "default.yaml" else "karuta.yaml"
    declared = load_game(game.removesuffix(".yaml"))
    try:
        layout = load_layout([folder / "default.yaml", folder / game], declared.layout_settings, declared.pieces)
        if declared.name == "karuta":
            check_settings(layout)      # karuta's own sections: board, compared cards, progress sheet
    except KitError as err:
        assert err.where and err.where.line, str(err)
        return
    _fits(layout)


LENGTH = st.one_of(
    st.sampled_from(["0", "-1", ".nan", ".inf", "-.inf", "1.0e+400", "0mm", "500mm", "3 cm", "0.5in", "-2mm",
                     "1e3", "null", "[]", "x"]),
    st.floats(-5, 400, allow_nan=False).map(lambda v: f"{v:.2f}mm"),
    st.integers(0, 300).map(str),
)
SIZE = st.one_of(
    st.sampled_from(["63x88", "0x88", "63x0", "0.01x0.01", "300x400", "1000x1", "2.5x3.5in", "63 x 88",
                     "63x88x1", "-63x88", "63*88", "", "null"]),
    st.tuples(st.floats(0, 400), st.floats(0, 400)).map(lambda wh: f"{wh[0]:.3f}x{wh[1]:.3f}"),
)


@settings(max_examples=150, **FUZZ)
@given(paper=st.sampled_from(["A4", "A3", "Letter", "a4", "B5", "''"]), margin=LENGTH, size=SIZE,
       bleed=LENGTH, safe=LENGTH, gutter=LENGTH, crop_length=LENGTH, crop_offset=LENGTH,
       flip=st.sampled_from(["long", "short", "both"]), scale=LENGTH, overlap=LENGTH, slot_gap=LENGTH)
def test_drawn_layout_values_load_and_fit_or_are_refused_at_a_line(
        tmp_path_factory, paper, margin, size, bleed, safe, gutter, crop_length, crop_offset, flip,
        scale, overlap, slot_gap):
    path = tmp_path_factory.mktemp("layout") / "layout.yaml"
    path.write_text(f"paper: {paper}\nmargin: {margin}\n"
                    f"piece_defaults: {{bleed: {bleed}, safe: {safe}, gutter: {gutter}}}\n"
                    f"pieces: {{card: {{size: {size}}}}}\n"
                    f"crop_marks: {{length: {crop_length}, offset: {crop_offset}}}\n"
                    f"duplex: {{flip: {flip}}}\n"
                    f"board: {{scale: {scale}, overlap: {overlap}, slot_gap: {slot_gap}}}\n", encoding="utf-8")
    try:
        layout = load_layout([path], ("board",), ("card",))
        board_settings(layout)
    except KitError as err:
        assert err.where and err.where.line, str(err)
        return
    _fits(layout)


# --- 3. replay logs ------------------------------------------------------------------

SEAT = st.one_of(st.integers(-2, 6).map(str), st.sampled_from(["", "x", "1.5", "\u00b2", "\u0661", "\uff12"]))
CARD = st.one_of(st.sampled_from(["駿河", "遠江", "武蔵", "pass", "パス", "駿河、遠江", ""]), st.text(max_size=6))


@st.composite
def logged_turn(draw) -> str:
    """One turn as a player might transcribe it, right or wrong, as a YAML list item."""
    seat, cards = draw(SEAT), draw(st.lists(CARD, max_size=3))
    form = draw(st.sampled_from(["compact", "play", "pass", "both"]))
    if form == "compact":
        return "- " + json.dumps(f"{seat}: {' '.join(cards)}", ensure_ascii=False)
    play = json.dumps(cards, ensure_ascii=False)
    entry = {"play": f"play: {play}", "pass": f"pass: {draw(st.sampled_from(['true', 'false', '1', 'null']))}",
             "both": f"play: {play}, pass: true"}[form]
    return f"- {{seat: {seat}, {entry}}}"


@st.composite
def damaged_log(draw) -> str:
    """The example log with a slip in its text or one turn rewritten."""
    text = LOG.read_text(encoding="utf-8")
    if draw(st.booleans()):
        return draw(damaged(text))
    lines = text.splitlines()
    turns = [i for i, l in enumerate(lines) if l.lstrip().startswith("- ")]
    i = draw(st.sampled_from(turns))
    lines[i] = "  " + draw(logged_turn())
    return "\n".join(lines) + "\n"


@settings(max_examples=150, **FUZZ)
@given(text=damaged_log())
def test_damaged_replay_log(project, text):
    log = project / "log.yaml"
    log.write_text(text, encoding="utf-8")
    result = invoke("replay", "--game", "karuta", log.name, "--games", 20, "--workers", 1)
    if not refused_at_a_line(result):
        assert "turns checked: every one legal" in result.stdout


# --- 4. command-line values ----------------------------------------------------------

KARUTA_RULES = ["players", "deal", "first_card", "joins", "direction", "chain_limit", "passing", "stall"]
TOUR_RULES = ["players", "dice", "breakaway", "two_colours", "turn_limit"]
SHIKOKU_RULES = [option.name for option in SHIKOKU_SPEC]
RULES = {"karuta": KARUTA_RULES, "tour-de-dice": TOUR_RULES, "shikoku-duo": SHIKOKU_RULES}
GAMES = tuple(RULES)
WORDS = st.one_of(st.text(max_size=12), st.sampled_from(
    ["", "0", "-1", "3", "99999999999999999999", "on", "OFF", "yes", "1.5", "1e3", "²", "١", "origin",
     "orgin", "even", "equal", " 4 ", "=", "true=false"]))


def rule_value(names):
    return st.one_of(
        st.tuples(st.sampled_from(names), WORDS).map(lambda kv: f"{kv[0]}={kv[1]}"),
        st.text(max_size=20),
    )


def _commands(game: str, out: Path) -> dict:
    # shikoku-duo deals one setup for both seats: its deal takes no --players
    players = {"karuta": ["--players", "3"], "tour-de-dice": ["--players", "4"], "shikoku-duo": []}[game]
    return {
        "check": ["check", "--game", game],
        "sim": ["sim", "--game", game, "--games", "3", "--workers", "1"],
        "deal": ["deal", "--game", game, *players, "--seed", "1", "--out", out],
        "build": ["build", "--game", game, "--out", out],
    }


def _quick(game: str, verb: str) -> bool:
    """Whether `kit VERB --game GAME` is quick enough for a property run: karuta's and
    shikoku-duo's builds take many seconds (their options path is check's), and tour-de-dice
    deals no hands."""
    return not ((game in ("karuta", "shikoku-duo") and verb == "build") or (game == "tour-de-dice" and verb == "deal"))


@settings(max_examples=150, **FUZZ)
@given(game=st.sampled_from(GAMES), verb=st.sampled_from(["check", "sim", "deal", "build"]), data=st.data())
def test_rule_values_from_the_command_line(project, game, verb, data):
    assume(_quick(game, verb))
    rule = data.draw(rule_value(RULES[game]), label="rule")
    result = invoke(*_commands(game, project / "out")[verb], f"--rule={rule}")
    refused_as_a_value(result)


@settings(max_examples=150, **FUZZ)
@given(game=st.sampled_from(GAMES), verb=st.sampled_from(["check", "deal", "build"]),
       card=st.one_of(st.none(), SIZE, st.text(max_size=12)),
       paper=st.one_of(st.none(), st.sampled_from(["A4", "a3", "LETTER", "A5", "letter "]), st.text(max_size=8)))
def test_card_and_paper_from_the_command_line(project, game, verb, card, paper):
    assume(_quick(game, verb))
    args = _commands(game, project / "out")[verb]
    args += [f"--card={card}"] if card is not None else []
    args += [f"--paper={paper}"] if paper is not None else []
    result = invoke(*args)
    refused_as_a_value(result)


# Sizes a karuta build refuses or lays out quickly: relaxing the board's slots for cards of
# poker size and up takes a minute, which a property run cannot afford.
SMALL_OR_UNFIT = st.one_of(
    st.tuples(st.floats(0, 12), st.floats(0, 12)), st.tuples(st.floats(0, 1000), st.floats(300, 1000)),
).map(lambda wh: f"{wh[0]:.3f}x{wh[1]:.3f}")


@settings(max_examples=12, **FUZZ)
@given(card=st.one_of(SMALL_OR_UNFIT, st.text(max_size=10)))
def test_card_sizes_for_the_karuta_build(project, card):
    result = invoke("build", "--game", "karuta", "--out", project / "out", f"--card={card}")
    refused_as_a_value(result)


# --- inputs past what the code can take: refused at their line, no traceback ----------

def _refused(result, file: str, line: int, words: str) -> None:
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith(f"{file}:{line}: "), result.stderr
    assert words in result.stderr, result.stderr


def _replace_line(path: Path, number: int, text: str) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[number - 1] = text
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_an_alias_inside_its_own_anchor(project):
    # `&a [*a]` is a list that contains itself; building it nested without end.
    path = project / "data/tour-de-dice/pieces.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "extra: &a [1, *a]\n", encoding="utf-8")
    line = len(path.read_text(encoding="utf-8").splitlines())
    _refused(invoke("check", "--game", "tour-de-dice"), "data/tour-de-dice/pieces.yaml", line,
             "contains itself")


@pytest.mark.parametrize("value, message", [
    # PyYAML reads 2024-13-45 as a date and fails constructing it (a ValueError)
    ("2024-13-45", "'2024-13-45' is not a valid timestamp (month must be in 1..12)"),
    # `!!float` with nothing after it: PyYAML's constructor fails with an IndexError
    ("!!float", "'' is not a valid float"),
], ids=["an impossible date", "a tag without a value"])
def test_a_value_yaml_cannot_construct_names_its_line(project, value, message):
    path = project / "data/tour-de-dice/rules.yaml"
    line = next(i for i, l in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if l.startswith("dice:"))
    _replace_line(path, line, f"dice: {value}")
    _refused(invoke("check", "--game", "tour-de-dice"), "data/tour-de-dice/rules.yaml", line, message)


def test_a_control_character_names_its_line(project):
    # The YAML reader refuses DEL and other control characters before parsing starts.
    path = project / "data/tour-de-dice/course.yaml"
    lines = path.read_text(encoding="utf-8").splitlines()
    line = next(i for i, l in enumerate(lines, 1) if "id: C" in l)
    _replace_line(path, line, lines[line - 1].replace("id: C", "id: C\x7f"))
    _refused(invoke("check", "--game", "tour-de-dice"), "data/tour-de-dice/course.yaml", line, "U+007F")


@pytest.mark.parametrize("file, pattern", [("pieces.yaml", "{name: red,"), ("course.yaml", "{id: A,")])
def test_an_empty_list_item_names_its_line(project, file, pattern):
    # `- #...` leaves the item empty (None), which cannot carry its own place.
    path = project / "data/tour-de-dice" / file
    lines = path.read_text(encoding="utf-8").splitlines()
    line = next(i for i, l in enumerate(lines, 1) if pattern in l)
    _replace_line(path, line, lines[line - 1].replace("{", "#", 1))
    _refused(invoke("check", "--game", "tour-de-dice"), f"data/tour-de-dice/{file}", line,
             "should be a mapping of keys, not nothing")


def test_a_course_too_long_to_build(project):
    # A deck of copies: 99999999999 cards cannot be built: refused before any is made.
    path = project / "data/tour-de-dice/course.yaml"
    lines = path.read_text(encoding="utf-8").splitlines()
    line = next(i for i, l in enumerate(lines, 1) if "{id: E," in l)
    _replace_line(path, line, re.sub(r"copies: \d+", "copies: 99999999999", lines[line - 1]))
    _refused(invoke("check", "--game", "tour-de-dice"), "data/tour-de-dice/course.yaml", line,
             "more than 200 (E has 99999999999 copies)")


def test_a_compact_turn_with_a_superscript_seat(project):
    # "²".isdigit() is true but int("²") fails.
    log = project / "log.yaml"
    text = LOG.read_text(encoding="utf-8")
    lines = text.splitlines()
    line = next(i for i, l in enumerate(lines, 1) if l.lstrip().startswith("- {seat:"))
    log.write_text(text, encoding="utf-8")
    _replace_line(log, line, '  - "²: 駿河 遠江"')
    _refused(invoke("replay", "--game", "karuta", log.name, "--games", 20, "--workers", 1), "log.yaml", line,
             "turn 1: write \"SEAT: CARD CARD ...\"")


@pytest.mark.parametrize("game, file, key, value, words", [
    ("tour-de-dice", "default", "margin", ".nan", "margin: nan is not a finite length"),  # grid: cannot convert NaN
    ("tour-de-dice", "default", "margin", "-1", "margin must not be negative"),
    ("tour-de-dice", "default", "margin", "150mm", "a 150 mm margin leaves nothing of A4 paper"),
    ("tour-de-dice", "default", "  length", "1.0e+400", "length: inf is not a finite length"),
    ("karuta", "karuta", "  scale", ".inf", "board scale must be a number larger than zero"),
    ("karuta", "karuta", "  slot_gap", "-1", "board slot_gap must be a number, zero or more"),
    ("karuta", "karuta", "  slot_gap_least", "-1", "board slot_gap_least must be a number, zero or more"),
    ("tour-de-dice", "tour-de-dice", "  turns", "0", "turns must be at least 1, not 0"),
    # a number with an exponent but no dot (1e9) is read as a number, not as text
    ("karuta", "karuta", "  scale", "1e9", "board scale 1e+09 makes the board"),
    ("karuta", "karuta", "  slot_gap", "-1e0", "board slot_gap must be a number, zero or more"),
    # `size: 0x30` and `turns: 010` are refused, not read as the numbers 48 and 8
    ("karuta", "karuta", "    size", "0x30", "0x30 is not a decimal number (YAML would read it as the "
                                             "hexadecimal number 48)"),
    ("tour-de-dice", "tour-de-dice", "  turns", "010", "010 is not a decimal number (YAML would read it as the "
                                                       "octal number 8)"),
    ("tour-de-dice", "tour-de-dice", "  turns", "1e2", "should be a whole number, not the number 100.0; write it as 100"),
])
def test_layout_numbers_are_refused_at_their_line(project, game, file, key, value, words):
    path = project / f"layouts/{file}.yaml"
    lines = path.read_text(encoding="utf-8").splitlines()
    line = next(i for i, l in enumerate(lines, 1) if l.startswith(f"{key}:"))
    _replace_line(path, line, f"{key}: {value}")
    _refused(invoke("check", "--game", game), f"layouts/{file}.yaml", line, words)


# --- hostile input: limits no real game reaches, measured ----------------------------

def _snapshot(folder: Path) -> dict:
    """Every file under `folder` with its bytes (and type), to show nothing else changed.
    kit's cache (output/cache/, kit/rebuild/cache.py) is left out: it is no product of a command but
    what a later one may reuse, kept as soon as its own inputs are read and accepted (a
    command refused afterwards, for its layout or automa.yaml, may have kept shikoku-duo's board)."""
    return {p: (p.read_bytes() if p.is_file() and not p.is_symlink() else p.lstat().st_mode)
            for p in sorted(folder.rglob("*")) if not p.is_dir() and "/output/cache/" not in p.as_posix()}


def measured(*args):
    """(result, peak MB allocated in Python) of one command: a count of the memory the
    input made kit take, the same on any machine however busy (time would not be)."""
    import tracemalloc

    tracemalloc.start()
    try:
        result = invoke(*args)
    finally:
        peak = tracemalloc.get_traced_memory()[1] / 1e6
        tracemalloc.stop()
    return result, peak


def forbid(monkeypatch, *work):
    """Make each costly step in `work` ((object, attribute name) pairs) fail if it starts,
    so a test shows its input was refused before that work, not that it was quick."""
    for owner, name in work:
        what = f"{getattr(owner, '__name__', owner)}.{name}"

        def started(*args, _what=what, **kwargs):
            raise AssertionError(f"{_what} ran: the input was not refused before this work")
        monkeypatch.setattr(owner, name, started)


def no_games(monkeypatch):
    """No simulated game may be played (every game of every run goes through _play_chunk)."""
    import kit.sim.simulate

    forbid(monkeypatch, (kit.sim.simulate, "_play_chunk"))


def no_drawing(monkeypatch):
    """No PDF may be started, nor karuta's slots relaxed (the costly part of its board)."""
    import kit.games.karuta.layout
    from kit.draw.pdf import Pdf

    forbid(monkeypatch, (Pdf, "__init__"), (kit.games.karuta.layout, "place"), (kit.games.karuta.layout, "relax"))


def _first_line(result) -> str:
    return result.stderr.splitlines()[0]


ALIAS_BOMB = "\n".join(
    [f"a0: &a0 [{', '.join(['lol'] * 9)}]"]
    + [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]" for i in range(1, 9)]) + "\n"


def test_an_alias_bomb_is_refused_at_once(project):
    # Nine levels of nine aliases: 387 million values, far past what PyYAML's composer can
    # expand in bounded time and memory.
    path = project / "data/tour-de-dice/rules.yaml"
    path.write_text(ALIAS_BOMB, encoding="utf-8")
    before = _snapshot(project)
    result, peak = measured("check", "--game", "tour-de-dice")
    assert result.exit_code == 2
    assert _first_line(result) == ("data/tour-de-dice/rules.yaml:7: more than 2,000,000 values once aliases "
                                   "are expanded (kit's limit; real data has a few thousand)")
    assert peak < 30, peak  # expanding it would take gigabytes
    assert _snapshot(project) == before


@pytest.mark.parametrize("text, line", [
    ("players: " + "[" * 400 + "]" * 400 + "\n", 1),                                  # flow, one line
    ("deep:\n" + "".join(f"{'  ' * (i + 1)}k{i}:\n" for i in range(400)), 65),       # block mappings
], ids=["400 [", "400 indented keys"])
def test_nesting_past_the_limit_is_refused_at_its_line(project, text, line):
    # 400 nested `[` are deeper than PyYAML's composer can recurse.
    path = project / "data/tour-de-dice/rules.yaml"
    path.write_text(text, encoding="utf-8")
    result, peak = measured("check", "--game", "tour-de-dice")
    assert result.exit_code == 2
    assert _first_line(result) == (f"data/tour-de-dice/rules.yaml:{line}: lists and mappings nested more than "
                                   "64 deep (kit's limit; real data nests a few levels)")
    assert peak < 30, peak


def test_an_unclosed_deep_list_is_a_syntax_error_with_a_line(project):
    path = project / "data/tour-de-dice/rules.yaml"
    path.write_text("players: " + "[" * 400 + "\n", encoding="utf-8")
    result = invoke("check", "--game", "tour-de-dice")
    assert result.exit_code == 2 and LOCATED.match(_first_line(result)), result.stderr


def test_a_file_past_the_size_limit_is_refused_before_parsing(project, monkeypatch):
    # The limit is 10 MB; a small limit shows the same refusal without writing 10 MB.
    import kit.data.yamlload

    monkeypatch.setattr(kit.data.yamlload, "MAX_FILE_BYTES", 3000)  # above every shipped file it reads
    path = project / "layouts/tour-de-dice.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "#" * 3000 + "\n", encoding="utf-8")
    result = invoke("check", "--game", "tour-de-dice")
    assert result.exit_code == 2
    assert _first_line(result) == ("layouts/tour-de-dice.yaml: larger than 3,000 bytes (kit's limit for a YAML file; "
                                   "real data files are a few kB)")


def test_yaml_is_read_with_libyaml_where_pyyaml_has_it():
    import yaml

    import kit.data.yamlload

    assert kit.data.yamlload._Loader is (yaml.CSafeLoader if yaml.__with_libyaml__ else yaml.SafeLoader)


# --- writes replace only regular files, checked before any work ----------------------

def _fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


@pytest.mark.parametrize("target, kind", [
    ("/dev/full", "a device"),
    ("fifo", "a pipe (FIFO)"),
    ("link-to-device", "a device (through a symbolic link)"),
])
def test_a_report_onto_a_device_or_pipe_is_refused_before_simulating(project, monkeypatch, target, kind):
    # A device or pipe is never replaced by a plain file, nor reported as written.
    if target == "fifo":
        _fifo(project / "fifo")
    if target == "link-to-device":
        (project / target).symlink_to("/dev/full")
    device = os.stat("/dev/full")
    before = _snapshot(project)
    no_games(monkeypatch)  # refused before 100,000 games were played
    result = invoke("sim", "--game", "tour-de-dice", "--games", 100000, "--workers", 1, "--report", target)
    assert result.exit_code == 2
    assert _first_line(result) == (f"{target}: this is {kind}, not a regular file; kit writes only regular "
                                   "files and wrote nothing")
    assert _snapshot(project) == before
    after = os.stat("/dev/full")
    assert stat.S_ISCHR(after.st_mode) and (after.st_ino, after.st_rdev) == (device.st_ino, device.st_rdev)


def test_a_build_into_a_folder_with_a_pipe_in_the_way_writes_nothing(project):
    out = project / "out"
    out.mkdir()
    (out / "cards.pdf").write_bytes(b"old cards")
    _fifo(out / "markers.pdf")
    before = _snapshot(project)
    result = invoke("build", "--game", "tour-de-dice", "--out", out)
    assert result.exit_code == 2
    assert _first_line(result) == ("out/markers.pdf: this is a pipe (FIFO), not a regular file; kit writes only "
                                   "regular files and wrote nothing")
    assert _snapshot(project) == before


def test_an_output_folder_that_is_a_device_is_refused(project):
    result = invoke("build", "--game", "tour-de-dice", "--out", "/dev/null")
    assert result.exit_code == 2
    assert result.stderr == "error: --out /dev/null: a device, not a folder\n"


def test_a_link_to_a_regular_file_is_replaced_and_its_file_kept(project, tmp_path_factory):
    elsewhere = tmp_path_factory.mktemp("elsewhere") / "mine.pdf"
    elsewhere.write_bytes(b"the user's own file")
    (project / "report.pdf").symlink_to(elsewhere)
    result = invoke("sim", "--game", "tour-de-dice", "--games", 20, "--workers", 1, "--report", "report.pdf")
    assert result.exit_code == 0, result.output
    assert elsewhere.read_bytes() == b"the user's own file"
    report = project / "report.pdf"
    assert not report.is_symlink() and report.read_bytes().startswith(b"%PDF")


def test_stray_temporary_files_of_an_interrupted_build_are_removed(project):
    out = project / "out"
    out.mkdir()
    child = subprocess.Popen([sys.executable, "-c", ""])
    child.wait()                # its pid is no build's now
    stray = [out / f".cards.pdf.kit-{child.pid}-0123abcd.new", out / f".markers.pdf.kit-{child.pid}-0123abcd.old"]
    for p in stray:
        p.write_bytes(b"half a PDF")
    keep = [out / ".cards.pdf.notes", out / "notes.txt", out / ".other.pdf.abcdefgh", out / ".cards.pdf.k2j4_x9a",
            out / f".cards.pdf.kit-{os.getpid()}-0123abcd.new"]     # a live build's
    for p in keep:
        p.write_bytes(b"the user's")
    result = invoke("build", "--game", "tour-de-dice", "--out", out)
    assert result.exit_code == 0, result.output
    assert not any(p.exists() for p in stray)
    assert all(p.read_bytes() == b"the user's" for p in keep)


# --- the map: sizes and complexity refused before shapely sees a shape ---------------

KII = 'd="M 342.371,590.061 L'
SMALLER = 10  # the heavy case at a tenth of its size, against a tenth of the limit


def _random_points(n: int) -> str:
    import random

    r = random.Random(1)
    return " ".join(f"L {300 + r.random() * 60:.3f},{560 + r.random() * 60:.3f}" for _ in range(n))


@pytest.mark.parametrize("old, new, first_line", [
    ('viewBox="0 0 760.10223 794.15302"', 'viewBox="0 0 0 0"',
     'map.svg:3: the map\'s viewBox="0 0 0 0" has no width or height; it should be "0 0 WIDTH HEIGHT" in map '
     'units, e.g. viewBox="0 0 760 794"'),
    ('width="760.10223"', 'width="1e9"',
     'map.svg: the map\'s width="1e9" is not a size kit can print: it must be more than 0 and at most '
     '100,000 map units (the shipped map is 760 x 794)'),
    (KII, f'd="M 342.371,590.061 {_random_points(40_000 // SMALLER)} L',   # 40,000 under a 10,000 limit
     "map.svg: map path 'g2458' has 4,045 segments, more than kit's limit of 1,000 (the shipped map's "
     "largest has 189); simplify it"),
    (KII, f'd="M 342.371,590.061 {_random_points(60)} L',   # the same crossing outline, small
     "map.svg: map path 'g2458' crosses itself near (347.9, 608.5); kit repairs that only in outlines of up to "
     "50 points (this one has 105); redraw it without the crossing"),
], ids=["zero viewBox", "width 1e9", "40,000 segments", "crossing outline"])
def test_a_map_past_kits_limits_is_refused_quickly(project, monkeypatch, old, new, first_line):
    # A path of 40,000 segments costs GEOS minutes and gigabytes; here a tenth of it crosses
    # a tenth of the limit. A zero viewBox is named as such, not as a missing group.
    import kit.layout.svgmap

    limit = kit.layout.svgmap.MAX_PATH_SEGMENTS // SMALLER
    monkeypatch.setattr(kit.layout.svgmap, "MAX_PATH_SEGMENTS", limit)
    shaped, shape = [], kit.layout.svgmap._shape   # what shapely is given: segments per path

    def counted(path, *args):
        shaped.append(len(path))
        return shape(path, *args)
    monkeypatch.setattr(kit.layout.svgmap, "_shape", counted)
    damaged_map(project, old, new)
    before = _snapshot(project)
    result, peak = measured("check", "--game", "karuta", "--map", "map.svg")
    assert result.exit_code == 2
    assert _first_line(result) == first_line
    assert max(shaped, default=0) <= limit, max(shaped)  # no path past the limit reached shapely
    assert peak < 400, peak
    assert _snapshot(project) == before


# --- fonts: a font without the game's characters is refused, naming them ------------

def _latin_font() -> str:
    """DejaVuSans, a font with no Japanese, from matplotlib (installed with matplotlib-fontja)."""
    import matplotlib
    return str(Path(matplotlib.get_data_path()) / "fonts" / "ttf" / "DejaVuSans.ttf")


LATIN_FONT = _latin_font()


@pytest.mark.parametrize("args, count, first", [
    (["build", "--game", "tour-de-dice", "--out", "out"], 236, "、 。 「 」"),
    (["check", "--game", "karuta"], 344, "、 。 「 」"),
    (["build", "--game", "karuta", "--out", "out"], 344, "、 。 「 」"),
], ids=["tour build", "karuta check", "karuta build"])
def test_a_font_without_japanese_is_refused_naming_the_characters(project, monkeypatch, args, count, first):
    # --font DejaVuSans.ttf built every PDF with the card names missing, exit 0.
    before = _snapshot(project)
    no_drawing(monkeypatch)  # refused before anything is drawn
    result = invoke(*args, "--font", LATIN_FONT)
    assert result.exit_code == 2
    line = _first_line(result)
    assert line.startswith(f"error: --font {LATIN_FONT} has no glyphs for {count} characters that the game's "
                           f"data prints: {first} "), line
    assert line.endswith("; choose a font that has them (the default is IPAexGothic; --font or KIT_FONT name "
                         "another .ttf)")
    assert _snapshot(project) == before


@pytest.mark.parametrize("game, name", [("tour-de-dice", "course.yaml"), ("karuta", "provinces.yaml"),
                                        ("shikoku-duo", "board.yaml")])
def test_a_character_no_font_has_is_refused_at_its_data_line(project, monkeypatch, game, name):
    # With the shipped font the data is at fault: a stray Arabic-Indic one typed into a
    # Japanese name is refused at its file and line.
    monkeypatch.delenv("KIT_FONT", raising=False)
    path = project / "data" / game / name
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(i for i, l in enumerate(lines)
              if not l.lstrip().startswith("#") and re.search("[\u3040-\u9fff]", l.split("#")[0]))
    lines[at] = re.sub("([\u3040-\u9fff])", "\\1\u0661", lines[at], count=1)
    path.write_text("".join(lines), encoding="utf-8")
    before = _snapshot(project)
    result = invoke("build", "--game", game, "--out", "out")
    assert result.exit_code == 2
    line = _first_line(result)
    assert line.startswith(f"data/{game}/{name}:{at + 1}: the font "), line
    assert "has no glyphs for 1 character that the game's data prints: \u0661;" in line
    assert _snapshot(project) == before


def test_text_drawn_in_a_font_without_its_glyphs_refuses_the_pdf():
    from kit.draw import fonts
    from kit.draw.pdf import Pdf

    try:
        fonts.register(LATIN_FONT)
        pdf = Pdf(100, 100, "t")
        pdf.canvas.drawString(10, 10, "Musashi 武蔵")
        pdf.show_page()
        with pytest.raises(KitError) as err:
            pdf.finish()
        assert str(err.value).startswith(f"the font {LATIN_FONT} has no glyphs for 2 characters in the text of "
                                         "this PDF: 武 蔵;")
        fine = Pdf(100, 100, "t")
        fine.canvas.drawString(10, 10, "Musashi")
        fine.show_page()
        assert fine.finish().startswith(b"%PDF")
    finally:
        fonts.register()  # the default font again, for every later test


# --- stdout that fails: one line, exit 1, no traceback -------------------------------

def _kit_process(project, args, stdout):
    import subprocess
    import sys

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "kit", *args], cwd=project, env=env,
                            stdout=stdout, stderr=subprocess.PIPE)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
@pytest.mark.parametrize("args", [["export", "--game", "tour-de-dice"], ["--help"], ["export", "--help"]],
                         ids=" ".join)
def test_a_full_stdout_is_one_line_and_exit_1(project, args):
    # `kit export --game karuta > /dev/full` (any command, even --help): one line, no traceback.
    before = _snapshot(project)
    with open("/dev/full", "w") as full:
        p = _kit_process(project, args, full)
        err = p.stderr.read().decode()
        assert p.wait() == 1
    assert err == "error: cannot write to standard output: No space left on device\n"
    assert _snapshot(project) == before


def test_a_closed_pipe_is_one_line_and_exit_1(project):
    import subprocess

    p = _kit_process(project, ["export", "--game", "tour-de-dice"], subprocess.PIPE)
    p.stdout.close()  # the reader has gone (`| head -0`)
    err = p.stderr.read().decode()
    assert p.wait() == 1
    assert err == "error: cannot write to standard output: the output's reader closed the pipe\n"


# --- games per run and sheets per board: refused up front, with what fits -----------

@pytest.mark.parametrize("games, first_line", [
    ("1e30", "error: --games 1e30: not a whole number; it takes 1 to 1,000,000"),
    ("1" + "0" * 30, f"error: --games 1{'0' * 30}: must be from 1 to 1,000,000, not 1{'0' * 30}"),
])
def test_games_per_run_past_the_limit_are_refused_before_the_first(project, monkeypatch, games, first_line):
    # --games 1e30 allocated ~100 MB/s before the first game.
    no_games(monkeypatch)
    result, peak = measured("sim", "--game", "tour-de-dice", "--games", games, "--workers", 1)
    assert result.exit_code == 2
    assert result.stderr == first_line + "\n"
    assert peak < 30, peak


@pytest.mark.parametrize("game, log", [
    ("karuta", "data/karuta/example-log.yaml"),
    ("tour-de-dice", "data/tour-de-dice/example-log.yaml"),
    ("shikoku-duo", "data/shikoku-duo/example-log.yaml"),
])
def test_every_replay_bounds_its_comparison_games_as_sim_does(project, monkeypatch, game, log):
    # --games 10**20 would run without end: every replay refuses it as sim does.
    big = "1" + "0" * 20
    no_games(monkeypatch)
    result = invoke("replay", "--game", game, log, "--games", big, "--workers", 1)
    assert result.exit_code == 2
    assert result.stderr == f"error: --games {big}: must be from 1 to 1,000,000, not {big}\n"


HUGE = "1" + "0" * 20


@pytest.mark.parametrize("file, old, new, words", [
    # The engine's path tables grow threefold a step: 10**20 ran without end, 40 for minutes.
    ("waves.yaml", "effect: pilgrim_plus, amount: 1", f"effect: pilgrim_plus, amount: {HUGE}",
     f"amount should be 0 to 3, not {HUGE}"),
    ("components.yaml", "merchant: [1, 1, 2, 2, 3, 3]", "merchant: [1, 1, 2, 2, 3, 40]",
     "the merchant die: a value should be 1 to 6, not 40"),
    # The bag and the painting tiles hold that many pieces: past the bound, refused at once.
    ("components.yaml", "romaji: indigo, count: 6}", "romaji: indigo, count: 1000000000}", "goods indigo count should be 1 to 100"),
    ("components.yaml", "  wave: 2\n", "  wave: 1000000000\n", "paintings wave should be 0 to 10"),
    ("components.yaml", "goods:\n", "goods:\n" + "".join(f"  g{i}: {{name: g, count: 100}}\n" for i in range(3)),
     "the bag holds 326 goods in 7 kinds, more than 300"),  # 3000 such kinds: build ran without end
    # The hold and the copper track are rows of printed slots; a good or a town pays less than a slab.
    ("components.yaml", "hold: 5 ", f"hold: {HUGE} ", f"hold should be 1 to 10, not {HUGE} (slots on the merchant"),
    ("components.yaml", "copper_max: 9\n", "copper_max: 40\n",
     "copper_max should be 1 to 9, not 40 (10 copper become a gold slab at once)"),
    ("components.yaml", "town_coins: 3 ", "town_coins: 12 ", "town_coins should be 1 to 9, not 12"),
    ("components.yaml", "{kind: salt, value: 3}", "{kind: salt, value: 5000}", "shop value should be 1 to 9, not 5000"),
    ("components.yaml", "shops:\n  - {kind: indigo, value: 3}\n", "shops:\n",
     "there are 7 shop tokens; the rules need 8, one for each coastal town"),
    ("components.yaml", "slabs: [3, 7,", f"slabs: [{HUGE}, 7,", f"slabs: a value should be 0 to 999, not {HUGE}"),
    ("automa.yaml", "  pilgrim: [0, 1, 2,", f"  pilgrim: [0, 1, {HUGE},", "tracks.pilgrim: a value should be 0 to 999"),
    ("automa.yaml", "  pilgrim: [0, 1, 2,", f"  pilgrim: [{', '.join(['0'] * 40)}, 1, 2,",
     "tracks.pilgrim: the number of slots should be 2 to 30, not 50"),
    ("automa.yaml", "temple: 1,", "temple: 100,", "pilgrim.advance.temple should be 0 to 5, not 100"),
    ("automa.yaml", "per_figures: 3", "per_figures: 70", "artist.per_figures should be 1 to 6, not 70"),
    # the start is no kind of ring space of its own: space 0 ranks as the temple it is
    ("automa.yaml", "town: 0}", "town: 0, start: 0}", "pilgrim.advance: start is not a kind of ring space"),
    # a wave side worded by a rule option names one
    ("waves.yaml", 'text: "{rule:paint_plus}"', 'text: "{rule:paint_plux}"',
     "{rule:paint_plux}: no rule option 'paint_plux' (did you mean paint_plus?)"),
])
def test_shikoku_counts_past_their_bounds_are_refused_at_their_line(project, monkeypatch, file, old, new, words):
    path = project / "data/shikoku-duo" / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    line = text[:text.index(old)].count("\n") + 1
    path.write_text(text.replace(old, new), encoding="utf-8")
    out = project / "output/shikoku-duo"
    out.mkdir(parents=True)
    (out / "board.pdf").write_bytes(b"%PDF- an earlier build")
    (project / "report.pdf").write_bytes(b"%PDF- an earlier report")
    before = _snapshot(project / "output"), (project / "report.pdf").read_bytes()
    no_games(monkeypatch)    # refused as the data is read: no game played, nothing drawn
    no_drawing(monkeypatch)
    two_players = ("sim", "--games", 5, "--workers", 1, "--report", "report.pdf")
    for args in (("check",), ("build",), *([two_players] if file != "automa.yaml" else []),  # no Automa in it
                 ("sim", "--games", 5, "--workers", 1, "--players", 1)):
        _refused(invoke(*args, "--game", "shikoku-duo"), f"data/shikoku-duo/{file}", line, words)
    assert (_snapshot(project / "output"), (project / "report.pdf").read_bytes()) == before


def _set_board_scale(project: Path, value: str) -> int:
    """Write `scale: value` in layouts/karuta.yaml's board section; its line."""
    path = project / "layouts/karuta.yaml"
    lines = path.read_text(encoding="utf-8").splitlines()
    line = next(i for i, l in enumerate(lines, 1) if l.startswith("  scale:"))
    _replace_line(path, line, f"  scale: {value}")
    return line


@pytest.mark.parametrize("verb", ["check", "build"])
def test_a_board_scale_that_needs_thousands_of_sheets_is_refused_with_what_fits(project, monkeypatch, verb):
    # `scale: 20` needs a 4,861-page board: check and build both refuse it.
    line = _set_board_scale(project, "20")
    before = _snapshot(project)
    no_drawing(monkeypatch)  # refused before the slots are laid out or a page drawn
    result = invoke(verb, "--game", "karuta", *(["--out", "out"] if verb == "build" else []))
    assert result.exit_code == 2
    assert _first_line(result) == (f"layouts/karuta.yaml:{line}: board scale 20 makes the board 15,202 × 15,883 mm: "
                                   "4,860 sheets of A4, more than kit's limit of 200; a scale up to 3.99 fits")
    assert _snapshot(project) == before


@pytest.mark.parametrize("game", ["karuta", "shikoku-duo"])
@pytest.mark.parametrize("verb", ["check", "build"])
@pytest.mark.parametrize("overlap", ["190mm", "1000mm"])
def test_a_glue_strip_of_most_of_the_sheet_is_blamed_on_the_overlap(project, game, verb, overlap):
    # The overlap, not the board scale, is named (karuta's 190mm needs 576 sheets of A4 at
    # `scale: 1.0`), and check refuses it at its line as build does.
    path = project / f"layouts/{game}.yaml"
    lines = path.read_text(encoding="utf-8").splitlines()
    line = next(i for i, l in enumerate(lines, 1) if l.startswith("  overlap:"))
    _replace_line(path, line, f"  overlap: {overlap}")
    before = _snapshot(project)
    result = invoke(verb, "--game", game, *(["--out", "out"] if verb == "build" else []))
    assert result.exit_code == 2
    assert _first_line(result) == (
        f"layouts/{game}.yaml:{line}: board overlap {overlap[:-2]} mm leaves no room on A4 paper: a sheet prints "
        "at most 198 mm across, and the glue strip must be under half that (99 mm), so that no third sheet lies on "
        "the glue")
    assert _snapshot(project) == before


# --- errors in the user's words, with a place ----------------------------------------

@pytest.mark.parametrize("verb", ["check", "build"])
def test_a_tiny_board_scale_names_the_setting_and_what_fits(project, verb):
    # `scale: 0.001`: the error names the scale and what fits, not the relaxation's boxes.
    line = _set_board_scale(project, "0.001")
    before = _snapshot(project)
    result = invoke(verb, "--game", "karuta", *(["--out", "out"] if verb == "build" else []))
    assert result.exit_code == 2
    assert _first_line(result) == (
        f"layouts/karuta.yaml:{line}: board scale 0.001 makes the board 0.7601 × 0.7942 mm, too small for 68 cards "
        "of 24 × 26 mm (they would cover 70,293.8 times its area); it needs a board scale of at least 0.27, or "
        "cards no larger than about 0.0905 × 0.0981 mm")
    assert _snapshot(project) == before


def test_a_card_too_large_for_the_board_names_the_option_and_what_fits(project):
    # `kit layout --card 200x200`: the error names --card and what fits, not the relaxation's frame.
    result = invoke("layout", "--game", "karuta", "--card", "200x200")
    assert result.exit_code == 2
    assert _first_line(result) == (
        "error: --card 200x200: board scale 1 makes the board 760.1 × 794.2 mm, too small for 68 cards of "
        "200 × 200 mm (they would cover 4.5 times its area); it needs a board scale of at least 2.1, or cards no "
        "larger than about 94.2 × 94.2 mm (layouts/karuta.yaml:11)")


@pytest.mark.parametrize("card", ["2x2", "3x3", "5x5"])
def test_a_card_with_no_room_in_its_safe_zone_is_refused_by_layout_as_by_build(project, card):
    # `kit layout --card 2x2` is refused before the relaxation, as build and check refuse it.
    w, h = card.split("x")
    words = (f"a {w} × {h} mm card leaves no room inside its 1 mm safe zone for the romaji, the furigana, "
             "the kanji, the shape and the number")
    result = invoke("layout", "--game", "karuta", "--card", card)
    assert result.exit_code == 2
    assert _first_line(result) == f"error: --card {card}: {words}"
    built = invoke("build", "--game", "karuta", "--out", project / "out", "--card", card)
    assert built.exit_code == 2 and words in built.stderr


@pytest.mark.parametrize("verb", ["layout", "check", "build"])
def test_a_compared_card_with_no_room_in_its_safe_zone_is_refused_at_its_line(project, verb):
    # `compared_cards: - {size: 2x2}` is refused at its line by check, layout and build alike.
    path = project / "layouts/karuta.yaml"
    lines = path.read_text(encoding="utf-8").splitlines()
    line = next(i for i, l in enumerate(lines, 1) if "{size: 26x30}" in l)
    _replace_line(path, line, "  - {size: 2x2}")
    result = invoke(verb, "--game", "karuta", *(["--out", "out"] if verb == "build" else []))
    assert result.exit_code == 2
    assert _first_line(result) == (
        f"layouts/karuta.yaml:{line}: compared card size 2x2: a 2 × 2 mm card leaves no room inside its 1 mm safe "
        "zone for the romaji, the furigana, the kanji, the shape and the number")


@pytest.mark.parametrize("verb", ["check", "build"])
@pytest.mark.parametrize("key, value, which, most", [
    ("slot_gap", "1e9", "two slots a highway joins", "742"), ("slot_gap_least", "900", "any two slots", "742"),
])
def test_a_slot_gap_wider_than_the_board_is_blamed_on_the_gap(project, verb, key, value, which, most):
    # `slot_gap: 1e9`: check, layout and build name the gap, not the board scale.
    path = project / "layouts/karuta.yaml"
    lines = path.read_text(encoding="utf-8").splitlines()
    line = next(i for i, l in enumerate(lines, 1) if l.startswith(f"  {key}:"))
    _replace_line(path, line, f"  {key}: {value}")
    result = invoke(verb, "--game", "karuta", *(["--out", "out"] if verb == "build" else []))
    assert result.exit_code == 2
    assert _first_line(result) == (
        f"layouts/karuta.yaml:{line}: board {key} {float(value):g} keeps {which} farther apart than the "
        f"760.1 × 794.2 board (map units) has room for with cards of 24 × 26 mm; it can be at most {most}")


@pytest.mark.parametrize("verb, gap", [("check", 700), ("layout", 700), ("build", 700), ("check", 150),
                                       ("build", 150)])
def test_slots_a_wide_slot_gap_keeps_off_the_board_are_blamed_on_the_gap(project, verb, gap):
    # `slot_gap: 700` (room for two slots, not for 68) is blamed on the gap, not the board
    # scale; 150 fails only once the highways' corridors are widened, so check lays the
    # slots out as build does to say the same.
    path = project / "layouts/karuta.yaml"
    lines = path.read_text(encoding="utf-8").splitlines()
    line = next(i for i, l in enumerate(lines, 1) if l.startswith("  slot_gap:"))
    _replace_line(path, line, f"  slot_gap: {gap}")
    result = invoke(verb, "--game", "karuta", *(["--out", "out"] if verb == "build" else []))
    assert result.exit_code == 2
    assert _first_line(result).startswith(
        f"layouts/karuta.yaml:{line}: 68 slots for cards of {'22 × 16' if verb == 'layout' else '24 × 26'} mm do "
        f"not fit {gap} map units apart (board slot_gap) on the 760 × 794 mm board")
    assert _first_line(result).endswith("use a smaller slot_gap")


def test_a_zero_card_names_the_option_as_typed(project):
    # `kit layout --card 0x0` named the option `--cards`.
    result = invoke("layout", "--game", "karuta", "--card", "0x0")
    assert result.exit_code == 2
    assert result.stderr == "error: --card 0x0: must be larger than zero in both directions\n"


@pytest.mark.parametrize("rule, line_of, first", [
    (None, "{id: E,", "E outer cost is 99; costs are whole numbers from 1 to 6: a piece down to one die rolls at "
                      "most 6, and a dearer space would stall it for good"),
])
def test_a_course_no_race_can_finish_fails_check(project, rule, line_of, first):
    # tour-de-dice `outer: 99`: no race can ever finish, so `kit check` fails.
    path = project / "data/tour-de-dice/course.yaml"
    lines = path.read_text(encoding="utf-8").splitlines()
    line = next(i for i, l in enumerate(lines, 1) if line_of in l)
    _replace_line(path, line, re.sub(r"outer: \d+", "outer: 99", lines[line - 1]))
    result = invoke("check", "--game", "tour-de-dice")
    assert result.exit_code == 2
    assert _first_line(result) == f"data/tour-de-dice/course.yaml:{line}: {first}"


def test_fewer_dice_make_a_shipped_course_unfinishable(project):
    # The same check follows the rules: with one die a 6-cost space could still be paid,
    # a 7 could not; the shipped course's costs are all at most 6.
    result = invoke("check", "--game", "tour-de-dice", "--rule", "dice=1")
    assert result.exit_code == 0, result.output


# --- help that tells the truth -------------------------------------------------------

@pytest.mark.parametrize("game", ["karuta", "tour-de-dice", "shikoku-duo"])
def test_strict_check_passes_on_the_shipped_data(game):
    # karuta's deliberate differences from the map are acknowledged in map_differences.yaml.
    result = CliRunner().invoke(main, ["check", "--game", game, "--strict"])
    assert result.exit_code == 0, result.output


def test_check_prints_its_warnings_before_the_summary_that_counts_them(project):
    path = project / "data/karuta/map_differences.yaml"
    lines = path.read_text(encoding="utf-8").splitlines()
    line = next(i for i, l in enumerate(lines, 1) if "[丹波, 近江]" in l)
    del lines[line - 1]  # one difference no longer acknowledged: one warning
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["check", "--game", "karuta"])
    assert result.exit_code == 0
    out = result.output.splitlines()  # stderr and stdout in the order printed
    warning = next(i for i, l in enumerate(out) if "warning: 近江 and 丹波 are listed as neighbours" in l)
    assert warning < out.index("warnings: 1 (see above; --strict makes them errors)")


def test_a_missing_map_differences_file_is_refused_not_warned_about(project):
    # Without it every deliberate difference would be a warning: the file is required.
    (project / "data/karuta/map_differences.yaml").unlink()
    result = invoke("check", "--game", "karuta")
    assert result.exit_code == 2
    assert result.stderr == "data/karuta/map_differences.yaml: missing data file map_differences.yaml\n"
    assert "warning" not in result.output


def test_an_empty_map_differences_file_acknowledges_none(project):
    (project / "data/karuta/map_differences.yaml").write_text("# none\n", encoding="utf-8")
    result = invoke("check", "--game", "karuta")
    assert result.exit_code == 0, result.output
    assert "map differences acknowledged in map_differences.yaml: 0 (" in result.stdout
    assert "warnings: 7 " in result.stdout


def test_an_acknowledged_difference_that_no_longer_occurs_is_a_warning(project):
    path = project / "data/karuta/map_differences.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("highway_steps_apart:\n",
                                                             "highway_steps_apart:\n  - [武蔵, 相模]\n"),
                    encoding="utf-8")
    line = next(i for i, l in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if "[武蔵, 相模]" in l)
    result = invoke("check", "--game", "karuta", "--strict")
    assert result.exit_code == 2
    assert _first_line(result) == (f"data/karuta/map_differences.yaml:{line}: warning: highway_steps_apart: 武蔵 and "
                                   "相模 is acknowledged as a difference from the map but no longer is one; remove it")


def test_deal_help_promises_only_the_table_sizes_karuta_takes():
    result = CliRunner().invoke(main, ["deal", "--game", "karuta", "--help"])
    assert "Number of players.  [2 to 4; required]" in result.output
    assert invoke("deal", "--game", "karuta", "--players", 5, "--seed", 1).exit_code == 2


def test_no_command_takes_an_option_that_does_nothing():
    # An option a command would ignore (`check --out`, `layout --out`) is refused.
    for args in (["check", "--game", "karuta", "--out", "x"], ["layout", "--game", "karuta", "--out", "x"]):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 2
        assert result.stderr.startswith(f"error: --out x: kit {args[0]} --game karuta takes no --out;"), result.stderr


def test_every_option_of_every_command_has_help_text():
    from kit.cli import GameCommand
    from kit.games import games

    for name, game in games().items():
        for cmd in game.commands:
            for o in cmd.opts():
                assert o.kind == "argument" or o.help.strip(), (name, cmd.verb, o.name)
    for param in main.params:
        assert getattr(param, "help", None), param.name
    with click_context(main) as ctx:
        for verb in main.list_commands(ctx):
            command = main.get_command(ctx, verb)
            assert command.help and command.game_option.help, verb
            assert isinstance(command, GameCommand)


def click_context(command):
    import click

    return click.Context(command)


@pytest.mark.parametrize("how", ["option", "environment"])
def test_a_project_folder_can_be_chosen(project, tmp_path_factory, monkeypatch, how):
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    monkeypatch.chdir(elsewhere)  # no data/ and layouts/ here
    args = ["check", "--game", "tour-de-dice"]
    if how == "option":
        result = CliRunner().invoke(main, ["--project", str(project), *args])
    else:
        monkeypatch.setenv("KIT_PROJECT", str(project))
        result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert result.stderr == ""  # no note: a project was chosen
    # the chosen project's data is what is checked
    (project / "data/tour-de-dice/course.yaml").write_text("cards: [\n", encoding="utf-8")
    again = CliRunner().invoke(main, ["--project", str(project), *args] if how == "option" else args)
    assert again.exit_code == 2 and "course.yaml:2: YAML syntax" in again.stderr


def test_a_folder_that_is_not_a_project_is_refused(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["--project", str(tmp_path), "check", "--game", "tour-de-dice"])
    assert result.exit_code == 2
    assert result.stderr == (f"error: --project {tmp_path}: not a kit project folder (it has no data/ and layouts/ "
                             "folders)\n")


def test_falling_back_to_kits_own_project_says_so(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("KIT_PROJECT", raising=False)
    result = CliRunner().invoke(main, ["check", "--game", "tour-de-dice"])
    assert result.exit_code == 0, result.output
    assert result.stderr.startswith(f"note: no data/ and layouts/ here; using kit's own project {ROOT} ")


def test_a_long_build_shows_a_bar_on_a_terminal_only():
    import io
    import time

    from kit.run import progress

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    def until(shown_text: str, stream) -> None:
        """Wait for the bar's own thread to draw `shown_text`; 120 s only guards against a hang."""
        end = time.monotonic() + 120
        while shown_text not in stream.getvalue():
            assert time.monotonic() < end, stream.getvalue()
            time.sleep(0.05)

    shown, piped = Terminal(), io.StringIO()
    with progress.activity("kit build --game karuta", file=shown, delay=0.05):
        until("kit build --game karuta: 0page", shown)  # a step that makes no page: the clock still runs
        progress.tick(3)
        until("3page", shown)
    with progress.activity("kit build --game karuta", file=piped, delay=0.05):
        time.sleep(0.2)
        progress.tick(3)
    assert piped.getvalue() == ""


def test_a_card_from_the_command_line_too_large_for_the_board_names_the_option(project):
    result = invoke("check", "--game", "karuta", "--card", "300x400")
    assert result.exit_code == 2
    assert _first_line(result).startswith("error: --card 300x400: board scale 1 makes the board 760.1 × 794.2 mm, "
                                          "too small for 68 cards of 300 × 400 mm")
    assert _first_line(result).endswith("(layouts/karuta.yaml:11)")


@pytest.mark.parametrize("value, words", [("x", "should be a whole number, not str 'x'"),
                                          ("3.0", "should be a whole number, not the number 3.0; write it as 3")])
def test_a_rule_of_the_wrong_kind_is_named_as_other_data_is(project, value, words):
    # rules.yaml's `dice: x` is described in the data's words (a whole number), as other data is.
    path = project / "data/tour-de-dice/rules.yaml"
    line = next(i for i, l in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if l.startswith("dice:"))
    _replace_line(path, line, f"dice: {value}")
    _refused(invoke("check", "--game", "tour-de-dice"), "data/tour-de-dice/rules.yaml", line,
             f"rule 'dice' {words}")


# --- data/shikoku-duo, damaged the same way ------------------------------------------

SHIKOKU = ROOT / "data" / "shikoku-duo"
SHIKOKU_FILES = ["board.yaml", "components.yaml", "waves.yaml", "rules.yaml", "automa.yaml"]


@settings(max_examples=150, **FUZZ)
@given(change=damage_of(SHIKOKU, SHIKOKU_FILES))
def test_damaged_shikoku_data_loads_or_is_refused_at_a_line(tmp_path_factory, change):
    from conftest import MAP
    from kit.games.shikoku_duo.automa import load_automa
    from kit.games.shikoku_duo.model import load as load_shikoku

    def load(folder):
        load_automa(folder / "automa.yaml")
        return load_shikoku(folder, (), str(MAP))

    game = loaded_or_refused_at_a_line(tmp_path_factory, SHIKOKU, change, load)
    if game is not None:
        assert len(game.components.shops) == 8 and len(game.board.ring) == 37


@settings(max_examples=60, **FUZZ)
@given(change=st.one_of(damage_of(SHIKOKU, SHIKOKU_FILES).map(lambda c: ("data/shikoku-duo", *c)),
                        damage_of(LAYOUTS, ["shikoku-duo.yaml"]).map(lambda c: ("layouts", *c))))
def test_damaged_shikoku_data_or_layout_through_check(project, change):
    folder, name, text = change
    with Damaged(project / folder / name, text):
        result = invoke("check", "--game", "shikoku-duo")
    if not refused_at_a_line(result):
        assert "automa:" in result.stdout
