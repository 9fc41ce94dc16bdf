"""Every sheet PDF presets the print dialog for the way its backs are printed: both sides
flipped on the long or the short edge as built, one side for gutterfold and no backs. The
booklet's preset is tested with the booklet (tests/test_booklet.py)."""

from __future__ import annotations

import pytest

from pnp.base.back_mode import BackMode
from tests.conftest import KitMaker

PRESET = {
    BackMode.LONG_EDGE: "/DuplexFlipLongEdge",
    BackMode.SHORT_EDGE: "/DuplexFlipShortEdge",
    BackMode.GUTTERFOLD: "/Simplex",
    BackMode.NONE: "/Simplex",
}


def _sheet_files(manifest: dict[str, object]) -> set[str]:
    placements = manifest["placements"]
    assert isinstance(placements, list)
    return {p["file"] for p in placements}


@pytest.mark.parametrize("backs", list(BackMode))
def test_each_card_sheet_asks_for_the_sides_it_was_built_for(
    kit: KitMaker, backs: BackMode
) -> None:
    built = kit("twaalf-dagen", backs=backs)
    files = _sheet_files(built.manifest)
    assert "kaarten.pdf" in files
    for name in files:
        reader = built.reader(name)
        preferences = reader.trailer["/Root"]["/ViewerPreferences"]
        assert preferences["/Duplex"] == PRESET[backs], name
        assert preferences["/PrintScaling"] == "/None", name
        assert reader.pdf_header == "%PDF-1.7", f"{name}: /Duplex is a PDF 1.7 key"


def test_the_tiles_ask_for_two_sides_like_the_cards(kit: KitMaker) -> None:
    built = kit("stoomboot")
    files = _sheet_files(built.manifest)
    assert {"tegels.pdf", "kaarten.pdf"} <= files
    for name in files:
        preferences = built.reader(name).trailer["/Root"]["/ViewerPreferences"]
        assert preferences["/Duplex"] == "/DuplexFlipLongEdge", name
