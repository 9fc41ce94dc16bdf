"""Loading a game to build it: its spec tables with the layout and art libraries it draws from.

Which games there are and where their files are is :mod:`pnp.catalog.locate` (its
functions are offered here too, where the rest of pnp has always found them).
"""

from __future__ import annotations

from pathlib import Path

from pnp.catalog.locate import (
    COMMON,
    GAME_ID,
    data_only_games,
    data_roots,
    engine_game,
    game_data_root,
    game_ids,
    game_roots,
    load_spec,
    require_engine,
    spec_files,
)
from pnp.draw.art import ArtLibrary
from pnp.language import BASE_LANGUAGE, load_language
from pnp.layout.game_data import GameData
from pnp.layout.loader import LayoutLibrary
from pnp.spec.loader import load_game_spec

__all__ = [
    "COMMON",
    "GAME_ID",
    "data_only_games",
    "data_roots",
    "engine_game",
    "game_data_root",
    "game_ids",
    "game_roots",
    "load_game",
    "load_spec",
    "require_engine",
]


def load_game(game_id: str, root: Path | None = None, lang: str = BASE_LANGUAGE) -> GameData:
    """Load and validate ``cardspecs/<game_id>/`` (raises :class:`PnpError` on any problem).

    The game's folder is the first one found in the user's project folder (or
    ``root``), then the game's own data folder (a game installed as its own
    package), then pnp's bundled data; ``cardspecs/common/`` likewise, without the
    game's own folder. Art is looked up file by file in the same order. Its words are
    in language ``lang``: the game's own, or those of its edition in that language.
    """
    folder, common, art = spec_files(game_id, root)
    spec = load_game_spec(folder, art, load_language(common, lang))
    layouts = LayoutLibrary.of(spec, common)
    layouts.check_named(spec.components)
    return GameData(spec, layouts, ArtLibrary(art), common)
