"""Damaged input that once crashed kit or was accepted, each refused as `file:line: message`
(a command-line value: `error: --option ...`) with exit status 2, quoting at most a short,
escaped excerpt of what was given."""

import re

import pytest
from click.testing import CliRunner

from kit.cli import main
from kit.data.errors import EXCERPT, display_path

from conftest import damaged_map

GAMES = ("karuta", "tour-de-dice", "shikoku-duo")


def refused(*args) -> str:
    """The one-line refusal of `kit ARGS` (exit status 2, no traceback)."""
    result = CliRunner().invoke(main, [str(a) for a in args])
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    return result.stderr.strip()


@pytest.mark.parametrize("game", GAMES)
def test_a_policy_repeated_past_any_table_is_refused(game):
    message = refused("sim", "--game", game, "--games", "1", "--policy", "greedy*" + "1" + "0" * 40)
    assert re.fullmatch(r"error: --policy greedy\*10{40}: names more seats than the \d players: .*", message)


@pytest.mark.parametrize("game", GAMES)
def test_a_truncated_font_is_refused(game, project, tmp_path):
    from kit.draw import fonts

    cut = tmp_path / "cut.ttf"
    cut.write_bytes(fonts.font_path(None).read_bytes()[:100_000])
    message = refused("build", "--game", game, "--font", cut, "--out", tmp_path / "out")
    assert message == f"error: --font {cut}: cannot use it (the file is truncated or damaged); kit needs a " \
                      "TrueType (.ttf) font"
    assert not (tmp_path / "out").exists()


def test_a_damaged_font_is_named_by_the_variable_that_chose_it(project, tmp_path, monkeypatch):
    cut = tmp_path / "cut.ttf"
    cut.write_bytes(b"\0\1\0\0" + b"\0" * 200)
    monkeypatch.setenv("KIT_FONT", str(cut))
    assert refused("check", "--game", "karuta").startswith(f"error: KIT_FONT {cut}: cannot use it (")


def test_an_unknown_policy_is_quoted_escaped():
    message = refused("sim", "--game", "karuta", "--games", "1", "--policy", "gre\x9bedy")
    assert message.startswith(r"error: --policy gre\x9bedy: unknown policy 'gre\x9bedy'")


@pytest.mark.parametrize("args, message", [
    # a value out of a rule's range, of the wrong kind, or not among its choices
    (["--rule", "round_limit=0"], "--rule round_limit=0: must be from 1 to 1,000, not 0"),
    (["--rule", "round_limit=1" + "0" * 70], f"--rule round_limit=1{'0' * 59}…: must be from 1 to 1,000, not 1{'0' * 70}"),
    (["--rule", "round_limit=many"], "--rule round_limit=many: not a whole number; it takes 1 to 1,000"),
    (["--rule", "merchant_path=wlak"], "--rule merchant_path=wlak: cannot be 'wlak' (did you mean walk?); choose one "
                                       "of simple, walk"),
    (["--preset", "writen"], "--preset writen: unknown preset (did you mean written?); presets in "
                             "data/shikoku-duo/rules.yaml: written"),
    (["--policy", "greedy,planer"], "--policy greedy,planer: unknown policy 'planer' (did you mean planner?); "
                                    "policies: random, greedy, planner, search"),
    (["--policy", "greedy:5"], "--policy greedy:5: only search takes a budget (playouts per move, as in search:64); "
                               "greedy takes none"),
    # a --vary value is named as the --vary that gave it, not as --rule, --preset or --policy
    (["--vary", "round_limit=20,0"], "--vary round_limit=0: must be from 1 to 1,000, not 0"),
    (["--vary", "rule=-;round_limit=x+merchant_path=walk"], "--vary rule=round_limit=x+merchant_path=walk: "
                                                             "round_limit=x: not a whole number; it takes 1 to 1,000"),
    (["--vary", "preset=written,writen"], "--vary preset=writen: unknown preset (did you mean written?); presets in "
                                          "data/shikoku-duo/rules.yaml: written"),
    (["--vary", "policy=greedy;greedy,greedy,greedy"], "--vary policy=greedy,greedy,greedy: names 3 seats for 2 "
                                                       "players: give one policy for every seat or one per seat "
                                                       "(NAME*K repeats one); policies: random, greedy, planner, search"),
    # a bad --rule beside a --vary is still the --rule's
    (["--rule", "round_limit=0", "--vary", "merchant_path=simple,walk"], "--rule round_limit=0: must be from 1 to "
                                                                         "1,000, not 0"),
])
def test_a_command_line_value_is_refused_naming_its_option(project, args, message):
    assert refused("sim", "--game", "shikoku-duo", "--games", "2", "--workers", "1", *args) == f"error: {message}"


