"""Load a game's spec and layouts from the data roots (the user's project folder, then pnp's own)."""

from __future__ import annotations

from pathlib import Path

from pnp import paths
from pnp.draw.art import ArtLibrary
from pnp.errors import PnpError
from pnp.layout.game_data import GameData
from pnp.layout.loader import LayoutLibrary
from pnp.registry import game
from pnp.spec.loader import load_game_spec


def data_roots(root: Path | None = None) -> tuple[Path, ...]:
    """The data roots in search order (see :mod:`pnp.paths`), ``root`` standing in for the
    user's project folder; no data at all is one clear :class:`PnpError`."""
    if root is not None:
        bundled = paths.bundled_root()
        return tuple(dict.fromkeys([root.resolve(), *([bundled] if bundled is not None else [])]))
    try:
        return paths.data_roots()
    except paths.DataRootError as exc:
        raise PnpError.single(str(exc)) from None


def load_game(game_id: str, root: Path | None = None) -> GameData:
    """Load and validate ``cardspecs/<game_id>/`` (raises :class:`PnpError` on any problem).

    The game's folder is the first one found in the user's project folder (or
    ``root``), then the game's own data folder (a game installed as its own
    package), then pnp's bundled data; ``cardspecs/common/`` likewise, without the
    game's own folder. Art is looked up file by file in the same order.
    """
    the_game = game(game_id)
    shared = data_roots(root)
    bundled = paths.bundled_root()
    own = [the_game.data_root] if the_game.data_root is not None else []
    roots = [*(r for r in shared if r != bundled), *own, *(r for r in shared if r == bundled)]
    folders = [r / "cardspecs" / game_id for r in roots]
    folder = next((f for f in folders if (f / "game.toml").is_file()), None)
    if folder is None:
        raise PnpError.single(f"game '{game_id}' has no spec folder", folders[0])
    commons = [r / "cardspecs" / "common" for r in shared]
    common = next((c for c in commons if c.is_dir()), commons[-1])
    art = tuple(r / "art" for r in roots if (r / "art").is_dir()) or (roots[0] / "art",)
    spec = load_game_spec(folder, art)
    return GameData(spec, LayoutLibrary(folder, common / "layouts"), ArtLibrary(art), common)
