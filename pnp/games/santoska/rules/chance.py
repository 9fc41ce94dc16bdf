"""Chance: the first dealer, the deal and the peek, the reshuffle (SA-B1, SA-B2, SA-B8).

The whole deck is shuffled at the start of every round (SA-B8: every card,
wherever it lay at the end of the last round) and the whole shuffle is one
recorded :class:`~pnp.games.santoska.rules.actions.Deal`: every seat's grid, the
first open discard and the draw pile in order. Drawing from the draw pile is
then a player's move with no chance of its own (the pile's order was dealt),
exactly as at the table. When the draw pile runs out, the discard pile except
its open top card is shuffled into a new draw pile: a recorded
:class:`~pnp.games.santoska.rules.actions.Reshuffle`. A game record therefore
replays without the random generator.
"""

from __future__ import annotations

import random
from collections import Counter

from pnp.games.santoska.rules import phases as st
from pnp.games.santoska.rules.actions import Action, ChooseDealer, Deal, Reshuffle
from pnp.games.santoska.rules.cards import tally_of
from pnp.games.santoska.rules.events import DealerChosen, PileReshuffled, RoundDealt, RowPeeked
from pnp.games.santoska.rules.position import SantoskaPosition


def sample(state: SantoskaPosition, rng: random.Random) -> Action:
    """The outcome of the current chance node, drawn with ``rng``."""
    phase = state.phase
    if phase == st.PHASE_DEALER:
        return ChooseDealer(int(rng.random() * state.num_players))
    if phase == st.PHASE_DEAL:
        deck = list(state.deck)
        rng.shuffle(deck)
        size = 2 * state.row_length
        grids: list[tuple[int, ...]] = []
        used = 0
        for seat in range(state.num_players):
            if state.out[seat]:
                grids.append(())
            else:
                grids.append(tuple(deck[used : used + size]))
                used += size
        return Deal(tuple(grids), deck[used], tuple(deck[used + 1 :]))
    if phase == st.PHASE_RESHUFFLE:
        cards = state.discard[:-1]
        rng.shuffle(cards)
        return Reshuffle(tuple(cards))
    raise ValueError("not a chance node")


def apply(state: SantoskaPosition, action: Action) -> None:
    """Apply a chance outcome; ``ValueError`` if it is not what this node needs."""
    phase = state.phase
    if phase == st.PHASE_DEALER and isinstance(action, ChooseDealer):
        if not 0 <= action.dealer < state.num_players:
            raise ValueError(f"dealer {action.dealer} is not a seat")
        state.dealer = action.dealer
        state.phase = st.PHASE_DEAL
        if state.log_on:
            state.emit(DealerChosen(action.dealer))
    elif phase == st.PHASE_DEAL and isinstance(action, Deal):
        deal(state, action)
    elif phase == st.PHASE_RESHUFFLE and isinstance(action, Reshuffle):
        reshuffle(state, action)
    else:
        raise ValueError(f"{action!r} is not the outcome this chance node needs")


def deal(state: SantoskaPosition, action: Deal) -> None:
    """SA-B1/SA-B2: lay out every grid, open the discard pile, start the round.

    Each seat still in the game then looks at its bottom row once (the peek is
    done by the rules: :class:`RowPeeked`); from now on it knows those cards
    (see :mod:`~pnp.games.santoska.view`), and nobody else does.
    """
    n = state.num_players
    size = 2 * state.row_length
    if len(action.grids) != n:
        raise ValueError(f"a deal has one grid per seat ({n})")
    for seat, grid in enumerate(action.grids):
        expected = 0 if state.out[seat] else size
        if len(grid) != expected:
            raise ValueError(f"seat {seat} gets {expected} cards, not {len(grid)}")
    dealt = Counter(card for grid in action.grids for card in grid)
    dealt[action.discard] += 1
    dealt.update(action.pile)
    if dealt != Counter(state.deck):
        raise ValueError("a deal must use every card of the deck exactly once")
    row = state.row_length
    state.journal_attr("grids", [list(grid) for grid in action.grids])
    state.journal_attr(
        "known",
        [
            [1 << seat if cell < row else 0 for cell in range(len(g))]
            for seat, g in enumerate(action.grids)
        ],
    )
    # each seat knows its own bottom row (the peek) and nothing else
    state.journal_attr(
        "seen_tally", [tally_of(grid[:row], len(state.deck_tally)) for grid in action.grids]
    )
    state.journal_attr("pile", list(reversed(action.pile)))
    state.journal_attr("discard", [action.discard])
    state.journal_attr("discard_tally", tally_of((action.discard,), len(state.deck_tally)))
    state.journal_attr("arriba", [False] * n)
    state.round += 1
    state.starter = state.to_move = state.next_seat(state.dealer)
    state.turn = 1
    state.stopper = -1
    state.final_left = 0
    state.phase = st.PHASE_DRAW
    if state.log_on:
        state.emit(
            RoundDealt(
                state.round,
                state.dealer,
                state.starter,
                action.grids,
                action.discard,
                len(action.pile),
            )
        )
        for seat, grid in enumerate(action.grids):
            if grid:
                state.emit(RowPeeked(seat, state.round, grid[:row]))


def reshuffle(state: SantoskaPosition, action: Reshuffle) -> None:
    """The draw pile ran out: the discard pile except its open card becomes the new pile."""
    top = state.discard[-1]
    if Counter(action.pile) != Counter(state.discard[:-1]):
        raise ValueError("a reshuffle must use exactly the discard pile below its top card")
    state.journal_attr("pile", list(reversed(action.pile)))
    state.journal_attr("discard", [top])
    state.journal_attr("discard_tally", tally_of((top,), len(state.deck_tally)))
    state.phase = st.PHASE_DRAW
    if state.log_on:
        state.emit(PileReshuffled(state.round, len(action.pile), top))
