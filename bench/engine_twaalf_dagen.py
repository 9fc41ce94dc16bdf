"""Benchmark of the twaalf-dagen reference engine (event log off).

Measures actions applied per second on one core with random and heuristic
play (chance actions included, with the legal-action generation and the
policy's choice they need), full games per second, and the wall time of a
simulation with the default (heuristic) policy on ``--jobs`` processes.
Targets: at least 20,000 actions/s per core with random play and 10,000 with
heuristic play; 10,000 games in under 60 s on 2 cores. Run::

    python bench/engine_twaalf_dagen.py [--players 4] [--games 2000] [--sim-games 10000]
"""

from __future__ import annotations

import argparse

import enginebench as eb

from pnp.engine import RandomPolicy
from pnp.games.twaalf_dagen.policies import HeuristicPolicy
from pnp.games.twaalf_dagen.rules.config import standard_config
from pnp.games.twaalf_dagen.rules.engine import ENGINE


def main() -> int:
    """Run the measurements and print a table; exit 1 if a target is missed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=2000, help="games for one-core figures")
    parser.add_argument("--sim-games", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    config = standard_config()
    rows, ok = eb.play_rows(
        "",
        ENGINE,
        config,
        (RandomPolicy, HeuristicPolicy),
        args.players,
        args.games,
        max(1, args.games // 4),
    )
    sim, sim_ok = eb.simulation_rows(
        "twaalf-dagen", config, args.players, args.sim_games, args.jobs
    )
    title = f"twaalf-dagen engine, {args.players} players, event log off"
    return eb.report(title, rows + sim, ok and sim_ok)


if __name__ == "__main__":
    raise SystemExit(main())
