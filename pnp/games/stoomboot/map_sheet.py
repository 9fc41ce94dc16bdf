"""One legal map setup as a printed board (``pnp build stoomboot --map-sheet --seed S``).

The setup is the reference engine's own: a new game's chance actions are
sampled with the seed until the map is laid and the boat placed (ST-B1), so
the board follows exactly the rules the engine plays by (every house on a
5x5 map, 4 random houses on the small map, Pepernoot Plekken shuffled in with
the water). The boat's starting tile is marked.
"""

from __future__ import annotations

import random

from pnp.engine.core import CHANCE
from pnp.games.stoomboot.actions import LayMap, PlaceBoat
from pnp.games.stoomboot.board import parse_square
from pnp.games.stoomboot.spec_config import config_from_spec
from pnp.games.stoomboot.state import StoombootState
from pnp.rulebook.dutch import join_words
from pnp.sheets.board import Board, BoardCell, BoardMarker
from pnp.spec.model import GameSpec

TILE_COMPONENTS = ("huizen", "water", "pepernoot")
"""The components whose rows are map tiles, in the order their ids are looked up."""

BOAT_ART = "stoomboot/stoomboot-boven.svg"

MAP_VARIANTS = ("kleine-kaart", "pepernoot-plekken")
"""The variants that change the map; the caption names only these."""


def tile_components(spec: GameSpec) -> dict[str, str]:
    """The component of every map tile id (a ``LayMap`` names tiles by id)."""
    owner: dict[str, str] = {}
    for component_id in TILE_COMPONENTS:
        for row in spec.component(component_id).rows:
            owner.setdefault(row.id, component_id)
    return owner


def random_setup(spec: GameSpec, chosen: tuple[str, ...], seed: int) -> tuple[LayMap, PlaceBoat]:
    """The map and the boat's square of a new game with this seed."""
    config = config_from_spec(spec, chosen)
    state = StoombootState(config, spec.players[0], None)
    rng = random.Random(seed)
    laid: LayMap | None = None
    boat: PlaceBoat | None = None
    while state.current_player() == CHANCE and (laid is None or boat is None):
        action = state.sample_chance(rng)
        state.push(action)
        if isinstance(action, LayMap):
            laid = action
        elif isinstance(action, PlaceBoat):
            boat = action
    if laid is None or boat is None:
        raise RuntimeError("the engine's setup laid no map")
    return laid, boat


def map_board(spec: GameSpec, chosen: tuple[str, ...], seed: int) -> Board:
    """The board of one random legal setup: tiles by their spec rows, the boat's start marked."""
    laid, boat = random_setup(spec, chosen, seed)
    owner = tile_components(spec)
    size = round(len(laid.tiles) ** 0.5)
    cells = tuple(
        BoardCell(index % size, index // size, owner[tile], tile)
        for index, tile in enumerate(laid.tiles)
    )
    start = parse_square(boat.square, size)
    variants = join_words([spec.variants[v].name for v in chosen if v in MAP_VARIANTS])
    return Board(
        columns=size,
        rows=size,
        cells=cells,
        title=f"{spec.name} – de kaart van Nederland",
        caption=(
            f"{size} × {size} tegels{f' met {variants}' if variants else ''} · opzet nummer {seed} · "
            "de boot begint op het rondje, met de boeg naar boven (noorden)"
        ),
        markers=(BoardMarker(start % size, start // size, BOAT_ART, "start"),),
    )
