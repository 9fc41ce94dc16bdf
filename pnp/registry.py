"""The game registry: finds every :class:`~pnp.gamedef.Game`, bundled or installed.

A bundled game is a package ``pnp/games/<name>/`` whose ``game.py`` defines
``GAME``. A game installed as its own distribution names its ``Game`` object
in the ``pnp.games`` entry-point group (``[project.entry-points."pnp.games"]``,
``my-game = "my_game.game:GAME"``). Both are found the same way at first use;
nothing here names a game.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from importlib.metadata import entry_points
from typing import Any

import pnp.games
from pnp.errors import PnpError
from pnp.gamedef import Game

ENTRY_POINT_GROUP = "pnp.games"
"""The entry-point group of games installed as their own packages."""

AnyGame = Game[Any, Any, Any]
"""A registered game: each has its own config, state and action types."""


def _bundled() -> list[tuple[str, object]]:
    """``(module name, GAME)`` of every ``pnp.games.<name>.game`` module."""
    found: list[tuple[str, object]] = []
    for info in sorted(pkgutil.iter_modules(pnp.games.__path__), key=lambda i: i.name):
        if not info.ispkg:
            continue
        name = f"pnp.games.{info.name}.game"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:
                continue
            raise
        found.append((name, getattr(module, "GAME", None)))
    return found


def _installed() -> list[tuple[str, object]]:
    """``(entry point, loaded object)`` of every game in the ``pnp.games`` group."""
    found: list[tuple[str, object]] = []
    for point in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda p: p.name):
        where = f"entry point '{point.name} = {point.value}'"
        try:
            found.append((where, point.load()))
        except (ImportError, AttributeError) as exc:
            raise PnpError.single(f"{where} cannot be loaded: {exc}") from None
    return found


@cache
def games() -> dict[str, AnyGame]:
    """Every registered game, by id, in id order.

    A module or entry point that offers no :class:`Game`, or two games with one
    id, is a user error naming where it came from.
    """
    found: dict[str, AnyGame] = {}
    origin: dict[str, str] = {}
    for where, value in [*_bundled(), *_installed()]:
        if not isinstance(value, Game):
            raise PnpError.single(f"{where} does not define a pnp.gamedef.Game (GAME)")
        if value.id in found:
            raise PnpError.single(
                f"{where}: game '{value.id}' is already registered by {origin[value.id]}"
            )
        found[value.id] = value
        origin[value.id] = where
    return dict(sorted(found.items()))


def game(game_id: str) -> AnyGame:
    """The game with ``game_id``; an unknown id is a user error listing the known ones."""
    known = games()
    if game_id not in known:
        raise PnpError.single(f"unknown game '{game_id}' (known: {', '.join(known) or 'none'})")
    return known[game_id]
