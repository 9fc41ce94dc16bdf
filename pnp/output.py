"""Write a build's files atomically: all are rendered first, then each is renamed into place.

A build that fails while rendering never touches the output folder; a file is
never visible half-written, because it is written beside its target and renamed.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path

from pnp.errors import PnpError


def commit_files(folder: Path, files: Mapping[str, bytes]) -> list[Path]:
    """Write every file of ``files`` (name -> bytes) into ``folder``; return their paths."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise PnpError.single(f"cannot create the output folder: {exc.strerror}", folder) from None
    staged: list[tuple[Path, Path]] = []
    try:
        for name, data in files.items():
            target = folder / name
            temp = folder / f".{name}.partial-{os.getpid()}"
            with open(temp, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            staged.append((temp, target))
        for temp, target in staged:
            os.replace(temp, target)
    except OSError as exc:
        for temp, _ in staged:
            with contextlib.suppress(OSError):
                temp.unlink()
        raise PnpError.single(f"cannot write output: {exc.strerror}", folder) from None
    return [target for _, target in staged]


def write_text_atomic(path: Path, text: str) -> None:
    """Write a UTF-8 text file (``\n`` line ends) beside its target, then rename it into place."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".partial")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
        os.chmod(temp, 0o644)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
