"""The player aid: its own PDF, one two-sided card per player, the end rules of the chosen game."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from tests.conftest import KitMaker
from tests.pdfinspect import read_page


def _aid(kit: KitMaker, variants: tuple[str, ...] = ()) -> tuple[PdfReader, dict[str, object]]:
    built = kit("twaalf-dagen", variants)
    return built.reader("spelershulp.pdf"), built.manifest


def _text(reader: PdfReader, index: int) -> str:
    return " ".join(r.text for r in read_page(reader, index, descend=True).texts)


@pytest.fixture()
def base(kit: KitMaker) -> tuple[PdfReader, dict[str, object]]:
    return _aid(kit)


def test_one_aid_per_player_in_its_own_file(base: tuple[PdfReader, dict[str, object]]) -> None:
    reader, manifest = base
    placements = [p for p in manifest["placements"] if p["file"] == "spelershulp.pdf"]  # type: ignore[attr-defined]
    assert len(placements) == 8, "one per player, up to the 8 the game allows"
    assert {p["component"] for p in placements} == {"hulp"}
    assert len(reader.pages) == 2, "one sheet: front and back"
    kaarten = [p for p in manifest["placements"] if p["file"] == "kaarten.pdf"]  # type: ignore[attr-defined]
    assert all(p["component"] != "hulp" for p in kaarten)


def test_front_explains_a_trick_and_back_the_end(base: tuple[PdfReader, dict[str, object]]) -> None:
    reader, _ = base
    front, back = _text(reader, 0), _text(reader, 1)
    assert front.count("Zo gaat een slag") == 8
    assert "Reageren" in front and "Einde van een ronde" not in front
    assert back.count("Einde van een ronde") == 8
    assert back.count("Na twaalf rondes") == 8
    assert "Kort spel" not in back


def test_the_short_game_aid_states_the_short_game_end(kit: KitMaker) -> None:
    reader, _ = _aid(kit, ("kort",))
    back = _text(reader, 1)
    assert back.count("Kort spel") == 8
    assert "Na twaalf rondes" not in back
