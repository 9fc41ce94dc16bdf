"""Checking what the sentences of an example claim.

Every sentence (:class:`~pnp.example_model.Step`) of an example carries a *claim*
(:class:`~pnp.story.told.Happened`: its action caused this event, and its facts hold).
Two checks are the same for every game:

* the example still shows its kind: every phrase its row requires is one a sentence was
  told with (:func:`missing_claims`, run whenever an example is told);
* every claim holds in the game: the story's :class:`Checks` replay the pinned record
  (:class:`Replay`) and look again (:class:`~pnp.story.told.EventChecks`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Generic, Protocol, TypeVar

from pnp.engine.core import Engine, Event, EventLog, GameRecord, GameState
from pnp.example_model import Step

A = TypeVar("A")
C = TypeVar("C")
R_contra = TypeVar("R_contra", contravariant=True)
S = TypeVar("S", bound=GameState[Any])


def _makes(claim: object, required: str) -> bool:
    key = getattr(claim, "key", None)  # the phrase an event-told claim was told with
    if not isinstance(key, str):
        return False
    return key.startswith(required[:-1]) if required.endswith("*") else key == required


def missing_claims(required: Iterable[str], steps: Sequence[Step]) -> list[str]:
    """The ``required`` phrase keys (a prefix when one ends in ``*``) that no step of
    ``steps`` was told with."""
    claims = [step.claim for step in steps]
    return [key for key in required if not any(_makes(c, key) for c in claims)]


class Checks(Protocol[R_contra]):
    """How a game's claims are checked against a replayed record."""

    def check(self, game: R_contra, claim: object) -> None:
        """Assert that ``claim`` holds in ``game``."""
        ...

    def check_steps(self, game: R_contra, steps: Iterable[Step]) -> None:
        """Assert that every step's claim holds in ``game``."""
        ...


@dataclass(frozen=True)
class Replay(Generic[C, S, A]):
    """A game record replayed on fresh engine states (and once with the log on, for the
    events each action caused)."""

    engine: Engine[C, S, A]
    config: C
    record: GameRecord

    @cached_property
    def actions(self) -> tuple[A, ...]:
        """The record's actions, decoded."""
        return tuple(self.engine.decode_action(data) for data in self.record.actions)

    def action(self, index: int) -> A:
        """Action ``index`` of the record."""
        return self.actions[index]

    @cached_property
    def caused(self) -> tuple[tuple[Event, ...], ...]:
        """The events each action of the record caused, replayed once with the log on."""
        log = EventLog()
        state = self.engine.new_state(self.config, self.record.num_players, log)
        out = []
        for action in self.actions:
            start = len(log)
            state.push(action)
            out.append(log.events[start:])
        return tuple(out)

    def events_at(self, index: int) -> tuple[Event, ...]:
        """The events action ``index`` caused."""
        return self.caused[index]

    def state_after(self, count: int) -> S:
        """A fresh state after the first ``count`` actions of the record."""
        state = self.engine.new_state(self.config, self.record.num_players)
        for action in self.actions[:count]:
            state.push(action)
        return state


@dataclass(frozen=True)
class Cursor(Replay[C, S, A]):
    """A record replayed for telling on one state that steps forward and back (push, pop) to
    the action asked for: a sentence asks for facts nearly in record order, so telling an
    example replays its record about once. ``moves`` are the actions where the record has
    none (a searched game). The states it gives are to be read, not changed; a story checks
    its claims on a cursor of its own, never the telling's."""

    moves: tuple[A, ...] = ()
    _state: list[S] = field(default_factory=list, init=False, compare=False, repr=False)

    def state_after(self, count: int) -> S:
        """The telling's state after the first ``count`` actions."""
        moves = self.moves or self.actions
        if not self._state:
            self._state.append(self.engine.new_state(self.config, self.record.num_players))
        state = self._state[0]
        while len(state.history) > count:
            state.pop()
        while len(state.history) < count:
            state.push(moves[len(state.history)])
        return state
