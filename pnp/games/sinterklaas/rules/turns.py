"""Bidding: the opening of Wie kent hem niet, the laps and the turns (SK-B4 ... SK-B6, SK-V1 ... SK-V3, SK-W1 ... SK-W3, SK-W5).

A *turn* is a sequence of moves by one player: ``add`` (a hand card onto the
bid, face up; or ``hide`` an action card face down, SK-P4), ``swap`` (SK-V2),
and finally ``done`` (go along / check) or ``stop``. A turn that has added a
card cannot stop any more (you either go along or you stop; stopping after
laying cards would only give them away).

All-in (SK-B6 DECISION) is a way of going along: a player may bid their last
hand card only when the whole bid then meets the highest bid. A player whose
hand cannot reach the highest bid lays no card and stops (there is no all-in
for less); should an effect leave them short in the middle of a turn, they
may stop even after laying cards. A player whose hand is empty during their
turn and whose bid meets the highest is all-in and the turn ends by itself;
an empty hand below the highest bid can only stop. Under a Handregel limit
(SK-V3) a player at the limit may stay below the highest bid instead.

Laps close poker-style (SK-B4 DECISION): starting with the Sint, the turn
passes clockwise to the next player still bidding who either has not acted
in this lap yet, or acted but someone raised since, or whose bid is below the
highest (that can happen when others followed a "meer inzet", SK-V4). The
lap ends when nobody is left to act.

The highest bid is the largest bid among players still bidding: bids of
players who stopped, were out-bid (SK-V1) or are all-in (SK-B6, "the others
may ignore it") need not be matched.
"""

from __future__ import annotations

from pnp.games.sinterklaas.rules import actions as act
from pnp.games.sinterklaas.rules import events as ev
from pnp.games.sinterklaas.rules.cards import (
    PIETJE_PRECIES,
    card_name,
    distinct,
    with_card,
    without_card,
)
from pnp.games.sinterklaas.rules.effects import set_sint, triggers
from pnp.games.sinterklaas.rules.position import SinterklaasPosition
from pnp.games.sinterklaas.rules.steps import (
    ALL_IN,
    FACE_DOWN,
    GIVE_BIG,
    IN,
    LAP,
    LIMIT,
    LOCKED,
    ONE_LEFT,
    OPEN_BIG,
    OPEN_BIG_PREP,
    OPEN_SMALL,
    STOPPED,
    Step,
)


def highest_of_others(state: SinterklaasPosition, seat: int) -> int:
    """The largest bid among the other players still bidding (0 if none)."""
    status = state.status
    bids = state.bids
    high = 0
    for other in range(state.num_players):
        if other != seat and status[other] == IN and len(bids[other]) > high:
            high = len(bids[other])
    return high


def highest(state: SinterklaasPosition) -> int:
    """The largest bid among players still bidding (SK-B4, SK-B6)."""
    return highest_of_others(state, -1)


def can_add(state: SinterklaasPosition, seat: int) -> bool:
    """True if ``seat`` may lay another hand card (SK-V3: the hand stays at or above the limit)."""
    return len(state.hands[seat]) > state.limit


def reach(state: SinterklaasPosition, seat: int) -> int:
    """The largest bid ``seat`` can make with their cards (SK-V1)."""
    return len(state.bids[seat]) + max(0, len(state.hands[seat]) - state.limit)


def short(state: SinterklaasPosition, seat: int) -> bool:
    """SK-B6: even the whole hand cannot meet the highest bid, so the player can only stop.

    Under a Handregel limit (SK-V3) nobody is short: a player at the limit may stay below.
    """
    return state.limit == 0 and reach(state, seat) < highest_of_others(state, seat)


def _meets(state: SinterklaasPosition, seat: int) -> bool:
    """SK-B6: an empty hand is all-in only when the bid meets the highest (or at a limit, SK-V3)."""
    return state.limit > 0 or len(state.bids[seat]) >= highest_of_others(state, seat)


# -- the opening (SK-W1 ... SK-W3) ----------------------------------------------------


def opening(state: SinterklaasPosition) -> None:
    """Wie kent hem niet: the Sint hands out the Big Sint, then both Sints open."""
    sint = state.sint
    state.insert_steps(((GIVE_BIG, sint), (OPEN_SMALL, sint), (OPEN_BIG_PREP, sint)), replace=True)


