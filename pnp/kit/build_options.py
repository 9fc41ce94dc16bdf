"""What a build is asked (:class:`BuildOptions`) and answers (:class:`BuildResult`), and the
check that a kit folder already holds the answer, made without loading any game.

This module imports nothing that renders, so ``pnp build`` can tell that a kit is up to
date in a fraction of the time it takes to import the renderers.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.base.back_mode import BackMode
from pnp.base.fingerprint import code_fingerprint
from pnp.base.ink import Ink
from pnp.base.paths import DataRootError, data_roots
from pnp.kit.kit_record import up_to_date
from pnp.language import BASE_LANGUAGE

MANIFEST = "manifest.json"
"""The kit's list of files, its options and its card placements (written last)."""


@dataclass(frozen=True)
class BuildOptions:
    """Print options; the defaults suit an A4 printer with long-edge duplex."""

    paper: str = "a4"
    backs: BackMode = BackMode.LONG_EDGE
    back_offset: tuple[float, float] = (0.0, 0.0)
    cut_lines: bool = False
    out_dir: Path = Path("output")
    map_sheet: bool = False
    """Also write the whole map as one printed board (games played on tiles)."""
    seed: int | None = None
    """Seed of the board's setup (default 0); only with ``map_sheet``."""
    proof: bool = False
    """Also write the rulebook's proofreading edition (rule IDs, example sources and claims)."""
    ink: Ink = Ink.NORMAL
    """``low``: the low-ink edition (white backgrounds, outlines, light backs)."""
    lang: str = BASE_LANGUAGE
    """The language of every word of the kit (``nl``, ``en``: see ``docs/languages.md``)."""

    def described(self) -> dict[str, object]:
        """The options as the manifest lists them (what shapes the output, not where it goes)."""
        return {
            "paper": self.paper,
            "backs": self.backs.value,
            "back_offset_mm": list(self.back_offset),
            "cut_lines": self.cut_lines,
            "map_sheet": self.map_sheet,
            "seed": self.seed or 0 if self.map_sheet else None,
            "proof": self.proof,
            "ink": self.ink.value,
            "lang": self.lang,
        }


@dataclass(frozen=True)
class BuildResult:
    """What a build wrote."""

    game: str
    variants: tuple[str, ...]
    folder: Path
    files: list[Path]
    """Every file of the kit, written now or reused."""
    manifest: dict[str, object] = field(repr=False)
    reused: tuple[Path, ...] = ()
    """The files of ``files`` that were up to date and left as they were."""


def kit_request(game_id: str, options: BuildOptions) -> dict[str, Any]:
    """Everything besides the variants and the data files that a kit's bytes follow from, as
    plain JSON data: options, ``SOURCE_DATE_EPOCH``, pnp's code fingerprint (its version and
    the libraries') and the data roots."""
    return {
        "game": game_id,
        "options": options.described(),
        # ReportLab dates every PDF from it when it is set.
        "source_date_epoch": os.environ.get("SOURCE_DATE_EPOCH"),
        "code": code_fingerprint(),
        "roots": [str(root) for root in data_roots()],
    }


def reuse_kit(game_id: str, variants: Sequence[str], options: BuildOptions) -> BuildResult | None:
    """The kit of this build as it stands in the output folder, if nothing it was made from
    (data files, options, pnp's code) nor any of its files changed since; else ``None``."""
    folder = options.out_dir / game_id
    try:
        request = kit_request(game_id, options)
    except DataRootError:
        return None  # the build says what is missing
    files = up_to_date(folder, request, variants)
    if files is None:
        return None
    try:
        manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    chosen = tuple(manifest.get("variants", ()))
    return BuildResult(game_id, chosen, folder, files, manifest, tuple(files))


def kit_language(manifest: dict[str, object]) -> str:
    """The language a kit was built in, as its manifest records it (the base language for a
    kit of a pnp that built in no other)."""
    options = manifest.get("options")
    lang = options.get("lang") if isinstance(options, dict) else None
    return lang if isinstance(lang, str) else BASE_LANGUAGE


def kit_as_built(folder: Path) -> tuple[tuple[str, ...], BuildOptions] | None:
    """The variants and options the kit in ``folder`` was built with (its manifest), or None
    when there is no readable kit there. Its ``out_dir`` is ``folder``'s parent. A linked
    folder is no kit pnp made: nothing is read through it (the export refuses it)."""
    if folder.is_symlink():
        return None
    try:
        manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
        given = manifest["options"]
        variants = tuple(str(v) for v in manifest["variants"])
        offset = given["back_offset_mm"]
        options = BuildOptions(
            paper=str(given["paper"]),
            backs=BackMode(given["backs"]),
            back_offset=(float(offset[0]), float(offset[1])),
            cut_lines=bool(given["cut_lines"]),
            out_dir=folder.parent,
            map_sheet=bool(given["map_sheet"]),
            seed=None if given["seed"] is None else int(given["seed"]),
            proof=bool(given["proof"]),
            ink=Ink(given.get("ink", Ink.NORMAL.value)),
            lang=str(given.get("lang", BASE_LANGUAGE)),
        )
    except (OSError, ValueError, KeyError, TypeError, IndexError):
        return None
    return variants, options