def test_a_preset_a_log_names_is_refused_at_its_line(project):
    (project / "log.yaml").write_text("seed: 1\nplayers: 2\nrules: {preset: writen}\nturns: []\n", encoding="utf-8")
    assert refused("replay", "--game", "karuta", "log.yaml", "--games", "2") == \
        "log.yaml:3: preset 'writen': unknown preset (did you mean written?); presets in data/karuta/rules.yaml: " \
        "written, designer-tool"
    # given on the command line too, the command line's is refused
    assert refused("replay", "--game", "karuta", "log.yaml", "--games", "2", "--preset", "x").startswith(
        "error: --preset x: unknown preset; ")


def line_of(path, text: str) -> int:
    return next(k for k, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if text in line)


@pytest.mark.parametrize("key, value, what", [("start_town", "sapporo", "town"),
                                              ("start_region", "atlantis", "region")])
def test_a_start_the_board_lacks_is_refused_by_check_build_and_sim(key, value, what, project):
    rules = project / "data" / "shikoku-duo" / "rules.yaml"
    rules.write_text(rules.read_text(encoding="utf-8").replace(f'{key}: ""', f"{key}: {value}"), encoding="utf-8")
    line = line_of(rules, f"{key}: {value}")
    for args in (["check"], ["build", "--out", project / "out"], ["sim", "--games", "2"]):
        message = refused(*args, "--game", "shikoku-duo")
        assert message.startswith(f"data/shikoku-duo/rules.yaml:{line}: rule '{key}' '{value}': "
                                  f"no {what} of board.yaml has this id; {what}s: "), message
    assert not (project / "out").exists()


def test_a_start_town_given_on_the_command_line_is_refused_naming_the_option(project):
    message = refused("sim", "--game", "shikoku-duo", "--games", "2", "--rule", "start_town=sapporo")
    assert message.startswith("error: --rule start_town=sapporo: no town of board.yaml has this id; towns: ")


VIEWBOX = 'width="760.10223" height="794.15302" viewBox="0 0 760.10223 794.15302"'
KII = "M 342.371,590.061"


@pytest.mark.parametrize("old, new, message", [
    (VIEWBOX, 'viewBox="0 0 nan nan"', ':3: the map\'s viewBox="0 0 nan nan" has no width or height'),
    (KII, "M 1e400,590.061", ":6: map path 'g2458' has a point that is not a finite number"),
    (KII, "M 100001,590.061", ":6: map path 'g2458' has a point at (100,001, 590.061), outside the map's "
                              "760.102 x 794.153 units (its viewBox)"),
    ('data-name="Kii"', 'data-name="Kii" transform="scale(1e9)"',
     ":6: map path 'g2458' has a point at (3.42371e+11, 5.90061e+11), outside the map's"),
])
@pytest.mark.parametrize("game", ["karuta", "shikoku-duo"])
def test_a_damaged_map_is_refused_at_its_line(old, new, message, game, project, tmp_path):
    path = damaged_map(tmp_path, old, new)
    for verb in ("check", "build"):
        got = refused(verb, "--game", game, "--map", path, *(["--out", tmp_path / "out"] if verb == "build" else []))
        assert got.startswith(f"{display_path(path)}{message}"), got
    assert not (tmp_path / "out").exists()


def test_a_map_that_is_no_xml_is_refused_at_the_line_of_the_fault(project, tmp_path):
    path = tmp_path / "broken.svg"
    path.write_text('<svg>\n<g id="provinces">\n<path d="M 0 0" <</g></svg>', encoding="utf-8")
    assert refused("check", "--game", "karuta", "--map", path) == \
        f"{display_path(path)}:3: cannot read the map SVG: not well-formed (invalid token) (column 17)"


