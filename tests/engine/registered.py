"""Test helpers that go through the game registry, as the command line does, and the engine
contract's checks (undo, replay) that every game passes, written once for any engine."""

from __future__ import annotations

import dataclasses
import inspect
import json
import random
import shutil
from collections.abc import Callable
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from pnp.base.errors import PnpError
from pnp.catalog.project import load_game
from pnp.catalog.registry import games
from pnp.engine.core import CHANCE, EventLog, GameRecord, play, replay
from pnp.engine.kit import EngineKit
from pnp.example_model import Step
from pnp.kit.examples import game_examples
from pnp.spec.model import GameSpec
from pnp.story.told import Fact, Happened

AnyKit = EngineKit[Any, Any, Any]
"""The engine kit of any registered game."""


def random_action(engine: Any, state: Any, rng: random.Random) -> Any:
    """A uniformly random legal action, or a chance outcome drawn by the engine."""
    if state.current_player() == CHANCE:
        return engine.sample_chance(state, rng)
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]


def policy_mix(kit: AnyKit, players: int) -> list[Any]:
    """Fresh policies for ``players`` seats, cycling through every policy the game names."""
    names = sorted(kit.policies)
    return [kit.policies[names[seat % len(names)]]() for seat in range(players)]


# --- an observable fingerprint of a state ----------------------------------------------------


_ATOM, _SEQUENCE, _MAPPING, _SET, _FROZEN, _OBJECT = range(6)
_KINDS: dict[type, int] = {type(None): _ATOM}
"""How :func:`freeze` copies a value of each type (looked up once per type)."""


def _kind(cls: type) -> int:
    """:func:`freeze`'s case for a value of type ``cls``: the isinstance tests in its order."""
    if cls not in _KINDS:
        params = getattr(cls, "__dataclass_params__", None)
        if issubclass(cls, bool | int | float | str | bytes | Enum):
            _KINDS[cls] = _ATOM
        elif issubclass(cls, list | tuple):
            _KINDS[cls] = _SEQUENCE
        elif issubclass(cls, dict):
            _KINDS[cls] = _MAPPING
        elif issubclass(cls, set | frozenset):
            _KINDS[cls] = _SET
        elif dataclasses.is_dataclass(cls) and params is not None and params.frozen:
            _KINDS[cls] = _FROZEN
        else:
            _KINDS[cls] = _OBJECT
    return _KINDS[cls]


def freeze(value: object) -> object:
    """``value`` as a comparable, immutable copy (so later mutation of the state cannot
    change a fingerprint taken earlier): containers become tuples and frozensets, frozen
    dataclasses stay as they are, other objects become their type and public attributes."""
    kind = _KINDS.get(type(value))
    if kind is None:
        kind = _kind(type(value))
    if kind in (_ATOM, _FROZEN):
        return value
    if kind == _SEQUENCE:
        return tuple(map(freeze, value))  # type: ignore[call-overload]
    if kind == _MAPPING:
        return frozenset((freeze(key), freeze(item)) for key, item in value.items())  # type: ignore[attr-defined]
    if kind == _SET:
        return frozenset(map(freeze, value))  # type: ignore[call-overload]
    names = getattr(value, "__dict__", None) or {
        name: getattr(value, name)
        for name in getattr(type(value), "__slots__", ())
        if not name.startswith("_") and hasattr(value, name)
    }
    return (type(value).__qualname__, freeze(dict(names)))


_MEMBERS: dict[type, tuple[tuple[str, bool, bool], ...]] = {}


def _view_members(view_type: type) -> tuple[tuple[str, bool, bool], ...]:
    """``(name, read it bare, read it per seat)`` of every public fact of a view class: each
    property (bare), each method without required arguments (called), each method of one
    argument (called once per seat)."""
    if view_type in _MEMBERS:
        return _MEMBERS[view_type]
    members: list[tuple[str, bool, bool]] = []
    for name in sorted(n for n in dir(view_type) if not n.startswith("_")):
        member = inspect.getattr_static(view_type, name)
        if isinstance(member, property):
            members.append((name, True, False))
        elif inspect.isfunction(member):
            params = list(inspect.signature(member).parameters.values())[1:]
            required = [p for p in params if p.default is inspect.Parameter.empty]
            members.append((name, not required, bool(params) and len(required) <= 1))
    _MEMBERS[view_type] = tuple(members)
    return _MEMBERS[view_type]


