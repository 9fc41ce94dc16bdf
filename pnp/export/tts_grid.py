"""The grid of a Tabletop Simulator card sheet and the resolution its cards are cut at.

Tabletop Simulator cuts a deck's face image into a grid of at most 10 columns and
7 rows, and shows the grid's last cell as the face of a card it hides (in another
player's hand). Its Knowledge Base advises images no larger than 4096 pixels a
side. :func:`sheet_grid` picks the grid that gives the cards the most pixels
within those limits, and the resolution (dpi) that gives them exactly that size.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.base.units import MM_PER_INCH
from pnp.export.pages import pixel_size

MAX_COLUMNS = 10
MAX_ROWS = 7
MAX_SIDE = 4096
"""Pixels, the longest side of a sheet."""
MAX_DPI = 300.0
"""Cards are never cut finer than the kit prints."""
MAX_FACES = MAX_COLUMNS * MAX_ROWS - 1
"""Faces on one sheet: every cell but the last, which holds the hidden face."""


@dataclass(frozen=True)
class SheetGrid:
    """A card sheet: ``columns`` x ``rows`` cells of ``card`` pixels, cut at ``dpi``."""

    columns: int
    rows: int
    dpi: float
    card: tuple[int, int]
    """Width and height of one cell, pixels."""

    @property
    def cells(self) -> int:
        """Cells on the sheet, the hidden face's included."""
        return self.columns * self.rows

    @property
    def size(self) -> tuple[int, int]:
        """Width and height of the whole sheet, pixels."""
        return self.columns * self.card[0], self.rows * self.card[1]

    def cell_box(self, index: int) -> tuple[int, int, int, int]:
        """Left, top, right and bottom pixels of cell ``index`` (row by row from the top left)."""
        column, row = index % self.columns, index // self.columns
        left, top = column * self.card[0], row * self.card[1]
        return left, top, left + self.card[0], top + self.card[1]


def _fitting_dpi(columns: int, rows: int, width_mm: float, height_mm: float) -> float:
    """The highest dpi (in hundredths) at which ``columns`` x ``rows`` cards fit the limits."""
    limit = min(
        MAX_DPI,
        (MAX_SIDE // columns) * MM_PER_INCH / width_mm,
        (MAX_SIDE // rows) * MM_PER_INCH / height_mm,
    )
    dpi = math.floor(limit * 100) / 100
    while True:  # rounding a card up by a pixel may push the sheet past the limit
        w, h = pixel_size(width_mm, height_mm, dpi)
        if columns * w <= MAX_SIDE and rows * h <= MAX_SIDE:
            return dpi
        dpi = round(dpi - 0.01, 2)


def sheet_grid(faces: int, width_mm: float, height_mm: float) -> SheetGrid:
    """The grid for ``faces`` distinct faces (and the hidden face) of cards of this size.

    Of the grids with room for them, the one whose cards get the most pixels wins; then
    the one with fewer empty cells, then the wider one.
    """
    if not 1 <= faces <= MAX_FACES:
        raise ValueError(f"a sheet holds 1 to {MAX_FACES} faces, not {faces}")
    best: tuple[float, int, int] | None = None
    choice: SheetGrid | None = None
    for columns in range(1, MAX_COLUMNS + 1):
        for rows in range(1, MAX_ROWS + 1):
            if columns * rows < faces + 1:
                continue
            dpi = _fitting_dpi(columns, rows, width_mm, height_mm)
            rank = (-dpi, columns * rows, -columns)
            if best is None or rank < best:
                best = rank
                choice = SheetGrid(columns, rows, dpi, pixel_size(width_mm, height_mm, dpi))
    assert choice is not None
    return choice
