"""What each Santoska example sentence claims.

Every sentence carries one of the frozen dataclasses below; the tests check it
against fresh engine states (the record's actions pushed again, no event log),
independently of the events it was told from. Seats are engine seats; ``name``
fields hold the Dutch name the sentence uses for that seat; ``at`` is the
position of the action the sentence speaks of in the record. Rows are 0
(bottom) and 1 (top); a cell is ``row * row_length + column``; a Santoska card
is 0.
"""

from __future__ import annotations

from dataclasses import dataclass


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
    """Actions ``at`` and ``at + 1`` are ``seat``'s turn (SA-B3): it took the open card of
    the discard pile (``took``, else it drew), ``card``, and put it at ``cell`` of the
    active row, from where ``card_out`` (seen before by ``seat``: ``knew_out``) went face
    up onto the discard pile; ``cell`` and ``card_out`` are -1 for a drawn card discarded.
    ``final``: a last turn after somebody else's Stop, which ends without a call (SA-B5)."""

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
    """Action ``at`` is ``seat`` calling Arriba with ``bottom`` as bottom row (SA-B4);
    from then on the bottom row is closed and the top row is active."""

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
    """Action ``at`` ends round ``round``, which ``stopper`` stopped (SA-B5, SA-B6), with
    ``(seat, points)`` for every seat still in, in seat order; ``names`` by seat."""

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
    order told), together ``points``; the total goes from ``before`` to ``total`` (SA-B7)."""

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
    """After action ``at`` the game is over: ``seat`` has exactly ``limit`` and wins (SA-B7);
    ``over`` (``over_names``) went over the limit but are not out: the game stopped at once."""

    at: int
    seat: int
    name: str
    limit: int
    over: tuple[int, ...]
    over_names: tuple[str, ...]