def _per_seat(read: Callable[[int], object], seats: int) -> tuple[object, ...]:
    out: list[object] = []
    for seat in range(seats):
        try:
            out.append(freeze(read(seat)))
        except (ValueError, IndexError, KeyError) as exc:
            out.append(("raises", type(exc).__name__))
    return tuple(out)


def view_fingerprint(view: Any, seats: int) -> tuple[object, ...]:
    """Every public fact a player view shows, frozen."""
    facts: list[object] = []
    for name, bare, per_seat in _view_members(type(view)):
        value = getattr(view, name)
        if bare:
            facts.append((name, freeze(value if not callable(value) else value())))
        if per_seat:
            facts.append((name, _per_seat(value, seats)))
    return tuple(facts)


def fingerprint(engine: Any, state: Any, log: EventLog | None = None) -> tuple[object, ...]:
    """What can be observed of a state: the seat to act, the legal actions, the history,
    the end and winners, every seat's view and the length of the event log."""
    seats = state.num_players
    return (
        state.current_player(),
        freeze(state.legal_actions()),
        freeze(state.history),
        state.is_terminal(),
        freeze(state.winners),
        tuple(view_fingerprint(engine.player_view(state, seat), seats) for seat in range(seats)),
        None if log is None else len(log),
    )


# --- the contract's checks -------------------------------------------------------------------


def check_undo(engine: Any, config: Any, players: int, seed: int, steps: int) -> int:
    """Play up to ``steps`` random actions, then pop them all and push them again.

    After every push the fingerprint is taken; trying another action first (push, pop)
    must leave the legal actions and the fingerprint unchanged; popping back must show
    each earlier fingerprint again, newest first, and pop the actions pushed; pushing the
    same actions again must reproduce every fingerprint and the same events (so undo
    also restored what a view does not show yet). Returns the number of actions played.
    """
    log = EventLog()
    state = engine.new_state(config, players, log)
    rng = random.Random(seed)
    prints = [fingerprint(engine, state, log)]
    actions: list[Any] = []
    while len(actions) < steps and not state.is_terminal():
        action = random_action(engine, state, rng)
        others = (
            [random_action(engine, state, rng)]
            if state.current_player() == CHANCE
            else list(dict.fromkeys([state.legal_actions()[0], state.legal_actions()[-1]]))
        )
        legal = list(state.legal_actions())
        for other in others:
            state.push(other)
            assert state.pop() == other
            assert list(state.legal_actions()) == legal
        assert fingerprint(engine, state, log) == prints[-1], f"push/pop of {others} changed it"
        state.push(action)
        actions.append(action)
        prints.append(fingerprint(engine, state, log))
    events = log.events
    for index in reversed(range(len(actions))):
        assert state.pop() == actions[index]
        assert fingerprint(engine, state, log) == prints[index], f"after popping action {index}"
    assert list(state.history) == []
    for index, action in enumerate(actions):
        state.push(action)
        assert fingerprint(engine, state, log) == prints[index + 1], f"re-pushing action {index}"
    assert log.events == events
    return len(actions)


def check_replay_equals_play(
    kit: AnyKit, config: Any, players: int, seed: int, *, standard: bool = True
) -> GameRecord:
    """Play a whole game with the log on: its record survives a JSON round trip and replays
    to exactly its events, each JSON-ready and with a notation line; with the log off the
    same seed takes the same actions and logs nothing. With ``standard`` (``config`` is the
    kit's standard config) the record alone suffices: it replays through the standard
    config of the variants it names. Returns the record."""
    engine = kit.engine
    log = EventLog()
    result = play(engine, config, policy_mix(kit, players), seed, log=log)
    assert result.state.is_terminal() and len(log) > 0
    assert set(result.state.winners) <= set(range(players))
    record = result.record
    assert (record.game_id, record.num_players, record.seed) == (kit.game_id, players, seed)
    assert record.variants == engine.variants(config)
    again = GameRecord.from_json(record.to_json())
    assert again == record
    assert replay(again, engine, config) == log.events
    if standard:
        assert replay(again, engine, kit.standard_config(again.variants)) == log.events
    for event in log.events:
        assert json.loads(json.dumps(event.to_dict()))["type"] == event.event_type
        assert kit.render_event(event).strip()
    quiet = play(engine, config, policy_mix(kit, players), seed)
    assert list(quiet.state.history) == list(result.state.history)
    assert quiet.events == ()
    return record


