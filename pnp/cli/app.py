"""The ``pnp`` application: its options, the guard every command runs in (one line per
user error, exit status 2), the settings and progress display the commands share, and the
small commands ``list`` and ``check``.

No ``from __future__ import annotations`` here: typer reads each command's parameters from
its annotations, and annotations kept as text it must evaluate again on every run.
"""

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TypeVar

import typer

from pnp import api
from pnp.base.errors import PnpError
from pnp.base.paths import DataRootError, display_path, use_project
from pnp.cli.options import (
    BackOffsetOption,
    BacksOption,
    GameArgument,
    LangOption,
    OneLineErrors,
    OutOption,
    PaperOption,
    ProjectOption,
)

if TYPE_CHECKING:
    from pnp.api import BuildSettings
    from pnp.cli.console import ProgressDisplay

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


def run_safely(action: Callable[[], T]) -> T:
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
    project: ProjectOption = None,
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
    typer.echo(run_safely(api.catalogue))


@app.command("check")
def check_command(game: GameArgument) -> None:
    """Validate a game's spec tables and layouts (exit 2 with one line per problem)."""
    typer.echo(run_safely(lambda: api.check(game)))


def note_project_copy(game_id: str, say: Callable[[str], None], folder: Path | None) -> None:
    """Say so when the project's copy of a game is built instead of pnp's own."""
    if folder is not None:
        say(f"{game_id}: the project's copy, {display_path(folder)}/ (not pnp's own)")


@contextmanager
def progress_shown(quiet: bool) -> Iterator["ProgressDisplay"]:
    """The progress display on stderr; with ``quiet`` one that shows nothing, and rich
    (a few MiB) is not imported."""
    from pnp.cli.console import progress_display

    if quiet:
        with progress_display(None) as silent:
            yield silent
        return
    from pnp.cli.console import stderr_console

    with progress_display(stderr_console()) as progress:
        yield progress


def chosen_settings(
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
