"""Test helpers that go through the game registry, as the command line does."""

from __future__ import annotations

from pnp.engine.core import Event, GameRecord, replay
from pnp.registry import game


def replay_registered(record: GameRecord) -> tuple[Event, ...]:
    """Replay ``record`` with the registered engine of its game and its standard config."""
    kit = game(record.game_id).engine
    return replay(record, kit.engine, kit.standard_config(record.variants))
