"""Benchmark of the stoomboot reference engine (event log off).

Measures, for the base game and for every variant together, actions applied
per second on one core with random and heuristic play (chance actions
included), full games per second, and the wall time of a random-play
simulation on ``--jobs`` processes, scaled to 10,000 games. Targets: at least
20,000 actions/s per core with random play; 10,000 games in under 60 s on 2
cores. Run::

    python bench/engine_stoomboot.py [--players 4] [--games 1000] [--sim-games 2000]
"""

from __future__ import annotations

import argparse

import enginebench as eb

from pnp.engine import RandomPolicy
from pnp.games.stoomboot.policies.bots import HeuristicPolicy
from pnp.games.stoomboot.rules.config import VARIANTS
from pnp.games.stoomboot.rules.engine import ENGINE, config_for_variants


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
    for label, variants in (("base", ()), ("all variants", VARIANTS)):
        part, part_ok = eb.play_rows(
            label,
            ENGINE,
            config_for_variants(variants),
            (RandomPolicy, HeuristicPolicy),
            args.players,
            args.games,
            max(1, args.games // 10),
        )
        rows += part
        ok = ok and part_ok
    sim, sim_ok = eb.simulation_rows(
        "stoomboot", config_for_variants(()), args.players, args.sim_games, args.jobs
    )
    title = f"stoomboot engine, {args.players} players, event log off"
    return eb.report(title, rows + sim, ok and sim_ok)


if __name__ == "__main__":
    raise SystemExit(main())
