"""shikoku-duo data: the model as values (ring, towns, regions cut by the routes), and every
check with a damaged copy of the data and the line it names."""

import json
import math
import pickle
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from kit.cli import main
from kit.data.errors import KitError
from kit.games.shikoku_duo.boardlayout import BoardPiece, board_piece, too_close
from kit.games.shikoku_duo.sizes import spacing_errors
from kit.games.shikoku_duo.model import load
from kit.games.shikoku_duo.values import CHARACTERS, KINDS

from conftest import MAP, shipped_layout

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data" / "shikoku-duo"



@pytest.fixture(scope="module")
def model():
    return load(DATA, map_path=MAP)


def run(*args):
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def damaged(tmp_path, file: str, old: str, new: str) -> tuple[Path, int]:
    """A copy of the data with `old` replaced by `new` in `file`; the line of the change."""
    data = tmp_path / "shikoku-duo"
    shutil.copytree(DATA, data)
    path = data / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    before = text[: text.index(old)]
    path.write_text(text.replace(old, new), encoding="utf-8")
    return data, before.count("\n") + 1


def errors_of(data: Path) -> list[str]:
    with pytest.raises(KitError) as err:
        load(data, map_path=MAP)
    return str(err.value).splitlines()


def assert_error(data: Path, file: str, line: int, message: str, at: str | None = None):
    """Some error is `FILE:LINE: ...message...`; LINE is the changed line, or the line holding `at`."""
    if at is not None:
        text = (data / file).read_text(encoding="utf-8").splitlines()
        line = next(i for i, t in enumerate(text, 1) if at in t and not t.lstrip().startswith("#"))
    lines = errors_of(data)
    assert any(e.startswith(f"{data / file}:{line}: ") and message in e for e in lines), (line, lines)


# ---------------------------------------------------------------- the model as values

def test_counts(model):
    b, c = model.board, model.components
    assert len(b.ring) == 37
    assert [s.index for s in b.ring] == list(range(37))
    assert {s.kind for s in b.ring} <= set(KINDS)
    assert sum(s.kind == "hot_spring" for s in b.ring) == 1
    coastal = [t for t in b.towns.values() if t.kind == "coastal"]
    mountain = [t for t in b.towns.values() if t.kind == "mountain"]
    assert len(coastal) == 8 and len(mountain) == 4
    assert sorted(t.value for t in mountain) == [2, 3, 3, 4]
    assert all(b.ring[t.ring_index].town == t.id and b.ring[t.ring_index].point == t.point for t in coastal)
    assert len(b.regions) == 8
    assert sum(c.goods.values()) == 26 and len(c.shops) == 8
    assert len(c.shrine_track) == 10 and len(c.garden_track) == 7 and len(c.slabs) == 6
    assert len(c.artist_slots) == 10 and len(c.paintings) == 10
    assert set(c.dice) == set(CHARACTERS) and all(len(f) == 6 for f in c.dice.values())
    assert sorted(w.character for w in c.waves) == sorted(CHARACTERS * 2)


def test_ring_runs_clockwise_from_awa(model):
    ring = model.board.ring
    assert ring[0].name == "霊山寺"
    names = [s.name for s in ring]
    # the pilgrimage's order: 阿波 (徳島), 土佐 (高知), 伊予 (松山), 讃岐 (高松)
    assert names.index("徳島") < names.index("室戸岬") < names.index("高知") < names.index("足摺岬") \
        < names.index("宇和島") < names.index("松山") < names.index("道後温泉") < names.index("高松")
    # clockwise on the map (y down): the signed area of the ring is negative in y-up terms
    pts = [s.point for s in ring]
    area = sum(x1 * -y2 - x2 * -y1 for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1])) / 2
    assert area < 0
    # the east coast first: 高知 lies south-west of 徳島, 松山 north-west of 高知
    p = {s.name: s.point for s in ring}
    assert p["高知"][0] < p["徳島"][0] and p["高知"][1] > p["徳島"][1]
    assert p["松山"][0] < p["高知"][0] and p["松山"][1] < p["高知"][1]


def test_ring_positions_are_spaced_and_anchored(model):
    ring = model.board.ring
    steps = [math.dist(a.point, b.point) for a, b in zip(ring, ring[1:] + ring[:1])]
    assert max(steps) < 2.5 * min(steps)
    # anchored spaces sit near their place: 足摺岬 is the southernmost space
    assert max(ring, key=lambda s: s.point[1]).name == "足摺岬"
    assert "佐田岬" in [s.name for s in sorted(ring, key=lambda s: s.point[0])[:3]]


