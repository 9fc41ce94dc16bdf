"""What each Sinterklaas example sentence claims, as frozen dataclasses the tests check.

Action indices (``at``, ``first``, ``bid_at``) are positions in the pinned
record's action list; ``at`` is always the action the sentence ends with.
Cards are notation names (``rood-5``, ``schoenpiet``); ``name`` is the
player's name of ``seat``.
"""

from __future__ import annotations

from dataclasses import dataclass

Cards = tuple[str, ...]

CHECK, CALL, RAISE, STOP = "check", "call", "raise", "stop"
"""How a bidding turn ends: go along without laying a card, lay cards to match, raise, stop."""

BY_COUNT, BY_KIND, BY_TOTAL, ONLY_ONE, BY_BID = "count", "kind", "total", "only", "bid"
"""Why a showdown is won (SK-B7): more cards; equal count but a better kind; equal count
and kind but a higher total; the only combination worth anything (Pietje Precies); or,
with the Remiseregel, equally strong combinations and the larger bid (SK-V5)."""


@dataclass(frozen=True)
class Reveals:
    """Chance action ``at``: ``sint`` turned ``card`` into the Pakjeskamer, then ``room``."""

    at: int
    sint: int
    sint_name: str
    card: str
    room: Cards


@dataclass(frozen=True)
class Turn:
    """Actions ``first`` .. ``at`` are ``seat``'s bidding turn (SK-B4): ``earlier`` (an action
    card, told by its own sentence), then ``cards`` laid; ``highest``: the others' highest
    bid when it began; ``bid`` and ``kept`` hand cards after it."""

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
    """At the showdown ended by ``at`` ``seat`` scores ``hand`` with the Pakjeskamer, without
    ``struck`` (SK-P3); best combination ``kind`` of ``cards``, their sum ``total``."""

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
    """``at`` ends the round with a showdown ``seat`` wins for ``reason`` against ``other``'s
    best combination, with ``pile`` bid cards; ``gained``: a card of the winning combination
    that the winner's action card brought at ``effect_at`` (-1: none); ``decisive``: with
    what that action moved put back, the winner would not have won, and ``instead`` would
    have (-1: nobody; ``instead_name``), with ``instead_count`` cards of ``instead_kind``; ``bid`` and
    ``other_bid``: the two players' bids, which decide with the Remiseregel (SK-B7, SK-B8,
    SK-A1, SK-V5)."""

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
    instead: int = -1
    instead_name: str = ""
    instead_kind: str = ""
    instead_count: int = 0
    bid: int = 0
    other_bid: int = 0


@dataclass(frozen=True)
class LastOneLeft:
    """``at`` (a stop) leaves only ``seat``, who wins ``pile``, keeps ``kept`` (SK-B5)."""

    at: int
    seat: int
    name: str
    pile: int
    kept: int


@dataclass(frozen=True)
class Strikes:
    """``at``: ``seat`` strikes ``card`` with a Pietje Precies in the bid (SK-P3); ``rescues``:
    the scoring cards are one combination of all cards only without it (SK-P1)."""

    at: int
    seat: int
    name: str
    card: str
    rescues: bool


@dataclass(frozen=True)
class SpoiledBy:
    """At the showdown ended by ``at`` ``seat``'s scoring cards are worth nothing, but without
    ``card`` the others would be one combination ``kind`` of ``cards`` with total ``total``:
    with Pietje Precies a combination only counts with all cards (SK-P1)."""

    at: int
    seat: int
    name: str
    card: str
    kind: str
    cards: Cards
    total: int


@dataclass(frozen=True)
class GivesBigSint:
    """``at``: the Sint ``sint`` kept the Small Sint and gave the Big Sint to ``seat`` (SK-W1)."""

    at: int
    sint: int
    sint_name: str
    seat: int
    name: str


@dataclass(frozen=True)
class OpensSmall:
    """``at``: the Small Sint ``seat`` had to bid one card and bid ``card`` (SK-W2)."""

    at: int
    seat: int
    name: str
    card: str


@dataclass(frozen=True)
class OpensBig:
    """``first`` .. ``at``: the Big Sint ``seat`` bid ``cards``, at least ``target`` (SK-W3)."""

    first: int
    at: int
    seat: int
    name: str
    cards: Cards
    target: int


@dataclass(frozen=True)
class ActionBid:
    """``bid_at``: ``seat`` bid action ``card`` from the hand, and it works at once (SK-A1)."""

    bid_at: int
    seat: int
    name: str
    card: str


@dataclass(frozen=True)
class DrawsCards(ActionBid):
    """At ``at`` the player drew ``drawn`` (Schoenpiet)."""

    at: int
    drawn: Cards


