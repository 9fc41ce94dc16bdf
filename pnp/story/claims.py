"""Checking what the sentences of an example claim.

Every sentence (:class:`~pnp.example_model.Step`) of an example carries a
*claim*: a frozen dataclass of the game stating one fact of the replayed game.
Two checks are the same for every game:

* the example still shows its kind: every claim type its row requires is made
  by some sentence (:func:`missing_claims`, run whenever an example is told);
* every claim holds in the game: a :class:`ClaimChecks` table gives each claim
  type a check against fresh engine states of the pinned record
  (:class:`Replay`, no event log), independent of the events the sentence was
  told from. The checks themselves are the game's (its test suite's).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Generic, Protocol, TypeVar

from pnp.engine.core import Engine, Event, EventLog, GameRecord, GameState
from pnp.example_model import Step

A = TypeVar("A")
C = TypeVar("C")
K = TypeVar("K")
R = TypeVar("R")
R_contra = TypeVar("R_contra", contravariant=True)
S = TypeVar("S", bound=GameState[Any])


def _makes(claim: object, required: type[object] | str) -> bool:
    if isinstance(required, type):
        return isinstance(claim, required)
    key = getattr(claim, "key", None)  # an event-told claim names its phrase (pnp.story.told)
    if not isinstance(key, str):
        return False
    return key.startswith(required[:-1]) if required.endswith("*") else key == required


def missing_claims(required: Iterable[type[object] | str], steps: Sequence[Step]) -> list[str]:
    """The ``required`` claims no step of ``steps`` makes: a claim type, or the phrase key
    of an event-told sentence (a prefix when it ends in ``*``)."""
    claims = [step.claim for step in steps]
    return [
        r.__name__ if isinstance(r, type) else r
        for r in required
        if not any(_makes(c, r) for c in claims)
    ]


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
class ClaimCheck(Generic[R]):
    """The check of one claim type (make one with :func:`check`)."""

    kind: type[object]
    run: Callable[[R, object], None]


def check(kind: type[K], run: Callable[[R, K], None]) -> ClaimCheck[R]:
    """Check claims of type ``kind`` with ``run(game, claim)``, which asserts."""

    def checked(game: R, claim: object) -> None:
        if not isinstance(claim, kind):
            raise AssertionError(f"expected a {kind.__name__} claim, got {claim!r}")
        run(game, claim)

    return ClaimCheck(kind, checked)


class ClaimChecks(Generic[R]):
    """A game's claim checks by claim type; ``R`` is what they check against (a replay)."""

    def __init__(self, *checks: ClaimCheck[R]) -> None:
        self._checks = {c.kind: c.run for c in checks}

    @property
    def kinds(self) -> frozenset[type[object]]:
        """The claim types that have a check."""
        return frozenset(self._checks)

    def check(self, game: R, claim: object) -> None:
        """Assert that ``claim`` holds in ``game``; a claim without a check fails too."""
        if claim is None:
            raise AssertionError("the sentence makes no claim")
        run = self._checks.get(type(claim))
        if run is None:
            raise AssertionError(f"no check for {type(claim).__name__} claims")
        run(game, claim)

    def check_steps(self, game: R, steps: Iterable[Step]) -> None:
        """Assert that every step's claim holds in ``game``."""
        for step in steps:
            self.check(game, step.claim)
