"""The sinterklaas setup figure: the table as a round begins, drawn from the kit's settings."""

from __future__ import annotations

import pytest

from pnp.catalog.project import load_game
from pnp.example_model.figures import TableFigure
from pnp.games.sinterklaas.game import GAME
from pnp.story.phrases import load_phrases
from tests.languages import DUTCH


@pytest.mark.parametrize("variants", [(), ("meer-pakjes",), ("minder-pakjes",)])
def test_every_hand_is_as_large_as_the_kit_deals(variants: tuple[str, ...]) -> None:
    """SK-B3, SK-M1: four hands of the kit's hand size (three face down, the Sint's own hand
    face up beside the Sintkaart), the stack face down and the first Pakjeskamer card open;
    the caption names the hand size and the reveals of the kit."""
    spec = load_game("sinterklaas").spec
    settings = spec.settings_for(variants)
    hand, reveals = int(settings["hand_size"]), int(settings["reveals"])
    assert GAME.setup is not None
    (figure,) = GAME.setup(spec, variants)
    assert isinstance(figure, TableFigure)
    phrases = load_phrases(spec)
    by_label = {place.label: place for place in figure.places}
    you, *others = phrases.names[:4]
    for name in others:
        place = by_label[phrases.say("setup_hand", name=name, count=DUTCH.number_word(hand))]
        assert place.spread == "fan" and len(place.cards) == hand
        assert all(card.back for card in place.cards)
    own = by_label[phrases.say("setup_own", name=you)]
    assert len(own.cards) == hand and not any(card.back for card in own.cards)
    assert len({card.picture.row for card in own.cards}) == hand
    assert all(card.back for card in by_label[phrases.say("setup_stack")].cards)
    (room,) = by_label[phrases.say("setup_room", reveals=DUTCH.number_word(reveals))].cards
    assert not room.back and room.picture.component == "deck"
    (sint,) = by_label[phrases.say("setup_sint", name=you)].cards
    assert sint.picture.component == "sint"
    assert (
        DUTCH.number_word(hand) in figure.caption and DUTCH.number_word(reveals) in figure.caption
    )