@pytest.mark.parametrize("size", ["40000x27600", "1000000000x1000000000"])
def test_a_board_too_large_to_lay_out_is_refused_at_its_line_at_once(size, project):
    layout = project / "layouts" / "shikoku-duo.yaml"
    layout.write_text(layout.read_text(encoding="utf-8").replace("board: {size: 400x276", f"board: {{size: {size}"),
                      encoding="utf-8")
    line = line_of(layout, f"board: {{size: {size}")
    for verb in ("check", "build"):
        assert refused(verb, "--game", "shikoku-duo") == (
            f"layouts/shikoku-duo.yaml:{line}: board size: '{size}' is past kit's limit of 2,000 mm a side "
            "(A0 paper is 841 x 1189 mm; a board tiles over at most 200 sheets)")


def test_a_card_too_large_to_print_is_refused_naming_the_option(project):
    assert refused("build", "--game", "karuta", "--card", "2001x30") == (
        "error: --card 2001x30: past kit's limit of 2,000 mm a side (A0 paper is 841 x 1189 mm; a board tiles "
        "over at most 200 sheets)")


def test_a_layout_that_is_some_other_file_is_quoted_in_a_short_excerpt(project, tmp_path):
    other = tmp_path / "passwd"
    other.write_text("".join(f"user{k}:x:{k}:{k}:User {k}:/home/user{k}:/bin/sh\n" for k in range(200)))
    message = refused("build", "--game", "karuta", "--layout", other)
    assert message.startswith(f"{display_path(other)}:1: layout should be a mapping of keys, not str 'user0:x:0:0")
    assert "\n" not in message and len(message) < 200 and "user199" not in message


def test_a_huge_scalar_is_quoted_in_a_short_excerpt(project):
    rules = project / "data" / "karuta" / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(re.sub(r"(?m)^chain_limit: .*$", "chain_limit: " + "x" * 9_000_000, text), encoding="utf-8")
    message = refused("check", "--game", "karuta")
    assert re.fullmatch(rf"data/karuta/rules\.yaml:\d+: rule 'chain_limit' should be a whole number, not "
                        rf"str 'x{{{EXCERPT}}}…'", message), message[:300]


def test_control_characters_in_a_message_are_escaped():
    from kit.data.errors import KitError, Where

    err = KitError("unknown name 'a\x9b[31mb\x07'", Where("f.yaml", 3))
    assert str(err) == r"f.yaml:3: unknown name 'a\x9b[31mb\x07'"
    assert len(str(KitError("x" * 10_000_000))) < 1000


def test_an_empty_paper_is_refused_naming_the_option(project):
    assert refused("build", "--game", "karuta", "--paper", "", "--out", "out") == \
        "error: --paper: unknown paper ''; choose one of A4, A3, Letter"
    assert not (project / "out").exists()


@pytest.mark.parametrize("damage, line, why", [(b"# caf\xe9\n", 6, "invalid continuation byte (byte 6 of the line)"),
                                               (b"\x00\x01binary\xff\n", 6, "invalid start byte (byte 9 of the line)")])
def test_a_data_file_that_is_not_utf8_is_refused_at_its_line(damage, line, why, project):
    rules = project / "data" / "karuta" / "rules.yaml"
    lines = rules.read_bytes().split(b"\n")
    rules.write_bytes(b"\n".join(lines[:5]) + b"\n" + damage + b"\n".join(lines[5:]))
    assert refused("check", "--game", "karuta") == \
        f"data/karuta/rules.yaml:{line}: not UTF-8 text: {why}; kit reads data files as UTF-8"


def test_a_map_that_is_a_device_or_a_folder_is_named_as_such(project, tmp_path, monkeypatch):
    assert refused("check", "--game", "karuta", "--map", "/dev/zero").endswith("--map: /dev/zero (not a regular file)")
    monkeypatch.setenv("KIT_MAP", str(tmp_path))
    assert refused("check", "--game", "karuta").endswith(f"KIT_MAP: {display_path(tmp_path)} (a folder)")


def test_a_map_path_of_too_many_parts_is_refused(project, tmp_path):
    parts = " ".join(f"M {300 + k * 0.1:.1f},560 L {300 + k * 0.1:.1f},561 L {300.05 + k * 0.1:.2f},561 Z"
                     for k in range(201))
    path = damaged_map(tmp_path, 'd="M 342.371,590.061', f'd="{parts} M 342.371,590.061')
    assert refused("check", "--game", "karuta", "--map", path) == \
        f"{display_path(path)}: map path 'g2458' has 202 separate parts, more than kit's limit of 200"


