import pytest
from reportlab.lib import units
from reportlab.lib.units import mm

from kit.data.errors import KitError
from kit.data.units import CM, INCH, MM, parse_length, parse_size, to_pt


@pytest.mark.parametrize("text,expected", [("3", 3.0), ("3mm", 3.0), ("1.5cm", 15.0), ("1in", 25.4),
                                           ("72pt", 25.4), (4, 4.0), (" 2.5 mm ", 2.5)])
def test_lengths(text, expected):
    assert parse_length(text) == pytest.approx(expected)


@pytest.mark.parametrize("bad", ["3 m", "mm", "-1", "1e3", "3mmm", "", "2x3"])
def test_bad_lengths_are_refused(bad):
    with pytest.raises(KitError):
        parse_length(bad)


def test_sizes():
    assert parse_size("24x26") == (24.0, 26.0)
    assert parse_size("2.5x3.5in") == pytest.approx((63.5, 88.9))
    for bad in ("24", "24x", "x26", "0x26", "24*26"):
        with pytest.raises(KitError):
            parse_size(bad)


def test_one_conversion():
    assert to_pt(25.4) == pytest.approx(72.0)
    assert to_pt(10) == 10 * mm


def test_points_per_unit_are_reportlabs_to_the_last_bit():
    """kit's lengths reach the PDF as the same floats as reportlab's own units would make."""
    assert (INCH, CM, MM) == (units.inch, units.cm, units.mm)


def test_lengths_and_sizes_are_finite_and_signed_only_when_asked():
    assert parse_length("-1.5mm", signed=True) == -1.5
    with pytest.raises(KitError, match="negative"):
        parse_length("-1.5mm")
    with pytest.raises(KitError, match="finite"):
        parse_length(float("inf"))
    with pytest.raises(KitError, match="too large"):
        parse_size("9" * 400 + "x26")
