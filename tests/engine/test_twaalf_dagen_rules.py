"""One or more tests per twaalf-dagen rule ID (TD-C1 ... TD-K1).

Positions are built directly with ``TwaalfDagenState.set_position`` so each
test pins exactly the situation its rule speaks about.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Sequence
from typing import TypeVar

import pytest

from pnp.engine import CHANCE, TERMINAL, EventLog, RandomPolicy, play
from pnp.games.twaalf_dagen.rules.actions import PASS, ChooseDealer, Deal, format_play, parse_play
from pnp.games.twaalf_dagen.rules.config import TwaalfDagenConfig, standard_config, validate_deck
from pnp.games.twaalf_dagen.rules.engine import ENGINE
from pnp.games.twaalf_dagen.rules.events import (
    CardsReturned,
    GameEnded,
    GameStarted,
    GiftEarned,
    GiftGiven,
    GiftNotGiven,
    HandDealt,
    HandWon,
    Played,
    TrickWon,
)
from pnp.games.twaalf_dagen.rules.state import TwaalfDagenState

E = TypeVar("E")


def position(
    hands: Sequence[Sequence[int]],
    leader: int = 0,
    *,
    short: bool = False,
    gifts: Sequence[int] | None = None,
    supply: int | None = None,
    hands_done: int = 0,
    config: TwaalfDagenConfig | None = None,
) -> tuple[TwaalfDagenState, EventLog]:
    """A state at the start of a trick with the given hands, logging events."""
    log = EventLog()
    state = ENGINE.new_state(config or standard_config(short), len(hands), log)
    state.set_position(hands, leader, gifts=gifts, supply=supply, hands_done=hands_done)
    return state, log


def push(state: TwaalfDagenState, *plays: str) -> None:
    """Push plays in notation (``"8 8"``, ``"pass"``), checking each is legal."""
    for text in plays:
        action = parse_play(text)
        assert action in state.legal_actions(), f"{text!r} should be legal"
        state.push(action)


def legal(state: TwaalfDagenState) -> set[str]:
    """Legal actions of the player to act, in notation."""

    return {format_play(a) for a in state.legal_actions()}


def events_of(log: EventLog, kind: type[E]) -> list[E]:
    """The logged events of one type."""
    return [e for e in log if isinstance(e, kind)]


def start_hand(
    num_players: int, dealer: int, seed: int = 0, short: bool = False
) -> tuple[TwaalfDagenState, EventLog]:
    """A new game with the given dealer, after the first deal."""
    log = EventLog()
    state = ENGINE.new_state(standard_config(short), num_players, log)
    state.push(ChooseDealer(dealer))
    state.push(ENGINE.sample_chance(state, random.Random(seed)))
    return state, log


# --- TD-C1: 78 deck cards, k copies of card k --------------------------------


def test_td_c1_standard_deck_has_k_copies_of_k() -> None:
    """TD-C1: the engine's deck holds k copies of card k for k = 1..12, 78 cards."""
    state = ENGINE.new_state(standard_config(), 4)
    assert len(state.deck) == 78
    assert Counter(state.deck) == {k: k for k in range(1, 13)}
    assert validate_deck(standard_config()) == []
    assert validate_deck(standard_config(short=True)) == []


def test_td_c1_validate_deck_reports_wrong_copies_and_total() -> None:
    """TD-C1: a card with the wrong number of copies is reported, with the wrong total."""
    counts = {k: k for k in range(1, 13)}
    counts[5] = 4
    del counts[12]
    config = dataclasses.replace(standard_config(), card_counts=counts)
    problems = validate_deck(config)
    assert any("card 5 has 4 copies, expected 5" in p for p in problems)
    assert any("missing: 12" in p for p in problems)
    assert any("65 cards, expected 78" in p for p in problems)


def test_td_c1_deals_only_use_deck_cards() -> None:
    """TD-C1: every deal hands out at most k copies of card k, also with 8 players."""
    for seed in range(20):
        state, _ = start_hand(8, dealer=seed % 8, seed=seed)
        dealt = Counter(card for seat in range(8) for card in state.hand_cards(seat))
        assert all(dealt[k] <= k for k in dealt)
        assert sum(dealt.values()) == 72


