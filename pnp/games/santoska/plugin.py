"""Santoska plugged into the registry: deck validation, the engine config and the rulebook examples."""

from __future__ import annotations

from pnp.games.santoska.config import validate_deck
from pnp.games.santoska.examples import rulebook_examples
from pnp.games.santoska.spec_config import config_from_spec
from pnp.registry import GamePlugin, engine_deck_check

PLUGIN = GamePlugin(
    id="santoska",
    validate_deck=engine_deck_check(config_from_spec, validate_deck),
    engine_config=config_from_spec,
    examples=rulebook_examples,
)
