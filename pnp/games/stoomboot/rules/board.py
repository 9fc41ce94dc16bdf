"""The map: squares, headings, turns and single steps (ST-C1, ST-C3, ST-B7, ST-E2).

Squares are ints ``row * size + col``; in the notation ``a1`` is the top left
square (column letter ``a`` .. , row number ``1`` ..). Headings are ints
``0 .. 3`` for ``n`` (up), ``o`` (right), ``z`` (down) and ``w`` (left).
Turning to port (bakboord) is counter-clockwise, to starboard (stuurboord)
clockwise. A pawn on no square (a Piet not yet on the map) is at
:data:`OFF_MAP`.
"""

from __future__ import annotations

from functools import lru_cache

HEADINGS = ("n", "o", "z", "w")
NORTH, EAST, SOUTH, WEST = range(4)
N = NORTH
OFF_MAP = -1

_DROW = (-1, 0, 1, 0)
_DCOL = (0, 1, 0, -1)


def port(heading: int) -> int:
    """Turned to port (bakboord, counter-clockwise): n -> w -> z -> o -> n."""
    return (heading + 3) & 3


def starboard(heading: int) -> int:
    """Turned to starboard (stuurboord, clockwise): n -> o -> z -> w -> n."""
    return (heading + 1) & 3


def around(heading: int) -> int:
    """Turned around (180 degrees)."""
    return (heading + 2) & 3


@lru_cache(maxsize=16)
def neighbours(size: int) -> tuple[tuple[int, ...], ...]:
    """``neighbours(size)[square][heading]``: the next square that way, or ``OFF_MAP``."""
    table = []
    for square in range(size * size):
        row, col = divmod(square, size)
        out = []
        for h in range(4):
            r, c = row + _DROW[h], col + _DCOL[h]
            out.append(r * size + c if 0 <= r < size and 0 <= c < size else OFF_MAP)
        table.append(tuple(out))
    return tuple(table)


def square_name(square: int, size: int) -> str:
    """``a1`` for the top left square; ``-`` off the map."""
    if square < 0:
        return "-"
    row, col = divmod(square, size)
    return f"{chr(97 + col)}{row + 1}"


def parse_square(text: str, size: int) -> int:
    """Inverse of :func:`square_name`; ``ValueError`` when it is not on the map."""
    text = text.strip()
    if len(text) >= 2 and text[0].isalpha() and text[1:].isdigit():
        col = ord(text[0]) - 97
        row = int(text[1:]) - 1
        if 0 <= col < size and 0 <= row < size:
            return row * size + col
    raise ValueError(f"not a square of a {size}x{size} map: {text!r}")


def heading_name(heading: int) -> str:
    """``n``, ``o``, ``z`` or ``w``."""
    return HEADINGS[heading]


def distance_table(size: int, blocked: frozenset[int] = frozenset()) -> list[list[int]]:
    """``table[a][b]``: fewest single steps from ``a`` to ``b`` avoiding ``blocked`` squares.

    Used by the policies to judge how far a pawn is from a house (unreachable:
    a large number).
    """
    squares = size * size
    nb = neighbours(size)
    far = 99
    table = []
    for start in range(squares):
        dist = [far] * squares
        dist[start] = 0
        frontier = [start]
        while frontier:
            nxt = []
            for sq in frontier:
                d = dist[sq] + 1
                for to in nb[sq]:
                    if to >= 0 and to not in blocked and dist[to] > d:
                        dist[to] = d
                        nxt.append(to)
            frontier = nxt
        table.append(dist)
    return table
