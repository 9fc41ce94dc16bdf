"""One or more tests per santoska rule ID (SA-C1 ... SA-B8) and per documented DECISION.

Positions are built with ``SantoskaState.set_round`` so each test pins exactly
the situation its rule speaks about. Cards are written in notation: numbers,
``S`` for a Santoska card; a grid is its bottom row followed by its top row.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Sequence
from typing import TypeVar

import pytest

from pnp.engine import CHANCE, TERMINAL, EventLog, RandomPolicy, play
from pnp.games.santoska.rules.actions import (
    ARRIBA,
    DISCARD,
    DRAW,
    END,
    STOP,
    TAKE,
    ChooseDealer,
    Deal,
    Reshuffle,
    format_move,
    parse_move,
    swap,
)
from pnp.games.santoska.rules.cards import SANTOSKA, parse_cards
from pnp.games.santoska.rules.config import (
    MIN_DRAW_PILE,
    ROW_LENGTHS,
    SantoskaConfig,
    config_for_variants,
    draw_pile_after_deal,
    standard_config,
    validate_deck,
)
from pnp.games.santoska.rules.engine import ENGINE
from pnp.games.santoska.rules.events import (
    ArribaCalled,
    CardDiscarded,
    CardDrawn,
    CardSwapped,
    CardTaken,
    GameEnded,
    GridScored,
    PileReshuffled,
    PlayerEliminated,
    RoundDealt,
    RoundEnded,
    RowPeeked,
    StopCalled,
)
from pnp.games.santoska.rules.phases import PHASE_DEAL, PHASE_DRAW, PHASE_OVER, PHASE_RESHUFFLE
from pnp.games.santoska.rules.state import SantoskaState

E = TypeVar("E")

FILLER = "1 2 3 4 5 6 7 8 9 10 1 2 3 4 5 6 7 8 9 10"
"""A draw pile for positions that do not care about it."""


def cards(text: str) -> tuple[int, ...]:
    """Cards in notation, e.g. ``"3 S 7"``."""
    return parse_cards(text)


def position(
    grids: Sequence[str],
    *,
    pile: str = FILLER,
    discard: str = "9",
    starter: int = 0,
    config: SantoskaConfig | None = None,
    **kwargs: object,
) -> tuple[SantoskaState, EventLog]:
    """A state at the start of ``starter``'s turn with the given grids ("" for out), logging."""
    log = EventLog()
    config = config or standard_config()
    state = ENGINE.new_state(config, len(grids), log)
    state.set_round(
        [cards(g) for g in grids],
        cards(pile),
        cards(discard),
        starter,
        **kwargs,  # type: ignore[arg-type]
    )
    return state, log


def do(state: SantoskaState, *moves: str) -> None:
    """Push moves in notation, checking that each is legal."""
    for text in moves:
        move = parse_move(text)
        assert move in state.legal_actions(), f"{text!r} should be legal, not {legal(state)}"
        state.push(move)


def legal(state: SantoskaState) -> list[str]:
    """The legal moves of the seat to act, in notation."""
    return [format_move(m) for m in state.legal_actions()]


def events_of(log: EventLog, kind: type[E]) -> list[E]:
    """The logged events of one type."""
    return [e for e in log if isinstance(e, kind)]


def quiet_turns(state: SantoskaState, count: int) -> None:
    """``count`` turns of draw, discard, end (or just draw, discard in the final lap)."""
    for _ in range(count):
        do(state, "draw", "discard")
        if END in state.legal_actions():
            do(state, "end")


def new_game(
    players: int, dealer: int, seed: int = 0, row_length: int = 3
) -> tuple[SantoskaState, EventLog]:
    """A game after the dealer draw and the first deal, logging."""
    log = EventLog()
    state = ENGINE.new_state(standard_config(row_length), players, log)
    state.push(ChooseDealer(dealer))
    state.push(ENGINE.sample_chance(state, random.Random(seed)))
    return state, log


# --- SA-C1: the deck --------------------------------------------------------------------------


