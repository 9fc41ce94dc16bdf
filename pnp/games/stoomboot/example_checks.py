"""The checks of the Stoomboot examples' claims, read off fresh engine states.

The checks do not trust the event log the text was told from: they re-push
the pinned record's actions on a fresh engine state (no log,
:class:`~pnp.story.claims.Replay`) and read that state right after the action
each sentence speaks of: the cards under the positions, the pawns, the
Stoomrij, the delivered houses and the Kalender.
"""

from __future__ import annotations

from pnp.games.stoomboot.actions import Action
from pnp.games.stoomboot.config import StoombootConfig
from pnp.games.stoomboot.example_claims import KalenderCount, Placed, Table
from pnp.games.stoomboot.state import StoombootState
from pnp.story import ClaimChecks, Replay, check

Game = Replay[StoombootConfig, StoombootState, Action]
"""A pinned record replayed on fresh engine states."""


def _after(game: Game, index: int) -> StoombootState:
    """The state right after action ``index`` of the record."""
    return game.state_after(index + 1)


def _check_placed(game: Game, claim: Placed) -> None:
    state, slot = _after(game, claim.index), claim.position - 1
    assert state.tables.names[state.slot_card[slot]] == claim.card
    assert state.slot_up[slot] == claim.face_up


def _check_kalender(game: Game, claim: KalenderCount) -> None:
    assert len(_after(game, claim.index).kalender) == claim.count


def _check_table(game: Game, claim: Table) -> None:
    state = _after(game, claim.index)
    pawns = sorted(
        (state.pawn_name(p), state.sq(sq), state.head(state.pawn_head[p]))
        for p, sq in enumerate(state.pawn_sq)
        if sq >= 0
    )
    delivered = sorted(
        state.sq(sq)
        for sq, house in enumerate(state.house_at)
        if house >= 0 and state.delivered[house]
    )
    row = tuple(state.tables.names[c] for c in state.row)
    assert (pawns, row, delivered) == (sorted(claim.pawns), claim.row, sorted(claim.delivered))


CHECKS: ClaimChecks[Game] = ClaimChecks(
    check(Placed, _check_placed),
    check(KalenderCount, _check_kalender),
    check(Table, _check_table),
)
"""The check of every claim type of the Stoomboot examples."""