def test_regions_from_the_faces(model):
    b = model.board
    by_id = {r.id: r for r in b.regions}
    types = [r.painting for r in b.regions]
    assert sorted(set(types)) == sorted(t.id for t in model.components.painting_types)
    assert all(types.count(t) == 2 for t in set(types))
    # every ring space surrounds some region; a coastal town's space surrounds two
    for s in b.ring:
        around = [r.id for r in b.regions if s.index in r.spaces]
        assert len(around) == (2 if s.kind == "town" else 1), (s.name, around)
    # each route separates two regions, and those are neighbours
    for a, c in b.routes:
        both = [r for r in b.regions if a in r.towns and c in r.towns]
        assert len(both) == 2, (a, c)
        assert both[1].id in both[0].neighbours
    for r in b.regions:
        assert r.id not in r.neighbours
        assert all(r.id in by_id[n].neighbours for n in r.neighbours)
    # 脇町 and 仁淀川 meet only at 池田's point: not neighbours
    assert "ikeda" in by_id["wakimachi"].towns and "ikeda" in by_id["niyodo"].towns
    assert "niyodo" not in by_id["wakimachi"].neighbours
    assert by_id["katsuura"].towns == {"tokushima", "kamiyama", "hiwasa"}
    assert by_id["katsuura"].spaces == {2, 3, 4, 5, 6}          # 徳島 .. 日和佐 along the coast
    assert by_id["katsuura"].neighbours == {"wakimachi", "yanase"}


def test_a_regions_spaces_run_along_its_coast_from_town_to_town(model):
    ring = model.board.ring
    for r in model.board.regions:
        idx = sorted(r.spaces)
        # a contiguous run round the ring (it may wrap past space 0) that starts and ends at a town
        start = next(i for i in idx if (i - 1) % 37 not in r.spaces)
        run = [(start + k) % 37 for k in range(len(idx))]
        assert sorted(run) == idx, r.id
        assert ring[run[0]].kind == "town" and ring[run[-1]].kind == "town", r.id
        assert all(ring[i].kind != "town" for i in run[1:-1]), r.id


def test_moving_a_route_moves_the_regions(tmp_path, model):
    data, _ = damaged(tmp_path, "board.yaml", "  - [hiwasa, kamiyama]\n", "  - [hiwasa, ikeda]\n")
    moved = {r.id: r for r in load(data, map_path=MAP).board.regions}
    before = {r.id: r for r in model.board.regions}
    assert before["katsuura"].towns == {"tokushima", "kamiyama", "hiwasa"}
    assert moved["katsuura"].towns == {"tokushima", "kamiyama", "ikeda", "hiwasa"}
    assert "kamiyama" in before["yanase"].towns and "kamiyama" not in moved["yanase"].towns
    assert "wakimachi" in before["yanase"].neighbours and "wakimachi" not in moved["yanase"].neighbours
    assert moved["katsuura"].spaces == before["katsuura"].spaces
    area = lambda poly: abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(poly, poly[1:])) / 2)
    assert area(moved["katsuura"].polygon) > area(before["katsuura"].polygon) + 50
    assert area(moved["yanase"].polygon) < area(before["yanase"].polygon) - 50


def test_model_is_plain_values(model):
    blob = pickle.dumps(model)
    assert b"shapely" not in blob
    assert pickle.loads(blob) == model


# ---------------------------------------------------------------- kit check / export

def test_check_prints_the_counts(project):
    code, out = run("check", "--game", "shikoku-duo")
    assert code == 0, out
    assert "ring: 37 spaces clockwise from 霊山寺" in out
    assert "coastal towns: 8" in out and "mountain towns: 4" in out
    assert "regions: 8 (mountain 2, flower 2, wave 2, temple 2)" in out
    assert "routes: 11; every town reachable; no route crosses another" in out


def test_export_is_json(project):
    code, out = run("export", "--game", "shikoku-duo")
    assert code == 0
    data = json.loads(out)
    assert len(data["ring"]) == 37 and len(data["regions"]) == 8 and len(data["routes"]) == 11
    assert data["components"]["dice"]["pilgrim"] == [1, 2, 2, 3, 3, 4]


def test_check_error_is_file_line_exit_2(project):
    path = project / "data" / "shikoku-duo" / "board.yaml"
    text = path.read_text(encoding="utf-8")
    line = text[: text.index("{kind: seashore, name: 桂浜")].count("\n") + 1
    path.write_text(text.replace("{kind: seashore, name: 桂浜", "{kind: seashore_, name: 桂浜"), encoding="utf-8")
    code, out = run("check", "--game", "shikoku-duo")
    assert code == 2
    assert f"data/shikoku-duo/board.yaml:{line}: unknown kind 'seashore_' (did you mean seashore?)" in out


