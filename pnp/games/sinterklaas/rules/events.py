"""The typed events of a game of Sinterklaas.

Cards are given by their notation names (``rood-5``, ``stafpiet``) so events
read without the configuration. Events with ``automatic = True`` record what
the rules did by themselves; the others record a player's or chance's choice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from pnp.engine.core import Event

Cards = tuple[str, ...]


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    """The game begins: player count, variants and the size of the shuffled stack (SK-B1)."""

    automatic: ClassVar[bool] = True
    rules: ClassVar[tuple[str, ...]] = ("SK-B1",)
    players: int
    variants: tuple[str, ...]
    stack: int


@dataclass(frozen=True, slots=True)
class SintChosen(Event):
    """Chance picked the first Sint, who takes the Small Sint card (SK-B1)."""

    rules: ClassVar[tuple[str, ...]] = ("SK-B1",)
    seat: int


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """Round ``round`` begins with ``sint`` as Sint and ``stack`` cards in the stack (SK-B2)."""

    automatic: ClassVar[bool] = True
    round: int
    sint: int
    stack: int
    laps: int = 3
    """Pakjeskamer cards and bidding laps this round: 3, or 4 or 2 (SK-M1)."""

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """SK-B2, and SK-M1 when the round has more or fewer than three laps."""
        return ("SK-B2",) if self.laps == 3 else ("SK-B2", "SK-M1")


@dataclass(frozen=True, slots=True)
class CardsDealt(Event):
    """Chance: per seat the cards taken back from the scored pile and drawn from the stack (SK-B3)."""

    rules: ClassVar[tuple[str, ...]] = ("SK-B3",)
    round: int
    scored: tuple[Cards, ...]
    drawn: tuple[Cards, ...]


@dataclass(frozen=True, slots=True)
class LimitNamed(Event):
    """The Sint named the minimum hand of this round, 0 for none (SK-V3)."""

    rules: ClassVar[tuple[str, ...]] = ("SK-V3",)
    seat: int
    minimum: int


@dataclass(frozen=True, slots=True)
class BigSintGiven(Event):
    """The Sint handed the Big Sint card to ``seat`` (SK-W1)."""

    rules: ClassVar[tuple[str, ...]] = ("SK-W1",)
    sint: int
    seat: int


@dataclass(frozen=True, slots=True)
class BigSintCannotDouble(Event):
    """The Big Sint cannot reach ``target`` cards and so need not open (SK-W3)."""

    automatic: ClassVar[bool] = True
    rules: ClassVar[tuple[str, ...]] = ("SK-W3",)
    seat: int
    target: int


@dataclass(frozen=True, slots=True)
class CardRevealed(Event):
    """Chance: ``card`` went face up into the Pakjeskamer; ``lap`` 0 for Amerigo's extra card."""

    card: str
    lap: int
    room: Cards

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """SK-B4's reveal, or an action card's extra card (SK-A1)."""
        return ("SK-A1",) if self.lap == 0 else ("SK-B4",)


@dataclass(frozen=True, slots=True)
class StackEmpty(Event):
    """The stack was empty, so ``what`` (a ``reveal``, a ``draw`` or Kijkpiet's ``peek``)
    did not happen: an action card's or the Biedregel's draws emptied it mid-round.
    ``reason``: why a draw was due (``strooipiet``, ``schoenpiet``, ``more-cards``)."""

    automatic: ClassVar[bool] = True
    what: str
    seat: int
    reason: str = ""

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """The rule whose card could not come: the reveal (SK-B4), the Biedregel's extra card
        (SK-V4), an action card's (SK-A1)."""
        if self.what == "reveal":
            return ("SK-B4",)
        return ("SK-V4",) if self.reason == "more-cards" else ("SK-A1",)


@dataclass(frozen=True, slots=True)
class LapStarted(Event):
    """Bidding lap ``lap`` begins; ``seat`` is the first to act (SK-B4)."""

    automatic: ClassVar[bool] = True
    lap: int
    seat: int
    highest: int

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """SK-B4; a fourth lap only with Meer pakjes (SK-M1)."""
        return ("SK-B4", "SK-M1") if self.lap > 3 else ("SK-B4",)


@dataclass(frozen=True, slots=True)
class CannotMatch(Event):
    """Overschattingsregel: ``seat`` says they cannot reach the highest bid (SK-V1)."""

    automatic: ClassVar[bool] = True
    rules: ClassVar[tuple[str, ...]] = ("SK-V1",)
    seat: int
    highest: int
    reach: int


@dataclass(frozen=True, slots=True)
class CardBid(Event):
    """``seat`` laid ``card`` on their bid (face down: as a Pietje Precies, SK-P4)."""

    seat: int
    card: str
    face_down: bool
    bid: int
    opening: bool
    big: bool = False
    """The Big Sint's opening card (SK-W3); ``opening`` without it: the Small Sint's (SK-W2)."""

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """SK-B4 in a lap, SK-W2 or SK-W3 in the opening; SK-P4 face down."""
        rule = ("SK-W3" if self.big else "SK-W2") if self.opening else "SK-B4"
        return (rule, "SK-P4") if self.face_down else (rule,)


