"""The rulebook's setup figure: the table after the first deal, seen from above (TD-B1).

The figure shows a real deal of the reference engine for :data:`PLAYERS`
players with the kit's tables and variants: the dealer is drawn as seat
:data:`DEALER`, so the first player of the phrase file's names sits left of
the dealer and leads. Around the table, clockwise from the bottom: that
player's own hand face up and sorted, then the other hands as fanned backs
(the real hand size), the gift supply and the cards left out of this ronde.
With ``kort`` everyone has taken a gift from the supply first (TD-K1).

Labels and the caption are Dutch phrases of ``rulebook/voorbeelden.toml``
(the ``setup_*`` keys), so a proofreader changes them there.
"""

from __future__ import annotations

import random

from pnp.example_model import CardPicture
from pnp.example_model.figures import TableCard, TableFigure, TablePlace
from pnp.games.twaalf_dagen.kit.spec_config import config_from_spec, deck_rows
from pnp.games.twaalf_dagen.rules.actions import ChooseDealer
from pnp.games.twaalf_dagen.rules.engine import ENGINE
from pnp.games.twaalf_dagen.rules.state import TwaalfDagenState
from pnp.spec.model import GameSpec
from pnp.story.phrases import load_phrases

PLAYERS = 4
"""Players at the table of the figure (as in the examples)."""
DEALER = PLAYERS - 1
"""The dealer's seat: right of seat 0, who leads the first trick."""
SEED = 0
"""The seed of the deal shown."""
FAN = 1 + 0.3 * 11
"""Card widths a fanned hand of twelve cards takes (the figure's fans are at most that)."""
GAP = 0.4
"""Card widths between two places side by side."""
PILE_INSET = 0.6
"""Card widths between the table's side and a pile (room for the pile's label)."""


def dealt_hands(spec: GameSpec, chosen: tuple[str, ...]) -> tuple[TwaalfDagenState, int]:
    """The engine's state after the first deal, and the cards dealt per player."""
    config = config_from_spec(spec, chosen)
    state = ENGINE.new_state(config, PLAYERS)
    state.push(ChooseDealer(DEALER))
    state.push(ENGINE.sample_chance(state, random.Random(SEED)))
    return state, config.hand_sizes[PLAYERS]


def setup_figures(spec: GameSpec, chosen: tuple[str, ...]) -> tuple[TableFigure, ...]:
    """The table after the first deal (the game hook ``setup``).

    Three rows on a grid of card widths: the supply, the hand across and the
    cards left out; the hands left and right (the dealer); your own hand (and
    with ``kort`` your gift). Clockwise from the bottom: you, left, across, right.
    """
    phrases = load_phrases(spec)
    state, size = dealt_hands(spec, chosen)
    rows = deck_rows(spec)
    gift = TableCard(CardPicture("gifts", spec.component("gifts").rows[0].id))
    back = TableCard(CardPicture("deck", rows[1].id), back=True)
    own = tuple(TableCard(CardPicture("deck", rows[n].id)) for n in state.hand_cards(0))
    names = phrases.names_from(0, PLAYERS)
    cards = phrases.count("kaart", size)
    left, across, right = names[1], names[2], names[DEALER]
    out = state.config.deck_size - PLAYERS * size
    width = 2 * FAN + GAP
    middle = (width - FAN) / 2

    def say(key: str, **fields: str) -> str:
        return phrases.say(key, cards=cards, **fields)

    places = [
        TablePlace(
            say("setup_supply", count=phrases.count("geschenk", state.supply)),
            (gift,) * state.supply,
            PILE_INSET,
            0,
            "pile",
        ),
        TablePlace(say("setup_hand", name=across), (back,) * size, middle, 0, "fan"),
        TablePlace(
            say("setup_out", count=phrases.count("kaart", out)),
            (back,) * out,
            width - 1 - PILE_INSET,
            0,
            "pile",
        ),
        TablePlace(say("setup_hand", name=left), (back,) * size, 0, 1, "fan"),
        TablePlace(say("setup_dealer", name=right), (back,) * size, FAN + GAP, 1, "fan"),
        TablePlace(say("setup_own", name=names[0]), own, middle, 2, "fan"),
    ]
    if state.config.start_gifts:
        gifts = (gift,) * state.config.start_gifts
        places.append(TablePlace(say("setup_own_gift"), gifts, middle + FAN + GAP, 2, "pile"))
    key = "setup_caption_gifts" if state.config.start_gifts else "setup_caption"
    caption = phrases.say(
        key, players=spec.language.number_word(PLAYERS).capitalize(), dealer=right, leader=names[0]
    )
    return (TableFigure(tuple(places), caption),)
