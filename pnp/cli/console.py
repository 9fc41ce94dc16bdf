"""What the command line shows while it works: a progress display on stderr, colour if allowed.

Colour is off when ``NO_COLOR`` is set (https://no-color.org) or stderr is not a
terminal; the progress display is off when stderr is not a terminal (``--quiet`` opens none).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TextIO

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


class ProgressDisplay:
    """The bars on stderr, and the lines a command prints while they show.

    Called like a :data:`ProgressUpdate`. A line for the terminal goes through
    :meth:`say`: while the bars are on the terminal it is printed above them, as rich
    redraws them, instead of being written past them (which leaves a bar's line run on
    into the text and the bars drawn again further down). Piped output is written as it is.
    """

    def __init__(self, bar: Progress | None) -> None:
        self._bar = bar
        self._tasks: dict[str, TaskID] = {}

    def __call__(self, task: str, done: int, total: int) -> None:
        if self._bar is None:
            return
        if task not in self._tasks:
            self._tasks[task] = self._bar.add_task(task, total=total)
        self._bar.update(self._tasks[task], completed=done, total=total)

    def say(self, line: str, err: bool = False) -> None:
        """Print ``line`` on stdout (stderr with ``err``), above the bars while they show."""
        stream = sys.stderr if err else sys.stdout
        if self._bar is not None and self._bar.live.is_started and _is_terminal(stream):
            self._bar.console.print(
                line, markup=False, highlight=False, emoji=False, soft_wrap=True
            )
        else:
            print(line, file=stream, flush=True)

    def forget(self, prefix: str) -> None:
        """Take the bars of tasks starting with ``prefix`` off the display (a finished game's)."""
        if self._bar is None:
            return
        self._bar.refresh()  # the finished bars are drawn once, however fast they filled
        for task in [t for t in self._tasks if t.startswith(prefix)]:
            self._bar.remove_task(self._tasks.pop(task))


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # replaced or closed
        return False


@contextmanager
def progress_display(console: Console | None) -> Iterator[ProgressDisplay]:
    """A progress display with one bar per task (tasks appear in the order first reported).

    Shown only on a terminal (and never without a ``console``); the display works either way.
    """
    if console is None or not console.is_terminal:
        yield ProgressDisplay(None)
        return
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=False,
        # Lines printed meanwhile go through ProgressDisplay.say; rich's own redirection
        # would send stdout to stderr when stdout is piped.
        redirect_stdout=False,
        redirect_stderr=False,
    ) as bar:
        yield ProgressDisplay(bar)
