"""The command line: parses arguments, shows progress and messages, and calls the library
API (:mod:`pnp.api`), which makes every decision.

No ``from __future__ import annotations`` here: typer reads each command's parameters from
its annotations, and annotations kept as text it must evaluate again on every run (a
third of the time it takes to make the command line).
"""

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TypeVar

import typer

from pnp import api
from pnp.cli_options import (
    ALL_GAMES,
    GAMES,
    JOBS,
    PLAYERS,
    SEED,
    BackOffsetOption,
    BacksOption,
    BuildTargetArgument,
    DuplexOption,
    GameArgument,
    InkOption,
    JobsOption,
    LangOption,
    OneLineErrors,
    OutOption,
    PaperOption,
    PrinterOption,
    QuietOption,
    SaveOption,
    VariantOption,
    complete_game,
    folder_option,
)
from pnp.errors import PnpError
from pnp.ink import Ink
from pnp.paths import ROOT_ENV, DataRootError, display_path, use_project

if TYPE_CHECKING:
    from pnp.api import ExportResult
    from pnp.build_options import BuildOptions, BuildResult
    from pnp.cli_console import ProgressDisplay
    from pnp.settings import BuildSettings

# Commands import what they run when they run: ``pnp --help`` and completion stay quick
# (the build pulls in ReportLab, svglib, pypdf and every game; the settings read TOML; the
# progress display is rich's console).

app = typer.Typer(
    cls=OneLineErrors,
    context_settings={"help_option_names": ["-h", "--help"]},
    add_completion=True,
    no_args_is_help=True,
    help="Print-and-play kits for Dutch holiday games.",
    pretty_exceptions_enable=False,
)
T = TypeVar("T")


def _run(action: Callable[[], T]) -> T:
    """Run ``action``; a user error becomes one line per problem and exit status 2."""
    try:
        return action()
    except PnpError as exc:
        for problem in exc.problems:
            typer.echo(f"error: {problem}", err=True)
        raise typer.Exit(2) from None
    except DataRootError as exc:  # no data where pnp looked, or a data file it refuses
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None
    except KeyboardInterrupt:
        # A kit is swapped in whole: cut off before the swap it is the earlier one, after it
        # the new one (and `build all` may have finished some games before).
        typer.echo("interrupted; every kit in the output folder is whole", err=True)
        raise typer.Exit(130) from None


def _print_version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            typer.echo(f"pnp {version('pnp')}")
        except PackageNotFoundError:
            typer.echo("pnp (not installed: no version)")
        raise typer.Exit()


@app.callback()
def main_options(
    ctx: typer.Context,
    project: Annotated[
        Path | None,
        typer.Option(
            "--project",
            help=f"Your own data folder (cardspecs/, art/, fonts/), searched before pnp's "
            f"own data; default: {ROOT_ENV}, else the nearest folder upward holding pnp.toml.",
            exists=True,
            file_okay=False,
        ),
    ] = None,
    debug: Annotated[
        bool,
        typer.Option("--debug", help="Show the full traceback of an internal error."),
    ] = False,
    show_version: Annotated[
        bool,
        typer.Option(
            "--version",
            "-V",
            help="Print the version and exit.",
            is_eager=True,
            callback=_print_version,
        ),
    ] = False,
) -> None:
    """Print-and-play kits for Dutch holiday games."""
    use_project(project)
    ctx.call_on_close(lambda: use_project(None))


@app.command("list")
def list_command() -> None:
    """Show the games, their variants and their components."""
    typer.echo(_run(api.catalogue))


@app.command("check")
def check_command(game: GameArgument) -> None:
    """Validate a game's spec tables and layouts (exit 2 with one line per problem)."""
    typer.echo(_run(lambda: api.check(game)))


