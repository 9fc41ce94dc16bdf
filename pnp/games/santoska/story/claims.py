"""What each Santoska example sentence claims; :mod:`~pnp.games.santoska.story.checks` checks
it against fresh engine states.

``name`` is the Dutch name the sentence gives ``seat``; ``at`` the position in the record of
the action it speaks of. Rows: 0 bottom, 1 top; a cell: ``row * row_length + column``."""

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
class _ByPlayer:
    """The fields the claims below start with: action ``at``, the seat and its name."""

    at: int
    seat: int
    name: str


@dataclass(frozen=True)
class Turn(_ByPlayer):
    """Actions ``at`` and ``at + 1`` are ``seat``'s turn (SA-B3): ``card`` taken from the discard
    pile (``took``) or drawn went to ``cell`` of the active row, and ``card_out`` (``knew_out``:
    seen before) from there onto the discard pile (both -1 when the card in hand went straight back);
    ``final``: a last turn after somebody else's Stop, which ends without a call (SA-B5)."""

    took: bool
    card: int
    cell: int
    card_out: int
    knew_out: bool
    final: bool


@dataclass(frozen=True)
class CallsArriba(_ByPlayer):
    """Action ``at`` is ``seat`` calling Arriba (SA-B4), closing the bottom row ``bottom``."""

    bottom: tuple[int, ...]


@dataclass(frozen=True)
class CallsStop(_ByPlayer):
    """Action ``at`` is ``seat`` calling Stop (SA-B5); ``final_turns`` (by ``final_names``)
    each get exactly one more turn, in this order."""

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
class GroupScores(_ByPlayer):
    """When action ``at`` ends the round, ``cells`` of ``seat``'s grid are one whole
    connected group of equal cards ``card``, worth ``points`` (SA-B6)."""

    card: int
    cells: tuple[int, ...]
    points: int


@dataclass(frozen=True)
class GridSum(_ByPlayer):
    """When action ``at`` ends the round, ``seat``'s groups are worth ``parts`` (in the
    order told), together ``points``; the total goes from ``before`` to ``total`` (SA-B7)."""

    parts: tuple[int, ...]
    points: int
    before: int
    total: int


@dataclass(frozen=True)
class RoundScore(_ByPlayer):
    """When action ``at`` ends the round, ``seat`` scores ``points``: ``before`` -> ``total``."""

    points: int
    before: int
    total: int


@dataclass(frozen=True)
class WinsExactly(_ByPlayer):
    """After action ``at`` the game is over: ``seat`` has exactly ``limit`` and wins (SA-B7);
    ``over`` (``over_names``) went over the limit but are not out: the game stopped at once."""

    limit: int
    over: tuple[int, ...]
    over_names: tuple[str, ...]


@dataclass(frozen=True)
class Eliminated(_ByPlayer):
    """Action ``at`` ends a round in which ``seat`` went over ``limit``, to ``total``:
    ``seat`` is out (SA-B7)."""

    total: int
    limit: int


@dataclass(frozen=True)
class NewDeal:
    """Action ``at`` deals round ``round`` (SA-B8): ``dealer`` deals, the first player still in
    after ``old_dealer`` (who dealt the round before; the seats between them, ``skipped``,
    are out); ``seats`` (still in) get two face-down rows each, the others nothing; the
    discard pile starts with ``discard``; ``starter``, the next player still in after the
    dealer, begins. Every Arriba card is back and nobody has stopped. ``names`` by seat."""

    at: int
    round: int
    old_dealer: int
    dealer: int
    skipped: tuple[int, ...]
    seats: tuple[int, ...]
    discard: int
    starter: int
    names: tuple[str, ...]
