import pytest
from shapely.geometry import Point

from kit.data.errors import KitError
from kit.layout.svgmap import load_map
from conftest import MAP


def test_map_loads_68_valid_shapes_with_anchors_inside():
    world = load_map(str(MAP))
    assert len(world.regions) == 68
    for region in world.regions.values():
        assert region.shape.is_valid and region.shape.area > 0
        assert region.shape.contains(Point(region.anchor)), region.id


def test_lakes_are_holes():
    world = load_map(str(MAP))
    by_name = {r.name: r for r in world.regions.values()}
    omi = by_name["近江"].shape
    polys = [omi] if omi.geom_type == "Polygon" else list(omi.geoms)
    assert sum(len(p.interiors) for p in polys) >= 1  # Lake Biwa


def test_broken_svg_is_a_clear_error(tmp_path):
    bad = tmp_path / "bad.svg"
    bad.write_text("<svg><g id='provinces'><path id='a' d='M 0 0 L")
    with pytest.raises(KitError):
        load_map(str(bad))
    with pytest.raises(KitError, match="not found|cannot read"):
        load_map(str(tmp_path / "missing.svg"))