@app.command("build")
def build_command(
    game: BuildTargetArgument,
    variant: VariantOption = None,
    paper: PaperOption = None,
    backs: BacksOption = None,
    back_offset: BackOffsetOption = None,
    cut_lines: Annotated[
        bool, typer.Option("--cut-lines", help="Draw cut lines across the sheet.")
    ] = False,
    map_sheet: Annotated[
        bool,
        typer.Option("--map-sheet", help="Also print the whole map as one board (tile games)."),
    ] = False,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            help=f"Seed of the --map-sheet setup, {SEED.span} (default 0).",
            parser=SEED,
            metavar="<int>",
        ),
    ] = None,
    proof: Annotated[
        bool,
        typer.Option(
            "--proof",
            help="Also write the proofreading edition of the rulebook: rule IDs, example sources "
            "and claims shown.",
        ),
    ] = False,
    ink: InkOption = Ink.NORMAL,
    lang: LangOption = None,
    out_dir: OutOption = None,
    quiet: QuietOption = False,
    watch: Annotated[
        bool, typer.Option("--watch", help="Rebuild whenever the game's files change.")
    ] = False,
    force: Annotated[
        bool,
        typer.Option("--force", help="Render every file, even those that are up to date."),
    ] = False,
    jobs: Annotated[
        int,
        typer.Option(
            "--jobs",
            help=f"Render up to this many files at once (processes), {JOBS.span}.",
            parser=JOBS,
            metavar="<int>",
        ),
    ] = 1,
) -> None:
    """Write the print-ready kit of GAME (or of every game: all) to OUT/GAME/.

    Files whose inputs (tables, layouts, templates, art, fonts, options, pnp itself) did
    not change since the last build into OUT are reused as they are.
    """

    def run() -> None:
        chosen = _settings(paper, backs, back_offset, out_dir, lang)
        if game == ALL_GAMES:
            if variant:
                raise PnpError.single("--variant needs one game, not 'all'")
            if watch:
                raise PnpError.single("--watch needs one game, not 'all'")
            options = _chosen_options(chosen, quiet, cut_lines, map_sheet, seed, proof, ink)
            _build_all(options, quiet, force, jobs)
            return
        variants = tuple(variant or ())
        options = _chosen_options(chosen, True, cut_lines, map_sheet, seed, proof, ink)
        # An up-to-date kit's record vouches for its names; else a mistyped game or variant
        # is one line before the settings line.
        result = None if force or watch else api.up_to_date(game, variants, options)
        if result is None:
            api.check_names(game, variants)
        if not quiet:
            typer.echo(chosen.describe())
            _note_project_copy(game, typer.echo, api.project_copy(game))
        if watch:
            from pnp.watch import file_changes, watch_game, watched_folders

            changes = file_changes(watched_folders(game))
            rebuild = partial(api.build, game, variants, options, jobs=jobs)
            return watch_game(game, rebuild, changes, typer.echo)
        if result is None:
            with _progress(quiet) as progress:
                result = api.build(game, variants, options, progress, force=force, jobs=jobs)
        if not quiet:
            _report(result)

    _run(run)


def _note_project_copy(game_id: str, say: Callable[[str], None], folder: Path | None) -> None:
    """Say so when the project's copy of a game is built instead of pnp's own."""
    if folder is not None:
        say(f"{game_id}: the project's copy, {display_path(folder)}/ (not pnp's own)")


@contextmanager
def _progress(quiet: bool) -> Iterator["ProgressDisplay"]:
    """The progress display on stderr; with ``quiet`` one that shows nothing, and rich
    (a few MiB) is not imported."""
    from pnp.cli_console import progress_display

    if quiet:
        with progress_display(None) as silent:
            yield silent
        return
    from pnp.cli_console import stderr_console

    with progress_display(stderr_console()) as progress:
        yield progress


def _report(result: "BuildResult", say: Callable[[str], None] = typer.echo) -> None:
    """The folder a build wrote, each file it wrote, and how many it reused."""
    chosen = ", ".join(result.variants) or "base game"
    reused = set(result.reused)
    if result.files and reused >= set(result.files):
        say(f"{result.game}: up to date ({len(reused)} files reused) -> {result.folder}")
        return
    say(f"{result.game} ({chosen}) -> {result.folder}")
    for path in result.files:
        if path not in reused:
            say(f"  wrote {path} ({path.stat().st_size:,} bytes)")
    if reused:
        names = ", ".join(path.name for path in result.files if path in reused)
        say(f"  reused {len(reused)} up-to-date files ({names})")


