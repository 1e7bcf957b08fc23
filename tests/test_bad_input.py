"""No file a user edits and no command-line value makes kit print a traceback.

Each property damages one input at random (a line deleted, duplicated, swapped or
re-indented, a character or a value changed) or draws a command-line value, and
asserts that kit either accepts it or refuses it with exit status 2 and
`file:line: what is wrong` (`error: ...` for a command-line value). The karuta data
files and data/karuta/rules.yaml are damaged the same way in test_karuta_data.py.
"""

import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from kit.cli import main
from kit.errors import KitError
from kit.games.tour_de_dice.model import load as load_tour
from kit.imposition import grid
from kit.games import load_game
from kit.games.karuta.settings import board as board_settings, check_settings
from kit.layoutfile import load_layout
from conftest import ROOT, needs_map

TOUR = ROOT / "data" / "tour-de-dice"
LAYOUTS = ROOT / "layouts"
LOG = ROOT / "data" / "karuta" / "example-log.yaml"

FUZZ = dict(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
LOCATED = re.compile(r"[\w./-]+\.yaml:\d+: \S")
USAGE = re.compile(r"Error: (Invalid value|No such option|Got unexpected)")  # click's own refusal


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
    """True when the command refused a command-line value with `error: ...` or click's usage error."""
    if result.exit_code == 0:
        return False
    err = result.stderr
    assert err.startswith("error: ") or USAGE.search(err), err
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


# --- 1. data/tour-de-dice ------------------------------------------------------------

TOUR_FILES = ["course.yaml", "pieces.yaml", "rules.yaml"]


@settings(max_examples=150, **FUZZ)
@given(change=damage_of(TOUR, TOUR_FILES))
def test_damaged_tour_data_loads_or_is_refused_at_a_line(tmp_path_factory, change):
    folder = tmp_path_factory.mktemp("tour")
    shutil.copytree(TOUR, folder, dirs_exist_ok=True)
    name, text = change
    (folder / name).write_text(text, encoding="utf-8")
    try:
        tour = load_tour(folder)
    except KitError as err:
        errors = getattr(err, "errors", [err])
        assert all(e.where and e.where.line for e in errors), str(err)
    else:
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

LAYOUT_FILES = ["default.yaml", "karuta.yaml", "tour-de-dice.yaml"]


def _fits(layout) -> None:
    """Load-to-grid: a loaded layout either lays out cards on the paper or says it cannot."""
    try:
        sheet = grid(layout)
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


@needs_map
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
WORDS = st.one_of(st.text(max_size=12), st.sampled_from(
    ["", "0", "-1", "3", "99999999999999999999", "on", "OFF", "yes", "1.5", "1e3", "²", "١", "origin",
     "orgin", "even", "equal", " 4 ", "=", "true=false"]))


def rule_value(names):
    return st.one_of(
        st.tuples(st.sampled_from(names), WORDS).map(lambda kv: f"{kv[0]}={kv[1]}"),
        st.text(max_size=20),
    )


def _commands(game: str, out: Path) -> dict:
    players = "3" if game == "karuta" else "4"
    return {
        "check": ["check", "--game", game],
        "sim": ["sim", "--game", game, "--games", "3", "--workers", "1"],
        "deal": ["deal", "--game", game, "--players", players, "--seed", "1", "--out", out],
        "build": ["build", "--game", game, "--out", out],
    }


@needs_map
@settings(max_examples=150, **FUZZ)
@given(game=st.sampled_from(["karuta", "tour-de-dice"]), verb=st.sampled_from(["check", "sim", "deal", "build"]),
       data=st.data())
def test_rule_values_from_the_command_line(project, game, verb, data):
    assume(not (game == "karuta" and verb == "build"))  # slow; its options path is check's
    assume(not (game == "tour-de-dice" and verb == "deal"))  # tour-de-dice deals no hands
    rule = data.draw(rule_value(KARUTA_RULES if game == "karuta" else TOUR_RULES), label="rule")
    result = invoke(*_commands(game, project / "out")[verb], f"--rule={rule}")
    refused_as_a_value(result)


@needs_map
@settings(max_examples=150, **FUZZ)
@given(game=st.sampled_from(["karuta", "tour-de-dice"]), verb=st.sampled_from(["check", "deal", "build"]),
       card=st.one_of(st.none(), SIZE, st.text(max_size=12)),
       paper=st.one_of(st.none(), st.sampled_from(["A4", "a3", "LETTER", "A5", "letter "]), st.text(max_size=8)))
def test_card_and_paper_from_the_command_line(project, game, verb, card, paper):
    assume(not (game == "karuta" and verb == "build"))
    assume(not (game == "tour-de-dice" and verb == "deal"))
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


@needs_map
@settings(max_examples=12, **FUZZ)
@given(card=st.one_of(SMALL_OR_UNFIT, st.text(max_size=10)))
def test_card_sizes_for_the_karuta_build(project, card):
    result = invoke("build", "--game", "karuta", "--out", project / "out", f"--card={card}")
    refused_as_a_value(result)


# --- each input that once printed a traceback ----------------------------------------

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


def test_an_impossible_date_names_its_line(project):
    # PyYAML reads 2024-13-45 as a date and fails constructing it (a ValueError).
    path = project / "data/tour-de-dice/rules.yaml"
    line = next(i for i, l in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if l.startswith("dice:"))
    _replace_line(path, line, "dice: 2024-13-45")
    _refused(invoke("check", "--game", "tour-de-dice"), "data/tour-de-dice/rules.yaml", line,
             "'2024-13-45' is not a valid timestamp (month must be in 1..12)")


def test_a_tag_without_a_value(project):
    # `!!float` with nothing after it: PyYAML's constructor fails with an IndexError.
    path = project / "data/tour-de-dice/rules.yaml"
    lines = path.read_text(encoding="utf-8").splitlines()
    line = next(i for i, l in enumerate(lines, 1) if l.startswith("dice:"))
    _replace_line(path, line, "dice: !!float")
    _refused(invoke("check", "--game", "tour-de-dice"), "data/tour-de-dice/rules.yaml", line,
             "'' is not a valid float")


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
    # copies: 99999999999 made the deck a list of that many cards (a MemoryError).
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
    ("tour-de-dice", "default", "margin", "-1", "margin must not be negative"),  # was refused without a line
    ("tour-de-dice", "default", "margin", "150mm", "a 150 mm margin leaves nothing of A4 paper"),
    ("tour-de-dice", "default", "  length", "1.0e+400", "length: inf is not a finite length"),
    ("karuta", "karuta", "  scale", ".inf", "board scale must be a number larger than zero"),
    ("karuta", "karuta", "  slot_gap", "-1", "board slot_gap must be a number, zero or more"),
    ("tour-de-dice", "tour-de-dice", "  turns", "0", "turns must be at least 1, not 0"),
])
def test_layout_numbers_are_refused_at_their_line(project, game, file, key, value, words):
    path = project / f"layouts/{file}.yaml"
    lines = path.read_text(encoding="utf-8").splitlines()
    line = next(i for i, l in enumerate(lines, 1) if l.startswith(f"{key}:"))
    _replace_line(path, line, f"{key}: {value}")
    _refused(invoke("check", "--game", game), f"layouts/{file}.yaml", line, words)
