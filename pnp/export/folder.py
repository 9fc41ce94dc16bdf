"""Export folders: written whole and atomically inside the kit folder, reused when current.

An export (``preview/``, ``tts/``, a print shop's folder) follows from the kit it was
made from and from its own settings. Its ``export.json`` records both, with every
file's hash; a request that matches an intact record is answered by the folder as
it is. Otherwise the folder is replaced as a whole (:func:`pnp.base.output.commit_kit`),
under the kit's lock, so a failed export leaves the earlier one untouched and a
build of the same kit waits for it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.base.fingerprint import code_fingerprint
from pnp.base.output import check_own_folder, commit_kit, kit_lock
from pnp.export.pages import manifest_bytes, parse_manifest
from pnp.kit.build_options import MANIFEST

RECORD = "export.json"


@dataclass(frozen=True)
class ExportResult:
    """What an export wrote (or found up to date)."""

    kind: str
    folder: Path
    files: list[Path]
    reused: bool = False
    notes: tuple[str, ...] = ()
    """What the user should know about it (pieces left out, text near a shop's cut)."""


def export_request(
    kit: Path, kind: str, settings: Mapping[str, object], manifest: bytes | None = None
) -> dict[str, Any]:
    """What an export's bytes follow from: the kit (its manifest's hash), the kind of
    export and its settings, and pnp's code (including the renderers' versions).
    ``manifest`` is the bytes of the kit's manifest when the caller has read them."""
    if manifest is None:
        manifest = (kit / MANIFEST).read_bytes()
    return {
        "kind": kind,
        "settings": dict(settings),
        "kit_manifest_sha256": hashlib.sha256(manifest).hexdigest(),
        "code": code_fingerprint(),
    }


def write_export(
    kit: Path,
    name: str,
    settings: Mapping[str, object],
    make: Callable[[dict[str, Any]], Mapping[str, bytes]],
) -> ExportResult:
    """The export ``kit/name`` for ``settings``: the folder as it is when its record matches,
    else the files ``make`` returns, given the kit's manifest, committed whole; all under
    the kit's lock. The manifest is read once (checked, hashed, handed to ``make``). A
    folder without an intact kit, and a kit or export folder pnp did not make (a link, a
    file), is one located error."""
    with kit_lock(kit):  # no build swaps the kit while the export reads it
        check_own_folder(kit, None)  # nothing is read or written through a link
        check_own_folder(kit / name, RECORD)
        data = manifest_bytes(kit)
        manifest = parse_manifest(data, kit)
        request = export_request(kit, name, settings, data)
        found = current_export(kit, name, request)
        if found is not None:
            return found
        return commit_export(kit, name, request, make(manifest))


def current_export(kit: Path, name: str, request: Mapping[str, Any]) -> ExportResult | None:
    """The export in ``kit/name`` if its record matches ``request`` and its files are intact."""
    folder = kit / name
    try:
        record = json.loads((folder / RECORD).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(record, dict) or record.get("request") != dict(request):
        return None
    files = record.get("files")
    if not isinstance(files, dict):
        return None
    for file_name, digest in files.items():
        try:
            data = (folder / file_name).read_bytes()
        except OSError:
            return None
        if hashlib.sha256(data).hexdigest() != digest:
            return None
    kind = str(request.get("kind", name))
    return ExportResult(kind, folder, [folder / n for n in files], reused=True)


def commit_export(
    kit: Path, name: str, request: Mapping[str, Any], files: Mapping[str, bytes]
) -> ExportResult:
    """Replace export folder ``kit/name`` as a whole with ``files`` and its record.

    Call it while holding the kit (:func:`pnp.base.output.kit_lock`)."""
    record = {
        "request": dict(request),
        "files": {n: hashlib.sha256(data).hexdigest() for n, data in sorted(files.items())},
    }
    blobs = dict(files)
    blobs[RECORD] = (json.dumps(record, indent=2, ensure_ascii=False) + "\n").encode()
    paths = commit_kit(kit / name, blobs, carry_over=False, record=RECORD)
    kind = str(request.get("kind", name))
    return ExportResult(kind, kit / name, [p for p in paths if p.name != RECORD])
