"""The games a balance report plays: settings (players, variants, a policy per seat), all on
the same seeds, and what each finished game gave.

Game *i* of every setting is dealt from the same seed, so two settings differ only by what
sets them apart (a variant, a policy, ...): their games are compared pair by pair
(:func:`pnp.base.stats.paired_difference`). The results do not depend on how many
processes play them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pnp.engine.simulate import GameOutcome, Setting, play_settings


@dataclass(frozen=True, order=True)
class SettingKey:
    """One measured setting: the number of players, the variants, each seat's policy."""

    players: int
    variants: tuple[str, ...]
    policies: tuple[str, ...]


@dataclass(frozen=True)
class Played:
    """The finished games of one setting, in seed order."""

    key: SettingKey
    outcomes: tuple[GameOutcome, ...]

    def per_game(self, metric: str) -> list[float]:
        """The first sample of ``metric`` of every game that has one (a per-game figure)."""
        return [o.metrics[metric][0] for o in self.outcomes if o.metrics.get(metric)]

    def samples(self, metric: str) -> list[float]:
        """Every sample of ``metric`` of every game (per round, per player, ...)."""
        return [v for o in self.outcomes for v in o.metrics.get(metric, ())]

    def actions(self) -> list[float]:
        """The number of actions of every game."""
        return [float(o.actions) for o in self.outcomes]

    def seat_wins(self, seat: int) -> list[float]:
        """Per game, the share of the win ``seat`` had (1, 1/k of a win shared by k, 0)."""
        return [1.0 / len(o.winners) if seat in o.winners else 0.0 for o in self.outcomes]

    def wins(self) -> list[float]:
        """Per game, 1 if anybody won (a cooperative game: the table won together)."""
        return [1.0 if o.winners else 0.0 for o in self.outcomes]


@dataclass(frozen=True)
class BalanceRun:
    """Every setting a report played: ``games`` games each from base seed ``seed``."""

    game_id: str
    games: int
    seed: int
    played: dict[SettingKey, Played]

    def get(self, players: int, variants: tuple[str, ...], policies: tuple[str, ...]) -> Played:
        """The games of one setting (``KeyError`` if it was not played)."""
        return self.played[SettingKey(players, variants, policies)]

    @property
    def actions(self) -> int:
        """The actions of every game played, together (the work the report took)."""
        return sum(o.actions for p in self.played.values() for o in p.outcomes)


def play_run(
    game_id: str,
    engine: Any,
    settings: Sequence[tuple[SettingKey, Any, tuple[Callable[[], Any], ...]]],
    games: int,
    seed: int,
    jobs: int,
    progress: Callable[[int, int], None] | None = None,
) -> BalanceRun:
    """Play ``games`` games of each setting ``(key, engine config, policy per seat)`` on
    ``jobs`` processes, every setting from the same ``seed``."""
    planned = [Setting(key, config, factories, seed) for key, config, factories in settings]
    results = play_settings(engine, planned, games, jobs=jobs, progress=progress)
    played = {key: Played(key, tuple(results[key])) for key, _, _ in settings}
    return BalanceRun(game_id, games, seed, played)
