"""pnp as a library: what a person does with pnp, as functions that take and return plain
typed values and never print.

The command line (:mod:`pnp.cli`) is one front end over these functions; a script, a notebook
or a web page is another, and makes the same decisions by calling the same functions::

    from pathlib import Path
    from pnp import api
    chosen = api.resolve_settings(paper="letter", out=Path("kits"))
    options = api.build_options(chosen, proof=True)
    kit = api.build("twaalf-dagen", (), options)
    print(kit.folder, [path.name for path in kit.files])

A user error (a bad table, an unknown game, a refused folder) is raised as
:class:`pnp.base.errors.PnpError`, whose ``problems`` are the one-line messages to show.

Each function imports what it runs when it runs: importing this module costs no renderer,
so a front end that only lists games or checks that a kit is up to date stays quick.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import cached_property, partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.base.back_mode import BackMode
from pnp.base.errors import PnpError
from pnp.base.ink import Ink
from pnp.base.paths import DataRootError
from pnp.language import BASE_LANGUAGE

if TYPE_CHECKING:
    from pnp.engine.simulate import SimulationSummary
    from pnp.example_model import Example as Example
    from pnp.export.folder import ExportResult as ExportResult
    from pnp.export.services import Printers, Service
    from pnp.gamedef import StudyResult
    from pnp.kit.balance import MadeReport as MadeReport
    from pnp.kit.build_options import BuildOptions as BuildOptions
    from pnp.kit.build_options import BuildResult as BuildResult
    from pnp.kit.maintenance import GoldenReport, PinReport
    from pnp.kit.notes import Note as Note
    from pnp.kit.reading import KitReader as KitReader
    from pnp.kit.settings import BuildSettings as BuildSettings
    from pnp.scaffold import NewGame
    from pnp.scaffold.copy import CopiedGame

Progress = Callable[[str, int, int], None]
"""Told ``(task, done, total)`` as work goes on; a task is named the same until it is done."""

__all__ = [
    "ALL_GAMES_TASK",
    "AllGames",
    "ExportRequest",
    "GameOutcome",
    "GameSummary",
    "KitChoice",
    "Progress",
    "VariantSummary",
    "balance_report",
    "build",
    "build_all",
    "build_options",
    "calibrate",
    "catalogue",
    "check",
    "check_names",
    "copy_game",
    "describe",
    "examples",
    "export",
    "games",
    "golden",
    "kit",
    "kit_choice",
    "kit_reader",
    "manifest",
    "new_game",
    "pin",
    "preview",
    "project_copy",
    "resolve_settings",
    "save_back_offset",
    "simulate",
    "study",
    "up_to_date",
]


# --- What there is ------------------------------------------------------------------------


@dataclass(frozen=True)
class VariantSummary:
    """One variant or expansion of a game, as a person chooses it."""

    id: str
    name: str
    summary: str
    includes: tuple[str, ...]
    """Variants this one switches on with it (an umbrella such as Speculaas)."""
    conflicts: tuple[str, ...]
    """Variants it cannot be combined with."""


@dataclass(frozen=True)
class GameSummary:
    """A game as a catalogue shows it, read from its spec tables only."""

    id: str
    name: str
    players: tuple[int, int]
    minutes: int
    variants: tuple[VariantSummary, ...]
    has_engine: bool
    """Whether pnp has a reference engine for it (examples, simulation) or only its data."""
    tagline: str = ""
    cover_art: Path | None = None
    """The SVG drawing on the rulebook's cover, if it has one."""


def papers() -> tuple[str, ...]:
    """The paper sizes a kit is laid out for (``a4``, ``letter``)."""
    from pnp.spec.sizes import PAPERS

    return tuple(PAPERS)


def games() -> list[str]:
    """The ids of every game pnp finds (the project's and its own), in order."""
    from pnp.catalog.project import game_ids

    _require_data()
    return list(game_ids())


