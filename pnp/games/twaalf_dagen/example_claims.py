"""What each twaalf-dagen example sentence claims, down to when a pass keeps a straight.

Every sentence carries one of the frozen dataclasses below;
:mod:`~pnp.games.twaalf_dagen.example_checks` checks it against fresh engine
states, independently of the events it was told from. ``at`` is the position
of the action the sentence speaks of in the record.

A **kept straight** (the worked example's voluntary pass): the passer had a
legal response, and every one would play the last copy of some number of the
same *straight* in their hand -- a maximal run of at least :data:`MIN_STRAIGHT`
consecutive numbers (:func:`kept_straight`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import groupby

MIN_STRAIGHT = 3
"""Shortest run of consecutive numbers that counts as a straight worth keeping."""


def straights(hand: Sequence[int], shortest: int = MIN_STRAIGHT) -> list[tuple[int, ...]]:
    """The maximal runs of at least ``shortest`` consecutive numbers in ``hand``, lowest first."""
    numbered = enumerate(sorted(set(hand)))
    runs = [tuple(n for _, n in run) for _, run in groupby(numbered, lambda p: p[1] - p[0])]
    return [run for run in runs if len(run) >= shortest]


def breaks_straight(hand: Sequence[int], cards: Sequence[int], straight: Sequence[int]) -> bool:
    """True if playing ``cards`` from ``hand`` leaves some number of ``straight`` missing."""
    return any(cards.count(number) >= hand.count(number) for number in straight)


def kept_straight(
    hand: Sequence[int], responses: Sequence[Sequence[int]]
) -> tuple[int, ...] | None:
    """The lowest straight of ``hand`` that every response (non-pass cards) breaks, or ``None``."""
    kept = [s for s in straights(hand) if all(breaks_straight(hand, r, s) for r in responses)]
    return kept[0] if kept and responses else None


@dataclass(frozen=True)
class _ByPlayer:
    """The fields the claims below start with: action ``at``, the seat and its name."""

    at: int
    seat: int
    name: str


@dataclass(frozen=True)
class Leads(_ByPlayer):
    """``seat`` leads ``cards``; ``last``: no cards left afterwards."""

    cards: tuple[int, ...]
    last: bool


@dataclass(frozen=True)
class Responds(_ByPlayer):
    """``seat`` responds with ``cards`` (TD-B3); ``standing`` against the lowest card so far:
    ``"lowest"``, ``"tie"`` (played by ``other``) or ``"higher"`` (``other`` played lower)."""

    cards: tuple[int, ...]
    standing: str
    other: int | None
    other_name: str | None
    last: bool


@dataclass(frozen=True)
class AnswersStraight(Responds):
    """The first answer of a trick, a straight to a straight lead of ``lead_length`` cards
    whose low card is ``lead_low`` (TD-B3): like :class:`Responds`, and the sentence says
    why it may: ``above`` are its cards higher than ``lead_low`` (one card not higher is
    enough), and whether it is longer or shorter than the lead."""

    lead_low: int
    lead_length: int
    above: tuple[int, ...]


@dataclass(frozen=True)
class Passes(_ByPlayer):
    """``seat`` passes although a legal response existed."""


@dataclass(frozen=True)
class CannotRespond(_ByPlayer):
    """``seat`` has no legal response to a lead with low card ``low``; ``held``: cards of
    the lead's kind the text mentions, not low enough (empty if none)."""

    low: int
    held: tuple[int, ...]


@dataclass(frozen=True)
class PassesToKeepStraight(_ByPlayer):
    """``seat`` passes; every legal response (``options``) breaks ``straight``."""

    straight: tuple[int, ...]
    options: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class WinsTrick(_ByPlayer):
    """The trick led at ``first`` ends at ``at``: ``seat`` wins it with ``low``; ``tie_with``:
    who played ``low`` earlier (TD-B4); ``hand_ends``: the winner has no cards left (TD-B5)."""

    first: int
    low: int
    tie_with: tuple[int, ...]
    tie_names: tuple[str, ...]
    hand_ends: bool


@dataclass(frozen=True)
class TakesBack(_ByPlayer):
    """``seat`` played their last ``cards`` at ``played_at``, lost, and has them back after ``at``."""

    played_at: int
    cards: tuple[int, ...]


@dataclass(frozen=True)
class WinsHand(_ByPlayer):
    """After ``at`` ``seat`` has won the hand; ``cards_left`` and ``names`` per seat (TD-B5)."""

    cards_left: tuple[int, ...]
    names: tuple[str, ...]


@dataclass(frozen=True)
class EarnsGift(_ByPlayer):
    """After ``at`` ``seat`` took a gift from the supply; ``supply_left`` remain (TD-B6)."""

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
class HasNoGiftToGive(_ByPlayer):
    """After ``at`` ``seat`` had the most cards left (``cards_left``) but no gift."""

    cards_left: int


@dataclass(frozen=True)
class WinsGame:
    """After ``at`` the game is over after ``hands`` hands; ``winners`` hold ``gifts``."""

    at: int
    winners: tuple[int, ...]
    names: tuple[str, ...]
    gifts: int
    hands: int
