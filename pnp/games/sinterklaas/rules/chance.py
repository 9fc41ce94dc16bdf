"""The stack and every chance outcome (SK-B1, SK-B3, SK-B4, action cards, SK-V4).

The stack is the multiset of unseen cards (``stack_pool``) plus a card seen
with Kijkpiet and put back on top (``stack_top``) and cards put under it
(``stack_bottom``). A card comes off the stack as a recorded chance outcome:
first a seen top card, then a uniformly random unseen card, then the cards
under the stack in the order they were put there. Drawing uniformly from the
unseen cards is the same as drawing from a shuffled stack, and it makes every
deal, reveal and draw an explicit action of the game record.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pnp.games.sinterklaas.rules import events as ev
from pnp.games.sinterklaas.rules.actions import (
    Action,
    ChooseSint,
    Deal,
    Draw,
    PassLeft,
    Peek,
    Pick,
    Reveal,
)
from pnp.games.sinterklaas.rules.cards import (
    card_name,
    card_names,
    with_card,
    with_cards,
    without_card,
    without_cards,
)
from pnp.games.sinterklaas.rules.position import SinterklaasPosition
from pnp.games.sinterklaas.rules.steps import (
    DEAL,
    DRAW,
    FIRST_SINT,
    LOCKED,
    PASS_LEFT,
    PEEK,
    PEEK_PLACE,
    PICK_STAKE,
    REASON_NAMES,
    REVEAL,
    ROUND_START,
    STEAL,
    Step,
)


def chance_ready(state: SinterklaasPosition, step: Step) -> bool:
    """True if the chance step needs an outcome; else skip it (nothing to draw)."""
    kind = step[0]
    if kind in (REVEAL, DRAW, PEEK) and state.stack_size() == 0:
        if state.log_on:
            seat = state.sint if kind == REVEAL else step[1]
            what = "reveal" if kind == REVEAL else "draw" if kind == DRAW else "peek"
            reason = REASON_NAMES[step[3]] if kind == DRAW else ""
            state.emit(ev.StackEmpty(what, seat, reason))
        state.drop_step()
        return False
    if kind == PICK_STAKE and not state.scored[step[1]]:
        state.drop_step()
        return False
    if kind == PASS_LEFT and not any(state.hands):
        state.drop_step()
        return False
    if kind == STEAL and not state.hands[step[1]]:
        state.drop_step()
        return False
    return True


def sample_draws(state: SinterklaasPosition, count: int, rng: random.Random) -> tuple[int, ...]:
    """``count`` cards as they come off the stack: a seen top card first, then
    uniformly random unseen cards, then the cards put under the stack."""
    out: list[int] = []
    top = state.stack_top
    pool = list(state.stack_pool)
    bottom = list(state.stack_bottom)
    for _ in range(min(count, state.stack_size())):
        if top:
            out.append(top)
            top = 0
        elif pool:
            out.append(pool.pop(int(rng.random() * len(pool))))
        else:
            out.append(bottom.pop(0))
    return tuple(out)


def take_from_stack(state: SinterklaasPosition, cards: Sequence[int]) -> None:
    """Remove ``cards`` from the stack in drawing order; ``ValueError`` if they cannot come next."""
    top = state.stack_top
    pool = state.stack_pool
    bottom = state.stack_bottom
    for card in cards:
        if top:
            if card != top:
                raise ValueError(f"the next stack card is {card_name(top)}, not {card_name(card)}")
            top = 0
            state.top_seen = 0
        elif pool:
            pool = without_card(pool, card)
        elif bottom:
            if card != bottom[0]:
                raise ValueError(f"the next stack card is {card_name(bottom[0])}")
            bottom = bottom[1:]
        else:
            raise ValueError("the stack is empty")
    state.stack_top = top
    state.stack_pool = pool
    state.stack_bottom = bottom


def sample_chance(state: SinterklaasPosition, rng: random.Random) -> Action:
    """Draw the outcome of the current chance step with ``rng``."""
    step = state.node
    kind = step[0] if step else 0
    n = state.num_players
    if kind == FIRST_SINT:
        return ChooseSint(int(rng.random() * n))
    if kind == DEAL:
        sizes = state.deal_sizes()
        scored: list[tuple[int, ...]] = [()] * n
        stack: list[tuple[int, ...]] = [()] * n
        order = state.clockwise(state.sint)
        total = sum(sizes[s][1] for s in order)
        draws = list(sample_draws(state, total, rng))
        for seat in order:
            take, draw = sizes[seat]
            if take:
                scored[seat] = tuple(sorted(rng.sample(state.scored[seat], take)))
            stack[seat] = tuple(draws[:draw])
            del draws[:draw]
        return Deal(tuple(scored), tuple(stack))
    if kind == REVEAL:
        return Reveal(sample_draws(state, 1, rng)[0])
    if kind == DRAW:
        return Draw(sample_draws(state, step[2], rng))
    if kind == PEEK:
        return Peek(sample_draws(state, 1, rng)[0])
    if kind == PICK_STAKE:
        pile = state.scored[step[1]]
        return Pick(pile[int(rng.random() * len(pile))])
    if kind == STEAL:
        hand = state.hands[step[1]]
        return Pick(hand[int(rng.random() * len(hand))])
    if kind == PASS_LEFT:
        return PassLeft(tuple(h[int(rng.random() * len(h))] if h else 0 for h in state.hands))
    raise ValueError("not a chance node")


def apply_chance(state: SinterklaasPosition, step: Step, action: Action) -> None:
    kind = step[0]
    if kind == FIRST_SINT and isinstance(action, ChooseSint):
        if not 0 <= action.seat < state.num_players:
            raise ValueError(f"seat {action.seat} does not exist")
        state.sint = action.seat
        if state.log_on:
            state.emit(ev.SintChosen(action.seat))
        state.agenda = ((ROUND_START,),)
    elif kind == DEAL and isinstance(action, Deal):
        _deal(state, action)
    elif kind == REVEAL and isinstance(action, Reveal):
        take_from_stack(state, (action.card,))
        state.room = (*state.room, action.card)
        if state.log_on:
            state.emit(ev.CardRevealed(card_name(action.card), step[1], card_names(state.room)))
        state.drop_step()
    elif kind == DRAW and isinstance(action, Draw):
        seat, count, reason = step[1], step[2], step[3]
        if len(action.cards) != min(count, state.stack_size()):
            raise ValueError(f"expected {count} cards (or what the stack has left)")
        take_from_stack(state, action.cards)
        state.journal_set(state.hands, seat, with_cards(state.hands[seat], action.cards))
        if state.log_on:
            state.emit(ev.CardsDrawn(seat, card_names(action.cards), REASON_NAMES[reason]))
        state.drop_step()
    elif kind == PEEK and isinstance(action, Peek):
        seat = step[1]
        known = state.top_seen if state.stack_top else 0
        take_from_stack(state, (action.card,))
        state.stack_top = action.card
        state.top_seen = known | (1 << seat)
        if state.log_on:
            state.emit(ev.CardPeeked(seat, card_name(action.card)))
        state.insert_steps(((PEEK_PLACE, seat),), replace=True)
    elif kind == PICK_STAKE and isinstance(action, Pick):
        seat = step[1]
        state.journal_set(state.scored, seat, without_card(state.scored[seat], action.card))
        state.journal_set(state.bids, seat, (*state.bids[seat], action.card | LOCKED))
        if state.log_on:
            state.emit(ev.StakeAdded(seat, card_name(action.card), len(state.bids[seat])))
        state.drop_step()
    elif kind == STEAL and isinstance(action, Pick):
        victim, taker = step[1], step[2]
        hands = state.hands
        state.journal_set(hands, victim, without_card(hands[victim], action.card))
        state.journal_set(hands, taker, with_card(hands[taker], action.card))
        if state.log_on:
            state.emit(ev.CardStolen(victim, taker, card_name(action.card)))
        state.drop_step()
    elif kind == PASS_LEFT and isinstance(action, PassLeft):
        _pass_left(state, action.cards)
    else:
        raise ValueError(f"{action!r} is not the outcome this chance node needs")


def _deal(state: SinterklaasPosition, action: Deal) -> None:
    n = state.num_players
    if len(action.scored) != n or len(action.stack) != n:
        raise ValueError(f"a deal has one entry per seat ({n})")
    sizes = state.deal_sizes()
    hands = state.hands[:]
    scored = state.scored[:]
    sequence: list[int] = []
    for seat in state.clockwise(state.sint):
        take, draw = sizes[seat]
        picks, drawn = action.scored[seat], action.stack[seat]
        if len(picks) != take or len(drawn) != draw:
            raise ValueError(
                f"seat {seat} takes {take} scored card(s) and draws {draw}, "
                f"not {len(picks)} and {len(drawn)}"
            )
        scored[seat] = without_cards(scored[seat], picks)
        hands[seat] = with_cards(hands[seat], (*picks, *drawn))
        sequence.extend(drawn)
    take_from_stack(state, sequence)
    state.journal_attr("hands", hands)
    state.journal_attr("scored", scored)
    if state.log_on:
        state.emit(
            ev.CardsDealt(
                state.round,
                tuple(card_names(p) for p in action.scored),
                tuple(card_names(d) for d in action.stack),
            )
        )
    state.drop_step()


def _pass_left(state: SinterklaasPosition, cards: tuple[int, ...]) -> None:
    """Roetpiet: every seat with hand cards passes the chosen card to the left (clockwise)."""
    n = state.num_players
    if len(cards) != n:
        raise ValueError(f"a pass names one card per seat ({n})")
    hands = state.hands[:]
    for seat, card in enumerate(cards):
        if bool(card) != bool(state.hands[seat]):
            raise ValueError(f"seat {seat} must pass exactly one card if it holds any")
        if card:
            hands[seat] = without_card(hands[seat], card)
    for seat, card in enumerate(cards):
        if card:
            left = (seat + 1) % n
            hands[left] = with_card(hands[left], card)
    state.journal_attr("hands", hands)
    if state.log_on:
        state.emit(ev.CardsPassedLeft(tuple(card_name(c) if c else "" for c in cards)))
    state.drop_step()
