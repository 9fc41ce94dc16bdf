"""Incremental builds: a kit folder's files are reused while nothing they were made from
changed, and exactly the files that depend on a changed input are rendered again, with the
bytes a clean build gives.

The module builds the stoomboot base kit once from a writable copy of the data; each test
copies that kit (its build record included) to a folder of its own, changes one thing, builds
again and reads the files back.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.base.ink import Ink
from pnp.base.paths import ROOT_ENV
from pnp.cli import app
from pnp.kit.build import BuildOptions, BuildResult, build
from pnp.kit.build_options import kit_request
from pnp.kit.kit_record import RECORD_FILE
from tests.conftest import copy_project_data

GAME = "stoomboot"
KIT_FILES = {
    "kaarten.pdf",
    "tegels.pdf",
    "spelregels.pdf",
    "spelregels-boekje.pdf",
    "manifest.json",
}
RULEBOOK = {"spelregels.pdf", "spelregels-boekje.pdf"}
TILE_ONLY_ART = Path("art") / "stoomboot" / "huis-utrecht-bezorgd.svg"
"""A picture printed on the tiles only (not on the cards, not in the rulebook)."""


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A writable copy of the project's data, used as PNP_ROOT by this module's tests."""
    root = copy_project_data(tmp_path_factory.mktemp("incremental") / "project")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(ROOT_ENV, str(root))
        yield root


