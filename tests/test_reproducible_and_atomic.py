"""Same input, same bytes; a failed build leaves earlier output untouched and no partial file."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.base.back_mode import BackMode
from pnp.base.errors import PnpError
from pnp.kit.build import BuildOptions, build
from pnp.kit.kit_record import RECORD_FILE
from tests.conftest import KitMaker


def _digests(folder: Path) -> dict[str, str]:
    """The kit's files (not its build record) and their sha256."""
    return {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.iterdir())
        if p.name != RECORD_FILE
    }


def test_two_builds_give_identical_bytes(kit: KitMaker, tmp_path: Path) -> None:
    """The run's shared kit (with the proofreading edition) and a second, separate build of it
    are byte-identical."""
    first = kit("twaalf-dagen", proof=True)
    second = build("twaalf-dagen", (), BuildOptions(out_dir=tmp_path / "two", proof=True))
    assert _digests(first.folder) == _digests(second.folder)
    assert set(_digests(first.folder)) == {
        "kaarten.pdf",
        "spelregels.pdf",
        "spelregels-boekje.pdf",
        "spelregels-proef.pdf",
        "manifest.json",
    }


def test_source_date_epoch_sets_the_document_dates(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1733011200")  # 2024-12-01 00:00:00 UTC
    result = build("twaalf-dagen", (), BuildOptions(out_dir=tmp_path, backs=BackMode.NONE))
    info = PdfReader(result.folder / "kaarten.pdf").metadata
    assert info is not None
    assert str(info["/CreationDate"]).startswith("D:20241201000000")


def test_a_build_failing_half_way_leaves_the_earlier_output_byte_identical(
    project_copy: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    build("twaalf-dagen", (), BuildOptions(out_dir=out))
    before = _digests(out / "twaalf-dagen")
    # Break the picture of card 10: the first 10 is the 46th card printed.
    (project_copy / "art" / "twaalf-dagen" / "10-heren.svg").write_text(
        "<svg><g></svg>", encoding="utf-8"
    )
    seen: list[int] = []
    with pytest.raises(PnpError) as failure:
        build(
            "twaalf-dagen",
            (),
            BuildOptions(out_dir=out),
            lambda task, done, total: seen.append(done),
        )
    assert "10-heren.svg" in str(failure.value)
    assert seen and max(seen) >= 45, "the failure came after earlier sheets were rendered"
    assert _digests(out / "twaalf-dagen") == before
    hidden = [p for p in (out / "twaalf-dagen").iterdir() if p.name.startswith(".")]
    assert [p.name for p in hidden] == [RECORD_FILE], "no partial files"


def test_text_that_does_not_fit_is_a_build_error_naming_layout_and_card(
    project_copy: Path, tmp_path: Path
) -> None:
    deck = project_copy / "cardspecs" / "twaalf-dagen" / "deck.csv"
    deck.write_text(
        deck.read_text(encoding="utf-8").replace("Melkmeisjes,", "Melkmeisjesmelkmeisjesmelk,"),
        encoding="utf-8",
    )
    with pytest.raises(PnpError) as failure:
        build("twaalf-dagen", (), BuildOptions(out_dir=tmp_path))
    message = str(failure.value)
    assert (
        "layouts/deck.toml:" in message
        and "'name-top'" in message
        and "card 'melkmeisjes'" in message
    )
    assert not (tmp_path / "twaalf-dagen").exists()