def test_td_c1_deal_with_foreign_cards_is_rejected() -> None:
    """TD-C1: a recorded deal that uses more copies than the deck holds is refused."""
    state = ENGINE.new_state(standard_config(), 2)
    state.push(ChooseDealer(0))
    too_many_ones = (1, 1, 2, 2, 3, 3, 3, 4, 4, 4, 4, 5)
    with pytest.raises(ValueError, match="more cards 1"):
        state.push(Deal((too_many_ones, (6,) * 6 + (7,) * 6)))


# --- TD-C2: 12 gift cards -----------------------------------------------------


def test_td_c2_twelve_gift_cards_are_conserved() -> None:
    """TD-C2: 12 gift cards exist; supply plus held gifts stays 12 all game long."""
    config = standard_config()
    assert validate_deck(dataclasses.replace(config, gift_cards=11, hands_full=11))[0].startswith(
        "TD-C2: 11 gift cards"
    )
    state = ENGINE.new_state(config, 5)
    assert state.supply == 12
    rng = random.Random(3)
    policy = RandomPolicy()
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.push(ENGINE.sample_chance(state, rng))
        else:
            state.push(policy.choose(None, state.legal_actions(), rng))
        assert sum(state.gifts) + state.supply == 12
    assert state.supply == 0


# --- TD-B1: setup, deal sizes, first leader ----------------------------------


@pytest.mark.parametrize(("players", "size"), [(2, 12), (4, 12), (6, 12), (7, 11), (8, 9)])
def test_td_b1_deal_sizes(players: int, size: int) -> None:
    """TD-B1: 12 cards each, 11 with 7 players, 9 with 8; hands arrive sorted."""
    state, log = start_hand(players, dealer=0)
    assert state.sizes == [size] * players
    dealt = events_of(log, HandDealt)
    assert len(dealt) == 1
    for cards in dealt[0].hands:
        assert list(cards) == sorted(cards)


def test_td_b1_validate_deck_checks_deal_sizes_fit() -> None:
    """TD-B1: wrong deal sizes, and deals larger than the deck, are reported."""
    sizes = dict(standard_config().hand_sizes)
    sizes[7] = 12
    sizes[8] = 10
    problems = validate_deck(dataclasses.replace(standard_config(), hand_sizes=sizes))
    assert any("7 players are dealt 12 cards, expected 11" in p for p in problems)
    assert any("8 players x 10 cards = 80 exceeds the 78-card deck" in p for p in problems)


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_td_b1_player_left_of_dealer_leads(dealer: int) -> None:
    """TD-B1: the dealer is a chance action; the player to the dealer's left leads."""
    state = ENGINE.new_state(standard_config(), 4)
    assert state.current_player() == CHANCE
    state.push(ChooseDealer(dealer))
    assert state.current_player() == CHANCE  # the deal
    state.push(ENGINE.sample_chance(state, random.Random(1)))
    assert state.current_player() == (dealer + 1) % 4
    assert state.is_leading


def test_td_b1_dealer_is_recorded_in_the_game_record() -> None:
    """TD-B1: the dealer draw and the deals are chance actions in the record."""
    result = play(ENGINE, standard_config(short=True), [RandomPolicy()] * 3, 5)
    actions = result.record.actions
    assert isinstance(actions[0], dict) and set(actions[0]) == {"dealer"}
    assert isinstance(actions[1], dict) and set(actions[1]) == {"deal"}


# --- TD-B2: the lead ----------------------------------------------------------


def test_td_b2_lead_options_are_sets_straights_and_singletons() -> None:
    """TD-B2: the leader may play any set, straight or singleton from the hand, and nothing else."""
    state, _ = position([[3, 4, 5, 5, 9], [12]], leader=0)
    assert legal(state) == {"3", "4", "5", "9", "5 5", "3 4", "3 4 5", "4 5"}


def test_td_b2_leader_cannot_pass() -> None:
    """TD-B2: passing is not a legal lead, and pushing it is refused."""
    state, _ = position([[7], [12]], leader=0)
    assert PASS not in state.legal_actions()
    with pytest.raises(ValueError, match="leader must play"):
        state.push(PASS)


def test_td_b2_low_card_is_the_lowest_card_of_the_lead() -> None:
    """TD-B2: a lead of 6 7 8 has low card 6, so a 6 7 response is allowed and 7 8 is not."""
    state, _ = position([[6, 7, 8, 12], [6, 7, 8, 12]], leader=0)
    push(state, "6 7 8")
    assert state.lead_low == 6
    assert "6 7" in legal(state)
    assert "7 8" not in legal(state)


