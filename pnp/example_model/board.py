"""A printed map as data: which tile lies where, markers on cells, the legend and the words.

A game lays out its board (``Game.board``, for ``--map-sheet``) without knowing the
page; :mod:`pnp.sheets.board` draws it.

Why not :class:`~pnp.example_model.figures.MapFigure`: a figure shows part of a game in
progress (the tiles an example needs, the path the boat sailed, the pawns), drawn small
beside a sentence; a board is the whole map to play on, every cell of it, with a legend,
a title and the words to print it again. They share the tiles' pictures, not their shape.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class BoardCell:
    """One tile of the board: which component row, drawn with its face or its back."""

    col: int
    row: int
    component: str
    card: str
    back: bool = False
    layout: str = ""
    """The layout the face is drawn with here (else the component's board layout or layout)."""


@dataclass(frozen=True)
class BoardMarker:
    """A picture placed on a cell, e.g. the pawn's starting tile; ``art`` is under ``art/``."""

    col: int
    row: int
    art: str
    label: str


@dataclass(frozen=True)
class LegendEntry:
    """One line of the legend: a tile's picture (without its words), a name and a meaning.

    With ``marker_art`` the tile carries a marker as it does on the map (e.g. the start).
    """

    name: str
    meaning: str
    component: str
    card: str
    hide: tuple[str, ...] = ()
    """Elements of the tile's layout the picture leaves out besides its words (e.g. the
    empty band a name sits on)."""
    marker_art: str = ""
    marker_label: str = ""


@dataclass(frozen=True)
class Board:
    """A laid-out map: ``columns`` x ``rows`` cells (col 0 left, row 0 top), and its words."""

    columns: int
    rows: int
    cells: tuple[BoardCell, ...]
    title: str
    caption: str
    """The setup line under the title (its size, variants and seed)."""
    markers: tuple[BoardMarker, ...] = ()
    legend: tuple[LegendEntry, ...] = ()
    legend_title: str = ""
    north: str = "N"
    """The north arrow's label."""
    footer: str = ""
    """A line beside the scale bar, e.g. how to print this board again."""
