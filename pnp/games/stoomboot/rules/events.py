"""The typed events of a game of Stoomboot.

Cards, tiles and Kalender cards are their ids, squares ``a1`` .. (column
letter, row number from the top left), headings ``n``/``o``/``z``/``w``,
Stoomrij positions 1-based from the left. A pawn is ``boot`` or ``piet-<seat>``.
Events with ``automatic = True`` record what the rules did by themselves;
the others record a player's, the Sint's or chance's choice. The event log
sees everything (hands included); what a player may know is the business of
:mod:`~pnp.games.stoomboot.view`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from pnp.engine.core import Event

Names = tuple[str, ...]


def with_piet(rules: tuple[str, ...], pawn: str) -> tuple[str, ...]:
    """``rules``, and ST-R1 when ``pawn`` is a Piet: Pieten sail, take damage, trigger tiles
    and deliver like the boat."""
    return (*rules, "ST-R1") if pawn.startswith("piet") else rules


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    """The game begins: players, variants, map size, hand size, start row length (ST-B1)."""

    automatic: ClassVar[bool] = True
    rules: ClassVar[tuple[str, ...]] = ("ST-B1",)
    players: int
    variants: Names
    map_size: int
    hand_size: int
    start_row: int


@dataclass(frozen=True, slots=True)
class SintChosen(Event):
    """Chance: the player with the longest beard is the first Sint (ST-B1)."""

    rules: ClassVar[tuple[str, ...]] = ("ST-B1",)
    seat: int


@dataclass(frozen=True, slots=True)
class MapLaid(Event):
    """Chance: the map, ``rows`` of tile ids from the top (ST-B1; the special tiles of
    ST-E1 are named when a pawn meets them)."""

    rules: ClassVar[tuple[str, ...]] = ("ST-B1",)
    size: int
    rows: tuple[Names, ...]


@dataclass(frozen=True, slots=True)
class BoatPlaced(Event):
    """Chance: the boat starts on ``square`` with ``heading`` (ST-B1)."""

    rules: ClassVar[tuple[str, ...]] = ("ST-B1",)
    square: str
    heading: str


@dataclass(frozen=True, slots=True)
class PileShuffled(Event):
    """Chance: ``pile`` was shuffled and now holds ``cards`` cards.

    ``reason``: ``setup``, ``reshuffle`` (the discard pile became the pile to draw back
    up, ST-B8), ``reshuffle-haven`` / ``reshuffle-extra-kolen`` (the same, for the card a
    haven, ST-E1, or the Kalender's extra-kolen, ST-K1, attaches) or ``return`` (the pakjes
    of the round came back, ST-B6).
    """

    pile: str
    cards: int
    reason: str

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """By reason (see above): ST-B1, ST-B6, ST-B8, ST-E1 or ST-K1."""
        return {
            "setup": ("ST-B1",),
            "return": ("ST-B6",),
            "reshuffle-haven": ("ST-E1",),
            "reshuffle-extra-kolen": ("ST-K1",),
        }.get(self.reason, ("ST-B8",))


@dataclass(frozen=True, slots=True)
class StartRowLaid(Event):
    """The top Stoomboot cards form the start Stoomrij (ST-B1)."""

    automatic: ClassVar[bool] = True
    rules: ClassVar[tuple[str, ...]] = ("ST-B1",)
    row: Names


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    """``seat`` drew ``card`` from ``pile`` (only they see it)."""

    seat: int
    pile: str
    card: str
    refill: bool = False
    """Drawn back up at a round's end (ST-B8), not for the first hand (ST-B1)."""

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """ST-B1 for the first hands, ST-B8 when drawing back up."""
        return ("ST-B8",) if self.refill else ("ST-B1",)


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """Round ``round`` begins with ``sint``; ``row`` the Stoomrij, ``icons`` per position
    (``oog``, ``dubbel`` ... or ``""``), ``open`` per position whether a card may be laid
    face up; ``weather`` is ``mist``, ``zon`` or ``""`` (ST-B3, ST-K1)."""

    automatic: ClassVar[bool] = True
    round: int
    sint: int
    row: Names
    icons: Names
    open: tuple[bool, ...]
    weather: str

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """ST-B3; a Kalender weather (ST-K1); a position's power icon (ST-P3)."""
        rules: tuple[str, ...] = ("ST-B3", "ST-K1") if self.weather else ("ST-B3",)
        powers = any(icon not in ("", "oog") for icon in self.icons)
        return (*rules, "ST-P3") if powers else rules


