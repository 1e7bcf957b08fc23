"""kit.layout.graph: the walk every check of places joining up uses."""

from kit.layout.graph import reachable


def test_a_walk_reaches_its_component_and_no_further():
    links = {1: {2}, 2: {1, 3}, 3: {2}, 4: {5}, 5: {4}, 6: set()}
    assert reachable(1, links.__getitem__) == {1, 2, 3}
    assert reachable(5, links.__getitem__) == {4, 5}
    assert reachable(6, links.__getitem__) == {6}


def test_steps_go_one_way_only():
    # a one-way link (a sea route, a highway grown in one direction) is walked only forwards
    links = {"a": ["b"], "b": ["c"], "c": []}
    assert reachable("a", links.__getitem__) == {"a", "b", "c"}
    assert reachable("c", links.__getitem__) == {"c"}


def test_a_long_chain_needs_no_recursion():
    n = 100_000
    assert len(reachable(0, lambda k: (k + 1,) if k + 1 < n else ())) == n