# --- TD-B3: responses ---------------------------------------------------------


def test_td_b3_set_lead_needs_a_lower_set() -> None:
    """TD-B3: four 11s are answered by 8 8 or 8 8 8; not 12s, not a single 8, not a straight."""
    state, _ = position([[11, 11, 11, 11, 1], [3, 4, 8, 8, 8, 12, 12, 12]], leader=0)
    push(state, "11 11 11 11")
    assert legal(state) == {"pass", "8 8", "8 8 8"}


def test_td_b3_set_response_may_be_longer_or_shorter_but_not_single() -> None:
    """TD-B3: a pair lead accepts sets of 2, 3 or 4 cards, never one card."""
    state, _ = position([[9, 9, 1], [5, 5, 5, 5, 9]], leader=0)
    push(state, "9 9")
    assert legal(state) == {"pass", "5 5", "5 5 5", "5 5 5 5"}


def test_td_b3_singleton_lead_needs_singleton_at_or_below_low_card() -> None:
    """TD-B3: a singleton 7 is answered by one card of 7 or lower (equal counts)."""
    state, _ = position([[7, 1], [2, 5, 5, 7, 8, 9, 10]], leader=0)
    push(state, "7")
    assert legal(state) == {"pass", "2", "5", "7"}


def test_td_b3_straight_lead_accepts_straights_of_any_length_from_two() -> None:
    """TD-B3: against 5 6 7, every straight starting at 5 or lower is legal, shorter or longer."""
    state, _ = position([[5, 6, 7, 1], [2, 3, 4, 5, 6, 9, 10]], leader=0)
    push(state, "5 6 7")
    expected = {"pass", "5 6"}
    for start in range(2, 5):
        for end in range(start + 1, 7):
            expected.add(" ".join(str(v) for v in range(start, end + 1)))
    assert legal(state) == expected


def test_td_b3_responses_compare_with_the_lead_not_the_best_response() -> None:
    """TD-B3: after a lead of 8 and a response of 3, a 5 may still respond (5 <= 8)."""
    state, _ = position([[8, 1], [3, 12], [5, 12]], leader=0)
    push(state, "8", "3")
    assert "5" in legal(state)


def test_td_b3_pass_is_always_legal_for_responders() -> None:
    """TD-B3: a responder may pass, even holding a legal response; with none, pass is all."""
    state, _ = position([[6, 1], [4, 12], [10, 11, 12]], leader=0)
    push(state, "6")
    assert legal(state) == {"pass", "4"}
    push(state, "pass")
    assert legal(state) == {"pass"}


# --- TD-B4: winning the trick ---------------------------------------------------


def test_td_b4_lowest_card_wins_discards_and_leads() -> None:
    """TD-B4: after one lap the lowest card wins, all played cards are discarded, winner leads."""
    state, log = position([[9, 12], [4, 12], [6, 12]], leader=0)
    push(state, "9", "4", "6")
    assert state.current_player() == 1 and state.is_leading
    assert [state.discards[v] for v in (4, 6, 9)] == [1, 1, 1]
    assert state.sizes == [1, 1, 1]
    won = events_of(log, TrickWon)
    assert len(won) == 1 and won[0].seat == 1 and won[0].low == 4


def test_td_b4_tie_on_lowest_card_goes_to_the_last_player() -> None:
    """TD-B4: 4 4 played by P1 and then by P2: P2 played it last and wins."""
    state, _ = position([[6, 6, 12], [4, 4, 12], [4, 4, 12], [9, 9, 12]], leader=0)
    push(state, "6 6", "4 4", "4 4", "pass")
    assert state.current_player() == 2


def test_td_b4_leader_wins_when_everyone_passes() -> None:
    """TD-B4: the lead is the lowest card when nobody responds."""
    state, _ = position([[10, 12], [11, 12], [11, 12]], leader=0)
    push(state, "10", "pass", "pass")
    assert state.current_player() == 0 and state.is_leading


def test_td_b4_trick_ends_after_exactly_one_lap() -> None:
    """TD-B4: every other player acts once; the leader does not act again in the trick."""
    state, _ = position([[9, 12], [8, 12], [7, 12]], leader=1)
    push(state, "8", "7")
    assert not state.is_leading and state.current_player() == 0
    push(state, "pass")
    assert state.is_leading and state.current_player() == 2


