"""Replaying a game action by action and cutting it into segments: tricks, rounds, turns.

:func:`walk` replays a list of actions on a fresh engine state (checking that
every player action is legal) and gives the parts of the game a rulebook
example tells, as :class:`Segment` objects: the table at the segment's start
and end, and every action in it as a :class:`Moment` with the events it caused.
Where a segment starts and ends, and what is noted on the way, is up to the
game: it writes a :class:`Segments` subclass.

Events come back typed: ``moment.events_of(TrickWon)`` is a ``list[TrickWon]``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from pnp.engine.core import TERMINAL, Engine, Event, GameState
from pnp.story.pinned import RecentLog

A = TypeVar("A")
B = TypeVar("B")
C = TypeVar("C")
E = TypeVar("E", bound=Event)
T = TypeVar("T")
S = TypeVar("S", bound=GameState[Any])


def events_of(events: Sequence[Event], kind: type[E]) -> list[E]:
    """The events of type ``kind`` (subclasses included) among ``events``, in order."""
    return [event for event in events if isinstance(event, kind)]


@dataclass(frozen=True)
class Moment(Generic[A, B]):
    """One action of a segment: who chose it, what they faced before it, what it caused."""

    index: int
    """Position of the action in the game's action list."""
    actor: int
    """The seat that chose the action, or :data:`~pnp.engine.core.CHANCE`."""
    action: A
    before: B
    """What the game noted just before the action (:meth:`Segments.faced`)."""
    events: tuple[Event, ...]

    def events_of(self, kind: type[E]) -> list[E]:
        """The action's events of type ``kind``, in order."""
        return events_of(self.events, kind)

    def has(self, kind: type[Event]) -> bool:
        """True if the action caused an event of type ``kind``."""
        return any(isinstance(event, kind) for event in self.events)


@dataclass(frozen=True)
class Segment(Generic[A, B, T]):
    """A part of a game (a trick, a round): the table at its start and end, and its moments."""

    start: T
    """The game's snapshot (:meth:`Segments.snapshot`) before the first action."""
    end: T
    """The same snapshot after the last action."""
    moments: tuple[Moment[A, B], ...]
    finished: bool
    """False for a segment the actions stop in the middle of."""

    @property
    def first(self) -> int:
        """Index of the segment's first action in the game's action list."""
        return self.moments[0].index

    @property
    def last(self) -> int:
        """Index of the segment's last action."""
        return self.moments[-1].index

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event of the segment, in order."""
        return tuple(event for moment in self.moments for event in moment.events)

    def events_of(self, kind: type[E]) -> list[E]:
        """The segment's events of type ``kind``, in order."""
        return events_of(self.events, kind)

    def has(self, kind: type[Event]) -> bool:
        """True if the segment has an event of type ``kind``."""
        return any(moment.has(kind) for moment in self.moments)


class Segments(ABC, Generic[S, A, B, T]):
    """Where a game's segments start and end, and what the walk notes (one object per walk).

    A segment opens at an action (:meth:`opens`, asked before each action
    while no segment is open), the game's :meth:`snapshot` is taken then and
    after its last action, :meth:`faced` is noted before each of its actions,
    and it ends with the action :meth:`closes` accepts. :meth:`focus` gives
    the numbers that name a segment in a pinned record (hand and trick, or
    round). :meth:`seen` is shown every action's events, inside a segment or
    not, for a game that follows the log itself.
    """

    @abstractmethod
    def opens(self, state: S, action: A) -> bool:
        """True if ``action``, about to be pushed on ``state``, is a segment's first."""

    @abstractmethod
    def snapshot(self, state: S) -> T:
        """What the game keeps of the table at a segment's start (and end)."""

    @abstractmethod
    def faced(self, state: S, action: A) -> B:
        """What the game notes before an action of a segment (e.g. the actor's hand)."""

    @abstractmethod
    def closes(self, moment: Moment[A, B]) -> bool:
        """True if the action of ``moment`` ends the open segment."""

    @abstractmethod
    def focus(self, segment: Segment[A, B, T]) -> tuple[int, ...]:
        """The numbers that name ``segment``: the first focus numbers of a pinned record."""

    def seen(self, events: tuple[Event, ...]) -> None:
        """Called with the events of every action, in order (nothing by default)."""


def walk(
    engine: Engine[C, S, A],
    config: C,
    num_players: int,
    actions: Sequence[A],
    segments: Segments[S, A, B, T],
    only: Callable[[A], bool] | None = None,
    after: Callable[[Moment[A, B], T], None] | None = None,
) -> Iterator[Segment[A, B, T]]:
    """Replay ``actions`` and yield every segment; ``ValueError`` on an illegal action.

    A segment is yielded when it closes, or at the end of the actions if it
    is still open (``finished`` false). With ``only``, a segment opens only at
    an action that passes that test (the others are replayed, not traced,
    which is faster). With ``after``, every moment of a segment is handed to it together
    with the game's snapshot of the table right after its action (a move-by-move view).
    """
    log = RecentLog()
    state = engine.new_state(config, num_players, log)
    current: tuple[T, list[Moment[A, B]]] | None = None
    for index, action in enumerate(actions):
        actor = state.current_player()
        if actor == TERMINAL:
            raise ValueError(f"action {index} comes after the end of the game")
        if actor >= 0 and action not in state.legal_actions():
            raise ValueError(f"action {index} is not legal for seat {actor}")
        if current is None and segments.opens(state, action) and (only is None or only(action)):
            current = (segments.snapshot(state), [])
        before = None if current is None else (segments.faced(state, action),)
        log.recent = []
        state.push(action)
        events = tuple(log.recent)
        segments.seen(events)
        if current is None or before is None:
            continue
        moment = Moment(index, actor, action, before[0], events)
        current[1].append(moment)
        if after is not None:
            after(moment, segments.snapshot(state))
        if segments.closes(moment):
            yield Segment(current[0], segments.snapshot(state), tuple(current[1]), True)
            current = None
    if current is not None:
        yield Segment(current[0], segments.snapshot(state), tuple(current[1]), False)
