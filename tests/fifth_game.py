"""The guide's example game, *Hoger of Lager* (``tests/fixtures/mini_game/``), installed the
documented way (a ``pnp.games`` entry point) for as long as a test needs it.

The contract tests run for it as for the four bundled games: they add :data:`FIFTH` to the
games they are parametrised over (collected inside :func:`fifth_game_installed`), and the
``conftest`` installs it around every test whose parameters name it.
"""

from __future__ import annotations

import sys
import tempfile
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from pnp.catalog import registry

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "tests" / "fixtures" / "mini_game"
FIFTH = "hoger-lager"
"""The id of the guide's example game."""


def project() -> dict[str, Any]:
    """The fixture's ``[project]`` table."""
    data: dict[str, Any] = tomllib.loads((FIXTURE / "pyproject.toml").read_text())["project"]
    return data


def package() -> str:
    """The fixture's package, as its entry point names it (``mini_game``)."""
    value: str = project()["entry-points"][registry.ENTRY_POINT_GROUP][FIFTH]
    return value.split(".")[0]


@contextmanager
def fifth_game_installed() -> Iterator[registry.AnyGame]:
    """The fixture installed without pip: a ``.dist-info`` folder with its entry points on
    ``sys.path``, next to the package's parent folder; the registry forgets it afterwards."""
    meta = project()
    with tempfile.TemporaryDirectory() as site:
        info = Path(site) / f"{meta['name']}-{meta['version']}.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(
            f"Metadata-Version: 2.1\nName: {meta['name']}\nVersion: {meta['version']}\n"
        )
        points = meta["entry-points"][registry.ENTRY_POINT_GROUP]
        (info / "entry_points.txt").write_text(
            f"[{registry.ENTRY_POINT_GROUP}]\n"
            + "".join(f"{name} = {value}\n" for name, value in points.items())
        )
        added = [site, str(FIXTURE)]
        sys.path[:0] = added
        registry.games.cache_clear()
        try:
            yield registry.game(FIFTH)
        finally:
            # The package stays imported, so events told while it was installed still equal
            # those of a later install; without its entry point the registry forgets it.
            for entry in added:
                sys.path.remove(entry)
            registry.games.cache_clear()


def names_fifth(params: dict[str, object]) -> bool:
    """True when a test's parameters name the fifth game (as an id or inside a case)."""
    return any(value == FIFTH or str(value).startswith(f"{FIFTH}-") for value in params.values())
