"""Benchmark of the sinterklaas reference engine (event log off).

Measures, for the base game and for every rule at once (speculaas, actiepiet,
pietje-precies, wie-kent-hem-niet, surprises):

* actions applied per second on one core with random play (chance actions
  included, with the legal-action generation and the policy's choice they need);
* the same with the heuristic policy (its sampling dominates);
* full games per second on one core;
* the wall time of a 10,000-game simulation (random play) with ``jobs=2``.

Targets: at least 20,000 actions/s per core with random play; 10,000 games in
under 60 s on 2 cores. Run from the repository root::

    python bench/engine_sinterklaas.py [--players 4] [--games 1000] [--sim-games 10000]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pnp.engine import RandomPolicy, play
from pnp.engine.simulate import simulate
from pnp.games.sinterklaas.engine import ENGINE, standard_config
from pnp.games.sinterklaas.policies import HeuristicPolicy

TARGET_ACTIONS_PER_S = 20_000
TARGET_SIM_SECONDS = 60.0
EVERYTHING = ("speculaas", "actiepiet", "pietje-precies", "wie-kent-hem-niet", "surprises")


def single_core(
    players: int, games: int, variants: tuple[str, ...], heuristic: bool = False
) -> tuple[float, float, int]:
    """Play ``games`` games in this process; return (actions/s, games/s, actions)."""
    config = standard_config(variants)
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
    summary = simulate("sinterklaas", standard_config(), players, games, seed=1, jobs=jobs)
    return time.perf_counter() - start, summary.total_actions


def main() -> int:
    """Run the measurements and print a table; exit 1 if a target is missed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=1000, help="games for one-core figures")
    parser.add_argument("--sim-games", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()

    rows: list[tuple[str, str, str]] = []
    base_rate = 0.0
    for label, variants in (("base", ()), ("all rules", EVERYTHING)):
        rate, games_rate, actions = single_core(args.players, args.games, variants)
        h_games = max(1, args.games // 10)
        h_rate, h_games_rate, _ = single_core(args.players, h_games, variants, heuristic=True)
        if not variants:
            base_rate = rate
        rows += [
            (f"actions/s, 1 core, random, {label}", f"{rate:,.0f}", f">= {TARGET_ACTIONS_PER_S:,}"),
            (f"games/s, 1 core, random, {label}", f"{games_rate:,.1f}", ""),
            (f"actions per game, random, {label}", f"{actions / args.games:,.1f}", ""),
            (f"actions/s, 1 core, heuristic, {label}", f"{h_rate:,.0f}", ""),
            (f"games/s, 1 core, heuristic, {label}", f"{h_games_rate:,.1f}", ""),
        ]
    wall, sim_actions = parallel(args.players, args.sim_games, args.jobs)
    rows += [
        (
            f"{args.sim_games:,} games, jobs={args.jobs}, wall s",
            f"{wall:.2f}",
            f"< {TARGET_SIM_SECONDS:.0f}",
        ),
        (f"actions/s, jobs={args.jobs}", f"{sim_actions / wall:,.0f}", ""),
    ]
    print(f"sinterklaas engine, {args.players} players, event log off")
    print(f"{'measure':<44} {'value':>12}  target")
    for name, value, target in rows:
        print(f"{name:<44} {value:>12}  {target}")
    ok = base_rate >= TARGET_ACTIONS_PER_S and wall < TARGET_SIM_SECONDS
    print("targets met" if ok else "TARGET MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
