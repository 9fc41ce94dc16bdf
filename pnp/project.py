"""Load a game's spec and layouts from its data folder."""

from __future__ import annotations

from pathlib import Path

from pnp.draw.art import ArtLibrary
from pnp.errors import PnpError
from pnp.layout.game_data import GameData
from pnp.layout.loader import LayoutLibrary
from pnp.paths import project_root
from pnp.registry import game
from pnp.spec.loader import load_game_spec


def load_game(game_id: str, root: Path | None = None) -> GameData:
    """Load and validate ``cardspecs/<game_id>/`` (raises :class:`PnpError` on any problem).

    The folder is looked up under ``root``, else under the game's own data
    folder (a game installed as its own package), else under the project root.
    """
    base = root or game(game_id).data_root or project_root()
    common = (root or project_root()) / "cardspecs" / "common"
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
