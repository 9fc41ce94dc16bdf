"""The twaalf-dagen walker hooks: a game is told trick by trick.

A trick opens with a lead and closes with the action that wins it
(:class:`Tricks`); the trace walker of :mod:`pnp.story.walk` notes the table
at its start and end (:class:`Table`) and what each player faced before
acting (:class:`Faced`). A pinned example's focus is the hand and the trick
in it.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.games.twaalf_dagen.rules.actions import PASS, Action, play_cards
from pnp.games.twaalf_dagen.rules.events import TrickWon
from pnp.games.twaalf_dagen.rules.state import TwaalfDagenState
from pnp.story import Moment, Scene, Segment, Segments

FOCUS = ("hand", "trick")
"""The names of a pinned example's focus numbers: the hand and the trick in it."""


@dataclass(frozen=True)
class Faced:
    """What a player faced before acting, and the cards they played (empty for a pass)."""

    cards: tuple[int, ...]
    legal: tuple[int, ...]
    hand: tuple[int, ...]
    """The player's cards before the action."""
    best_low: int
    best_seat: int

    @property
    def responses(self) -> tuple[tuple[int, ...], ...]:
        """The cards of every legal action that is not a pass."""
        return tuple(play_cards(a) for a in self.legal if a != PASS)


@dataclass(frozen=True)
class Table:
    """Every seat's cards and gifts, and the numbers of the hand and the trick about to start."""

    hands: tuple[tuple[int, ...], ...]
    gifts: tuple[int, ...]
    hand: int
    trick: int
    played: tuple[tuple[int, tuple[int, ...]], ...] = ()
    """The trick on the table so far: each seat that played or passed, with its cards."""


Play = Moment[Action, Faced]
Trick = Segment[Action, Faced, Table]
TrickScene = Scene[Action, Faced, Table]


class Tricks(Segments[TwaalfDagenState, Action, Faced, Table]):
    """A trick opens with a lead and closes with the action after which it is won."""

    def opens(self, state: TwaalfDagenState, action: Action) -> bool:
        """A player leads."""
        return state.current_player() >= 0 and state.is_leading

    def snapshot(self, state: TwaalfDagenState) -> Table:
        """Hands, gifts and the numbers of the next trick."""
        hands = tuple(state.hand_cards(seat) for seat in range(state.num_players))
        played = tuple((seat, play_cards(action)) for seat, action in state.trick)
        return Table(hands, tuple(state.gifts), state.hand_number, state.trick_number + 1, played)

    def faced(self, state: TwaalfDagenState, action: Action) -> Faced:
        """The player's hand and legal actions, and the lowest card so far."""
        cards = play_cards(action) if isinstance(action, int) else ()
        legal = tuple(state.legal_actions())
        hand = state.hand_cards(state.to_move)
        return Faced(cards, legal, hand, state.best_low, state.best_seat)

    def closes(self, moment: Play) -> bool:
        """The trick is won."""
        return moment.has(TrickWon)

    def focus(self, segment: Trick) -> tuple[int, int]:
        """The hand and the trick."""
        return segment.start.hand, segment.start.trick
