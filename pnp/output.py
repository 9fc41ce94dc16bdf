"""Write a build's files atomically.

A build renders everything first, so one that fails while rendering never touches
the output folder. A kit is then replaced as a whole (:func:`commit_kit`): written
into a hidden folder beside the kit and swapped in, under a lock per kit folder
(:func:`kit_lock`). Single files (the calibration sheet) are written beside their
target and renamed (:func:`commit_files`).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path

from pnp.errors import PnpError

if sys.platform == "win32":  # pragma: no cover
    import msvcrt
else:
    import fcntl


def commit_files(folder: Path, files: Mapping[str, bytes]) -> list[Path]:
    """Write every file of ``files`` (name -> bytes) into ``folder``; return their paths."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise PnpError.single(f"cannot create the output folder: {exc.strerror}", folder) from None
    staged: list[tuple[Path, Path]] = []
    try:
        for name, data in files.items():
            temp = folder / f".{name}.partial-{os.getpid()}"
            staged.append((temp, folder / name))  # before writing: a failed write is removed too
            _write_synced(temp, data)
        for temp, target in staged:
            os.replace(temp, target)
    except BaseException as exc:
        for temp, _ in staged:
            with contextlib.suppress(OSError):
                temp.unlink(missing_ok=True)
        if isinstance(exc, OSError):
            raise PnpError.single(f"cannot write output: {exc.strerror}", folder) from None
        raise
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


KitWriter = Callable[[Path], None]
"""Writes a last file into the staged kit folder, after its other files (the build record)."""


def commit_kit(
    folder: Path,
    files: Mapping[str, bytes],
    keep: Iterable[str] = (),
    finish: KitWriter | None = None,
    carry_over: bool = True,
) -> list[Path]:
    """Replace kit ``folder`` as a whole: its new ``files``, the ``keep`` files of the kit
    already there, and what ``finish`` writes; return the paths of ``files`` and ``keep``.

    The new kit is written into a hidden folder beside ``folder`` and swapped in with two
    renames. After any failure, even a killed process, the folder holds the whole earlier
    kit or the whole new one: :func:`recover_kit` (which runs first) puts the earlier kit
    back if a swap was cut short, and removes what a cut-off build left behind. Files in
    ``folder`` that are not kit files (a user's notes, export folders) move over to the new
    kit, unless ``carry_over`` is false (an export folder is all its own files).
    """
    parent = folder.parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise PnpError.single(f"cannot create the output folder: {exc.strerror}", parent) from None
    recover_kit(folder)
    staging = parent / f".{folder.name}{_STAGING}{os.getpid()}"
    kept = list(keep)
    try:
        staging.mkdir()
        for name, data in files.items():
            _write_synced(staging / name, data)
        for name in kept:
            _link_or_copy(folder / name, staging / name)
        if finish is not None:
            finish(staging)
        if carry_over:
            _carry_over_others(folder, staging, set(files) | set(kept))
        _sync_folder(staging)
        _swap(folder, staging)
    except OSError as exc:
        shutil.rmtree(staging, ignore_errors=True)
        raise PnpError.single(f"cannot write output: {exc.strerror or exc}", folder) from None
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return [folder / name for name in (*files, *kept)]


_STAGING = ".new-"
_RETIRED = ".old-"


def recover_kit(folder: Path) -> None:
    """Finish or undo what a build of ``folder`` cut off left: a swap cut between its two
    renames gets the earlier kit back; staged and retired copies are removed."""
    parent = folder.parent
    prefix = f".{folder.name}"
    if not parent.is_dir():
        return
    for entry in sorted(parent.iterdir()):
        name = entry.name
        if name.startswith(prefix + _RETIRED) and entry.is_dir():
            if not folder.exists():
                os.rename(entry, folder)  # the swap stopped halfway: the earlier kit returns
            else:
                shutil.rmtree(entry, ignore_errors=True)
        elif name.startswith(prefix + _STAGING) and entry.is_dir():
            shutil.rmtree(entry, ignore_errors=True)
    if folder.is_dir():
        for stray in folder.glob(".*.partial*"):  # left by an earlier, file-by-file writer
            with contextlib.suppress(OSError):
                stray.unlink()


@contextlib.contextmanager
def kit_lock(folder: Path) -> Iterator[None]:
    """Hold the lock of kit ``folder`` for a whole build: a second build into the same output
    folder waits until the first is done, so each kit is one build's, never a mix of two.

    The lock is taken on the output folder itself (on Windows, on a hidden file in it), or
    while it does not exist yet on the nearest folder above it that does: a build leaves no
    lock file behind, and one that fails creates nothing.
    """
    parent = folder.parent
    while not parent.is_dir() and parent != parent.parent:
        parent = parent.parent
    try:
        handle = _open_lock(parent)
    except OSError as exc:
        raise PnpError.single(f"cannot open the output folder: {exc.strerror}", parent) from None
    try:
        _lock(handle)
        yield
    finally:
        os.close(handle)  # closing releases the lock


def _open_lock(parent: Path) -> int:
    if sys.platform == "win32":  # pragma: no cover - folders cannot be locked there
        return os.open(parent / ".pnp.lock", os.O_RDWR | os.O_CREAT)
    return os.open(parent, os.O_RDONLY)


def _lock(handle: int) -> None:
    if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
        while True:
            try:
                msvcrt.locking(handle, msvcrt.LK_LOCK, 1)
                return
            except OSError:  # LK_LOCK gives up after ten seconds: keep waiting
                continue
    else:
        fcntl.flock(handle, fcntl.LOCK_EX)


def _swap(folder: Path, staging: Path) -> None:
    if not folder.exists():
        os.rename(staging, folder)
        return
    retired = folder.parent / f".{folder.name}{_RETIRED}{os.getpid()}"
    os.rename(folder, retired)
    try:
        os.rename(staging, folder)  # a kill between these two renames: recover_kit undoes it
    except BaseException:
        os.rename(retired, folder)
        raise
    shutil.rmtree(retired, ignore_errors=True)


def _write_synced(path: Path, data: bytes) -> None:
    with open(path, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())


def _link_or_copy(source: Path, target: Path) -> None:
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


def _carry_over_others(folder: Path, staging: Path, kit_files: set[str]) -> None:
    """Move what is in ``folder`` but is not a kit file (a user's notes, a preview folder).

    PDF files and the manifest belong to kits: one the new kit does not have (the map
    sheet of an earlier ``--map-sheet`` build) goes with the earlier kit."""
    if not folder.is_dir():
        return
    for entry in folder.iterdir():
        name = entry.name
        if name in kit_files or name.startswith(".") or (staging / name).exists():
            continue
        if name.endswith(".pdf") or name == "manifest.json":
            continue  # a file of an earlier kit that this one does not have
        os.rename(entry, staging / name)


def _sync_folder(folder: Path) -> None:
    if sys.platform == "win32":  # pragma: no cover
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
