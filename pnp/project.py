"""Load a game's spec and layouts from the project folders."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnp.draw.art import ArtLibrary
from pnp.errors import PnpError
from pnp.layout.loader import LayoutLibrary
from pnp.paths import project_root
from pnp.registry import plugin
from pnp.spec.loader import load_game_spec
from pnp.spec.model import GameSpec


@dataclass(frozen=True)
class GameData:
    """A game's validated spec with the libraries its layouts draw from."""

    spec: GameSpec
    layouts: LayoutLibrary
    art: ArtLibrary


def load_game(game_id: str, root: Path | None = None) -> GameData:
    """Load and validate ``cardspecs/<game_id>/`` (raises :class:`PnpError` on any problem)."""
    plugin(game_id)
    base = root or project_root()
    folder = base / "cardspecs" / game_id
    if not (folder / "game.toml").is_file():
        raise PnpError.single(f"game '{game_id}' has no spec folder", folder)
    spec = load_game_spec(folder, base / "art")
    return GameData(
        spec,
        LayoutLibrary(folder, base / "cardspecs" / "common" / "layouts"),
        ArtLibrary(base / "art"),
    )