def open_big_prep(state: SinterklaasPosition, small: int) -> None:
    """SK-W3: the Big Sint must bid at least double the Small Sint's opening bid."""
    target = 2 * len(state.bids[small])
    if target == 0 or state.big_sint < 0:
        state.drop_step()
        return
    state.insert_steps(((OPEN_BIG, state.big_sint, target),), replace=True)


# -- laps -------------------------------------------------------------------------------


def start_lap(state: SinterklaasPosition, lap: int) -> None:
    """SK-B4: a lap starts with the Sint; everyone still bidding must act once."""
    n = state.num_players
    state.journal_attr("pending", [s == IN for s in state.status])
    state.last_actor = (state.sint - 1) % n
    state.turn_open = False
    if state.log_on:
        state.emit(ev.LapStarted(lap, state.sint, highest(state)))
    state.drop_step()


def next_actor(state: SinterklaasPosition) -> int:
    """The next seat clockwise that must act in this lap, or -1 when the lap is closed."""
    n = state.num_players
    status = state.status
    pending = state.pending
    bids = state.bids
    high = highest(state)
    start = state.last_actor + 1
    for i in range(n):
        seat = (start + i) % n
        if status[seat] != IN:
            continue
        if pending[seat] or (len(bids[seat]) < high and (state.limit == 0 or can_add(state, seat))):
            return seat
    return -1


def _open_turn(state: SinterklaasPosition, seat: int) -> None:
    state.to_move = seat
    state.turn_open = True
    state.turn_added = 0


def _close_turn(state: SinterklaasPosition, seat: int) -> None:
    state.turn_open = False
    state.turn_added = 0
    pending = state.pending
    if pending[seat]:
        state.journal_set(pending, seat, False)
    state.last_actor = seat


def _all_in(state: SinterklaasPosition, seat: int) -> None:
    """SK-B6: no hand cards left — all-in, no more turns, the bid need not be matched."""
    state.journal_set(state.status, seat, ALL_IN)
    if state.log_on:
        state.emit(ev.AllIn(seat, len(state.bids[seat])))


def turn_ready(state: SinterklaasPosition, step: Step) -> bool:
    """Prepare the turn of the current turn step; False if the step moved on instead."""
    kind = step[0]
    if state.turn_open:
        seat = state.to_move
        if kind == OPEN_SMALL and state.turn_added >= 1:
            _close_turn(state, seat)
            state.drop_step()
            return False
        if (
            not state.hands[seat]
            and state.status[seat] == IN
            and (kind != LAP or _meets(state, seat))
        ):
            _all_in(state, seat)
            _close_turn(state, seat)
            if kind != LAP:
                state.drop_step()
            return False
        return True
    if kind == OPEN_SMALL:
        seat = step[1]
        if not can_add(state, seat):
            state.drop_step()
            return False
        _open_turn(state, seat)
        return True
    if kind == OPEN_BIG:
        seat, target = step[1], step[2]
        if reach(state, seat) < target:
            if state.log_on:
                state.emit(ev.BigSintCannotDouble(seat, target))
            state.drop_step()
            return False
        _open_turn(state, seat)
        return True
    seat = next_actor(state)
    if seat < 0:
        state.drop_step()
        return False
    if not state.hands[seat] and _meets(state, seat):
        _all_in(state, seat)
        _close_turn(state, seat)
        return False
    _open_turn(state, seat)
    if state.config.overestimation and state.log_on:
        high = highest_of_others(state, seat)
        if reach(state, seat) < high:
            state.emit(ev.CannotMatch(seat, high, reach(state, seat)))
    return True


