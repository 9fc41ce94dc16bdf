"""What the command line shows while it works: a progress display on stderr, colour if allowed.

Colour is off when ``NO_COLOR`` is set (https://no-color.org) or stderr is not a
terminal; the progress display is off when stderr is not a terminal (``--quiet`` opens none).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)

ProgressUpdate = Callable[[str, int, int], None]
"""Called with (task description, steps done, steps total)."""


def stderr_console(force_terminal: bool | None = None) -> Console:
    """The console on stderr; without colour when ``NO_COLOR`` is set to anything but ""."""
    return Console(
        stderr=True,
        no_color=os.environ.get("NO_COLOR", "") != "",
        force_terminal=force_terminal,
    )


@contextmanager
def progress_display(console: Console) -> Iterator[ProgressUpdate]:
    """A progress display with one bar per task (tasks appear in the order first reported).

    Shown only on a terminal; the callback works either way.
    """
    tasks: dict[str, TaskID] = {}
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=False,
        disable=not console.is_terminal,
    ) as bar:

        def update(task: str, done: int, total: int) -> None:
            if task not in tasks:
                tasks[task] = bar.add_task(task, total=total)
            bar.update(tasks[task], completed=done, total=total)

        yield update