def describe(game_id: str, lang: str = BASE_LANGUAGE) -> GameSummary:
    """The game ``game_id``: its name, tagline, players, time, variants and cover drawing, in
    language ``lang``."""
    from pnp.catalog import registry
    from pnp.catalog.project import load_game

    check_names(game_id)
    data = load_game(game_id, lang=lang)
    spec = data.spec
    cover = spec.rulebook.cover_art
    variants = tuple(
        VariantSummary(v.id, v.name, v.summary, v.includes, v.conflicts)
        for v in spec.variants.values()
    )
    return GameSummary(
        spec.id,
        spec.name,
        spec.players,
        spec.minutes,
        variants,
        game_id in set(registry.game_ids()),
        spec.tagline,
        data.art.path_of(cover) if cover else None,
    )


def catalogue() -> str:
    """The plain-text overview ``pnp list`` prints: every game, its variants and components."""
    from pnp.kit.catalogue import describe_games

    return describe_games()


def check_names(game_id: str, variants: Sequence[str] = ()) -> None:
    """Raise one error naming the nearest known name if ``game_id`` or a variant is unknown.
    The game's tables are read only when variants are named."""
    from pnp.catalog.locate import engine_game

    engine_game(game_id)
    if variants:
        from pnp.catalog.project import load_spec
        from pnp.spec.variants import resolve_variants

        resolve_variants(load_spec(game_id), variants)


def project_copy(game_id: str) -> Path | None:
    """The project's own copy of ``game_id`` when it is built instead of pnp's, else None."""
    from pnp.base.paths import replaced_game_folder

    return replaced_game_folder(game_id)


def check(game_id: str) -> str:
    """Validate a game's spec tables, layouts and art: a summary of what was checked; every
    problem is raised at once as a :class:`PnpError`."""
    from pnp.kit.check import check_game

    return check_game(game_id)


# --- Settings -----------------------------------------------------------------------------


def resolve_settings(
    *,
    paper: str | None = None,
    backs: BackMode | None = None,
    back_offset: tuple[float, float] | None = None,
    out: Path | None = None,
    lang: str | None = None,
    start: Path | None = None,
) -> BuildSettings:
    """The settings a kit is built with: those given here, else those saved in ``pnp.toml``
    (the project's found from ``start``, default the working folder, then the user's), else
    the defaults, each with where it came from."""
    from pnp.kit.settings import Values
    from pnp.kit.settings import resolve_settings as resolve

    return resolve(Values(paper, backs, back_offset, out, lang), start or Path.cwd())


def build_options(
    settings: BuildSettings,
    *,
    cut_lines: bool = False,
    map_sheet: bool = False,
    seed: int | None = None,
    proof: bool = False,
    ink: Ink = Ink.NORMAL,
) -> BuildOptions:
    """The build options of resolved ``settings`` and the choices that are not saved."""
    from pnp.kit.build_options import BuildOptions

    _require_data()
    return BuildOptions(
        settings.paper.value,
        settings.backs.value,
        settings.back_offset.value,
        cut_lines,
        settings.out.value,
        map_sheet,
        seed,
        proof,
        ink,
        settings.lang.value,
    )


# --- Kits ---------------------------------------------------------------------------------


def up_to_date(game_id: str, variants: Sequence[str], options: BuildOptions) -> BuildResult | None:
    """The kit in ``OUT/<game_id>`` if nothing it was made from changed since it was built
    (no game is loaded to tell), else None. It waits for a build of the same kit, and cleans
    what an interrupted one left, as a build does."""
    from pnp.base.output import kit_lock
    from pnp.kit.build_options import reuse_kit

    with kit_lock(options.out_dir / game_id):
        return reuse_kit(game_id, variants, options)


def build(
    game_id: str,
    variants: Sequence[str] = (),
    options: BuildOptions | None = None,
    progress: Progress | None = None,
    *,
    force: bool = False,
    jobs: int = 1,
) -> BuildResult:
    """Build the kit of ``game_id`` with ``variants`` into ``OUT/<game_id>/``; files whose
    inputs did not change are reused unless ``force``; nothing is written if anything fails."""
    from pnp.kit.build import build as build_kit

    return build_kit(game_id, variants, options, progress, force=force, jobs=jobs)


