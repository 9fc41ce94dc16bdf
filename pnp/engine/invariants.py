"""The engine's invariants checked over many random steps: every game played with random
policies (seeded) is checked for what must hold whatever the game.

* every player action taken was one of the legal actions (replay checks each one);
* the record, through its JSON form, replays to exactly the events of the play;
* undoing every action and redoing them gives the same events and the same winners;
* a game ends: no state without legal actions before the end.

``bench/engine_invariants.py`` runs a million steps per game; the suite runs a short run.
Card counts are each game's own (its engine tests check conservation).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pnp.engine.core import CHANCE, EventLog, GameRecord, play, replay
from pnp.engine.kit import EngineKit


@dataclass
class InvariantRun:
    """What a run checked: games, steps (actions, chance included) and any violation."""

    games: int = 0
    steps: int = 0
    violations: list[str] | None = None

    def fail(self, message: str) -> None:
        """Note one violation (the run goes on, so every kind of violation shows)."""
        if self.violations is None:
            self.violations = []
        if len(self.violations) < 20:
            self.violations.append(message)


def check_invariants(
    kit: EngineKit[Any, Any, Any],
    setups: Sequence[tuple[tuple[str, ...], int]],
    steps: int,
    seed: int = 0,
) -> InvariantRun:
    """Play random games over ``setups`` (variants, players), in turn, until ``steps`` actions
    have been played; check every invariant of the module on each game."""
    run = InvariantRun()
    rng = random.Random(seed)
    engine = kit.engine
    random_policy = kit.policies["random"]
    while run.steps < steps:
        variants, players = setups[run.games % len(setups)]
        config = kit.standard_config(variants)
        game_seed = rng.getrandbits(48)
        where = f"{engine.game_id} {'+'.join(variants) or 'base'} {players}p seed {game_seed}"
        result = play(
            engine, config, [random_policy() for _ in range(players)], game_seed, log=EventLog()
        )
        record = result.record
        run.games += 1
        run.steps += len(record.actions)
        try:
            replayed = replay(GameRecord.from_json(record.to_json()), engine, config)
        except ValueError as exc:  # an action the rules do not allow at that point
            run.fail(f"{where}: replay refused: {exc}")
            continue
        if replayed != result.events:
            run.fail(f"{where}: the record replays to other events")
        _check_undo_redo(result.state, record, engine, where, run)
    return run


def _check_undo_redo(
    state: Any, record: GameRecord, engine: Any, where: str, run: InvariantRun
) -> None:
    winners = state.winners
    actions = [engine.decode_action(data) for data in record.actions]
    for _ in actions:
        state.pop()
    if list(state.history):
        run.fail(f"{where}: undoing every action leaves a history")
        return
    for index, action in enumerate(actions):
        seat = state.current_player()
        if seat >= 0 and not state.legal_actions():
            run.fail(f"{where}: no legal action at step {index} before the end")
            return
        if seat != CHANCE and seat < 0:
            run.fail(f"{where}: the game ended at step {index} on redo")
            return
        state.push(action)
    if not state.is_terminal() or state.winners != winners:
        run.fail(f"{where}: redoing every action ends elsewhere")