@pytest.mark.parametrize("old, new, message", [
    ("per_figures: 3", "per_figures: 0", "artist.per_figures should be 1 to 6, not 0"),
    ("go_to: coastal_first", "go_to: coastal", "merchant.go_to should be one of"),
    ("go_to: coastal_first", "go_to: costal_first", "merchant.go_to should be one of mountain_first, coastal_first, "
     "first, not 'costal_first' (did you mean coastal_first?)"),
    ("go_to: most_figures", "go_to: most_figure",
     "artist.go_to should be one of most_figures, first, not 'most_figure' (did you mean most_figures?)"),
    ("take: highest", "take: hihgest", "dice.take should be one of highest, lowest, not 'hihgest' (did you mean "
     "highest?)"),
    ("ties: [artist, merchant, pilgrim]", "ties: [artist, merchant, pilgrm]",
     "dice.ties should list pilgrim, merchant, artist once each, not 'pilgrm' (did you mean pilgrim?)"),
])
def test_check_reads_the_automa_rules(project, old, new, message):
    # `kit check` reads automa.yaml too, though only `build` and `sim --players 1` use it.
    path = project / "data" / "shikoku-duo" / "automa.yaml"
    text = path.read_text(encoding="utf-8")
    line = text[: text.index(old)].count("\n") + 1
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    code, out = run("check", "--game", "shikoku-duo")
    assert code == 2, out
    assert f"data/shikoku-duo/automa.yaml:{line}: {message}" in out
    path.write_text(text, encoding="utf-8")
    code, out = run("check", "--game", "shikoku-duo")
    assert code == 0 and "automa: pilgrim 11 slots" in out, out


def test_spaces_too_close_for_the_print(model):
    shipped = board_piece(shipped_layout("shikoku-duo"))
    big = BoardPiece(width=shipped.width, height=shipped.height, border=shipped.border,
                     space=24.0, gap=3.0, town=10.0)
    assert not too_close(model.board, shipped)
    pairs = too_close(model.board, big)
    assert pairs
    with pytest.raises(KitError) as err:
        spacing_errors(model, big)
    first = pairs[0]
    assert f"board.yaml:{model.where[('space', first.b)].line}: ring spaces {model.board.ring[first.a].name}" \
        in str(err.value)


def test_check_refuses_spaces_too_close_for_the_layout(project):
    bigger = project / "big.yaml"
    bigger.write_text("pieces:\n  ring_space: {size: 24x24, bleed: 0mm, gutter: 3mm}\n", encoding="utf-8")
    code, out = run("check", "--game", "shikoku-duo", "--layout", str(bigger))
    assert code == 2
    assert "data/shikoku-duo/board.yaml:" in out and "would print" in out and "spaces of 24 mm need 27 mm" in out


# ---------------------------------------------------------------- every check, with its line

