"""Action cards (SK-A1, SK-W4) and the coin of the Biedregel (SK-V4).

An action works when its card is laid face up on a bid (added or swapped in),
never from the hand (SK-A1). Its effect is pushed to the front of the agenda
as chance and decision steps, so it runs before the bidder's turn goes on.
The effect texts of ``acties.csv`` are implemented literally:

* **Stafpiet** — take the Sint card at once. With both Sint cards (SK-W4) the
  player chooses: the Small Sint (become Sint) or the Big Sint. DECISION: the
  Sint cannot take the Big Sint (the two cards are with two players), so for
  the Sint the card does nothing; a lap in progress goes on clockwise, the
  next lap starts with the new Sint.
* **Strooipiet** — everyone still in the round (bidding or all-in) draws one
  card, clockwise from the player.
* **Schoenpiet** — the player draws two cards.
* **Kijkpiet** — the player looks at the top stack card (a chance outcome,
  shown only to them) and keeps it on top or puts it under the stack.
* **Inpakpiet** — at scoring the card joins the player's scoring cards as a
  card of the colour they choose, with its own number (see :mod:`scoring`).
* **Roetpiet** — every player holding hand cards (also those who stopped)
  passes one random hand card to the left, all at the same time.
* **Amerigo** — one extra stack card goes into the Pakjeskamer at once.
* **Snoeppiet** — the other player with the fewest hand cards (DECISION:
  ties go to the first of them clockwise from the player; players who stopped
  count too) takes a random card from the player's hand.
* **Wisselpiet** — exchange one hand card with one Pakjeskamer card (no effect
  if either is empty).
* **Pietje Precies** — at scoring strike one card (SK-P3, see :mod:`scoring`).

Biedregel (SK-V4): bidding a coin card face up asks for a choice. "More
stake" (only with a scored card) moves one random scored card of the player
into their bid; then every other player still bidding who has scored cards may
do the same, clockwise (DECISION: all-in and stopped players may not). "More
cards": every player, clockwise from the bidder, draws one card. DECISION:
cards added from the scored pile do not work as actions or coins.

DECISION (stack): a draw or reveal that finds the stack empty does not
happen (the game end check of SK-B9 only looks at the start of a round).
"""

from __future__ import annotations

from pnp.games.sinterklaas.rules import actions as act
from pnp.games.sinterklaas.rules import events as ev
from pnp.games.sinterklaas.rules.cards import (
    AMERIGO,
    KIJKPIET,
    ROETPIET,
    SCHOENPIET,
    SNOEPPIET,
    STAFPIET,
    STROOIPIET,
    WISSELPIET,
    card_name,
    distinct,
    with_card,
    without_card,
)
from pnp.games.sinterklaas.rules.position import SinterklaasPosition
from pnp.games.sinterklaas.rules.steps import (
    COIN,
    DRAW,
    IN,
    JOIN,
    JOIN_PREP,
    PASS_LEFT,
    PEEK,
    PEEK_PLACE,
    PICK_STAKE,
    REASON_COIN,
    REASON_SCHOENPIET,
    REASON_STROOIPIET,
    REVEAL,
    STAFPIET_CHOICE,
    STEAL,
    STOPPED,
    WISSEL,
    Step,
)

__all__ = [
    "apply_decision",
    "decision_moves",
    "decision_ready",
    "join_prep",
    "set_sint",
    "triggers",
]


def set_sint(
    state: SinterklaasPosition,
    seat: int,
    reason: str,
    *,
    showdown: bool = True,
    chosen: bool = False,
) -> None:
    """Make ``seat`` the Sint (the Small Sint card).

    DECISION (SK-W1): if the new Sint held the Big Sint card, the previous
    Sint gets it, so the two cards are always with two different players.
    """
    previous = state.sint
    if seat == previous:
        return
    state.sint = seat
    if state.big_sint == seat:
        state.big_sint = previous
    if state.log_on:
        state.emit(ev.SintChanged(seat, previous, reason, showdown, chosen))


def triggers(state: SinterklaasPosition, seat: int, card: int) -> list[Step]:
    """The steps that ``card``, just laid face up on ``seat``'s bid, sets off."""
    config = state.config
    steps: list[Step] = []
    action = card >> 8
    if action and config.actions and action in _IMMEDIATE:
        if state.log_on:
            state.emit(ev.ActionTriggered(seat, card_name(card)))
        if action == STAFPIET:
            if config.big_sint:
                if seat != state.sint:
                    steps.append((STAFPIET_CHOICE, seat))
            else:
                set_sint(state, seat, "stafpiet")
        elif action == STROOIPIET:
            steps.extend(
                (DRAW, s, 1, REASON_STROOIPIET)
                for s in state.clockwise(seat)
                if state.status[s] != STOPPED
            )
        elif action == SCHOENPIET:
            steps.append((DRAW, seat, 2, REASON_SCHOENPIET))
        elif action == KIJKPIET:
            steps.append((PEEK, seat))
        elif action == ROETPIET:
            steps.append((PASS_LEFT,))
        elif action == AMERIGO:
            steps.append((REVEAL, 0))
        elif action == SNOEPPIET:
            others = state.clockwise(seat)[1:]
            taker = min(others, key=lambda s: len(state.hands[s]))
            steps.append((STEAL, seat, taker))
        elif action == WISSELPIET:
            steps.append((WISSEL, seat))
    if config.coin_rule and not action and state.table.coin[card]:
        steps.append((COIN, seat))
    return steps


