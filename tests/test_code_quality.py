"""The code stays typed, linted and formatted: CI fails otherwise."""

from __future__ import annotations

import subprocess
import sys

import pytest

from pnp.base.paths import project_root


@pytest.mark.parametrize(
    "command",
    [
        ["ruff", "check", "pnp", "tests", "bench"],
        ["ruff", "format", "--check", "pnp", "tests", "bench"],
        ["mypy"],
    ],
    ids=["ruff-check", "ruff-format", "mypy"],
)
def test_tool_passes(command: list[str]) -> None:
    done = subprocess.run(
        [sys.executable, "-m", *command],
        cwd=project_root(),
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