BOARD_CASES = [
    # (old text, new text, message, text of the line the error names if not the changed one)
    ("{kind: seashore, name: 桂浜", "{kind: seashor, name: 桂浜", "unknown kind 'seashor' (did you mean seashore?)"),
    ("  - {kind: garden, name: 栗林公園, reading: りつりんこうえん, romaji: Ritsurin Garden}\n", "",
     "the ring has 36 spaces; the rules need 37", "spaces:"),
    ("value: 4, at: [132.927", "value: 5, at: [132.927", "value 5 should be 2, 3, 4"),
    ("  - [kuma, yusuhara]", "  - [kuma, yusuhra]", "unknown town 'yusuhra' (did you mean yusuhara?)"),
    ("  - [kuma, yusuhara]", "  - [kuma, kuma]", "route joins kuma to itself"),
    ("  - [kuma, yusuhara]\n", "  - [kuma, yusuhara]\n  - [hiwasa, kuma]\n",
     "route kochi–ikeda crosses route hiwasa–kuma", "[kochi, ikeda]"),
    ("  - [kuma, yusuhara]\n", "  - [kuma, yusuhara]\n  - [kochi, kuma]\n",
     "cut Shikoku into 9 regions; the rules need 8", "routes:"),
    ("  - [kuma, yusuhara]\n", "", "town nakamura cannot be reached by route from tokushima", "town: nakamura"),
    ("  - [kuma, yusuhara]\n", "  - [kuma, yusuhara]\n  - [yusuhara, kuma]\n", "is listed twice",
     "[yusuhara, kuma]"),
    ("  - [kuma, yusuhara]\n", "  - [kuma, yusuhara]\n  - [kochi, nakamura]\n", "joins two coastal towns",
     "[kochi, nakamura]"),
    ("painting: wave, at: [133.250, 33.550]", "painting: wav, at: [133.250, 33.550]",
     "unknown painting type 'wav' (did you mean wave?)"),
    ("name: 大月, romaji: Ōtsuki, painting: temple, at: [132.750, 32.900]",
     "name: 大月, romaji: Ōtsuki, painting: temple, at: [133.260, 33.560]", "大月 and 仁淀川 (line"),
    ("name: 大月, romaji: Ōtsuki, painting: temple, at: [132.750, 32.900]",
     "name: 大月, romaji: Ōtsuki, painting: temple, at: [130.0, 32.900]", "lies in no region"),
    ("romaji: Cape Muroto, at: [134.177, 33.245]", "romaji: Cape Muroto, at: [132.177, 33.245]",
     "高知 lies at or before 室戸岬 (line", "name: 高知"),
    ("romaji: Cape Muroto, at: [134.177, 33.245]", "romaji: Cape Muroto, at: [134.177]",
     "`at` should be [longitude, latitude]"),
    ("{kind: town, town: kochi, name: 高知", "{kind: town, town: tokushima, name: 高知",
     "town id tokushima is used twice"),
    ("{kind: town, town: kochi, name: 高知", "{kind: town, name: 高知", "needs a `town:` id"),
    ("{kind: seashore, name: 桂浜", "{kind: seashore, town: katsura, name: 桂浜", "is a seashore, not a town"),
    ("  anchor_weight: 0.5", "  anchor_weight: -1", "anchor_weight should be 0 to 100"),
    ("  offset: 3.5", "  offset: 0", "ring offset should be more than 0"),
    ("  offset: 3.5", "  ofset: 3.5", "unknown key 'ofset' in ring (did you mean offset?)"),
    ("provinces: [阿波, 讃岐, 伊予, 土佐]", "provinces: [阿波, 讃岐, 伊代, 土佐]", "province '伊代' is not one of Shikoku's; the board is the island of 阿波, 讃岐, 伊予, 土佐 "
     "(did you mean 伊予?)"),
]


def test_region_without_a_place_is_named(tmp_path):
    data, _ = damaged(tmp_path, "board.yaml",
                      "  - {id: toon, name: 東温, romaji: Tōon, painting: wave, at: [132.870, 33.800]}\n", "")
    assert_error(data, "board.yaml", 0, "has no painting type", "regions:")
    assert any("imabari" in e and "matsuyama" in e for e in errors_of(data) if "has no painting type" in e)


def _track(key: str, drop: bool = False, last: str | None = None) -> str:
    """The shipped `key: [...]` list as written (the simulator tunes its values), with its last
    value dropped or replaced."""
    line = next(x for x in (DATA / "components.yaml").read_text(encoding="utf-8").splitlines()
                if x.startswith(key + ": ["))
    text = line[:line.index("]") + 1]
    values = text[text.index("[") + 1:-1].split(", ")
    if drop:
        values = values[:-1]
    elif last is not None:
        values[-1] = last
    return f"{key}: [{', '.join(values)}]"


COMPONENT_CASES = [
    ("  pilgrim: [1, 2, 2, 3, 3, 4]", "  pilgrim: [1, 2, 2, 3, 3]", "the pilgrim die should have 6 values, not 5"),
    ("  pilgrim: [1, 2, 2, 3, 3, 4]", "  pilgrim: [1, 2, 2, 3, 3, 0]",
     "the pilgrim die: a value should be 1 to 6, not 0"),
    ("  merchant: [1, 1, 2, 2, 3, 3]", "  merchant: [1, 1, 2, 2, 3, 7]",
     "the merchant die: a value should be 1 to 6, not 7 (the faces of an ordinary six-sided die)"),
    ("romaji: indigo, count: 6}", "romaji: indigo, count: 101}", "goods indigo count should be 1 to 100, not 101"),
    ("  wave: 2\n", "  wave: 11\n", "paintings wave should be 0 to 10, not 11"),
    ("goods:\n", "goods:\n  a: {name: a, count: 100}\n  b: {name: b, count: 100}\n  c: {name: c, count: 100}\n",
     "the bag holds 326 goods in 7 kinds, more than 300 (each is a printed piece; a has 100)"),
    ("  artist: [1, 1, 2, 2, 3, 3]", "  artsit: [1, 1, 2, 2, 3, 3]",
     "unknown character 'artsit' (did you mean artist?)"),
    ("  - {kind: salt, value: 3}", "  - {kind: slat, value: 3}", "shop sells unknown goods 'slat' (did you mean salt?)"),
    (_track("shrine_track"), _track("shrine_track", drop=True), "shrine_track should have 10 values, not 9"),
    (_track("garden_track"), _track("garden_track", last="x"), "garden_track: 'x' is not a whole number"),
    (_track("slabs"), _track("slabs", drop=True), "slabs should have 6 values, not 5"),
    ("  wave: 2\n", "  wave: 3\n", "a player has 11 painting tiles; the rules need 10", "paintings:"),
    ("  temple: 2\n", "  temples: 2\n", "unknown painting type 'temples' (did you mean temple?)"),
    ("icon: wave}", "icon: waves}", "unknown icon 'waves' (did you mean wave?)"),
    ("  - {id: temple, name: 寺社, romaji: jisha, icon: temple}            # temples and shrines\n", "",
     "there are 3 painting types; the rules need 4", "painting_types:"),
    ("town_coins: 3 ", "town_coins: -1 ", "town_coins should be 1 to 9, not -1"),
    ("hold: 5 ", "hold: five ", "'hold' should be a whole number"),
]


