"""The Santoska walker hooks: a game is told round by round (:class:`Rounds`), and the
turns of a round; a pinned example's focus is the round and the player it is about."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.engine.core import Event
from pnp.games.santoska.rules import events as ev
from pnp.games.santoska.rules.actions import DRAW, TAKE, Action
from pnp.games.santoska.rules.cards import NO_CARD
from pnp.games.santoska.rules.phases import PHASE_DRAW
from pnp.games.santoska.rules.state import SantoskaState
from pnp.story import Moment, Scene, Segment, Segments

FOCUS = ("round", "player")  # the player is the seat the example is about, plus one


@dataclass(frozen=True)
class Table:
    """The round, each seat's total and grid (empty: out), the open discard, row length, limit;
    the dealer of every round dealt so far, and who stopped the last finished round and the
    ``(seat, points)`` it gave (``-1`` and empty before the first round ends)."""

    round: int
    totals: tuple[int, ...]
    grids: tuple[tuple[int, ...], ...]
    discard: int
    row_length: int
    limit: int
    dealers: tuple[int, ...] = ()
    last_stopper: int = -1
    last_points: tuple[tuple[int, int], ...] = ()
    hand: tuple[int, int] = (-1, NO_CARD)
    """The seat holding a card it took or drew, and that card (``-1``: nobody)."""


Move = Moment[Action, Table]  # ``before``: the table before the action
Round = Segment[Action, Table, Table]
RoundScene = Scene[Action, Table, Table]


class Rounds(Segments[SantoskaState, Action, Table, Table]):
    """From a round's first turn, on the table as dealt, to its end; the table before each action."""

    def __init__(self) -> None:
        self.dealers: list[int] = []

    def opens(self, state: SantoskaState, action: Action) -> bool:
        return state.phase == PHASE_DRAW and state.turn == 1

    def seen(self, events: tuple[Event, ...]) -> None:
        self.dealers += [e.dealer for e in events if isinstance(e, ev.RoundDealt)]

    def snapshot(self, state: SantoskaState) -> Table:
        discard = state.discard[-1] if state.discard else NO_CARD
        grids, limit = tuple(map(tuple, state.grids)), state.config.limit
        last = state.results[-1] if state.results else None
        return Table(
            state.round,
            tuple(state.totals),
            grids,
            discard,
            state.row_length,
            limit,
            tuple(self.dealers),
            -1 if last is None else last.stopper,
            () if last is None else last.points,
            (state.to_move, state.hand) if state.hand != NO_CARD else (-1, NO_CARD),
        )

    def faced(self, state: SantoskaState, action: Action) -> Table:
        return self.snapshot(state)

    def closes(self, moment: Move) -> bool:
        return moment.has(ev.RoundEnded)

    def focus(self, segment: Round) -> tuple[int]:
        return (segment.start.round,)


@dataclass(frozen=True)
class PlayerTurn:
    """One player's turn: the take or draw (``began``: its event, with the card and whether
    it is a last turn after a Stop), the swap (``None``: discarded) and the call if any."""

    seat: int
    begin: Move
    place: Move
    call: Move | None
    began: ev.CardTaken | ev.CardDrawn
    swap: ev.CardSwapped | None

    def ends_with(self, move: int) -> bool:
        """True if the turn ends with the call ``move`` (``ARRIBA``, ``STOP``)."""
        return self.call is not None and self.call.action == move


def turns(rnd: Round) -> list[PlayerTurn]:
    """The round's complete turns in order (reshuffles left out)."""
    moves, position = [m for m in rnd.moments if m.actor >= 0], 0
    out: list[PlayerTurn] = []
    while position + 1 < len(moves):
        begin, place = moves[position], moves[position + 1]
        position += 2
        call = None
        if position < len(moves) and moves[position].action not in (TAKE, DRAW):
            call = moves[position]
            position += 1
        began = next(e for e in begin.events if isinstance(e, ev.CardTaken | ev.CardDrawn))
        swap = next(iter(place.events_of(ev.CardSwapped)), None)
        out.append(PlayerTurn(begin.actor, begin, place, call, began, swap))
    return out
