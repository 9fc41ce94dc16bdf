"""The game registry: every package under ``pnp.games`` with a ``plugin`` module is a game.

Adding a game means a new package ``pnp/games/<name>/`` with ``plugin.py`` defining
``PLUGIN`` and a ``cardspecs/<game-id>/`` folder; nothing else changes.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

import pnp.games
from pnp.errors import PnpError
from pnp.spec.model import GameSpec

if TYPE_CHECKING:
    from pnp.rulebook.example import Example
    from pnp.sheets.board import Board

DeckCheck = Callable[[GameSpec, tuple[str, ...]], list[str]]
EngineConfig = Callable[[GameSpec, tuple[str, ...]], object]
ExampleMaker = Callable[[GameSpec, tuple[str, ...]], "list[Example]"]
BoardMaker = Callable[[GameSpec, tuple[str, ...], int], "Board"]


@dataclass(frozen=True)
class GamePlugin:
    """What a game adds to the generic kit: deck validation, engine config, examples, a board."""

    id: str
    validate_deck: DeckCheck | None = None
    engine_config: EngineConfig | None = None
    """The reference engine's configuration for a kit, read from the spec tables."""
    examples: ExampleMaker | None = None
    """The rulebook's examples for a kit, replayed from the game's pinned records."""
    board: BoardMaker | None = None
    """One legal map setup from a seed, for games played on tiles (``pnp build --map-sheet``)."""
    tables_fingerprint: Callable[[GameSpec], str] | None = None
    """A hash of what measurements depend on: a rulebook data file whose ``tables``
    entry differs was measured on other tables and is left out of the rulebook."""


def engine_deck_check(
    config_from_spec: EngineConfig, validate: Callable[[Any], list[str]]
) -> DeckCheck:
    """A :data:`DeckCheck` running an engine's deck validation on the config the tables give.

    A table the engine cannot even turn into a config is reported as one problem.
    """

    def check(spec: GameSpec, variants: tuple[str, ...]) -> list[str]:
        try:
            config = config_from_spec(spec, variants)
        except (ValueError, KeyError, TypeError) as exc:
            return [str(exc)]
        return validate(config)

    return check


@cache
def plugins() -> dict[str, GamePlugin]:
    """Every registered game, by id, in id order."""
    found: dict[str, GamePlugin] = {}
    for info in pkgutil.iter_modules(pnp.games.__path__):
        if not info.ispkg:
            continue
        try:
            module = importlib.import_module(f"pnp.games.{info.name}.plugin")
        except ModuleNotFoundError as exc:
            if exc.name == f"pnp.games.{info.name}.plugin":
                continue
            raise
        plugin = getattr(module, "PLUGIN", None)
        if isinstance(plugin, GamePlugin):
            found[plugin.id] = plugin
    return dict(sorted(found.items()))


def plugin(game_id: str) -> GamePlugin:
    """The plugin of ``game_id``; an unknown id is a user error."""
    games = plugins()
    if game_id not in games:
        raise PnpError.single(f"unknown game '{game_id}' (known: {', '.join(games) or 'none'})")
    return games[game_id]