def test_unused_painting_type_is_an_error(tmp_path):
    data, _ = damaged(tmp_path, "board.yaml", "painting: wave, at: [133.250, 33.550]",
                      "painting: flower, at: [133.250, 33.550]")
    text = (data / "board.yaml").read_text(encoding="utf-8")
    (data / "board.yaml").write_text(text.replace("painting: wave, at: [132.870, 33.800]",
                                                  "painting: flower, at: [132.870, 33.800]"), encoding="utf-8")
    assert_error(data, "components.yaml", 0, "painting type wave is shown by no region", "{id: wave,")


WAVE_CASES = [
    ("effect: sell_plus", "effect: sel_plus", "unknown effect 'sel_plus' (did you mean sell_plus?)"),
    ("character: merchant, name: 商才", "character: merchnt, name: 商才", "unknown character 'merchnt'"),
    ("{id: tranquil,", "{id: brisk,", "wave side brisk is listed twice"),
    ("effect: sell_plus, amount: 1", "effect: sell_plus, amount: 4", "amount should be 0 to 3, not 4"),
]


DAMAGES = ([("board.yaml", *c) for c in BOARD_CASES] + [("components.yaml", *c) for c in COMPONENT_CASES]
           + [("waves.yaml", *c) for c in WAVE_CASES])


@pytest.mark.parametrize("case", DAMAGES, ids=[f"{c[0]}: {c[3][:40]}" for c in DAMAGES])
def test_a_damaged_file_is_refused_at_its_line(tmp_path, case):
    file, old, new, message, *at = case
    data, line = damaged(tmp_path, file, old, new)
    assert_error(data, file, line, message, *at)


def test_neighbours_of_one_type_are_a_warning(tmp_path):
    data, line = damaged(tmp_path, "board.yaml", "painting: temple, at: [132.750, 32.900]",
                         "painting: flower, at: [132.750, 32.900]")
    model = load(data, map_path=MAP)
    assert [w.where.line for w in model.warnings] == [line]
    assert "neighbouring regions 大月 and 大洲 both show flower" in str(model.warnings[0])


def test_shipped_neighbours_differ(model):
    by_id = {r.id: r for r in model.board.regions}
    assert not model.warnings
    assert all(by_id[n].painting != r.painting for r in model.board.regions for n in r.neighbours)


def test_missing_file_is_named(tmp_path):
    data = tmp_path / "shikoku-duo"
    shutil.copytree(DATA, data)
    (data / "waves.yaml").unlink()
    with pytest.raises(KitError, match="missing data file waves.yaml"):
        load(data, map_path=MAP)


# ---------------------------------------------------------------- random damage

from hypothesis import HealthCheck, given, settings  # noqa: E402

from test_bad_input import damage_of  # noqa: E402


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(change=damage_of(DATA, ["board.yaml", "components.yaml", "waves.yaml"]))
def test_damaged_data_loads_or_is_refused_at_a_line(tmp_path_factory, change):
    folder = tmp_path_factory.mktemp("shikoku") / "shikoku-duo"
    shutil.copytree(DATA, folder)
    name, text = change
    (folder / name).write_text(text, encoding="utf-8")
    try:
        model = load(folder, map_path=MAP)
    except KitError as err:
        errors = getattr(err, "errors", [err])
        assert all(e.where and e.where.line for e in errors), str(err)
    else:
        assert len(model.board.ring) == 37 and len(model.board.regions) == 8
