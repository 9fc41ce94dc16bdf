"""Routes over the map for the policies: fewest Varen cards from a boat square and heading.

A route is a list of base Varen moves (``vooruit``, ``stuurboord``,
``bakboord``, ``achteruit``) that brings a pawn from a square and heading to a
target square, using the movement rules of :mod:`~pnp.games.stoomboot.sailing`
(tiles drift and turn; a move that would hit the edge or a rock is not used).
Ties between equally short routes are broken by preferring the commoner cards
(``vooruit`` first), so every player computes the same route.
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp.games.stoomboot.board import neighbours
from pnp.games.stoomboot.cards import (
    ACHTERUIT,
    BAKBOORD,
    DRAAIKOLK,
    ROTS,
    STROMING,
    STUURBOORD,
    VOORUIT,
)

MOVES = (VOORUIT, STUURBOORD, BAKBOORD, ACHTERUIT)
"""The moves a route may use, in order of preference."""

State = tuple[int, int]
"""``(square, heading)``."""


def apply_move(
    size: int, kinds: Sequence[int], square: int, heading: int, move: int
) -> State | None:
    """Where a base move takes a pawn; ``None`` if it would bump (edge or rock)."""
    nb = neighbours(size)
    if move == STUURBOORD:
        heading = (heading + 1) & 3
    elif move == BAKBOORD:
        heading = (heading + 3) & 3
    way = (heading + 2) & 3 if move == ACHTERUIT else heading
    for _ in range(size * size):
        to = nb[square][way]
        if to < 0 or kinds[to] == ROTS:
            return None
        square = to
        kind = kinds[to]
        if kind == DRAAIKOLK:
            heading = (heading + 2) & 3
        if kind != STROMING:
            return square, heading
        way = heading
    return None


def routes_from(size: int, kinds: Sequence[int], start: State) -> dict[State, tuple[int, ...]]:
    """Breadth-first: the preferred shortest move list to every reachable state."""
    best: dict[State, tuple[int, ...]] = {start: ()}
    frontier = [start]
    while frontier:
        nxt: list[State] = []
        for state in frontier:
            path = best[state]
            for move in MOVES:
                to = apply_move(size, kinds, state[0], state[1], move)
                if to is not None and to not in best:
                    best[to] = (*path, move)
                    nxt.append(to)
        frontier = nxt
    return best


def route_to_squares(size: int, kinds: Sequence[int], start: State) -> dict[int, tuple[int, ...]]:
    """Square -> the preferred shortest move list that ends there (any heading)."""
    out: dict[int, tuple[int, ...]] = {}
    for (square, _), path in sorted(routes_from(size, kinds, start).items(), key=_order):
        if square not in out:
            out[square] = path
    return out


def _order(item: tuple[State, tuple[int, ...]]) -> tuple[int, tuple[int, ...], int]:
    (_, heading), path = item
    return len(path), tuple(MOVES.index(m) for m in path), heading