def project_game_folder(project: Path, game_id: str) -> Path:
    """The game's spec folder in the project copy ``project``. An installed game keeps its
    own in its data folder: it is copied into the project, whose copy overrides the game's."""
    folder = project / "cardspecs" / game_id
    data_root = games()[game_id].data_root
    if not folder.exists() and data_root is not None:
        shutil.copytree(data_root / "cardspecs" / game_id, folder)
    return folder


def broken_phrase_file_error(
    project: Path,
    game_id: str,
    edit: tuple[str, str] | None,
    also: Callable[[GameSpec], object] | None = None,
) -> str:
    """The one error a game's examples give after ``edit`` of its phrase file in ``project``.

    ``edit`` replaces its first text once (``None`` deletes the file); ``also`` is more work
    that must fail the same way (e.g. the search, which titles what it finds). The error
    must name the phrase file, relative to the project, without a traceback.
    """
    path = project_game_folder(project, game_id) / "rulebook" / "voorbeelden.toml"
    if edit is None:
        path.unlink()
    else:
        text = path.read_text(encoding="utf-8")
        assert edit[0] in text, f"{edit[0]!r} is not in {path.name}"
        path.write_text(text.replace(edit[0], edit[1], 1), encoding="utf-8")
    with pytest.raises(PnpError) as caught:
        spec = load_game(game_id).spec
        game_examples(spec, ())
        if also is not None:
            also(spec)
    message = str(caught.value)
    assert message.startswith(f"cardspecs/{game_id}/rulebook/voorbeelden.toml"), message
    assert "Traceback" not in message and str(project) not in message
    return message


def editions(game_id: str) -> list[str]:
    """The languages a game has an edition in: Dutch, and each folder beside ``game.toml``
    that holds one (an English edition is the game's choice, not a contract)."""
    folder = spec_of(game_id).folder
    return ["nl", *(lang for lang in ("en",) if (folder / lang / "game.toml").is_file())]


@cache
def spec_of(game_id: str) -> GameSpec:
    """The spec tables of a registered game (read once per test process)."""
    return load_game(game_id).spec


def story_of(game_id: str) -> Any:
    """The story (rulebook examples) of a registered game that has one."""
    from pnp.catalog.registry import game

    story = game(game_id).story
    assert story is not None, f"{game_id} tells no examples"
    return story


@cache
def _largest_kit(game_id: str) -> int:
    from pnp.story.rulesets import built_kits

    return max(len(kit) for kit in built_kits(spec_of(game_id)))


def combined_kit(game_id: str, variants: tuple[str, ...]) -> bool:
    """Whether ``variants`` is a kit of the slow step: more than one variant, fewer than the
    game's largest combinations (the pairs, and the largest less one). The base kit, each
    variant alone and the largest combinations are checked in every suite run."""
    return 1 < len(variants) < _largest_kit(game_id)


# --- the claims of examples told from events (pnp.story.told) ---------------------------------


def claim_of(step: Step) -> Happened:
    """The step's claim: an event that happened."""
    assert isinstance(step.claim, Happened), step.text
    return step.claim


def facts(claim: Happened, name: str) -> list[Fact]:
    """The claim's facts ``name``, in order."""
    return [f for f in claim.facts if f.name == name]


def fact(claim: Happened, name: str) -> Any:
    """The value of the claim's first fact ``name`` (which it must state)."""
    found = facts(claim, name)
    assert found, f"{claim.key} states no {name}"
    return found[0].value
