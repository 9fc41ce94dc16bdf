"""Stoomboot plugged into the registry: deck validation, engine config, examples and the map."""

from __future__ import annotations

from pnp.games.stoomboot.config import validate_deck
from pnp.games.stoomboot.examples import rulebook_examples
from pnp.games.stoomboot.map_sheet import map_board
from pnp.games.stoomboot.spec_config import config_from_spec
from pnp.games.stoomboot.winrates import tables_fingerprint
from pnp.registry import GamePlugin, engine_deck_check

PLUGIN = GamePlugin(
    id="stoomboot",
    validate_deck=engine_deck_check(config_from_spec, validate_deck),
    engine_config=config_from_spec,
    examples=rulebook_examples,
    board=map_board,
    tables_fingerprint=tables_fingerprint,
)
