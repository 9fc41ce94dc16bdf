"""The command line run inside the test's own process, answering like ``python -m pnp``.

A fresh Python process costs the suite half a second or more before pnp does anything; a test
about what a command does (its exit status, its output and error lines, the files it writes)
runs it here with typer's ``CliRunner``. Tests about the process itself (``python -m pnp``,
the imports a fresh process makes, a terminal, a killed build) still start one.
"""

from __future__ import annotations

from dataclasses import dataclass

from typer.testing import CliRunner

from pnp.cli import app


@dataclass(frozen=True)
class Ran:
    """A finished command: what ``subprocess.run`` would report of ``python -m pnp``."""

    returncode: int
    stdout: str
    stderr: str


def run_pnp(*args: str, **env: str) -> Ran:
    """``pnp ARGS`` in this process, with ``env`` added to the environment while it runs.

    An exception that escapes the command is raised here: in a process of its own it would have
    been a traceback and exit 1, which no test accepts.
    """
    result = CliRunner().invoke(app, list(args), env=env or None, prog_name="pnp")
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return Ran(result.exit_code, result.stdout, result.stderr)