@dataclass(frozen=True, slots=True)
class CardsSwapped(Event):
    """Inwisselregel: ``seat`` took ``bid_card`` back and bid ``hand_card`` instead (SK-V2)."""

    rules: ClassVar[tuple[str, ...]] = ("SK-V2",)
    seat: int
    hand_card: str
    bid_card: str


@dataclass(frozen=True, slots=True)
class WentAlong(Event):
    """``seat`` ended their turn with ``bid`` cards; ``raised`` if nobody else bid as much (SK-B4)."""

    seat: int
    bid: int
    highest: int
    raised: bool
    capped: bool

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """SK-B4; a player left below the highest bid by the Handregel's minimum: SK-V3."""
        return ("SK-B4", "SK-V3") if self.capped else ("SK-B4",)


@dataclass(frozen=True, slots=True)
class Stopped(Event):
    """``seat`` stopped: out of this round, keeping ``hand`` cards; their bid stays (SK-B4)."""

    rules: ClassVar[tuple[str, ...]] = ("SK-B4",)
    seat: int
    bid: int
    hand: int


@dataclass(frozen=True, slots=True)
class AllIn(Event):
    """``seat`` has no hand cards left: all-in, their bid need not be matched (SK-B6)."""

    automatic: ClassVar[bool] = True
    rules: ClassVar[tuple[str, ...]] = ("SK-B6",)
    seat: int
    bid: int


@dataclass(frozen=True, slots=True)
class Overbid(Event):
    """Overschattingsregel: nobody else could match ``seat``'s bid, so ``seat`` is out (SK-V1)."""

    automatic: ClassVar[bool] = True
    rules: ClassVar[tuple[str, ...]] = ("SK-V1",)
    seat: int
    bid: int


@dataclass(frozen=True, slots=True)
class SintChanged(Event):
    """``seat`` became Sint (``reason``: won, stafpiet, first-stop) (SK-B5, SK-B8, SK-A1, SK-W5)."""

    automatic: ClassVar[bool] = True
    seat: int
    previous: int
    reason: str
    showdown: bool = True
    """Won at the showdown (SK-B8) rather than as the one player left (SK-B5)."""
    chosen: bool = False
    """Stafpiet with both Sint cards: the Small Sint chosen over the Big Sint (SK-W4)."""

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """By reason: the round's winner (SK-B5, SK-B8), Stafpiet's action (SK-A1, or SK-W4's
        choice of the two Sint cards), first to stop (SK-W5)."""
        if self.reason == "stafpiet":
            return ("SK-W4",) if self.chosen else ("SK-A1",)
        if self.reason == "first-stop":
            return ("SK-W5",)
        return ("SK-B8",) if self.showdown else ("SK-B5",)


@dataclass(frozen=True, slots=True)
class BigSintTaken(Event):
    """Stafpiet: ``seat`` took the Big Sint card from ``previous`` (SK-W4)."""

    rules: ClassVar[tuple[str, ...]] = ("SK-W4",)
    seat: int
    previous: int


@dataclass(frozen=True, slots=True)
class ActionTriggered(Event):
    """The action card ``card`` in ``seat``'s bid works now (SK-A1)."""

    automatic: ClassVar[bool] = True
    rules: ClassVar[tuple[str, ...]] = ("SK-A1",)
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    """Chance: ``seat`` drew ``cards`` from the stack (``reason``: strooipiet, schoenpiet, more-cards)."""

    seat: int
    cards: Cards
    reason: str

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """An action card's draw (SK-A1), or the Biedregel's extra hand card (SK-V4)."""
        return ("SK-V4",) if self.reason == "more-cards" else ("SK-A1",)


@dataclass(frozen=True, slots=True)
class CardPeeked(Event):
    """Chance: Kijkpiet — ``seat`` secretly looked at ``card`` on top of the stack."""

    rules: ClassVar[tuple[str, ...]] = ("SK-A1",)
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class PeekedCardPlaced(Event):
    """Kijkpiet: ``seat`` put the card back on top, or under the stack."""

    rules: ClassVar[tuple[str, ...]] = ("SK-A1",)
    seat: int
    to_bottom: bool


@dataclass(frozen=True, slots=True)
class CardsPassedLeft(Event):
    """Chance: Roetpiet — per seat the random hand card passed to the left ("" for none)."""

    rules: ClassVar[tuple[str, ...]] = ("SK-A1",)
    cards: Cards


@dataclass(frozen=True, slots=True)
class CardStolen(Event):
    """Chance: Snoeppiet — ``taker`` (fewest hand cards) took a random ``card`` from ``victim``."""

    rules: ClassVar[tuple[str, ...]] = ("SK-A1",)
    victim: int
    taker: int
    card: str


