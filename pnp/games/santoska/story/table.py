"""The Santoska table during a round, as a proofreader steps through an example: the
open discard (and a card just taken or drawn) in the middle, then every player's grid,
the top row beside the bottom row, face up (a proofreader sees every card), with their
total. The words are phrases of ``voorbeelden.toml``.
"""

from __future__ import annotations

from pnp.example_model.figures import Heap, TableCard, TableFigure, table_rows
from pnp.games.santoska.rules.cards import BOTTOM, NO_CARD, TOP
from pnp.games.santoska.story.steps import card_pictures
from pnp.games.santoska.story.trace import RoundScene, Table


def table_figure(scene: RoundScene, table: Table) -> tuple[TableFigure]:
    """The discard pile (and a card in hand), then each player's two rows."""

    def cards(numbers: tuple[int, ...]) -> tuple[TableCard, ...]:
        shown = tuple(n for n in numbers if n != NO_CARD)
        return tuple(TableCard(picture) for picture in card_pictures(scene, shown))

    middle = [Heap(scene.say("move_discard"), cards((table.discard,)), "pile")]
    holder, held = table.hand
    if holder >= 0:
        middle.append(Heap(scene.say("move_in_hand", name=scene.names[holder]), cards((held,))))
    n = table.row_length
    seats: list[tuple[Heap, ...]] = []
    for seat, name in enumerate(scene.names):
        grid = table.grids[seat]
        total = table.totals[seat]
        if not grid:
            seats.append((Heap(scene.say("move_out", name=name, total=total), ()),))
            continue
        rows = {row: tuple(grid[row * n : (row + 1) * n]) for row in (TOP, BOTTOM)}
        seats.append(
            tuple(
                Heap(scene.say(f"move_row_{row}", name=name, total=total), cards(rows[row]))
                for row in (TOP, BOTTOM)
            )
        )
    caption = scene.say("move_caption", round=table.round)
    return (table_rows(tuple(middle), tuple(seats), caption),)
