"""Shared measurements for the engine benchmarks (``bench/engine_<game>.py``).

Each benchmark script picks its configurations and policies; this module plays
the games, times them and prints the table, so the figures of the games are
measured the same way.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pnp.catalog.registry import game
from pnp.engine import play
from pnp.engine.simulate import simulate

TARGET_ACTIONS_PER_S = 20_000
"""Random play on one core, in the range of well-known pure-Python card-game engines."""
TARGET_HEURISTIC_ACTIONS_PER_S = 10_000
"""Heuristic play on one core: fast enough for the simulation target."""
TARGET_SIM_SECONDS = 60.0
TARGET_SIM_GAMES = 10_000

Row = tuple[str, str, str]
"""One line of the table: measure, value, target."""


def single_core(
    engine: Any, config: Any, make_policy: Callable[[], Any], players: int, games: int
) -> tuple[float, float, int]:
    """Play ``games`` seeded games in this process as simulations play them (without undo
    records); return (actions/s, games/s, actions)."""
    actions = 0
    start = time.perf_counter()
    for seed in range(games):
        policies = [make_policy() for _ in range(players)]
        actions += len(play(engine, config, policies, seed, undo=False).state.history)
    elapsed = time.perf_counter() - start
    return actions / elapsed, games / elapsed, actions


def parallel(
    game_id: str, config: Any, players: int, games: int, jobs: int, policy: str = "heuristic"
) -> tuple[float, int]:
    """Simulate ``games`` games of ``policy`` (default: ``pnp simulate``'s) on ``jobs`` processes.

    Returns (wall seconds, actions).
    """
    start = time.perf_counter()
    summary = simulate(
        game(game_id).engine, config, players, games, seed=1, jobs=jobs, policies=[policy] * players
    )
    return time.perf_counter() - start, summary.total_actions


def play_rows(
    label: str,
    engine: Any,
    config: Any,
    policies: tuple[Callable[[], Any], Callable[[], Any]],
    players: int,
    games: int,
    heuristic_games: int,
) -> tuple[list[Row], bool]:
    """The one-core rows for random and heuristic play; also whether random play met its target."""
    random_policy, heuristic_policy = policies
    rate, games_rate, actions = single_core(engine, config, random_policy, players, games)
    h_rate, h_games_rate, h_actions = single_core(
        engine, config, heuristic_policy, players, heuristic_games
    )
    prefix = f"{label}: " if label else ""
    rows = [
        (f"{prefix}actions/s, 1 core, random", f"{rate:,.0f}", f">= {TARGET_ACTIONS_PER_S:,}"),
        (f"{prefix}games/s, 1 core, random", f"{games_rate:,.1f}", ""),
        (f"{prefix}actions per game, random", f"{actions / games:,.1f}", ""),
        (
            f"{prefix}actions/s, 1 core, heuristic",
            f"{h_rate:,.0f}",
            f">= {TARGET_HEURISTIC_ACTIONS_PER_S:,}",
        ),
        (f"{prefix}games/s, 1 core, heuristic", f"{h_games_rate:,.1f}", ""),
        (f"{prefix}actions per game, heuristic", f"{h_actions / heuristic_games:,.1f}", ""),
    ]
    return rows, rate >= TARGET_ACTIONS_PER_S and h_rate >= TARGET_HEURISTIC_ACTIONS_PER_S


def simulation_rows(
    game_id: str, config: Any, players: int, games: int, jobs: int
) -> tuple[list[Row], bool]:
    """The parallel rows of the default (heuristic) policy, scaled to 10,000 games, and
    whether the target was met."""
    wall, actions = parallel(game_id, config, players, games, jobs)
    scaled = wall * TARGET_SIM_GAMES / max(1, games)
    rows = [
        (f"{games:,} games, jobs={jobs}, wall s", f"{wall:.2f}", ""),
        (f"10,000 games, jobs={jobs}, s", f"{scaled:.1f}", f"< {TARGET_SIM_SECONDS:.0f}"),
        (f"actions/s, jobs={jobs}", f"{actions / wall:,.0f}", ""),
    ]
    return rows, scaled < TARGET_SIM_SECONDS


def report(title: str, rows: Sequence[Row], ok: bool) -> int:
    """Print the table; return the exit status (1 if a target was missed)."""
    width = max(len(name) for name, _, _ in rows) + 2
    print(title)
    print(f"{'measure':<{width}} {'value':>12}  target")
    for name, value, target in rows:
        print(f"{name:<{width}} {value:>12}  {target}")
    print("targets met" if ok else "TARGET MISSED")
    return 0 if ok else 1
