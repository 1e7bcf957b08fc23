"""`kit sim` keeps no game: its peak memory, a sweep's too, does not grow with the number of games; a sweep
past kit's limits is refused before it makes a combination or plays a game."""

import os
import subprocess
import sys
import time


from conftest import ROOT

PEAK = """
import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def peak_kb(*args) -> int:
    """The largest resident size (KB) any process of `python -m kit ARGS` reached."""
    out = subprocess.run([sys.executable, "-c", PEAK, sys.executable, "-m", "kit", *args], capture_output=True,
                         text=True, check=True, timeout=600, env=os.environ | {"PYTHONPATH": str(ROOT)})
    return int(out.stdout)


def test_sim_memory_does_not_grow_with_the_games():
    few = peak_kb("sim", "--game", "tour-de-dice", "--games", "400", "--workers", "2", "--json")
    many = peak_kb("sim", "--game", "tour-de-dice", "--games", "20000", "--workers", "2", "--json")
    # Keeping each race's result cost about 0.8 KB a race: 16 MB more here.
    assert many - few < 6_000, (few, many)


def test_sweep_memory_does_not_grow_with_the_games():
    # each game is paired with the first row's of the same seed as it comes in, not kept
    sweep = ("sim", "--game", "tour-de-dice", "--workers", "2", "--json", "--vary", "breakaway=off,on")
    few = peak_kb(*sweep, "--games", "200")
    many = peak_kb(*sweep, "--games", "8000")
    # Keeping each race's result for the pairing cost about 0.65 KB a race: 10 MB more here.
    assert many - few < 4_000, (few, many)


def kit(*args):
    start = time.monotonic()
    out = subprocess.run([sys.executable, "-m", "kit", *args], capture_output=True, text=True, timeout=60,
                         env=os.environ | {"PYTHONPATH": str(ROOT)})
    return out, time.monotonic() - start


def test_a_sweep_past_the_games_limit_is_refused_before_playing():
    out, took = kit("sim", "--game", "karuta", "--games", "600000", "--vary", "chain_limit=0,1")
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr == ("error: --vary: 2 combinations × --games 600,000 is 1,200,000 games; kit plays at "
                          "most 1,000,000 in one sweep (fewer games or fewer values)\n")


def test_a_sweep_of_too_many_combinations_is_refused_before_making_them():
    values = ",".join(str(k) for k in range(20))
    out, took = kit("sim", "--game", "karuta", "--games", "1", *[a for k in range(6) for a in
                                                                  ("--vary", f"k{k}={values}")])
    assert out.returncode == 2
    assert out.stderr == ("error: --vary: 20 × 20 × 20 × 20 × 20 × 20 values make 64,000,000 combinations; "
                          "kit compares at most 1,000 in one sweep\n")
    assert took < 20


def test_every_value_of_a_sweep_is_checked_before_a_row_is_played():
    out, took = kit("sim", "--game", "karuta", "--games", "100000", "--workers", "1",
                    "--vary", "chain_limit=0,1", "--vary", "crossing=pass_through,bogus")
    assert out.returncode == 2
    assert out.stderr.startswith("error: --vary crossing=bogus: cannot be 'bogus'; choose one of ")
    assert took < 20        # 100,000 games of the first row were not played first