def test_sa_c1_standard_deck_is_112_cards() -> None:
    """SA-C1: numbers 1-10 in 10 copies each and 12 Santoska cards; the validation accepts it."""
    config = standard_config()
    assert config.deck_size == 112
    assert Counter(config.deck) == {**{n: 10 for n in range(1, 11)}, SANTOSKA: 12}
    assert validate_deck(config) == []


def test_sa_c1_every_player_count_and_row_length_leaves_a_healthy_draw_pile() -> None:
    """SA-C1/SA-B1: 2-6 players with rows of 3-6 leave at least MIN_DRAW_PILE cards to draw
    (the tightest case, 6 players with rows of 6, leaves 112 - 72 - 1 = 39)."""
    config = standard_config()
    piles = {(p, n): draw_pile_after_deal(config, p, n) for p in range(2, 7) for n in ROW_LENGTHS}
    assert min(piles.values()) == piles[(6, 6)] == 39 >= MIN_DRAW_PILE
    assert piles[(2, 3)] == 99
    for (players, n), pile in piles.items():
        state, _ = new_game(players, 0, seed=players * 10 + n, row_length=n)
        assert len(state.pile) == pile


def test_sa_c1_validation_reports_a_small_deck_and_bad_numbers() -> None:
    """SA-C1: a deck too small for 6 players with rows of 6, a number 0, a lone copy and
    a single Santoska card are each reported."""
    small = dataclasses.replace(standard_config(), number_counts={n: 7 for n in range(1, 11)})
    problems = validate_deck(small)
    assert any("6 players with rows of 6 leave 9 card(s)" in p for p in problems), problems
    assert not any("rows of 3 leave" in p and "2 players" in p for p in problems)
    odd = dataclasses.replace(
        standard_config(), number_counts={0: 10, 1: 1, **{n: 12 for n in range(2, 11)}}
    )
    odd = dataclasses.replace(odd, santoska_cards=1)
    problems = validate_deck(odd)
    assert any("number card 0" in p for p in problems)
    assert any("number 1 has 1 copies" in p for p in problems)
    assert any("1 Santoska card(s)" in p for p in problems)


def test_sa_c1_deal_uses_exactly_the_deck() -> None:
    """SA-C1: a deal that does not use every deck card exactly once is refused, state unchanged."""
    state = ENGINE.new_state(standard_config(), 2)
    state.push(ChooseDealer(0))
    deal = ENGINE.sample_chance(state, random.Random(1))
    assert isinstance(deal, Deal)
    before = state.snapshot()
    bad = Deal(deal.grids, deal.discard, (*deal.pile[:-1], SANTOSKA))
    if Counter(bad.pile) == Counter(deal.pile):
        bad = Deal(deal.grids, deal.discard, (*deal.pile[:-1], 1 if deal.pile[-1] != 1 else 2))
    with pytest.raises(ValueError, match="every card"):
        state.push(bad)
    assert state.snapshot() == before


# --- SA-C2: Arriba and Stop cards -----------------------------------------------------------------


def test_sa_c2_one_arriba_card_per_player_and_a_stop_card() -> None:
    """SA-C2: fewer Arriba cards than the most players, or no Stop card, is reported."""
    assert validate_deck(dataclasses.replace(standard_config(), arriba_cards=6, stop_cards=1)) == []
    few = validate_deck(dataclasses.replace(standard_config(), arriba_cards=5))
    assert any("5 Arriba card(s) for up to 6 players" in p for p in few)
    none = validate_deck(dataclasses.replace(standard_config(), stop_cards=0))
    assert any("at least one Stop card" in p for p in none)


# --- SA-C3: the score sheet's running totals -------------------------------------------------------


def test_sa_c3_running_totals_add_up_the_round_results() -> None:
    """SA-C3: what the score sheet records: per round and player the points, and a running
    total that is the sum of that player's rounds so far."""
    log = EventLog()
    result = play(ENGINE, standard_config(), [RandomPolicy()] * 3, 5, log=log)
    running = [0, 0, 0]
    for event in events_of(log, GridScored):
        running[event.seat] += event.points
        assert event.total == running[event.seat]
    assert tuple(running) == tuple(result.state.totals)


