"""The santoska setup figure: the table at the start of a round, drawn from the kit's real rows."""

from __future__ import annotations

import pytest

from pnp.catalog.project import load_game
from pnp.example_model.figures import TableFigure
from pnp.games.santoska.game import GAME
from pnp.story.phrases import load_phrases


@pytest.mark.parametrize("length", [3, 4, 5, 6])
def test_every_row_is_as_long_as_the_kits_rows(length: int) -> None:
    """SA-B1: two face-down rows per player of the variant's length, an Arriba card beside
    the bottom row (SA-C2), the draw pile, the first open card and the Stop card."""
    spec = load_game("santoska").spec
    assert GAME.setup is not None
    (figure,) = GAME.setup(spec, (f"rijen-{length}",))
    assert isinstance(figure, TableFigure)
    phrases = load_phrases(spec)
    by_label = {place.label: place for place in figure.places}
    for name in phrases.names[:2]:
        for key in ("table_top", "table_bottom"):
            row = by_label[phrases.say(key, name=name)]
            assert row.spread == "row" and len(row.cards) == length
            assert all(card.back for card in row.cards)
    arriba = [p for p in figure.places if p.label == phrases.say("table_arriba")]
    assert len(arriba) == 2 and all(p.cards[0].picture.row == "arriba" for p in arriba)
    assert all(card.back for card in by_label[phrases.say("table_draw")].cards)
    (opened,) = by_label[phrases.say("table_discard")].cards
    assert not opened.back and opened.picture.component == "getallen"
    assert by_label[phrases.say("table_stop")].cards[0].picture.row == "stop"
    assert str({3: "drie", 4: "vier", 5: "vijf", 6: "zes"}[length]) in figure.caption
