"""``pnp studio``: the local web studio, a second front end over the same API.

No ``from __future__ import annotations`` here: typer reads each command's parameters from
its annotations.
"""

from typing import Annotated

import typer

from pnp.base.paths import use_project
from pnp.cli.app import app, run_safely
from pnp.cli.options import OutOption, ProjectOption, WholeNumber

PORT = WholeNumber(1024, 65535)


@app.command("studio")
def studio_command(
    port: Annotated[
        int,
        typer.Option(
            "--port", help=f"The port to serve on, {PORT.span}.", parser=PORT, metavar="<int>"
        ),
    ] = 8470,
    open_browser: Annotated[
        bool, typer.Option("--open", help="Open the studio in the web browser.")
    ] = False,
    host: Annotated[
        str,
        typer.Option(
            "--host",
            help="The address to listen on (default 127.0.0.1, this machine only).",
            metavar="ADDRESS",
        ),
    ] = "127.0.0.1",
    out_dir: OutOption = None,
    project: ProjectOption = None,
) -> None:
    """Serve the web studio on this machine: choose a kit, watch it build, see and download it."""
    from pnp.studio.server import LOCAL, serve  # only when serving

    if project is not None:  # here as well as before the command: the studio is a project's
        use_project(project)

    if host != LOCAL:
        typer.echo(
            f"warning: --host {host} lets other machines reach the studio and its kits", err=True
        )
    run_safely(
        lambda: serve(port, host=host, out=out_dir, open_browser=open_browser, say=typer.echo)
    )
