"""The Stoomboot walker hooks: a game is told round by round.

A segment (:class:`Rounds`) runs from the action after a round's end to the
action that ends the next round: the draws, then the round itself, which
starts with the action whose events hold its ``RoundStarted``. :class:`Round`
is that part of a segment: what an example tells and what the search scores.
The hooks follow the event log, not the engine state, so the claims the tests
check against the engine are an independent check of it. The focus is the round.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TypeVar

from pnp.engine.core import Event
from pnp.games.stoomboot.rules import events as ev
from pnp.games.stoomboot.rules.actions import Action
from pnp.games.stoomboot.rules.state import StoombootState
from pnp.story import Moment, Scene, Segment, Segments

E = TypeVar("E", bound=Event)
FOCUS = ("round",)
"""The name of a pinned example's focus number: the round it tells."""
ROW_CHANGES = (ev.RoundStarted, ev.RowLengthened, ev.RowShortened, ev.DamageTaken)
"""The events that give the Stoomrij anew."""
Pawns = tuple[tuple[str, str, str], ...]
"""Pawns on the map: ``(pawn, square, heading)``, the boat first."""


@dataclass(frozen=True)
class Seen:
    """The table as the event log told it: pawns, delivered squares, Stoomrij, map tiles."""

    pawns: Pawns
    delivered: frozenset[str]
    row: tuple[str, ...]
    size: int
    tiles: tuple[str, ...]
    """The map's tile ids, row by row from the top left."""
    hands: tuple[tuple[str, ...], ...] = ()
    """Each player's hand (card ids) by seat, taken from the state after an action (for the
    move-by-move view); empty where only the log is followed."""


Play = Moment[Action, Seen]
"""An action, with the table as it was before it."""
RoundScene = Scene[Action, Seen, Seen]


@dataclass(frozen=True)
class Round:
    """A round, from the action that started it to its end (or to the end of the actions)."""

    started: ev.RoundStarted
    moments: tuple[Play, ...]
    end: Seen
    """The table after the round's last action."""

    @classmethod
    def of(cls, segment: Segment[Action, Seen, Seen]) -> Round | None:
        """The round that starts in ``segment`` (None if none does)."""
        moments = segment.moments
        at = [i for i, m in enumerate(moments) if m.has(ev.RoundStarted)]
        if not at:
            return None
        started = moments[at[-1]].events_of(ev.RoundStarted)[-1]
        return cls(started, moments[at[-1] :], segment.end)

    @property
    def round(self) -> int:
        return self.started.round

    @property
    def last(self) -> int:
        """Index of the round's last action."""
        return self.moments[-1].index

    @property
    def start(self) -> Seen:
        """The table as the round began."""
        b = self.moments[0].before
        return Seen(b.pawns, b.delivered, self.started.row, b.size, b.tiles)

    def events(self, kind: type[E]) -> list[E]:
        """The round's events of type ``kind``, in order."""
        return [e for m in self.moments for e in m.events_of(kind)]

    def told(self) -> Iterator[tuple[Play, Event]]:
        """Every ``(moment, event)`` from the round's start on."""
        first = self.moments[0]
        start = next(i for i, e in enumerate(first.events) if e is self.started)
        yield from ((first, e) for e in first.events[start:])
        yield from ((m, e) for m in self.moments[1:] for e in m.events)

    def after(self, moment: Play) -> Seen:
        """The table right after ``moment``'s action."""
        return next((m.before for m in self.moments if m.index > moment.index), self.end)


class Rounds(Segments[StoombootState, Action, Seen, Seen]):
    """A segment closes with a round's end, the next opens with the action after it; the
    table (map, delivered houses, pawns, Stoomrij) follows the log (:meth:`seen`)."""

    def __init__(self) -> None:
        self.tiles: tuple[str, ...] = ()
        self.size = 0
        self.delivered: set[str] = set()
        self.pawns: dict[str, tuple[str, str]] = {}
        self.row: tuple[str, ...] = ()

    def opens(self, state: StoombootState, action: Action) -> bool:
        return True

    def snapshot(self, state: StoombootState) -> Seen:
        order = sorted(self.pawns, key=lambda p: (p != "boot", p))
        pawns = tuple((p, *self.pawns[p]) for p in order)
        hands = tuple(state.names(hand) for hand in state.hands)
        return Seen(pawns, frozenset(self.delivered), self.row, self.size, self.tiles, hands)

    def faced(self, state: StoombootState, action: Action) -> Seen:
        return self.snapshot(state)

    def closes(self, moment: Play) -> bool:
        return moment.has(ev.RoundEnded)

    def focus(self, segment: Segment[Action, Seen, Seen]) -> tuple[int]:
        """The round (0 for a segment in which no round starts)."""
        found = Round.of(segment)
        return (0 if found is None else found.round,)

    def seen(self, events: tuple[Event, ...]) -> None:
        for e in events:
            if isinstance(e, ev.MapLaid):
                self.size, self.tiles = e.size, tuple(t for row in e.rows for t in row)
            elif isinstance(e, ev.BoatPlaced):
                self.pawns["boot"] = (e.square, e.heading)
            elif isinstance(e, ev.PawnMoved):
                self.pawns[e.pawn] = (e.end, e.heading)
            elif isinstance(e, ev.PawnTurned):
                self.pawns[e.pawn] = (e.square, e.after)
            elif isinstance(e, ev.PietEntered):
                self.pawns[e.pawn] = (e.square, e.heading)
            elif isinstance(e, ev.HeadingChosen):
                self.pawns[e.pawn] = (self.pawns[e.pawn][0], e.heading)
            elif isinstance(e, ev.Delivered):
                self.delivered.add(e.square)
            elif isinstance(e, ROW_CHANGES):
                self.row = e.row
