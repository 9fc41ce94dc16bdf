"""The Stoomboot table during a round, as a proofreader steps through an example: the map
with its pawns and the houses delivered so far, and the Stoomrij. The words are phrases of
``voorbeelden.toml``.
"""

from __future__ import annotations

from pnp.example_model.figures import MapFigure, RowFigure
from pnp.games.stoomboot.example_steps import Telling, board_figure
from pnp.games.stoomboot.example_trace import Seen


def table_figure(ctx: Telling, seen: Seen) -> tuple[MapFigure | RowFigure, ...]:
    """The map as it is now, and the Stoomrij beside it."""
    drawn: list[MapFigure | RowFigure] = []
    if seen.tiles:
        caption = ctx.say("move_map", delivered=len(seen.delivered))
        drawn.append(board_figure(ctx, seen.tiles, seen, caption))
    if seen.row:
        row = tuple(ctx.picture(card) for card in seen.row)
        drawn.append(RowFigure(row, (), ctx.say("move_row")))
    return tuple(drawn)
