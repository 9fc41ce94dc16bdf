"""Reusable engine kit: game protocol, event log, records, runner, replay, policies.

Game engines live in ``pnp.games.<name>.engine`` and are found through
:mod:`pnp.engine.registry`. Simulation (:mod:`pnp.engine.simulate`) and golden
traces (:mod:`pnp.engine.golden`) build on this package.
"""

from pnp.engine.core import (
    CHANCE,
    JSON,
    TERMINAL,
    Engine,
    Event,
    EventLog,
    GameRecord,
    GameState,
    PlayResult,
    play,
    replay,
)
from pnp.engine.policies import Policy, RandomPolicy

__all__ = [
    "CHANCE",
    "JSON",
    "TERMINAL",
    "Engine",
    "Event",
    "EventLog",
    "GameRecord",
    "GameState",
    "PlayResult",
    "Policy",
    "RandomPolicy",
    "play",
    "replay",
]
