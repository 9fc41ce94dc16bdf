"""The build record kept with a kit: what each output file was made from, to rebuild no more
than changed.

A kit folder holds, beside its files, ``.pnp-kit.json``: the request that made
the kit (game, variants, print options, pnp's code fingerprint, the data roots),
a stamp of every output file, and the kit's *parts*: each part is the output
files rendered together (one card PDF, the score sheet, the rulebook's
editions...) with the data files its rendering read. Checking it reads no table
and imports nothing heavy: a ``stat`` per file, a hash only where a time changed.

A part may be reused when the request is the same, no file it read changed, no
file was added to or removed from the data folders the game reads (a new file
may shadow another), and its output files still hold the bytes that were
written (a user who edits or deletes one gets it rebuilt).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.base.fingerprint import Stamp, matches, stamp

RECORD_FILE = ".pnp-kit.json"
"""The build record's name in the kit folder (hidden: not a file of the kit)."""

FORMAT = 1
"""The record's format; a record of another format is ignored (a full build)."""


@dataclass
class Part:
    """Output files rendered together and the data files (absolute paths) they read."""

    files: list[str]
    reads: list[str]


@dataclass
class KitRecord:
    """The build record of one kit folder."""

    request: dict[str, Any]
    """Options, code fingerprint and data roots (see ``pnp.kit.build_options.kit_request``)."""
    asked: list[str]
    """The variants as asked for (the quick check compares these)."""
    chosen: list[str]
    """The variants as resolved from the spec (a build compares these)."""
    files: list[str]
    """The kit's files in build order (the manifest last)."""
    parts: dict[str, Part]
    folders: list[str]
    """The data folders whose file names the kit depends on."""
    listing: str
    """Hash of the file names under ``folders``."""
    stamps: dict[str, Stamp] = field(default_factory=dict)
    """Stamp of every data file read (absolute path) and output file (name in the kit)."""
    retimed: bool = False
    """Some stamps got a new time (same bytes) since the record was read."""

    def to_json(self) -> str:
        """The record as JSON text."""
        data = {
            "format": FORMAT,
            "request": self.request,
            "asked": self.asked,
            "chosen": self.chosen,
            "files": self.files,
            "parts": {name: vars(part) for name, part in self.parts.items()},
            "folders": self.folders,
            "listing": self.listing,
            "stamps": self.stamps,
        }
        return json.dumps(data, separators=(",", ":"), sort_keys=True) + "\n"

    @classmethod
    def from_json(cls, text: str) -> KitRecord | None:
        """The record in ``text``, or ``None`` if it is no record of this format."""
        try:
            data = json.loads(text)
            if data.get("format") != FORMAT:
                return None
            parts = {name: Part(**part) for name, part in data["parts"].items()}
            return cls(
                data["request"],
                list(data["asked"]),
                list(data["chosen"]),
                list(data["files"]),
                parts,
                list(data["folders"]),
                str(data["listing"]),
                dict(data["stamps"]),
            )
        except (ValueError, TypeError, KeyError, AttributeError):
            return None


def read_record(folder: Path) -> KitRecord | None:
    """The build record of kit ``folder``, or ``None`` (none, unreadable or corrupt, or
    ``folder`` is a link: a kit is never read through one)."""
    if folder.is_symlink():
        return None
    try:
        text = (folder / RECORD_FILE).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    return KitRecord.from_json(text)


def write_record(folder: Path, record: KitRecord) -> None:
    """Write the record beside the kit's files: written aside, then renamed into place."""
    fd, temp = tempfile.mkstemp(dir=folder, prefix=f"{RECORD_FILE}.", suffix=".partial")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(record.to_json())
        os.chmod(temp, 0o644)
        os.replace(temp, folder / RECORD_FILE)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def forget_record(folder: Path) -> None:
    """Remove a kit's record (before its files are rewritten: a half-done write is no kit)."""
    with contextlib.suppress(OSError):
        (folder / RECORD_FILE).unlink()