_IMMEDIATE = frozenset(
    (STAFPIET, STROOIPIET, SCHOENPIET, KIJKPIET, ROETPIET, AMERIGO, SNOEPPIET, WISSELPIET)
)


def join_prep(state: SinterklaasPosition, bidder: int) -> None:
    """SK-V4: after a "meer inzet", every other player still bidding with scored cards may follow."""
    steps = [
        (JOIN, s) for s in state.clockwise(bidder)[1:] if state.status[s] == IN and state.scored[s]
    ]
    state.insert_steps(steps, replace=True)


def decision_ready(state: SinterklaasPosition, step: Step) -> bool:
    """True if the effect decision must be asked; else skip it (nothing to choose)."""
    kind = step[0]
    seat = step[1]
    if kind == JOIN and (state.status[seat] != IN or not state.scored[seat]):
        state.drop_step()
        return False
    if kind == WISSEL and (not state.hands[seat] or not state.room):
        state.drop_step()
        return False
    return True


def decision_moves(state: SinterklaasPosition, step: Step) -> list[int]:
    """The legal moves of an effect decision (COIN, JOIN, PEEK_PLACE, STAFPIET_CHOICE, WISSEL)."""
    kind = step[0]
    seat = step[1]
    if kind == COIN:
        return [act.MORE_STAKE, act.MORE_CARDS] if state.scored[seat] else [act.MORE_CARDS]
    if kind == JOIN:
        return [act.JOIN, act.DECLINE]
    if kind == PEEK_PLACE:
        return [act.KEEP_TOP, act.TO_BOTTOM]
    if kind == STAFPIET_CHOICE:
        return [act.TAKE_SMALL_SINT, act.TAKE_BIG_SINT]
    if kind == WISSEL:
        room = distinct(state.room)
        return [act.wissel(h, r) for h in distinct(state.hands[seat]) for r in room]
    raise ValueError(f"no decision at step {step!r}")


def apply_decision(state: SinterklaasPosition, step: Step, action: int) -> None:
    """Apply an effect decision."""
    kind = step[0]
    seat = step[1]
    move = act.move_kind(action)
    if kind == COIN and move == act.MORE_STAKE_KIND and state.scored[seat]:
        if state.log_on:
            state.emit(ev.CoinChosen(seat, "more-stake"))
        state.insert_steps(((PICK_STAKE, seat), (JOIN_PREP, seat)), replace=True)
    elif kind == COIN and move == act.MORE_CARDS_KIND:
        if state.log_on:
            state.emit(ev.CoinChosen(seat, "more-cards"))
        state.insert_steps([(DRAW, s, 1, REASON_COIN) for s in state.clockwise(seat)], replace=True)
    elif kind == JOIN and move == act.JOIN_KIND:
        state.insert_steps(((PICK_STAKE, seat),), replace=True)
    elif kind == JOIN and move == act.DECLINE_KIND:
        if state.log_on:
            state.emit(ev.StakeDeclined(seat))
        state.drop_step()
    elif kind == PEEK_PLACE and move in (act.KEEP_TOP_KIND, act.TO_BOTTOM_KIND):
        to_bottom = move == act.TO_BOTTOM_KIND
        if to_bottom:
            state.stack_bottom = (*state.stack_bottom, state.stack_top)
            state.stack_top = 0
            state.top_seen = 0
        if state.log_on:
            state.emit(ev.PeekedCardPlaced(seat, to_bottom))
        state.drop_step()
    elif kind == STAFPIET_CHOICE and move == act.TAKE_SMALL_KIND:
        set_sint(state, seat, "stafpiet", chosen=True)
        state.drop_step()
    elif kind == STAFPIET_CHOICE and move == act.TAKE_BIG_KIND and seat != state.sint:
        previous = state.big_sint
        state.big_sint = seat
        if state.log_on:
            state.emit(ev.BigSintTaken(seat, previous))
        state.drop_step()
    elif kind == WISSEL and move == act.WISSEL_KIND:
        hand_card, room_card = act.move_a(action), act.move_b(action)
        hand = without_card(state.hands[seat], hand_card)
        index = state.room.index(room_card) if room_card in state.room else -1
        if index < 0:
            raise ValueError(f"{card_name(room_card)} is not in the Pakjeskamer")
        state.journal_set(state.hands, seat, with_card(hand, room_card))
        state.room = (*state.room[:index], hand_card, *state.room[index + 1 :])
        if state.log_on:
            state.emit(ev.RoomSwapped(seat, card_name(hand_card), card_name(room_card)))
        state.drop_step()
    else:
        raise ValueError(f"{act.format_move(action)!r} does not answer this decision")
