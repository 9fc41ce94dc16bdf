"""Benchmark-style check: a million random-play steps per game with the engine's invariants
checked on every game (see :mod:`pnp.engine.invariants`).

Every variant of the game, alone, and the base game, with each player count the spec
allows, take turns; the seed is fixed, so a run is repeatable. Prints games, steps,
steps per second and violations per game; exits 1 on any violation.

Run: ``python bench/engine_invariants.py [--steps N] [--seed S] [GAME ...]``
"""

from __future__ import annotations

import argparse
import sys
import time

from pnp.catalog.project import load_game
from pnp.catalog.registry import games
from pnp.engine.invariants import check_invariants


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="games to check (default: every game)")
    parser.add_argument("--steps", type=int, default=1_000_000, help="steps per game")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    registered = games()
    failed = False
    print("| game | games | steps | steps/s | violations |")
    print("|---|---|---|---|---|")
    for game_id in args.games or sorted(registered):
        spec = load_game(game_id).spec
        low, high = spec.players
        variant_sets = [(), *((variant,) for variant in spec.variants)]
        setups = [(v, n) for v in variant_sets for n in range(low, high + 1)]
        started = time.process_time()
        run = check_invariants(registered[game_id].engine, setups, args.steps, args.seed)
        seconds = time.process_time() - started
        found = run.violations or []
        failed |= bool(found)
        print(
            f"| {game_id} | {run.games:,} | {run.steps:,} | {run.steps / seconds:,.0f} "
            f"| {len(found)} |"
        )
        for line in found:
            print(f"  {line}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
