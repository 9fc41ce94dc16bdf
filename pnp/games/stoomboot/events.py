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


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    """The game begins: players, variants, map size, hand size, start row length (ST-B1)."""

    automatic: ClassVar[bool] = True
    players: int
    variants: Names
    map_size: int
    hand_size: int
    start_row: int


@dataclass(frozen=True, slots=True)
class SintChosen(Event):
    """Chance: the player with the longest beard is the first Sint (ST-B1)."""

    seat: int


@dataclass(frozen=True, slots=True)
class MapLaid(Event):
    """Chance: the map, ``rows`` of tile ids from the top (ST-B1, ST-E1)."""

    size: int
    rows: tuple[Names, ...]


@dataclass(frozen=True, slots=True)
class BoatPlaced(Event):
    """Chance: the boat starts on ``square`` with ``heading`` (ST-B1)."""

    square: str
    heading: str


@dataclass(frozen=True, slots=True)
class PileShuffled(Event):
    """Chance: ``pile`` was shuffled and now holds ``cards`` cards.

    ``reason``: ``setup``, ``reshuffle`` (the discard pile became the pile) or
    ``return`` (the pakjes of the round came back, ST-B6).
    """

    pile: str
    cards: int
    reason: str


@dataclass(frozen=True, slots=True)
class StartRowLaid(Event):
    """The top Stoomboot cards form the start Stoomrij (ST-B1)."""

    automatic: ClassVar[bool] = True
    row: Names


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    """``seat`` drew ``card`` from ``pile`` (only they see it)."""

    seat: int
    pile: str
    card: str


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


@dataclass(frozen=True, slots=True)
class CardPlaced(Event):
    """``seat`` laid ``card`` under ``position``, face up or down (ST-B3)."""

    seat: int
    card: str
    position: int
    face_up: bool


@dataclass(frozen=True, slots=True)
class PlayerSkipped(Event):
    """``seat`` has no cards and skips their placing turn."""

    automatic: ClassVar[bool] = True
    seat: int


@dataclass(frozen=True, slots=True)
class PlacingEnded(Event):
    """Every position is filled (``empty`` stay empty when the hands ran out); the last
    player who placed, ``next_sint``, is the next Sint (ST-B3, ST-B8)."""

    automatic: ClassVar[bool] = True
    round: int
    next_sint: int
    empty: int


@dataclass(frozen=True, slots=True)
class CardRevealed(Event):
    """The Sint revealed ``card`` at ``position``, laid by ``placed_by`` (ST-B4)."""

    position: int
    card: str
    placed_by: int
    face_up: bool
    icon: str


@dataclass(frozen=True, slots=True)
class CardIgnored(Event):
    """The card at ``position`` is not carried out: ``storm`` position or an ``anker``."""

    automatic: ClassVar[bool] = True
    position: int
    card: str
    reason: str


@dataclass(frozen=True, slots=True)
class PawnChosen(Event):
    """The Sint applies the Varen card to ``pawn`` (rebelse-pietjes, ST-R1)."""

    seat: int
    pawn: str
    card: str


@dataclass(frozen=True, slots=True)
class HeadingChosen(Event):
    """kompas: the Sint turned ``pawn`` from ``before`` to ``heading`` (ST-P3)."""

    seat: int
    pawn: str
    before: str
    heading: str


@dataclass(frozen=True, slots=True)
class PietEntered(Event):
    """A Piet not yet on the map appears on the boat's square with its heading (ST-R1)."""

    automatic: ClassVar[bool] = True
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


@dataclass(frozen=True, slots=True)
class PawnBumped(Event):
    """``pawn`` on ``square`` could not sail on: ``rand`` (off the map, ST-B7) or ``rots``
    (ST-E2); ``damage`` is 0 or 1."""

    automatic: ClassVar[bool] = True
    pawn: str
    square: str
    cause: str
    damage: int


@dataclass(frozen=True, slots=True)
class TileTriggered(Event):
    """``pawn`` entered a special tile on ``square``: ``stroming``, ``draaikolk`` or
    ``haven`` (ST-E1)."""

    automatic: ClassVar[bool] = True
    pawn: str
    square: str
    tile: str


@dataclass(frozen=True, slots=True)
class DamageTaken(Event):
    """Damage: the Sint removed ``card`` from the ``side`` end; ``row`` is what is left,
    ``total`` the damage of the game so far (ST-E2)."""

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


@dataclass(frozen=True, slots=True)
class RowShortened(Event):
    """``card`` was removed from the ``side`` end by ``cause`` (the Stoomboot card's id,
    or ``lekkage``); ``row`` is the new Stoomrij (ST-B5, ST-K1)."""

    side: str
    card: str
    row: Names
    cause: str


@dataclass(frozen=True, slots=True)
class CardDiscarded(Event):
    """``card`` went to the ``pile`` discard pile unused (``reason``: ``past`` when a
    Stoomboot card fits nowhere on a one-card row; ``no-fit`` for a haven / extra-kolen
    card that fits nowhere)."""

    automatic: ClassVar[bool] = True
    card: str
    pile: str
    reason: str


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


@dataclass(frozen=True, slots=True)
class DeliveryDeclined(Event):
    """The Sint could deliver to ``houses`` but chose not to (now)."""

    seat: int
    houses: Names


@dataclass(frozen=True, slots=True)
class TalkOpened(Event):
    """A Telefoon was delivered: the players may talk freely until the next card is
    revealed (ST-P1)."""

    automatic: ClassVar[bool] = True
    card: str


@dataclass(frozen=True, slots=True)
class TalkClosed(Event):
    """The next card is revealed: the Telefoon talk is over."""

    automatic: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class KalenderChosen(Event):
    """Base game: the Sint set ``card`` from ``position`` aside onto the Kalender pile,
    which now holds ``count`` cards (ST-B8)."""

    seat: int
    position: int
    card: str
    count: int


@dataclass(frozen=True, slots=True)
class KalenderFilled(Event):
    """Base game: no played card was left, so the top card of ``pile`` went onto the
    Kalender pile (``card`` empty when there was none); ``count`` cards now (ST-B8)."""

    automatic: ClassVar[bool] = True
    pile: str
    card: str
    count: int


@dataclass(frozen=True, slots=True)
class KalenderDrawn(Event):
    """krappe-kalender: the top Kalender card ``card`` (event ``event``) was taken;
    ``left`` cards remain (ST-K1). ``unseen``: removed by ``haast``, not carried out."""

    automatic: ClassVar[bool] = True
    card: str
    event: str
    left: int
    unseen: bool


@dataclass(frozen=True, slots=True)
class WeatherSet(Event):
    """Kalender event: the next round ``weather`` (``mist``: no eyes, ``zon``: every
    position has an eye)."""

    automatic: ClassVar[bool] = True
    weather: str


@dataclass(frozen=True, slots=True)
class OzosnelChosen(Event):
    """Kalender event ozosnel: the Sint moves the boat one square ``heading``-wards."""

    seat: int
    heading: str


@dataclass(frozen=True, slots=True)
class PakjesReturned(Event):
    """The undelivered pakjes of the round went back into the Pakje pile (ST-B6)."""

    automatic: ClassVar[bool] = True
    cards: Names


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    """Round ``round`` is over: houses delivered, damage and squares sailed in it,
    the Kalender count."""

    automatic: ClassVar[bool] = True
    round: int
    delivered: Names
    damage: int
    steps: int
    kalender: int


@dataclass(frozen=True, slots=True)
class NewSint(Event):
    """``seat``, who placed the last card, is the Sint of round ``round`` (ST-B8)."""

    automatic: ClassVar[bool] = True
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
