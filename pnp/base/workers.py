"""Run tasks in forked worker processes, their progress reported to the parent.

A forked child starts with everything the parent has loaded (the libraries, the
game's tables), so a task costs no import and no pickling of its input; only its
result travels back, pickled, through a queue that also carries each progress
report. The parent calls the progress callback itself: a display in the parent
keeps working.
"""

from __future__ import annotations

import multiprocessing
import pickle
import queue as queues
from collections.abc import Callable, Sequence
from multiprocessing.context import ForkProcess
from multiprocessing.queues import Queue
from typing import Any, TypeVar

R = TypeVar("R")

Report = Callable[[str, int, int], None]
"""A progress callback: (task description, steps done, steps total)."""

Task = Callable[[Report | None], R]
"""A task: called with the progress callback it reports to (``None``: nobody listens)."""

_POLL_S = 0.5
"""How often the parent checks that no worker died without a word."""


class WorkerDied(RuntimeError):
    """A worker process ended without handing back its result (killed, out of memory)."""


def run_forked(tasks: Sequence[Task[R]], jobs: int, report: Report | None = None) -> list[R]:
    """Each task's result, in order; at most ``jobs`` forked workers run at a time.

    The first task to fail stops the others and its exception is raised in the parent.
    """
    context = multiprocessing.get_context("fork")
    channel: Queue[tuple[str, int, Any]] = context.Queue()
    waiting = list(range(len(tasks)))
    running: dict[int, ForkProcess] = {}
    results: dict[int, R] = {}
    try:
        while waiting or running:
            while waiting and len(running) < max(1, jobs):
                index = waiting.pop(0)
                worker = context.Process(
                    target=_work, args=(tasks[index], index, channel, report is not None)
                )
                worker.start()
                running[index] = worker
            try:
                kind, index, payload = channel.get(timeout=_POLL_S)
            except queues.Empty:
                _check_alive(running)
                continue
            if kind == "progress":
                if report is not None:
                    report(*payload)
            elif kind == "done":
                results[index] = payload
                running.pop(index).join()
            else:
                raise _rebuilt(payload)
    finally:
        for worker in running.values():
            worker.terminate()
            worker.join()
        channel.close()
    return [results[index] for index in range(len(tasks))]


def _check_alive(running: dict[int, ForkProcess]) -> None:
    for index, worker in running.items():
        if worker.exitcode is not None:
            raise WorkerDied(f"worker {index} ended with exit code {worker.exitcode}")


def _work(task: Task[R], index: int, channel: Queue[tuple[str, int, Any]], listen: bool) -> None:
    """The worker's side: run ``task``, send back its result or its exception."""

    def report(name: str, done: int, total: int) -> None:
        channel.put(("progress", index, (name, done, total)))

    try:
        result = task(report if listen else None)
    except BaseException as exc:  # the parent raises it: any failure, as it is
        channel.put(("error", index, _portable(exc)))
    else:
        channel.put(("done", index, result))
    channel.close()
    channel.join_thread()


Portable = tuple[type[BaseException], tuple[Any, ...], dict[str, Any]]
"""An exception as its class, ``args`` and attributes: rebuilt without calling ``__init__``
(which may take other arguments than ``args``)."""


def _portable(exc: BaseException) -> Portable:
    """``exc`` in a form that survives pickling, else a plain error with its text."""
    found: Portable = (type(exc), exc.args, dict(vars(exc)))
    try:
        pickle.loads(pickle.dumps(found))
    except Exception:
        return (RuntimeError, (f"{type(exc).__name__}: {exc}",), {})
    return found


def _rebuilt(portable: Portable) -> BaseException:
    kind, args, state = portable
    error = kind.__new__(kind)
    error.args = args
    vars(error).update(state)
    return error
