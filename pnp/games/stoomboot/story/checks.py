"""The checks of the Stoomboot examples' claims, read off fresh engine states.

The checks do not trust the event log the text was told from: they re-push
the pinned record's actions on a fresh engine state (no log,
:class:`~pnp.story.claims.Replay`) and read that state right after the action
each sentence speaks of: the cards under the positions, the pawns, the
Stoomrij, the delivered houses and the Kalender.
"""

from __future__ import annotations

from pnp.games.stoomboot.rules.actions import Action
from pnp.games.stoomboot.rules.cards import NO_CARD
from pnp.games.stoomboot.rules.config import StoombootConfig
from pnp.games.stoomboot.rules.state import StoombootState
from pnp.games.stoomboot.story.claims import KalenderCount, Placed, Table
from pnp.story import ClaimChecks, Replay, check

Game = Replay[StoombootConfig, StoombootState, Action]
"""A pinned record replayed on fresh engine states."""


def _after(game: Game, index: int) -> StoombootState:
    """The state right after action ``index`` of the record."""
    return game.state_after(index + 1)


def _check_placed(game: Game, claim: Placed) -> None:
    before, after = game.state_after(claim.index), _after(game, claim.index)
    slot, names = claim.position - 1, before.tables.names
    assert before.slot_card[slot] == NO_CARD
    assert claim.card in [names[c] for c in before.hands[before.to_move]]
    assert before.slot_open[slot] or not claim.face_up
    placed = f"place {claim.card} {claim.position}" + (" up" if claim.face_up else "")
    assert game.action(claim.index) == placed
    if slot < len(after.slot_card) and after.slot_card[slot] != NO_CARD:
        assert names[after.slot_card[slot]] == claim.card
        assert after.slot_up[slot] == claim.face_up
    else:  # the last empty position: the boat sailed within the same action (ST-B4)
        assert all(c != NO_CARD for i, c in enumerate(before.slot_card) if i != slot)


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