# --- SA-B1: setup ----------------------------------------------------------------------------------


@pytest.mark.parametrize("row_length", ROW_LENGTHS)
def test_sa_b1_deal_two_rows_per_player_a_discard_and_the_draw_pile(row_length: int) -> None:
    """SA-B1: each player gets two face-down rows of ``row_length`` cards, one card is
    turned up as the discard pile, the rest is the draw pile; the player after the dealer
    starts."""
    state, _ = new_game(4, dealer=2, seed=row_length, row_length=row_length)
    assert all(len(grid) == 2 * row_length for grid in state.grids)
    assert len(state.discard) == 1
    assert len(state.pile) == 112 - 4 * 2 * row_length - 1
    assert Counter(state.all_cards()) == Counter(state.deck)
    assert state.starter == state.to_move == 3 and state.phase == PHASE_DRAW


@pytest.mark.parametrize(("variant", "length"), [("rijen-3", 3), ("rijen-4", 4), ("rijen-6", 6)])
def test_sa_b1_row_length_variants(variant: str, length: int) -> None:
    """SA-B1 variants: rijen-3 ... rijen-6 choose the cards per row; two are refused."""
    assert config_for_variants([variant]).row_length == length
    assert config_for_variants([]).row_length == 3
    with pytest.raises(ValueError, match="cannot be combined"):
        config_for_variants(["rijen-4", "rijen-5"])


def test_sa_b1_eliminated_players_get_no_cards_and_the_deal_rotates() -> None:
    """SA-B1 DECISION: the deal passes to the next player still in; out seats get nothing."""
    state, _ = position(
        ["1 1 1 1 1 1", "10 9 10 9 10 9", "2 2 2 2 2 2"],
        totals=[0, 95, 0],
        arriba=[True, False, False],
        dealer=0,
    )
    do(state, "draw", "discard", "stop")
    quiet_turns(state, 2)
    assert state.out == [False, True, False] and state.phase == PHASE_DEAL
    assert state.dealer == 2  # after dealer 0 comes seat 1, who is out
    deal = ENGINE.sample_chance(state, random.Random(3))
    assert isinstance(deal, Deal) and deal.grids[1] == ()
    state.push(deal)
    assert state.starter == 0 and state.grids[1] == []


# --- SA-B2: the peek ---------------------------------------------------------------------------------


def test_sa_b2_players_know_only_their_bottom_row_after_the_deal() -> None:
    """SA-B2: after the deal every player has seen their own bottom row and nothing else."""
    state, log = new_game(3, dealer=0, seed=7)
    peeks = events_of(log, RowPeeked)
    assert [(e.seat, e.cards) for e in peeks] == [(s, tuple(state.grids[s][:3])) for s in range(3)]
    for seat in range(3):
        view = ENGINE.player_view(state, seat)
        own = view.cells()
        assert own[:3] == tuple(state.grids[seat][:3])
        assert own[3:] == (None, None, None)
        for other in range(3):
            if other != seat:
                assert view.cells(other) == (None,) * 6


def test_sa_b2_swapped_in_cards_are_known_by_who_saw_them() -> None:
    """SA-B2: a card drawn from the draw pile and swapped in is known to its owner only;
    a card taken from the open discard pile is known to everybody; the card it replaced
    is public on the discard pile."""
    state, _ = position(["1 2 3 4 5 6", "7 8 9 10 S S"], pile="8 4", discard="5")
    do(state, "draw", "swap 2", "end")  # P0 puts the 8 at b2, unseen by P1
    assert ENGINE.player_view(state, 0).cells()[1] == 8
    assert ENGINE.player_view(state, 1).cells(0)[1] is None
    assert ENGINE.player_view(state, 1).discard_top == 2
    do(state, "take", "swap 1", "end")  # P1 takes the 2 from the discard pile
    assert ENGINE.player_view(state, 0).cells(1)[0] == 2
    assert ENGINE.player_view(state, 1).cells()[0] == 2