def kit(
    game_id: str,
    variants: Sequence[str],
    options: BuildOptions,
    progress: Progress | None = None,
) -> BuildResult:
    """The kit, as it stands when it is up to date, else built now."""
    return up_to_date(game_id, variants, options) or build(game_id, variants, options, progress)


@dataclass(frozen=True)
class GameOutcome:
    """One game of :func:`build_all`: its kit, or the problems that stopped it."""

    game: str
    result: BuildResult | None
    problems: tuple[str, ...] = ()
    project_copy: Path | None = None


@dataclass(frozen=True)
class AllGames:
    """What :func:`build_all` did, game by game, in order."""

    outcomes: tuple[GameOutcome, ...]

    @property
    def failed(self) -> tuple[str, ...]:
        """The games whose kit could not be built."""
        return tuple(o.game for o in self.outcomes if o.result is None)


ALL_GAMES_TASK = "all games"
"""The task :func:`build_all` reports its games under."""


def build_all(
    options: BuildOptions,
    progress: Progress | None = None,
    *,
    force: bool = False,
    jobs: int = 1,
    started: Callable[[str, Path | None], None] | None = None,
    finished: Callable[[GameOutcome], None] | None = None,
) -> AllGames:
    """Build the base kit of every game in turn; a game that fails does not stop the others.

    ``started(game, project_copy)`` is called before a game is built and ``finished(outcome)``
    after, so a front end can report as it goes. A map sheet is asked of the games played on
    a map only.
    """
    from pnp.catalog.project import engine_game, game_ids

    _require_data()
    ids = list(game_ids())
    outcomes: list[GameOutcome] = []
    tell = progress or _quiet
    tell(ALL_GAMES_TASK, 0, len(ids))
    for done, game_id in enumerate(ids, start=1):
        copy = project_copy(game_id)
        if started is not None:
            started(game_id, copy)
        try:
            own = options
            found = engine_game(game_id)
            if options.map_sheet and (found is None or found.board is None):
                own = replace(options, map_sheet=False, seed=None)  # not played on a map
            result = build(game_id, (), own, progress, force=force, jobs=jobs)
            outcome = GameOutcome(game_id, result, project_copy=copy)
        except PnpError as exc:
            problems = tuple(str(p) for p in exc.problems)
            outcome = GameOutcome(game_id, None, problems, project_copy=copy)
        outcomes.append(outcome)
        if finished is not None:
            finished(outcome)
        tell(ALL_GAMES_TASK, done, len(ids))
    return AllGames(tuple(outcomes))


def manifest(folder: Path) -> dict[str, Any]:
    """The manifest of the kit built in ``folder``: its files, options and card placements."""
    from pnp.export.pages import read_manifest

    return read_manifest(folder)


# --- Exports ------------------------------------------------------------------------------


@dataclass(frozen=True)
class KitChoice:
    """The kit an export is made from: its variants and options, and whether a kit was
    already built there (whose options these are, with what was asked instead)."""

    variants: tuple[str, ...]
    options: BuildOptions
    existing: bool


def kit_choice(
    game_id: str,
    variants: Sequence[str] | None,
    settings: BuildSettings,
    *,
    paper: str | None = None,
    backs: BackMode | None = None,
    ink: Ink | None = None,
    lang: str | None = None,
) -> KitChoice:
    """The variants and options of the kit an export is made from: the kit already in
    ``OUT/<game_id>`` as it was built (its manifest), with what is asked here instead;
    without a kit there, what a build with ``settings`` would use."""
    from pnp.kit.build_options import kit_as_built

    check_names(game_id, variants or ())
    existing = kit_as_built(settings.out.value / game_id)
    if existing is None:
        options = build_options(settings, ink=ink or Ink.NORMAL)
        return KitChoice(tuple(variants or ()), options, existing=False)
    built_variants, options = existing
    if paper:
        options = replace(options, paper=paper)
    if backs:
        options = replace(options, backs=backs, back_offset=(0.0, 0.0))
    if ink:
        options = replace(options, ink=ink)
    if lang:
        options = replace(options, lang=lang)
    return KitChoice(tuple(variants) if variants else built_variants, options, existing=True)


