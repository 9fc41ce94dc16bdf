"""The setup figure of the Santoska rulebook: the table seen from above at the start of a round.

Two players side by side, each with two rows of face-down cards as long as the kit's rows
(SA-B1) and an Arriba card (SA-C2); in the middle the draw pile, the discard pile with its
first open card and the Stop card. The words (labels, caption) are phrases of
``cardspecs/santoska/rulebook/voorbeelden.toml``, so a proofreader can change them.
"""

from __future__ import annotations

from pnp.example_model import CardPicture
from pnp.example_model.figures import GAP, PILE_STEP, MapFigure, TableCard, TableFigure, TablePlace
from pnp.games.santoska.kit.spec_config import ARRIBA_ROW, STOP_ROW, config_from_spec
from pnp.spec.model import GameSpec
from pnp.story.phrases import load_phrases

PLAYERS = 2
"""Players drawn at the table (every player's place looks the same)."""
ARRIBA_GAP = 0.3
"""Card widths between a bottom row and the Arriba card beside it."""
PLAYER_GAP = 1.0
"""Card widths between two players' places."""
PILE_CARDS = 4
"""Cards drawn in the draw pile (a pile shows at most four)."""
MIDDLE_GAP = 1.0
"""Card widths between the piles in the middle."""


def _row_width(cards: int) -> float:
    return cards + GAP * (cards - 1)


def setup(spec: GameSpec, chosen: tuple[str, ...]) -> tuple[TableFigure | MapFigure, ...]:
    """The table at the start of a round of a kit with ``chosen`` variants."""
    phrases = load_phrases(spec)
    n = config_from_spec(spec, chosen).row_length
    numbers = spec.component("getallen").rows
    back = CardPicture("getallen", numbers[0].id)
    opened = CardPicture("getallen", numbers[len(numbers) // 2].id)
    arriba = CardPicture("markeringen", ARRIBA_ROW)
    stop = CardPicture("markeringen", STOP_ROW)
    hidden = tuple(TableCard(back, back=True) for _ in range(n))
    width = _row_width(n) + ARRIBA_GAP + 1
    places: list[TablePlace] = []
    for seat, name in enumerate(phrases.names[:PLAYERS]):
        left = seat * (width + PLAYER_GAP)
        places += [
            TablePlace(phrases.say("table_top", name=name), hidden, left, 0),
            TablePlace(phrases.say("table_bottom", name=name), hidden, left, 1),
            TablePlace(
                phrases.say("table_arriba"),
                (TableCard(arriba),),
                left + _row_width(n) + ARRIBA_GAP,
                1,
            ),
        ]
    draw_pile = tuple(TableCard(back, back=True) for _ in range(PILE_CARDS))
    middle = [
        (phrases.say("table_draw"), draw_pile, "pile"),
        (phrases.say("table_discard"), (TableCard(opened),), "pile"),
        (phrases.say("table_stop"), (TableCard(stop),), "row"),
    ]
    total = PLAYERS * width + (PLAYERS - 1) * PLAYER_GAP
    pile_width = 1 + PILE_STEP * (PILE_CARDS - 1)
    step = pile_width + MIDDLE_GAP
    col = (total - (len(middle) - 1) * step - 1) / 2
    for label, cards, spread in middle:
        places.append(TablePlace(label, cards, col, 2, spread))
        col += step
    caption = phrases.say(
        "table_caption",
        players=spec.language.number_word(PLAYERS),
        row_length=spec.language.number_word(n),
    )
    return (TableFigure(tuple(places), caption),)
