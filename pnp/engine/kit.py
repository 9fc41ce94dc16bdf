"""What the generic engine tools (replay, golden files, simulation) need from one game.

An :class:`EngineKit` bundles a game's engine object with its standard
configuration per variant set, its policies by name, its event notation and
the pinned games of its golden files. A game builds one in its ``game.py``
(see :class:`pnp.gamedef.Game`); the tools in this package take it as an
argument and never look a game up themselves.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from pnp.engine.core import Engine, Event, GameState
from pnp.engine.policies import Policy

C = TypeVar("C")
S = TypeVar("S", bound=GameState[Any])
A = TypeVar("A")

PolicyFactory = Callable[[], Policy[Any, Any]]
"""Makes a fresh policy. A policy reads the game's own view and picks among player
actions (a narrower type than the engine's actions, which include chance), so the
runner treats both opaquely."""


@dataclass(frozen=True)
class GoldenCase:
    """One pinned game of a golden file: variants, player count, seed, policy names."""

    variants: tuple[str, ...]
    num_players: int
    seed: int
    policies: tuple[str, ...]


@dataclass(frozen=True)
class EngineKit(Generic[C, S, A]):
    """A game's engine and what the generic tools need to drive it.

    * ``engine``: the engine object (:class:`pnp.engine.core.Engine`);
    * ``standard_config``: the configuration for a tuple of variant ids, without
      the spec tables (replay of records, golden files, benchmarks);
    * ``policies``: policy factories by name (``"random"``, ``"heuristic"``, ...);
    * ``render_event``: the readable one-line notation of an event;
    * ``golden_cases``: the pinned games of the golden files;
    * ``unplayed_rules``: the rule IDs of the game's checklist that no move enacts (its
      components, the deck's checks): every other rule is named by some event of its play.
    """

    engine: Engine[C, S, A]
    standard_config: Callable[[Sequence[str]], C]
    policies: Mapping[str, PolicyFactory]
    render_event: Callable[[Event], str]
    golden_cases: tuple[GoldenCase, ...] = field(default=())
    unplayed_rules: tuple[str, ...] = ()

    @property
    def game_id(self) -> str:
        """The id of the game the engine plays."""
        return self.engine.game_id
