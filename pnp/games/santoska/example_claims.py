"""What each Santoska example sentence claims.

Every sentence of an example carries a *claim*: one of the frozen dataclasses
below, which the test suite checks against a fresh engine state (the record's
actions pushed again, no event log), independently of the events the sentence
was rendered from. Seats are engine seats (0 .. n-1); ``name`` fields hold the
Dutch name the sentence uses for that seat. Action positions (``at``) index the
record's action list. Rows are 0 (bottom) and 1 (top), columns count from 0;
a cell is ``row * row_length + col``; a Santoska card is 0.

:data:`KIND_CLAIMS` lists the claims an example of each kind must make.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from pnp.games.santoska.example_cases import KIND_ARRIBA, KIND_EXACT, KIND_SCORING, KIND_STOP


@dataclass(frozen=True)
class ShowsRow:
    """After the first ``after`` actions, row ``row`` of ``seat``'s grid holds ``cards``."""

    after: int
    seat: int
    name: str
    row: int
    cards: tuple[int, ...]


@dataclass(frozen=True)
class Turn:
    """Actions ``at`` and ``at + 1`` are ``seat``'s turn (SA-B3).

    ``took``: the turn began with the open card of the discard pile (else the
    top card of the draw pile), which was ``card``. Then ``card`` went to
    ``cell`` of the active row, and ``card_out``, which was there, went face up
    onto the discard pile; ``knew_out`` says whether ``seat`` had seen it. For a
    drawn card put straight onto the discard pile ``cell`` and ``card_out`` are
    ``-1``. ``final``: a turn of the last lap after somebody else's Stop, which
    ends without a call (SA-B5).
    """

    at: int
    seat: int
    name: str
    took: bool
    card: int
    cell: int
    card_out: int
    knew_out: bool
    final: bool


@dataclass(frozen=True)
class CallsArriba:
    """Action ``at`` is ``seat`` calling Arriba with ``bottom`` as bottom row (SA-B4).

    From then on the bottom row is closed and the top row is active.
    """

    at: int
    seat: int
    name: str
    bottom: tuple[int, ...]


@dataclass(frozen=True)
class CallsStop:
    """Action ``at`` is ``seat`` calling Stop (SA-B5); ``final_turns`` (by ``final_names``)
    each get exactly one more turn, in this order."""

    at: int
    seat: int
    name: str
    final_turns: tuple[int, ...]
    final_names: tuple[str, ...]


@dataclass(frozen=True)
class RoundEnds:
    """Action ``at`` ends round ``round``, which ``stopper`` stopped (SA-B5, SA-B6).

    ``points``: the round's points per seat still in the game, as ``(seat, points)``
    in seat order; ``names`` by seat.
    """

    at: int
    round: int
    stopper: int
    stopper_name: str
    points: tuple[tuple[int, int], ...]
    names: tuple[str, ...]


@dataclass(frozen=True)
class GroupScores:
    """When action ``at`` ends the round, ``cells`` of ``seat``'s grid are one whole
    connected group of equal cards ``card``, worth ``points`` (SA-B6)."""

    at: int
    seat: int
    name: str
    card: int
    cells: tuple[int, ...]
    points: int


@dataclass(frozen=True)
class GridSum:
    """When action ``at`` ends the round, ``seat``'s groups are worth ``parts`` (in the
    order the example told them), together ``points``; the total goes from ``before``
    to ``total`` (SA-B6, SA-B7)."""

    at: int
    seat: int
    name: str
    parts: tuple[int, ...]
    points: int
    before: int
    total: int


@dataclass(frozen=True)
class RoundScore:
    """When action ``at`` ends the round, ``seat`` scores ``points``: ``before`` -> ``total``."""

    at: int
    seat: int
    name: str
    points: int
    before: int
    total: int


@dataclass(frozen=True)
class WinsExactly:
    """After action ``at`` the game is over: ``seat`` has exactly ``limit`` and wins (SA-B7).

    ``over`` (by ``over_names``): seats that went over the limit in the same
    round but are not eliminated, since the game stopped at once.
    """

    at: int
    seat: int
    name: str
    limit: int
    over: tuple[int, ...]
    over_names: tuple[str, ...]


Claim = (
    ShowsRow
    | Turn
    | CallsArriba
    | CallsStop
    | RoundEnds
    | GroupScores
    | GridSum
    | RoundScore
    | WinsExactly
)

KIND_CLAIMS: Mapping[str, tuple[type, ...]] = {
    KIND_ARRIBA: (ShowsRow, Turn, CallsArriba),
    KIND_STOP: (Turn, CallsStop, RoundEnds),
    KIND_SCORING: (ShowsRow, GroupScores, GridSum),
    KIND_EXACT: (ShowsRow, GroupScores, GridSum, RoundScore, WinsExactly),
}
"""Claims an example of each kind must make."""