@dataclass(frozen=True, slots=True)
class RoomSwapped(Event):
    """Wisselpiet: ``seat`` put ``hand_card`` into the Pakjeskamer and took ``room_card``."""

    rules: ClassVar[tuple[str, ...]] = ("SK-A1",)
    seat: int
    hand_card: str
    room_card: str


@dataclass(frozen=True, slots=True)
class CoinChosen(Event):
    """Biedregel: ``seat`` bid a coin card and chose ``more-stake`` or ``more-cards`` (SK-V4)."""

    rules: ClassVar[tuple[str, ...]] = ("SK-V4",)
    seat: int
    choice: str


@dataclass(frozen=True, slots=True)
class StakeAdded(Event):
    """Chance: a random scored card of ``seat`` joined their bid ("meer inzet", SK-V4)."""

    rules: ClassVar[tuple[str, ...]] = ("SK-V4",)
    seat: int
    card: str
    bid: int


@dataclass(frozen=True, slots=True)
class StakeDeclined(Event):
    """``seat`` did not follow the "meer inzet" (SK-V4)."""

    rules: ClassVar[tuple[str, ...]] = ("SK-V4",)
    seat: int


@dataclass(frozen=True, slots=True)
class ColourChosen(Event):
    """Inpakpiet: ``seat``'s Inpakpiet counts as ``colour`` when scoring."""

    rules: ClassVar[tuple[str, ...]] = ("SK-A1",)
    seat: int
    colour: str


@dataclass(frozen=True, slots=True)
class CardStruck(Event):
    """Pietje Precies: ``seat`` struck ``card`` ("" for none) from their scoring cards (SK-P3)."""

    rules: ClassVar[tuple[str, ...]] = ("SK-P3",)
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class CombinationShown(Event):
    """At scoring ``seat``'s best combination (SK-B7); ``kind`` none when it is worth nothing."""

    automatic: ClassVar[bool] = True
    seat: int
    kind: str
    value: str
    count: int
    total: int
    cards: Cards
    precise: bool = False
    """Pietje Precies: only a combination of all the cards counts (SK-P1)."""

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """SK-B7; with Pietje Precies SK-P1, and SK-P2 for a straight."""
        rules: tuple[str, ...] = ("SK-B7", "SK-P1") if self.precise else ("SK-B7",)
        return (*rules, "SK-P2") if self.kind == "straight" else rules


@dataclass(frozen=True, slots=True)
class RoundWon(Event):
    """``seat`` won round ``round`` and its bid pile (``reason``: one-left, best, remise) (SK-B5, SK-B8)."""

    automatic: ClassVar[bool] = True
    seat: int
    round: int
    pile: Cards
    reason: str

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """By reason: one player left (SK-B5), the best combination (SK-B7, SK-B8), the higher bid on a tie (SK-V5)."""
        if self.reason == "one-left":
            return ("SK-B5",)
        return ("SK-V5", "SK-B8") if self.reason == "remise" else ("SK-B7", "SK-B8")


@dataclass(frozen=True, slots=True)
class RoundTied(Event):
    """Nobody won round ``round``: ``seats`` had equally good combinations (SK-B7)."""

    automatic: ClassVar[bool] = True
    rules: ClassVar[tuple[str, ...]] = ("SK-B7",)
    round: int
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    """Round ``round`` is over; ``discarded`` went out of the game (SK-B8)."""

    automatic: ClassVar[bool] = True
    rules: ClassVar[tuple[str, ...]] = ("SK-B8",)
    round: int
    discarded: Cards
    hands: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HandKept(Event):
    """Handregel: ``seat`` keeps their ``cards`` hand cards for the next round (SK-V3)."""

    rules: ClassVar[tuple[str, ...]] = ("SK-V3",)
    seat: int
    cards: int


@dataclass(frozen=True, slots=True)
class HandDiscarded(Event):
    """Handregel: ``seat`` threw their hand ``cards`` away (SK-V3)."""

    rules: ClassVar[tuple[str, ...]] = ("SK-V3",)
    seat: int
    cards: Cards


@dataclass(frozen=True, slots=True)
class SurprisePicked(Event):
    """Surprises: ``seat`` picks the next surprise (``reason``: ronde, symbool, spel) (SK-S1)."""

    automatic: ClassVar[bool] = True
    rules: ClassVar[tuple[str, ...]] = ("SK-S1",)
    seat: int
    round: int
    reason: str


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """The stack cannot supply another round: ``winners`` have the most points (SK-B9)."""

    automatic: ClassVar[bool] = True
    rules: ClassVar[tuple[str, ...]] = ("SK-B9",)
    winners: tuple[int, ...]
    points: tuple[int, ...]
    rounds: int
    stack: int
