"""Where pnp finds its data (spec tables, art, fonts) and how it names files to the user."""

from __future__ import annotations

import os
from pathlib import Path

ROOT_ENV = "PNP_ROOT"


def project_root() -> Path:
    """The folder holding ``cardspecs/``, ``art/`` and ``fonts/``.

    ``PNP_ROOT`` wins; otherwise the checkout the package was installed from
    (pnp is installed editable from its source tree, where users edit the tables).
    """
    env = os.environ.get(ROOT_ENV)
    if env:
        return Path(env).resolve()
    return Path(__file__).resolve().parent.parent


def display_path(path: Path) -> str:
    """A path as the user should read it: relative to the project, else to the working folder."""
    resolved = path.resolve()
    for base in (project_root(), Path.cwd().resolve()):
        try:
            return resolved.relative_to(base).as_posix()
        except ValueError:
            continue
    return str(path)


def find_project_file(start: Path) -> Path | None:
    """The nearest ``pnp.toml`` in ``start`` or a folder above it, or ``None`` if there is none."""
    folder = start.resolve()
    for candidate in (folder, *folder.parents):
        path = candidate / "pnp.toml"
        if path.is_file():
            return path
    return None
