"""``pnp copy``: copy one of pnp's own games into a project folder, to edit it there.

The game's spec folder and art folder are copied whole from the data pnp was installed
with into ``cardspecs/<id>/`` and ``art/<id>/`` of the project, where they take the place
of pnp's own (see :mod:`pnp.catalog.locate`). Nothing is overwritten: a game the project already
has is refused.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from pnp.base.errors import PnpError, nearest_hint
from pnp.base.paths import PROJECT_FILE, bundled_root, display_path, project_folder
from pnp.catalog.project import COMMON, game_ids
from pnp.scaffold import PARTS, place_game_folders


@dataclass(frozen=True)
class CopiedGame:
    """What ``pnp copy`` wrote: the game, the project it went into, and the files."""

    game_id: str
    root: Path
    files: tuple[Path, ...]
    made_project: bool

    def report(self) -> str:
        """The folders written (not each file), the project note, and what to do next."""
        lines = [f"copied {self.game_id} ({len(self.files):,} files):"]
        lines += [
            f"  wrote {display_path(self.root / part / self.game_id)}/"
            for part in PARTS
            if (self.root / part / self.game_id).is_dir()
        ]
        if self.made_project:
            lines.append(
                f"{display_path(self.root / PROJECT_FILE)} makes this folder a pnp project: "
                "pnp finds the games in its cardspecs/ when run here or below"
            )
        lines.append(f"next: edit the copy, then pnp build {self.game_id}")
        return "\n".join(lines)


def copy_game(game_id: str, to: Path | None = None) -> CopiedGame:
    """Copy pnp's own game ``game_id`` into the project folder ``to`` (default: the project
    pnp finds from here, else the working folder, which becomes a project)."""
    source = bundled_root()
    own = sorted(
        p.name
        for p in ((source / "cardspecs").iterdir() if source is not None else ())
        if (p / "game.toml").is_file() and p.name != COMMON
    )
    if source is None or game_id not in own:
        known = ", ".join(own) or "none"
        hint = " (it is the project's own)" if game_id in game_ids() else ""
        hint = hint or nearest_hint(game_id, own)
        raise PnpError.single(f"pnp has no game '{game_id}' of its own{hint}; its games: {known}")
    root = to if to is not None else (project_folder() or Path.cwd())
    if root.resolve() == source.resolve():
        raise PnpError.single(f"{display_path(root)} is pnp's own data: copy into a project")

    def fill(part: str, folder: Path) -> list[Path]:
        origin = source / part / game_id
        if not origin.is_dir():
            return []
        shutil.copytree(origin, folder, dirs_exist_ok=True, symlinks=False)
        return sorted(p.relative_to(folder) for p in folder.rglob("*") if p.is_file())

    placed = place_game_folders(root, game_id, fill, True, f"the copy of {game_id}")
    return CopiedGame(game_id, root, placed.files, placed.made_project)