def test_a_map_of_too_many_segments_in_all_is_refused(project, tmp_path, monkeypatch):
    import kit.layout.svgmap

    monkeypatch.setattr(kit.layout.svgmap, "MAX_MAP_SEGMENTS", 2000)      # the shipped map has 2,327
    path = damaged_map(tmp_path, "<svg", "<svg")
    assert refused("check", "--game", "karuta", "--map", path) == (
        f"{display_path(path)}: the map's paths have more than 2,000 segments in all (kit's limit; the shipped "
        "map has 2,327); simplify it")


@pytest.mark.parametrize("game", GAMES)
def test_an_empty_rules_file_is_refused(game, project):
    (project / "data" / game / "rules.yaml").write_text("# nothing yet\n", encoding="utf-8")
    assert refused("check", "--game", game) == (
        f"data/{game}/rules.yaml:1: the rules file is empty; it sets the rule options and lists the presets "
        "(presets:, at least one)")


@pytest.mark.parametrize("game", GAMES)
def test_rules_with_no_preset_are_refused_at_presets(game, project):
    rules = project / "data" / game / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    head = text[:text.index("\npresets:")]
    rules.write_text(head + "\npresets: {}\n", encoding="utf-8")
    line = head.count("\n") + 2
    assert refused("check", "--game", game) == (
        f"data/{game}/rules.yaml:{line}: presets: lists no preset; list at least one (`written: {{}}` plays the "
        "options as written above)")


def edit(path, old: str, new: str) -> int:
    """Replace the first `old` in the file by `new`; the line it is on."""
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text[:text.index(old)].count("\n") + 1


def test_a_tour_course_card_without_an_id_is_refused(project):
    line = edit(project / "data" / "tour-de-dice" / "course.yaml", "{id: A,", '{id: "",')
    assert refused("check", "--game", "tour-de-dice") == \
        f"data/tour-de-dice/course.yaml:{line}: a course card's id is empty; the card prints it"


def test_two_tour_colours_of_one_name_are_refused(project):
    line = edit(project / "data" / "tour-de-dice" / "pieces.yaml", "{name: blue,", "{name: red,")
    assert refused("check", "--game", "tour-de-dice") == \
        f"data/tour-de-dice/pieces.yaml:{line}: two colours are named 'red'; each player's colour needs its own name"


def test_a_tour_preset_with_both_optional_rules_is_refused_though_not_run(project):
    rules = project / "data" / "tour-de-dice" / "rules.yaml"
    line = edit(rules, "  rule-2:                  # optional rule ②: three players, two colours each\n    two_colours: on",
                "  rule-2:\n    two_colours: on\n    breakaway: on")
    for args in (["check"], ["build", "--out", project / "out"]):
        assert refused(*args, "--game", "tour-de-dice") == (
            f"data/tour-de-dice/rules.yaml:{line}: preset 'rule-2' turns on both breakaway (optional rule ①) and "
            "two_colours (optional rule ②): the rules allow only one of them")


def refused_by_check_and_build(game: str, project) -> str:
    """The refusal `kit check` gives, once `kit build` has given the same one and written nothing."""
    message = refused("check", "--game", game)
    assert refused("build", "--game", game, "--out", project / "out") == message
    assert not (project / "out").exists()
    return message


def test_an_island_in_the_karuta_adjacency_list_is_refused(project):
    line = edit(project / "data" / "karuta" / "adjacency.yaml", "  - [山城, 大和]", "  - [山城, 大和]\n  - [越後, 佐渡]")
    assert refused_by_check_and_build("karuta", project) == (
        f"data/karuta/adjacency.yaml:{line + 1}: 越後–佐渡: 佐渡 is an island (sea_routes.yaml), reached by sea "
        "routes only; the adjacency list holds land borders")


def test_a_karuta_map_difference_of_one_province_twice_is_refused(project):
    line = edit(project / "data" / "karuta" / "map_differences.yaml", "[肥後, 大隅]", "[肥後, 肥後]")
    assert refused_by_check_and_build("karuta", project) == (
        f"data/karuta/map_differences.yaml:{line}: neighbours_apart: [肥後, 肥後] names one province twice; "
        "a difference from the map is between two provinces")


@pytest.mark.parametrize("badge, message", [
    ("畿", "badge 畿 is also region 畿内's; each region's badge tells it apart"),
    ("東海", "badge '東海' should be one character (the kanji printed in the card's badge)")])
