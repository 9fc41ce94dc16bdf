"""The facts the Stoomboot examples' sentences state, checkable against the engine.

Each sentence of an example carries one claim about the game right after a
given action of the pinned record. The examples build their claims from
the event log; the tests replay the record on a fresh engine state and read
the state itself (:func:`claim_holds`), so a sentence that says something
the rules did not do fails a test.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.games.stoomboot.state import StoombootState


@dataclass(frozen=True)
class Placed:
    """After action ``index`` card ``card`` lies under ``position`` (1-based), face up or down."""

    index: int
    position: int
    card: str
    face_up: bool


@dataclass(frozen=True)
class Table:
    """After action ``index``: the pawns (``(pawn, square, heading)``), the Stoomrij's
    cards and the squares of every delivered house."""

    index: int
    pawns: tuple[tuple[str, str, str], ...]
    row: tuple[str, ...]
    delivered: tuple[str, ...]


@dataclass(frozen=True)
class KalenderCount:
    """After action ``index`` the Kalender pile holds ``count`` cards (base game)."""

    index: int
    count: int


Claim = Placed | Table | KalenderCount


def claim_holds(state: StoombootState, claim: Claim) -> bool:
    """True if ``claim`` is true of ``state`` (the game right after ``claim.index``)."""
    if isinstance(claim, Placed):
        slot = claim.position - 1
        return (
            0 <= slot < len(state.slot_card)
            and state.tables.names[state.slot_card[slot]] == claim.card
            and state.slot_up[slot] == claim.face_up
        )
    if isinstance(claim, KalenderCount):
        return len(state.kalender) == claim.count
    pawns = tuple(
        (state.pawn_name(p), state.sq(state.pawn_sq[p]), state.head(state.pawn_head[p]))
        for p in range(len(state.pawn_sq))
        if state.pawn_sq[p] >= 0
    )
    delivered = tuple(
        sorted(
            state.sq(square)
            for square, house in enumerate(state.house_at)
            if house >= 0 and state.delivered[house]
        )
    )
    return (
        sorted(pawns) == sorted(claim.pawns)
        and state.names(state.row) == claim.row
        and delivered == tuple(sorted(claim.delivered))
    )