def preview(game_id: str, choice: KitChoice, progress: Progress | None = None) -> ExportResult:
    """PNG pictures of the kit (built first unless up to date) in ``OUT/<game>/preview/``."""
    from pnp.export.preview import write_preview

    made = kit(game_id, choice.variants, choice.options, progress)
    return write_preview(made.folder, progress)


def watch(
    game_id: str,
    variants: Sequence[str],
    options: BuildOptions,
    say: Callable[[str], None],
    *,
    jobs: int = 1,
) -> None:
    """Build the kit again whenever a file it is made from changes, until interrupted;
    ``say`` hears what each build wrote or what is wrong."""
    from pnp.kit.watch import file_changes, watch_game, watched_folders

    changes = file_changes(watched_folders(game_id))
    rebuild = partial(build, game_id, variants, options, jobs=jobs)
    watch_game(game_id, rebuild, changes, say)


def changes(game_id: str, stop: threading.Event | None = None) -> Iterator[set[Path]]:
    """The files a kit of ``game_id`` is made from that changed, one debounced set at a time,
    until ``stop`` is set (its tables, layouts, templates, art, fonts)."""
    from pnp.kit.watch import file_changes, watched_folders

    return file_changes(watched_folders(game_id), stop)


def parse_back_offset(text: str) -> tuple[float, float]:
    """``"1.5,-0.5"`` as (1.5, -0.5) mm; a :class:`ValueError` says what is wrong."""
    from pnp.kit.settings import parse_back_offset as parse

    return parse(text)


def format_offset(offset: tuple[float, float]) -> str:
    """``1.5,-0.5``: a back offset as ``--back-offset`` takes it."""
    from pnp.kit.settings import format_offset as formatted

    return formatted(offset)


def rulebook_files(lang: str = BASE_LANGUAGE) -> dict[str, str]:
    """The file names of a kit's rulebook in language ``lang``: ``screen``, ``booklet``
    and ``proof`` (``spelregels.pdf``, ``rules.pdf`` ...)."""
    from pnp.catalog.locate import common_folder
    from pnp.language import load_language

    words = load_language(common_folder(), lang)
    return {key: f"{words.file(name)}.pdf" for key, name in
            (("screen", "rulebook"), ("booklet", "booklet"), ("proof", "proof"))}  # fmt: skip


def print_services() -> dict[str, str]:
    """The print services ``export`` can write files for: their names by id."""
    from pnp.export.services import load_services

    return {service.id: service.name for service in load_services().values()}


@dataclass(frozen=True)
class ExportRequest:
    """What to export: Tabletop Simulator decks (``tts``, named by ``tts_url`` when given)
    and the files of print services (``printers``, their ids)."""

    tts: bool = False
    tts_url: str | None = None
    printers: tuple[str, ...] = ()

    def checked(self) -> tuple[Printers | None, list[Service]]:
        """Refuse an empty request, a bad address or an unknown service before any building;
        the services file and the services asked for (read once per request)."""
        return self._services

    @cached_property
    def _services(self) -> tuple[Printers | None, list[Service]]:
        if not self.wants_tts and not self.printers:
            raise PnpError.single("nothing to export: choose --tts and/or --printer NAME")
        if self.tts_url is not None:
            from pnp.export.tts import checked_url_base

            checked_url_base(self.tts_url)
        if not self.printers:
            return None, []
        from pnp.export.services import pick_service, read_printers

        printers = read_printers()
        return printers, [pick_service(printers, name) for name in dict.fromkeys(self.printers)]

    @property
    def wants_tts(self) -> bool:
        """Whether Tabletop Simulator decks are asked for (an address implies them)."""
        return self.tts or self.tts_url is not None