def test_sa_b2_a_drawn_card_is_private_until_discarded() -> None:
    """SA-B2: only the drawer sees a card from the draw pile; the open discard is public."""
    state, _ = position(["1 2 3 4 5 6", "7 8 9 10 S S"], pile="8 4", discard="5")
    do(state, "draw")
    assert ENGINE.player_view(state, 0).hand == 8
    assert ENGINE.player_view(state, 1).hand == -1
    state.pop()
    do(state, "take")
    assert ENGINE.player_view(state, 1).hand == 5


# --- SA-B3: a turn -------------------------------------------------------------------------------------


def test_sa_b3_take_the_open_discard_or_draw() -> None:
    """SA-B3: a turn begins with take or draw; the card in hand comes from that pile."""
    state, log = position(["1 2 3 4 5 6", "7 8 9 10 S S"], pile="8 4", discard="3 5")
    assert legal(state) == ["take", "draw"]
    do(state, "take")
    assert state.hand == 5 and state.discard == [3]
    assert events_of(log, CardTaken)[0].card == 5
    state.pop()
    do(state, "draw")
    assert state.hand == 8 and list(reversed(state.pile)) == [4]
    assert events_of(log, CardDrawn)[0].card == 8


def test_sa_b3_swap_into_the_bottom_row_first_and_discard_the_card_swapped_out() -> None:
    """SA-B3: the drawn card may replace a card of the active row (the bottom row before
    Arriba); the replaced card goes face up on the discard pile."""
    state, log = position(["1 2 3 4 5 6", "7 8 9 10 S S"], pile="8 4", discard="5")
    do(state, "draw")
    assert legal(state) == ["swap 1", "swap 2", "swap 3", "discard"]
    do(state, "swap 3")
    assert state.grids[0] == list(cards("1 2 8 4 5 6"))
    assert state.discard[-1] == 3
    event = events_of(log, CardSwapped)[0]
    assert (event.cell, event.card_in, event.card_out, event.was_known) == ("b3", 8, 3, True)


def test_sa_b3_a_drawn_card_may_be_discarded() -> None:
    """SA-B3: the drawn card itself may go face up on the discard pile; the grid is unchanged."""
    state, _ = position(["1 2 3 4 5 6", "7 8 9 10 S S"], pile="8 4", discard="5")
    do(state, "draw", "discard")
    assert state.grids[0] == list(cards("1 2 3 4 5 6")) and state.discard[-1] == 8


def test_sa_b3_a_card_from_the_discard_may_go_straight_back() -> None:
    """SA-B3 DECISION: the swap is optional for both piles, so a card taken from the discard
    pile may go straight back; the grid is unchanged and the turn goes on to its call."""
    state, log = position(["1 2 3 4 5 6", "7 8 9 10 S S"], pile="8 4", discard="3 5")
    do(state, "take")
    assert legal(state) == ["swap 1", "swap 2", "swap 3", "discard"]
    do(state, "discard")
    assert state.grids[0] == list(cards("1 2 3 4 5 6"))
    assert state.discard == [3, 5] and list(reversed(state.pile)) == [8, 4]
    assert events_of(log, CardDiscarded)[0].card == 5
    assert legal(state) == ["end", "arriba"]
    assert ENGINE.player_view(state, 1).discard_top == 5


def test_sa_b3_draw_needs_a_draw_pile() -> None:
    """SA-B3: with an empty draw pile (and nothing to reshuffle) only the discard can be taken."""
    state, _ = position(["1 2 3 4 5 6", "7 8 9 10 S S"], pile="", discard="5")
    assert legal(state) == ["take"]
    with pytest.raises(ValueError, match="draw pile is empty"):
        state.push(DRAW)