@dataclass(frozen=True, slots=True)
class CardPlaced(Event):
    """``seat`` laid ``card`` under ``position``, face up or down (ST-B3)."""

    rules: ClassVar[tuple[str, ...]] = ("ST-B3",)
    seat: int
    card: str
    position: int
    face_up: bool


@dataclass(frozen=True, slots=True)
class PlayerSkipped(Event):
    """``seat`` has no cards and skips their placing turn."""

    automatic: ClassVar[bool] = True
    rules: ClassVar[tuple[str, ...]] = ("ST-B3",)
    seat: int


@dataclass(frozen=True, slots=True)
class PlacingEnded(Event):
    """Every position is filled (``empty`` stay empty when the hands ran out); the last
    player who placed, ``next_sint``, is the next Sint (ST-B3, ST-B8)."""

    automatic: ClassVar[bool] = True
    rules: ClassVar[tuple[str, ...]] = (
        "ST-B3",
        "ST-B8",
    )
    round: int
    next_sint: int
    empty: int


@dataclass(frozen=True, slots=True)
class CardRevealed(Event):
    """The Sint revealed ``card`` at ``position``, laid by ``placed_by`` (ST-B4)."""

    rules: ClassVar[tuple[str, ...]] = ("ST-B4",)
    position: int
    card: str
    placed_by: int
    face_up: bool
    icon: str


@dataclass(frozen=True, slots=True)
class CardIgnored(Event):
    """The card at ``position`` is not carried out: a ``storm`` position, an ``anker``, or
    ``past-niet`` (a Stoomboot card that can neither lengthen nor shorten the row)."""

    automatic: ClassVar[bool] = True
    position: int
    card: str
    reason: str

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """A storm position (ST-P3), an anchor (ST-P2), or a Stoomboot card that fits nowhere (ST-B9)."""
        return {"storm": ("ST-P3",), "anker": ("ST-P2",)}.get(self.reason, ("ST-B9",))


@dataclass(frozen=True, slots=True)
class PawnChosen(Event):
    """The Sint applies the Varen card to ``pawn`` (rebelse-pietjes, ST-R1)."""

    rules: ClassVar[tuple[str, ...]] = ("ST-R1",)
    seat: int
    pawn: str
    card: str


@dataclass(frozen=True, slots=True)
class HeadingChosen(Event):
    """kompas: the Sint turned ``pawn`` from ``before`` to ``heading`` (ST-P3)."""

    rules: ClassVar[tuple[str, ...]] = ("ST-P3",)
    seat: int
    pawn: str
    before: str
    heading: str


@dataclass(frozen=True, slots=True)
class PietEntered(Event):
    """A Piet not yet on the map appears on the boat's square with its heading (ST-R1)."""

    automatic: ClassVar[bool] = True
    rules: ClassVar[tuple[str, ...]] = ("ST-R1",)
    pawn: str
    square: str
    heading: str


@dataclass(frozen=True, slots=True)
class PawnTurned(Event):
    """``pawn`` on ``square`` turned from ``before`` to ``after``; ``cause`` is a Varen
    move, ``draaikolk`` or ``storm`` (Kalender)."""

    automatic: ClassVar[bool] = True
    pawn: str
    square: str
    before: str
    after: str
    cause: str

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """A Varen card (ST-B5; Draai Om: ST-P2), a draaikolk (ST-E1) or the Kalender's storm (ST-K1); a Piet: ST-R1."""
        rules = {"draai-om": ("ST-P2",), "draaikolk": ("ST-E1",), "storm": ("ST-K1",)}.get(
            self.cause, ("ST-B5",)
        )
        return with_piet(rules, self.pawn)


@dataclass(frozen=True, slots=True)
class PawnMoved(Event):
    """``pawn`` sailed from ``start`` to ``end`` over ``path`` (every square entered, in
    order; a drift included) and now heads ``heading`` (ST-B5, ST-E1)."""

    automatic: ClassVar[bool] = True
    pawn: str
    start: str
    end: str
    heading: str
    path: Names

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """ST-B5; a Piet sails by ST-R1."""
        return with_piet(("ST-B5",), self.pawn)