def export(
    game_id: str,
    choice: KitChoice,
    request: ExportRequest,
    progress: Progress | None = None,
) -> list[ExportResult]:
    """Each export of ``request`` in its own folder inside ``OUT/<game>/``, made from the kit
    (built first unless up to date)."""
    printers, services = request.checked()
    made = kit(game_id, choice.variants, choice.options, progress)
    results: list[ExportResult] = []
    if request.wants_tts:
        from pnp.export.tts import write_tts

        results.append(write_tts(made.folder, progress, request.tts_url))
    if printers is not None:
        from pnp.export.printer import write_printers

        results += write_printers(made, printers, services, progress)
    return results


def calibrate(settings: BuildSettings, backs: BackMode | None = None) -> Path:
    """Write the duplex calibration sheet into ``OUT``; the path it was written to.

    It calibrates a duplex printer: ``backs`` (or the saved back mode, when that prints
    both sides) on the long or the short edge, else the long edge.
    """
    from pnp.kit.calibrate import write_calibration

    mode = backs or settings.backs.value
    if backs is None and mode not in (BackMode.LONG_EDGE, BackMode.SHORT_EDGE):
        mode = BackMode.LONG_EDGE  # the saved mode prints no duplex: calibrate the default
    return write_calibration(settings.paper.value, mode, settings.out.value, settings.lang.value)


def save_back_offset(offset: tuple[float, float], start: Path | None = None) -> Path:
    """Save ``offset`` (mm) as the back offset in ``pnp.toml`` (the project's found from
    ``start``, else the user's), keeping the rest of the file; the file written."""
    from pnp.kit.settings import save_back_offset as save

    return save(offset, start or Path.cwd())


def new_game(game_id: str, dest: Path | None = None) -> NewGame:
    """Write a small, working data-only game to start a new one from."""
    from pnp.scaffold import new_game as scaffold

    return scaffold(game_id, dest)


def copy_game(game_id: str, to: Path | None = None) -> CopiedGame:
    """Copy one of pnp's own games into a project folder, to edit it there."""
    from pnp.scaffold.copy import copy_game as copy

    return copy(game_id, to)


# --- The engines --------------------------------------------------------------------------


def kit_examples(
    game_id: str, variants: Sequence[str] = (), lang: str = BASE_LANGUAGE
) -> tuple[Example, ...]:
    """The kit's rulebook examples as they are told, each with its sentences, the cards they
    show and the claims checked against the engine (none for a game without an engine)."""
    from pnp.catalog.project import load_game
    from pnp.kit.examples import game_examples
    from pnp.spec.variants import resolve_variants

    spec = load_game(game_id, lang=lang).spec
    return game_examples(spec, resolve_variants(spec, variants))


def kit_reader(game_id: str, variants: Sequence[str], options: BuildOptions) -> KitReader:
    """A kit read on screen: its examples move by move (the table after each move as a
    picture, the sentences, the claims checked again, the rules the book states) and its
    printing advice, in the words the kit prints (:class:`~pnp.kit.reading.KitReader`)."""
    from pnp.kit.reading import KitReader

    return KitReader(game_id, variants, options)


def add_note(
    game_id: str, variants: Sequence[str], example: str, step: int, text: str,
    lang: str = BASE_LANGUAGE,
) -> Path:  # fmt: skip
    """Write a proofreader's note on sentence ``step`` (from 1; 0: the whole example) of
    ``example`` of the kit into the project's ``proefnotities.toml``; the file written."""
    from pnp.catalog.project import load_spec
    from pnp.kit.notes import Note
    from pnp.kit.notes import add_note as append
    from pnp.spec.variants import resolve_variants

    chosen = resolve_variants(load_spec(game_id), variants)
    note = Note(game_id, chosen, example, step, text)
    return append(note, kit_examples(game_id, chosen, lang))


