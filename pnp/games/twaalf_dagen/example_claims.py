"""What each twaalf-dagen example sentence claims, down to when a pass keeps a straight.

Every sentence of an example carries a *claim*: one of the frozen dataclasses
below, which the test suite checks against the engine state, independently
of the event log the sentence was rendered from. :data:`KIND_CLAIMS` lists
the claims an example of each kind must make.

A **kept straight** (the worked example's voluntary pass) is defined precisely
as: the passer had at least one legal response, and there is a *straight* in
their hand -- a maximal run of at least :data:`MIN_STRAIGHT` consecutive
numbers, each held at least once -- such that every legal response would play
the last copy of some number of that run, so the run would fall apart
(:func:`kept_straight`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pnp.games.twaalf_dagen.example_cases import (
    KIND_GAME_END,
    KIND_GIFTS,
    KIND_TAKE_BACK,
    KIND_TIE,
    KIND_TRICK,
)

MIN_STRAIGHT = 3
"""Shortest run of consecutive numbers that counts as a straight worth keeping."""

# ---------------------------------------------------------------------------
# Straights kept by passing


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
    """The straight a pass keeps whole, or ``None``.

    ``responses`` are the cards of every legal non-pass response. A pass keeps
    a straight when there is at least one response and every response would
    break the same straight of ``hand`` (the lowest such straight is returned).
    """
    if not responses:
        return None
    for straight in straights(hand):
        if all(breaks_straight(hand, cards, straight) for cards in responses):
            return straight
    return None


# ---------------------------------------------------------------------------
# Claims: what each sentence states, checked by the tests


@dataclass(frozen=True)
class Leads:
    """Action ``at`` is ``seat`` leading ``cards``; ``last``: no cards left afterwards."""

    at: int
    seat: int
    name: str
    cards: tuple[int, ...]
    last: bool


@dataclass(frozen=True)
class Responds:
    """Action ``at`` is ``seat`` responding with ``cards`` (TD-B3).

    ``standing`` compares the response's low card with the lowest card played
    before it in the trick: ``"lowest"`` (lower), ``"tie"`` (equal, played by
    ``other``) or ``"higher"`` (``other`` played lower).
    """

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
    """Action ``at`` is ``seat`` passing although a legal response existed."""

    at: int
    seat: int
    name: str


@dataclass(frozen=True)
class CannotRespond:
    """Action ``at``: ``seat`` has no legal response to a lead with low card ``low``.

    ``held``: cards of the lead's kind ``seat`` holds that are not low enough
    (a set or straight shown in the text; empty if none is mentioned).
    """

    at: int
    seat: int
    name: str
    low: int
    held: tuple[int, ...]


@dataclass(frozen=True)
class PassesToKeepStraight:
    """Action ``at``: ``seat`` passes; every legal response (``options``) breaks ``straight``."""

    at: int
    seat: int
    name: str
    straight: tuple[int, ...]
    options: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class WinsTrick:
    """The trick led at action ``first`` ends at action ``at``: ``seat`` wins it with ``low``.

    ``tie_with``: the seats that played ``low`` earlier in the trick (TD-B4);
    ``hand_ends``: the winner has no cards left, so the hand is over (TD-B5).
    """

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
    """After action ``at`` ``seat`` has won the hand; ``cards_left`` per seat (TD-B5)."""

    at: int
    seat: int
    name: str
    cards_left: tuple[int, ...]
    names: tuple[str, ...]


@dataclass(frozen=True)
class EarnsGift:
    """After action ``at`` ``seat`` took a gift from the supply; ``supply_left`` remain (TD-B6)."""

    at: int
    seat: int
    name: str
    supply_left: int


@dataclass(frozen=True)
class GivesGift:
    """After action ``at`` ``giver`` (most cards left: ``cards_left``) gave ``receiver`` a gift."""

    at: int
    giver: int
    giver_name: str
    receiver: int
    receiver_name: str
    cards_left: int


@dataclass(frozen=True)
class HasNoGiftToGive:
    """After action ``at`` ``seat`` had the most cards left (``cards_left``) but no gift."""

    at: int
    seat: int
    name: str
    cards_left: int


@dataclass(frozen=True)
class WinsGame:
    """After action ``at`` the game is over after ``hands`` hands; ``winners`` hold ``gifts``."""

    at: int
    winners: tuple[int, ...]
    names: tuple[str, ...]
    gifts: int
    hands: int


Claim = (
    Leads
    | Responds
    | Passes
    | CannotRespond
    | PassesToKeepStraight
    | WinsTrick
    | TakesBack
    | WinsHand
    | EarnsGift
    | GivesGift
    | HasNoGiftToGive
    | WinsGame
)

KIND_CLAIMS: Mapping[str, tuple[type, ...]] = {
    KIND_TRICK: (Leads, Responds, CannotRespond, PassesToKeepStraight, WinsTrick),
    KIND_TIE: (WinsTrick,),
    KIND_TAKE_BACK: (TakesBack,),
    KIND_GIFTS: (WinsHand, EarnsGift, GivesGift),
    KIND_GAME_END: (WinsHand, WinsGame),
}
"""Claims an example of each kind must make (the tie must also name a ``tie_with``)."""
