"""What each Sinterklaas example sentence claims, as frozen dataclasses the tests check.

Every sentence of an example carries a *claim*: one of the dataclasses below.
The test suite checks each claim against a fresh replay of the pinned game
(the state, its legal actions, a combination computed from the cards),
independently of the event log the sentence was rendered from.
:data:`KIND_CLAIMS` lists the claims an example of each kind must make.

Action indices (``at``, ``first``, ``bid_at``) are positions in the pinned
record's action list; ``at`` is always the action the sentence ends with.
Cards are notation names (``rood-5``, ``schoenpiet``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from pnp.games.sinterklaas.example_cases import (
    KIND_ACTION,
    KIND_ONE_LEFT,
    KIND_OPENING,
    KIND_PRECIES,
    KIND_SHOWDOWN,
    KIND_TIE_NUMBER,
    KIND_TIE_TOTAL,
)

Cards = tuple[str, ...]

CHECK = "check"
CALL = "call"
RAISE = "raise"
STOP = "stop"
OUTCOMES = (CHECK, CALL, RAISE, STOP)
"""How a bidding turn ends: go along without laying a card, lay cards to match, raise, stop."""

BY_COUNT = "count"
BY_KIND = "kind"
BY_TOTAL = "total"
ONLY_ONE = "only"
REASONS = (BY_COUNT, BY_KIND, BY_TOTAL, ONLY_ONE)
"""Why a showdown is won (SK-B7): more cards; equal count but a better kind (a number before
a colour, a colour before a straight); equal count and kind but a higher total; or the only
combination worth anything (Pietje Precies)."""


@dataclass(frozen=True)
class Reveals:
    """Chance action ``at``: ``sint`` turned ``card`` into the Pakjeskamer, which is then ``room``."""

    at: int
    sint: int
    sint_name: str
    card: str
    room: Cards


@dataclass(frozen=True)
class Turn:
    """Actions ``first`` .. ``at`` are ``seat``'s bidding turn (SK-B4).

    ``earlier``: cards laid at the start of the turn and told by an action
    sentence (an action card); ``cards``: the cards laid after them, named
    here. ``highest``: the others' highest bid when the turn began;
    ``bid``: ``seat``'s bid after it; ``kept``: hand cards after it.
    """

    first: int
    at: int
    seat: int
    name: str
    earlier: Cards
    cards: Cards
    outcome: str
    highest: int
    bid: int
    kept: int


@dataclass(frozen=True)
class Shows:
    """At the showdown (ended by action ``at``) ``seat`` scores with ``hand`` and the Pakjeskamer.

    ``struck``: a card struck out with Pietje Precies ("" for none, SK-P3);
    ``kind`` (number, colour, straight or none) and ``cards``: the best
    combination (SK-B7, SK-P1, SK-P2) and ``total`` the sum of its numbers.
    """

    at: int
    seat: int
    name: str
    hand: Cards
    struck: str
    kind: str
    cards: Cards
    total: int


@dataclass(frozen=True)
class WinsShowdown:
    """Action ``at`` ends the round with a showdown that ``seat`` wins, with ``pile`` bid cards.

    ``reason`` (see :data:`REASONS`) compares the winner's combination with
    the best other one, of ``other``. ``gained``: a card that an action card
    of the winner brought (into their hand or the Pakjeskamer) and that is
    part of the winning combination ("" for none); ``effect_at``: the action
    that moved it (-1 for none); ``decisive``: with the cards that action
    moved put back, and every other card where it is, the winner would not
    have won. The winner becomes (or stays) Sint (SK-B8).
    """

    at: int
    seat: int
    name: str
    reason: str
    other: int
    other_name: str
    count: int
    other_count: int
    total: int
    other_total: int
    pile: int
    gained: str
    effect_at: int
    decisive: bool


@dataclass(frozen=True)
class LastOneLeft:
    """Action ``at`` (a stop) leaves only ``seat`` in the round, which ends at once (SK-B5).

    ``seat`` wins the ``pile`` bid cards, keeps their ``kept`` hand cards and
    becomes (or stays) Sint.
    """

    at: int
    seat: int
    name: str
    pile: int
    kept: int


@dataclass(frozen=True)
class Strikes:
    """Action ``at``: ``seat``, with a Pietje Precies card in their bid, struck ``card`` (SK-P3).

    ``rescues``: with that card, the scoring cards (hand and Pakjeskamer) are
    not one combination of all cards, so they would be worth nothing (SK-P1);
    without it they are.
    """

    at: int
    seat: int
    name: str
    card: str
    rescues: bool


@dataclass(frozen=True)
class GivesBigSint:
    """Action ``at``: the Sint ``sint`` kept the Small Sint and gave the Big Sint to ``seat`` (SK-W1)."""

    at: int
    sint: int
    sint_name: str
    seat: int
    name: str


@dataclass(frozen=True)
class OpensSmall:
    """Action ``at``: the Small Sint ``seat`` had to bid one card and bid ``card`` (SK-W2)."""

    at: int
    seat: int
    name: str
    card: str


@dataclass(frozen=True)
class OpensBig:
    """Actions ``first`` .. ``at``: the Big Sint ``seat`` bid ``cards``, at least ``target`` (SK-W3).

    ``target`` is twice the Small Sint's opening bid; stopping was not allowed.
    """

    first: int
    at: int
    seat: int
    name: str
    cards: Cards
    target: int


@dataclass(frozen=True)
class DrawsCards:
    """Action ``bid_at``: ``seat`` bid action ``card`` face up; at ``at`` they drew ``drawn`` (SK-A1)."""

    bid_at: int
    at: int
    seat: int
    name: str
    card: str
    drawn: Cards


@dataclass(frozen=True)
class SwapsWithRoom:
    """Action ``bid_at``: ``seat`` bid ``card``; at ``at`` they swapped ``given`` for ``taken`` (SK-A1).

    ``given`` left the hand for the Pakjeskamer, ``taken`` came from it.
    """

    bid_at: int
    at: int
    seat: int
    name: str
    card: str
    given: str
    taken: str


@dataclass(frozen=True)
class AddsToRoom:
    """Action ``bid_at``: ``seat`` bid ``card``; at ``at`` an extra card went into the Pakjeskamer."""

    bid_at: int
    at: int
    seat: int
    name: str
    card: str
    revealed: str
    room: Cards


@dataclass(frozen=True)
class TakesSintCard:
    """Action ``bid_at``: ``seat`` bid ``card`` and at once took the Sint card from ``previous``."""

    bid_at: int
    seat: int
    name: str
    card: str
    previous: int
    previous_name: str


ActionClaim = DrawsCards | SwapsWithRoom | AddsToRoom | TakesSintCard

Claim = (
    Reveals
    | Turn
    | Shows
    | WinsShowdown
    | LastOneLeft
    | Strikes
    | GivesBigSint
    | OpensSmall
    | OpensBig
    | ActionClaim
)

KIND_CLAIMS: Mapping[str, tuple[type, ...]] = {
    KIND_SHOWDOWN: (Reveals, Turn, Shows, WinsShowdown),
    KIND_TIE_NUMBER: (Shows, WinsShowdown),
    KIND_TIE_TOTAL: (Shows, WinsShowdown),
    KIND_ONE_LEFT: (Reveals, Turn, LastOneLeft),
    KIND_PRECIES: (Strikes, Shows, WinsShowdown),
    KIND_ACTION: (Reveals, Turn),
    KIND_OPENING: (GivesBigSint, OpensSmall, OpensBig),
}
"""Claims an example of each kind must make (each kind's own conditions are in
:func:`pnp.games.sinterklaas.examples.missing_claims`)."""
