"""``build(game, variants, options)``: the library API behind ``pnp build``.

A kit is rendered in *parts* (each card PDF, the score sheet, the board, the rulebook's
editions); each part records the data files it read, so that the next build into the same
folder renders only the parts whose inputs changed (see :mod:`pnp.kit.kit_record`).
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
import os
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from pnp.base.back_mode import BackMode
from pnp.base.errors import PnpError
from pnp.base.fingerprint import matches
from pnp.base.option_values import SEED_MAX
from pnp.base.output import check_own_folder, commit_kit, kit_lock
from pnp.base.paths import DATA_FOLDERS, find_data_file
from pnp.base.reads import record, recording
from pnp.base.workers import run_forked
from pnp.catalog.project import COMMON, engine_game, game_roots, load_game
from pnp.draw.art import Art, ArtLibrary
from pnp.draw.fonts import FONT_FILES, register_all
from pnp.kit.build_options import MANIFEST, BuildOptions, BuildResult, kit_request, reuse_kit
from pnp.kit.examples import game_parts
from pnp.kit.kit_record import (
    RECORD_FILE,
    KitRecord,
    Part,
    check_kit,
    new_record,
    read_record,
    write_record,
)
from pnp.layout.game_data import GameData
from pnp.layout.loader import LayoutLibrary
from pnp.layout.validate import check_layouts
from pnp.rulebook.compose import make_rulebook, printed_components
from pnp.sheets.board import render_board
from pnp.sheets.card_jobs import card_jobs
from pnp.sheets.cards import Placement, SheetOptions, back_design, render_card_sheets
from pnp.sheets.imposition import plan_sheet
from pnp.sheets.packing import Kind, PlanFor, pack_sheets
from pnp.sheets.scoresheet import render_score_sheet
from pnp.spec.model import Component, GameSpec
from pnp.spec.sizes import PAPERS
from pnp.spec.variants import resolve_variants

__all__ = [
    "BuildOptions",
    "BuildResult",
    "ProgressCallback",
    "build",
    "check_options",
    "score_sheet_pdf",
]

ProgressCallback = Callable[[str, int, int], None]
"""Called with (task description, steps done, steps total)."""


RULEBOOK_PART = "spelregels"
"""The part of the kit holding the rulebook's editions."""


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
    if options.seed is not None and not 0 <= options.seed <= SEED_MAX:
        raise PnpError.single(
            f"--seed takes a whole number from 0 to {SEED_MAX}, not {options.seed}"
        )


def build(
    game_id: str,
    variants: Sequence[str] = (),
    options: BuildOptions | None = None,
    progress: ProgressCallback | None = None,
    *,
    force: bool = False,
    jobs: int = 1,
) -> BuildResult:
    """Build a game's kit into ``options.out_dir/<game>/``; nothing is written if anything fails.

    Output files whose inputs did not change since the kit folder's last build are
    reused as they are (see :mod:`pnp.kit.kit_record`); ``force`` renders every file. With
    ``jobs`` above 1 the parts to render are rendered in that many forked processes at
    once (the same bytes).
    """
    options = options or BuildOptions()
    check_options(options)
    # One build of a kit folder at a time: a second waits, so a kit is never two builds' mix.
    with kit_lock(options.out_dir / game_id):
        # A link, a file or a folder pnp did not make at the kit's path is refused at once.
        check_own_folder(options.out_dir / game_id, RECORD_FILE)
        return _build(game_id, variants, options, progress, force, jobs)