@pytest.fixture(scope="module")
def first(data: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The stoomboot kit built once, from nothing: its folder."""
    result = build(GAME, (), BuildOptions(out_dir=tmp_path_factory.mktemp("first")))
    assert not result.reused
    return result.folder


@pytest.fixture()
def out(first: Path, tmp_path: Path) -> Path:
    """An output folder holding a copy of the first kit (times kept, record included)."""
    shutil.copytree(first, tmp_path / "out" / GAME)
    return tmp_path / "out"


@pytest.fixture()
def edit(data: Path) -> Iterator[Path]:
    """The data folder; every file a test changes in it is put back afterwards."""
    kept = {path: path.read_bytes() for path in data.rglob("*") if path.is_file()}
    yield data
    for path, blob in kept.items():
        if path.read_bytes() != blob:
            path.write_bytes(blob)


def _state(folder: Path) -> dict[str, tuple[str, int]]:
    """Each kit file's sha256 and modification time."""
    return {
        path.name: (hashlib.sha256(path.read_bytes()).hexdigest(), path.stat().st_mtime_ns)
        for path in folder.iterdir()
        if path.name != RECORD_FILE
    }


def _digests(folder: Path) -> dict[str, str]:
    return {name: digest for name, (digest, _) in _state(folder).items()}


def _rebuilt(result: BuildResult) -> set[str]:
    return {path.name for path in result.files if path not in result.reused}


def _clean(tmp_path: Path, **options: object) -> dict[str, str]:
    """The digests of a build from nothing with the data as it is now."""
    result = build(GAME, (), BuildOptions(out_dir=tmp_path / "clean", **options))  # type: ignore[arg-type]
    assert not result.reused
    return _digests(result.folder)


def test_a_second_build_reuses_every_file_and_leaves_it_untouched(out: Path) -> None:
    before = _state(out / GAME)
    assert set(before) == KIT_FILES
    result = build(GAME, (), BuildOptions(out_dir=out))
    assert {path.name for path in result.reused} == KIT_FILES
    assert _state(out / GAME) == before, "same bytes, same modification times"
    assert result.manifest["game"] == GAME
    shown = CliRunner().invoke(app, ["build", GAME, "--out", str(out)])
    assert shown.exit_code == 0, shown.output
    assert f"{GAME}: up to date (5 files reused)" in shown.stdout
    assert _state(out / GAME) == before


def test_saving_a_file_with_the_same_bytes_rebuilds_nothing(out: Path, edit: Path) -> None:
    template = edit / "cardspecs" / GAME / "rulebook" / "spelregels.j2"
    os.utime(template, ns=(template.stat().st_atime_ns, template.stat().st_mtime_ns + 10**9))
    result = build(GAME, (), BuildOptions(out_dir=out))
    assert _rebuilt(result) == set()


def test_a_changed_template_rebuilds_the_rulebook_only(
    out: Path, edit: Path, tmp_path: Path
) -> None:
    before = _state(out / GAME)
    template = edit / "cardspecs" / GAME / "rulebook" / "spelregels.j2"
    text = template.read_text(encoding="utf-8")
    template.write_text(text.replace("vanavond moeten", "vanavond moeten echt"), "utf-8")
    result = build(GAME, (), BuildOptions(out_dir=out))
    assert _rebuilt(result) == RULEBOOK | {"manifest.json"}
    after = _state(out / GAME)
    for name in ("kaarten.pdf", "tegels.pdf"):
        assert after[name] == before[name], f"{name} left as it was"
    assert after["spelregels.pdf"][0] != before["spelregels.pdf"][0]
    assert _digests(out / GAME) == _clean(tmp_path)


def test_art_printed_on_one_file_rebuilds_that_file(out: Path, edit: Path, tmp_path: Path) -> None:
    before = _state(out / GAME)
    art = edit / TILE_ONLY_ART
    art.write_text(art.read_text(encoding="utf-8").replace("</svg>", "<g/></svg>"), "utf-8")
    result = build(GAME, (), BuildOptions(out_dir=out))
    assert _rebuilt(result) == {"tegels.pdf", "manifest.json"}
    after = _state(out / GAME)
    assert {name for name in KIT_FILES if after[name] != before[name]} <= {
        "tegels.pdf",
        "manifest.json",
    }
    assert _digests(out / GAME) == _clean(tmp_path)


def test_art_of_the_cards_rebuilds_the_cards_and_the_rulebook_that_pictures_them(
    out: Path, edit: Path, tmp_path: Path
) -> None:
    parts = json.loads((out / GAME / RECORD_FILE).read_text(encoding="utf-8"))["parts"]
    cards, tiles = set(parts["kaarten.pdf"]["reads"]), set(parts["tegels.pdf"]["reads"])
    art = next(Path(p) for p in sorted(cards - tiles) if p.endswith(".svg"))
    assert art.is_relative_to(edit / "art")
    pictured = str(art) in parts["spelregels"]["reads"]
    art.write_text(art.read_text(encoding="utf-8").replace("</svg>", "<g/></svg>"), "utf-8")
    result = build(GAME, (), BuildOptions(out_dir=out))
    assert _rebuilt(result) == {"kaarten.pdf", "manifest.json"} | (RULEBOOK if pictured else set())
    assert _digests(out / GAME) == _clean(tmp_path)


@pytest.mark.parametrize("change", ["delete", "edit"])
def test_an_output_file_changed_by_hand_is_rebuilt(out: Path, change: str) -> None:
    before = _digests(out / GAME)
    booklet = out / GAME / "spelregels-boekje.pdf"
    if change == "delete":
        booklet.unlink()
    else:
        with booklet.open("ab") as handle:
            handle.write(b"% edited\n")
    result = build(GAME, (), BuildOptions(out_dir=out))
    assert _rebuilt(result) == RULEBOOK | {"manifest.json"}
    assert _digests(out / GAME) == before


def test_another_option_rebuilds_every_file(out: Path, tmp_path: Path) -> None:
    result = build(GAME, (), BuildOptions(out_dir=out, paper="letter"))
    assert _rebuilt(result) == KIT_FILES
    assert result.manifest["options"]["paper"] == "letter"  # type: ignore[index]
    again = build(GAME, (), BuildOptions(out_dir=out, paper="letter"))
    assert _rebuilt(again) == set()


def test_the_ink_edition_rebuilds_every_file_and_back(out: Path) -> None:
    before = _digests(out / GAME)
    shown = CliRunner().invoke(app, ["build", GAME, "--out", str(out), "--ink", "low", "-q"])
    assert shown.exit_code == 0, shown.output
    low = _digests(out / GAME)
    assert all(low[name] != before[name] for name in KIT_FILES), "every file is drawn again"
    manifest = json.loads((out / GAME / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["options"]["ink"] == "low"
    assert _rebuilt(build(GAME, (), BuildOptions(out_dir=out, ink=Ink.LOW))) == set()
    result = build(GAME, (), BuildOptions(out_dir=out))
    assert _rebuilt(result) == KIT_FILES
    assert _digests(out / GAME) == before, "the normal edition's bytes again"


def test_force_renders_every_file_again_with_the_same_bytes(out: Path) -> None:
    before = _state(out / GAME)
    shown = CliRunner().invoke(app, ["build", GAME, "--out", str(out), "--force", "-q"])
    assert shown.exit_code == 0, shown.output
    after = _state(out / GAME)
    assert {name: digest for name, (digest, _) in after.items()} == _digests(out / GAME)
    assert all(after[name][0] == before[name][0] for name in KIT_FILES)
    assert all(after[name][1] != before[name][1] for name in KIT_FILES), "written again"


def test_a_new_data_file_that_may_shadow_another_rebuilds(out: Path, edit: Path) -> None:
    """A layout added to the game's folder may take the place of a shared one."""
    extra = edit / "cardspecs" / GAME / "layouts" / "nieuw.toml"
    extra.write_text("elements = []\n", encoding="utf-8")
    try:
        result = build(GAME, (), BuildOptions(out_dir=out))
    finally:
        extra.unlink()
    assert _rebuilt(result) == KIT_FILES


def test_the_pdf_date_from_the_environment_is_an_input(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    unset = kit_request(GAME, BuildOptions())
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1733011200")
    assert kit_request(GAME, BuildOptions()) != unset
