"""The typed events of a game of Santoska.

Cards are card codes (:mod:`~pnp.games.santoska.rules.cards`: a number card is its
number, a Santoska card is 0) and cells are names (``b1`` .. ``t6``). Events
with ``automatic = True`` record what the rules did by themselves (the peek,
scoring, elimination, the end of the game); the others record a player's or
chance's choice. The event log sees everything; what a player may know is
the business of :mod:`~pnp.games.santoska.view`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from pnp.engine.core import Event

Cards = tuple[int, ...]
GroupInfo = tuple[int, tuple[str, ...], int]
"""A scored group: ``(card, cell names, points)`` (SA-B6)."""


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    """The game begins: players, variants, cards per row and the limit (SA-B1, SA-B7)."""

    automatic: ClassVar[bool] = True
    rules: ClassVar[tuple[str, ...]] = ("SA-B1",)
    players: int
    variants: tuple[str, ...]
    row_length: int
    limit: int


@dataclass(frozen=True, slots=True)
class DealerChosen(Event):
    """Chance chose the dealer of the first round."""

    rules: ClassVar[tuple[str, ...]] = ("SA-B1",)
    dealer: int


@dataclass(frozen=True, slots=True)
class RoundDealt(Event):
    """Chance shuffled and dealt round ``round`` (SA-B1).

    ``grids[seat]`` are the seat's face-down cells (bottom row, then top row;
    empty for an eliminated seat); ``discard`` is the card turned face up;
    ``pile`` the size of the draw pile. ``starter`` plays first.
    """

    round: int
    dealer: int
    starter: int
    grids: tuple[Cards, ...]
    discard: int
    pile: int

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """SA-B1; every round after the first is dealt anew by SA-B8."""
        return ("SA-B1",) if self.round == 1 else ("SA-B1", "SA-B8")


@dataclass(frozen=True, slots=True)
class RowPeeked(Event):
    """``seat`` looked at their bottom row once, at the start of the round (SA-B2)."""

    automatic: ClassVar[bool] = True
    rules: ClassVar[tuple[str, ...]] = ("SA-B2",)
    seat: int
    round: int
    cards: Cards


@dataclass(frozen=True, slots=True)
class CardTaken(Event):
    """``seat`` began turn ``turn`` by taking the open top card of the discard pile (SA-B3).

    ``final`` marks a turn of the last lap after a Stop (SA-B5).
    """

    seat: int
    round: int
    turn: int
    card: int
    final: bool

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """SA-B3; a turn after Stop! is one of SA-B5's last turns."""
        return ("SA-B3", "SA-B5") if self.final else ("SA-B3",)


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    """``seat`` began turn ``turn`` by drawing the top card of the draw pile (SA-B3).

    Only ``seat`` sees ``card`` (until it is discarded).
    """

    seat: int
    round: int
    turn: int
    card: int
    final: bool

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """SA-B3; a turn after Stop! is one of SA-B5's last turns."""
        return ("SA-B3", "SA-B5") if self.final else ("SA-B3",)


@dataclass(frozen=True, slots=True)
class CardSwapped(Event):
    """``seat`` put ``card_in`` face down at ``cell`` of the active row and discarded
    ``card_out`` face up (SA-B3). ``was_known``: ``seat`` knew ``card_out`` before."""

    rules: ClassVar[tuple[str, ...]] = ("SA-B3",)
    seat: int
    cell: str
    card_in: int
    card_out: int
    was_known: bool


@dataclass(frozen=True, slots=True)
class CardDiscarded(Event):
    """``seat`` put the card in hand (drawn or taken) face up on the discard pile, without a
    swap (SA-B3)."""

    rules: ClassVar[tuple[str, ...]] = ("SA-B3",)
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class ArribaCalled(Event):
    """``seat`` called Arriba: the bottom row ``bottom`` is closed, the top row is active (SA-B4)."""

    rules: ClassVar[tuple[str, ...]] = ("SA-B4",)
    seat: int
    round: int
    turn: int
    bottom: Cards


@dataclass(frozen=True, slots=True)
class StopCalled(Event):
    """``seat`` called Stop and took the Stop card; ``final_turns`` lists the seats that
    get exactly one more turn, in order (SA-B5)."""

    rules: ClassVar[tuple[str, ...]] = ("SA-B5",)
    seat: int
    round: int
    turn: int
    final_turns: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PileReshuffled(Event):
    """Chance: the draw pile ran out; the discard pile except its top card was shuffled
    into a new draw pile of ``cards`` cards."""

    rules: ClassVar[tuple[str, ...]] = ("SA-B3",)
    round: int
    cards: int
    discard_top: int


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    """Round ``round`` is over after ``turns`` turns; ``stopper`` called Stop
    (``-1`` and ``capped`` when the lap safeguard ended it)."""

    automatic: ClassVar[bool] = True
    round: int
    stopper: int
    turns: int
    capped: bool

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """SA-B5's last turns are over; the engine's lap safeguard (SA-B8) when capped."""
        return ("SA-B8",) if self.capped else ("SA-B5",)


@dataclass(frozen=True, slots=True)
class GridScored(Event):
    """``seat``'s grid turned face up and scored (SA-B6), added to the total (SA-B7).

    ``groups`` lists every group (lone cards too) as ``(card, cells, points)``.
    """

    automatic: ClassVar[bool] = True
    rules: ClassVar[tuple[str, ...]] = (
        "SA-B6",
        "SA-B7",
    )
    seat: int
    round: int
    bottom: Cards
    top: Cards
    groups: tuple[GroupInfo, ...]
    points: int
    total: int


@dataclass(frozen=True, slots=True)
class PlayerEliminated(Event):
    """``seat`` went over the limit with ``total`` points and is out (SA-B7)."""

    automatic: ClassVar[bool] = True
    rules: ClassVar[tuple[str, ...]] = ("SA-B7",)
    seat: int
    round: int
    total: int
    limit: int


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """The game is over after ``rounds`` rounds (SA-B7).

    ``reason``: ``exact-limit`` (a player reached the limit exactly and wins at
    once), ``last-player`` (everyone else is out), ``all-out`` (the last players
    went over together; the lowest total wins) or ``round-limit`` (safeguard;
    the lowest total still in wins).
    """

    automatic: ClassVar[bool] = True
    winners: tuple[int, ...]
    totals: tuple[int, ...]
    rounds: int
    reason: str

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """SA-B7, or SA-B8's safeguard (no table rule) when the round limit ended it."""
        return ("SA-B8",) if self.reason == "round-limit" else ("SA-B7",)