def listing(folders: Iterable[str]) -> str:
    """Hash of the names of the files under ``folders`` (hidden files and folders left out).

    A file or folder that is a link is marked as one: a data file replaced by a link to the
    same bytes elsewhere is a change (the next build loads the data, and refuses the link).
    """
    digest = hashlib.sha256()
    for top in folders:
        digest.update(top.encode() + (b"@" if os.path.islink(top) else b"") + b"\0\0")
        for folder, dirs, names in os.walk(top):
            dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__")
            rel = os.path.relpath(folder, top)
            # A link to a folder is listed in ``dirs`` but not walked: name it with its files.
            entries = [(name, os.path.islink(os.path.join(folder, name))) for name in names]
            entries += [(d, True) for d in dirs if os.path.islink(os.path.join(folder, d))]
            for name, link in sorted(entries):
                if not name.startswith("."):
                    digest.update(f"{rel}/{name}".encode() + (b"@" if link else b"") + b"\0")
    return digest.hexdigest()


@dataclass
class Freshness:
    """What a record says about a kit folder now."""

    record: KitRecord
    same_folders: bool
    """No data file was added or removed."""
    fresh_parts: set[str]
    """Parts whose reads and output files are unchanged."""

    def reusable(self, request: Mapping[str, Any], chosen: Sequence[str]) -> set[str]:
        """The parts a build of ``request`` and variants ``chosen`` can take from the folder
        as they are."""
        record = self.record
        if (
            not self.same_folders
            or dict(request) != record.request
            or list(chosen) != record.chosen
        ):
            return set()
        return self.fresh_parts


def check_kit(folder: Path, record: KitRecord) -> Freshness:
    """Compare the record of kit ``folder`` with the files as they are now.

    Refreshes the record's stamps of files whose time changed but bytes did not.
    """
    same_folders = listing(record.folders) == record.listing
    known: dict[str, bool] = {}

    def still(key: str, path: str | Path) -> bool:
        if key not in known:
            was = record.stamps.get(key)
            now = matches(path, was) if was is not None else None
            known[key] = now is not None
            if now is not None and now is not was:
                record.stamps[key] = now
                record.retimed = True
        return known[key]

    fresh = set()
    for name, part in record.parts.items():
        reads_ok = all([still(path, path) for path in part.reads])
        files_ok = all([still(file, folder / file) for file in part.files])
        if reads_ok and files_ok:
            fresh.add(name)
    return Freshness(record, same_folders, fresh)


def up_to_date(folder: Path, request: Mapping[str, Any], asked: Sequence[str]) -> list[Path] | None:
    """The kit's files if kit ``folder`` was built for ``request`` and the variants ``asked``
    and nothing it was made from (nor any of its files) changed since, else ``None``."""
    record = read_record(folder)
    if record is None or dict(request) != record.request or list(asked) != record.asked:
        return None
    state = check_kit(folder, record)
    if state.reusable(request, record.chosen) != set(record.parts):
        return None
    manifest = [
        file for file in record.files if not any(file in p.files for p in record.parts.values())
    ]
    if not all(matches(folder / file, record.stamps.get(file, _NO_STAMP)) for file in manifest):
        return None
    if record.retimed:  # only times changed: remember them, to skip hashing next time
        with contextlib.suppress(OSError):
            write_record(folder, record)
    return [folder / file for file in record.files]


_NO_STAMP = Stamp(size=-1, mtime_ns=0, sha256="")


def new_record(
    folder: Path,
    request: Mapping[str, Any],
    variants: tuple[Sequence[str], Sequence[str]],
    files: Sequence[str],
    parts: Mapping[str, Part],
    folders: Sequence[str],
    digests: Mapping[str, str],
    started_ns: int,
) -> KitRecord:
    """The record of a kit just written to ``folder``, for the variants (asked, chosen).

    ``digests`` are the output files' sha256 (known from their bytes); every data file a
    part read is stamped now; one changed since the build started (``started_ns``) is
    stamped as changed, so that the next build renders its parts again.
    """
    asked, chosen = variants
    record = KitRecord(
        dict(request), list(asked), list(chosen), list(files), dict(parts), list(folders), ""
    )
    record.listing = listing(folders)
    for part in parts.values():
        for path in part.reads:
            if path not in record.stamps:
                found = stamp(path)
                if found is not None and found["mtime_ns"] >= started_ns:
                    found = Stamp(size=found["size"], mtime_ns=-1, sha256="")
                if found is not None:
                    record.stamps[path] = found
    for file in files:
        found = stamp(folder / file, digests[file])
        if found is not None:
            record.stamps[file] = found
    return record
