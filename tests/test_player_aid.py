"""The player aid: one two-sided card per player, printed last in the card sheets (on a sheet
of its own back design, or below a gutter), with the end rules of the chosen game."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import BuiltKit, KitMaker
from tests.pdfinspect import read_page


def _aid_side(built: BuiltKit, back: bool) -> str:
    """The text of the aid's forms on its front (or back) pages, nothing else on the sheet."""
    file, pages = built.component_pages("hulp", back)
    prefix = "/FormXob.back.twaalf-dagen.hulp" if back else "/FormXob.face.twaalf-dagen.hulp."
    runs = []
    for page in pages:
        for run in read_page(built.reader(file), page, descend=True).texts:
            if run.parents and run.parents[0].startswith(prefix):
                runs.append(run.text)
    return " ".join(runs)


@pytest.fixture()
def base(kit: KitMaker) -> BuiltKit:
    return kit("twaalf-dagen")


def test_one_aid_per_player_after_the_deck(base: BuiltKit) -> None:
    placements: list[dict[str, Any]] = base.placements("kaarten.pdf")
    aids = [p for p in placements if p["component"] == "hulp"]
    assert len(aids) == 8, "one per player, up to the 8 the game allows"
    assert all(p["back_page"] is not None for p in aids), "every aid has its second side"
    last_deck_page = max(p["page"] for p in placements if p["component"] != "hulp")
    assert min(p["page"] for p in aids) >= last_deck_page, "the aids come after the deck"


def test_front_explains_a_trick_and_back_the_end(base: BuiltKit) -> None:
    front, back = _aid_side(base, back=False), _aid_side(base, back=True)
    assert front.count("Zo gaat een slag") == 8
    assert "Reageren" in front and "Einde van een ronde" not in front
    assert back.count("Einde van een ronde") == 8
    assert back.count("Na twaalf rondes") == 8
    assert "Kort spel" not in back


def test_the_short_game_aid_states_the_short_game_end(kit: KitMaker) -> None:
    back = _aid_side(kit("twaalf-dagen", ("kort",)), back=True)
    assert back.count("Kort spel") == 8
    assert "Na twaalf rondes" not in back
