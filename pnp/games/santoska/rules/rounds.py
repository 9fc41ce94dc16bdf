"""The end of a round and of the game (SA-B6, SA-B7).

At the end of a round every grid still in play is turned face up and scored
(:mod:`~pnp.games.santoska.rules.scoring`); the points go onto the running totals.
Then, in this order (SA-B7):

1. a player whose total is exactly the limit (100) wins at once; DECISION:
   several such players share the win, and nobody is eliminated in that
   round (the game stops at once);
2. every player over the limit is eliminated;
3. one player left: they win; DECISION: if the last players all went over
   together, the lowest of their totals wins (ties share);
4. DECISION (safeguard): after ``round_limit`` rounds the lowest total
   still in the game wins (ties share);
5. otherwise the deal passes clockwise: DECISION: the next dealer is the
   next player still in the game after the last dealer, and the player
   after the dealer starts the round.
"""

from __future__ import annotations

from pnp.games.santoska.rules.cards import cell_name
from pnp.games.santoska.rules.events import GameEnded, GridScored, PlayerEliminated, RoundEnded
from pnp.games.santoska.rules.phases import PHASE_DEAL, PHASE_OVER
from pnp.games.santoska.rules.position import RoundResult, SantoskaPosition
from pnp.games.santoska.rules.scoring import score_grid

REASON_EXACT = "exact-limit"
REASON_LAST = "last-player"
REASON_ALL_OUT = "all-out"
REASON_ROUND_LIMIT = "round-limit"


def end_round(state: SantoskaPosition, *, capped: bool) -> None:
    """Score every grid, update the totals, eliminate, maybe end the game, else deal on."""
    config = state.config
    row_length = state.row_length
    log_on = state.log_on
    if log_on:
        state.emit(RoundEnded(state.round, state.stopper, state.turn, capped))
    remaining = state.remaining()
    points: list[tuple[int, int]] = []
    for seat in remaining:
        grid = state.grids[seat]
        score = score_grid(grid, row_length, config.santoska_penalty, config.santoska_bonus)
        state.journal_set(state.totals, seat, state.totals[seat] + score.points)
        points.append((seat, score.points))
        if log_on:
            groups = tuple(
                (g.card, tuple(cell_name(c, row_length) for c in g.cells), g.points)
                for g in score.groups
            )
            state.emit(
                GridScored(
                    seat,
                    state.round,
                    tuple(grid[:row_length]),
                    tuple(grid[row_length:]),
                    groups,
                    score.points,
                    state.totals[seat],
                )
            )
    state.journal_append(
        state.results,
        RoundResult(state.round, state.stopper, state.turn, capped, tuple(points)),
    )
    state.to_move = -1
    totals = state.totals
    limit = config.limit
    exact = tuple(seat for seat in remaining if totals[seat] == limit)
    if exact:
        _finish(state, exact, REASON_EXACT)
        return
    over = [seat for seat in remaining if totals[seat] > limit]
    for seat in over:
        state.journal_set(state.out, seat, True)
        if log_on:
            state.emit(PlayerEliminated(seat, state.round, totals[seat], limit))
    left = [seat for seat in remaining if not state.out[seat]]
    if len(left) == 1:
        _finish(state, tuple(left), REASON_LAST)
    elif not left:
        _finish(state, _lowest(state, over), REASON_ALL_OUT)
    elif state.round >= config.round_limit:
        _finish(state, _lowest(state, left), REASON_ROUND_LIMIT)
    else:
        state.dealer = state.next_seat(state.dealer)
        state.phase = PHASE_DEAL


def _lowest(state: SantoskaPosition, seats: list[int]) -> tuple[int, ...]:
    best = min(state.totals[seat] for seat in seats)
    return tuple(seat for seat in seats if state.totals[seat] == best)


def _finish(state: SantoskaPosition, winners: tuple[int, ...], reason: str) -> None:
    state.winners = winners
    state.end_reason = reason
    state.phase = PHASE_OVER
    if state.log_on:
        state.emit(GameEnded(winners, tuple(state.totals), state.round, reason))
