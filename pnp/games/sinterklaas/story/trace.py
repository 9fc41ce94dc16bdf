"""The Sinterklaas walker hooks: a game is told round by round.

A round opens with the first action after its deal and closes with the
action whose events end it (:class:`Rounds`) -- with the Handregel (SK-V3)
the last keep-or-discard choice after it; the table (:class:`Table`) is
noted before every action and at the round's start and end. A pinned
example's focus is the round.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.games.sinterklaas.rules import events as ev
from pnp.games.sinterklaas.rules.actions import Action
from pnp.games.sinterklaas.rules.engine import SinterklaasState
from pnp.games.sinterklaas.rules.steps import (
    DEAL,
    GIVE_BIG,
    INPAK_COLOUR,
    OPEN_BIG,
    OPEN_SMALL,
    STRIKE,
)
from pnp.games.sinterklaas.rules.steps import Step as Node
from pnp.story import Moment, Segment, Segments

FOCUS = ("round",)
"""The names of a pinned example's focus numbers: the round it tells."""


@dataclass(frozen=True)
class Table:
    """The table at one moment (card codes; bids without flags) and the agenda step."""

    round: int
    node: Node
    sint: int
    hands: tuple[tuple[int, ...], ...]
    bids: tuple[tuple[int, ...], ...]
    status: tuple[int, ...]
    room: tuple[int, ...]
    played: tuple[Action, ...] = ()
    """At a round's start: every action of the game before it (to replay it for its facts)."""

    @property
    def pile(self) -> int:
        """Cards in the bid pile (every bid together)."""
        return sum(len(bid) for bid in self.bids)


Play = Moment[Action, Table]
Round = Segment[Action, Table, Table]


class Rounds(Segments[SinterklaasState, Action, Table, Table]):
    """A round opens after its deal and closes with the action that ends it; with the
    Handregel (SK-V3) every player holding cards then keeps or discards them, and the round
    closes with the last of those choices."""

    def __init__(self) -> None:
        self.dealt = False
        self.opening = False
        """A round opens: the next snapshot is its start's."""
        self.hand_rule = False
        self.keeps = 0
        """Keep-or-discard choices still to come after the round ended (SK-V3)."""

    def opens(self, state: SinterklaasState, action: Action) -> bool:
        """The action after a deal."""
        opens, self.dealt = self.dealt, state.node[0] == DEAL
        self.opening = opens
        return opens

    def snapshot(self, state: SinterklaasState) -> Table:
        """The table now (at a round's start with the actions played before it)."""
        played, self.opening = tuple(state.history) if self.opening else (), False
        return Table(
            state.round,
            state.node,
            state.sint,
            tuple(state.hands),
            tuple(state.bid_cards(s) for s in range(state.num_players)),
            tuple(state.status),
            state.room,
            played,
        )

    def faced(self, state: SinterklaasState, action: Action) -> Table:
        """The table before the action."""
        self.hand_rule = state.config.hand_rule
        return self.snapshot(state)

    def closes(self, moment: Play) -> bool:
        """The round ends, and with the Handregel every hand is kept or discarded (SK-V3)."""
        for ended in moment.events_of(ev.RoundEnded):
            self.keeps = sum(1 for cards in ended.hands if cards) if self.hand_rule else 0
            return self.keeps == 0
        if self.keeps:
            self.keeps -= len(moment.events_of(ev.HandKept)) + len(
                moment.events_of(ev.HandDiscarded)
            )
            return self.keeps <= 0
        return False

    def focus(self, segment: Round) -> tuple[int]:
        """The round."""
        return (segment.start.round,)


def showdown_start(segment: Round) -> int:
    """Where in the moments the scoring starts: the first strike or Inpakpiet colour, else
    the action that shows the combinations (``len(moments)`` if never)."""
    for position, moment in enumerate(segment.moments):
        if moment.before.node[0] in (STRIKE, INPAK_COLOUR) or moment.has(ev.CombinationShown):
            return position
    return len(segment.moments)


def opening_end(segment: Round) -> int:
    """Where in the moments the opening of Wie kent hem niet ends (0 without one)."""
    opening = (GIVE_BIG, OPEN_SMALL, OPEN_BIG)
    ends = [p + 1 for p, m in enumerate(segment.moments) if m.before.node[0] in opening]
    return ends[-1] if ends else 0
