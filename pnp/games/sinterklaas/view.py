"""What one player may know: :class:`SinterklaasView`, the only thing policies see.

Hidden: other players' hands (their sizes are public), the unseen stack (its
size is public), face-down bid cards of others (shown as 0), other players'
scored piles (their sizes are public) and a Kijkpiet card seen by someone
else. Everything on the table is public: bids, the Pakjeskamer, the Sint
cards, who is still bidding, the limit, the discard pile.
"""

from __future__ import annotations

from pnp.games.sinterklaas.rules.cards import CardTable
from pnp.games.sinterklaas.rules.config import SinterklaasConfig
from pnp.games.sinterklaas.rules.position import SinterklaasPosition
from pnp.games.sinterklaas.rules.steps import CARD_MASK, FACE_DOWN, LAP, TURN_STEPS, Step
from pnp.games.sinterklaas.rules.turns import highest_of_others


class SinterklaasView:
    """A read-only window on the state for one seat."""

    __slots__ = ("_state", "seat")

    def __init__(self, state: SinterklaasPosition, seat: int) -> None:
        self._state = state
        self.seat = seat

    # -- the rules and the deck (public) ----------------------------------------

    @property
    def config(self) -> SinterklaasConfig:
        """The configuration (deck and rules are public)."""
        return self._state.config

    @property
    def table(self) -> CardTable:
        """Colour, number and points of every card code."""
        return self._state.table

    @property
    def num_players(self) -> int:
        """Number of seats."""
        return self._state.num_players

    # -- what is being asked ----------------------------------------------------

    @property
    def step(self) -> Step:
        """The current agenda step (kind and arguments; see ``steps``)."""
        return self._state.node

    @property
    def in_turn(self) -> bool:
        """True when the decision is a bidding turn (opening or lap)."""
        step = self._state.node
        return bool(step) and step[0] in TURN_STEPS

    @property
    def turn_added(self) -> int:
        """Cards this seat has bid in the current turn."""
        return self._state.turn_added if self._state.to_move == self.seat else 0

    # -- own cards --------------------------------------------------------------

    @property
    def hand(self) -> tuple[int, ...]:
        """Own hand cards (ascending codes)."""
        return self._state.hands[self.seat]

    @property
    def own_bid(self) -> tuple[int, ...]:
        """Own bid entries (codes with flags; see ``steps.FACE_DOWN``/``LOCKED``)."""
        return self._state.bids[self.seat]

    @property
    def scored(self) -> tuple[int, ...]:
        """Own scored cards."""
        return self._state.scored[self.seat]

    @property
    def known_top(self) -> int:
        """The top stack card if this seat saw it with Kijkpiet, else 0."""
        state = self._state
        return state.stack_top if state.top_seen >> self.seat & 1 else 0

    @property
    def inpak_colours(self) -> tuple[int, ...]:
        """Colours chosen for own Inpakpiet cards this showdown."""
        return self._state.inpak[self.seat]

    @property
    def struck(self) -> tuple[int, ...]:
        """Own Pietje Precies strikes this showdown (0 for none)."""
        return self._state.struck[self.seat]

    # -- the table (public) -------------------------------------------------------

    @property
    def room(self) -> tuple[int, ...]:
        """The Pakjeskamer, in reveal order."""
        return self._state.room

    def bid(self, seat: int) -> tuple[int, ...]:
        """``seat``'s bid cards; another player's face-down cards show as 0."""
        entries = self._state.bids[seat]
        if seat == self.seat:
            return tuple(e & CARD_MASK for e in entries)
        return tuple(0 if e & FACE_DOWN else e & CARD_MASK for e in entries)

    def seen_bids(self) -> list[int]:
        """Every bid card this seat can see, seat by seat in bid order: its own bid whole,
        the face-up cards of the others (what :meth:`bid` shows, without the 0s)."""
        seat = self.seat
        return [
            e & CARD_MASK
            for other, entries in enumerate(self._state.bids)
            for e in entries
            if other == seat or not e & FACE_DOWN
        ]

    @property
    def bid_sizes(self) -> tuple[int, ...]:
        """Every seat's bid size."""
        return tuple(map(len, self._state.bids))

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """Every seat's hand size."""
        return tuple(map(len, self._state.hands))

    @property
    def scored_sizes(self) -> tuple[int, ...]:
        """Every seat's number of scored cards."""
        return tuple(map(len, self._state.scored))

    @property
    def status(self) -> tuple[int, ...]:
        """Every seat's status this round (IN, STOPPED, ALL_IN)."""
        return tuple(self._state.status)

    @property
    def highest_of_others(self) -> int:
        """The highest bid among the other players still bidding."""
        return highest_of_others(self._state, self.seat)

    @property
    def sint(self) -> int:
        """The Sint's seat."""
        return self._state.sint

    @property
    def big_sint(self) -> int:
        """The Big Sint's seat (-1 when unused)."""
        return self._state.big_sint

    @property
    def limit(self) -> int:
        """The minimum hand of this round (SK-V3; 0 for none)."""
        return self._state.limit

    @property
    def stack_size(self) -> int:
        """Cards left in the stack."""
        return self._state.stack_size()

    @property
    def discard(self) -> tuple[int, ...]:
        """The discard pile (everything in it was seen)."""
        return self._state.discard

    @property
    def round(self) -> int:
        """The round number (1-based)."""
        return self._state.round

    @property
    def reveals_left(self) -> int:
        """Pakjeskamer reveals still to come this round (lap reveals only)."""
        laps = sum(1 for step in self._state.agenda if step[0] == LAP)
        step = self._state.node
        return laps - (1 if step and step[0] == LAP else 0)
