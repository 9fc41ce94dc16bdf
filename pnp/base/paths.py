"""Where pnp finds its data (spec tables, art, fonts) and how it names files to the user.

pnp reads its data from *data roots*, folders that may hold ``cardspecs/``,
``art/`` and ``fonts/``, searched in this order:

1. the user's project folder, if there is one: ``--project DIR`` (the CLI calls
   :func:`use_project`), else ``PNP_ROOT``, else the nearest folder upward from
   the working folder that holds a ``pnp.toml`` file (:func:`find_project_file`);
2. the data bundled with pnp (:func:`bundled_root`): package data inside an
   installed wheel, or the checkout's top-level folders in an editable install.

A project may hold only what it changes: a game folder ``cardspecs/<id>/`` (and
``cardspecs/common/``) is taken whole from the first root that has it, a file of
``art/`` or ``fonts/`` from the first root that has that file. Nothing outside
the data roots is read.
"""

from __future__ import annotations

import os
from importlib.resources import files
from pathlib import Path

ROOT_ENV = "PNP_ROOT"
"""The environment variable naming the user's project folder (``--project`` wins over it)."""

PROJECT_FILE = "pnp.toml"
"""The file that marks a folder as a pnp project (found upward from the working folder)."""

DATA_FOLDERS = ("cardspecs", "art", "fonts")
"""The folders a data root may hold."""

BUNDLED_PACKAGE_FOLDER = "_data"
"""Where a wheel keeps the bundled data, inside the ``pnp`` package (see ``pyproject.toml``)."""

_chosen_project: Path | None = None
"""The folder of ``--project``, set by the CLI for one invocation."""


class DataRootError(Exception):
    """No data where pnp looked, or a project folder that is not a folder: one line for the user.

    This bottom module names no pnp error type; :mod:`pnp.catalog.project` and the font
    loader turn it into a :class:`~pnp.base.errors.PnpError`.
    """


def use_project(folder: Path | None) -> None:
    """Use ``folder`` as the project folder (``--project``), ahead of ``PNP_ROOT``; ``None``: stop."""
    global _chosen_project
    _chosen_project = None if folder is None else Path(folder).resolve()


def find_project_file(start: Path) -> Path | None:
    """The ``pnp.toml`` of the nearest folder at or above ``start`` that has one, else ``None``."""
    folder = Path(start).resolve()
    for candidate in (folder, *folder.parents):
        marker = candidate / PROJECT_FILE
        if marker.is_file():
            return marker
    return None


def project_source() -> tuple[Path, str] | None:
    """The user's project folder and what named it (``--project``, ``PNP_ROOT``, or its
    ``pnp.toml``), or ``None`` when there is none. The folder need not exist."""
    if _chosen_project is not None:
        return _chosen_project, "--project"
    env = os.environ.get(ROOT_ENV)
    if env:
        return Path(env).resolve(), ROOT_ENV
    marker = find_project_file(Path.cwd())
    if marker is not None:
        return marker.parent, str(marker)
    return None


def project_folder() -> Path | None:
    """The user's project folder (see :func:`project_source`), or ``None``."""
    found = project_source()
    return None if found is None else found[0]


def bundled_root() -> Path | None:
    """The folder of the data bundled with pnp, or ``None`` if this install has none.

    An installed wheel holds it as package data, ``pnp/_data/`` (found with
    :mod:`importlib.resources`); an editable install or a checkout on
    ``sys.path`` reads the checkout's own ``cardspecs/``, ``art/`` and ``fonts/``,
    where people edit them.
    """
    package = files("pnp")
    if not isinstance(package, Path):  # a zipped install: its files are no folders
        return None
    installed = package / BUNDLED_PACKAGE_FOLDER
    if (installed / "cardspecs").is_dir():
        return installed.resolve()
    checkout = package.resolve().parent
    if (checkout / "pyproject.toml").is_file() and (checkout / "cardspecs").is_dir():
        return checkout
    return None


