"""Generic engine protocol: players, events, game records, the play runner and replay.

A game engine is a pair of objects:

* a *state* (one mutable object per game) with ``current_player()``,
  ``legal_actions()``, ``push(action)`` and ``pop()`` (cheap undo, no deep copies);
* an *engine* object that creates states, samples chance outcomes with the
  runner's random generator, builds per-player views for policies and encodes
  actions for game records.

Chance is an explicit actor: when ``current_player()`` is :data:`CHANCE`, the
runner asks the engine to sample an outcome and pushes it like any other action.
Because every chance outcome ends up in the action list, a :class:`GameRecord`
replays exactly without the random generator.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from pnp.engine.policies import Policy

CHANCE = -1
"""Player id of the chance actor (shuffles, deals, the dealer draw)."""

TERMINAL = -2
"""Value of ``current_player()`` once the game is over."""

JSON = None | bool | int | float | str | list["JSON"] | dict[str, "JSON"]
"""A value that :mod:`json` can write and read back unchanged."""

A = TypeVar("A")
S = TypeVar("S", bound="GameState[Any]")
C_contra = TypeVar("C_contra", contravariant=True)


@dataclass(frozen=True, slots=True)
class Event:
    """Base class of everything a game writes to its event log.

    Subclasses are frozen dataclasses. ``automatic`` is true for events that
    record what the rules did by themselves (cards returned to a hand, gifts
    handed over), as opposed to a player's or chance's choice. ``rules`` names
    the rule IDs of the game's checklist (``TD-B4``) that the kind of event
    enacts; an event whose rule depends on its fields (a player out by one rule
    or another) overrides :attr:`rule_ids`.
    """

    automatic: ClassVar[bool] = False
    rules: ClassVar[tuple[str, ...]] = ()

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """The rule IDs this event enacts (its kind's ``rules`` unless its fields decide)."""
        return self.rules

    @property
    def event_type(self) -> str:
        """The event type name, e.g. ``"TrickWon"``."""
        return type(self).__name__

    def to_dict(self) -> dict[str, JSON]:
        """A JSON-ready dict: ``{"type": ..., <field>: <value>, ..., "rules": [...]}``."""
        out: dict[str, JSON] = {"type": self.event_type}
        for f in fields(self):
            out[f.name] = _jsonable(getattr(self, f.name))
        out["rules"] = list(self.rule_ids)
        return out


def _jsonable(value: object) -> JSON:
    """Turn tuples (possibly nested) into lists; leave scalars alone."""
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    if value is None or isinstance(value, bool | int | float | str):
        return value
    raise TypeError(f"event field value {value!r} is not JSON-compatible")


class EventLog:
    """An append-only list of events that can be switched off.

    Engines keep no reference to a disabled log (they normalise it to ``None``
    when the state is created), so with logging off the hot path does not even
    build the event objects. Enable or disable a log *before* creating the
    state that writes to it.
    """

    __slots__ = ("_events", "enabled")

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self._events: list[Event] = []

    def emit(self, event: Event) -> None:
        """Append ``event`` (ignored when the log is disabled)."""
        if self.enabled:
            self._events.append(event)

    def truncate(self, length: int) -> None:
        """Forget every event after the first ``length`` (used by undo)."""
        del self._events[length:]

    @property
    def events(self) -> tuple[Event, ...]:
        """The events so far, oldest first."""
        return tuple(self._events)

    def __len__(self) -> int:
        return len(self._events)

    def __iter__(self) -> Iterator[Event]:
        return iter(self._events)


def active_log(log: EventLog | None) -> EventLog | None:
    """Return ``log`` if it records events, else ``None`` (for engines' hot paths)."""
    return log if log is not None and log.enabled else None


class GameState(Protocol[A]):
    """What the runner needs from a game state."""

    @property
    def num_players(self) -> int:
        """The number of seats."""
        ...

    @property
    def history(self) -> Sequence[A]:
        """Every action pushed so far (chance actions included)."""
        ...

    def current_player(self) -> int:
        """The seat to act, :data:`CHANCE`, or :data:`TERMINAL`."""
        ...

    def legal_actions(self) -> Sequence[A]:
        """The legal actions of the player to act (empty at chance and terminal nodes)."""
        ...

    def push(self, action: A) -> None:
        """Apply ``action`` and remember how to undo it."""
        ...

    def pop(self) -> A:
        """Undo the last action and return it."""
        ...

    def advance(self, action: A) -> None:
        """Apply ``action`` for good, without an undo record (simulations never undo)."""
        ...

    def is_terminal(self) -> bool:
        """True once the game is over."""
        ...

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats (several on a shared win); empty before the end."""
        ...


class Engine(Protocol[C_contra, S, A]):
    """What the runner needs from a game engine (one object per game)."""

    @property
    def game_id(self) -> str:
        """The game id used on the command line, e.g. ``"twaalf-dagen"``."""
        ...

    def variants(self, config: C_contra) -> tuple[str, ...]:
        """The variant ids that ``config`` selects (empty for the base game)."""
        ...

    def new_state(self, config: C_contra, num_players: int, log: EventLog | None = None) -> S:
        """A fresh game state; events go to ``log`` if it is enabled."""
        ...

    def sample_chance(self, state: S, rng: random.Random) -> A:
        """Draw the chance outcome at a chance node with the runner's generator."""
        ...

    def player_view(self, state: S, player: int) -> Any:
        """A read-only view of ``state`` showing only what ``player`` may know."""
        ...

    def encode_action(self, action: A) -> JSON:
        """Turn an action into a JSON value for a :class:`GameRecord`."""
        ...

    def decode_action(self, data: JSON) -> A:
        """Inverse of :meth:`encode_action`."""
        ...

    def metrics(self, state: S) -> dict[str, list[float]]:
        """Samples for simulation statistics of a finished game (name -> values)."""
        ...


@dataclass(frozen=True)
class GameRecord:
    """Everything needed to replay one game exactly.

    ``actions`` holds every action in JSON form, chance actions included, in
    the order they were applied. ``seed`` is informative (the seed the runner
    used), replay does not need it.
    """

    game_id: str
    variants: tuple[str, ...]
    num_players: int
    seed: int | None
    actions: tuple[JSON, ...]

    def to_dict(self) -> dict[str, JSON]:
        """A JSON-ready dict."""
        return {
            "game": self.game_id,
            "variants": list(self.variants),
            "players": self.num_players,
            "seed": self.seed,
            "actions": list(self.actions),
        }

    @classmethod
    def from_dict(cls, data: dict[str, JSON]) -> GameRecord:
        """Inverse of :meth:`to_dict`; raises ``ValueError`` on a malformed dict."""
        try:
            game_id = data["game"]
            variants = data["variants"]
            players = data["players"]
            seed = data["seed"]
            actions = data["actions"]
        except KeyError as exc:
            raise ValueError(f"game record lacks the field {exc.args[0]!r}") from None
        if not isinstance(game_id, str):
            raise ValueError("game record: 'game' must be a string")
        if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
            raise ValueError("game record: 'variants' must be a list of strings")
        if not isinstance(players, int) or isinstance(players, bool):
            raise ValueError("game record: 'players' must be an integer")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise ValueError("game record: 'seed' must be an integer or null")
        if not isinstance(actions, list):
            raise ValueError("game record: 'actions' must be a list")
        return cls(game_id, tuple(str(v) for v in variants), players, seed, tuple(actions))

    def to_json(self) -> str:
        """The record as a JSON text."""
        return json.dumps(self.to_dict())

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """Read a record written by :meth:`to_json`."""
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError("game record: expected a JSON object")
        return cls.from_dict(data)


class PlayResult(Generic[S]):
    """The outcome of :func:`play`: the final state, its log and its record."""

    __slots__ = ("_encode", "_variants", "game_id", "log", "seed", "state")

    def __init__(
        self,
        engine: Engine[C_contra, S, Any],
        config: C_contra,
        state: S,
        seed: int | None,
        log: EventLog | None,
    ) -> None:
        self.game_id = engine.game_id
        self._variants = engine.variants(config)
        self._encode = engine.encode_action
        self.state = state
        self.seed = seed
        self.log = log

    @property
    def events(self) -> tuple[Event, ...]:
        """The logged events (empty when the game was played with the log off)."""
        return self.log.events if self.log is not None else ()

    @property
    def record(self) -> GameRecord:
        """The game record (built on demand: simulations never pay for it)."""
        encode = self._encode
        return GameRecord(
            self.game_id,
            self._variants,
            self.state.num_players,
            self.seed,
            tuple(encode(a) for a in self.state.history),
        )


def play(
    engine: Engine[C_contra, S, A],
    config: C_contra,
    policies: Sequence[Policy[Any, A]],
    rng: random.Random | int,
    *,
    log: EventLog | None = None,
    seed: int | None = None,
    undo: bool = True,
) -> PlayResult[S]:
    """Play one game to the end and return its result.

    ``policies[i]`` plays seat ``i``; the number of policies is the player
    count. ``rng`` is either a seed (recorded in the game record) or a
    :class:`random.Random`; pass ``seed`` too in the latter case to have it
    recorded. Chance outcomes are drawn from ``rng``; the policies share a
    second generator seeded from the first draw of ``rng``, so the chance
    outcomes (deals) of a seed do not depend on which policies play.

    Each policy receives ``engine.player_view(state, seat)``, never the state
    itself, so it cannot read hidden information.

    With ``undo=False`` every action goes through ``state.advance`` instead of
    ``state.push``: the same game, but without the undo records a simulation
    never uses (the final state cannot be popped).
    """
    if isinstance(rng, int):
        seed = rng
        rng = random.Random(rng)
    policy_rng = random.Random(rng.getrandbits(64))
    state = engine.new_state(config, len(policies), log)
    views = [engine.player_view(state, seat) for seat in range(len(policies))]
    choosers = [policy.choose for policy in policies]
    sample = engine.sample_chance
    current = state.current_player
    legal = state.legal_actions
    push = state.push if undo else state.advance
    while True:
        seat = current()
        if seat >= 0:
            push(choosers[seat](views[seat], legal(), policy_rng))
        elif seat == CHANCE:
            push(sample(state, rng))
        else:
            break
    return PlayResult(engine, config, state, seed, log)


def replay(
    record: GameRecord, engine: Engine[C_contra, Any, Any], config: C_contra
) -> tuple[Event, ...]:
    """Re-apply every action of ``record`` with the log on and return the events.

    ``engine`` and ``config`` are the game's engine and its configuration for
    ``record.variants``. Player actions are checked against the legal actions;
    an illegal action raises ``ValueError``.
    """
    log = EventLog()
    state = engine.new_state(config, record.num_players, log)
    for index, data in enumerate(record.actions):
        action = engine.decode_action(data)
        seat = state.current_player()
        if seat == TERMINAL:
            raise ValueError(f"action {index} ({data!r}) comes after the end of the game")
        if seat >= 0 and action not in state.legal_actions():
            raise ValueError(f"action {index} ({data!r}) is not legal for seat {seat}")
        state.push(action)
    return log.events