def _build(
    game_id: str,
    variants: Sequence[str],
    options: BuildOptions,
    progress: ProgressCallback | None,
    force: bool,
    jobs: int,
) -> BuildResult:
    """Load, reuse what is up to date, render the rest, commit the kit whole."""
    if not force:
        up_to_date = reuse_kit(game_id, variants, options)
        if up_to_date is not None:
            return up_to_date
    started = time.time_ns()
    loaded = _load(game_id, variants, options)
    # What `pnp check` refuses in the layouts a build refuses too. Outside the recording: each
    # part records the layouts it draws itself, so a changed layout rebuilds only its files.
    check_layouts(loaded.data)
    folder = options.out_dir / loaded.data.spec.id
    previous = None if force else read_record(folder)
    kit = _Assembly.start(loaded, options, folder, previous)
    todo = [part for part in loaded.parts if not kit.reusable(part)]
    rendered = _render_parts(todo, loaded.data, progress, jobs)
    for part in loaded.parts:
        if part.name in rendered:
            kit.add_rendered(part, rendered[part.name])
        else:
            kit.add_reused(part)
    manifest = kit.add_manifest(
        _manifest(loaded.data, loaded.chosen, options, kit.entries, kit.placements)
    )
    _commit(kit, loaded, variants, started)
    return BuildResult(
        loaded.data.spec.id,
        loaded.chosen,
        folder,
        [folder / name for name in kit.entries],
        manifest,
        tuple(folder / name for name in kit.reused),
    )


@dataclass(frozen=True)
class _Loaded:
    """A kit's game loaded and checked: its data, chosen variants, parts, and the data files
    loading read (every part depends on them)."""

    data: GameData
    chosen: tuple[str, ...]
    parts: list[_KitPart]
    reads: set[str]


def _load(game_id: str, variants: Sequence[str], options: BuildOptions) -> _Loaded:
    """Load the game in the kit's language and edition of ink, refuse a deck its engine
    cannot play, and plan the kit's parts."""
    with recording() as reads:
        data = replace(load_game(game_id, lang=options.lang), ink=options.ink)
        spec = data.spec
        chosen = resolve_variants(spec, variants)
        the_game = engine_game(game_id)
        problems = the_game.deck_problems(spec, chosen) if the_game is not None else []
        if problems:
            raise PnpError(problems)
        parts = _parts(data, chosen, options, spec.components_for(chosen))
    return _Loaded(data, chosen, parts, set(reads))


@dataclass
class _Assembly:
    """The kit being put together: each file's size and digest, the bytes of those rendered
    now, the card placements, each part's record, and the files reused from the kit before."""

    folder: Path
    request: dict[str, Any]
    previous: KitRecord | None
    fresh: set[str]
    """The parts of the kit before whose inputs did not change."""
    earlier: list[dict[str, Any]] | None
    """The card placements of the kit before, if its manifest is intact."""
    roots: list[Path]
    common: set[str]
    """The data files every part depends on (what loading read, the fonts)."""
    entries: dict[str, tuple[int, str]] = field(default_factory=dict)
    blobs: dict[str, bytes] = field(default_factory=dict)
    placements: list[dict[str, object]] = field(default_factory=list)
    recorded: dict[str, Part] = field(default_factory=dict)
    reused: list[str] = field(default_factory=list)

    @staticmethod
    def start(
        loaded: _Loaded, options: BuildOptions, folder: Path, previous: KitRecord | None
    ) -> _Assembly:
        """An empty kit for ``folder``, knowing what of the kit before may be reused."""
        spec = loaded.data.spec
        request = kit_request(spec.id, options)
        fresh = check_kit(folder, previous).reusable(request, loaded.chosen) if previous else set()
        earlier = _earlier_placements(folder, previous) if fresh else None
        roots = game_roots(spec.id)
        common = _data_files(loaded.reads | _font_files(), roots, folder)
        return _Assembly(folder, request, previous, fresh, earlier, roots, common)

    def reusable(self, part: _KitPart) -> bool:
        """Whether ``part``'s files stand as they are in the kit before."""
        return (
            self.previous is not None
            and part.name in self.fresh
            and part.name in self.previous.parts
            and (self.earlier is not None or not part.cards)
        )

    def add_reused(self, part: _KitPart) -> None:
        """Keep ``part``'s files of the kit before, with their placements and record."""
        assert self.previous is not None
        before = self.previous.parts[part.name]
        for name in before.files:
            was = self.previous.stamps[name]
            _add(self.entries, name, (was["size"], was["sha256"]))
            self.placements += [p for p in self.earlier or () if p["file"] == name]
        self.recorded[part.name] = before
        self.reused += before.files

    def add_rendered(self, part: _KitPart, rendered: Rendered) -> None:
        """Add ``part``'s files as rendered now, with the data files they depend on."""
        files, placed, reads = rendered
        for name, blob in files.items():
            _add(self.entries, name, (len(blob), hashlib.sha256(blob).hexdigest()))
            self.blobs[name] = blob
        self.placements += placed
        depends = self.common | _data_files(reads, self.roots, self.folder)
        self.recorded[part.name] = Part(list(files), sorted(depends))

    def add_manifest(self, manifest: dict[str, object]) -> dict[str, object]:
        """Add the manifest, the kit's last file; it is returned."""
        blob = (json.dumps(manifest, indent=2, ensure_ascii=False) + "\n").encode()
        self.blobs[MANIFEST] = blob
        self.entries[MANIFEST] = (len(blob), hashlib.sha256(blob).hexdigest())
        return manifest


