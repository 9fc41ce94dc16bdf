"""The faces each game's card deck embeds, read back from ``kaarten.pdf``: every face carries
real text, and no face is embedded for a line or two (each embedded face costs ~15 kB)."""

from __future__ import annotations

from collections import defaultdict

import pytest

from tests.conftest import KitMaker
from tests.pdfinspect import iter_fonts, read_page

FACES = {
    "sinterklaas": {"Lato-Black", "Lato-Bold", "Lato-Regular", "Comfortaa-Bold"},
    "stoomboot": {"Lato-Bold", "Lato-Regular", "Comfortaa-Bold"},
    "twaalf-dagen": {"Lato-Black", "Lato-Bold", "Lato-Regular", "Comfortaa-Bold"},
    "santoska": {"Lato-Black", "Lato-Bold", "Lato-Regular", "Comfortaa-Bold"},
}
"""The faces of each deck: the italic once carried a caption or two and is no longer used."""


@pytest.mark.parametrize("game", sorted(FACES))
def test_the_deck_embeds_its_faces_and_each_carries_text(kit: KitMaker, game: str) -> None:
    reader = kit(game).reader("kaarten.pdf")
    embedded = {
        str(font["/BaseFont"]).lstrip("/").partition("+")[2] for _, font in iter_fonts(reader)
    }
    assert embedded == FACES[game]
    lines: dict[str, set[str]] = defaultdict(set)
    for index in range(len(reader.pages)):
        for run in read_page(reader, index).texts:
            lines[run.font.partition("+")[2] or run.font].add(run.text.strip())
    for face in embedded:
        assert len(lines[face]) >= 3, f"{face} carries only {sorted(lines[face])}"
