"""The commands of designers and proofreaders: ``new``, ``copy``, ``examples``,
``simulate``, ``calibrate``, ``golden``, ``pin`` and ``study``.

No ``from __future__ import annotations`` here: typer reads each command's parameters from
its annotations, and annotations kept as text it must evaluate again on every run.
"""

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pnp import api
from pnp.base.paths import display_path
from pnp.cli.options import (
    GAMES,
    PLAYERS,
    SEED,
    DuplexOption,
    GameArgument,
    JobsOption,
    Lang,
    LangOption,
    OutOption,
    PaperOption,
    QuietOption,
    SaveOption,
    VariantOption,
    complete_game,
    folder_option,
)

if TYPE_CHECKING:
    pass
from pnp.cli.app import app, chosen_settings, progress_shown, run_safely


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
    typer.echo(run_safely(lambda: api.new_game(game, dest)).report())


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
    typer.echo(run_safely(lambda: api.copy_game(game, to)).report())


@app.command("examples")
def examples_command(
    game: GameArgument,
    variant: VariantOption = None,
    lang: LangOption = None,
    notes: Annotated[
        bool,
        typer.Option("--notes", help="List the proofreaders' notes on the examples instead."),
    ] = False,
) -> None:
    """Print the rulebook's examples as plain text, each with the record it replays."""

    def run() -> str:
        if notes:
            api.check_names(game)
            return "".join(_note_lines(note) for note in api.notes(game))
        chosen = lang.value if lang else api.resolve_settings().lang.value
        return api.examples(game, tuple(variant or ()), chosen)

    typer.echo(run_safely(run), nl=False)


def _note_lines(note: "api.Note") -> str:
    """One note as ``example (variants) sentence N: text``, its text's lines indented."""
    where = f"sentence {note.step}" if note.step else "the whole example"
    played = "+".join(note.variants) or "base game"
    text = note.text.replace("\n", "\n    ")
    return f"{note.example} ({played}), {where}:\n    {text}\n"


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
        with progress_shown(quiet) as progress:
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

    typer.echo(run_safely(run))


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
    from pnp.base.paths import shown_path

    if save is not None:
        if paper or backs or out_dir or lang:
            typer.echo(
                "error: --save only saves the offset: leave out --paper, --backs, --lang, --out",
                err=True,
            )
            raise typer.Exit(2)
        path = run_safely(lambda: api.save_back_offset(save.pair))
        if not quiet:
            typer.echo(f"saved back offset {api.format_offset(save.pair)} mm to {shown_path(path)}")
        return

    path = run_safely(
        lambda: api.calibrate(chosen_settings(paper, None, None, out_dir, lang), backs)
    )
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
    report = run_safely(lambda: api.golden(tuple(game or ()), update=update, root=root))
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
        typer.Option(
            "--update",
            help="Search and pin the records the kits lack (a kit's own only where no "
            "smaller rule set's record holds), then remove the records no kit needs.",
        ),
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
    """Check that every kit's rulebook examples replay and hold under its rules, from records
    kept per example (a larger rule set's only where no smaller one's holds); exit 1 if not."""
    report = run_safely(
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
    for path in report.unneeded:
        if update:
            typer.echo(f"removed {display_path(path)} (no kit needs it)")
        else:
            typer.echo(
                f"{display_path(path)}: no kit needs this record, a smaller rule set's "
                "holds wherever it is shown (--update removes it)",
                err=True,
            )
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
        if report.needed or report.stray or report.unneeded:
            raise typer.Exit(1)
    typer.echo(f"{report.kits} kits: {report.held} examples hold under their rules")


@app.command("study")
def study_command(
    game: GameArgument,
    games: Annotated[
        int | None,
        typer.Option(
            "--games",
            help=f"Games per setting, {GAMES.span} (default: the study's, or the report's).",
            parser=GAMES,
            metavar="<int>",
        ),
    ] = None,
    jobs: JobsOption = 2,
    seed: Annotated[
        int,
        typer.Option(
            "--seed",
            help=f"Base seed, {SEED.span}; same seed, same table and the same report.",
            parser=SEED,
            metavar="<int>",
        ),
    ] = 0,
    write: Annotated[
        bool,
        typer.Option(
            "--write",
            help="Store the table for the rulebook's designer notes (in your project's copy "
            "of the game).",
        ),
    ] = False,
    force: Annotated[
        bool,
        typer.Option("--force", help="With --write: replace a table measured from more games."),
    ] = False,
    report: Annotated[
        bool,
        typer.Option(
            "--report",
            help="Write the balance report OUT/GAME/balans.pdf: who wins, how long, what each "
            "variant and policy changes, the designer notes' checks.",
        ),
    ] = False,
    variant: Annotated[
        list[str] | None,
        typer.Option("--variant", help="With --report: a variant to compare (default: all)."),
    ] = None,
    players: Annotated[
        list[int] | None,
        typer.Option(
            "--players",
            help=f"With --report: a player count, {PLAYERS.span} (default: all).",
            parser=PLAYERS,
            metavar="<int>",
        ),
    ] = None,
    policy: Annotated[
        list[str] | None,
        typer.Option("--policy", help="With --report: a policy to compare (default: all)."),
    ] = None,
    lang: LangOption = None,
    out_dir: OutOption = None,
    quiet: QuietOption = False,
) -> None:
    """Re-measure what the rulebook prints (exit 1 if a target is missed), or with --report
    write a balance report a designer can act on."""
    if report:
        _report(game, games, jobs, seed, variant, players, policy, lang, out_dir, quiet)
        if not write:
            return
    elif variant or players or policy:
        typer.echo("error: --variant, --players and --policy go with --report", err=True)
        raise typer.Exit(2)
    result, path = run_safely(
        lambda: api.study(game, games=games, jobs=jobs, seed=seed, write=write, force=force)
    )
    typer.echo(result.table)
    if path is not None and not quiet:
        typer.echo(f"wrote {display_path(path)}")
    if not result.ok:
        raise typer.Exit(1)


def _report(
    game: str,
    games: int | None,
    jobs: int,
    seed: int,
    variants: list[str] | None,
    players: list[int] | None,
    policies: list[str] | None,
    lang: Lang | None,
    out_dir: Path | None,
    quiet: bool,
) -> None:
    """``pnp study GAME --report``: play the report's games with a progress bar, write it."""

    def run() -> "api.MadeReport":
        settings = api.resolve_settings(out=out_dir, lang=lang.value if lang else None)
        with progress_shown(quiet) as progress:
            return api.balance_report(
                game,
                variants=tuple(variants or ()),
                players=tuple(players or ()),
                games=games,
                seed=seed,
                jobs=jobs,
                policies=tuple(policies or ()),
                lang=settings.lang.value,
                out=settings.out.value,
                progress=lambda done, total: progress(f"{game}: games", done, total),
            )

    made = run_safely(run)
    if not quiet:
        typer.echo(
            f"wrote {display_path(made.path)} ({made.games} games in {made.seconds:.0f} s, "
            f"{len(made.report.findings)} findings)"
        )