def notes(game_id: str | None = None) -> list[Note]:
    """The proofreaders' notes (of ``game_id`` only, if given), in the order written."""
    from pnp.kit.notes import read_notes

    return read_notes(game_id)


def examples(game_id: str, variants: Sequence[str] = (), lang: str = BASE_LANGUAGE) -> str:
    """Every rulebook example of the kit as plain text, each with the record it replays, told
    in language ``lang``."""
    from pnp.kit.examples import examples_text

    return examples_text(game_id, tuple(variants), lang)


def simulate(
    game_id: str,
    players: int = 4,
    games: int = 1000,
    *,
    variants: Sequence[str] = (),
    seed: int = 0,
    jobs: int = 1,
    policies: Sequence[str] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> SimulationSummary:
    """Play seeded games with the reference engine's policies and summarise them; the same
    seed gives the same summary whatever ``jobs`` is."""
    from pnp.kit.simulation import simulate_game

    return simulate_game(
        game_id,
        players,
        games,
        variants=tuple(variants),
        seed=seed,
        jobs=jobs,
        policies=policies,
        progress=progress,
    )


def study(
    game_id: str,
    *,
    games: int | None = None,
    jobs: int = 2,
    seed: int = 0,
    write: bool = False,
    force: bool = False,
) -> tuple[StudyResult, Path | None]:
    """Re-measure what the rulebook's designer notes print; with ``write`` the table is
    stored in the game's folder of the project (the path returned), and a table measured
    from more games is replaced only with ``force``."""
    from pnp.kit.maintenance import study as run_study

    return run_study(game_id, games=games, jobs=jobs, seed=seed, write=write, force=force)


def balance_report(
    game_id: str,
    *,
    variants: Sequence[str] = (),
    players: Sequence[int] = (),
    games: int | None = None,
    seed: int = 0,
    jobs: int = 2,
    policies: Sequence[str] = (),
    lang: str = BASE_LANGUAGE,
    out: Path = Path("output"),
    progress: Callable[[int, int], None] | None = None,
) -> MadeReport:
    """Play the games of a balance report and write it to ``out/GAME/balans.pdf``
    (``balance.pdf`` in English): per player count who wins and how long a game takes,
    what each variant changes against the base game on the same seeds, each policy against
    the others, the designer notes' checks; empty ``variants``, ``players`` or ``policies``
    mean all the game has. Same seed, same PDF."""
    from pnp.kit.balance import ReportRequest
    from pnp.kit.balance import balance_report as make

    request = ReportRequest(game_id, tuple(variants), tuple(players), games, seed, jobs,
                            tuple(policies), lang)  # fmt: skip
    return make(request, out, progress)


def golden(
    game_ids: Sequence[str] = (), *, update: bool = False, root: Path | None = None
) -> GoldenReport:
    """Compare (or with ``update`` rewrite) the golden playthroughs of the games."""
    from pnp.kit.maintenance import golden as run_golden

    return run_golden(tuple(game_ids), update=update, root=root)


def pin(
    game_id: str,
    *,
    update: bool = False,
    report: Callable[[str], None] | None = None,
    jobs: int = 1,
    seeds: int | None = None,
) -> PinReport:
    """Check that every kit people build has each of its examples, true under its rules, from
    records kept per example; with ``update`` search and pin the records that are lacking
    and remove those no kit needs."""
    from pnp.kit.maintenance import pin as run_pin

    return run_pin(game_id, update=update, report=report, jobs=jobs, seeds=seeds)


def _require_data() -> None:
    """No game data at all is one error, before anything else is said or done."""
    from pnp.base.paths import data_roots

    try:
        data_roots()
    except DataRootError as exc:
        raise PnpError.single(str(exc)) from None


def _quiet(task: str, done: int, total: int) -> None:
    """Progress nobody watches."""
