"""The command line: parses arguments and calls the library API (``pnp.build`` and friends)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Annotated, TypeVar

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)

from pnp.build import BuildOptions, build
from pnp.calibrate import write_calibration
from pnp.catalogue import describe_games
from pnp.check import check_game
from pnp.errors import PnpError
from pnp.examples import examples_text
from pnp.maintenance import golden, pin, study
from pnp.paths import ROOT_ENV, display_path, use_project
from pnp.sheets.imposition import BackMode
from pnp.simulation import simulate_game
from pnp.spec.sizes import PAPERS

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Print-and-play kits for Dutch holiday games.",
    pretty_exceptions_enable=False,
)
err = Console(stderr=True)
T = TypeVar("T")

PaperOption = Annotated[str, typer.Option("--paper", help=f"Paper size: {', '.join(PAPERS)}.")]
OutOption = Annotated[Path, typer.Option("--out", help="Folder for the results.")]


def _run(action: Callable[[], T]) -> T:
    """Run ``action``; a user error becomes one line per problem and exit status 2."""
    try:
        return action()
    except PnpError as exc:
        for problem in exc.problems:
            typer.echo(f"error: {problem}", err=True)
        raise typer.Exit(2) from None
    except KeyboardInterrupt:
        typer.echo("interrupted; nothing was written", err=True)
        raise typer.Exit(130) from None


def _parse_offset(text: str) -> tuple[float, float]:
    try:
        x_text, y_text = text.split(",")
        return (float(x_text), float(y_text))
    except ValueError:
        raise PnpError.single(
            f"--back-offset must be X,Y in mm (e.g. 1.5,-0.5), not {text!r}"
        ) from None


@contextmanager
def _progress() -> Iterator[Callable[[str, int, int], None]]:
    tasks: dict[str, TaskID] = {}
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        transient=False,
        disable=not err.is_terminal,
    ) as bar:

        def update(task: str, done: int, total: int) -> None:
            if task not in tasks:
                tasks[task] = bar.add_task(task, total=total)
            bar.update(tasks[task], completed=done, total=total)

        yield update


def _print_version(value: bool) -> None:
    if value:
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
    typer.echo(_run(describe_games))


@app.command("check")
def check_command(game: Annotated[str, typer.Argument(help="Game id, e.g. twaalf-dagen.")]) -> None:
    """Validate a game's spec tables and layouts (exit 2 with one line per problem)."""
    summary = _run(lambda: check_game(game))
    typer.echo(summary)


@app.command("build")
def build_command(
    game: Annotated[str, typer.Argument(help="Game id, e.g. twaalf-dagen.")],
    variant: Annotated[
        list[str] | None, typer.Option("--variant", help="Variant id (repeatable).")
    ] = None,
    paper: PaperOption = "a4",
    backs: Annotated[
        BackMode, typer.Option("--backs", help="How to print card backs.")
    ] = BackMode.LONG_EDGE,
    back_offset: Annotated[
        str, typer.Option("--back-offset", help="Shift back pages by X,Y mm (see 'pnp calibrate').")
    ] = "0,0",
    cut_lines: Annotated[
        bool, typer.Option("--cut-lines", help="Draw cut lines across the sheet.")
    ] = False,
    map_sheet: Annotated[
        bool,
        typer.Option("--map-sheet", help="Also print the whole map as one board (tile games)."),
    ] = False,
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed of the --map-sheet setup (default 0).")
    ] = None,
    proof: Annotated[
        bool,
        typer.Option(
            "--proof",
            help="Also write spelregels-proef.pdf: rule IDs, example sources and claims shown.",
        ),
    ] = False,
    out_dir: OutOption = Path("output"),
) -> None:
    """Write the print-ready kit of GAME to OUT/GAME/."""

    def run() -> None:
        options = BuildOptions(
            paper, backs, _parse_offset(back_offset), cut_lines, out_dir, map_sheet, seed, proof
        )
        with _progress() as progress:
            result = build(game, tuple(variant or ()), options, progress)
        chosen = ", ".join(result.variants) or "base game"
        typer.echo(f"{result.game} ({chosen}) -> {result.folder}")
        for path in result.files:
            typer.echo(f"  wrote {path} ({path.stat().st_size:,} bytes)")

    _run(run)


