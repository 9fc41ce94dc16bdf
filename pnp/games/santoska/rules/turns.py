"""A turn: draw, swap or discard, and the calls Arriba and Stop (SA-B3, SA-B4, SA-B5).

A turn has up to three moves, one per phase:

1. ``take`` the open top card of the discard pile or ``draw`` the top card of
   the draw pile (``draw`` only while the draw pile has cards);
2. ``swap <col>`` it with a card of the active row (bottom row until the
   player's Arriba, then the top row); the card swapped out goes face up on
   the discard pile. Or ``discard`` the card in hand face up. DECISION
   (SA-B3): this holds for both piles, so a card taken from the discard pile
   may go straight back (the rules' "may" makes the swap optional whichever
   pile the card came from);
3. only while nobody has called Stop: ``end`` the turn, or call ``arriba``
   (bottom row active) or ``stop`` (top row active). DECISION (SA-B4/SA-B5):
   a call comes at the end of a turn, after the discard, and a turn has at
   most one call; Arriba may be called at the end of any of your turns
   (even the first); Stop only at the end of a later turn than your Arriba,
   so the top row is active for at least one turn; only one Stop per round.

After a Stop every other player still in the game has exactly one more turn,
clockwise from the stopper's left (their turns are marked ``final`` in the
log, and they make no calls); then the round ends (see
:mod:`~pnp.games.santoska.rules.rounds`).

Safeguard: a round in which nobody has called Stop after ``lap_limit`` laps
(``lap_limit`` turns per player) ends at once and is scored as it lies
(:class:`~pnp.games.santoska.rules.events.RoundEnded` with ``capped``).

When the draw pile is empty at the end of a turn and the discard pile holds
more than its open card, a chance node reshuffles the discard pile except its
open card into a new draw pile before the next turn (see
:mod:`~pnp.games.santoska.rules.chance`).
"""

from __future__ import annotations

from pnp.games.santoska.rules.actions import (
    ARRIBA,
    DISCARD,
    DRAW,
    END,
    STOP,
    SWAP,
    TAKE,
    format_move,
)
from pnp.games.santoska.rules.cards import NO_CARD, cell_name
from pnp.games.santoska.rules.events import (
    ArribaCalled,
    CardDiscarded,
    CardDrawn,
    CardSwapped,
    CardTaken,
    StopCalled,
)
from pnp.games.santoska.rules.phases import (
    PHASE_CALL,
    PHASE_DRAW,
    PHASE_PLACE,
    PHASE_RESHUFFLE,
)
from pnp.games.santoska.rules.position import SantoskaPosition
from pnp.games.santoska.rules.rounds import end_round


def play_move(state: SantoskaPosition, move: int) -> None:
    """Apply a player's move in the current phase; ``ValueError`` if it does not fit."""
    phase = state.phase
    if phase == PHASE_DRAW:
        begin_turn(state, move)
    elif phase == PHASE_PLACE:
        place(state, move)
    elif phase == PHASE_CALL:
        call(state, move)
    else:
        raise ValueError(f"no move is expected now, got {move!r}")


def begin_turn(state: SantoskaPosition, move: int) -> None:
    """SA-B3: take the open discard or draw the top card of the draw pile."""
    seat = state.to_move
    if move == TAKE:
        if not state.discard:
            raise ValueError("the discard pile is empty")
        card = state.journal_pop(state.discard)
        state.journal_set(state.discard_tally, card, state.discard_tally[card] - 1)
        state.hand_taken = True
        if state.log_on:
            state.emit(CardTaken(seat, state.round, state.turn, card, state.stopper >= 0))
    elif move == DRAW:
        if not state.pile:
            raise ValueError("the draw pile is empty")
        card = state.journal_pop(state.pile)
        state.hand_taken = False
        if state.log_on:
            state.emit(CardDrawn(seat, state.round, state.turn, card, state.stopper >= 0))
    else:
        raise ValueError(f"a turn begins with take or draw, not {format_move(move)}")
    state.hand = card
    state.phase = PHASE_PLACE


