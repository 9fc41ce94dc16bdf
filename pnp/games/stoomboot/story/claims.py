"""The facts the Stoomboot examples' sentences state, checkable against the engine.

Every sentence carries one claim about the game right after the action
``index`` of the pinned record, built from the event log; the tests replay
the record on a fresh engine state and read the state itself, so a sentence
that says something the rules did not do fails a test.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Placed:
    """Card ``card`` lies under ``position`` (1-based), face up or down."""

    index: int
    position: int
    card: str
    face_up: bool


@dataclass(frozen=True)
class Table:
    """The pawns (``(pawn, square, heading)``), the Stoomrij's cards and the squares of
    every delivered house."""

    index: int
    pawns: tuple[tuple[str, str, str], ...]
    row: tuple[str, ...]
    delivered: tuple[str, ...]


@dataclass(frozen=True)
class KalenderCount:
    """The Kalender pile holds ``count`` cards (base game)."""

    index: int
    count: int
