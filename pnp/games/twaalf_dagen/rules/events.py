"""The typed events of twaalf-dagen, each naming the rules it enacts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from pnp.engine.core import Event


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    """The game begins: player count, variants, starting gifts and gift supply."""

    automatic: ClassVar[bool] = True
    players: int
    variants: tuple[str, ...]
    gifts: tuple[int, ...]
    supply: int

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """TD-B1, with TD-K1's starting gift or TD-B7's none."""
        return ("TD-B1", "TD-K1" if any(self.gifts) else "TD-B7")


@dataclass(frozen=True, slots=True)
class DealerChosen(Event):
    """Chance chose the dealer; the player to their left leads first (TD-B1)."""

    rules: ClassVar[tuple[str, ...]] = ("TD-B1",)
    dealer: int
    leader: int


@dataclass(frozen=True, slots=True)
class HandDealt(Event):
    """``dealer`` dealt hand number ``hand`` (1-based); ``leader`` leads its first trick."""

    hand: int
    dealer: int
    leader: int
    hands: tuple[tuple[int, ...], ...]

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """TD-B1's deal; from the second hand on the last hand's winner leads (TD-B6)."""
        return ("TD-B1",) if self.hand == 1 else ("TD-B1", "TD-B6")


@dataclass(frozen=True, slots=True)
class Played(Event):
    """``seat`` played ``cards`` (``combo``: singleton/set/straight) in trick ``trick``."""

    seat: int
    hand: int
    trick: int
    combo: str
    cards: tuple[int, ...]
    lead: bool
    cards_left: int

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """TD-B2 for a lead, TD-B3 for an answer to it."""
        return ("TD-B2",) if self.lead else ("TD-B3",)


@dataclass(frozen=True, slots=True)
class Passed(Event):
    """``seat`` passed; ``forced`` when they had no legal response at all (TD-B3)."""

    rules: ClassVar[tuple[str, ...]] = ("TD-B3",)
    seat: int
    hand: int
    trick: int
    forced: bool


@dataclass(frozen=True, slots=True)
class TrickWon(Event):
    """The lap is over: ``seat`` played the lowest card ``low`` and wins (TD-B4)."""

    automatic: ClassVar[bool] = True
    rules: ClassVar[tuple[str, ...]] = ("TD-B4",)
    seat: int
    hand: int
    trick: int
    low: int
    discarded: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CardsReturned(Event):
    """``seat`` played their last cards but lost the trick: they take them back (TD-B5)."""

    automatic: ClassVar[bool] = True
    rules: ClassVar[tuple[str, ...]] = ("TD-B5",)
    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HandWon(Event):
    """``seat`` won a trick with no cards left: they win hand ``hand`` (TD-B5)."""

    automatic: ClassVar[bool] = True
    rules: ClassVar[tuple[str, ...]] = ("TD-B5",)
    seat: int
    hand: int
    tricks: int
    cards_left: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GiftEarned(Event):
    """The hand's winner took a gift from the supply; ``supply`` are left (TD-B6)."""

    automatic: ClassVar[bool] = True
    rules: ClassVar[tuple[str, ...]] = ("TD-B6",)
    seat: int
    supply: int


@dataclass(frozen=True, slots=True)
class GiftGiven(Event):
    """``giver`` had the most unplayed cards and gave a gift to ``receiver`` (TD-B6)."""

    automatic: ClassVar[bool] = True
    rules: ClassVar[tuple[str, ...]] = ("TD-B6",)
    giver: int
    receiver: int
    cards_left: int


@dataclass(frozen=True, slots=True)
class GiftNotGiven(Event):
    """``seat`` had the most unplayed cards but no gift to give (TD-B6)."""

    automatic: ClassVar[bool] = True
    rules: ClassVar[tuple[str, ...]] = ("TD-B6",)
    seat: int
    cards_left: int


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """The game is over after ``hands`` hands; ``winners`` hold the most gifts (TD-B7)."""

    automatic: ClassVar[bool] = True
    winners: tuple[int, ...]
    gifts: tuple[int, ...]
    hands: int
    short: bool = False
    """The short game's hands are played (TD-K1), rather than every gift claimed (TD-B7)."""

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """TD-B7, or TD-K1 for the short game's end after its hands."""
        return ("TD-K1",) if self.short else ("TD-B7",)
