"""What one player of twaalf-dagen may know: the view policies read."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.games.twaalf_dagen.rules.actions import play_cards

if TYPE_CHECKING:
    from pnp.games.twaalf_dagen.rules.state import TwaalfDagenState


class TwaalfDagenView:
    """What one seat may know: their own cards plus public information.

    Other players' hands are not reachable through the view (their sizes are
    public). Policies receive this object, never the state.
    """

    __slots__ = ("_state", "seat")

    def __init__(self, state: TwaalfDagenState, seat: int) -> None:
        self._state = state
        self.seat = seat

    @property
    def num_players(self) -> int:
        """Number of seats."""
        return self._state.num_players

    @property
    def top(self) -> int:
        """Highest card number in the deck."""
        return self._state.top

    @property
    def hand(self) -> tuple[int, ...]:
        """Own cards as counts indexed by card number (index 0 and the last slot stay 0)."""
        return tuple(self._state.hands[self.seat])

    @property
    def hand_size(self) -> int:
        """Own number of cards."""
        return self._state.sizes[self.seat]

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """Cards held by every seat (public)."""
        return tuple(self._state.sizes)

    @property
    def gifts(self) -> tuple[int, ...]:
        """Gifts held by every seat (public)."""
        return tuple(self._state.gifts)

    @property
    def supply(self) -> int:
        """Gift cards left in the supply."""
        return self._state.supply

    @property
    def is_leading(self) -> bool:
        """True when this seat is to lead the trick."""
        return self._state.turns == 0

    @property
    def lead_kind(self) -> int:
        """Kind of the current lead (SINGLE/SET/STRAIGHT), 0 before the lead."""
        return self._state.lead_kind

    @property
    def lead_low(self) -> int:
        """Low card of the current lead, 0 before the lead."""
        return self._state.lead_low

    @property
    def best_low(self) -> int:
        """Lowest card played in this trick so far (a large number before the lead)."""
        return self._state.best_low

    @property
    def best_seat(self) -> int:
        """Seat currently winning the trick, -1 before the lead."""
        return self._state.best_seat

    @property
    def to_act_after(self) -> int:
        """How many players still act in this trick after this seat."""
        return self._state.num_players - self._state.turns - 1

    @property
    def trick(self) -> tuple[tuple[int, int], ...]:
        """Plays of the current trick as ``(seat, action)``."""
        return self._state.trick

    @property
    def deck_counts(self) -> tuple[int, ...]:
        """Copies of each card number in the whole deck (public)."""
        counts = [0] * (self._state.top + 2)
        for number, copies in self._state.config.card_counts.items():
            counts[number] = copies
        return tuple(counts)

    @property
    def seen_counts(self) -> tuple[int, ...]:
        """Cards seen leaving play this hand: discards plus the current trick."""
        seen = list(self._state.discards)
        for _, action in self._state.trick:
            for card in play_cards(action):
                seen[card] += 1
        return tuple(seen)
