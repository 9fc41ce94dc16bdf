"""Which games there are and where their files are, without loading a game to draw it.

A registered game (:mod:`pnp.catalog.registry`) has a reference engine. A folder
``cardspecs/<id>/game.toml`` in a data root (the user's project folder, then
pnp's own data) with no registered game of that id is a *data-only game*: it
builds cards and a rulebook, but has no deck validation, no examples and
nothing to simulate.

Nothing here imports the layout or art libraries (ReportLab, svglib) or a
bundled game's engine: ``pnp list`` and completion read the spec tables only;
:func:`pnp.catalog.project.load_game` adds the libraries a build draws with.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from pathlib import Path

from pnp.base import paths
from pnp.base.datafiles import confined_folder
from pnp.base.errors import PnpError, unknown_name
from pnp.catalog import registry
from pnp.catalog.registry import AnyGame
from pnp.language import BASE_LANGUAGE, load_language
from pnp.spec.loader import load_game_spec
from pnp.spec.model import GameSpec

GAME_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
"""A game id: lower-case letters and digits, words joined by single hyphens."""

COMMON = "common"
"""The folder of ``cardspecs/`` shared by every game (not a game)."""


def data_roots(root: Path | None = None) -> tuple[Path, ...]:
    """The data roots in search order (see :mod:`pnp.base.paths`), ``root`` standing in for the
    user's project folder; no data at all is one clear :class:`PnpError`."""
    if root is not None:
        bundled = paths.bundled_root()
        return tuple(dict.fromkeys([root.resolve(), *([bundled] if bundled is not None else [])]))
    try:
        return paths.data_roots()
    except paths.DataRootError as exc:
        raise PnpError.single(str(exc)) from None


def data_only_games(roots: Sequence[Path]) -> dict[str, Path]:
    """Game folders (``cardspecs/<id>/game.toml``) under ``roots`` with no registered engine.

    Returns each id's data root (the first root holding it wins), in id order.
    """
    registered = set(registry.game_ids())
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


def game_ids() -> list[str]:
    """Every game: registered and data-only, in id order."""
    return sorted({*registry.game_ids(), *data_only_games(data_roots())})


def engine_game(game_id: str) -> AnyGame | None:
    """The registered game of ``game_id``, or ``None`` for a data-only game.

    An id that is neither is a user error listing the known ones.
    """
    if game_id in registry.game_ids():
        return registry.game(game_id)
    if game_id in data_only_games(data_roots()):
        return None
    raise unknown_name("game", game_id, game_ids())


def require_engine(game_id: str, command: str) -> AnyGame:
    """The registered game of ``game_id``; a data-only game is a user error for ``command``."""
    found = engine_game(game_id)
    if found is None:
        raise PnpError.single(
            f"{game_id} has no engine (a data-only game): 'pnp {command}' needs one"
        )
    return found


def game_roots(game_id: str, root: Path | None = None) -> list[Path]:
    """The roots a game's files are looked up in, in order: the user's project folder (or
    ``root``), the game's own data folder (a game installed as its own package), pnp's data."""
    # A bundled game keeps its data in pnp's own (the registry checks it): no need to import it.
    found = None if game_id in registry.bundled_ids() else engine_game(game_id)
    shared = data_roots(root)
    bundled = paths.bundled_root()
    own = [found.data_root] if found is not None and found.data_root is not None else []
    return [*(r for r in shared if r != bundled), *own, *(r for r in shared if r == bundled)]


def game_data_root(game_id: str) -> Path:
    """The data root whose ``cardspecs/<game_id>/`` is the game's folder."""
    roots = game_roots(game_id)
    folder = _game_folder(game_id, roots)
    return next((r for r in roots if folder == r / "cardspecs" / game_id), roots[0])


def _game_folder(game_id: str, roots: Sequence[Path]) -> Path:
    """The first ``cardspecs/<game_id>/`` of ``roots`` that is there at all.

    A folder of that name replaces the game's whole folder further down, so one without its
    ``game.toml`` is a mistake, not a reason to fall back to pnp's own copy unnoticed.
    """
    folders = [r / "cardspecs" / game_id for r in roots]
    for folder in folders:
        if not os.path.lexists(folder):
            continue
        if not (folder / "game.toml").is_file():
            raise PnpError.single(
                f"{paths.display_path(folder)}/ has no game.toml (a game's folder needs one; "
                "without the folder, pnp's own copy of the game is built)"
            )
        return folder
    raise PnpError.single(f"game '{game_id}' has no spec folder", folders[0])


def spec_files(game_id: str, root: Path | None) -> tuple[Path, Path, tuple[Path, ...]]:
    """A game's spec folder, the ``common`` folder and the art folders, in lookup order."""
    roots = game_roots(game_id, root)
    folder = _game_folder(game_id, roots)
    data_root = next((r for r in roots if folder == r / "cardspecs" / game_id), roots[0])
    confined_folder(folder, data_root)
    common = common_folder(root)
    art_roots = [r for r in roots if (r / "art").is_dir()]
    for art_root in art_roots:
        confined_folder(art_root / "art", art_root)
    art = tuple(r / "art" for r in art_roots) or (roots[0] / "art",)
    return folder, common, art


def common_folder(root: Path | None = None) -> Path:
    """The ``cardspecs/common/`` folder every game shares: the first data root's that has one."""
    commons = [(r / "cardspecs" / COMMON, r) for r in data_roots(root)]
    common, data_root = next(((c, r) for c, r in commons if c.is_dir()), commons[-1])
    if common.is_dir():
        confined_folder(common, data_root)
    return common


def load_spec(game_id: str, root: Path | None = None, lang: str = BASE_LANGUAGE) -> GameSpec:
    """Load and validate a game's spec tables only (see :func:`load_game`), without the
    layout and art libraries the drawing needs, with its words in language ``lang``."""
    folder, common, art = spec_files(game_id, root)
    return load_game_spec(folder, art, load_language(common, lang))
