"""Santoska plugged into the registry: deck validation, the engine config and the rulebook examples."""

from __future__ import annotations

from pnp.games.santoska.config import validate_deck
from pnp.games.santoska.examples import rulebook_examples
from pnp.games.santoska.spec_config import config_from_spec
from pnp.registry import GamePlugin
from pnp.spec.model import GameSpec


def check_deck(spec: GameSpec, variants: tuple[str, ...]) -> list[str]:
    """The reference engine's deck validation, on the deck the spec tables describe."""
    try:
        config = config_from_spec(spec, variants)
    except (ValueError, KeyError, TypeError) as exc:
        return [str(exc)]
    return validate_deck(config)


PLUGIN = GamePlugin(
    id="santoska",
    validate_deck=check_deck,
    engine_config=config_from_spec,
    examples=rulebook_examples,
)
