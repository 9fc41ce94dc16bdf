"""``pnp new``: write a small, working data-only game to start a new one from.

The game's files are package data (``template/``): ``cardspecs/game/`` becomes
``cardspecs/<id>/`` and ``art/game/`` becomes ``art/<id>/`` in the data root,
with ``@id@`` and ``@name@`` replaced in every file. Both folders are written
beside their targets and renamed into place, so a failed ``pnp new`` leaves
nothing behind.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

from pnp.base.errors import PnpError
from pnp.base.paths import (
    PROJECT_FILE,
    bundled_root,
    display_path,
    installed_data_root,
    project_folder,
    shown_path,
)
from pnp.catalog.project import COMMON, GAME_ID, data_roots, game_ids

TEMPLATE_FOLDER = "game"
"""The name of the template's game folder under ``cardspecs/`` and ``art/``."""

PARTS = ("art", "cardspecs")
"""The data folders a new game writes into, in the order they are put in place
(the spec folder last: a game exists once its ``game.toml`` does)."""


@dataclass(frozen=True)
class NewGame:
    """What ``pnp new`` wrote: the game id, its data root and every file."""

    game_id: str
    root: Path
    files: tuple[Path, ...]
    made_project: bool = False
    """Whether the folder became a project (a ``pnp.toml`` written) so the game is found."""

    def report(self) -> str:
        """The lines to print: the files written and the command to run next."""
        # The folder once, then each file inside it: the default folder may be pnp's own
        # checkout (an editable install), far from where pnp runs.
        where = shown_path(self.root.resolve())
        lines = [f"new game {self.game_id}" + ("" if where == "." else f" in {where}/") + ":"]
        lines += [f"  wrote {_inside(path, self.root)}" for path in self.files]
        if self.made_project:
            lines.append(
                f"{display_path(self.root / PROJECT_FILE)} makes this folder a pnp project: "
                "pnp finds the games in its cardspecs/ when run here or below"
            )
        found = self.root.resolve() in data_roots()
        project = "" if found else f"--project {self.root} "
        lines.append(f"next: pnp {project}build {self.game_id}")
        return "\n".join(lines)


def _inside(path: Path, root: Path) -> str:
    """``path`` relative to ``root`` when it lies there, else as it is."""
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return str(path)


def display_name(game_id: str) -> str:
    """The game's Dutch name from its id, in sentence case: ``groter-kleiner`` -> ``Groter kleiner``."""
    return game_id.replace("-", " ").capitalize()


def default_root() -> Path:
    """Where ``pnp new`` writes by default: the user's project folder; else the checkout of
    an editable install (where the bundled games are edited); else the working folder,
    which becomes a project (a ``pnp.toml`` is written) so the new game is found there.
    An installed pnp's own data is never written to."""
    folder = project_folder()
    if folder is not None:
        return folder
    bundled = bundled_root()
    if bundled is not None and installed_data_root() is None:
        return bundled
    return Path.cwd()


def new_game(game_id: str, dest: Path | None = None) -> NewGame:
    """Write a new data-only game ``game_id`` into the data root ``dest`` (default: the project's).

    Refuses an invalid id, an id that is already a game and a folder that is already there.
    """
    root = dest if dest is not None else default_root()
    if not GAME_ID.match(game_id) or game_id == COMMON:
        raise PnpError.single(
            f"'{game_id}' is not a game id (lower-case letters and digits, words joined by '-')"
        )
    if game_id in game_ids():
        raise PnpError.single(f"there is already a game '{game_id}'")
    names = {"@id@": game_id, "@name@": display_name(game_id)}
    template = files(__name__) / "template"

    def fill(part: str, folder: Path) -> list[Path]:
        return _copy(template / part / TEMPLATE_FOLDER, folder, names)

    placed = place_game_folders(root, game_id, fill, dest is None, "the new game")
    return NewGame(game_id, root, placed.files, placed.made_project)


@dataclass(frozen=True)
class Placed:
    """The files :func:`place_game_folders` wrote, and whether it made the root a project."""

    files: tuple[Path, ...]
    made_project: bool


Filler = Callable[[str, Path], list[Path]]
"""Fills the staged folder of one data part (``art``, ``cardspecs``); returns the files it
wrote, relative to that folder."""


def place_game_folders(
    root: Path, game_id: str, fill: Filler, make_project: bool, what: str
) -> Placed:
    """Write ``cardspecs/<game_id>/`` and ``art/<game_id>/`` into data root ``root``, each
    filled by ``fill`` in a hidden folder beside its target and renamed into place, so a
    failure leaves nothing behind; with ``make_project``, a root that is not yet a data root
    gets a ``pnp.toml``. Refuses a target folder that is already there; ``what`` names
    what is written in an error."""
    for part in PARTS:
        if (root / part / game_id).exists() or (root / part / game_id).is_symlink():
            raise PnpError.single(f"{display_path(root / part / game_id)} already exists")
    staged: list[tuple[Path, Path]] = []
    placed: list[Path] = []
    written: list[Path] = []
    made_project = False
    try:
        for part in PARTS:
            (root / part).mkdir(parents=True, exist_ok=True)
            temp = Path(tempfile.mkdtemp(dir=root / part, prefix=f".{game_id}.", suffix=".new"))
            os.chmod(temp, 0o755)
            staged.append((temp, root / part / game_id))
            for relative in fill(part, temp):
                written.append(root / part / game_id / relative)
        for temp, target in staged:
            os.rename(temp, target)
            placed.append(target)
        marker = root / PROJECT_FILE
        if make_project and root.resolve() not in data_roots() and not marker.exists():
            marker.write_text("# pnp project: your own games and changes\n", encoding="utf-8")
            written.append(marker)
            made_project = True
    except OSError as exc:
        for folder in [temp for temp, _ in staged] + placed:
            shutil.rmtree(folder, ignore_errors=True)
        raise PnpError.single(f"cannot write {what}: {exc.strerror or exc}", root) from None
    return Placed(tuple(sorted(written)), made_project)


def _copy(source: Traversable, folder: Path, names: dict[str, str]) -> list[Path]:
    """Copy the template folder ``source`` into ``folder``, names substituted; the paths written."""
    written: list[Path] = []
    for item in sorted(source.iterdir(), key=lambda i: i.name):
        target = folder / item.name
        if item.is_dir():
            target.mkdir()
            written += [Path(item.name) / p for p in _copy(item, target, names)]
            continue
        text = item.read_text(encoding="utf-8")
        for marker, value in names.items():
            text = text.replace(marker, value)
        target.write_text(text, encoding="utf-8", newline="\n")
        written.append(Path(item.name))
    return written