def test_decision_an_empty_draw_pile_is_refilled_from_the_discard_pile() -> None:
    """DECISION (draw pile): when the draw pile is empty after a turn, the discard pile except
    its open card is shuffled into a new draw pile, as a recorded chance action."""
    state, log = position(["1 2 3 4 5 6", "7 8 9 10 S S"], pile="8", discard="2 3 4 5")
    do(state, "draw", "discard", "end")
    assert state.phase == PHASE_RESHUFFLE and state.current_player() == CHANCE
    outcome = ENGINE.sample_chance(state, random.Random(0))
    assert isinstance(outcome, Reshuffle) and Counter(outcome.pile) == Counter(cards("2 3 4 5"))
    with pytest.raises(ValueError, match="reshuffle"):
        state.push(Reshuffle(cards("2 3 4 8")))
    state.push(outcome)
    assert state.discard == [8] and len(state.pile) == 4
    assert state.current_player() == 1 and state.legal_actions() == (TAKE, DRAW)
    assert events_of(log, PileReshuffled)[0].cards == 4


# --- SA-B4: Arriba ------------------------------------------------------------------------------------


def test_sa_b4_arriba_closes_the_bottom_row_and_activates_the_top_row() -> None:
    """SA-B4: Arriba at the end of a turn; afterwards swaps go to the top row and the bottom
    row never changes again."""
    state, log = position(["1 2 3 4 5 6", "7 8 9 10 S S"], pile="8 4 2 2")
    do(state, "draw", "discard")
    assert legal(state) == ["end", "arriba"]
    do(state, "arriba")
    assert state.arriba[0] and events_of(log, ArribaCalled)[0].bottom == cards("1 2 3")
    do(state, "draw", "discard", "end")  # P1
    do(state, "draw", "swap 1")
    assert state.grids[0] == list(cards("1 2 3 2 5 6"))


def test_sa_b4_arriba_only_while_the_bottom_row_is_active() -> None:
    """SA-B4: after Arriba the call offered is Stop, never a second Arriba."""
    state, _ = position(["1 2 3 4 5 6", "7 8 9 10 S S"], arriba=[True, False])
    do(state, "draw", "discard")
    assert legal(state) == ["end", "stop"]
    with pytest.raises(ValueError, match="already called"):
        state.push(ARRIBA)


def test_sa_b4_decision_no_arriba_and_stop_in_the_same_turn() -> None:
    """SA-B4/SA-B5 DECISION: a turn has one call; Stop needs an Arriba in an earlier turn."""
    state, _ = position(["1 2 3 4 5 6", "7 8 9 10 S S"])
    do(state, "draw", "discard")
    assert "stop" not in legal(state)
    with pytest.raises(ValueError, match="earlier turn"):
        state.push(STOP)
    do(state, "arriba")
    assert state.to_move == 1 and state.stopper == -1


# --- SA-B5: Stop and the final lap --------------------------------------------------------------------


def test_sa_b5_every_other_player_gets_exactly_one_more_turn() -> None:
    """SA-B5: after a Stop each other player takes exactly one more turn (clockwise from the
    stopper's left), without calls; then the round ends and the stopper plays no more."""
    state, log = position(
        ["1 1 1 1 1 1", "2 3 4 5 6 7", "2 3 4 5 6 7", "2 3 4 5 6 7"],
        arriba=[False, True, False, False],
        starter=1,
    )
    do(state, "draw", "discard", "stop")
    assert events_of(log, StopCalled)[0].final_turns == (2, 3, 0)
    for seat in (2, 3, 0):
        assert state.to_move == seat
        do(state, "draw", "discard")  # no call phase in the final lap
    assert state.phase == PHASE_DEAL
    ended = events_of(log, RoundEnded)
    assert len(ended) == 1 and ended[0].stopper == 1 and not ended[0].capped
    finals = [e.seat for e in events_of(log, CardDrawn) if e.final]
    assert finals == [2, 3, 0]


def test_sa_b5_stop_at_the_earliest_one_turn_after_arriba() -> None:
    """SA-B5 DECISION: "Stop!" comes at the earliest one own turn after "Arriba!": not in the
    Arriba turn, but at the end of the player's next turn, so the top row gets a turn."""
    state, log = position(["1 1 1 1 1 1", "2 3 4 5 6 7"])
    do(state, "draw", "discard")
    assert legal(state) == ["end", "arriba"]
    do(state, "arriba")
    do(state, "draw", "discard", "end")  # P1
    assert state.to_move == 0
    do(state, "draw", "swap 1")  # the top row's own turn
    assert legal(state) == ["end", "stop"]
    do(state, "stop")
    assert [(e.seat, e.turn) for e in events_of(log, ArribaCalled)] == [(0, 1)]
    assert [(e.seat, e.turn) for e in events_of(log, StopCalled)] == [(0, 3)]


