"""The table of 12 Dagen van Kerstmis during a trick, as a proofreader steps through an
example: the cards played to the trick so far in the middle, then every player's hand (face
up: a proofreader sees every card) and gifts. The words are phrases of ``voorbeelden.toml``.
"""

from __future__ import annotations

from pnp.example_model import CardPicture
from pnp.example_model.figures import Heap, TableCard, TableFigure, table_rows
from pnp.games.twaalf_dagen.kit.spec_config import deck_rows
from pnp.games.twaalf_dagen.story.trace import Table, TrickScene


def table_figure(scene: TrickScene, table: Table) -> tuple[TableFigure]:
    """The trick on the table, then each player's hand and gifts."""
    rows = deck_rows(scene.spec)

    def cards(numbers: tuple[int, ...]) -> tuple[TableCard, ...]:
        return tuple(TableCard(CardPicture("deck", rows[n].id)) for n in numbers)

    gift = TableCard(CardPicture("gifts", scene.spec.component("gifts").rows[0].id))
    middle = tuple(
        Heap(scene.say("move_played", name=scene.names[seat]), cards(shown))
        for seat, shown in table.played
        if shown
    ) or (Heap(scene.say("move_trick_empty"), ()),)
    seats = tuple(
        (
            Heap(scene.say("move_hand", name=name), cards(table.hands[seat]), "fan"),
            Heap(scene.say("move_gifts", name=name), (gift,) * table.gifts[seat]),
        )
        for seat, name in enumerate(scene.names)
    )
    caption = scene.say("move_caption", hand=table.hand, trick=table.trick)
    return (table_rows(middle, tuple(seats), caption),)
