"""``build(game, variants, options)``: the library API behind ``pnp build``."""

from __future__ import annotations

import functools
import hashlib
import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from pnp.errors import PnpError
from pnp.examples import game_parts
from pnp.layout.game_data import GameData
from pnp.output import commit_files
from pnp.project import engine_game, load_game
from pnp.rulebook.compose import make_rulebook
from pnp.sheets.board import render_board
from pnp.sheets.cards import CardJob, Placement, SheetOptions, render_card_sheets
from pnp.sheets.imposition import BackMode, plan_sheet
from pnp.sheets.scoresheet import render_score_sheet
from pnp.spec.model import Component
from pnp.spec.sizes import PAPERS
from pnp.variants import resolve_variants

BOARD_FILE = "speelbord.pdf"
"""The printed board of ``--map-sheet``."""

ProgressCallback = Callable[[str, int, int], None]
"""Called with (task description, steps done, steps total)."""


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


@dataclass(frozen=True)
class BuildResult:
    """What a build wrote."""

    game: str
    variants: tuple[str, ...]
    folder: Path
    files: list[Path]
    manifest: dict[str, object] = field(repr=False)


def check_options(options: BuildOptions) -> None:
    """Refuse option combinations that cannot be printed."""
    if options.paper not in PAPERS:
        raise PnpError.single(f"unknown paper '{options.paper}' (known: {', '.join(PAPERS)})")
    duplex = options.backs in (BackMode.LONG_EDGE, BackMode.SHORT_EDGE)
    if options.back_offset != (0.0, 0.0) and not duplex:
        raise PnpError.single("--back-offset only applies to --backs long-edge or short-edge")
    if not all(math.isfinite(v) for v in options.back_offset):
        raise PnpError.single("--back-offset must be finite numbers of mm")
    if any(abs(v) > 20 for v in options.back_offset):
        raise PnpError.single("--back-offset is limited to 20 mm in each direction")
    if options.seed is not None and not options.map_sheet:
        raise PnpError.single("--seed only applies with --map-sheet")
    if options.seed is not None and not 0 <= options.seed < 2**32:
        raise PnpError.single("--seed must be a whole number from 0 to 4294967295")


def card_jobs(
    data: GameData, components: Sequence[Component], chosen: tuple[str, ...] = ()
) -> list[CardJob]:
    """Every physical card of the kit, in table order, with its face and back layouts."""
    spec = data.spec
    jobs: list[CardJob] = []
    for comp in components:
        face = data.layouts.load(comp.layout, comp.size)
        back = data.layouts.load(comp.back, comp.size) if comp.back else None
        ctx = data.face_context(comp, chosen)
        for row in comp.rows:
            back_key = data.back_key(comp, row, back, ctx) if back else None
            for copy in range(1, row.count + 1):
                jobs.append(
                    CardJob(
                        component=comp.id,
                        row=row,
                        copy=copy,
                        face_key=f"face.{spec.id}.{comp.id}.{row.id}",
                        face=face,
                        back_key=back_key,
                        back=back,
                        context=ctx,
                        size=comp.size,
                        two_sided=comp.two_sided,
                    )
                )
    return jobs


