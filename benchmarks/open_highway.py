"""How often `open_highway` changes the legal turns, in games played under each reading.

Run from the repository root:  python benchmarks/open_highway.py [GAMES]
Greedy players, four seats, the other rules at their defaults. Every turn after the first
is asked for its legal turns under both readings (the same cards played so far); the share
that differ is what data/karuta/rules.yaml quotes.
"""
import sys
from pathlib import Path
from kit.games.karuta import rules as R
from kit.games.karuta.model import load
from kit.games.karuta.sim import make_setup, hands_of, game_rng
from kit.games.karuta.policies import POLICIES

DATA = Path(__file__).resolve().parent.parent / "data" / "karuta"
games = int(sys.argv[1]) if len(sys.argv) > 1 else 300
for played in ("crossing_only", "neighbour"):
    setups = {m: make_setup(load(DATA, (("open_highway", m),)), 4, "greedy") for m in ("crossing_only", "neighbour")}
    s = setups[played]
    t = s.tables
    differ = total = 0
    for g in range(1, games + 1):
        hands = hands_of(s, g)
        rec = []
        R.play(t, s.rules, hands, [POLICIES[n] for n in s.policies], game_rng(g), rec)
        states = {m: R.start_state(t, hands) for m in setups}
        for seat, turn in rec:
            if states[played].board:
                a = set(R.legal_turns(t, setups["crossing_only"].rules, states["crossing_only"], seat))
                b = set(R.legal_turns(t, setups["neighbour"].rules, states["neighbour"], seat))
                total += 1
                differ += a != b
            for m in setups:
                states[m] = R.apply(t, setups[m].rules, states[m], seat, turn)
    print(f"games played with open_highway={played}: {differ}/{total} = {differ / total:.1%} of turns "
          "(after the first) have different legal turns under the other reading")