@dataclass(frozen=True)
class SwapsWithRoom(ActionBid):
    """At ``at`` ``given`` went from the hand into the Pakjeskamer for ``taken`` (Wisselpiet)."""

    at: int
    given: str
    taken: str


@dataclass(frozen=True)
class AddsToRoom(ActionBid):
    """At ``at`` ``revealed`` joined the Pakjeskamer, which then held ``room`` (Amerigo)."""

    at: int
    revealed: str
    room: Cards


@dataclass(frozen=True)
class TakesSintCard(ActionBid):
    """The player took the Sint card from ``previous`` (Stafpiet)."""

    previous: int
    previous_name: str


@dataclass(frozen=True)
class PicksSurprise:
    """``at`` ends the round ``seat`` won; with Surprises in ``mode`` (SK-S1) they pick the
    next surprise; ``card``: with ``symbool``, a face-up bid card with the surprise symbol."""

    at: int
    seat: int
    name: str
    mode: str
    card: str


# ---------------------------------------------------------------------------
# The Speculaas rules and Eerste stopper (SK-V1 ... SK-V4, SK-W5)

AT_LIMIT = "limit"
"""How a bidding turn ends at a Handregel limit below the highest bid: staying in (SK-V3)."""


@dataclass(frozen=True)
class SaysCannotMatch:
    """After action ``at`` it is ``seat``'s turn, and with every card they may still bid they
    reach only ``reach``, below the others' highest bid ``highest``: they say so (SK-V1)."""

    at: int
    seat: int
    name: str
    highest: int
    reach: int


@dataclass(frozen=True)
class Overbids:
    """``at``: ``seat`` ended the turn with a bid of ``bid`` that no other player still bidding
    can reach, and so is out of the round at once (SK-V1)."""

    at: int
    seat: int
    name: str
    bid: int


@dataclass(frozen=True)
class NamesLimit:
    """``at``: before anything is bid or revealed, the Sint ``seat`` named ``minimum`` hand
    cards as this round's limit, 0 for none (SK-V3)."""

    at: int
    seat: int
    name: str
    minimum: int


@dataclass(frozen=True)
class AtLimit(Turn):
    """A :class:`Turn` that ends with ``kept`` hand cards, the round's ``limit`` (SK-V3): the
    player may bid no more cards; ``over``: the highest bid then. With the outcome
    :data:`AT_LIMIT` the bid is below it and the player need not stop; otherwise the turn
    laid cards down to the limit and ended as any other."""

    limit: int
    over: int


@dataclass(frozen=True)
class KeepsHand:
    """``at``: after the round ``seat`` kept their hand ``cards`` (``kept``) or threw them all
    away (SK-V3)."""

    at: int
    seat: int
    name: str
    cards: Cards
    kept: bool


@dataclass(frozen=True)
class Exchanges:
    """``at``: in a bidding turn ``seat`` took ``bid_card`` back from the bid into the hand and
    bid ``hand_card`` instead; the bid stays ``bid`` cards (SK-V2)."""

    at: int
    seat: int
    name: str
    hand_card: str
    bid_card: str
    bid: int


@dataclass(frozen=True)
class ChoosesCoin:
    """``bid_at``: ``seat`` laid ``card``, which has the coin, on the bid (or swapped it in,
    SK-V2); at ``at`` they chose ``choice`` (``more-stake`` or ``more-cards``) (SK-V4)."""

    bid_at: int
    at: int
    seat: int
    name: str
    card: str
    choice: str


@dataclass(frozen=True)
class AddsStake:
    """Actions ``first`` .. ``at``: a random scored card of ``seat``, ``card``, joined their bid
    (chance action ``at``), which then held ``bid`` cards ("meer inzet", SK-V4); ``joined``:
    ``seat`` chose at ``first`` to follow another player's "meer inzet" (else ``first`` is
    ``at``: the stake of the coin card's bidder)."""

    first: int
    at: int
    seat: int
    name: str
    card: str
    bid: int
    joined: bool


@dataclass(frozen=True)
class DeclinesStake:
    """``at``: ``seat`` did not follow a "meer inzet" (SK-V4)."""

    at: int
    seat: int
    name: str


@dataclass(frozen=True)
class DrawsExtra:
    """Chance action ``at``: after a "meer handkaarten" ``seat`` drew ``card`` (SK-V4)."""

    at: int
    seat: int
    name: str
    card: str


@dataclass(frozen=True)
class FirstStopSint:
    """``at``: ``seat`` was the first to stop this round and so became Sint at once, taking
    the Sint card from ``previous`` (SK-W5)."""

    at: int
    seat: int
    name: str
    previous: int
    previous_name: str