def turn_moves(state: SinterklaasPosition, step: Step) -> list[int]:
    """The legal moves of the player whose turn it is."""
    kind = step[0]
    seat = state.to_move
    hand = state.hands[seat]
    bid = state.bids[seat]
    limit = state.limit
    adding = len(hand) > limit
    out: list[int] = []
    if kind == LAP:
        high = highest_of_others(state, seat)
        cannot = limit == 0 and reach(state, seat) < high  # short(), with ``high`` at hand
        if state.turn_added == 0 or cannot:
            out.append(act.STOP)
        if len(bid) >= high or (not adding and limit > 0):
            out.append(act.DONE)
        if cannot:
            adding = False
    elif kind == OPEN_BIG and (not adding or len(bid) >= step[2]):
        out.append(act.DONE)
    if adding:
        if state.config.hidden_precies:
            for card in dict.fromkeys(hand):  # distinct(), in first-seen order
                out.append(act.add(card))
                if card >= 256 and card >> 8 != PIETJE_PRECIES:
                    out.append(act.hide(card))
        else:
            out += map(act.add, dict.fromkeys(hand))
    if kind == LAP and state.config.exchange:
        swappable = distinct(e for e in bid if not e & (FACE_DOWN | LOCKED))
        for card in distinct(hand):
            for other in swappable:
                if card != other:
                    out.append(act.swap(card, other))
    return out


def apply_turn_move(state: SinterklaasPosition, step: Step, action: int) -> None:
    """Apply a turn move (see the module docstring)."""
    kind = act.move_kind(action)
    seat = state.to_move
    if not state.turn_open:
        raise ValueError("no turn is open")
    if kind in (act.ADD_KIND, act.HIDE_KIND):
        _bid_card(state, step, seat, act.move_a(action), kind == act.HIDE_KIND)
    elif kind == act.SWAP_KIND and step[0] == LAP and state.config.exchange:
        _swap(state, seat, act.move_a(action), act.move_b(action))
    elif kind == act.DONE_KIND and step[0] != OPEN_SMALL:
        _done(state, step, seat)
    elif kind == act.STOP_KIND and step[0] == LAP and (state.turn_added == 0 or short(state, seat)):
        _stop(state, seat)
    else:
        raise ValueError(f"{act.format_move(action)!r} is not a move of this turn")


def _bid_card(
    state: SinterklaasPosition, step: Step, seat: int, card: int, face_down: bool
) -> None:
    """SK-B4: lay a hand card on the bid; face up it works at once (SK-A1, SK-V4)."""
    if not can_add(state, seat):
        raise ValueError("the hand may not get smaller than the limit (SK-V3)")
    if step[0] == LAP and short(state, seat):
        raise ValueError("the whole hand cannot meet the highest bid: stop (SK-B6)")
    if step[0] == OPEN_SMALL and state.turn_added:
        raise ValueError("the Small Sint opens with exactly one card (SK-W2)")
    if face_down and not (state.config.hidden_precies and card >= 256):
        raise ValueError("only action cards may be bid face down, with Actiepiet (SK-P4)")
    hands = state.hands
    state.journal_set(hands, seat, without_card(hands[seat], card))
    if face_down:
        entry = card | FACE_DOWN
        steps: list[Step] = []
    else:
        steps = triggers(state, seat, card)
        entry = card | LOCKED if _works(state, card) else card
    bids = state.bids
    state.journal_set(bids, seat, (*bids[seat], entry))
    state.turn_added += 1
    if state.log_on:
        state.emit(
            ev.CardBid(
                seat,
                card_name(card),
                face_down,
                len(bids[seat]),
                step[0] != LAP,
                step[0] == OPEN_BIG,
            )
        )
    if steps:
        state.insert_steps(steps)


def _works(state: SinterklaasPosition, card: int) -> bool:
    """True for bid cards that do something (they stay in the bid, see SK-V2)."""
    return card >= 256 or (state.config.coin_rule and state.table.coin[card])


def _swap(state: SinterklaasPosition, seat: int, hand_card: int, bid_card: int) -> None:
    """SK-V2: exchange a hand card with an unlocked face-up bid card; the bid keeps its size.

    DECISION (SK-V2): the card swapped in stays in the bid for the rest of the
    round, and cards that worked (action and coin cards), came from the scored
    pile or lie face down cannot be swapped back; so a turn cannot go on forever.
    """
    bid = state.bids[seat]
    try:
        index = bid.index(bid_card)  # an entry without flags is an unlocked face-up card
    except ValueError:
        raise ValueError(f"{card_name(bid_card)} cannot be taken back from the bid") from None
    hand = without_card(state.hands[seat], hand_card)
    steps = triggers(state, seat, hand_card)
    state.journal_set(state.hands, seat, with_card(hand, bid_card))
    state.journal_set(state.bids, seat, (*bid[:index], hand_card | LOCKED, *bid[index + 1 :]))
    if state.log_on:
        state.emit(ev.CardsSwapped(seat, card_name(hand_card), card_name(bid_card)))
    if steps:
        state.insert_steps(steps)