def test_a_karuta_badge_repeated_or_of_two_characters_is_refused(badge, message, project):
    line = edit(project / "data" / "karuta" / "regions.yaml", "badge: 東,", f"badge: {badge},")
    assert refused_by_check_and_build("karuta", project) == f"data/karuta/regions.yaml:{line}: {message}"


def test_a_ninth_karuta_region_is_refused(project):
    old = '  - {name: 西海道, romaji: Saikaidō,   badge: 西, color: "#C45600"}'
    line = edit(project / "data" / "karuta" / "regions.yaml", old,
                old + '\n  - {name: 蝦夷地, romaji: Ezochi, badge: 蝦, color: "#777777"}')
    assert refused_by_check_and_build("karuta", project) == (
        f"data/karuta/regions.yaml:{line + 1}: a region past the eighth: karuta's cards and board print the eight "
        "regions of 五畿七道 (9 are listed), each with its own colour and badge")


@pytest.mark.parametrize("old, new, what", [("{id: A, outer: 1,", "{id: A, outer: 7,", "A outer cost is 7"),
                                            ("goal: {id: GOAL, outer: 2,", "goal: {id: GOAL, outer: 9,",
                                             "goal card link outer cost is 9")])
def test_a_tour_cost_past_one_die_is_refused(old, new, what, project):
    line = edit(project / "data" / "tour-de-dice" / "course.yaml", old, new)
    assert refused_by_check_and_build("tour-de-dice", project) == (
        f"data/tour-de-dice/course.yaml:{line}: {what}; costs are whole numbers from 1 to 6: a piece down to one "
        "die rolls at most 6, and a dearer space would stall it for good")


def test_tour_check_tests_the_font_as_build_does(project, monkeypatch):
    # U+0661 (Arabic-Indic one) is in no Japanese font: the data is at fault, at its line
    monkeypatch.delenv("KIT_FONT", raising=False)
    line = edit(project / "data" / "tour-de-dice" / "course.yaml", "label: スタート", "label: スタ\u0661ート")
    message = refused_by_check_and_build("tour-de-dice", project)
    assert message.startswith(f"data/tour-de-dice/course.yaml:{line}: the font "), message
    assert "has no glyphs for 1 character that the game's data prints: \u0661;" in message


@pytest.mark.parametrize("name, old, new, message", [
    ("board.yaml", "{kind: temple, name: 立江寺,", "{kind: temple, name: 霊山寺,",
     "space name 霊山寺 is used twice (first on line 34); the board and the progress sheet tell spaces apart by name"),
    ("board.yaml", "{id: yanase,", "{id: katsuura,", "region id katsuura is used twice (first on line 97)"),
    ("board.yaml", "provinces: [阿波, 讃岐, 伊予, 土佐]", "provinces: [阿波, 讃岐, 伊予, 備前]",
     "province '備前' is not one of Shikoku's; the board is the island of 阿波, 讃岐, 伊予, 土佐"),
    ("components.yaml", "town_coins: 3", "town_coins: 0",
     "town_coins should be 1 to 9, not 0 (a coastal town pays the pilgrim; 10 copper become a gold slab)"),
    ("components.yaml", "shrine_track: [0, 1, 2, 2, 3,", "shrine_track: [0, 1, 2, 1, 3,",
     "shrine_track: 1 after 2; the values run from the start slot up and never fall (a step along the track "
     "never costs points)"),
    ("components.yaml", "slabs: [3, 7, 12,", "slabs: [3, 12, 7,",
     "slabs: 7 after 12; the values run from the start slot up and never fall (a step along the track never "
     "costs points)"),
], ids=["space name twice", "region id twice", "province off Shikoku", "town coins 0", "shrine track falls",
        "slabs unsorted"])
def test_damaged_shikoku_data_is_refused_at_its_line(name, old, new, message, project):
    line = edit(project / "data" / "shikoku-duo" / name, old, new)
    assert refused_by_check_and_build("shikoku-duo", project) == f"data/shikoku-duo/{name}:{line}: {message}"


def refused_layout(game: str, old: str, new: str, project) -> tuple[str, int]:
    """The refusal check and build give once `old` is `new` in the game's layout file; the line."""
    line = edit(project / "layouts" / f"{game}.yaml", old, new)
    return refused_by_check_and_build(game, project), line


