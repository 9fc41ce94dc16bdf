"""What one player may know: :class:`SantoskaView`, the only thing policies see (SA-B2).

A player knows a card in a grid only if they have seen it go there: their own
bottom row from the peek at the start of the round (SA-B2), every card they
swapped in themselves, and every card anybody swapped in from the open
discard pile (everyone saw it). Face-down cards are ``None``. The discard
pile is public (every card in it was laid face up), the draw pile only by its
size; a card drawn from the draw pile is seen by its drawer alone until it is
discarded. The totals, who is out, the Arriba cards and the Stop card are
public.
"""

from __future__ import annotations

from operator import sub

from pnp.games.santoska.rules.cards import NO_CARD
from pnp.games.santoska.rules.config import SantoskaConfig
from pnp.games.santoska.rules.phases import PHASE_NAMES
from pnp.games.santoska.rules.position import SantoskaPosition

Cell = int | None
"""A card as a player knows it: its code, or ``None`` when they have not seen it."""


class SantoskaView:
    """A read-only window on the state for one seat."""

    __slots__ = ("_state", "seat")

    def __init__(self, state: SantoskaPosition, seat: int) -> None:
        self._state = state
        self.seat = seat

    # -- the rules and the table (public) -----------------------------------------

    @property
    def config(self) -> SantoskaConfig:
        """The configuration (deck and rules are public)."""
        return self._state.config

    @property
    def num_players(self) -> int:
        """Number of seats."""
        return self._state.num_players

    @property
    def row_length(self) -> int:
        """Cards per row."""
        return self._state.row_length

    @property
    def phase(self) -> str:
        """``draw``, ``place`` or ``call`` during a turn (see ``phases``)."""
        return PHASE_NAMES[self._state.phase]

    @property
    def round(self) -> int:
        """The current round (1-based)."""
        return self._state.round

    @property
    def turn(self) -> int:
        """Turns begun in this round (public: everybody can count them)."""
        return self._state.turn

    @property
    def to_move(self) -> int:
        """The seat to act (-1 at chance nodes)."""
        return self._state.to_move

    @property
    def totals(self) -> tuple[int, ...]:
        """Running totals of every seat (the score sheet)."""
        return tuple(self._state.totals)

    @property
    def remaining(self) -> tuple[int, ...]:
        """Seats still in the game."""
        return self._state.remaining()

    @property
    def arriba(self) -> tuple[bool, ...]:
        """Per seat: has called Arriba this round (the card lies on the table)."""
        return tuple(self._state.arriba)

    @property
    def stopper(self) -> int:
        """The seat holding the Stop card this round, -1 before a Stop."""
        return self._state.stopper

    @property
    def final_lap(self) -> bool:
        """True once somebody has called Stop."""
        return self._state.stopper >= 0

    def active_row(self, seat: int | None = None) -> int:
        """The active row of ``seat`` (default: this seat): 0 bottom, 1 top."""
        return self._state.active_row(self.seat if seat is None else seat)

    @property
    def discard_pile(self) -> tuple[int, ...]:
        """The discard pile from the bottom up; its last card is the open one."""
        return tuple(self._state.discard)

    @property
    def discard_top(self) -> int:
        """The open card of the discard pile (``NO_CARD`` if a player just took the last one)."""
        discard = self._state.discard
        return discard[-1] if discard else NO_CARD

    @property
    def pile_size(self) -> int:
        """Cards in the draw pile."""
        return len(self._state.pile)

    # -- cards this seat may know ----------------------------------------------------

    @property
    def hand(self) -> int:
        """The card in hand of the player to act, if this seat may know it, else ``NO_CARD``.

        The drawer knows a card drawn from the draw pile; a card taken from the
        discard pile is known to everyone.
        """
        state = self._state
        if state.hand == NO_CARD:
            return NO_CARD
        if state.to_move == self.seat or state.hand_taken:
            return state.hand
        return NO_CARD

    @property
    def hand_taken(self) -> bool:
        """True when the card in hand came from the discard pile (known to everyone)."""
        return self._state.hand_taken

    def cells(self, seat: int | None = None) -> tuple[Cell, ...]:
        """The grid of ``seat`` (default: this seat) as this seat knows it.

        Bottom row first; ``None`` for every card this seat has not seen.
        """
        owner = self.seat if seat is None else seat
        bit = 1 << self.seat
        grid = self._state.grids[owner]
        known = self._state.known[owner]
        return tuple([card if mask & bit else None for card, mask in zip(grid, known, strict=True)])

    def unseen_counts(self) -> dict[int, int]:
        """Card -> copies whose place this seat does not know (draw pile or face down).

        The deck minus the discard pile, every grid card this seat knows and
        the card in hand if this seat may see it.
        """
        counts: dict[int, int] = {}
        for card in self._state.deck:
            counts[card] = counts.get(card, 0) + 1
        for card in self._state.discard:
            counts[card] -= 1
        for seat in range(self._state.num_players):
            for cell in self.cells(seat):
                if cell is not None:
                    counts[cell] -= 1
        hand = self.hand
        if hand != NO_CARD:
            counts[hand] -= 1
        return {card: copies for card, copies in counts.items() if copies > 0}

    def unseen_tally(self) -> list[int]:
        """:meth:`unseen_counts` as a list indexed by card code (zero and below included).

        The same subtraction from the tallies the state keeps (the discard
        pile's, the grid cards this seat knows) without walking any grid: the
        policies call it at every decision.
        """
        state = self._state
        deck = state.deck_tally
        discard = state.discard_tally
        seen = state.seen_tally[self.seat]
        if len(discard) == len(deck) == len(seen):
            counts = list(map(sub, map(sub, deck, discard), seen))
        else:  # a set-up position with cards the deck does not have
            counts = [0] * max(len(deck), len(discard), len(seen))
            for card, copies in enumerate(deck):
                counts[card] += copies
            for tally in (discard, seen):
                for card, copies in enumerate(tally):
                    counts[card] -= copies
        hand = self.hand
        if hand != NO_CARD:
            counts[hand] -= 1
        return counts
