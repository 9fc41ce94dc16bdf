"""Placing cards under the Stoomrij (ST-B3, ST-B8).

From the Sint clockwise, each player lays one hand card per turn under an
empty position: face down, or face up where the position has an eye (every
position during ``zon``, none during ``mist``). A player without cards is
skipped; when nobody has cards the placing ends with empty positions (they
are skipped when revealed). The placing ends when every position is filled;
the last player who placed will be the next Sint (ST-B8).

The legal moves list each distinct hand card (by code) with each empty
position from the left, face down before face up. What comes after a card is
placed is decided in :mod:`~pnp.games.stoomboot.rules.flow`.
"""

from __future__ import annotations

from pnp.games.stoomboot.rules.cards import NO_CARD
from pnp.games.stoomboot.rules.events import CardPlaced, PlacingEnded, PlayerSkipped
from pnp.games.stoomboot.rules.phases import PHASE_PLACE, STAGE_SAILING
from pnp.games.stoomboot.rules.situation import StoombootSituation


def place_actions(state: StoombootSituation) -> list[str]:
    """The placing moves of the player to move, in a fixed order."""
    table = state.acts.place
    slot_card = state.slot_card
    opened = state.slot_open
    empty = [p for p, c in enumerate(slot_card) if c == NO_CARD]
    moves: list[str] = []
    for code in sorted(set(state.hands[state.to_move])):
        per_code = table[code]
        for pos in empty:
            texts = per_code[pos]
            moves.append(texts[0])
            if opened[pos]:
                moves.append(texts[1])
    return moves


def place(state: StoombootSituation, code: int, pos: int, up: bool) -> None:
    """ST-B3: the player to move lays ``code`` under position ``pos`` (face up if ``up``)."""
    seat = state.to_move
    hand = state.hands[seat]
    if code not in hand:
        raise ValueError(f"P{seat} has no {state.tables.names[code]}")
    if not 0 <= pos < len(state.slot_card) or state.slot_card[pos] != NO_CARD:
        raise ValueError(f"position {pos + 1} is not empty")
    if up and not state.slot_open[pos]:
        raise ValueError(f"position {pos + 1} has no eye: the card goes face down")
    state.journal_delete(hand, hand.index(code))
    state.journal_set(state.slot_card, pos, code)
    state.journal_set(state.slot_owner, pos, seat)
    if up:
        state.journal_set(state.slot_up, pos, True)
    state.placed += 1
    state.next_sint = seat
    if state.log_on:
        state.emit(CardPlaced(seat, state.tables.names[code], pos + 1, up))
    state.to_move = (seat + 1) % state.num_players


def next_to_place(state: StoombootSituation) -> bool:
    """The next player with cards is to place; False when the placing is over."""
    if state.placed < len(state.slot_card):
        hands = state.hands
        n = state.num_players
        seat = state.to_move
        for _ in range(n):
            if hands[seat]:
                state.to_move = seat
                state.phase = PHASE_PLACE
                return True
            if state.log_on:
                state.emit(PlayerSkipped(seat))
            seat = (seat + 1) % n
    return False


def end_placing(state: StoombootSituation) -> None:
    """The positions are filled (or the hands are empty): the sailing begins (ST-B4).

    Only when at least one card was placed; a round without any is lost (see
    :func:`pnp.games.stoomboot.rules.flow.end_placing`).
    """
    if state.log_on:
        empty = len(state.slot_card) - state.placed
        state.emit(PlacingEnded(state.round, state.next_sint, empty))
    state.stage = STAGE_SAILING
    state.cursor = 0
    state.to_move = -1
