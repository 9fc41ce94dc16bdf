"""What the stoomboot policy works out once per map (routes.MapRoutes) and shares between seats
(the round plans) equals what a fresh computation gives, on the maps of real games."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from pnp.engine import CHANCE, RandomPolicy, play
from pnp.games.stoomboot.policies.bots import HeuristicPolicy
from pnp.games.stoomboot.policies.layout import make_layout
from pnp.games.stoomboot.policies.plans import W_DIST, W_HEADING
from pnp.games.stoomboot.policies.routes import MapRoutes, routes_from
from pnp.games.stoomboot.rules.board import distance_table
from pnp.games.stoomboot.rules.cards import ROTS
from pnp.games.stoomboot.rules.config import VARIANTS, config_for_variants
from pnp.games.stoomboot.rules.engine import ENGINE
from pnp.games.stoomboot.rules.state import StoombootState

MAP_VARIANTS = [(), ("kleine-kaart",), ("pepernoot-plekken",), VARIANTS]
"""The plain map, the small one, rocks and drifts, and everything together."""


def laid_maps(variants: tuple[str, ...], games: int) -> Iterator[StoombootState]:
    """Finished random games (their maps are laid) of ``variants``."""
    config = config_for_variants(variants)
    for seed in range(games):
        yield play(ENGINE, config, [RandomPolicy() for _ in range(3)], seed).state


def fresh(state: StoombootState) -> MapRoutes:
    """Routes of ``state``'s map made now, not taken from the shared cache."""
    return MapRoutes(state.size, state.tile_kind, state.house_at, W_HEADING / W_DIST)


def _ahead(size: int, square: int, heading: int, target: int) -> bool:
    """``target`` lies in the half plane ``heading`` points into (n up, o right, z down, w left)."""
    row, col = divmod(square, size)
    trow, tcol = divmod(target, size)
    drow, dcol = ((-1, 0), (0, 1), (1, 0), (0, -1))[heading]
    return (trow - row) * drow + (tcol - col) * dcol > 0


@pytest.mark.parametrize("variants", MAP_VARIANTS)
def test_map_routes_equal_a_fresh_search_from_every_start(variants: tuple[str, ...]) -> None:
    """From every square and heading: the same routes in the same order as routes_from, the
    same house candidates, the same distances around the rocks and the boat's heading cost."""
    seen_rock = False
    for state in laid_maps(variants, 6):
        size, kinds = state.size, state.tile_kind
        maps = fresh(state)
        rocks = frozenset(sq for sq, kind in enumerate(kinds) if kind == ROTS)
        seen_rock = seen_rock or bool(rocks)
        dist = distance_table(size, rocks)
        for square in range(size * size):
            assert maps.far(square) == tuple(float(d) for d in dist[square])
            for heading in range(4):
                expected = routes_from(size, kinds, (square, heading))
                assert list(maps.routes((square, heading)).items()) == list(expected.items())
                houses = sorted(
                    (len(path), state.house_at[end[0]], end)
                    for end, path in expected.items()
                    if state.house_at[end[0]] >= 0
                )
                assert sorted(maps.house_routes((square, heading))) == houses
                for end, path in expected.items():
                    assert maps.path((square, heading), end) == path
                boat = [
                    float(d) + W_HEADING / W_DIST
                    if d and not _ahead(size, square, heading, target)
                    else float(d)
                    for target, d in enumerate(dist[square])
                ]
                assert maps.boat_far(square, heading) == tuple(boat)
    assert seen_rock or "pepernoot-plekken" not in variants


def test_a_route_starts_on_the_map() -> None:
    """A start off the map is refused, not read from the wrong end of the tables."""
    state = next(laid_maps((), 1))
    with pytest.raises(ValueError, match="on the map"):
        fresh(state).routes((-1, 0))


def test_the_map_is_immutable_and_views_hand_it_out_as_is() -> None:
    """The laid map never changes, so the state keeps it as tuples and views share them."""
    state = next(laid_maps((), 1))
    view = ENGINE.player_view(state, 0)
    for name in ("tile_kind", "house_at"):
        assert isinstance(getattr(state, name), tuple)
        assert getattr(view, name) is getattr(state, name)
    assert view.houses is state.on_map and isinstance(state.on_map, tuple)


@pytest.mark.parametrize("variants", [(), ("pepernoot-plekken", "rebelse-pietjes")])
def test_shared_round_plans_equal_a_fresh_plan(variants: tuple[str, ...]) -> None:
    """Every placing decision: the plan a seat uses (shared between the seats) equals one
    made from scratch from the same view with routes made from scratch."""
    config = config_for_variants(variants)
    checked = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = ENGINE.new_state(config, 4)
        policies = [HeuristicPolicy() for _ in range(4)]
        views = [ENGINE.player_view(state, seat) for seat in range(4)]
        while not state.is_terminal():
            seat = state.current_player()
            if seat == CHANCE:
                state.push(ENGINE.sample_chance(state, rng))
                continue
            view = views[seat]
            if view.phase == "place":
                policies[seat].prepare(view)
                origin = (view.round, view.positions, view.pawn_squares[0], view.pawn_headings[0])
                assert policies[seat].layout(view) == make_layout(view, fresh(state), origin)
                checked += 1
            state.push(policies[seat].choose(view, state.legal_actions(), rng))
    assert checked > 50
