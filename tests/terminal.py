"""Running pnp on a pseudo-terminal, as a person in a shell does."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

TERMINAL_SETTINGS = ("NO_COLOR", "FORCE_COLOR", "COLORTERM", "TTY_COMPATIBLE", "TTY_INTERACTIVE")
"""Variables that would change what rich draws on a terminal: left out of a run's env."""


def on_a_terminal(
    args: Sequence[str], *, stdout_too: bool = False, cwd: Path | None = None, **env: str
) -> tuple[int, str, bytes]:
    """Run ``python -m pnp ARGS`` with stderr (and with ``stdout_too`` stdin and stdout) on a
    pseudo-terminal: (exit status, piped stdout, the bytes the terminal received)."""
    master, slave = pty.openpty()
    clean = {key: value for key, value in os.environ.items() if key not in TERMINAL_SETTINGS}
    with subprocess.Popen(
        [sys.executable, "-m", "pnp", *args],
        stdin=slave if stdout_too else subprocess.DEVNULL,
        stdout=slave if stdout_too else subprocess.PIPE,
        stderr=slave,
        cwd=cwd,
        env={**clean, "TERM": "xterm-256color", "COLUMNS": "100", **env},
    ) as process:
        os.close(slave)
        chunks = []
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the terminal closed with the program
                break
            if not chunk:
                break
            chunks.append(chunk)
        stdout = process.stdout.read().decode() if process.stdout is not None else ""
    os.close(master)
    return process.returncode, stdout, b"".join(chunks)