def installed_data_root() -> Path | None:
    """The bundled data when it is an installed package's (a wheel's ``pnp/_data``), which
    pnp never writes to; ``None`` for a checkout, where people edit the bundled games."""
    bundled = bundled_root()
    return bundled if bundled is not None and bundled.name == BUNDLED_PACKAGE_FOLDER else None


def data_roots() -> tuple[Path, ...]:
    """The data roots, searched in order: the user's project folder, then the bundled data.

    Raises :class:`DataRootError` when a named project folder is not a folder, or
    when no root holds a ``cardspecs/`` folder at all.
    """
    roots: list[Path] = []
    found = project_source()
    if found is not None:
        folder, source = found
        if not folder.is_dir():
            raise DataRootError(f"project folder {folder} ({source}) is not a folder")
        roots.append(folder)
    bundled = bundled_root()
    if bundled is not None and bundled not in roots:
        roots.append(bundled)
    if not any((root / "cardspecs").is_dir() for root in roots):
        raise DataRootError(_nothing_found(found))
    return tuple(roots)


def _nothing_found(project: tuple[Path, str] | None) -> str:
    package = files("pnp")
    bundled = package / BUNDLED_PACKAGE_FOLDER if isinstance(package, Path) else package
    looked = [f"{bundled} (the data bundled with pnp)"]
    if project is not None:
        looked.insert(0, f"{project[0]} ({project[1]})")
    return (
        f"no game data found: no cardspecs/ folder in {' nor in '.join(looked)}; "
        f"name a folder holding cardspecs/, art/ and fonts/ with --project DIR or {ROOT_ENV}, "
        f"or reinstall pnp"
    )


def find_data_file(relative: str) -> Path | None:
    """The first data root's file at ``relative`` (e.g. ``fonts/lato/Lato-Regular.ttf``)."""
    for root in data_roots():
        candidate = root / relative
        if not os.path.lexists(candidate):
            continue
        # The file must be a regular file inside its data folder (fonts/, art/) once links
        # are resolved: a folder, a device or a link out of the folder is refused, not skipped.
        folder = root / Path(relative).parts[0]
        if not candidate.resolve().is_relative_to(folder.resolve()):
            raise DataRootError(
                f"{display_path(candidate)}: refused: a link to a file outside {folder.name}/"
            )
        if not candidate.is_file():
            raise DataRootError(f"{display_path(candidate)}: is not a regular file")
        return candidate
    return None


def project_root() -> Path:
    """The first data root: the user's project folder if there is one, else the bundled data.

    Kept for scripts (``bench/``) and the tests; pnp itself searches every
    root (:func:`data_roots`).
    """
    return data_roots()[0]


def shown_path(path: Path) -> str:
    """A path as the user should read it: relative to the working folder, else from ``~``."""
    if not path.is_absolute():
        return path.as_posix()
    here = Path.cwd()
    if path.is_relative_to(here):
        return path.relative_to(here).as_posix()
    if here.is_relative_to(path.parent):  # a project file a few folders up: ../../pnp.toml
        return Path(os.path.relpath(path, here)).as_posix()
    if path.is_relative_to(Path.home()):
        return "~/" + path.relative_to(Path.home()).as_posix()
    return str(path)


def display_path(path: Path) -> str:
    """A path as the user should read it: relative to the data root it is in, else to the
    working folder."""
    resolved = path.resolve()
    bases: list[Path] = []
    found = project_source()
    if found is not None:
        bases.append(found[0])
    bundled = bundled_root()
    if bundled is not None:
        bases.append(bundled)
    bases.append(Path.cwd().resolve())
    for base in bases:
        try:
            return resolved.relative_to(base).as_posix()
        except ValueError:
            continue
    return str(path)


def replaced_game_folder(game_id: str) -> Path | None:
    """The project's ``cardspecs/<game_id>/`` when it takes the place of pnp's own copy of
    the game (the project is looked in first), else ``None``. Reads no game, so an up-to-date
    build can say it at once."""
    project, bundled = project_folder(), bundled_root()
    if project is None or bundled is None or project.resolve() == bundled:
        return None
    if not (bundled / "cardspecs" / game_id / "game.toml").is_file():
        return None
    folder = project / "cardspecs" / game_id
    return folder if folder.is_dir() else None
