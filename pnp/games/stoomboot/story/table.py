"""The Stoomboot table during a round, as a proofreader steps through an example: the map
with its pawns and the houses delivered so far, the Stoomrij, and every player's hand (face
up: a proofreader sees every card). The words are phrases of ``voorbeelden.toml``.
"""

from __future__ import annotations

from pnp.example_model.figures import Heap, MapFigure, RowFigure, TableCard, TableFigure, table_rows
from pnp.games.stoomboot.story.steps import RoundTelling, board_figure
from pnp.games.stoomboot.story.trace import Seen


def table_figure(ctx: RoundTelling, seen: Seen) -> tuple[MapFigure | RowFigure | TableFigure, ...]:
    """The map as it is now, the Stoomrij beside it, and the hands under them."""
    drawn: list[MapFigure | RowFigure | TableFigure] = []
    if seen.tiles:
        caption = ctx.say("move_map", delivered=len(seen.delivered))
        drawn.append(board_figure(ctx, seen.tiles, seen, caption))
    if seen.row:
        row = tuple(ctx.picture(card) for card in seen.row)
        drawn.append(RowFigure(row, (), ctx.say("move_row")))
    if any(seen.hands):
        seats = tuple(
            (Heap(ctx.say("move_hand", name=ctx.name(seat)),
                  tuple(TableCard(ctx.picture(card)) for card in hand), "fan"),)
            for seat, hand in enumerate(seen.hands)
        )  # fmt: skip
        drawn.append(table_rows((), seats, ctx.say("move_hands")))
    return tuple(drawn)