def place(state: SantoskaPosition, move: int) -> None:
    """SA-B3: swap the card in hand into the active row, or discard it (from either pile)."""
    seat = state.to_move
    hand = state.hand
    if move == DISCARD:
        state.journal_append(state.discard, hand)
        state.journal_set(state.discard_tally, hand, state.discard_tally[hand] + 1)
        if state.log_on:
            state.emit(CardDiscarded(seat, hand))
    elif move >= SWAP and move - SWAP < state.row_length:
        row_length = state.row_length
        cell = (row_length if state.arriba[seat] else 0) + move - SWAP
        grid = state.grids[seat]
        known = state.known[seat]
        card_out = grid[cell]
        old_mask = known[cell]
        was_known = bool(old_mask >> seat & 1)
        new_mask = state.everyone if state.hand_taken else 1 << seat
        state.journal_set(grid, cell, hand)
        state.journal_set(known, cell, new_mask)
        _recount_seen(state, old_mask, card_out, new_mask, hand)
        state.journal_append(state.discard, card_out)
        state.journal_set(state.discard_tally, card_out, state.discard_tally[card_out] + 1)
        if state.log_on:
            state.emit(CardSwapped(seat, cell_name(cell, row_length), hand, card_out, was_known))
    else:
        raise ValueError(f"after drawing, swap or discard, not {move!r}")
    state.hand = NO_CARD
    if state.stopper < 0:
        state.phase = PHASE_CALL
    else:
        end_turn(state)


def _recount_seen(
    state: SantoskaPosition, old_mask: int, card_out: int, new_mask: int, card: int
) -> None:
    """Keep ``seen_tally`` true when a cell known to ``old_mask`` now holds ``card`` known to ``new_mask``."""
    seen = state.seen_tally
    for seat in range(state.num_players):
        tally = seen[seat]
        if old_mask >> seat & 1:
            state.journal_set(tally, card_out, tally[card_out] - 1)
        if new_mask >> seat & 1:
            state.journal_set(tally, card, tally[card] + 1)


def call(state: SantoskaPosition, move: int) -> None:
    """SA-B4/SA-B5: end the turn, or call Arriba or Stop first."""
    seat = state.to_move
    if move == ARRIBA:
        if state.arriba[seat]:
            raise ValueError("Arriba was already called this round")
        state.journal_set(state.arriba, seat, True)
        if state.log_on:
            bottom = tuple(state.grids[seat][: state.row_length])
            state.emit(ArribaCalled(seat, state.round, state.turn, bottom))
    elif move == STOP:
        if not state.arriba[seat]:
            raise ValueError("Stop needs an Arriba in an earlier turn")
        if state.stopper >= 0:
            raise ValueError("Stop was already called this round")
        state.stopper = seat
        others = []
        nxt = state.next_seat(seat)
        while nxt != seat:
            others.append(nxt)
            nxt = state.next_seat(nxt)
        state.final_left = len(others)
        if state.log_on:
            state.emit(StopCalled(seat, state.round, state.turn, tuple(others)))
    elif move != END:
        raise ValueError(f"a turn ends with end, arriba or stop, not {move!r}")
    end_turn(state)


def end_turn(state: SantoskaPosition) -> None:
    """Pass the turn on, or end the round after the final lap or at the lap safeguard."""
    seat = state.to_move
    if state.stopper >= 0:
        if seat != state.stopper:
            state.final_left -= 1
            if state.final_left == 0:
                end_round(state, capped=False)
                return
    elif state.turn >= state.config.lap_limit * (state.num_players - state.out.count(True)):
        end_round(state, capped=True)
        return
    state.to_move = state.next_seat(seat)
    state.turn += 1
    state.phase = PHASE_RESHUFFLE if not state.pile and len(state.discard) > 1 else PHASE_DRAW
