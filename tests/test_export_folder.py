"""Export folders: replaced whole, reused while their kit and settings are unchanged, and
left as they were when an export fails."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest

from pnp.base.errors import PnpError
from pnp.base.output import kit_lock
from pnp.export.folder import RECORD, commit_export, current_export, export_request
from pnp.export.pages import KitPages, distinct_faces, pixel_box, read_manifest
from tests.conftest import KitMaker


@pytest.fixture()
def kit_copy(kit: KitMaker, tmp_path: Path) -> Path:
    """A private copy of the twaalf-dagen kit (exports write into the kit folder)."""
    shared = kit("twaalf-dagen")
    folder = tmp_path / "twaalf-dagen"
    shutil.copytree(shared.folder, folder)
    return folder


def _digests(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def test_an_export_is_reused_until_its_settings_or_its_kit_change(kit_copy: Path) -> None:
    with kit_lock(kit_copy):
        request = export_request(kit_copy, "probe", {"dpi": 50})
        written = commit_export(kit_copy, "probe", request, {"a.txt": b"one"})
    assert not written.reused
    assert [p.name for p in written.files] == ["a.txt"]
    record = json.loads((kit_copy / "probe" / RECORD).read_text(encoding="utf-8"))
    assert record["files"] == {"a.txt": hashlib.sha256(b"one").hexdigest()}

    again = current_export(kit_copy, "probe", export_request(kit_copy, "probe", {"dpi": 50}))
    assert again is not None and again.reused
    assert current_export(kit_copy, "probe", export_request(kit_copy, "probe", {"dpi": 60})) is None

    (kit_copy / "probe" / "a.txt").write_bytes(b"edited")  # a damaged export is not current
    assert current_export(kit_copy, "probe", request) is None
    (kit_copy / "probe" / "a.txt").write_bytes(b"one")
    assert current_export(kit_copy, "probe", request) is not None

    manifest = kit_copy / "manifest.json"  # another kit: the export is stale
    manifest.write_bytes(manifest.read_bytes() + b"\n")
    assert current_export(kit_copy, "probe", export_request(kit_copy, "probe", {"dpi": 50})) is None


def test_an_export_replaces_its_folder_whole_and_a_failed_one_leaves_it(
    kit_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with kit_lock(kit_copy):
        request = export_request(kit_copy, "probe", {})
        commit_export(kit_copy, "probe", request, {"old.png": b"1", "kept.png": b"2"})
        commit_export(kit_copy, "probe", request, {"kept.png": b"3"})
    # nothing of the earlier export survives: a face that went is not left behind
    assert sorted(p.name for p in (kit_copy / "probe").iterdir()) == ["export.json", "kept.png"]
    before = _digests(kit_copy)

    import pnp.base.output

    def full_disk(path: Path, data: bytes) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(pnp.base.output, "_write_synced", full_disk)
    with pytest.raises(PnpError, match="cannot write output"), kit_lock(kit_copy):
        commit_export(kit_copy, "probe", request, {"new.png": b"4"})
    assert _digests(kit_copy) == before
    assert not [p for p in kit_copy.iterdir() if p.name.startswith(".probe")]


def test_a_rebuilt_kit_keeps_its_export_folders(kit_copy: Path) -> None:
    from pnp.base.output import commit_kit
    from pnp.kit.kit_record import RECORD_FILE

    with kit_lock(kit_copy):
        commit_export(kit_copy, "probe", export_request(kit_copy, "probe", {}), {"a": b"1"})
        files = {p.name: p.read_bytes() for p in kit_copy.iterdir() if p.is_file()}
        commit_kit(kit_copy, files, record=RECORD_FILE)
    assert (kit_copy / "probe" / "a").read_bytes() == b"1"


def test_pieces_are_cut_at_their_trim_from_the_page_they_are_printed_on(kit_copy: Path) -> None:
    manifest = read_manifest(kit_copy)
    dpi = 60
    with KitPages(kit_copy, dpi) as pages:
        faces = distinct_faces(pages.pieces, "deck")
        counts = {}
        for placement in manifest["placements"]:
            if placement["component"] == "deck":
                counts[placement["card"]] = counts.get(placement["card"], 0) + 1
        assert {f.card: f.count for f in faces} == counts
        face = faces[0]
        picture = pages.picture(face.first)
        page, height = pages.page(face.first.file, face.first.page)
        left, top, right, bottom = pixel_box(face.first.trim, height, dpi)
        poker = (round(63 * dpi / 25.4), round(88 * dpi / 25.4))
        assert picture.size == (right - left, bottom - top) == poker
        assert picture.tobytes() == page.crop((left, top, right, bottom)).tobytes()
        back = pages.picture(face.first, back=True)
        assert back.size == picture.size
        assert back.tobytes() != picture.tobytes()


def test_a_missing_or_broken_manifest_is_one_located_line(tmp_path: Path) -> None:
    with pytest.raises(PnpError, match=r"manifest\.json: no kit here"):
        read_manifest(tmp_path)
    (tmp_path / "manifest.json").write_text("[1, 2]", encoding="utf-8")
    with pytest.raises(PnpError, match=r"manifest\.json: not a pnp kit manifest"):
        read_manifest(tmp_path)


def test_an_export_is_made_from_the_kit_as_it_was_built(kit: KitMaker, tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from pnp.cli import app

    out = tmp_path / "out"
    shared = kit("twaalf-dagen", proof=False, cut_lines=True)
    shutil.copytree(shared.folder, out / "twaalf-dagen")
    before = _digests(out / "twaalf-dagen")

    result = CliRunner().invoke(app, ["preview", "twaalf-dagen", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "kit: " in result.output and "base game; paper a4" in result.output
    after = _digests(out / "twaalf-dagen")
    # the kit with its cut lines is used as it is, not rebuilt with the defaults
    assert {k: v for k, v in after.items() if not k.startswith("preview/")} == before
    assert "preview/hand.png" in after

    result = CliRunner().invoke(app, ["preview", "twaalf-dagen", "--out", str(out), "-q"])
    assert result.exit_code == 0 and result.output == ""
    # what the command line names replaces what the kit was built with
    result = CliRunner().invoke(
        app, ["preview", "twaalf-dagen", "--out", str(out), "--paper", "letter", "-q"]
    )
    assert result.exit_code == 0, result.output
    manifest = json.loads((out / "twaalf-dagen" / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["options"]["paper"] == "letter"
    assert manifest["options"]["cut_lines"] is True