@dataclass(frozen=True, slots=True)
class PawnBumped(Event):
    """``pawn`` on ``square`` could not sail on: ``rand`` (off the map, ST-B7) or ``rots``
    (ST-E2); ``damage`` is 0 or 1."""

    automatic: ClassVar[bool] = True
    pawn: str
    square: str
    cause: str
    damage: int

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """The map's edge (ST-B7) or a rock (ST-E2); damage by ST-E2; a Piet by ST-R1."""
        if self.cause == "rots":
            rules: tuple[str, ...] = ("ST-E2",)
        else:
            rules = ("ST-B7", "ST-E2") if self.damage else ("ST-B7",)
        return with_piet(rules, self.pawn)


@dataclass(frozen=True, slots=True)
class TileTriggered(Event):
    """``pawn`` entered a special tile on ``square``: ``stroming``, ``draaikolk`` or
    ``haven`` (ST-E1)."""

    automatic: ClassVar[bool] = True
    pawn: str
    square: str
    tile: str

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """ST-E1; a Piet triggers tiles by ST-R1."""
        return with_piet(("ST-E1",), self.pawn)


@dataclass(frozen=True, slots=True)
class DamageTaken(Event):
    """Damage: the Sint removed ``card`` from the ``side`` end; ``row`` is what is left,
    ``total`` the damage of the game so far (ST-E2)."""

    rules: ClassVar[tuple[str, ...]] = ("ST-E2",)
    side: str
    card: str
    row: Names
    total: int


@dataclass(frozen=True, slots=True)
class RowLengthened(Event):
    """``card`` was attached at the ``side`` end (``cause``: ``stoomboot``, ``haven`` or
    ``extra-kolen``); ``row`` is the new Stoomrij (ST-B5)."""

    side: str
    card: str
    row: Names
    cause: str

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """A Stoomboot card (ST-B5), a haven (ST-E1) or the Kalender's extra-kolen (ST-K1)."""
        return {"haven": ("ST-E1",), "extra-kolen": ("ST-K1",)}.get(self.cause, ("ST-B5",))


@dataclass(frozen=True, slots=True)
class RowShortened(Event):
    """``card`` was removed from the ``side`` end by ``cause`` (the Stoomboot card's id,
    or ``lekkage``); ``row`` is the new Stoomrij (ST-B5, ST-K1)."""

    side: str
    card: str
    row: Names
    cause: str

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """A Stoomboot card (ST-B5) or the Kalender's lekkage (ST-K1)."""
        return ("ST-K1",) if self.cause == "lekkage" else ("ST-B5",)


@dataclass(frozen=True, slots=True)
class CardDiscarded(Event):
    """``card`` went to the ``pile`` discard pile unused: ``reason`` ``no-fit``, the top
    Stoomboot card a haven or the Kalender's extra-kolen (``cause``) would attach fits
    nowhere."""

    automatic: ClassVar[bool] = True
    card: str
    pile: str
    reason: str
    cause: str = ""
    """What tried to attach it: ``haven`` (ST-E1) or ``extra-kolen`` (ST-K1)."""

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """A haven's (ST-E1) or extra-kolen's (ST-K1) card that fits nowhere: no effect (ST-B9)."""
        return ("ST-K1", "ST-B9") if self.cause == "extra-kolen" else ("ST-E1", "ST-B9")


@dataclass(frozen=True, slots=True)
class Delivered(Event):
    """The Sint delivered to ``house`` on ``square``, reached by ``pawn``, with the
    pakje ``cards`` counted as ``counted`` (kinds, in the same order); they leave the
    game and the tile turns over (ST-B6, ST-P1)."""

    seat: int
    pawn: str
    house: str
    square: str
    cards: Names
    counted: Names
    left: int
    special: bool = False
    """A Joker or Dubbelcadeau stood for a kind, or a Telefoon was delivered (ST-P1)."""

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """ST-B6; ST-P1 when a special pakje counted; a Piet delivers by ST-R1."""
        return with_piet(("ST-B6", "ST-P1") if self.special else ("ST-B6",), self.pawn)


@dataclass(frozen=True, slots=True)
class DeliveryDeclined(Event):
    """The Sint could deliver to ``houses`` but chose not to (now)."""

    rules: ClassVar[tuple[str, ...]] = ("ST-B6",)
    seat: int
    houses: Names


