"""The setup figure of the Sinterklaas rulebook: the table seen from above as a round begins.

Four players sit around the table: you at the bottom with your hand face up
and the Sintkaart (you are the Sint), the three others with their hands fanned
face down, every hand as large as the kit deals (SK-B3). In the middle lie the
stack (SK-B1) and the Pakjeskamer, where the Sint has just turned the first of
the round's reveals (SK-B4). The words (labels, caption) are phrases of
``cardspecs/sinterklaas/rulebook/voorbeelden.toml``, so a proofreader can change
them; the numbers come from the kit's settings.
"""

from __future__ import annotations

from pnp.example_model import CardPicture
from pnp.example_model.figures import (
    FAN_STEP,
    PILE_STEP,
    MapFigure,
    TableCard,
    TableFigure,
    TablePlace,
)
from pnp.games.sinterklaas.kit.spec_config import config_from_spec
from pnp.spec.model import GameSpec
from pnp.story.phrases import load_phrases

OWN_HAND = ("rood-3", "blauw-7", "groen-5", "groen-8", "geel-2", "paars-5", "rood-9", "paars-1")
"""The cards of your own hand, first as many as the kit deals (a hand of every colour)."""
FIRST_REVEAL = "groen-6"
"""The first card of the Pakjeskamer."""
PILE_CARDS = 4
"""Cards drawn in the stack (a pile shows at most four)."""
GAP = 0.5
"""Card widths between two places side by side."""


def _fan(cards: int) -> float:
    """The width of a fanned hand, in card widths."""
    return 1 + FAN_STEP * (cards - 1)


def setup(spec: GameSpec, chosen: tuple[str, ...]) -> tuple[TableFigure | MapFigure, ...]:
    """The table as a round begins, in a kit with ``chosen`` variants."""
    phrases = load_phrases(spec)
    config = config_from_spec(spec, chosen)
    hand, reveals = config.hand_size, config.reveals
    known = {row.id for row in spec.component("deck").rows}
    own = [card for card in OWN_HAND if card in known][:hand]
    if len(own) < hand:  # a changed deck table: any of its cards will do
        own += [row.id for row in spec.component("deck").rows if row.id not in own][
            : hand - len(own)
        ]
    back = CardPicture("deck", own[0])
    room = FIRST_REVEAL if FIRST_REVEAL in known else own[-1]
    sint = CardPicture("sint", spec.component("sint").rows[0].id)

    fan = _fan(hand)
    pile = 1 + PILE_STEP * (PILE_CARDS - 1)
    middle = max(fan, pile + GAP + 1)
    centre = fan + GAP  # the left edge of the middle column
    right = centre + middle + GAP
    you, left_name, across, right_name = phrases.names[:4]
    hidden = tuple(TableCard(back, back=True) for _ in range(hand))
    count = spec.language.number_word(hand)
    places = (
        TablePlace(phrases.say("setup_hand", name=across, count=count), hidden, centre, 0, "fan"),
        TablePlace(phrases.say("setup_hand", name=left_name, count=count), hidden, 0, 1, "fan"),
        TablePlace(
            phrases.say("setup_stack"),
            tuple(TableCard(back, back=True) for _ in range(PILE_CARDS)),
            centre,
            1,
            "pile",
        ),
        TablePlace(
            phrases.say("setup_room", reveals=spec.language.number_word(reveals)),
            (TableCard(CardPicture("deck", room)),),
            centre + pile + GAP,
            1,
        ),
        TablePlace(
            phrases.say("setup_hand", name=right_name, count=count), hidden, right, 1, "fan"
        ),
        TablePlace(
            phrases.say("setup_own", name=you),
            tuple(TableCard(CardPicture("deck", card)) for card in own),
            centre,
            2,
            "fan",
        ),
        TablePlace(phrases.say("setup_sint", name=you), (TableCard(sint),), centre + fan + GAP, 2),
    )
    caption = phrases.say(
        "setup_caption",
        players=spec.language.number_word(4),
        hand=count,
        reveals=spec.language.number_word(reveals),
    )
    return (TableFigure(places, caption),)