# --- TD-B5: last cards, end of the hand -----------------------------------------


def test_td_b5_last_cards_are_taken_back_when_the_trick_is_lost() -> None:
    """TD-B5: P1 plays their last card 7 but P2 wins with 2: P1 takes the 7 back."""
    state, log = position([[8, 12], [7], [2, 12]], leader=0)
    push(state, "8", "7", "2")
    assert state.hand_cards(1) == (7,)
    assert state.discards[7] == 0 and state.discards[8] == 1 and state.discards[2] == 1
    returned = events_of(log, CardsReturned)
    assert len(returned) == 1
    assert returned[0].seat == 1 and returned[0].cards == (7,)
    assert CardsReturned.automatic and not Played.automatic
    assert state.current_player() == 2  # the hand goes on


def test_td_b5_winning_a_trick_with_no_cards_left_ends_the_hand() -> None:
    """TD-B5: P1 wins the trick with their last cards 3 3 and so wins the hand."""
    state, log = position([[6, 6, 12], [3, 3], [5, 5, 9]], leader=0)
    push(state, "6 6", "3 3", "5 5")
    won = events_of(log, HandWon)
    assert len(won) == 1 and won[0].seat == 1
    assert state.current_player() == CHANCE  # next deal


def test_td_b5_leader_going_out_unanswered_wins_the_hand() -> None:
    """TD-B5: a leader who plays their last card and is not undercut wins the hand."""
    state, log = position([[2], [5, 6], [7]], leader=0)
    push(state, "2", "pass", "pass")
    assert [e.seat for e in events_of(log, HandWon)] == [0]


def test_td_b5_hand_goes_on_while_the_winner_holds_cards() -> None:
    """TD-B5: winning a trick with cards left does not end the hand."""
    state, log = position([[2, 9], [5, 6], [7]], leader=0)
    push(state, "2", "pass", "pass")
    assert events_of(log, HandWon) == []
    assert state.current_player() == 0 and state.is_leading


# --- TD-B6: gifts at the end of a hand ------------------------------------------


def test_td_b6_winner_earns_a_gift_from_the_supply() -> None:
    """TD-B6: the hand's winner takes one gift card from the supply."""
    state, log = position([[1], [5, 6], [7, 8]], leader=0)
    push(state, "1", "pass", "pass")
    assert state.supply == 11
    assert state.gifts[0] == 1
    earned = events_of(log, GiftEarned)
    assert len(earned) == 1 and earned[0].seat == 0 and earned[0].supply == 11


def test_td_b6_players_with_most_cards_each_give_a_gift() -> None:
    """TD-B6: both players tied on most cards give one gift each, if they have one."""
    hands = [[1], [5, 6, 7], [8, 9, 10], [11, 12, 12], [2]]
    state, log = position(hands, leader=0, gifts=[0, 2, 1, 0, 3], supply=6)
    push(state, "1", "pass", "pass", "pass", "pass")
    assert state.gifts == [1 + 2, 1, 0, 0, 3]
    assert state.supply == 5
    given = [(e.giver, e.receiver) for e in events_of(log, GiftGiven)]
    assert given == [(1, 0), (2, 0)]
    assert [e.seat for e in events_of(log, GiftNotGiven)] == [3]
    assert all(e.automatic for e in events_of(log, GiftGiven) + events_of(log, GiftNotGiven))


def test_td_b6_cards_taken_back_count_as_unplayed() -> None:
    """TD-B6: a player who took their last cards back (TD-B5) holds them when gifts are paid."""
    state, _ = position([[5, 9], [4], [3]], leader=0, gifts=[1, 1, 1], supply=8)
    # P1 plays their last card 4 but P2 wins with 3, their last card: P1 takes 4 back.
    push(state, "5", "4", "3")
    assert state.hand_cards(1) == (4,)
    # P0 holds 9 and P1 holds 4 again: they tie on most cards and both pay P2,
    # who also earned a gift from the supply.
    assert state.gifts == [0, 0, 4]


