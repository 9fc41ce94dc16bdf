"""``simulate(game, players, games, ...)``: the library API behind ``pnp simulate``."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pnp.base.errors import PnpError
from pnp.catalog.locate import load_spec, require_engine
from pnp.engine.simulate import SimulationSummary
from pnp.engine.simulate import simulate as run_simulation
from pnp.spec.variants import resolve_variants

DEFAULT_POLICY = "heuristic"
"""The policy of every seat when none is named (``pnp simulate``'s help says so too)."""


def simulate_game(
    game_id: str,
    players: int,
    games: int,
    *,
    variants: Sequence[str] = (),
    seed: int = 0,
    jobs: int = 1,
    policies: Sequence[str] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> SimulationSummary:
    """Play ``games`` seeded games on the deck of the spec tables and summarise them.

    ``policies`` names one policy per seat, or one for every seat; without
    it every seat plays :data:`DEFAULT_POLICY`.
    """
    the_game = require_engine(game_id, "simulate")
    spec = load_spec(game_id)
    chosen = resolve_variants(spec, variants)
    low, high = spec.players
    if not low <= players <= high:
        raise PnpError.single(f"{spec.name} is for {low} to {high} players, not {players}")
    if games < 1 or jobs < 1:
        raise PnpError.single("--games and --jobs must be at least 1")
    names = list(policies) if policies else [DEFAULT_POLICY] * players
    if len(names) == 1:
        names = names * players
    config = the_game.config_from_spec(spec, chosen)
    try:
        return run_simulation(
            the_game.engine,
            config,
            players,
            games,
            seed=seed,
            jobs=jobs,
            policies=names,
            progress=progress,
        )
    except ValueError as exc:
        raise PnpError.single(str(exc)) from None
