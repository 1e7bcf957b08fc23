import pytest

from kit.errors import KitError
from kit.options import Option, load_options

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
    with pytest.raises(KitError, match="at most 4"):
        load_options(SPEC, f)
    with pytest.raises(KitError, match="choose one of second_card, origin"):
        load_options(SPEC, None, [("direction", "sideways")])
    with pytest.raises(KitError, match="not on or off"):
        load_options(SPEC, None, [("breakaway", "maybe")])
    with pytest.raises(KitError, match="unknown rule option 'player'"):
        load_options(SPEC, None, [("player", "3")])
