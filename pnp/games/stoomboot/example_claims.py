"""The facts the Stoomboot examples' sentences state, checkable against the engine.

Each sentence of an example carries one claim about the game right after a
given action of the pinned record. The examples build their claims from
the event log; the tests replay the record on a fresh engine state and read
the state itself, so a sentence that says something the rules did not do
fails a test.
"""

from __future__ import annotations

from dataclasses import dataclass


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