@pytest.mark.parametrize("game, old, new, message", [
    ("karuta", "gutter: 3mm", "gutter: 500mm",
     "a 500 mm gutter is wider than the 24 × 26 mm card itself; the gutter is the paper left between two "
     "neighbouring pieces (a few mm)"),
    ("shikoku-duo", "ring_space: {size: 16x16, bleed: 0mm, gutter: 3mm}", "ring_space: {size: 16x16, bleed: 0mm, "
     "gutter: 500mm}", "a 500 mm gutter is wider than the 16 × 16 mm ring_space itself; the gutter is the paper "
     "left between two neighbouring pieces (a few mm)"),
])
def test_a_gutter_wider_than_its_piece_is_refused(game, old, new, message, project):
    got, line = refused_layout(game, old, new, project)
    assert got == f"layouts/{game}.yaml:{line}: {message}"


def test_a_gutter_past_the_paper_is_refused(project):
    got, line = refused_layout("shikoku-duo", "safe: 13mm, gutter: 0mm}", "safe: 13mm, gutter: 250mm}", project)
    assert got == (f"layouts/shikoku-duo.yaml:{line}: a 250 mm gutter is more than A4 paper holds inside its margins "
                   "(198 mm); the gutter is the paper left between two neighbouring boards")


def test_ring_spaces_too_large_for_the_board_are_refused_by_build_as_by_check(project):
    got, _ = refused_layout("shikoku-duo", "ring_space: {size: 16x16", "ring_space: {size: 200x200", project)
    assert re.fullmatch(r"data/shikoku-duo/board\.yaml:\d+: ring spaces \S+ and \S+ would print [\d.]+ mm apart "
                        r"centre to centre; spaces of 200 mm need 203 mm .*", got.splitlines()[0]), got


@pytest.mark.parametrize("game, old, new, message", [
    ("karuta", "\nboard:\n", "\ncrop_marks: {length: 100mm, offset: 1mm}\nboard:\n", "a 24 × 26 mm card with its "
     "bleed and crop marks does not fit on A4 paper"),
    ("tour-de-dice", "size: 22x56", "size: 250x250", "a 250 × 250 mm marker with its bleed and crop marks does "
     "not fit on A4 paper"),
    ("shikoku-duo", "standee: {size: 13x60,", "standee: {size: 13x276,", "a 13 × 276 mm standee with its bleed "
     "and crop marks does not fit on A4 paper"),
    ("shikoku-duo", "pilgrim_board: {size: 180x112", "pilgrim_board: {size: 300x300", "a 300 × 300 mm "
     "pilgrim_board with its bleed and crop marks does not fit on A4 paper"),
    ("shikoku-duo", "coin: {size: 12x12}", "coin: {size: 250x250}", "a 180 × 112 mm pilgrim_board is too small "
     "for its slots (they need 2544 × 537 mm); enlarge pilgrim_board or shrink its tokens in "
     "layouts/shikoku-duo.yaml"),
], ids=["karuta card", "tour marker", "shikoku standee", "shikoku player board", "shikoku coin"])
def test_a_size_the_build_refuses_is_refused_by_check_at_its_line(game, old, new, message, project):
    got, line = refused_layout(game, old, new, project)
    # the size line of the piece that does not fit
    piece = {"karuta": "size: 24x26", "shikoku-duo": "pilgrim_board: {size:"}
    if "pilgrim_board is too small" in message or game == "karuta":
        line = line_of(project / "layouts" / f"{game}.yaml", piece[game])
    assert got == f"layouts/{game}.yaml:{line}: {message}"


@pytest.mark.parametrize("game", GAMES)
def test_a_missing_rules_file_is_refused_at_its_path(game, project):
    (project / "data" / game / "rules.yaml").unlink()
    assert refused_by_check_and_build(game, project) == (
        f"data/{game}/rules.yaml: missing data file rules.yaml; it sets the rule options and lists the presets")


