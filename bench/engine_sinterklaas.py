"""Benchmark of the sinterklaas reference engine (event log off).

Measures, for the base game and for every rule at once (speculaas, actiepiet,
pietje-precies, wie-kent-hem-niet, surprises), actions applied per second on
one core with random and heuristic play (chance actions included), full games
per second, and the wall time of a simulation with the default (heuristic)
policy on ``--jobs`` processes. Targets: at least 20,000 actions/s per core
with random play and 10,000 with heuristic play; 10,000 games in under 60 s
on 2 cores. Run::

    python bench/engine_sinterklaas.py [--players 4] [--games 1000] [--sim-games 10000]
"""

from __future__ import annotations

import argparse

import enginebench as eb

from pnp.engine import RandomPolicy
from pnp.games.sinterklaas.policies import HeuristicPolicy
from pnp.games.sinterklaas.rules.engine import ENGINE, standard_config

EVERYTHING = ("speculaas", "actiepiet", "pietje-precies", "wie-kent-hem-niet", "surprises")


def main() -> int:
    """Run the measurements and print a table; exit 1 if a target is missed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=1000, help="games for one-core figures")
    parser.add_argument("--sim-games", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    rows: list[eb.Row] = []
    ok = True
    for label, variants in (("base", ()), ("all rules", EVERYTHING)):
        part, part_ok = eb.play_rows(
            label,
            ENGINE,
            standard_config(variants),
            (RandomPolicy, HeuristicPolicy),
            args.players,
            args.games,
            max(1, args.games // 10),
        )
        rows += part
        ok = ok and part_ok
    sim, sim_ok = eb.simulation_rows(
        "sinterklaas", standard_config(), args.players, args.sim_games, args.jobs
    )
    title = f"sinterklaas engine, {args.players} players, event log off"
    return eb.report(title, rows + sim, ok and sim_ok)


if __name__ == "__main__":
    raise SystemExit(main())
