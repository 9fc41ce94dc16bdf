"""The engine's invariants over many random steps, a short run per game (the benchmark
``bench/engine_invariants.py`` runs a million): records replay, undo and redo agree."""

from __future__ import annotations

from typing import Any

import pytest

import pnp.engine.invariants
from pnp.catalog.project import load_game
from pnp.catalog.registry import games
from pnp.engine.invariants import check_invariants


def _setups(game_id: str) -> list[tuple[tuple[str, ...], int]]:
    spec = load_game(game_id).spec
    low, high = spec.players
    return [(v, n) for v in [(), *((x,) for x in spec.variants)] for n in range(low, high + 1)]


@pytest.mark.parametrize("game_id", sorted(games()))
def test_twenty_thousand_random_steps_keep_every_invariant(game_id: str) -> None:
    run = check_invariants(games()[game_id].engine, _setups(game_id), 20_000, seed=7)
    assert run.steps >= 20_000
    assert run.violations is None, run.violations


def test_a_record_that_replays_otherwise_is_a_violation(monkeypatch: pytest.MonkeyPatch) -> None:
    real = pnp.engine.invariants.replay

    def one_event_short(*args: Any) -> tuple[Any, ...]:
        return real(*args)[:-1]

    monkeypatch.setattr(pnp.engine.invariants, "replay", one_event_short)
    run = check_invariants(games()["twaalf-dagen"].engine, [((), 4)], 100)
    assert run.violations and "replays to other events" in run.violations[0]
