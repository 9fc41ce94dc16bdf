"""Benchmark of the santoska reference engine (event log off).

Measures, for the base game (rows of 3) and for rows of 6:

* actions applied per second on one core with random play (chance actions
  included, with the legal-action generation and the policy's choice they need);
* the same with the heuristic policy (its grid evaluations dominate);
* full games per second on one core;
* the wall time of a simulation (random play) with ``jobs=2``.

Targets: at least 20,000 actions/s per core with random play; 10,000 random
games in under 60 s on 2 cores (the default run plays 2,000 and scales the
time up). Run from the repository root::

    python bench/engine_santoska.py [--players 4] [--games 1000] [--sim-games 2000]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pnp.engine import RandomPolicy, play
from pnp.engine.simulate import simulate
from pnp.games.santoska.engine import ENGINE, standard_config
from pnp.games.santoska.policies import HeuristicPolicy

TARGET_ACTIONS_PER_S = 20_000
TARGET_SIM_SECONDS = 60.0
TARGET_SIM_GAMES = 10_000


def single_core(
    players: int, games: int, row_length: int, heuristic: bool = False
) -> tuple[float, float, int]:
    """Play ``games`` games in this process; return (actions/s, games/s, actions)."""
    config = standard_config(row_length)
    actions = 0
    start = time.perf_counter()
    for seed in range(games):
        policies = [HeuristicPolicy() if heuristic else RandomPolicy() for _ in range(players)]
        actions += len(play(ENGINE, config, policies, seed).state.history)
    elapsed = time.perf_counter() - start
    return actions / elapsed, games / elapsed, actions


def parallel(players: int, games: int, jobs: int) -> tuple[float, int]:
    """Simulate ``games`` random games on ``jobs`` processes; return (wall seconds, actions)."""
    start = time.perf_counter()
    summary = simulate(
        "santoska", standard_config(), players, games, seed=1, jobs=jobs, policies=None
    )
    return time.perf_counter() - start, summary.total_actions


def main() -> int:
    """Run the measurements and print a table; exit 1 if a target is missed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=1000, help="games for one-core figures")
    parser.add_argument("--sim-games", type=int, default=2000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()

    rows: list[tuple[str, str, str]] = []
    ok = True
    for row_length in (3, 6):
        rate, games_rate, actions = single_core(args.players, args.games, row_length)
        h_games = max(1, args.games // 10)
        h_rate, h_games_rate, h_actions = single_core(
            args.players, h_games, row_length, heuristic=True
        )
        ok = ok and rate >= TARGET_ACTIONS_PER_S
        rows += [
            (
                f"rows of {row_length}: actions/s, random",
                f"{rate:,.0f}",
                f">= {TARGET_ACTIONS_PER_S:,}",
            ),
            (f"rows of {row_length}: games/s, random", f"{games_rate:,.1f}", ""),
            (f"rows of {row_length}: actions/game, random", f"{actions / args.games:,.1f}", ""),
            (f"rows of {row_length}: actions/s, heuristic", f"{h_rate:,.0f}", ""),
            (f"rows of {row_length}: games/s, heuristic", f"{h_games_rate:,.1f}", ""),
            (f"rows of {row_length}: actions/game, heur.", f"{h_actions / h_games:,.1f}", ""),
        ]
    wall, sim_actions = parallel(args.players, args.sim_games, args.jobs)
    scaled = wall * TARGET_SIM_GAMES / max(1, args.sim_games)
    ok = ok and scaled < TARGET_SIM_SECONDS
    rows += [
        (f"{args.sim_games:,} games, jobs={args.jobs}, wall s", f"{wall:.2f}", ""),
        (f"10,000 games, jobs={args.jobs}, est. s", f"{scaled:.1f}", f"< {TARGET_SIM_SECONDS:.0f}"),
        (f"actions/s, jobs={args.jobs}", f"{sim_actions / wall:,.0f}", ""),
    ]
    print(f"santoska engine, {args.players} players, event log off")
    print(f"{'measure':<38} {'value':>12}  target")
    for name, value, target in rows:
        print(f"{name:<38} {value:>12}  {target}")
    print("targets met" if ok else "TARGET MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
