"""Which files a piece of work read: the reads recorder behind incremental builds.

Inside ``with recording() as reads:`` every file the process opens for reading
is added to ``reads`` (a set of absolute paths), through a Python audit hook on
the ``open`` event: the spec and TOML loaders, layouts, rulebook templates, prose
data, pinned example records and fonts all read through ``open``, so none of them
needs to know it is being recorded. A reader that opens files outside Python
(a C library parsing a path) or answers from a cache calls :func:`record`
itself. Recordings nest: a read is added to every recording that is open.
Inside ``with unrecorded():`` nothing is recorded: for a check whose files
another part of the work reads and records anyway.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

_open: list[set[str]] = []
"""The recordings open now, innermost last."""

_paused = 0
"""How many ``unrecorded()`` blocks are open now."""

_hooked = False
"""Whether the audit hook is installed (once per process; audit hooks cannot be removed)."""

_WRITING = frozenset("wax+")
"""Mode letters of an ``open`` that writes: not a read."""


def _audit(event: str, args: tuple[object, ...]) -> None:
    # Called for every audited event of the process: keep the common case one comparison.
    if event != "open" or not _open or _paused:
        return
    path, mode, flags = args
    if not isinstance(path, str | Path):
        return  # a file descriptor or bytes: not a data file pnp names
    if isinstance(mode, str) and _WRITING & set(mode):
        return
    if mode is None and isinstance(flags, int) and flags & (os.O_WRONLY | os.O_RDWR):
        return  # os.open
    name = os.path.abspath(path)
    for reads in _open:
        reads.add(name)


def record(path: str | Path) -> None:
    """Add ``path`` to every open recording (for reads the audit hook does not see)."""
    if _open and not _paused:
        name = os.path.abspath(path)
        for reads in _open:
            reads.add(name)


@contextmanager
def recording() -> Iterator[set[str]]:
    """Record the absolute paths of the files read inside the ``with`` block."""
    global _hooked
    if not _hooked:
        sys.addaudithook(_audit)
        _hooked = True
    reads: set[str] = set()
    _open.append(reads)
    try:
        yield reads
    finally:
        _open.remove(reads)


@contextmanager
def unrecorded() -> Iterator[None]:
    """Record none of the files read inside the ``with`` block.

    For a check made while loading whose files some later part of the work reads (and so
    records) in full: a change to them reruns that part, and the load with it.
    """
    global _paused
    _paused += 1
    try:
        yield
    finally:
        _paused -= 1
