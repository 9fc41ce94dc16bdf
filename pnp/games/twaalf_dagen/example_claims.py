"""What each twaalf-dagen example sentence claims, down to when a pass keeps a straight.

Every sentence carries one of the frozen dataclasses below; the tests check it
against fresh engine states, independently of the events it was told from.
``at`` is the position of the action the sentence speaks of in the record.

A **kept straight** (the worked example's voluntary pass): the passer had a
legal response, and every one would play the last copy of some number of the
same *straight* in their hand -- a maximal run of at least :data:`MIN_STRAIGHT`
consecutive numbers (:func:`kept_straight`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

MIN_STRAIGHT = 3
"""Shortest run of consecutive numbers that counts as a straight worth keeping."""


def straights(hand: Sequence[int]) -> list[tuple[int, ...]]:
    """The maximal runs of at least :data:`MIN_STRAIGHT` consecutive numbers in ``hand``."""
    runs: list[tuple[int, ...]] = []
    run: list[int] = []
    for number in sorted(set(hand)):
        if run and number != run[-1] + 1:
            if len(run) >= MIN_STRAIGHT:
                runs.append(tuple(run))
            run = []
        run.append(number)
    if len(run) >= MIN_STRAIGHT:
        runs.append(tuple(run))
    return runs


def breaks_straight(hand: Sequence[int], cards: Sequence[int], straight: Sequence[int]) -> bool:
    """True if playing ``cards`` from ``hand`` leaves some number of ``straight`` missing."""
    return any(cards.count(number) >= hand.count(number) for number in straight)


def kept_straight(
    hand: Sequence[int], responses: Sequence[Sequence[int]]
) -> tuple[int, ...] | None:
    """The lowest straight of ``hand`` that every response (non-pass cards) breaks, or ``None``."""
    if not responses:
        return None
    for straight in straights(hand):
        if all(breaks_straight(hand, cards, straight) for cards in responses):
            return straight
    return None


@dataclass(frozen=True)
class Leads:
    """``seat`` leads ``cards``; ``last``: no cards left afterwards."""

    at: int
    seat: int
    name: str
    cards: tuple[int, ...]
    last: bool


@dataclass(frozen=True)
class Responds:
    """``seat`` responds with ``cards`` (TD-B3); ``standing`` against the lowest card so far:
    ``"lowest"``, ``"tie"`` (played by ``other``) or ``"higher"`` (``other`` played lower)."""

    at: int
    seat: int
    name: str
    cards: tuple[int, ...]
    standing: str
    other: int | None
    other_name: str | None
    last: bool


@dataclass(frozen=True)
class Passes:
    """``seat`` passes although a legal response existed."""

    at: int
    seat: int
    name: str


@dataclass(frozen=True)
class CannotRespond:
    """``seat`` has no legal response to a lead with low card ``low``; ``held``: cards of
    the lead's kind the text mentions, not low enough (empty if none)."""

    at: int
    seat: int
    name: str
    low: int
    held: tuple[int, ...]


@dataclass(frozen=True)
class PassesToKeepStraight:
    """``seat`` passes; every legal response (``options``) breaks ``straight``."""

    at: int
    seat: int
    name: str
    straight: tuple[int, ...]
    options: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class WinsTrick:
    """The trick led at ``first`` ends at ``at``: ``seat`` wins it with ``low``; ``tie_with``:
    who played ``low`` earlier (TD-B4); ``hand_ends``: the winner has no cards left (TD-B5)."""

    at: int
    first: int
    seat: int
    name: str
    low: int
    tie_with: tuple[int, ...]
    tie_names: tuple[str, ...]
    hand_ends: bool


@dataclass(frozen=True)
class TakesBack:
    """``seat`` played their last ``cards`` at ``played_at``, lost, and has them back after ``at``."""

    at: int
    played_at: int
    seat: int
    name: str
    cards: tuple[int, ...]


@dataclass(frozen=True)
class WinsHand:
    """After ``at`` ``seat`` has won the hand; ``cards_left`` and ``names`` per seat (TD-B5)."""

    at: int
    seat: int
    name: str
    cards_left: tuple[int, ...]
    names: tuple[str, ...]


@dataclass(frozen=True)
class EarnsGift:
    """After ``at`` ``seat`` took a gift from the supply; ``supply_left`` remain (TD-B6)."""

    at: int
    seat: int
    name: str
    supply_left: int


@dataclass(frozen=True)
class GivesGift:
    """After ``at`` ``giver`` (most cards left: ``cards_left``) gave ``receiver`` a gift."""

    at: int
    giver: int
    giver_name: str
    receiver: int
    receiver_name: str
    cards_left: int


@dataclass(frozen=True)
class HasNoGiftToGive:
    """After ``at`` ``seat`` had the most cards left (``cards_left``) but no gift."""

    at: int
    seat: int
    name: str
    cards_left: int


@dataclass(frozen=True)
class WinsGame:
    """After ``at`` the game is over after ``hands`` hands; ``winners`` hold ``gifts``."""

    at: int
    winners: tuple[int, ...]
    names: tuple[str, ...]
    gifts: int
    hands: int
