"""The engine contract, once for every registered game: undo, replay, refusal of illegal
records, golden files, no events with the log off, determinism.

Every test is parametrised over :func:`pnp.catalog.registry.games`, so a new game is held to the
contract without editing this file. The variant sets are the base game, every set of the
golden cases and every single variant the game's spec tables name; the player counts run
through the spec's range. Card conservation is not part of it: the engine protocol has no
generic card count, so each game's own engine tests keep their conservation test.
"""

from __future__ import annotations

import json
import random
import shutil
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from pnp.catalog.project import load_game
from pnp.catalog.registry import AnyGame, games
from pnp.engine.core import CHANCE, Event, EventLog, GameRecord, play, replay
from pnp.engine.golden import DEFAULT_ROOT, check_golden, golden_path
from pnp.engine.journal import scalar_names, state_fields
from pnp.kit.maintenance import golden_root
from tests.engine.registered import (
    AnyKit,
    check_replay_equals_play,
    check_undo,
    policy_mix,
    random_action,
)
from tests.fifth_game import fifth_game_installed

UNDO_STEPS = 300
"""Random actions per undo check (most games end sooner)."""


@dataclass(frozen=True)
class Case:
    """One game setup the contract is checked on."""

    game_id: str
    variants: tuple[str, ...]
    players: int
    seed: int

    @property
    def kit(self) -> AnyKit:
        return games()[self.game_id].engine

    @property
    def config(self) -> Any:
        return self.kit.standard_config(self.variants)

    def __str__(self) -> str:
        return f"{self.game_id}-{'+'.join(self.variants) or 'base'}-{self.players}p"


@cache
def players_range(game_id: str) -> tuple[int, int]:
    """The player counts the game's spec tables declare."""
    return load_game(game_id).spec.players


def variant_sets(game: AnyGame, singles: bool) -> list[tuple[str, ...]]:
    """The base game, every variant set of the golden cases and (``singles``) every single
    variant of the spec, each once."""
    sets = [(), *(tuple(sorted(case.variants)) for case in game.engine.golden_cases)]
    if singles:
        sets += [(variant,) for variant in load_game(game.id).spec.variants]
    return list(dict.fromkeys(sets))


def cases(singles: bool, largest_first: bool) -> list[Case]:
    """One case per game and variant set; the player count runs through the spec's range
    (from the largest or the smallest table) and the seed changes with the case."""
    out: list[Case] = []
    for game_id, game in games().items():
        low, high = players_range(game_id)
        for index, variants in enumerate(variant_sets(game, singles)):
            step = index % (high - low + 1)
            out.append(Case(game_id, variants, high - step if largest_first else low + step, index))
    return out


def per_game() -> list[str]:
    return list(games())


with fifth_game_installed():  # the guide's example game is held to the contract too
    GAMES = per_game()
    UNDO_CASES = cases(singles=True, largest_first=False)
    REPLAY_CASES = cases(singles=True, largest_first=True)
    PLAIN_CASES = cases(singles=False, largest_first=True)


def golden_folder(game_id: str) -> Path:
    """Where the game's golden files live: pnp's own, or an installed game's data folder."""
    return golden_root(games()[game_id]) or DEFAULT_ROOT


@pytest.mark.parametrize("case", UNDO_CASES, ids=str)
def test_push_pop_restores_every_observable_state(case: Case) -> None:
    """Popping back through a random game shows every earlier state again (every seat's
    view, the seat to act, legal actions, history, log); a push and pop of another action
    changes nothing; pushing the same actions again reproduces the game exactly."""
    played = check_undo(case.kit.engine, case.config, case.players, 100 + case.seed, UNDO_STEPS)
    assert played > 0


@pytest.mark.parametrize("case", REPLAY_CASES, ids=str)
def test_replay_equals_play(case: Case) -> None:
    """A played game's record (JSON round trip) replays to exactly its events; with the log
    off the same seed takes the same actions."""
    check_replay_equals_play(case.kit, case.config, case.players, case.seed)


def _player_actions(kit: AnyKit, record: GameRecord) -> Iterator[tuple[int, Any, list[Any]]]:
    """``(index, action, legal actions)`` of every player decision of a record."""
    state = kit.engine.new_state(kit.standard_config(record.variants), record.num_players)
    for index, data in enumerate(record.actions):
        action = kit.engine.decode_action(data)
        if state.current_player() != CHANCE:
            yield index, action, list(state.legal_actions())
        state.push(action)


@pytest.mark.parametrize("game_id", GAMES)
def test_an_illegal_action_in_a_record_is_refused(game_id: str) -> None:
    """Replay checks each player action against the legal actions: a move the same game
    made elsewhere, put where it is not legal, is refused; so is an action after the end."""
    kit = games()[game_id].engine
    players = players_range(game_id)[0]
    config = kit.standard_config(())
    record = play(kit.engine, config, policy_mix(kit, players), 3).record
    assert replay(record, kit.engine, config)
    decisions = list(_player_actions(kit, record))
    # the game's own moves put where they are not legal; failing those, a chance outcome
    # (a deal, a shuffle) put where a player decides
    tried = [action for _, action, _ in decisions]
    tried += [kit.engine.decode_action(data) for data in record.actions]
    found = next(
        ((index, move) for index, _, legal in decisions for move in tried if move not in legal),
        None,
    )
    if found is None:
        pytest.fail(
            f"{game_id}: contract 'an illegal action in a record is refused' cannot be tried: "
            "every action of a played game is legal wherever a player decides"
        )
    index, illegal = found
    actions = list(record.actions)
    actions[index] = kit.engine.encode_action(illegal)
    tampered = GameRecord(record.game_id, record.variants, players, None, tuple(actions))
    with pytest.raises(ValueError, match="not legal"):
        replay(tampered, kit.engine, config)
    last_move = record.actions[decisions[-1][0]]
    too_long = GameRecord(
        record.game_id, record.variants, players, None, (*record.actions, last_move)
    )
    with pytest.raises(ValueError, match="after the end"):
        replay(too_long, kit.engine, config)