def test_sa_b5_final_lap_skips_eliminated_players() -> None:
    """SA-B5: only players still in the game get the extra turn."""
    state, log = position(
        ["1 1 1 1 1 1", "", "2 3 4 5 6 7", "2 3 4 5 6 7"], arriba=[True, False, False, False]
    )
    do(state, "draw", "discard", "stop")
    assert events_of(log, StopCalled)[0].final_turns == (2, 3)
    quiet_turns(state, 2)
    assert state.phase == PHASE_DEAL


def test_sa_b5_one_stop_per_round() -> None:
    """SA-B5: once the Stop card is taken nobody can call Stop or Arriba any more."""
    state, _ = position(["1 1 1 1 1 1", "2 3 4 5 6 7", "2 3 4 5 6 7"], arriba=[True, True, True])
    do(state, "draw", "discard", "stop", "draw", "discard")
    assert state.to_move == 2 and legal(state) == ["take", "draw"]
    do(state, "draw", "discard")
    assert state.phase == PHASE_DEAL


# --- SA-B8: a new round --------------------------------------------------------------------------------


def test_sa_b8_a_new_round_shuffles_every_card_and_hands_the_calls_back() -> None:
    """SA-B8: after a round every card (rows, draw pile, discard pile) is shuffled and dealt
    again by the next dealer, the bottom rows are peeked again, and Arriba and Stop go back."""
    state, log = position(
        ["1 1 1 1 1 1", "2 3 4 5 6 7", "2 3 4 5 6 7"],
        arriba=[True, True, False],
        dealer=2,
    )
    do(state, "draw", "swap 1", "stop")
    quiet_turns(state, 2)
    assert state.phase == PHASE_DEAL and state.current_player() == CHANCE
    assert state.dealer == 0  # the deal passes on clockwise
    deal = ENGINE.sample_chance(state, random.Random(5))
    assert isinstance(deal, Deal)
    dealt = Counter(c for g in deal.grids for c in g) + Counter(deal.pile) + Counter([deal.discard])
    assert dealt == Counter(state.deck), "the whole deck, wherever its cards lay"
    state.push(deal)
    assert state.round == 2 and state.starter == state.to_move == 1
    assert state.arriba == [False, False, False] and state.stopper == -1
    assert state.discard == [deal.discard] and len(state.pile) == len(deal.pile)
    peeks = [e for e in events_of(log, RowPeeked) if e.round == 2]
    assert [(e.seat, e.cards) for e in peeks] == [(s, deal.grids[s][:3]) for s in range(3)]
    assert ENGINE.player_view(state, 0).cells()[3:] == (None, None, None)
    assert legal(state) == ["take", "draw"]


# --- SA-B6: scoring -----------------------------------------------------------------------------------


def scored(grid: str, row_length: int = 3) -> GridScored:
    """The GridScored event of seat 0 holding ``grid`` at a round end."""
    other = " ".join(["10"] * (2 * row_length))
    state, log = position(
        [grid, other],
        arriba=[True, False],
        config=standard_config(row_length),
        pile="1 1",
    )
    do(state, "draw", "discard", "stop", "draw", "discard")
    return events_of(log, GridScored)[0]


@pytest.mark.parametrize(
    ("grid", "points"),
    [
        ("7 7 1 2 3 4", 10),  # horizontal pair 0, lone 1+2+3+4
        ("7 2 3 7 4 5", 14),  # vertical pair 0
        ("5 5 1 9 5 8", 18),  # L-shaped group of three 5s: the whole group is removed
        ("1 2 3 4 6 8", 24),  # all lone: the sum of the numbers
        ("S 2 3 4 6 8", 28),  # a lone Santoska card: 5
        ("S S 3 4 6 8", 16),  # two Santoska cards together: -5
        ("S S S 4 6 8", 8),  # three: -10
        ("S S S S 6 8", -1),  # four (b1 b2 b3 t1): -15
        ("S 5 S 5 S 5", 30),  # nothing touches its equal: 5 for every card
        ("S 2 2 2 2 S", 10),  # four connected 2s score 0; two lone Santoska cards 5 + 5
    ],
)
def test_sa_b6_scoring(grid: str, points: int) -> None:
    """SA-B6: connected groups of equal numbers score 0; lone cards their number; a lone
    Santoska 5; n connected Santoska cards -5·(n-1)."""
    assert scored(grid).points == points