@app.command("examples")
def examples_command(
    game: Annotated[str, typer.Argument(help="Game id, e.g. twaalf-dagen.")],
    variant: Annotated[
        list[str] | None, typer.Option("--variant", help="Variant id (repeatable).")
    ] = None,
) -> None:
    """Print the rulebook's examples as plain text, each with the record it replays."""
    typer.echo(_run(lambda: examples_text(game, tuple(variant or ()))), nl=False)


@app.command("simulate")
def simulate_command(
    game: Annotated[str, typer.Argument(help="Game id, e.g. twaalf-dagen.")],
    players: Annotated[int, typer.Option("--players", help="Number of players.")] = 4,
    games: Annotated[int, typer.Option("--games", help="Number of games to play.")] = 1000,
    seed: Annotated[int, typer.Option("--seed", help="Base seed; same seed, same summary.")] = 0,
    variant: Annotated[
        list[str] | None, typer.Option("--variant", help="Variant id (repeatable).")
    ] = None,
    jobs: Annotated[int, typer.Option("--jobs", help="Worker processes.")] = 1,
    policy: Annotated[
        list[str] | None,
        typer.Option("--policy", help="Policy per seat (random, heuristic); one name for all."),
    ] = None,
) -> None:
    """Play seeded games with the bundled policies and print a summary."""

    def run() -> str:
        with _progress() as progress:
            summary = simulate_game(
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
    paper: PaperOption = "a4",
    backs: Annotated[
        BackMode, typer.Option("--backs", help="long-edge or short-edge.")
    ] = BackMode.LONG_EDGE,
    out_dir: OutOption = Path("output"),
) -> None:
    """Write the duplex calibration sheet that tells which --back-offset a printer needs."""
    path = _run(lambda: write_calibration(paper, backs, out_dir))
    typer.echo(f"wrote {path}")


@app.command("golden")
def golden_command(
    game: Annotated[
        list[str] | None, typer.Argument(help="Game ids (default: every game).")
    ] = None,
    update: Annotated[
        bool, typer.Option("--update", help="Rewrite the golden files from fresh games.")
    ] = False,
    root: Annotated[
        Path | None, typer.Option("--root", help="Golden folder (default: tests/golden).")
    ] = None,
) -> None:
    """Check the golden playthroughs against the engines (exit 1 on a difference)."""
    report = _run(lambda: golden(tuple(game or ()), update=update, root=root))
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
    game: Annotated[str, typer.Argument(help="Game id, e.g. twaalf-dagen.")],
    update: Annotated[
        bool, typer.Option("--update", help="Rewrite the pinned example files.")
    ] = False,
) -> None:
    """Search seeded games for the rulebook examples again; exit 1 if a pinned file is stale."""
    report = _run(lambda: pin(game, update=update, report=lambda line: typer.echo(line, err=True)))
    for path in report.written:
        typer.echo(f"wrote {display_path(path)}")
    for path in report.stale:
        typer.echo(
            f"{display_path(path)}: differs from a fresh search (rewrite with --update)", err=True
        )
    if report.stale:
        raise typer.Exit(1)
    if not update:
        typer.echo("pinned examples match a fresh search")


@app.command("study")
def study_command(
    game: Annotated[str, typer.Argument(help="Game id, e.g. sinterklaas.")],
    games: Annotated[
        int | None, typer.Option("--games", help="Games per setting (default: the study's).")
    ] = None,
    jobs: Annotated[int, typer.Option("--jobs", help="Worker processes.")] = 2,
    seed: Annotated[int, typer.Option("--seed", help="Base seed; same seed, same table.")] = 0,
    write: Annotated[
        bool, typer.Option("--write", help="Store the table for the rulebook's designer notes.")
    ] = False,
) -> None:
    """Re-measure what the rulebook prints (balance, win rates); exit 1 if a target is missed."""
    result, path = _run(lambda: study(game, games=games, jobs=jobs, seed=seed, write=write))
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