def _commit(kit: _Assembly, loaded: _Loaded, variants: Sequence[str], started: int) -> None:
    """Swap the kit in whole, its record written into the staged copy before the swap."""
    spec_id = loaded.data.spec.id

    def finish(staged: Path) -> None:
        record = new_record(
            staged,
            kit.request,
            (list(variants), loaded.chosen),
            list(kit.entries),
            kit.recorded,
            _listed_folders(kit.roots, spec_id),
            {name: digest for name, (_, digest) in kit.entries.items()},
            started,
        )
        write_record(staged, record)

    earlier_kit = kit.previous if kit.previous is not None else read_record(kit.folder)
    commit_kit(
        kit.folder,
        kit.blobs,
        keep=kit.reused,
        finish=finish,
        record=RECORD_FILE,
        earlier=earlier_kit.files if earlier_kit is not None else None,
    )


Rendered = tuple[dict[str, bytes], list[dict[str, object]], set[str]]
"""A part's files (name -> bytes), its card placements, and the files its rendering read."""


def printing_context(
    data: GameData, chosen: tuple[str, ...], options: BuildOptions, components: Sequence[Component]
) -> dict[str, object]:
    """What the rulebook's printing advice says of a kit's print options and files."""
    print_files = _print_files(components)
    return {
        "paper": options.paper,
        "backs": options.backs.value,
        "files": {comp.id: name for name, group in print_files.items() for comp in group},
        "map_sheet": options.map_sheet,
        "gutters": any(
            _gutter_sheets(data, group, chosen, options) for group in print_files.values()
        ),
    }


def _render_parts(
    parts: Sequence[_KitPart], data: GameData, progress: ProgressCallback | None, jobs: int
) -> dict[str, Rendered]:
    """Render ``parts``, in this process or in up to ``jobs`` forked workers."""
    if jobs <= 1 or len(parts) <= 1:
        return {part.name: _render_part(part, data, progress) for part in parts}
    # The rulebook takes longest: start it first.
    ordered = sorted(parts, key=lambda part: part.name != RULEBOOK_PART)
    register_all()  # parsed once here, shared by every worker instead of parsed in each
    tasks = [functools.partial(_render_part, part, data) for part in ordered]
    results = run_forked(tasks, jobs, progress)
    return {part.name: result for part, result in zip(ordered, results, strict=True)}


def _render_part(part: _KitPart, data: GameData, progress: ProgressCallback | None) -> Rendered:
    """One part's files and placements, and every file read while rendering them."""
    own = _own_libraries(data)
    with recording() as reads:
        files, placed = part.render(own, progress)
    return files, placed, reads


@dataclass(frozen=True)
class _KitPart:
    """Output files rendered together: ``render(data, progress)`` gives them (name -> bytes)
    and the placements of the cards on them (``cards``: a card PDF)."""

    name: str
    render: Callable[
        [GameData, ProgressCallback | None], tuple[dict[str, bytes], list[dict[str, object]]]
    ]
    cards: bool = False


