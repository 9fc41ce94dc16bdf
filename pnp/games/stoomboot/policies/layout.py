"""The shared plan of a round for the cooperative policy (see :mod:`~pnp.games.stoomboot.policies.bots`).

Players may not tell each other their cards (ST-B2), but they can agree on a
convention: from public facts alone (the map, the boat's square and heading,
the delivered houses, this round's positions and icons) every player derives
the same :class:`Layout`, which says what each position of the Stoomrij is
for. A player then lays the card that fits a position's role, and takes an
unknown face-down card of another player to be what its position asks for.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.games.stoomboot.policies.routes import MapRoutes
from pnp.games.stoomboot.rules.cards import DUBBEL, STORM
from pnp.games.stoomboot.view import StoombootView

ROLE_JUNK = 0
"""A free position."""
ROLE_MOVE = 1
"""A position for one Varen move of the route."""
ROLE_GIFT = 2
"""A position for a pakje of a house on the route."""
ROLE_CALM = 3
"""A position for a card that does not move the boat (a ``storm`` or ``dubbel`` icon)."""


@dataclass(frozen=True)
class Layout:
    """The round's shared plan, made from public facts at the start of the placing.

    Per position a role: ``ROLE_GIFT`` (a pakje for ``houses[pos]``),
    ``ROLE_MOVE`` (the Varen move ``moves[pos]``) or ``ROLE_JUNK`` (free). If
    the boat stands on an undelivered house, its pakjes come first; then the
    shortest route to the nearest other undelivered house and its pakjes; then
    on from there to the next house, as long as positions last. ``targets``
    lists the houses in that order. Every player computes the same layout, and
    takes an unknown face-down card to be what its position asks for.
    """

    origin: tuple[int, int, int, int]
    targets: tuple[int, ...]
    roles: tuple[int, ...]
    moves: tuple[int, ...]
    houses: tuple[int, ...]
    first_leg: int


def make_layout(view: StoombootView, maps: MapRoutes, origin: tuple[int, int, int, int]) -> Layout:
    """The plan of the round for the boat's current square and heading.

    A position with a ``storm`` icon gets no role (its card is not carried out); a
    ``dubbel`` position takes no route move (it would be carried out twice).
    ``maps`` holds the routes of the view's map (see :func:`~pnp.games.stoomboot.policies.routes.map_routes`).
    """
    positions = view.positions
    icons = view.icons
    square = view.pawn_squares[0]
    heading = view.pawn_headings[0]
    delivered = view.delivered
    wants = view.tables.tile_wants
    roles = [ROLE_JUNK] * positions
    moves = [-1] * positions
    houses = [-1] * positions
    targets: list[int] = []
    pos = 0
    first_leg = positions

    def take(role: int) -> int:
        nonlocal pos
        while pos < positions:
            icon = icons[pos]
            here = pos
            pos += 1
            if icon == STORM:
                roles[here] = ROLE_CALM
                continue
            if role == ROLE_MOVE and icon == DUBBEL:
                roles[here] = ROLE_CALM
                continue
            roles[here] = role
            return here
        return -1

    def gifts(house: int) -> None:
        targets.append(house)
        for _ in wants[house]:
            spot = take(ROLE_GIFT)
            if spot >= 0:
                houses[spot] = house

    here = view.house_at[square] if square >= 0 else -1
    if here >= 0 and not delivered[here]:
        gifts(here)
    state = (square, heading)
    while pos < positions:
        # the nearest undelivered house not yet targeted (ties: fewer wants, lower code)
        best: tuple[int, int, int, tuple[int, int]] | None = None
        for length, house, end in maps.house_routes(state):
            if delivered[house] or house in targets:
                continue
            key = (length, len(wants[house]), house, end)
            if best is None or key < best:
                best = key
        if best is None:
            break
        house = best[2]
        end = best[3]
        complete = True
        for move in maps.path(state, end):
            spot = take(ROLE_MOVE)
            if spot < 0:
                complete = False
                break
            moves[spot] = move
        if not complete:
            targets.append(house)
            break
        gifts(house)
        if first_leg == positions:
            first_leg = pos
        state = end
    return Layout(origin, tuple(targets), tuple(roles), tuple(moves), tuple(houses), first_leg)
