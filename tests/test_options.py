import pytest

from kit.data.errors import KitError
from kit.data.options import Option, load_options

SPEC = (
    Option("direction", "second_card", "how lines grow", choices=("second_card", "origin")),
    Option("players", 4, "players", kind=int, minimum=2, maximum=4),
    Option("breakaway", False, "event card", kind=bool),
)


def test_defaults_file_and_overrides(tmp_path):
    f = tmp_path / "rules.yaml"
    f.write_text("players: 3\nbreakaway: on\n")
    values = load_options(SPEC, f, [("direction", "origin")])
    assert dict(values) == {"direction": "origin", "players": 3, "breakaway": True}


def test_unknown_option_in_file_has_line_and_suggestion(tmp_path):
    f = tmp_path / "rules.yaml"
    f.write_text("players: 3\ndirektion: origin\n")
    with pytest.raises(KitError) as err:
        load_options(SPEC, f)
    assert "rules.yaml:2:" in str(err.value) and "did you mean direction?" in str(err.value)


def test_bad_values_are_refused(tmp_path):
    f = tmp_path / "rules.yaml"
    f.write_text("players: 7\n")
    with pytest.raises(KitError, match="rule 'players' must be from 2 to 4, not 7$"):
        load_options(SPEC, f)
    with pytest.raises(KitError, match="choose one of second_card, origin"):
        load_options(SPEC, None, [("direction", "sideways")])
    with pytest.raises(KitError, match="not on or off"):
        load_options(SPEC, None, [("breakaway", "maybe")])
    with pytest.raises(KitError, match="unknown rule option 'player'"):
        load_options(SPEC, None, [("player", "3")])


def test_presets_apply_over_the_file_and_under_overrides(tmp_path):
    f = tmp_path / "rules.yaml"
    f.write_text("presets:\n  plain: {}\n  fast:\n    players: 2\n    direction: origin\nplayers: 3\n")
    plain = load_options(SPEC, f)
    assert plain.preset == "plain" and dict(plain.overrides) == {} and plain["players"] == 3
    fast = load_options(SPEC, f, [("players", "4"), ("preset", "fast")])
    assert fast.preset == "fast" and dict(fast.overrides) == {"players": 4}
    assert dict(fast) == {"direction": "origin", "players": 4, "breakaway": False}
    import pickle
    again = pickle.loads(pickle.dumps(fast))
    assert dict(again) == dict(fast) and again.preset == "fast" and dict(again.overrides) == {"players": 4}


def test_bad_presets_are_refused_with_their_line(tmp_path):
    f = tmp_path / "rules.yaml"
    f.write_text("presets:\n  plain: {}\n  odd:\n    direktion: origin\n")
    with pytest.raises(KitError) as err:
        load_options(SPEC, f)
    assert "rules.yaml:4:" in str(err.value) and "did you mean direction?" in str(err.value)
    f.write_text("presets:\n  plain: {}\n  odd:\n    players: 9\n")
    with pytest.raises(KitError, match="rules.yaml:4: rule 'players' must be from 2 to 4, not 9$"):
        load_options(SPEC, f)
    f.write_text("presets:\n  plain: {}\n")
    with pytest.raises(KitError, match="^--preset plane: unknown preset \\(did you mean plain\\?\\); presets in .*: plain$"):
        load_options(SPEC, f, [("preset", "plane")])
    with pytest.raises(KitError, match="names no presets"):
        load_options(SPEC, None, [("preset", "plain")])
