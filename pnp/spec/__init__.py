"""Spec tables: the single source of truth for what cards and tiles exist."""

from pnp.spec.loader import load_game_spec
from pnp.spec.model import CardRow, CardSize, Component, GameSpec, Variant

__all__ = ["CardRow", "CardSize", "Component", "GameSpec", "Variant", "load_game_spec"]