@dataclass(frozen=True, slots=True)
class TalkOpened(Event):
    """A Telefoon was delivered: the players may talk freely until the next card is
    revealed (ST-P1)."""

    automatic: ClassVar[bool] = True
    rules: ClassVar[tuple[str, ...]] = ("ST-P1",)
    card: str


@dataclass(frozen=True, slots=True)
class TalkClosed(Event):
    """The next card is revealed: the Telefoon talk is over."""

    automatic: ClassVar[bool] = True
    rules: ClassVar[tuple[str, ...]] = ("ST-P1",)


@dataclass(frozen=True, slots=True)
class KalenderChosen(Event):
    """Base game: the Sint set ``card`` from ``position`` aside onto the Kalender pile,
    which now holds ``count`` cards (ST-B8)."""

    rules: ClassVar[tuple[str, ...]] = ("ST-B8",)
    seat: int
    position: int
    card: str
    count: int


@dataclass(frozen=True, slots=True)
class KalenderFilled(Event):
    """Base game: no played card was left, so the top card of ``pile`` went onto the
    Kalender pile (``card`` empty when there was none); ``count`` cards now (ST-B8)."""

    automatic: ClassVar[bool] = True
    rules: ClassVar[tuple[str, ...]] = ("ST-B8",)
    pile: str
    card: str
    count: int


@dataclass(frozen=True, slots=True)
class KalenderDrawn(Event):
    """krappe-kalender: the top Kalender card ``card`` (event ``event``) was taken;
    ``left`` cards remain (ST-K1). ``unseen``: removed by ``haast``, not carried out."""

    automatic: ClassVar[bool] = True
    rules: ClassVar[tuple[str, ...]] = ("ST-K1",)
    card: str
    event: str
    left: int
    unseen: bool


@dataclass(frozen=True, slots=True)
class WeatherSet(Event):
    """Kalender event: the next round ``weather`` (``mist``: no eyes, ``zon``: every
    position has an eye)."""

    automatic: ClassVar[bool] = True
    rules: ClassVar[tuple[str, ...]] = ("ST-K1",)
    weather: str


@dataclass(frozen=True, slots=True)
class OzosnelChosen(Event):
    """Kalender event ozosnel: the Sint moves the boat one square ``heading``-wards."""

    rules: ClassVar[tuple[str, ...]] = ("ST-K1",)
    seat: int
    heading: str


@dataclass(frozen=True, slots=True)
class PakjesReturned(Event):
    """The undelivered pakjes of the round went back into the Pakje pile (ST-B6)."""

    automatic: ClassVar[bool] = True
    rules: ClassVar[tuple[str, ...]] = ("ST-B6",)
    cards: Names


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    """Round ``round`` is over: houses delivered, damage and squares sailed in it,
    the Kalender count."""

    automatic: ClassVar[bool] = True
    rules: ClassVar[tuple[str, ...]] = ("ST-B8",)
    round: int
    delivered: Names
    damage: int
    steps: int
    kalender: int


@dataclass(frozen=True, slots=True)
class NewSint(Event):
    """``seat``, who placed the last card, is the Sint of round ``round`` (ST-B8)."""

    automatic: ClassVar[bool] = True
    rules: ClassVar[tuple[str, ...]] = ("ST-B8",)
    seat: int
    round: int


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """The game is over: ``won`` together (ST-B2) or lost for ``reason``
    (``pakjesavond``, ``stoomrij-leeg`` or ``vastgelopen``)."""

    automatic: ClassVar[bool] = True
    won: bool
    reason: str
    rounds: int
    delivered: int
    houses: int
    kalender: int
    kalender_deck: bool = False
    """Pakjesavond came as the Kalender deck ran out (ST-K1), not at ten cards set aside (ST-B8)."""

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """Won together (ST-B2); lost when pakjesavond is over (ST-B8, ST-K1) or the Stoomrij is empty (ST-E2); the engine's safeguard loses as ST-B2."""
        if self.won or self.reason not in ("pakjesavond", "stoomrij-leeg"):
            return ("ST-B2",)
        if self.reason == "stoomrij-leeg":
            return ("ST-B2", "ST-E2")
        return ("ST-B2", "ST-K1") if self.kalender_deck else ("ST-B2", "ST-B8")