def test_td_b6_winner_leads_the_next_hand() -> None:
    """TD-B6: after the new deal the hand's winner leads."""
    state2, _ = position([[12], [3], [5, 6]], leader=2)
    push(state2, "5", "pass", "3")  # P1 wins with their last card
    assert state2.current_player() == CHANCE
    state2.push(ENGINE.sample_chance(state2, random.Random(0)))
    assert state2.current_player() == 1 and state2.is_leading


# --- TD-B7: the full game ---------------------------------------------------------


def test_td_b7_full_game_twelve_hands_no_starting_gifts() -> None:
    """TD-B7: nobody starts with a gift; the game ends when the 12th gift is claimed."""
    log = EventLog()
    result = play(ENGINE, standard_config(), [RandomPolicy()] * 4, 11, log=log)
    state = result.state
    started = events_of(log, GameStarted)
    assert started[0].gifts == (0, 0, 0, 0) and started[0].supply == 12
    assert state.hands_done == 12 and state.supply == 0
    assert state.current_player() == TERMINAL
    earned = events_of(log, GiftEarned)
    assert len(earned) == 12 and earned[-1].supply == 0
    assert isinstance(list(log)[-1], GameEnded)


def test_td_b7_game_ends_as_soon_as_the_supply_is_empty() -> None:
    """TD-B7: with one gift left in the supply, the next hand is the last one."""
    state, _log = position([[1], [5], [7]], leader=0, gifts=[4, 4, 3], supply=1, hands_done=5)
    push(state, "1", "pass", "pass")
    assert state.is_terminal() and state.hands_done == 6


def test_td_b7_most_gifts_wins_and_ties_share() -> None:
    """TD-B7: the players with the most gifts all win."""
    state, _log = position([[1], [5, 6], [7]], leader=0, gifts=[3, 5, 3], supply=1)
    # P0 wins the hand: +1 from the supply, +1 from P1 (most cards): 5 vs 4 vs 3.
    push(state, "1", "pass", "pass")
    assert state.gifts == [5, 4, 3]
    assert state.winners == (0,)
    state2, _log2 = position([[1], [5], [7]], leader=0, gifts=[3, 4, 4], supply=1)
    # P0 earns the last gift; P1 and P2 tie on cards and each give one: 6, 3, 3.
    push(state2, "1", "pass", "pass")
    assert state2.gifts == [6, 3, 3] and state2.winners == (0,)
    state3, log3 = position([[1], [5], [7, 8]], leader=0, gifts=[4, 5, 0], supply=1)
    # P0 earns the last gift (5), P2 has most cards but nothing to give: P0 and P1 share.
    push(state3, "1", "pass", "pass")
    assert state3.gifts == [5, 5, 0] and state3.winners == (0, 1)
    ended = events_of(log3, GameEnded)
    assert ended[0].winners == (0, 1)


# --- TD-K1: the short game ----------------------------------------------------------


@pytest.mark.parametrize("players", [2, 5, 8])
def test_td_k1_short_game_one_gift_each_three_hands(players: int) -> None:
    """TD-K1: everyone starts with one gift from the supply; only 3 hands are played."""
    log = EventLog()
    state = play(ENGINE, standard_config(short=True), [RandomPolicy()] * players, 9, log=log).state
    started = events_of(log, GameStarted)[0]
    assert started.gifts == (1,) * players
    assert started.supply == 12 - players
    assert started.variants == ("kort",)
    assert state.hands_done == 3 and state.is_terminal()
    assert sum(state.gifts) + state.supply == 12


def test_td_k1_short_game_ends_when_the_supply_runs_out_first() -> None:
    """TD-K1 (decision): with too few gifts the short game ends when the supply is empty."""
    config = dataclasses.replace(standard_config(short=True), gift_cards=5)
    state = play(ENGINE, config, [RandomPolicy()] * 4, 2).state
    assert state.hands_done == 1 and state.supply == 0 and state.is_terminal()
    assert validate_deck(dataclasses.replace(standard_config(short=True), gift_cards=10))


def test_td_k1_full_game_is_longer_than_the_short_game() -> None:
    """TD-K1: the variant flag alone switches 12 hands to 3 (same seed, same policies)."""
    full = play(ENGINE, standard_config(), [RandomPolicy()] * 3, 4).state
    short = play(ENGINE, standard_config(short=True), [RandomPolicy()] * 3, 4).state
    assert (full.hands_done, short.hands_done) == (12, 3)
    assert ENGINE.variants(standard_config(short=True)) == ("kort",)
