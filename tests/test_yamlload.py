import pytest

from kit.data.errors import KitError
from kit.data.yamlload import fields, parse_yaml


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


@pytest.mark.parametrize("text, value", [
    ("1e9", 1e9), ("-2E-3", -0.002), (".5e3", 500.0), ("1.5e3", 1500.0),   # text to YAML 1.1
    ("1.0e+9", 1e9), ("10", 10), ("0", 0), ("0.5", 0.5), ("'1e9'", "1e9"), ('"0x30"', "0x30"),
])
def test_a_number_with_an_exponent_is_a_number(text, value):
    # `scale: 1e9` is a number (YAML 1.1 alone would read it as the text '1e9').
    doc = parse_yaml(f"a: 1\nb: {text}\n", "f.yaml")
    assert doc["b"] == value and type(doc["b"]) is type(value)


@pytest.mark.parametrize("text, kind", [
    ("0x30", "hexadecimal number 48"), ("030", "octal number 24"), ("0b11", "binary number 3"),
    ("1:30", "base-60 number 90"), ("-0x10", "hexadecimal number -16"),
])
def test_a_number_yaml_reads_in_another_base_is_refused_at_its_line(text, kind):
    # `size: 0x30` (meant 30x30) is refused, not read as the number 48.
    with pytest.raises(KitError) as err:
        parse_yaml(f"a: 1\nb: {text}\n", "f.yaml")
    assert str(err.value) == (f"f.yaml:2: {text} is not a decimal number (YAML would read it as the {kind}); "
                              "write the number in decimal digits (a size as WxH, like 24x26), or quote the "
                              "value if it is text")


@pytest.mark.parametrize("text, hint", [("1e2", "the number 100.0; write it as 100"), ("2.5", "the number 2.5")])
def test_a_whole_number_written_as_a_float_is_told_how_to_write_it(text, hint):
    doc = parse_yaml(f"n: {text}\n", "f.yaml")
    with pytest.raises(KitError) as err:
        fields(doc, {"n": int})
    assert str(err.value) == f"f.yaml:1: 'n' should be a whole number, not {hint}"


def test_a_streamed_list_hands_on_its_items_as_they_are_read_and_keeps_none():
    text = "seed: 1\nturns:\n  - {a: 1}\n  - [2, 3]\n  - 4\nrules: {x: 1}\n"
    got = []
    doc = parse_yaml(text, "log.yaml", each=("turns", lambda head, item, where: got.append((dict(head), item,
                                                                                           where.line))))
    assert got == [({"seed": 1}, {"a": 1}, 3), ({"seed": 1}, [2, 3], 4), ({"seed": 1}, 4, 5)]
    assert doc == {"seed": 1, "turns": [], "rules": {"x": 1}} and doc.at("rules").line == 6
    # a function that wants no more items: the list's rest is read through, its syntax still checked
    got.clear()
    doc = parse_yaml(text, "log.yaml", each=("turns", lambda head, item, where: got.append(item) or True))
    assert got == [{"a": 1}] and doc == {"seed": 1, "turns": [], "rules": {"x": 1}}
    damaged = text.replace("[2, 3]", "[2, 3")
    with pytest.raises(KitError) as whole:
        parse_yaml(damaged, "log.yaml")
    with pytest.raises(KitError) as streamed:
        parse_yaml(damaged, "log.yaml", each=("turns", lambda *_: True))
    assert str(streamed.value) == str(whole.value) and "YAML syntax" in str(whole.value)
