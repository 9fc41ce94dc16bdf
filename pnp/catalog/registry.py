"""The game registry: finds every :class:`~pnp.gamedef.Game`, bundled or installed.

A bundled game is a package ``pnp/games/<name>/`` whose ``game.py`` defines
``GAME``; its id is the package's name with ``-`` for ``_`` (``twaalf_dagen``
is ``twaalf-dagen``), so the bundled ids are known without importing a game
(``pnp list`` and completion need no engine), and a bundled game is imported
only when it is asked for. A game installed as its own distribution names its
``Game`` object in the ``pnp.games`` entry-point group
(``[project.entry-points."pnp.games"]``, ``my-game = "my_game.game:GAME"``);
those are loaded whenever the registered ids are asked for. Nothing here names
a game.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import sys
from functools import cache
from importlib.metadata import entry_points
from typing import Any

import pnp.games
from pnp.base.errors import PnpError, unknown_name
from pnp.gamedef import Game

ENTRY_POINT_GROUP = "pnp.games"
"""The entry-point group of games installed as their own packages."""

AnyGame = Game[Any, Any, Any]
"""A registered game: each has its own config, state and action types."""


@cache
def _bundled() -> dict[str, str]:
    """Game id → module ``pnp.games.<name>.game`` of every bundled game, importing none.

    Only the (docstring-only) package ``pnp.games.<name>`` is imported to find
    its ``game`` module; pnp's own packages do not change while it runs.
    """
    found: dict[str, str] = {}
    for info in sorted(pkgutil.iter_modules(pnp.games.__path__), key=lambda i: i.name):
        name = f"pnp.games.{info.name}.game"
        if info.ispkg and importlib.util.find_spec(name) is not None:
            found[info.name.replace("_", "-")] = name
    return found


def _checked(where: str, value: object, expected_id: str | None = None) -> AnyGame:
    """``value`` as a :class:`Game`; anything else, or a bundled game whose id is not its
    package's, is a user error naming ``where``."""
    if not isinstance(value, Game):
        raise PnpError.single(f"{where} does not define a pnp.gamedef.Game (GAME)")
    if expected_id is not None and value.id != expected_id:
        raise PnpError.single(
            f"{where}: game '{value.id}' must live in the package pnp/games/"
            f"{value.id.replace('-', '_')}/ (a bundled game's id is its package's name)"
        )
    if expected_id is not None and value.data_root is not None:
        raise PnpError.single(f"{where}: a bundled game's data is pnp's own (no data_root)")
    return value


def _load_bundled(game_id: str) -> AnyGame:
    """The bundled game ``game_id``, importing its module (and no other game's)."""
    name = _bundled()[game_id]
    return _checked(name, getattr(importlib.import_module(name), "GAME", None), game_id)


def _installed() -> dict[str, AnyGame]:
    """Every game of the ``pnp.games`` group, by id, loaded; two with one id (or one with a
    bundled game's id) is a user error naming where each came from."""
    return _installed_on(tuple(sys.path))


@cache
def _installed_on(search_path: tuple[str, ...]) -> dict[str, AnyGame]:
    """:func:`_installed` for one ``sys.path``: the distributions (and so the entry points)
    are found on it, so a changed path is looked at afresh, and an unchanged one is not
    scanned again."""
    del search_path  # the cache key: entry_points() reads sys.path itself
    found: dict[str, AnyGame] = {}
    origin = dict(_bundled())
    for point in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda p: p.name):
        where = f"entry point '{point.name} = {point.value}'"
        try:
            value = _checked(where, point.load())
        except (ImportError, AttributeError) as exc:
            raise PnpError.single(f"{where} cannot be loaded: {exc}") from None
        if value.id in origin:
            raise PnpError.single(
                f"{where}: game '{value.id}' is already registered by {origin[value.id]}"
            )
        found[value.id] = value
        origin[value.id] = where
    return found


def bundled_ids() -> list[str]:
    """The ids of the games that come with pnp, in id order, importing none of them."""
    return sorted(_bundled())


def game_ids() -> list[str]:
    """Every registered game's id, in id order, importing no bundled game."""
    return sorted({*_bundled(), *_installed()})


@cache
def games() -> dict[str, AnyGame]:
    """Every registered game, by id, in id order.

    A module or entry point that offers no :class:`Game`, or two games with one
    id, is a user error naming where it came from.
    """
    installed = _installed()
    found = {game_id: _load_bundled(game_id) for game_id in _bundled()}
    return dict(sorted({**found, **installed}.items()))


def game(game_id: str) -> AnyGame:
    """The game with ``game_id`` (a bundled one is imported alone); an unknown id is a user
    error listing the known ones."""
    installed = _installed()
    if game_id in installed:
        return installed[game_id]
    if game_id in _bundled():
        return _load_bundled(game_id)
    raise unknown_name("game", game_id, game_ids())