@pytest.mark.parametrize("name", ["rules.yaml", "pieces.yaml"])
def test_a_data_file_gone_or_a_folder_during_watch_is_named_and_the_watch_goes_on(name, project):
    import queue
    import threading

    from kit.cli import watch_build
    from kit.games import load_game
    from test_watch import TIMEOUT, lines_until, saved_whole

    g = load_game("tour-de-dice")
    lines: queue.Queue = queue.Queue()
    stop = threading.Event()
    runner = threading.Thread(target=watch_build, args=(g, g.command("build"), {"out": str(project / "out")}, {},
                                                        stop, lines.put))
    runner.start()
    path = project / "data" / "tour-de-dice" / name
    good = path.read_bytes()
    outcome = ("data/", "rebuilt", "error")
    try:
        lines_until(lines, lambda line: line.startswith("watching"))
        path.unlink()
        gone = lines_until(lines, lambda line: line.startswith(outcome))[-1]
        assert gone == f"data/tour-de-dice/{name}: missing data file {name}" + (
            "; it sets the rule options and lists the presets" if name == "rules.yaml" else "")
        path.mkdir()
        folder = lines_until(lines, lambda line: line.startswith(outcome))[-1]
        assert folder == f"data/tour-de-dice/{name}: cannot read: Is a directory"
        path.rmdir()
        saved_whole(path, good)
        lines_until(lines, lambda line: line.startswith("rebuilt"))     # the file back: built again
    finally:
        stop.set()
        runner.join(TIMEOUT)
    assert not runner.is_alive()


def test_a_board_of_too_many_sheets_is_refused_at_its_size(project):
    layout = project / "layouts" / "shikoku-duo.yaml"
    edit(layout, "overlap: 10mm", "overlap: 98mm")
    line = edit(layout, "board: {size: 400x276,", "board: {size: 2000x2000,")
    assert refused_by_check_and_build("shikoku-duo", project) == (
        f"layouts/shikoku-duo.yaml:{line}: a 2,000 × 2,000 mm board with a 98 mm glue strip needs 220 sheets of "
        "A4, more than kit's limit of 200")


def test_every_tiling_refusal_names_its_layout_line():
    from conftest import shipped_layout
    from kit.data.errors import KitError, Where
    from kit.draw.tiles import plan

    layout = shipped_layout("shikoku-duo")
    size_at, overlap_at = Where("layouts/x.yaml", 3), Where("layouts/x.yaml", 7)
    with pytest.raises(KitError) as big:
        plan(9000, 9000, layout, 10.0, where=size_at, overlap_at=overlap_at)
    with pytest.raises(KitError) as glue:
        plan(400, 276, layout, 150.0, where=size_at, overlap_at=overlap_at)
    assert (big.value.where, glue.value.where) == (size_at, overlap_at)
    assert str(big.value).startswith("layouts/x.yaml:3: a 9,000 × 9,000 mm board with a 10 mm glue strip needs ")


def test_islands_no_shifted_grid_joins_are_printed_on_the_whole_grid():
    from shapely.geometry import box

    from conftest import shipped_layout
    from kit.draw.tiles import plan

    layout = shipped_layout("shikoku-duo")
    islands = box(0, 0, 5, 5).union(box(995, 995, 1000, 1000))
    p = plan(1000, 1000, layout, 10.0, carries=islands)
    assert len(p.tiles) == p.rows * p.cols > 2


@pytest.mark.parametrize("game, name, old, new, shown, code", [
    ("karuta", "rulebook.yaml", "title: {ja: 旧国名かるた,", r'title: {ja: "旧国\x9b名かるた",', r"旧国\x9b名かるた", "009B"),
    ("karuta", "provinces.yaml", "kanji: 山城", r'kanji: "山\u0007城"', r"山\x07城", "0007"),
    ("tour-de-dice", "pieces.yaml", "name_ja: 赤", r'name_ja: "赤\x1b[31m"', r"赤\x1b[31m", "001B"),
    ("shikoku-duo", "components.yaml", "name: 藍,", r'name: "藍\x9b",', r"藍\x9b", "009B"),
    ("shikoku-duo", "rulebook.yaml", "title: {ja: 四国デュオ,", r'title: {ja: "四国デュオ' + "あ" * 40 + r'\x07",',
     "…" + "あ" * 20 + r"\x07", "0007"),
])
def test_a_control_character_written_as_an_escape_is_refused_at_its_line(game, name, old, new, shown, code,
                                                                          project):
    line = edit(project / "data" / game / name, old, new)
    assert refused_by_check_and_build(game, project) == (
        f"data/{game}/{name}:{line}: text '{shown}' holds the control character U+{code} (written as a YAML "
        "escape): a printed piece shows it as nothing or as a box; remove it")