@pytest.mark.parametrize("game_id", GAMES)
def test_golden_files_match(game_id: str) -> None:
    """The stored golden playthroughs match the engine, its notation and its policies."""
    assert check_golden(games()[game_id].engine, golden_folder(game_id)) == []


@pytest.mark.parametrize("game_id", GAMES)
def test_a_changed_golden_line_is_reported(game_id: str, tmp_path: Path) -> None:
    """The golden check of every game notices one changed event line and names it."""
    kit = games()[game_id].engine
    shutil.copytree(golden_folder(game_id) / game_id, tmp_path / game_id)
    path = golden_path(game_id, kit.golden_cases[0].variants, tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["games"][0]["events"][3] = "P9 does what no game can"
    path.write_text(json.dumps(data), encoding="utf-8")
    problems = check_golden(kit, tmp_path)
    assert len(problems) == 1 and "event line 3" in problems[0], problems


def _every_event_class() -> list[type[Event]]:
    found: list[type[Event]] = []
    todo = [Event]
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo.extend(cls.__subclasses__())
    return found


def _counting(init: Any, counts: Counter[str]) -> Any:
    def counting(self: Event, *args: Any, **kwargs: Any) -> None:
        counts[type(self).__name__] += 1
        init(self, *args, **kwargs)

    return counting


@pytest.fixture()
def event_counter(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Counts every event object constructed, by class, while the test runs (each class
    that defines its own ``__init__`` is patched; subclasses inherit the patch)."""
    counts: Counter[str] = Counter()
    for cls in _every_event_class():
        if "__init__" in vars(cls):
            monkeypatch.setattr(cls, "__init__", _counting(vars(cls)["__init__"], counts))
    return counts


@pytest.mark.parametrize("case", PLAIN_CASES, ids=str)
def test_log_off_builds_no_events(case: Case, event_counter: Counter[str]) -> None:
    """With the log off (none, or disabled) a whole game constructs no event object at all;
    the same game with the log on constructs (at least) every event it logs."""
    kit = case.kit
    seed = 50 + case.seed
    for log in (None, EventLog(enabled=False)):
        result = play(kit.engine, case.config, policy_mix(kit, case.players), seed, log=log)
        assert result.state.is_terminal() and result.events == ()
        assert event_counter == Counter(), f"built with the log off: {dict(event_counter)}"
    logged = play(kit.engine, case.config, policy_mix(kit, case.players), seed, log=EventLog())
    built = sum(event_counter.values())
    assert built >= len(logged.events) > 0


@pytest.mark.parametrize("game_id", GAMES)
def test_the_engine_is_deterministic(game_id: str) -> None:
    """Same seed and policies: the same record; another seed: another game. The chance
    outcomes before the first decision do not depend on which policies play."""
    kit = games()[game_id].engine
    high = players_range(game_id)[1]
    config = kit.standard_config(())
    records = [play(kit.engine, config, policy_mix(kit, high), 11).record for _ in range(2)]
    assert records[0] == records[1]
    assert play(kit.engine, config, policy_mix(kit, high), 12).record.actions != records[0].actions
    first = next(index for index, _, _ in _player_actions(kit, records[0]))
    for name in kit.policies:
        other = play(kit.engine, config, [kit.policies[name]() for _ in range(high)], 11).record
        assert other.actions[:first] == records[0].actions[:first]


@pytest.mark.parametrize("case", PLAIN_CASES, ids=str)
def test_play_without_undo_plays_the_same_game(case: Case) -> None:
    """``play(undo=False)`` (what simulations use) takes the same actions to the same end and
    the same metrics as ``play()``; its final state refuses to be popped."""
    kit = case.kit
    with_undo = play(kit.engine, case.config, policy_mix(kit, case.players), case.seed).state
    without = play(
        kit.engine, case.config, policy_mix(kit, case.players), case.seed, undo=False
    ).state
    assert list(without.history) == list(with_undo.history)
    assert without.winners == with_undo.winners
    assert kit.engine.metrics(without) == kit.engine.metrics(with_undo)
    with pytest.raises(IndexError, match="nothing to undo"):
        without.pop()


@pytest.mark.parametrize("case", PLAIN_CASES, ids=str)
def test_undo_restores_every_field_that_changes(case: Case) -> None:
    """The undo scalars are derived from ``__slots__`` (``scalar_names``): every other public
    field of the state must be a list (journaled change by change) or keep its object for
    the whole game, or an undo would leave it changed."""
    kit = case.kit
    state = kit.engine.new_state(case.config, case.players)
    rng = random.Random(case.seed)
    slots = state_fields(state)
    state.push(random_action(kit.engine, state, rng))  # the first push reads the names off
    scalars = set(scalar_names(state))
    kept = {name: getattr(state, name) for name in slots if name not in scalars}
    while not state.is_terminal():
        state.push(random_action(kit.engine, state, rng))
        for name, first in kept.items():
            now = getattr(state, name)
            assert isinstance(now, list) or now is first, f"{case}: {name} replaced, not undone"
