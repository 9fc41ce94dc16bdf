"""The Sinterklaas table during a round, as a proofreader steps through an example.

The Pakjeskamer in the middle, then every player: their hand and their bid, face up (a
proofreader sees every card), the Sint and the players who stopped named in the labels.
The words are phrases of ``voorbeelden.toml``.
"""

from __future__ import annotations

from pnp.example_model.figures import Heap, TableCard, TableFigure, table_rows
from pnp.games.sinterklaas.rules.cards import card_name
from pnp.games.sinterklaas.rules.steps import STOPPED
from pnp.games.sinterklaas.story.steps import RoundTelling
from pnp.games.sinterklaas.story.trace import Table


def _cards(ctx: RoundTelling, codes: tuple[int, ...]) -> tuple[TableCard, ...]:
    return tuple(TableCard(picture) for picture in ctx.pictures([card_name(c) for c in codes]))


def table_figure(ctx: RoundTelling, table: Table) -> tuple[TableFigure]:
    """The table: the Pakjeskamer, then each player's hand and bid."""
    middle = (Heap(ctx.say("move_room"), _cards(ctx, table.room)),)
    seats = []
    for seat, name in enumerate(ctx.names):
        key = "sint" if seat == table.sint else "stopped" if table.status[seat] == STOPPED else ""
        hand = ctx.say(f"move_hand_{key}" if key else "move_hand", name=name)
        seats.append(
            (
                Heap(hand, _cards(ctx, table.hands[seat]), "fan"),
                Heap(ctx.say("move_bid", name=name), _cards(ctx, table.bids[seat])),
            )
        )
    caption = ctx.say("move_caption", round=table.round)
    return (table_rows(middle, tuple(seats), caption),)
