"""Fingerprints of files and of pnp's own code, cheap enough to check before every build.

A file's :class:`Stamp` is its size, modification time and sha256. Checking a
file against its stamp first compares size and ``mtime_ns`` (one ``stat``) and
hashes the file only when the time differs, so an untouched file costs no read
and a file saved with the same bytes still counts as unchanged.
"""

from __future__ import annotations

import hashlib
import os
import sys
from importlib.util import find_spec
from pathlib import Path
from typing import TypedDict

PACKAGE = Path(__file__).resolve().parents[1]
"""pnp's own package folder: its code and the data it ships."""

LIBRARIES = ("reportlab", "svglib", "pypdf", "jinja2", "markdown_it", "lxml", "PIL")
"""Libraries whose version can change a PDF's bytes: their install counts as pnp's code."""

_SKIPPED = frozenset({"__pycache__", "_data"})
"""Folders of the package that are no code: compiled files, and the bundled data (a data
root, whose files a build records one by one)."""


class Stamp(TypedDict):
    """What a file was: its size, ``mtime_ns`` and sha256 (hex)."""

    size: int
    mtime_ns: int
    sha256: str


def file_sha256(path: str | Path) -> str:
    """The sha256 (hex) of a file's bytes."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def stamp(path: str | Path, sha256: str | None = None) -> Stamp | None:
    """The stamp of ``path`` now (``sha256`` if the caller already knows it), or ``None``
    when there is no such file."""
    try:
        info = os.stat(path)
        digest = sha256 or file_sha256(path)
    except OSError:
        return None
    return Stamp(size=info.st_size, mtime_ns=info.st_mtime_ns, sha256=digest)


def matches(path: str | Path, was: Stamp) -> Stamp | None:
    """``path``'s stamp if it still holds ``was``'s bytes (a refreshed ``mtime_ns`` where only
    the time changed), else ``None``."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    if info.st_size != was["size"]:
        return None
    if info.st_mtime_ns == was["mtime_ns"]:
        return was
    try:
        same = file_sha256(path) == was["sha256"]
    except OSError:
        return None
    return (
        Stamp(size=info.st_size, mtime_ns=info.st_mtime_ns, sha256=was["sha256"]) if same else None
    )


def code_fingerprint() -> str:
    """One hash of pnp's code (every file of the package but the bundled data), the Python
    version and where each library that shapes the output is installed (and when)."""
    digest = hashlib.sha256(sys.version.encode())
    for folder, dirs, names in os.walk(PACKAGE):
        dirs[:] = sorted(d for d in dirs if d not in _SKIPPED)
        for name in sorted(names):
            path = os.path.join(folder, name)
            digest.update(os.path.relpath(path, PACKAGE).encode() + b"\0")
            with open(path, "rb") as handle:
                digest.update(hashlib.sha256(handle.read()).digest())
    for library in LIBRARIES:
        digest.update(_library_stamp(library).encode() + b"\0")
    return digest.hexdigest()


def _library_stamp(name: str) -> str:
    """Where library ``name`` is installed and its files' time, without importing it."""
    try:
        spec = find_spec(name)
    except (ImportError, ValueError):
        spec = None
    if spec is None or spec.origin is None:
        return f"{name}: none"
    info = os.stat(spec.origin)
    return f"{name}: {spec.origin} {info.st_size} {info.st_mtime_ns}"
