"""The Santoska walker hooks: a game is told round by round.

A round opens with its deal and closes with the action that ends it
(:class:`Rounds`); the walker notes every seat's total at its start and end
(:class:`Table`) and the open card of the discard pile before each action.
A pinned example's focus is the round and the player (seat + 1) it is about.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.games.santoska import events as ev
from pnp.games.santoska.actions import DRAW, TAKE, Action
from pnp.games.santoska.cards import NO_CARD, parse_cell
from pnp.games.santoska.phases import PHASE_DEAL
from pnp.games.santoska.state import SantoskaState
from pnp.story import Moment, PinnedRecord, Scene, Segment, Segments

FOCUS = ("round", "player")


@dataclass(frozen=True)
class Table:
    """Every seat's total, the cards per row and the game's limit."""

    totals: tuple[int, ...]
    row_length: int
    limit: int


Move = Moment[Action, int]
"""An action of a round; ``before`` is the open card of the discard pile (``NO_CARD``: none)."""
Round = Segment[Action, int, Table]
RoundScene = Scene[Action, int, Table]


class Rounds(Segments[SantoskaState, Action, int, Table]):
    """A round opens with its deal and closes with the action that ends it."""

    def opens(self, state: SantoskaState, action: Action) -> bool:
        return state.phase == PHASE_DEAL

    def snapshot(self, state: SantoskaState) -> Table:
        return Table(tuple(state.totals), state.row_length, state.config.limit)

    def faced(self, state: SantoskaState, action: Action) -> int:
        return state.discard[-1] if state.discard else NO_CARD

    def closes(self, moment: Move) -> bool:
        return moment.has(ev.RoundEnded)

    def focus(self, segment: Round) -> tuple[int]:
        return (dealt(segment).round,)


def dealt(rnd: Round) -> ev.RoundDealt:
    """The deal that opens ``rnd`` (its grids: empty for a seat that is out)."""
    return rnd.moments[0].events_of(ev.RoundDealt)[0]


def focus_seat(pinned: PinnedRecord) -> int:
    """The seat a pinned example is about."""
    return pinned.focus_value("player") - 1


def grid_before(rnd: Round, index: int, seat: int) -> tuple[int, ...]:
    """The cards of ``seat``'s grid before action ``index`` (from the deal and the swaps)."""
    grid = list(dealt(rnd).grids[seat])
    for moment in rnd.moments[: index - rnd.first]:  # every action of the round is a moment
        for swap in moment.events_of(ev.CardSwapped):
            if swap.seat == seat:
                grid[parse_cell(swap.cell, rnd.start.row_length)] = swap.card_in
    return tuple(grid)


@dataclass(frozen=True)
class PlayerTurn:
    """One player's turn: the take or draw, the swap or discard, and the call if any."""

    seat: int
    begin: Move
    place: Move
    call: Move | None

    @property
    def began(self) -> ev.CardTaken | ev.CardDrawn:
        """The take or the draw: its card, and whether it is a last turn after a Stop."""
        return next(e for e in self.begin.events if isinstance(e, ev.CardTaken | ev.CardDrawn))

    @property
    def swap(self) -> ev.CardSwapped | None:
        """The swap, or ``None`` when the drawn card was discarded."""
        return next(iter(self.place.events_of(ev.CardSwapped)), None)

    def ends_with(self, move: int) -> bool:
        """True if the turn ends with the call ``move`` (``ARRIBA``, ``STOP``)."""
        return self.call is not None and self.call.action == move


def turns(rnd: Round) -> list[PlayerTurn]:
    """The round's complete turns in order (reshuffles left out)."""
    moves, position = [m for m in rnd.moments if m.actor >= 0], 0
    out: list[PlayerTurn] = []
    while position + 1 < len(moves):
        begin, place = moves[position], moves[position + 1]
        calls = moves[position + 2 : position + 3]
        call = calls[0] if calls and calls[0].action not in (TAKE, DRAW) else None
        out.append(PlayerTurn(begin.actor, begin, place, call))
        position += 2 if call is None else 3
    return out
