"""Cards, grid cells and their notation (SA-C1, SA-B1).

A card is an ``int``: a number card is its number (1 or more) and a Santoska
card is :data:`SANTOSKA` (0). Santoska cards are not numbers: they never
group with number cards (SA-B6).

A player's cards lie in two rows of ``row_length`` cards. The engine keeps
them as one flat list of ``2 * row_length`` cells: cell ``col`` is the bottom
row (the row that is active first), cell ``row_length + col`` the top row,
columns counted from 0 at the left. In notation a cell is ``b1 .. b6``
(bottom) or ``t1 .. t6`` (top), columns counted from 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

SANTOSKA = 0
"""The code of a Santoska card."""

SANTOSKA_NAME = "S"
"""A Santoska card in notation; number cards are written as their number."""

NO_CARD = -1
"""An empty hand."""

BOTTOM = 0
TOP = 1
ROW_NAMES = ("bottom", "top")
_ROW_LETTERS = ("b", "t")


def card_name(card: int) -> str:
    """``"S"`` for a Santoska card, else the number, e.g. ``"7"``."""
    return SANTOSKA_NAME if card == SANTOSKA else str(card)


def parse_card(text: str) -> int:
    """Inverse of :func:`card_name`; ``ValueError`` for anything else."""
    text = text.strip()
    if text == SANTOSKA_NAME:
        return SANTOSKA
    if text.isdigit() and int(text) >= 1:
        return int(text)
    raise ValueError(f"not a Santoska card: {text!r}")


def format_cards(cards: Sequence[int]) -> str:
    """Cards separated by spaces, e.g. ``"3 S 7"``."""
    return " ".join(card_name(c) for c in cards)


def parse_cards(text: str) -> tuple[int, ...]:
    """Inverse of :func:`format_cards` (an empty text gives no cards)."""
    return tuple(parse_card(part) for part in text.split())


def cell_index(row: int, col: int, row_length: int) -> int:
    """The flat index of column ``col`` (0-based) of ``row`` (BOTTOM or TOP)."""
    return row * row_length + col


def cell_name(cell: int, row_length: int) -> str:
    """``b1`` .. ``b<n>`` for the bottom row, ``t1`` .. ``t<n>`` for the top row."""
    row, col = divmod(cell, row_length)
    return f"{_ROW_LETTERS[row]}{col + 1}"


def parse_cell(text: str, row_length: int) -> int:
    """Inverse of :func:`cell_name`."""
    text = text.strip()
    if len(text) >= 2 and text[0] in _ROW_LETTERS and text[1:].isdigit():
        col = int(text[1:]) - 1
        if 0 <= col < row_length:
            return cell_index(_ROW_LETTERS.index(text[0]), col, row_length)
    raise ValueError(f"not a cell of a grid with rows of {row_length}: {text!r}")


def split_rows(cells: Sequence[int], row_length: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The bottom row and the top row of a flat grid."""
    return tuple(cells[:row_length]), tuple(cells[row_length : 2 * row_length])


def format_grid(cells: Sequence[int], row_length: int) -> str:
    """A grid as ``"b 3 S 7 | t 1 9 9"`` (an empty grid as ``"-"``)."""
    if not cells:
        return "-"
    bottom, top = split_rows(cells, row_length)
    return f"b {format_cards(bottom)} | t {format_cards(top)}"


@cache
def neighbours(row_length: int) -> tuple[tuple[int, ...], ...]:
    """For each cell, the horizontally and vertically adjacent cells (SA-B6)."""
    out: list[tuple[int, ...]] = []
    for cell in range(2 * row_length):
        row, col = divmod(cell, row_length)
        near = [cell_index(1 - row, col, row_length)]
        if col > 0:
            near.append(cell - 1)
        if col < row_length - 1:
            near.append(cell + 1)
        out.append(tuple(sorted(near)))
    return tuple(out)


def tally_of(cards: Sequence[int], length: int) -> list[int]:
    """Copies per card code (the index) of ``cards``; at least ``length`` entries."""
    tally = [0] * max(length, max(cards, default=-1) + 1)
    for card in cards:
        tally[card] += 1
    return tally


def seen_tallies(
    grids: Sequence[Sequence[int]], known: Sequence[Sequence[int]], seats: int, length: int
) -> list[list[int]]:
    """Per seat: copies per card code of the grid cards that seat knows (``known`` bitmasks)."""
    tallies = [[0] * length for _ in range(seats)]
    for grid, masks in zip(grids, known, strict=True):
        for card, mask in zip(grid, masks, strict=True):
            for seat in range(seats):
                if mask >> seat & 1:
                    tallies[seat][card] += 1
    return tallies
