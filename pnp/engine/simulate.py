"""Run many seeded games, optionally on several processes, and summarise them.

Game ``i`` of a run with base seed ``s`` is played with seed
:func:`game_seed(s, i) <game_seed>`, and results are combined in game order,
so a summary is identical whatever ``jobs`` is.

``pnp simulate twaalf-dagen --players 4 --games 1000 --jobs 2`` prints a
summary table on the command line.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Hashable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any, TypeVar

from pnp.engine.core import play
from pnp.engine.kit import EngineKit

C = TypeVar("C")

ProgressCallback = Callable[[int, int], None]
"""Called in the parent process as ``progress(games_done, games_total)``."""


def game_seed(base_seed: int, index: int) -> int:
    """The seed of game ``index`` of a run with ``base_seed`` (stable across runs and machines)."""
    digest = hashlib.blake2b(f"{base_seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


@dataclass(frozen=True)
class Stat:
    """Mean, minimum, maximum and number of samples of one metric."""

    mean: float
    minimum: float
    maximum: float
    count: int

    @classmethod
    def of(cls, values: Sequence[float]) -> Stat:
        """Summarise ``values`` (all zeros for an empty sequence)."""
        if not values:
            return cls(0.0, 0.0, 0.0, 0)
        return cls(math.fsum(values) / len(values), min(values), max(values), len(values))


@dataclass(frozen=True)
class GameOutcome:
    """What a worker reports about one finished game."""

    index: int
    actions: int
    winners: tuple[int, ...]
    metrics: dict[str, list[float]]


@dataclass(frozen=True)
class SimulationSummary:
    """Aggregated results of :func:`simulate`.

    ``win_share[seat]`` is the share of games that seat won (a win shared by
    ``k`` players counts ``1/k`` for each). ``metrics`` holds the game's own
    statistics; for twaalf-dagen: ``hands_per_game``, ``tricks_per_hand``,
    ``gifts_per_winner`` and ``actions_per_game``.
    """

    game_id: str
    variants: tuple[str, ...]
    num_players: int
    games: int
    seed: int
    policies: tuple[str, ...]
    total_actions: int
    win_share: tuple[float, ...]
    metrics: Mapping[str, Stat]

    def format_table(self) -> str:
        """A small plain-text table for terminals and reports."""
        variants = ", ".join(self.variants) or "base"
        lines = [
            f"{self.game_id} ({variants}), {self.num_players} players, {self.games} games, "
            f"seed {self.seed}",
            f"policies: {', '.join(self.policies)}",
            f"total actions: {self.total_actions}",
            *self._outcome_lines(),
            f"{'metric':<20} {'mean':>9} {'min':>7} {'max':>7} {'samples':>8}",
        ]
        for name, stat in self.metrics.items():
            lines.append(
                f"{name:<20} {stat.mean:>9.3f} {stat.minimum:>7g} {stat.maximum:>7g} "
                f"{stat.count:>8}"
            )
        return "\n".join(lines)

    def _outcome_lines(self) -> list[str]:
        """Who won: per seat, or for a cooperative game (metrics ``won`` and
        ``lost_<reason>``) how often the table won together and why it lost."""
        won = self.metrics.get("won")
        if won is None:
            return ["win share per seat: " + " ".join(f"{s:.3f}" for s in self.win_share)]
        losses = [
            f"{name.removeprefix('lost_').replace('_', '-')} {stat.mean:.1%}"
            for name, stat in self.metrics.items()
            if name.startswith("lost_") and stat.mean > 0
        ]
        return [
            f"won together: {won.mean:.1%} of games",
            "lost because: " + (", ".join(losses) or "never lost"),
        ]


def run_games(
    engine: Any,
    config: Any,
    policy_factories: Sequence[Callable[[], Any]],
    base_seed: int,
    start: int,
    stop: int,
) -> list[GameOutcome]:
    """Play games ``start .. stop-1`` with the log off (the worker's job).

    Arguments must be picklable: the engine object and policy classes are
    module-level objects, the config a frozen dataclass of plain values.
    """
    outcomes = []
    for index in range(start, stop):
        policies = [factory() for factory in policy_factories]
        # a simulation never undoes: no undo records (the same game either way)
        state = play(engine, config, policies, game_seed(base_seed, index), undo=False).state
        outcomes.append(
            GameOutcome(index, len(state.history), tuple(state.winners), engine.metrics(state))
        )
    return outcomes


@dataclass(frozen=True)
class Setting:
    """One row of a study: a key, and the games to play for it."""

    key: Hashable
    config: Any
    policy_factories: tuple[Callable[[], Any], ...]
    base_seed: int


def play_settings(
    engine: Any,
    settings: Sequence[Setting],
    games: int,
    *,
    jobs: int = 2,
    progress: ProgressCallback | None = None,
) -> dict[Hashable, list[GameOutcome]]:
    """Play ``games`` games of every setting on ``jobs`` worker processes.

    Work is cut into chunks so the workers stay busy; each setting's outcomes
    come back in game order, and they do not depend on ``jobs``. ``progress`` is told
    the games played of all settings together as chunks finish.
    """
    chunk = max(1, min(100, games // max(1, jobs * 2)))
    results: dict[Hashable, list[GameOutcome]] = {s.key: [] for s in settings}
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [
            (
                setting.key,
                pool.submit(
                    run_games,
                    engine,
                    setting.config,
                    list(setting.policy_factories),
                    setting.base_seed,
                    start,
                    min(games, start + chunk),
                ),
            )
            for setting in settings
            for start in range(0, games, chunk)
        ]
        total, done = games * len(settings), 0
        for key, future in futures:
            part = future.result()
            results[key].extend(part)
            done += len(part)
            if progress is not None:
                progress(done, total)
    return {key: sorted(outcomes, key=lambda o: o.index) for key, outcomes in results.items()}


def simulate(
    kit: EngineKit[C, Any, Any],
    config: C,
    num_players: int,
    games: int,
    *,
    seed: int = 0,
    jobs: int = 1,
    policies: Sequence[str] | None = None,
    progress: ProgressCallback | None = None,
    chunk_size: int | None = None,
) -> SimulationSummary:
    """Play ``games`` games of the game of ``kit`` with ``config`` and summarise them.

    ``policies`` names one registered policy per seat (default: ``"random"``
    everywhere). ``jobs > 1`` spreads the games over that many processes;
    the summary does not depend on ``jobs`` or ``chunk_size``.
    """
    if games < 0 or num_players < 1 or jobs < 1:
        raise ValueError("games must be >= 0, players and jobs >= 1")
    entry = kit
    game_id = kit.game_id
    names = tuple(policies) if policies is not None else ("random",) * num_players
    if len(names) != num_players:
        raise ValueError(f"{num_players} players need {num_players} policies, got {len(names)}")
    unknown = [name for name in names if name not in entry.policies]
    if unknown:
        raise ValueError(
            f"unknown policy {unknown[0]!r} for {game_id} "
            f"(known: {', '.join(sorted(entry.policies))})"
        )
    factories = [entry.policies[name] for name in names]
    if chunk_size is None:
        chunk_size = max(1, min(200, math.ceil(games / (jobs * 8)) if games else 1))
    chunks = [(start, min(games, start + chunk_size)) for start in range(0, games, chunk_size)]
    outcomes: list[GameOutcome] = []
    done = 0
    if jobs == 1:
        for start, stop in chunks:
            outcomes.extend(run_games(entry.engine, config, factories, seed, start, stop))
            done += stop - start
            if progress is not None:
                progress(done, games)
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [
                pool.submit(run_games, entry.engine, config, factories, seed, start, stop)
                for start, stop in chunks
            ]
            for future in as_completed(futures):
                part = future.result()
                outcomes.extend(part)
                done += len(part)
                if progress is not None:
                    progress(done, games)
        outcomes.sort(key=lambda outcome: outcome.index)
    return _summarise(entry.engine.variants(config), game_id, num_players, seed, names, outcomes)


def _summarise(
    variants: tuple[str, ...],
    game_id: str,
    num_players: int,
    seed: int,
    policies: tuple[str, ...],
    outcomes: Sequence[GameOutcome],
) -> SimulationSummary:
    wins = [0.0] * num_players
    samples: dict[str, list[float]] = {}
    for outcome in outcomes:
        for seat in outcome.winners:
            wins[seat] += 1.0 / len(outcome.winners)
        for name, values in outcome.metrics.items():
            samples.setdefault(name, []).extend(values)
    count = len(outcomes)
    return SimulationSummary(
        game_id=game_id,
        variants=variants,
        num_players=num_players,
        games=count,
        seed=seed,
        policies=policies,
        total_actions=sum(outcome.actions for outcome in outcomes),
        win_share=tuple(w / count if count else 0.0 for w in wins),
        metrics={name: Stat.of(values) for name, values in samples.items()},
    )
