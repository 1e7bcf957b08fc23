"""`kit sim --cluster`: a real local Dask cluster of two worker processes gives the JSON of a
local run byte for byte, for a run, a sweep and a ladder."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from kit.cli import main
from kit.errors import KitError
from kit.sim.cluster import active, cluster, local_workers

from test_karuta_rules import shipped


def _sim(*args) -> str:
    res = CliRunner().invoke(main, ["sim", "-g", "karuta", "--json", "--seed", "4", *args])
    assert res.exit_code == 0, res.output
    return res.output


@shipped
def test_a_local_cluster_gives_the_same_json_byte_for_byte(project):
    # 450 games: three chunks of games, so the cluster's workers share them
    local = [_sim("--games", "450", "--workers", "1"),
             _sim("--games", "60", "--workers", "1", "--vary", "chain_limit=0,1"),
             _sim("--games", "16", "--workers", "1", "--ladder", "random,greedy")]
    with cluster("local:2") as client:
        assert active() is client
        assert len(client.scheduler_info()["workers"]) == 2
        on = [_sim("--games", "450"), _sim("--games", "60", "--vary", "chain_limit=0,1"),
              _sim("--games", "16", "--ladder", "random,greedy")]
    assert active() is None
    assert on == local
    # and as the command line asks for it: a cluster started for the command and closed after it
    assert _sim("--games", "450", "--cluster", "local:2") == local[0]
    assert active() is None


def test_cluster_addresses_are_checked():
    assert local_workers("local:3") == 3 and local_workers("tcp://10.0.0.1:8786") is None
    for bad in ("local:", "local:0", "local:x", "local:999"):
        with pytest.raises(KitError, match="local:N"):
            local_workers(bad)


def test_workers_and_cluster_together_are_refused(project):
    res = CliRunner().invoke(main, ["sim", "-g", "karuta", "--games", "5", "--workers", "2",
                                    "--cluster", "local:2"])
    assert res.exit_code == 2 and "--workers" in res.output and "Traceback" not in res.output
