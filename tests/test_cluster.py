"""`kit sim --cluster`: a real local Dask cluster of two worker processes gives the JSON of a
local run byte for byte, for a run, a sweep and a ladder.

The cluster runs in a process of its own: Dask's threads and fork handlers stay out of the
test process, whose other tests count its objects."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from kit.cli import main
from kit.data.errors import KitError
from kit.sim.cluster import local_workers


ROOT = Path(__file__).resolve().parent.parent
RUNS = (["--games", "450"],                                # three chunks' worth of games
        ["--games", "60", "--vary", "chain_limit=0,1"],
        ["--games", "16", "--ladder", "random,greedy"])

# In a process of its own: the three runs on one local cluster, then one run as the command
# line asks for it (a cluster started for the command and closed after it).
ON_CLUSTER = """
import json, sys
from click.testing import CliRunner
from kit.cli import main
from kit.sim.cluster import active, cluster

def sim(args):
    res = CliRunner().invoke(main, ["sim", "-g", "karuta", "--json", "--seed", "4", *args])
    assert res.exit_code == 0, res.output
    return res.output

runs = json.loads(sys.argv[1])
with cluster("local:2") as client:
    assert active() is client and len(client.scheduler_info()["workers"]) == 2
    out = [sim(a) for a in runs]
assert active() is None
out.append(sim(runs[0] + ["--cluster", "local:2"]))
print(json.dumps(out))
"""


def _sim(*args) -> str:
    res = CliRunner().invoke(main, ["sim", "-g", "karuta", "--json", "--seed", "4", *args])
    assert res.exit_code == 0, res.output
    return res.output


def test_a_local_cluster_gives_the_same_json_byte_for_byte(project):
    local = [_sim(*a, "--workers", "1") for a in RUNS]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    done = subprocess.run([sys.executable, "-c", ON_CLUSTER, json.dumps(RUNS)], capture_output=True, text=True,
                          timeout=300, env=env, cwd=os.getcwd())
    assert done.returncode == 0, done.stderr
    on = json.loads(done.stdout)
    assert on == local + local[:1]


def test_cluster_addresses_are_checked():
    assert local_workers("local:3") == 3 and local_workers("tcp://10.0.0.1:8786") is None
    for bad in ("local:", "local:0", "local:x", "local:999"):
        with pytest.raises(KitError, match="local:N"):
            local_workers(bad)


def test_workers_and_cluster_together_are_refused(project):
    res = CliRunner().invoke(main, ["sim", "-g", "karuta", "--games", "5", "--workers", "2",
                                    "--cluster", "local:2"])
    assert res.exit_code == 2 and "--workers" in res.output and "Traceback" not in res.output
