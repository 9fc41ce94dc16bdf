"""The games of the project and how to load one: registered engines and data-only folders.

A registered game (:mod:`pnp.registry`) has a reference engine. A folder
``cardspecs/<id>/game.toml`` in the data root with no registered game of that
id is a *data-only game*: it builds cards and a rulebook, but has no deck
validation, no examples and nothing to simulate.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from pnp.draw.art import ArtLibrary
from pnp.errors import PnpError
from pnp.layout.game_data import GameData
from pnp.layout.loader import LayoutLibrary
from pnp.paths import project_root
from pnp.registry import AnyGame, games
from pnp.spec.loader import load_game_spec

GAME_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
"""A game id: lower-case letters and digits, words joined by single hyphens."""

COMMON = "common"
"""The folder of ``cardspecs/`` shared by every game (not a game)."""


def data_only_games(roots: Sequence[Path]) -> dict[str, Path]:
    """Game folders (``cardspecs/<id>/game.toml``) under ``roots`` with no registered engine.

    Returns each id's data root (the first root holding it wins), in id order.
    """
    registered = games()
    found: dict[str, Path] = {}
    for root in roots:
        folder = root / "cardspecs"
        if not folder.is_dir():
            continue
        for spec in sorted(folder.glob("*/game.toml")):
            game_id = spec.parent.name
            if game_id != COMMON and GAME_ID.match(game_id) and game_id not in registered:
                found.setdefault(game_id, root)
    return dict(sorted(found.items()))


def data_roots() -> list[Path]:
    """The folders searched for data-only games."""
    return [project_root()]


def game_ids() -> list[str]:
    """Every game: registered and data-only, in id order."""
    return sorted({*games(), *data_only_games(data_roots())})


def engine_game(game_id: str) -> AnyGame | None:
    """The registered game of ``game_id``, or ``None`` for a data-only game.

    An id that is neither is a user error listing the known ones.
    """
    registered = games()
    if game_id in registered:
        return registered[game_id]
    if game_id in data_only_games(data_roots()):
        return None
    raise PnpError.single(f"unknown game '{game_id}' (known: {', '.join(game_ids()) or 'none'})")


def require_engine(game_id: str, command: str) -> AnyGame:
    """The registered game of ``game_id``; a data-only game is a user error for ``command``."""
    found = engine_game(game_id)
    if found is None:
        raise PnpError.single(
            f"{game_id} has no engine (a data-only game): 'pnp {command}' needs one"
        )
    return found


def game_data_root(game_id: str) -> Path:
    """The data root holding ``cardspecs/<game_id>/`` (and the game's ``art/``)."""
    found = engine_game(game_id)
    if found is not None:
        return found.data_root or project_root()
    return data_only_games(data_roots())[game_id]


def load_game(game_id: str, root: Path | None = None) -> GameData:
    """Load and validate ``cardspecs/<game_id>/`` (raises :class:`PnpError` on any problem).

    The folder is looked up under ``root``, else under the game's own data
    folder (a game installed as its own package), else under the project root.
    """
    base = root or game_data_root(game_id)
    common = (root or project_root()) / "cardspecs" / COMMON
    folder = base / "cardspecs" / game_id
    if not (folder / "game.toml").is_file():
        raise PnpError.single(f"game '{game_id}' has no spec folder", folder)
    spec = load_game_spec(folder, base / "art")
    return GameData(
        spec,
        LayoutLibrary(folder, common / "layouts"),
        ArtLibrary(base / "art"),
        common,
    )