def _build_all(options: "BuildOptions", quiet: bool, force: bool, jobs: int) -> None:
    """Build every game in turn, reporting each above the bars; a game that fails is one line
    and the others still build."""

    with _progress(quiet) as progress:

        def started(game_id: str, copy: Path | None) -> None:
            if not quiet:
                _note_project_copy(game_id, progress.say, copy)

        def finished(outcome: api.GameOutcome) -> None:
            if outcome.result is None:
                more = len(outcome.problems) - 1
                tail = f" (and {more} more: pnp check {outcome.game})" if more else ""
                progress.say(f"error: {outcome.game}: {outcome.problems[0]}{tail}", err=True)
            elif not quiet:
                _report(outcome.result, progress.say)
            progress.forget(f"{outcome.game}: ")  # the bars show the game being built

        done = api.build_all(
            options, progress, force=force, jobs=jobs, started=started, finished=finished
        )
    total, failed = len(done.outcomes), done.failed
    if failed:
        typer.echo(
            f"error: built {total - len(failed)} of {total} games; failed: {', '.join(failed)}",
            err=True,
        )
        raise typer.Exit(2)
    if not quiet:
        typer.echo(f"built {total} of {total} games")


def _settings(
    paper: PaperOption,
    backs: BacksOption,
    back_offset: BackOffsetOption,
    out_dir: OutOption,
    lang: LangOption = None,
) -> "BuildSettings":
    """The settings the command line names, else the saved ones (``pnp.toml``), else the
    defaults."""
    return api.resolve_settings(
        paper=paper.value if paper else None,
        backs=backs,
        back_offset=back_offset.pair if back_offset else None,
        out=out_dir,
        lang=lang.value if lang else None,
    )


def _chosen_options(
    chosen: "BuildSettings",
    quiet: bool,
    cut_lines: bool = False,
    map_sheet: bool = False,
    seed: int | None = None,
    proof: bool = False,
    ink: Ink = Ink.NORMAL,
) -> "BuildOptions":
    """The build options of the ``chosen`` settings and the command line (the settings shown
    unless quiet)."""
    options = api.build_options(
        chosen, cut_lines=cut_lines, map_sheet=map_sheet, seed=seed, proof=proof, ink=ink
    )
    if not quiet:
        typer.echo(chosen.describe())
    return options


def _export_kit(
    game: str,
    variant: list[str] | None,
    paper: PaperOption,
    backs: BacksOption,
    ink: Ink | None,
    out_dir: OutOption,
    quiet: bool,
    lang: LangOption = None,
) -> api.KitChoice:
    """The kit an export is made from (see :func:`pnp.api.kit_choice`), told unless quiet."""
    chosen = _settings(paper, backs, None, out_dir, lang)
    choice = api.kit_choice(
        game,
        variant,
        chosen,
        paper=paper.value if paper else None,
        backs=backs,
        ink=ink,
        lang=lang.value if lang else None,
    )
    if quiet:
        return choice
    if not choice.existing:
        typer.echo(chosen.describe())
        return choice
    options = choice.options
    typer.echo(
        f"kit: {chosen.shown_kit(game)} ({', '.join(choice.variants) or 'base game'}; "
        f"paper {options.paper}, backs {options.backs.value}, ink {options.ink.value}, "
        f"lang {options.lang})"
    )
    return choice


def _report_export(result: "ExportResult") -> None:
    """The folder an export wrote, or that it was up to date."""
    if result.reused:
        typer.echo(f"{result.kind}: up to date ({len(result.files)} files) -> {result.folder}")
        return
    typer.echo(f"{result.kind}: wrote {len(result.files)} files -> {result.folder}")


@app.command("preview")
def preview_command(
    game: GameArgument,
    variant: VariantOption = None,
    paper: PaperOption = None,
    backs: BacksOption = None,
    ink: Annotated[
        Ink | None,
        typer.Option("--ink", help="normal, or low: the low-ink edition (default: the kit's)."),
    ] = None,
    lang: LangOption = None,
    out_dir: OutOption = None,
    quiet: QuietOption = False,
) -> None:
    """Write PNG pictures of GAME's kit to OUT/GAME/preview/, cut from its own PDFs.

    One contact sheet per component (every distinct face once, with its count), the
    backs, and a hand of five cards as a player holds them. The pictures show the kit
    already in OUT/GAME as it was built (its variants and options), with what the
    command line names instead; it is built first if it is not up to date.
    """

    def run() -> None:
        choice = _export_kit(game, variant, paper, backs, ink, out_dir, quiet, lang)
        with _progress(quiet) as progress:
            result = api.preview(game, choice, progress)
        if not quiet:
            _report_export(result)

    _run(run)


