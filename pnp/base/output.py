"""Write a build's files atomically.

A build renders everything first, so one that fails while rendering never touches
the output folder. A kit is then replaced as a whole (:func:`commit_kit`): written
into a hidden folder beside the kit and swapped in, under a lock per kit folder
(:func:`kit_lock`), which also finishes or undoes what a cut-off build left
(:func:`recover_kit`). Single files (the calibration sheet) are written beside their
target and renamed (:func:`commit_files`).

pnp replaces only folders it made (:func:`check_own_folder`): a link, a file, or a folder
without pnp's record at a kit's (or an export's) path is refused and left as it is.

Test hook: when the environment variable ``PNP_TEST_PAUSE_AT`` names one of
:data:`CHECKPOINTS`, a commit that reaches that step touches the file named by
``PNP_TEST_PAUSE_FILE`` (if set) and sleeps until it is killed, so that a test can kill a
real build at each step of the commit. Without the variable a checkpoint is one lookup.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import stat
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path

from pnp.base.errors import PnpError
from pnp.base.paths import display_path

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

CHECKPOINTS = ("staged", "carrying", "carried", "retired", "swapped")
"""The steps of :func:`commit_kit` a test can pause at: the new files are staged; the first
entry of the kit folder is carried over; all are; the earlier kit is renamed aside; the new
kit is in place (the earlier one not yet removed)."""

PAUSE_AT = "PNP_TEST_PAUSE_AT"
PAUSE_FILE = "PNP_TEST_PAUSE_FILE"


def checkpoint(step: str) -> None:
    """Test hook: pause for good at ``step`` when ``PNP_TEST_PAUSE_AT`` names it."""
    if os.environ.get(PAUSE_AT) != step:
        return
    signal_file = os.environ.get(PAUSE_FILE)
    if signal_file:
        Path(signal_file).touch()
    while True:  # until killed; an interrupt raises here, as it would in the real step
        time.sleep(3600)


def check_own_folder(folder: Path, record: str | None) -> None:
    """Refuse to replace ``folder`` unless pnp made it: it is absent, empty, or a folder
    holding pnp's ``record`` file (with ``record`` None: any folder, for a kit an export
    only reads). A link, a file or someone else's folder is left as it is (one located
    error), so that nothing outside the output folder is ever read or touched through it."""
    try:
        info = os.lstat(folder)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise PnpError.single(f"cannot read the output folder: {exc.strerror}", folder) from None
    if stat.S_ISLNK(info.st_mode):
        raise _refused(folder, "is a link")
    if not stat.S_ISDIR(info.st_mode):
        raise _refused(folder, "is not a folder")
    if record is None or _is_file(folder / record):
        return
    try:
        with os.scandir(folder) as listing:
            empty = next(listing, None) is None
    except OSError as exc:
        raise PnpError.single(f"cannot read the output folder: {exc.strerror}", folder) from None
    if not empty:
        raise _refused(folder, f"is a folder without pnp's {record}")


def _refused(folder: Path, what: str) -> PnpError:
    # Named as given, in its parent: showing the path resolved would name a link's target.
    where = (Path(display_path(folder.parent)) / folder.name).as_posix()
    return PnpError.single(
        f"{where}: {what}, not a folder pnp made: left as it is (move it away to write here)"
    )


def commit_kit(
    folder: Path,
    files: Mapping[str, bytes],
    keep: Iterable[str] = (),
    finish: KitWriter | None = None,
    carry_over: bool = True,
    *,
    record: str,
    earlier: Iterable[str] | None = None,
) -> list[Path]:
    """Replace kit ``folder`` as a whole: its new ``files``, the ``keep`` files of the kit
    already there, and what ``finish`` writes; return the paths of ``files`` and ``keep``.

    Call it holding :func:`kit_lock` of the kit. ``record`` is the file by which pnp knows
    a folder at ``folder`` as its own (see :func:`check_own_folder`); any other is refused.
    The new kit is written into a hidden folder beside ``folder`` and swapped in with two
    renames. After any failure, even a killed process, the folder holds the whole earlier
    kit or the whole new one once :func:`recover_kit` ran. Entries of ``folder`` that are
    not kit files (a user's notes, export folders) are carried over to the new kit, unless
    ``carry_over`` is false (an export folder is all its own files): recreated by hard
    links, never moved, so each of them is in the kit folder or in the earlier kit that
    recovery puts back at every moment. ``earlier`` names the files of the kit already
    there (its record's list): those the new kit lacks go with it; without a list, its PDF
    files and manifest do.
    """
    parent = folder.parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise PnpError.single(f"cannot create the output folder: {exc.strerror}", parent) from None
    check_own_folder(folder, record)
    staging = parent / f".{folder.name}{_STAGING}{os.getpid()}"
    kept = list(keep)
    try:
        staging.mkdir()
        # The record's name from the first moment: a copy left by a kill is known as pnp's.
        (staging / record).touch()
        for name, data in files.items():
            _write_synced(staging / name, data)
        for name in kept:
            _link_or_copy(folder / name, staging / name)
        if finish is not None:
            finish(staging)
        checkpoint("staged")
        if carry_over:
            _carry_over_others(folder, staging, set(files) | set(kept), earlier)
        checkpoint("carried")
        _sync_folder(staging)
        _swap(folder, staging)
    except OSError as exc:
        shutil.rmtree(staging, ignore_errors=True)
        raise PnpError.single(f"cannot write output: {exc.strerror or exc}", folder) from None
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)  # links and new files only
        raise
    return [folder / name for name in (*files, *kept)]


_STAGING = ".new-"
_RETIRED = ".old-"
_TEMPORARY = re.compile(r"\.(?P<name>.+)\.(?P<kind>new|old)-\d+")
"""A staged or retired copy of folder ``name`` (``.NAME.new-PID``, ``.NAME.old-PID``)."""
OWN_RECORDS = (".pnp-kit.json", "export.json")
"""The records by which pnp knows the folders it makes (a kit's, an export folder's): a
staged or retired copy holds one from the moment it is made (tested against the names
:mod:`pnp.kit.kit_record` and :mod:`pnp.export.folder` write)."""


def recover_kit(folder: Path) -> None:
    """Finish or undo what a cut-off commit of kit ``folder`` left: a swap cut between its two
    renames gets the earlier kit back; staged and retired copies beside the kit, those of
    its export folders inside it and partial files in it are removed.

    Only real folders named as pnp names its copies are renamed or removed; a link is never
    followed. Call it holding the kit's lock (:func:`kit_lock` does)."""
    _recover_copies(folder.parent, folder.name)
    if not _is_folder(folder):
        return
    _recover_copies(folder, None)
    for entry in _entries(folder):
        if _is_partial(entry.name) and entry.is_file(follow_symlinks=False):
            with contextlib.suppress(OSError):
                os.unlink(entry.path)


def _recover_copies(parent: Path, only: str | None) -> None:
    """Put back or remove the staged and retired copies in ``parent`` (of folder ``only``,
    or of any folder).

    A link so named (an earlier pnp renamed a linked kit folder aside) goes back where it was
    or is removed itself, never followed; a file so named may be the only copy of a user's
    file that an earlier pnp renamed aside, and a folder so named without pnp's record is a
    user's (``.notes.new-5/``): both are left alone."""
    for entry in _entries(parent):
        found = _TEMPORARY.fullmatch(entry.name)
        if found is None or (only is not None and found["name"] != only):
            continue
        if not _is_pnp_copy(entry):
            continue
        link = entry.is_symlink()
        target = parent / found["name"]
        if found["kind"] == "old" and not os.path.lexists(target):
            os.rename(entry.path, target)  # the swap stopped halfway: the earlier kit returns
        elif link:
            os.unlink(entry.path)
        else:
            shutil.rmtree(entry.path, ignore_errors=True)


@contextlib.contextmanager
def kit_lock(folder: Path) -> Iterator[None]:
    """Hold the lock of kit ``folder`` for a whole build or export: a second one into the
    same output folder waits until the first is done, so each kit is one build's, never a
    mix of two. Taking it first cleans what an interrupted one left (:func:`recover_kit`).

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
        try:
            recover_kit(folder)
        except OSError as exc:
            raise PnpError.single(
                f"cannot clean the output folder: {exc.strerror}", parent
            ) from None
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
    if not os.path.lexists(folder):
        os.rename(staging, folder)
        return
    retired = folder.parent / f".{folder.name}{_RETIRED}{os.getpid()}"
    os.rename(folder, retired)
    try:
        checkpoint("retired")
        os.rename(staging, folder)  # a kill between these two renames: recover_kit undoes it
    except BaseException:
        if not os.path.lexists(folder):
            os.rename(retired, folder)
        raise
    checkpoint("swapped")
    shutil.rmtree(retired, ignore_errors=True)  # its user files are linked into the new kit


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


def _carry_over_others(
    folder: Path, staging: Path, kit_files: set[str], earlier: Iterable[str] | None
) -> None:
    """Recreate in ``staging`` what is in ``folder`` but is not a kit file (a user's notes,
    a scan, a preview folder), leaving the originals where they are.

    A file of the earlier kit (``earlier``, its record's list) that the new kit does not have
    (the map sheet of an earlier ``--map-sheet`` build) goes with the earlier kit, as do
    pnp's own hidden files (the record, partial files). Without that list, the PDF files and
    the manifest are taken for the earlier kit's."""
    earlier_files = set(earlier) if earlier is not None else None
    if not _is_folder(folder):
        return
    carried = False
    for entry in _entries(folder):
        name = entry.name
        if name in kit_files or os.path.lexists(staging / name) or _is_pnp_temporary(entry):
            continue
        if earlier_files is not None and name in earlier_files:
            continue  # a file of the earlier kit that this one does not have
        if earlier_files is None and (name.endswith(".pdf") or name == "manifest.json"):
            continue
        _replicate(Path(entry.path), staging / name)
        if not carried:
            carried = True
            checkpoint("carrying")


def _replicate(source: Path, target: Path) -> None:
    """Recreate ``source`` at ``target`` without touching it: a file by a hard link (a copy
    where linking fails), a folder as a folder of the same, a link as the same link (never
    followed)."""
    info = os.lstat(source)
    if stat.S_ISLNK(info.st_mode):
        os.symlink(os.readlink(source), target)
    elif stat.S_ISDIR(info.st_mode):
        os.mkdir(target)
        for entry in _entries(source):
            _replicate(Path(entry.path), target / entry.name)
        shutil.copystat(source, target, follow_symlinks=False)  # after filling: it may be read-only
    else:
        try:
            os.link(source, target, follow_symlinks=False)
        except OSError:
            if not stat.S_ISREG(info.st_mode):
                raise
            shutil.copy2(source, target, follow_symlinks=False)


def _entries(folder: Path) -> list[os.DirEntry[str]]:
    """The entries of ``folder`` by name; none when it cannot be listed."""
    try:
        with os.scandir(folder) as listing:
            return sorted(listing, key=lambda entry: entry.name)
    except OSError:
        return []


def _is_folder(path: Path) -> bool:
    """``path`` is a folder itself (not a link to one)."""
    try:
        return stat.S_ISDIR(os.lstat(path).st_mode)
    except OSError:
        return False


def _is_file(path: Path) -> bool:
    """``path`` is a regular file itself (not a link to one)."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def _is_partial(name: str) -> bool:
    """A file half written by pnp (``.NAME.partial-PID``, ``.NAME.XXXX.partial``)."""
    return name.startswith(".") and ".partial" in name


def _is_pnp_temporary(entry: os.DirEntry[str]) -> bool:
    """What pnp writes while committing: a staged or retired copy, a partial file."""
    return _is_partial(entry.name) or _is_pnp_copy(entry)


def _is_pnp_copy(entry: os.DirEntry[str]) -> bool:
    """A staged or retired copy pnp made: named so and holding one of pnp's records, or a
    link named so (an earlier pnp renamed a linked kit folder aside). A folder so named
    without a record is a user's (``.notes.new-5/``)."""
    if _TEMPORARY.fullmatch(entry.name) is None:
        return False
    if entry.is_symlink():
        return True
    return entry.is_dir(follow_symlinks=False) and any(
        _is_file(Path(entry.path) / own) for own in OWN_RECORDS
    )


def _sync_folder(folder: Path) -> None:
    if sys.platform == "win32":  # pragma: no cover
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
