"""Routes over the map for the policies: fewest Varen cards from a boat square and heading.

A route is a list of base Varen moves (``vooruit``, ``stuurboord``,
``bakboord``, ``achteruit``) that brings a pawn from a square and heading to a
target square, using the movement rules of :mod:`~pnp.games.stoomboot.rules.sailing`
(tiles drift and turn; a move that would hit the edge or a rock is not used).
Ties between equally short routes are broken by preferring the commoner cards
(``vooruit`` first), so every player computes the same route.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from functools import lru_cache

from pnp.games.stoomboot.rules.board import distance_table, neighbours
from pnp.games.stoomboot.rules.cards import (
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


class MapRoutes:
    """Everything the policy derives from one map, computed once per map and shared.

    The map never changes during a game, so the moves between ``(square,
    heading)`` states, the shortest routes from each start state, the house
    squares those routes reach and the step distances around the rocks are
    worked out once per map (:func:`map_routes`; routes and distances lazily,
    per start) instead of at every decision. The results are exactly those of
    :func:`routes_from` and :func:`~pnp.games.stoomboot.rules.board.distance_table`.
    """

    __slots__ = (
        "_boat_far",
        "_candidates",
        "_far",
        "_heading_cost",
        "_house_at",
        "_searches",
        "_step",
        "dist",
        "house_sq",
        "layouts",
        "size",
        "wants",
    )

    def __init__(
        self,
        size: int,
        kinds: tuple[int, ...],
        house_at: tuple[int, ...],
        heading_cost: float,
        wants: tuple[tuple[int, ...], ...] = (),
    ) -> None:
        self.size = size
        self.wants = wants
        # the round plans the seats made, by their public inputs (see policies.layout)
        self.layouts: dict[Hashable, object] = {}
        # _step[square * 4 + heading][i]: the state index MOVES[i] leads to, -1 for a bump
        step: list[tuple[int, ...]] = []
        for sq in range(size * size):
            for head in range(4):
                ends = (apply_move(size, kinds, sq, head, move) for move in MOVES)
                step.append(tuple(-1 if to is None else to[0] * 4 + to[1] for to in ends))
        self._step = tuple(step)
        self._searches: dict[int, tuple[list[int], list[int], list[int], list[int]]] = {}
        self._candidates: dict[int, tuple[tuple[int, int, State], ...]] = {}
        self._house_at = house_at
        self._heading_cost = heading_cost
        rocks = frozenset(sq for sq, k in enumerate(kinds) if k == ROTS)
        self.dist = distance_table(size, rocks)
        self.house_sq = {h: sq for sq, h in enumerate(house_at) if h >= 0}
        self._far: list[tuple[float, ...] | None] = [None] * (size * size)
        self._boat_far: list[tuple[float, ...] | None] = [None] * (size * size * 4)

    # -- routes -----------------------------------------------------------------------

    def _search(self, start: State) -> tuple[list[int], list[int], list[int], list[int]]:
        """Breadth-first from ``start`` as :func:`routes_from` does it: the state indices in
        the order found, and per state index its depth (-1: unreachable), the state it was
        reached from and the index of the move."""
        index = start[0] * 4 + start[1]
        found = self._searches.get(index)
        if found is not None:
            return found
        step = self._step
        if not 0 <= index < len(step):
            raise ValueError(f"a route starts on the map, not at {start}")
        depth = [-1] * len(step)
        parent = [-1] * len(step)
        via = [-1] * len(step)
        depth[index] = 0
        reached = [index]
        frontier = [index]
        level = 0
        while frontier:
            level += 1
            nxt: list[int] = []
            for state in frontier:
                for move, to in enumerate(step[state]):
                    if to >= 0 and depth[to] < 0:
                        depth[to] = level
                        parent[to] = state
                        via[to] = move
                        nxt.append(to)
            reached += nxt
            frontier = nxt
        found = (reached, depth, parent, via)
        self._searches[index] = found
        return found

    def path(self, start: State, end: State) -> tuple[int, ...]:
        """The preferred shortest move list from ``start`` to ``end`` (as :func:`routes_from`)."""
        _, depth, parent, via = self._search(start)
        state = end[0] * 4 + end[1]
        if depth[state] < 0:
            raise KeyError(end)
        moves: list[int] = []
        while parent[state] >= 0:
            moves.append(MOVES[via[state]])
            state = parent[state]
        return tuple(reversed(moves))

    def routes(self, start: State) -> dict[State, tuple[int, ...]]:
        """What :func:`routes_from` ``start`` returns, in the same order (for checks; the
        start must be on the map)."""
        return {divmod(s, 4): self.path(start, divmod(s, 4)) for s in self._search(start)[0]}

    def house_routes(self, start: State) -> tuple[tuple[int, int, State], ...]:
        """``(route length, house, end state)`` of every state on a house reachable from
        ``start``, in no particular order."""
        index = start[0] * 4 + start[1]
        found = self._candidates.get(index)
        if found is None:
            reached, depth, _, _ = self._search(start)
            house_at = self._house_at
            found = tuple(
                (depth[state], house_at[state >> 2], (state >> 2, state & 3))
                for state in reached
                if house_at[state >> 2] >= 0
            )
            self._candidates[index] = found
        return found

    # -- distances --------------------------------------------------------------------

    def far(self, square: int) -> tuple[float, ...]:
        """``dist[square]`` as floats (the distance from ``square`` to each target)."""
        row = self._far[square]
        if row is None:
            row = tuple(float(d) for d in self.dist[square])
            self._far[square] = row
        return row

    def boat_far(self, square: int, heading: int) -> tuple[float, ...]:
        """:meth:`far`, plus the heading cost for each target the boat heads away from."""
        index = square * 4 + heading
        row = self._boat_far[index]
        if row is None:
            size = self.size
            cost = self._heading_cost
            row = tuple(
                d + cost if d and not ahead(size, square, heading, target) else d
                for target, d in enumerate(self.far(square))
            )
            self._boat_far[index] = row
        return row


def ahead(size: int, square: int, heading: int, target: int) -> bool:
    """True when ``target`` lies in the half plane the heading points into."""
    row, col = divmod(square, size)
    trow, tcol = divmod(target, size)
    dr, dc = trow - row, tcol - col
    return bool(
        (heading == 0 and dr < 0)
        or (heading == 1 and dc > 0)
        or (heading == 2 and dr > 0)
        or (heading == 3 and dc < 0)
    )


@lru_cache(maxsize=8)
def map_routes(
    size: int,
    kinds: tuple[int, ...],
    house_at: tuple[int, ...],
    heading_cost: float,
    wants: tuple[tuple[int, ...], ...] = (),
) -> MapRoutes:
    """The :class:`MapRoutes` of a map (shared by every seat of a game).

    ``heading_cost`` is the distance added for the boat heading away from a
    target; ``wants`` are the pakjes each house wants (part of the key, so
    plans kept in :attr:`MapRoutes.layouts` are only shared where they hold).
    """
    return MapRoutes(size, kinds, house_at, heading_cost, wants)