@app.command("export")
def export_command(
    game: GameArgument,
    variant: VariantOption = None,
    tts: Annotated[
        bool,
        typer.Option("--tts", help="Tabletop Simulator decks (sheets, backs, a saved object)."),
    ] = False,
    tts_url: Annotated[
        str | None,
        typer.Option(
            "--tts-url",
            help="Name the pictures in the saved object by this address and their file names "
            "(where you uploaded them) instead of file: URLs; implies --tts.",
            metavar="BASE",
        ),
    ] = None,
    printer: PrinterOption = None,
    lang: LangOption = None,
    out_dir: OutOption = None,
    quiet: QuietOption = False,
) -> None:
    """Export GAME's kit for Tabletop Simulator (--tts) or a print shop (--printer NAME).

    Each export goes into its own folder inside OUT/GAME/ and is replaced as a whole.
    It is made from the kit already in OUT/GAME as it was built (or, with --variant, of
    those variants); the kit is built first if it is not up to date.
    """

    def run() -> None:
        request = api.ExportRequest(tts, tts_url, tuple(printer or ()))
        request.checked()  # a bad request is told before the kit is read or built
        choice = _export_kit(game, variant, None, None, None, out_dir, quiet, lang)
        with _progress(quiet) as progress:
            results = api.export(game, choice, request, progress)
        for result in results:
            for note in result.notes:  # what was left out, text near a shop's cut
                typer.echo(note if note.startswith("warning:") else f"note: {note}", err=True)
            if not quiet:
                _report_export(result)

    _run(run)


@app.command("new")
def new_command(
    game: Annotated[str, typer.Argument(help="Id of the new game, e.g. groter-kleiner.")],
    dest: Annotated[
        Path | None,
        typer.Option(
            "--dest",
            help="Data folder to write into (default: pnp's).",
            parser=folder_option,
            metavar="<path>",
        ),
    ] = None,
) -> None:
    """Write a small, working data-only game to start a new one from."""
    typer.echo(_run(lambda: api.new_game(game, dest)).report())


@app.command("copy")
def copy_command(
    game: GameArgument,
    to: Annotated[
        Path | None,
        typer.Option(
            "--to",
            help="Project folder to copy into (default: this project, else here).",
            parser=folder_option,
            metavar="<path>",
        ),
    ] = None,
) -> None:
    """Copy one of pnp's own games into a project folder, to edit it there."""
    typer.echo(_run(lambda: api.copy_game(game, to)).report())


@app.command("examples")
def examples_command(
    game: GameArgument, variant: VariantOption = None, lang: LangOption = None
) -> None:
    """Print the rulebook's examples as plain text, each with the record it replays."""

    def run() -> str:
        chosen = lang.value if lang else api.resolve_settings().lang.value
        return api.examples(game, tuple(variant or ()), chosen)

    typer.echo(_run(run), nl=False)


@app.command("simulate")
def simulate_command(
    game: GameArgument,
    players: Annotated[
        int,
        typer.Option(
            "--players", help=f"Number of players, {PLAYERS.span}.", parser=PLAYERS, metavar="<int>"
        ),
    ] = 4,
    games: Annotated[
        int,
        typer.Option(
            "--games", help=f"Number of games to play, {GAMES.span}.", parser=GAMES, metavar="<int>"
        ),
    ] = 1000,
    seed: Annotated[
        int,
        typer.Option(
            "--seed",
            help=f"Base seed, {SEED.span}; same seed, same summary.",
            parser=SEED,
            metavar="<int>",
        ),
    ] = 0,
    variant: VariantOption = None,
    jobs: JobsOption = 1,
    policy: Annotated[
        list[str] | None,
        typer.Option(
            "--policy",
            help="Policy per seat, e.g. random or heuristic; one name for all (default heuristic).",
        ),
    ] = None,
    quiet: QuietOption = False,
) -> None:
    """Play seeded games (the heuristic policy at every seat unless --policy says) and summarise."""

    def run() -> str:
        with _progress(quiet) as progress:
            summary = api.simulate(
                game,
                players,
                games,
                variants=tuple(variant or ()),
                seed=seed,
                jobs=jobs,
                policies=policy,
                progress=lambda done, total: progress(f"{game}: games", done, total),
            )
        return summary.format_table()

    typer.echo(_run(run))