def _parts(
    data: GameData,
    chosen: tuple[str, ...],
    options: BuildOptions,
    components: Sequence[Component],
) -> list[_KitPart]:
    """The parts of the kit in the order their files are listed: card PDFs, score sheet,
    board, rulebook."""
    spec = data.spec
    print_files = _print_files(components)
    parts = [
        _KitPart(name, functools.partial(_card_pdf, name, group, chosen, options), cards=True)
        for name, group in print_files.items()
    ]
    if spec.scoresheet is not None:
        file = f"{spec.scoresheet.file}.pdf"

        def score(
            data: GameData, _: ProgressCallback | None
        ) -> tuple[dict[str, bytes], list[dict[str, object]]]:
            return {file: score_sheet_pdf(data, chosen, options.paper)}, []

        parts.append(_KitPart(file, score))
    if options.map_sheet:
        the_game = engine_game(spec.id)
        board_of = the_game.board if the_game is not None else None
        if board_of is None:
            raise PnpError.single(f"{spec.id} is not played on a map of tiles: --map-sheet")

        def board(
            data: GameData, _: ProgressCallback | None
        ) -> tuple[dict[str, bytes], list[dict[str, object]]]:
            assert board_of is not None
            drawn = render_board(
                board_of(data.spec, chosen, options.seed or 0), data, chosen, PAPERS[options.paper]
            )
            return {board_file: drawn}, []

        board_file = f"{spec.language.file('board')}.pdf"  # the printed board of --map-sheet
        parts.append(_KitPart(board_file, board))
    printing = printing_context(data, chosen, options, components)

    def rulebook(
        data: GameData, progress: ProgressCallback | None
    ) -> tuple[dict[str, bytes], list[dict[str, object]]]:
        task = f"{data.spec.id}: rulebook"
        if progress:
            progress(task, 0, 1)
        made = make_rulebook(
            data, chosen, game_parts(data.spec, chosen), options.paper, printing, options.proof
        )
        if progress:
            progress(task, 1, 1)
        return made.files(), []

    parts.append(_KitPart(RULEBOOK_PART, rulebook))
    return parts


def _card_pdf(
    name: str,
    group: Sequence[Component],
    chosen: tuple[str, ...],
    options: BuildOptions,
    data: GameData,
    progress: ProgressCallback | None,
) -> tuple[dict[str, bytes], list[dict[str, object]]]:
    """One card PDF of the kit and where each card went on it."""
    spec = data.spec
    task = f"{spec.id}: {name}"

    def report(done: int, total: int) -> None:
        if progress:
            progress(task, done, total)

    backs = _backs(group, options)
    sheets = render_card_sheets(
        card_jobs(data, group, chosen),
        _plans(options, backs),
        SheetOptions(backs, options.back_offset, options.cut_lines),
        data.art,
        title=_card_pdf_title(spec, group[0]),
        label=spec.name,
        words=spec.language,
        progress=report,
    )
    return {name: sheets.pdf}, [_with_file(p, name) for p in sheets.placements]


def _card_pdf_title(spec: GameSpec, first: Component) -> str:
    """The title a PDF viewer shows for a card PDF: the game and what the file holds."""
    words = spec.language
    holds = words.label("cards") if first.file == words.file("cards") else first.name.lower()
    return words.label("pdf_cards_title", game=spec.name, holds=holds)


def _backs(group: Sequence[Component], options: BuildOptions) -> BackMode:
    # Single-sided parts (standees) are imposed without a back page or half.
    return options.backs if any(c.back for c in group) else BackMode.NONE


def _plans(options: BuildOptions, backs: BackMode) -> PlanFor:
    return functools.cache(functools.partial(plan_sheet, PAPERS[options.paper], mode=backs))