def test_sa_b6_decision_santoska_cards_do_not_group_with_numbers() -> None:
    """SA-B6 DECISION: a Santoska card next to a 5 scores 5 and the 5 scores 5 too."""
    event = scored("S 5 1 2 3 4")
    assert (SANTOSKA, ("b1",), 5) in event.groups and (5, ("b2",), 5) in event.groups
    assert event.points == 20


def test_sa_b6_groups_are_logged_with_cells_and_points() -> None:
    """SA-B6: the scoring event lists every group with its cells and points."""
    event = scored("5 5 1 9 5 8")
    assert event.bottom == cards("5 5 1") and event.top == cards("9 5 8")
    assert (5, ("b1", "b2", "t2"), 0) in event.groups
    assert (9, ("t1",), 9) in event.groups
    assert sorted(p for _, _, p in event.groups) == [0, 1, 8, 9]


def test_sa_b6_longer_rows() -> None:
    """SA-B6 with rows of 5: a snake of equal cards across both rows is one group."""
    assert scored("4 4 1 2 3 9 4 4 S S", row_length=5).points == 1 + 2 + 3 + 9 - 5


# --- SA-B7: running totals, elimination, the exact limit ---------------------------------------------


def end_round_with(
    grids: list[str], totals: list[int], config: SantoskaConfig | None = None
) -> tuple[SantoskaState, EventLog]:
    """Seat 0 stops at once; everybody else draws and discards; the round is scored."""
    players = len(grids)
    state, log = position(
        grids,
        totals=totals,
        arriba=[True] + [False] * (players - 1),
        pile=FILLER,
        config=config,
    )
    do(state, "draw", "discard", "stop")
    quiet_turns(state, sum(1 for g in grids if g) - 1)
    return state, log


def test_sa_b7_points_are_added_to_the_running_total() -> None:
    """SA-B7: the round's points go onto each total."""
    state, _ = end_round_with(["1 1 2 1 1 2", "4 5 6 4 5 6"], [10, 20])
    assert state.totals == [10, 20] and state.phase == PHASE_DEAL
    state, _ = end_round_with(["1 2 3 4 5 6", "S S 6 4 5 6"], [10, 20])
    assert state.totals == [31, 24]  # S S -5, 6 over 6 0, lone 4 and 5


def test_sa_b7_over_the_limit_is_out() -> None:
    """SA-B7: a total over 100 eliminates the player; the others play on."""
    state, log = end_round_with(["1 2 3 4 5 6", "1 1 1 1 1 1", "2 2 2 2 2 2"], [80, 50, 50])
    assert state.totals[0] == 101 and state.out == [True, False, False]
    assert [e.seat for e in events_of(log, PlayerEliminated)] == [0]
    assert state.phase == PHASE_DEAL and state.remaining() == (1, 2)


def test_sa_b7_exactly_the_limit_wins_at_once() -> None:
    """SA-B7: a total of exactly 100 ends the game at once and that player wins, even if
    another player went over in the same round (nobody is eliminated then)."""
    state, log = end_round_with(["1 2 3 4 5 6", "10 10 9 9 8 7", "1 1 1 1 1 1"], [79, 90, 0])
    assert state.totals[:2] == [100, 123]
    assert state.phase == PHASE_OVER and state.winners == (0,)
    assert state.current_player() == TERMINAL
    assert events_of(log, PlayerEliminated) == []
    assert events_of(log, GameEnded)[0].reason == "exact-limit"


