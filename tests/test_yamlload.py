import pytest

from kit.errors import KitError
from kit.yamlload import fields, parse_yaml


def test_lines_of_keys_and_items():
    doc = parse_yaml("a: 1\nb:\n  - x\n  - {k: 2}\n", "f.yaml")
    assert doc == {"a": 1, "b": ["x", {"k": 2}]}
    assert doc.at("a").line == 1
    assert doc.at("b").line == 2
    assert doc["b"].at(0).line == 3
    assert doc["b"][1].at("k").line == 4


def test_duplicate_key_names_both_lines():
    with pytest.raises(KitError) as err:
        parse_yaml("a: 1\nb: 2\na: 3\n", "f.yaml")
    assert str(err.value) == "f.yaml:3: duplicate key 'a' (first on line 1)"


def test_syntax_error_has_line():
    with pytest.raises(KitError) as err:
        parse_yaml("a: 1\nb: [1, 2\nc: 3\n", "f.yaml")
    assert str(err.value).startswith("f.yaml:3: YAML syntax")


def test_unknown_key_suggests_the_known_one():
    doc = parse_yaml("name: x\ncolour: y\n", "f.yaml")
    with pytest.raises(KitError) as err:
        fields(doc, {"name": str}, {"color": str}, what="region")
    assert str(err.value) == "f.yaml:2: unknown key 'colour' in region (did you mean color?)"


def test_wrong_type_names_key_and_line():
    doc = parse_yaml("name: x\ntier:\n  - 1\n", "f.yaml")
    with pytest.raises(KitError) as err:
        fields(doc, {"name": str, "tier": str})
    assert str(err.value) == "f.yaml:2: 'tier' should be text, not a list"


def test_missing_key():
    doc = parse_yaml("\n\nname: x\n", "f.yaml")
    with pytest.raises(KitError) as err:
        fields(doc, {"name": str, "tier": str}, what="highway")
    assert "missing 'tier'" in str(err.value) and str(err.value).startswith("f.yaml:3:")


def test_booleans_are_not_numbers():
    doc = parse_yaml("n: true\n", "f.yaml")
    with pytest.raises(KitError):
        fields(doc, {"n": int})