def _done(state: SinterklaasPosition, step: Step, seat: int) -> None:
    """End the turn: go along, check or raise (SK-B4); the Big Sint's opening ends (SK-W3)."""
    bid = len(state.bids[seat])
    adding = can_add(state, seat)
    if step[0] == OPEN_BIG:
        if adding and bid < step[2]:
            raise ValueError(f"the Big Sint must bid at least {step[2]} cards (SK-W3)")
        _close_turn(state, seat)
        state.drop_step()
        return
    high = highest_of_others(state, seat)
    if bid < high and (adding or state.limit == 0):
        raise ValueError(f"going along needs a bid of {high} cards (SK-B4, SK-B6)")
    raised = bid > high
    if state.log_on:
        state.emit(ev.WentAlong(seat, bid, max(bid, high), raised, bid < high))
    _close_turn(state, seat)
    if not raised:
        return
    status = state.status
    pending = state.pending
    for other in range(state.num_players):
        if other != seat and status[other] == IN and not pending[other]:
            state.journal_set(pending, other, True)
    if state.config.overestimation and _forces_everyone_out(state, seat, bid):
        state.journal_set(status, seat, STOPPED)
        if state.log_on:
            state.emit(ev.Overbid(seat, bid))
        _check_one_left(state)


def _forces_everyone_out(state: SinterklaasPosition, seat: int, bid: int) -> bool:
    """SK-V1: no other player still bidding can reach ``bid``.

    DECISION (SK-V1): a player whose whole hand cannot reach the bid cannot go
    along (SK-B6: no all-in for less); with a Handregel limit named nobody is
    forced out (they may stay at the limit).
    """
    if state.limit > 0:
        return False
    others = [s for s in range(state.num_players) if s != seat and state.status[s] == IN]
    return bool(others) and all(reach(state, s) < bid for s in others)


def _stop(state: SinterklaasPosition, seat: int) -> None:
    """SK-B4: stop — out of the round, keep the hand; the bid stays. SK-W5: maybe become Sint."""
    state.journal_set(state.status, seat, STOPPED)
    if state.log_on:
        state.emit(ev.Stopped(seat, len(state.bids[seat]), len(state.hands[seat])))
    _close_turn(state, seat)
    if state.config.first_stopper_sint and not state.first_stop:
        state.first_stop = True
        if seat != state.sint:
            set_sint(state, seat, "first-stop")
    _check_one_left(state)


def _check_one_left(state: SinterklaasPosition) -> None:
    """SK-B5: as soon as one player is left, the round ends and they win the bid pile."""
    left = state.players_left()
    if len(left) == 1:
        state.agenda = ((ONE_LEFT, left[0]),)


# -- the Sint's decisions before the bidding (SK-V3, SK-W1) -------------------------


def round_moves(state: SinterklaasPosition, step: Step) -> list[int]:
    """LIMIT: a minimum hand below 4 or none (SK-V3); GIVE_BIG: any other player (SK-W1)."""
    if step[0] == LIMIT:
        return [act.limit(n) for n in range(state.config.max_limit + 1)]
    return [act.give_big_sint(s) for s in state.clockwise(state.sint) if s != state.sint]


def apply_round_move(state: SinterklaasPosition, step: Step, action: int) -> None:
    """Apply the Sint's LIMIT or GIVE_BIG decision."""
    kind = act.move_kind(action)
    value = act.move_a(action)
    if step[0] == LIMIT and kind == act.LIMIT_KIND and value <= state.config.max_limit:
        state.limit = value
        if state.log_on:
            state.emit(ev.LimitNamed(step[1], value))
    elif (
        step[0] == GIVE_BIG
        and kind == act.GIVE_BIG_KIND
        and value != state.sint
        and value < state.num_players
    ):
        state.big_sint = value
        if state.log_on:
            state.emit(ev.BigSintGiven(state.sint, value))
    else:
        raise ValueError(f"{act.format_move(action)!r} is not the Sint's decision here")
    state.drop_step()