@app.command("calibrate")
def calibrate_command(
    paper: PaperOption = None,
    backs: DuplexOption = None,
    lang: LangOption = None,
    out_dir: OutOption = None,
    save: SaveOption = None,
    quiet: QuietOption = False,
) -> None:
    """Write the duplex calibration sheet that tells which --back-offset a printer needs."""
    from pnp.paths import shown_path
    from pnp.settings import format_offset

    if save is not None:
        if paper or backs or out_dir or lang:
            typer.echo(
                "error: --save only saves the offset: leave out --paper, --backs, --lang, --out",
                err=True,
            )
            raise typer.Exit(2)
        path = _run(lambda: api.save_back_offset(save.pair))
        if not quiet:
            typer.echo(f"saved back offset {format_offset(save.pair)} mm to {shown_path(path)}")
        return

    path = _run(lambda: api.calibrate(_settings(paper, None, None, out_dir, lang), backs))
    if not quiet:
        typer.echo(f"wrote {path}")


@app.command("golden")
def golden_command(
    game: Annotated[
        list[str] | None,
        typer.Argument(help="Game ids (default: every game).", autocompletion=complete_game),
    ] = None,
    update: Annotated[
        bool, typer.Option("--update", help="Rewrite the golden files from fresh games.")
    ] = False,
    root: Annotated[
        Path | None,
        typer.Option(
            "--root",
            help="Golden folder (default: tests/golden).",
            parser=folder_option,
            metavar="<path>",
        ),
    ] = None,
) -> None:
    """Check the golden playthroughs against the engines (exit 1 on a difference)."""
    report = _run(lambda: api.golden(tuple(game or ()), update=update, root=root))
    for path in report.written:
        typer.echo(f"wrote {path}")
    for problem in report.problems:
        typer.echo(problem, err=True)
    if report.problems:
        typer.echo(
            "golden files differ (regenerate with --update if the change is intended)", err=True
        )
        raise typer.Exit(1)
    if not update:
        typer.echo("golden files match")


@app.command("pin")
def pin_command(
    game: GameArgument,
    update: Annotated[
        bool,
        typer.Option("--update", help="Search and pin the records the kits lack."),
    ] = False,
    jobs: JobsOption = 2,
    seeds: Annotated[
        int | None,
        typer.Option(
            "--seeds",
            help=f"Games searched per rule set, {GAMES.span} (default: the game's).",
            parser=GAMES,
            metavar="<int>",
        ),
    ] = None,
) -> None:
    """Check that every kit's rulebook examples replay and hold under its rules; exit 1 if not."""
    report = _run(
        lambda: api.pin(
            game,
            update=update,
            report=lambda line: typer.echo(line, err=True),
            jobs=jobs,
            seeds=seeds,
        )
    )
    for path in report.written:
        typer.echo(f"wrote {display_path(path)}")
    for path in report.stray:
        if update:
            typer.echo(f"removed {display_path(path)} (no kit shows it)")
        else:
            typer.echo(f"{display_path(path)}: no kit shows this record", err=True)
    for path in report.lost:
        typer.echo(f"{display_path(path)}: no seeded game shows this example", err=True)
    if report.lost:
        raise typer.Exit(1)
    if not update:
        for path in report.needed:
            typer.echo(
                f"{display_path(path)}: the kit lacks this example (pin it with --update)",
                err=True,
            )
        if report.needed or report.stray:
            raise typer.Exit(1)
    typer.echo(f"{report.kits} kits: {report.held} examples hold under their rules")


@app.command("study")
def study_command(
    game: GameArgument,
    games: Annotated[
        int | None,
        typer.Option(
            "--games",
            help=f"Games per setting, {GAMES.span} (default: the study's).",
            parser=GAMES,
            metavar="<int>",
        ),
    ] = None,
    jobs: JobsOption = 2,
    seed: Annotated[
        int,
        typer.Option(
            "--seed",
            help=f"Base seed, {SEED.span}; same seed, same table.",
            parser=SEED,
            metavar="<int>",
        ),
    ] = 0,
    write: Annotated[
        bool, typer.Option("--write", help="Store the table for the rulebook's designer notes.")
    ] = False,
) -> None:
    """Re-measure what the rulebook prints (balance, win rates); exit 1 if a target is missed."""
    result, path = _run(lambda: api.study(game, games=games, jobs=jobs, seed=seed, write=write))
    typer.echo(result.table)
    if path is not None:
        typer.echo(f"wrote {display_path(path)}")
    if not result.ok:
        raise typer.Exit(1)


def main() -> None:
    """Entry point of the ``pnp`` script and ``python -m pnp``."""
    app(prog_name="pnp")


if __name__ == "__main__":  # pragma: no cover
    main()
