"""Which examples the twaalf-dagen rulebook shows: their ids and kinds, in rulebook order.

Each kind of example is a situation the rules describe (a trick, a tie on the
lowest card, last cards taken back, gifts after a hand, the end of a game);
:data:`KIND_RULES` names the rule IDs each kind illustrates.
"""

from __future__ import annotations

from collections.abc import Mapping

from pnp.story.pinned import PinnedCase

KIND_TRICK = "trick"
KIND_TIE = "tie"
KIND_TAKE_BACK = "take-back"
KIND_GIFTS = "gifts"
KIND_GAME_END = "game-end"

KIND_RULES: Mapping[str, tuple[str, ...]] = {
    KIND_TRICK: ("TD-B2", "TD-B3", "TD-B4"),
    KIND_TIE: ("TD-B4",),
    KIND_TAKE_BACK: ("TD-B5",),
    KIND_GIFTS: ("TD-B5", "TD-B6"),
    KIND_GAME_END: ("TD-B6", "TD-B7", "TD-K1"),
}
"""The rule IDs each kind of example illustrates."""


PINNED_CASES: tuple[PinnedCase, ...] = (
    PinnedCase("slag-met-elven", KIND_TRICK),
    PinnedCase("gelijke-lage-kaart", KIND_TIE),
    PinnedCase("laatste-kaarten-terug", KIND_TAKE_BACK),
    PinnedCase("geschenken-na-een-hand", KIND_GIFTS),
    PinnedCase("einde-kort-spel", KIND_GAME_END),
)
