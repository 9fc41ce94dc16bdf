"""``pnp build``: a kit, of one game or of all of them.

No ``from __future__ import annotations`` here: typer reads each command's parameters from
its annotations, and annotations kept as text it must evaluate again on every run.
"""

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pnp import api
from pnp.base.errors import PnpError
from pnp.base.ink import Ink
from pnp.cli.options import (
    ALL_GAMES,
    JOBS,
    SEED,
    BackOffsetOption,
    BacksOption,
    BuildTargetArgument,
    InkOption,
    LangOption,
    OutOption,
    PaperOption,
    QuietOption,
    VariantOption,
)

if TYPE_CHECKING:
    from pnp.api import BuildOptions, BuildResult, BuildSettings
from pnp.cli.app import app, chosen_settings, note_project_copy, progress_shown, run_safely


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
        chosen = chosen_settings(paper, backs, back_offset, out_dir, lang)
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
            note_project_copy(game, typer.echo, api.project_copy(game))
        if watch:
            return api.watch(game, variants, options, typer.echo, jobs=jobs)
        if result is None:
            with progress_shown(quiet) as progress:
                result = api.build(game, variants, options, progress, force=force, jobs=jobs)
        if not quiet:
            _report(result)

    run_safely(run)


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

    with progress_shown(quiet) as progress:

        def started(game_id: str, copy: Path | None) -> None:
            if not quiet:
                note_project_copy(game_id, progress.say, copy)

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
