"""twaalf-dagen ("12 Dagen van Kerstmis") plugged into the registry."""

from __future__ import annotations

from pnp.games.twaalf_dagen.engine import validate_deck
from pnp.games.twaalf_dagen.examples import rulebook_examples
from pnp.games.twaalf_dagen.spec_config import config_from_spec
from pnp.registry import GamePlugin, engine_deck_check

PLUGIN = GamePlugin(
    id="twaalf-dagen",
    validate_deck=engine_deck_check(config_from_spec, validate_deck),
    engine_config=config_from_spec,
    examples=rulebook_examples,
)
