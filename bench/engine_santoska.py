"""Benchmark of the santoska reference engine (event log off).

Measures, for rows of 3 (the base game) and rows of 6, actions applied per
second on one core with random and heuristic play (chance actions included),
full games per second, and the wall time of a random-play simulation on
``--jobs`` processes, scaled to 10,000 games. Targets: at least 20,000
actions/s per core with random play; 10,000 games in under 60 s on 2 cores. Run::

    python bench/engine_santoska.py [--players 4] [--games 1000] [--sim-games 2000]
"""

from __future__ import annotations

import argparse

import enginebench as eb

from pnp.engine import RandomPolicy
from pnp.games.santoska.policies import HeuristicPolicy
from pnp.games.santoska.rules.engine import ENGINE, standard_config


def main() -> int:
    """Run the measurements and print a table; exit 1 if a target is missed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=1000, help="games for one-core figures")
    parser.add_argument("--sim-games", type=int, default=2000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    rows: list[eb.Row] = []
    ok = True
    for length in (3, 6):
        part, part_ok = eb.play_rows(
            f"rows of {length}",
            ENGINE,
            standard_config(length),
            (RandomPolicy, HeuristicPolicy),
            args.players,
            args.games,
            max(1, args.games // 10),
        )
        rows += part
        ok = ok and part_ok
    sim, sim_ok = eb.simulation_rows(
        "santoska", standard_config(), args.players, args.sim_games, args.jobs
    )
    title = f"santoska engine, {args.players} players, event log off"
    return eb.report(title, rows + sim, ok and sim_ok)


if __name__ == "__main__":
    raise SystemExit(main())
