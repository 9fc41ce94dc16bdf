"""An engine object that hands its work to the game's state, view and action codec.

Most games need nothing else from their engine object (see
:class:`pnp.engine.core.Engine`): a config that knows its variant ids, a state
that samples its own chance outcomes, a view class, a pair of functions
turning actions into JSON and back and, for ``pnp simulate``, its ``metrics``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Generic, Protocol, TypeVar

from pnp.engine.core import JSON, EventLog


class _Config(Protocol):
    @property
    def variants(self) -> tuple[str, ...]: ...


class _State(Protocol):
    def sample_chance(self, rng: random.Random) -> Any: ...


C = TypeVar("C", bound=_Config)
S = TypeVar("S", bound=_State)
V = TypeVar("V")
A = TypeVar("A")


class DelegatingEngine(Generic[C, S, V, A]):
    """The engine object for :func:`pnp.engine.core.play` and friends, built from parts."""

    def __init__(
        self,
        game_id: str,
        state: Callable[[C, int, EventLog | None], S],
        view: Callable[[S, int], V],
        encode: Callable[[A], JSON],
        decode: Callable[[JSON], A],
        metrics: Callable[[S], dict[str, list[float]]] | None = None,
    ) -> None:
        self.game_id = game_id
        self._state = state
        self._view = view
        self._encode = encode
        self._decode = decode
        self._metrics = metrics

    def variants(self, config: C) -> tuple[str, ...]:
        """The variant ids the configuration was made for."""
        return config.variants

    def new_state(self, config: C, num_players: int, log: EventLog | None = None) -> S:
        """A new game, waiting for its first chance action."""
        return self._state(config, num_players, log)

    def sample_chance(self, state: S, rng: random.Random) -> A:
        """Draw the outcome of the current chance node (the state knows how)."""
        outcome: A = state.sample_chance(rng)
        return outcome

    def player_view(self, state: S, player: int) -> V:
        """The view policies get for ``player``."""
        return self._view(state, player)

    def encode_action(self, action: A) -> JSON:
        """An action as JSON for a game record."""
        return self._encode(action)

    def decode_action(self, data: JSON) -> A:
        """Inverse of :meth:`encode_action`."""
        return self._decode(data)

    def metrics(self, state: S) -> dict[str, list[float]]:
        """Samples for ``pnp simulate`` of a finished game (none unless the game gives them)."""
        return self._metrics(state) if self._metrics is not None else {}