def test_sa_b7_exact_limit_ties_share_the_win() -> None:
    """SA-B7 DECISION: several players reaching exactly 100 together share the win."""
    state, _ = end_round_with(["1 2 3 4 5 6", "6 5 4 3 2 1", "1 1 1 1 1 1"], [79, 79, 0])
    assert state.winners == (0, 1) and state.end_reason == "exact-limit"


def test_sa_b7_last_player_standing_wins() -> None:
    """SA-B7: when everybody else is out, the last player wins."""
    state, log = end_round_with(["1 2 3 4 5 6", "1 1 1 1 1 1", "", "9 9 9 9 9 8"], [90, 99, 0, 95])
    assert state.out == [True, False, True, True]
    assert state.winners == (1,) and state.end_reason == "last-player"
    assert events_of(log, GameEnded)[0].totals == (111, 99, 0, 103)


def test_sa_b7_decision_all_out_together_lowest_total_wins() -> None:
    """SA-B7 DECISION: if the last players all go over together, the lowest total wins."""
    state, _ = end_round_with(["1 2 3 4 5 6", "10 9 8 7 6 5"], [90, 60])
    assert state.totals == [111, 105] and state.winners == (1,)
    assert state.end_reason == "all-out"


def test_sa_b7_decision_next_round_dealer_and_starter() -> None:
    """SA-B7 DECISION: after a round the next player still in deals, the one after starts."""
    state, _ = end_round_with(["1 1 1 1 1 1", "2 2 2 2 2 2", "3 3 3 3 3 3"], [0, 0, 0])
    dealer = state.dealer
    state.push(ENGINE.sample_chance(state, random.Random(0)))
    assert state.round == 2 and state.starter == (dealer + 1) % 3 == state.to_move


# --- Safeguards (termination) ----------------------------------------------------------------------------


def test_safeguard_round_without_stop_ends_after_lap_limit() -> None:
    """Termination: a round without a Stop is scored after ``lap_limit`` laps."""
    config = dataclasses.replace(standard_config(), lap_limit=2)
    state, log = position(["1 1 1 1 1 1", "2 2 2 2 2 2"], config=config)
    quiet_turns(state, 3)
    assert state.phase == PHASE_DRAW
    quiet_turns(state, 1)
    ended = events_of(log, RoundEnded)
    assert state.phase == PHASE_DEAL and ended[0].capped and ended[0].turns == 4
    assert len(events_of(log, GridScored)) == 2


def test_safeguard_game_ends_after_round_limit() -> None:
    """Termination: after ``round_limit`` rounds the lowest total still in wins."""
    config = dataclasses.replace(standard_config(), round_limit=1)
    state, _ = end_round_with(["1 1 1 1 1 1", "2 3 2 3 2 3"], [5, 0], config=config)
    assert state.phase == PHASE_OVER and state.end_reason == "round-limit"
    assert state.winners == (0,) and state.totals == [5, 15]


def test_random_games_always_end() -> None:
    """Termination: random play over every player count and row length ends with winners."""
    for players in range(2, 7):
        for n in ROW_LENGTHS:
            state = play(ENGINE, standard_config(n), [RandomPolicy()] * players, players * n).state
            assert state.is_terminal() and state.winners


def test_moves_are_refused_outside_their_phase() -> None:
    """Moves of the wrong phase raise and leave the state as it was."""
    state, _ = position(["1 2 3 4 5 6", "7 8 9 10 S S"])
    before = state.snapshot()
    for move in (DISCARD, swap(0), END, ARRIBA, swap(5)):
        with pytest.raises(ValueError):
            state.push(move)
        assert state.snapshot() == before
    with pytest.raises(ValueError):
        state.push(ChooseDealer(0))
    assert state.snapshot() == before


def test_round_dealt_event_lists_every_grid() -> None:
    """SA-B1: the deal's event holds every grid, the open discard and the pile size."""
    state, log = new_game(3, dealer=1, seed=4)
    event = events_of(log, RoundDealt)[0]
    assert [list(g) for g in event.grids] == state.grids
    assert event.discard == state.discard[0] and event.pile == len(state.pile)
    assert event.dealer == 1 and event.starter == 2
