"""``pnp preview`` and ``pnp export``: pictures and exports made from a kit.

No ``from __future__ import annotations`` here: typer reads each command's parameters from
its annotations, and annotations kept as text it must evaluate again on every run.
"""

from typing import TYPE_CHECKING, Annotated

import typer

from pnp import api
from pnp.base.ink import Ink
from pnp.cli.options import (
    BacksOption,
    GameArgument,
    LangOption,
    OutOption,
    PaperOption,
    PrinterOption,
    QuietOption,
    VariantOption,
)

if TYPE_CHECKING:
    from pnp.api import ExportResult
from pnp.cli.app import app, chosen_settings, progress_shown, run_safely


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
    chosen = chosen_settings(paper, backs, None, out_dir, lang)
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
        with progress_shown(quiet) as progress:
            result = api.preview(game, choice, progress)
        if not quiet:
            _report_export(result)

    run_safely(run)


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
        with progress_shown(quiet) as progress:
            results = api.export(game, choice, request, progress)
        for result in results:
            for note in result.notes:  # what was left out, text near a shop's cut
                typer.echo(note if note.startswith("warning:") else f"note: {note}", err=True)
            if not quiet:
                _report_export(result)

    run_safely(run)