def build(
    game_id: str,
    variants: Sequence[str] = (),
    options: BuildOptions | None = None,
    progress: ProgressCallback | None = None,
) -> BuildResult:
    """Build a game's kit into ``options.out_dir/<game>/``; nothing is written if anything fails."""
    options = options or BuildOptions()
    check_options(options)
    data = load_game(game_id)
    spec = data.spec
    chosen = resolve_variants(spec, variants)
    the_game = engine_game(game_id)
    problems = the_game.validate_deck(spec, chosen) if the_game is not None else []
    if problems:
        raise PnpError.single("; ".join(problems), spec.folder / "game.toml")
    components = spec.components_for(chosen)
    files: dict[str, bytes] = {}
    placements: list[dict[str, object]] = []
    print_files = _print_files(components)
    gutter_sheets = 0
    for name, group in print_files.items():
        task = f"{spec.id}: {name}"

        def report(done: int, total: int, task: str = task) -> None:
            if progress:
                progress(task, done, total)

        # Single-sided parts (standees) are imposed without a back page or half.
        backs = options.backs if any(c.back for c in group) else BackMode.NONE
        plans = functools.cache(functools.partial(plan_sheet, PAPERS[options.paper], mode=backs))
        sheets = render_card_sheets(
            card_jobs(data, group, chosen),
            plans,
            SheetOptions(backs, options.back_offset, options.cut_lines),
            data.art,
            title=f"{spec.name} – {group[0].name.lower() if group[0].file != 'kaarten' else 'kaarten'}",
            label=spec.name,
            progress=report,
        )
        _add(files, name, sheets.pdf)
        placements += [_with_file(p, name) for p in sheets.placements]
        gutter_sheets += sheets.gutter_sheets
    if spec.scoresheet is not None:
        _add(files, f"{spec.scoresheet.file}.pdf", score_sheet_pdf(data, chosen, options.paper))
    if options.map_sheet:
        if the_game is None or the_game.board is None:
            raise PnpError.single(f"{spec.id} is not played on a map of tiles: --map-sheet")
        board = the_game.board(spec, chosen, options.seed or 0)
        _add(files, BOARD_FILE, render_board(board, data, chosen, PAPERS[options.paper]))
    rulebook_task = f"{spec.id}: spelregels"
    if progress:
        progress(rulebook_task, 0, 1)
    printing = {
        "paper": options.paper,
        "backs": options.backs.value,
        "files": {comp.id: name for name, group in print_files.items() for comp in group},
        "map_sheet": options.map_sheet,
        "gutters": gutter_sheets > 0,
    }
    rulebook = make_rulebook(
        data, chosen, game_parts(spec, chosen), options.paper, printing, options.proof
    )
    for name, blob in rulebook.files().items():
        _add(files, name, blob)
    if progress:
        progress(rulebook_task, 1, 1)
    manifest = _manifest(data, chosen, options, files, placements)
    files["manifest.json"] = (json.dumps(manifest, indent=2, ensure_ascii=False) + "\n").encode()
    folder = options.out_dir / spec.id
    written = commit_files(folder, files)
    return BuildResult(spec.id, chosen, folder, written, manifest)


def _add(files: dict[str, bytes], name: str, blob: bytes) -> None:
    """Add one output file; two parts of a kit may never share a name."""
    if name in files:
        raise PnpError.single(f"two parts of the kit would both be written to {name}")
    files[name] = blob


def score_sheet_pdf(data: GameData, chosen: tuple[str, ...], paper: str) -> bytes:
    """The game's score sheet for a kit; a sheet that does not fit is a located user error."""
    spec = data.spec
    assert spec.scoresheet is not None
    try:
        return render_score_sheet(
            spec.scoresheet, chosen, game=spec.name, paper=paper, accent=spec.rulebook.accent
        )
    except ValueError as exc:
        raise PnpError.single(f"[scoresheet]: {exc}", spec.folder / "game.toml") from None


def _print_files(components: Sequence[Component]) -> dict[str, list[Component]]:
    """Components grouped into PDFs, one per ``file``, in spec order.

    Pieces of different sizes in one file share its sheets where they fit (see
    :mod:`pnp.sheets.packing`).
    """
    named: dict[str, list[Component]] = {}
    for comp in components:
        named.setdefault(f"{comp.file}.pdf", []).append(comp)
    return named


def _with_file(placement: Placement, file: str) -> dict[str, object]:
    def box(rect: object) -> list[float] | None:
        if rect is None:
            return None
        return [round(getattr(rect, k), 3) for k in ("x", "y", "w", "h")]

    return {
        "file": file,
        "component": placement.component,
        "card": placement.card,
        "copy": placement.copy,
        "page": placement.page,
        "trim_mm": box(placement.trim),
        "back_page": placement.back_page,
        "back_trim_mm": box(placement.back_trim),
        "rotated": placement.rotated,
    }


def _manifest(
    data: GameData,
    chosen: tuple[str, ...],
    options: BuildOptions,
    files: dict[str, bytes],
    placements: list[dict[str, object]],
) -> dict[str, object]:
    spec = data.spec
    return {
        "game": spec.id,
        "name": spec.name,
        "variants": list(chosen),
        "options": {
            "paper": options.paper,
            "backs": options.backs.value,
            "back_offset_mm": list(options.back_offset),
            "cut_lines": options.cut_lines,
            "map_sheet": options.map_sheet,
            "seed": options.seed or 0 if options.map_sheet else None,
            "proof": options.proof,
        },
        "files": [
            {"name": name, "bytes": len(blob), "sha256": hashlib.sha256(blob).hexdigest()}
            for name, blob in files.items()
        ],
        "components": [
            {"id": c.id, "name": c.name, "cards": c.card_count} for c in spec.components_for(chosen)
        ],
        "placements": placements,
    }