def _gutter_sheets(
    data: GameData, group: Sequence[Component], chosen: tuple[str, ...], options: BuildOptions
) -> int:
    """How many sheets of a card PDF part two kinds of card by a gutter (packed, not drawn)."""
    jobs = card_jobs(data, group, chosen)
    kinds = [Kind(job.size, back_design(job)) for job in jobs]
    sheets = pack_sheets(kinds, _plans(options, _backs(group, options)))
    return sum(1 for sheet in sheets if sheet.gutters)


class _RecordingArt(ArtLibrary):
    """The art library recording each picture a part draws (parsed art is shared by the whole
    process, so a second part drawing a picture does not read its file again)."""

    def get(self, reference: str) -> Art:
        """The art at ``reference``, recorded as read."""
        art = super().get(reference)
        record(self.path_of(reference))
        return art


def _own_libraries(data: GameData) -> GameData:
    """``data`` with layouts and art of its own, so that a part's reads are all recorded."""
    return replace(
        data,
        layouts=LayoutLibrary.of(data.spec, data.common),
        art=_RecordingArt(data.art.roots),
    )


def _font_files() -> set[str]:
    """The font files of every role: fonts are registered once per process, so each part
    counts on all of them."""
    found = (find_data_file(f"fonts/{relative}") for relative in FONT_FILES.values())
    return {os.path.abspath(path) for path in found if path is not None}


def _data_files(reads: Iterable[str], roots: Sequence[Path], out: Path) -> set[str]:
    """The files among ``reads`` that are game data (in a data root's ``cardspecs/``, ``art/``
    or ``fonts/``), outside the kit folder. pnp's own code is the code fingerprint's."""
    tops = tuple(f"{root / folder}{os.sep}" for root in roots for folder in DATA_FOLDERS)
    kit = f"{os.path.abspath(out)}{os.sep}"
    return {
        path
        for path in reads
        if path.startswith(tops) and not path.startswith(kit) and os.path.isfile(path)
    }


def _listed_folders(roots: Sequence[Path], game_id: str) -> list[str]:
    """The data folders whose list of files a kit depends on (a file added to one may shadow
    another, or be found by a layout or template)."""
    return [
        str(root / sub)
        for root in roots
        for sub in (
            Path("cardspecs") / game_id,
            Path("cardspecs") / COMMON,
            Path("art"),
            Path("fonts"),
        )
    ]


def _earlier_placements(folder: Path, previous: KitRecord | None) -> list[dict[str, Any]] | None:
    """The card placements of the kit's manifest as the last build wrote it, if it is intact."""
    was = previous.stamps.get(MANIFEST) if previous else None
    if was is None or matches(folder / MANIFEST, was) is None:
        return None
    try:
        placed = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))["placements"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return placed if isinstance(placed, list) else None


def _add(files: dict[str, tuple[int, str]], name: str, entry: tuple[int, str]) -> None:
    """Add one output file; two parts of a kit may never share a name."""
    if name in files:
        raise PnpError.single(f"two parts of the kit would both be written to {name}")
    files[name] = entry


def score_sheet_pdf(data: GameData, chosen: tuple[str, ...], paper: str) -> bytes:
    """The game's score sheet for a kit; a sheet that does not fit is a located user error."""
    spec = data.spec
    assert spec.scoresheet is not None
    try:
        return render_score_sheet(
            spec.scoresheet,
            chosen,
            game=spec.name,
            paper=paper,
            accent=spec.rulebook.accent,
            words=spec.language,
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
        "back_design": placement.back_design,
    }


def _manifest(
    data: GameData,
    chosen: tuple[str, ...],
    options: BuildOptions,
    files: dict[str, tuple[int, str]],
    placements: list[dict[str, object]],
) -> dict[str, object]:
    spec = data.spec
    return {
        "game": spec.id,
        "name": spec.name,
        "variants": list(chosen),
        "options": options.described(),
        "files": [
            {"name": name, "bytes": size, "sha256": digest}
            for name, (size, digest) in files.items()
        ],
        "components": [
            {"id": c.id, "name": c.name, "cards": c.card_count}
            for c in printed_components(data, spec.components_for(chosen), chosen)
        ],
        "placements": placements,
    }
