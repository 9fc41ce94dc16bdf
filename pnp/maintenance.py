"""Maintenance of the data generated from the engines: golden playthroughs.

The library API behind ``pnp golden``: it looks games up in the registry and
hands their engine kits to :mod:`pnp.engine.golden`, which knows no registry.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from pnp.engine.golden import check_golden, write_golden
from pnp.registry import game, games


@dataclass(frozen=True)
class GoldenReport:
    """What ``pnp golden`` did: files written (``--update``) or the differences found."""

    written: tuple[Path, ...]
    problems: tuple[str, ...]


def golden(
    game_ids: Sequence[str] = (), *, update: bool = False, root: Path | None = None
) -> GoldenReport:
    """Check (or with ``update`` rewrite) the golden files of ``game_ids`` (default: every game)."""
    kits = [game(gid).engine for gid in game_ids] or [g.engine for g in games().values()]
    if update:
        return GoldenReport(tuple(p for kit in kits for p in write_golden(kit, root)), ())
    return GoldenReport((), tuple(p for kit in kits for p in check_golden(kit, root)))
