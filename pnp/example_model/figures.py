"""What a rulebook figure shows, as data: a map, a row of cards, the table seen from above.

A game fills these from its engine's states (:class:`~pnp.example_model.Step` carries
them under a sentence; a setup chapter shows table figures); the rulebook draws them
(:mod:`pnp.rulebook.figures`, :mod:`pnp.rulebook.table_figure`) and ``pnp examples``
writes them as text. Nothing here draws, so a game's examples load without the renderer.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pnp.example_model import CardPicture

SPREADS = ("pile", "row", "fan")

GAP = 0.12
"""Space between the cards of a row, in card widths."""
FAN_STEP = 0.3
"""How much of each card of a fanned hand shows, in card widths."""
PILE_STEP = 0.05
"""Offset of each card of a pile, in card widths (a pile shows at most four)."""
PILE_SHOWN = 4


@dataclass(frozen=True)
class MapTile:
    """One tile of a map figure: a row of a tile component, face or back up."""

    col: int
    row: int
    picture: CardPicture
    back: bool = False
    letter: str = "~"
    """One character for the text version of the map (``~`` water, ``H`` house...)."""


@dataclass(frozen=True)
class MapPawn:
    """A pawn on a map figure: where it stands and where its bow points (n, o, z, w)."""

    col: int
    row: int
    heading: str
    colour: str = "#C0392B"
    letter: str = "B"


@dataclass(frozen=True)
class MapFigure:
    """A map (or part of one): tiles, the path sailed (cells, in order) and pawns."""

    columns: int
    rows: int
    tiles: tuple[MapTile, ...]
    caption: str
    path: tuple[tuple[int, int], ...] = ()
    pawns: tuple[MapPawn, ...] = ()
    legend: str = ""
    """What the letters of the text version mean."""


@dataclass(frozen=True)
class RowSlot:
    """A card lying under a position of a :class:`RowFigure` (None in ``card``: still hidden)."""

    card: CardPicture | None
    label: str = ""
    """A short mark under the slot, e.g. its number in the order of play."""


@dataclass(frozen=True)
class RowFigure:
    """Cards side by side (the row), and under them one slot per position.

    With ``n`` cards there are ``2n - 1`` positions: the middle of each card
    and each place where two cards meet; ``slots`` follows that order (a
    shorter tuple leaves the last positions empty).
    """

    cards: tuple[CardPicture, ...]
    slots: tuple[RowSlot | None, ...]
    caption: str


@dataclass(frozen=True)
class TableCard:
    """One card lying on the table: its face, or its back when ``back``."""

    picture: CardPicture
    back: bool = False


@dataclass(frozen=True)
class TablePlace:
    """A place on the table seen from above: cards as a pile, a row or a fanned hand.

    ``col`` and ``row`` put the place's top-left corner on a grid whose unit is
    one card width across and one card height (plus a label line) down, so a
    game lays out its table without knowing the page size.
    """

    label: str
    cards: tuple[TableCard, ...]
    col: float
    row: float
    spread: str = "row"
    """``pile`` (stacked, slightly offset), ``row`` (side by side) or ``fan`` (overlapping)."""


@dataclass(frozen=True)
class TableFigure:
    """The table at the start of a game: every place a setup needs, with its label."""

    places: tuple[TablePlace, ...]
    caption: str


Figure = MapFigure | RowFigure


def place_width(place: TablePlace) -> float:
    """The width of a place in card widths (an empty place keeps one card's room)."""
    count = len(place.cards)
    if count == 0:
        return 1.0
    if place.spread == "pile":
        return 1 + PILE_STEP * (min(count, PILE_SHOWN) - 1)
    if place.spread == "fan":
        return 1 + FAN_STEP * (count - 1)
    return count + GAP * (count - 1)


LABEL_CHARACTER = 0.085
"""About how wide one character of a place's label is, in card widths, so that places
laid side by side leave their labels room."""


@dataclass(frozen=True)
class Heap:
    """Cards in one place of a table laid out by :func:`table_rows`: a hand, a bid, a pile."""

    label: str
    cards: tuple[TableCard, ...]
    spread: str = "row"


SEATS_PER_ROW = 2
"""Players side by side in a row of a table during play (four players: two rows)."""


def table_rows(
    middle: tuple[Heap, ...], seats: tuple[tuple[Heap, ...], ...], caption: str
) -> TableFigure:
    """A table figure of the middle of the table on top (if anything lies there), then the
    players' places, two players to a row, each player's places left to right: the layout of a table during
    play, where every game shows the same things (who holds what, what lies in the middle)."""
    rows = ([middle] if middle else []) + [
        tuple(h for seat in seats[i : i + SEATS_PER_ROW] for h in (*seat, None))[:-1]
        for i in range(0, len(seats), SEATS_PER_ROW)
    ]
    places = []
    for row_number, heaps in enumerate(rows):
        col = 0.0
        for heap in heaps:
            if heap is None:  # between two players
                col += 1.0
                continue
            place = TablePlace(heap.label, heap.cards, col, row_number, heap.spread)
            room = max(place_width(place), len(heap.label) * LABEL_CHARACTER)
            # the cards in the middle of their label's room, so labels do not meet
            places.append(replace(place, col=col + (room - place_width(place)) / 2))
            col += room + GAP * 4
    return TableFigure(tuple(places), caption)
