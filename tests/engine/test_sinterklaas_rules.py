"""One or more tests per sinterklaas base-game rule ID (SK-C1 ... SK-C4, SK-B1 ... SK-B9, SK-M1, SK-D1).

Positions are set up with ``SinterklaasState.set_position`` and scripted
chance outcomes (deals, reveals), so each test pins exactly the situation
its rule speaks about. Variant rules are in ``test_sinterklaas_variants.py``.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from pnp.engine import CHANCE, TERMINAL, EventLog, RandomPolicy, play
from pnp.games.sinterklaas.rules import events as ev
from pnp.games.sinterklaas.rules.actions import ChooseSint, Deal
from pnp.games.sinterklaas.rules.cards import COLOURS, card_name, parse_card, plain_card
from pnp.games.sinterklaas.rules.combinations import (
    COLOUR,
    NUMBER,
    best_combination,
    best_key,
)
from pnp.games.sinterklaas.rules.config import (
    MULTIPLES,
    SinterklaasConfig,
    action_kind,
    standard_config,
    standard_deck,
    validate_deck,
)
from pnp.games.sinterklaas.rules.engine import ENGINE
from pnp.games.sinterklaas.rules.state import SinterklaasState
from pnp.games.sinterklaas.rules.steps import ALL_IN, IN, STOPPED
from tests.engine.sinterklaas_play import cards, deal, do, events_of, game, legal, reveal

HANDS3 = (
    "rood-1 rood-2 rood-3 rood-4 blauw-9 groen-9",
    "blauw-1 blauw-2 geel-3 geel-4 paars-5 paars-6",
    "groen-1 groen-2 groen-3 geel-7 geel-8 paars-9",
)


def _key(names: str) -> int:
    codes = cards(names)
    return best_key([c >> 4 for c in codes], [c & 15 for c in codes])


# --- SK-C1 / SK-C2: the deck --------------------------------------------------------


def test_sk_c1_deck_has_five_colours_numbers_one_to_nine_and_points() -> None:
    """SK-C1: five colours x 1-9, three copies each (135 cards), 3/2/1 points by number."""
    config = standard_config()
    assert config.deck_size == 135
    table = ENGINE.new_state(config, 4).table
    assert Counter(table.deck) == {plain_card(c, n): 3 for c in range(5) for n in range(1, 10)}
    for kind in config.kinds:
        assert kind.points == (3 if kind.number <= 3 else 2 if kind.number <= 6 else 1)
    assert validate_deck(config) == []


def test_sk_c1_validate_deck_reports_bad_cards() -> None:
    """SK-C1: a duplicated card, a card without points and a one-colour deck are reported."""
    kinds = list(standard_deck())
    kinds[3] = dataclasses.replace(kinds[3], points=0)
    kinds.append(kinds[0])
    problems = validate_deck(dataclasses.replace(standard_config(), kinds=tuple(kinds)))
    assert any("rood-1 is listed twice" in p for p in problems)
    assert any("rood-4 is worth 0 points" in p for p in problems)
    red = tuple(k for k in standard_deck() if k.colour == 0)
    assert any("at least two colours" in p for p in validate_deck(SinterklaasConfig(red)))


def test_sk_c2_surprise_symbol_on_fives_and_coin_on_sevens() -> None:
    """SK-C2: the surprise symbol is on the 5s, the coin on the 7s; a deck without either is reported."""
    deck = standard_deck()
    assert {k.number for k in deck if k.surprise} == {5}
    assert {k.number for k in deck if k.coin} == {7}
    bare = tuple(dataclasses.replace(k, surprise=False, coin=False) for k in deck)
    problems = validate_deck(dataclasses.replace(standard_config(), kinds=bare))
    assert "SK-C2: no card carries the surprise symbol" in problems
    assert "SK-C2: no card carries the coin icon" in problems


def test_sk_c3_one_small_sint_and_one_big_sint() -> None:
    """SK-C3: exactly one Small Sint card; one Big Sint card when wie-kent-hem-niet is played."""
    config = standard_config(["wie-kent-hem-niet"])
    assert validate_deck(config) == []
    problems = validate_deck(dataclasses.replace(config, sint_cards=2, big_sint_cards=0))
    assert "SK-C3: 2 Small Sint cards, expected 1" in problems
    assert "SK-C3: 0 Big Sint cards, expected 1" in problems


def test_sk_c4_actiepiet_has_eight_or_more_actions_with_stafpiet() -> None:
    """SK-C4: at least 8 distinct action cards including Stafpiet, each with colour/number/points."""
    config = standard_config(["actiepiet"])
    actions = [k for k in config.kinds if k.action]
    assert len(actions) == 9 and "stafpiet" in {k.name for k in actions}
    assert all(0 <= k.colour < 5 and 1 <= k.number <= 9 and k.points >= 1 for k in actions)
    assert validate_deck(config) == []
    no_staf = tuple(k for k in config.kinds if k.name not in ("stafpiet", "amerigo"))
    problems = validate_deck(dataclasses.replace(config, kinds=no_staf))
    assert "SK-C4: the action cards lack Stafpiet" in problems
    assert "SK-C4: 7 distinct action cards, expected at least 8" in problems
    stray = (*standard_deck(), action_kind("amerigo", "blauw", 9, 1, 1))
    assert any("without the actiepiet" in p for p in validate_deck(SinterklaasConfig(stray)))


# --- SK-B1: setup ------------------------------------------------------------------


def test_sk_b1_all_cards_in_one_stack_and_chance_picks_the_first_sint() -> None:
    """SK-B1: the game starts with every card in the stack; chance picks the first Sint."""
    log = EventLog()
    state = ENGINE.new_state(standard_config(), 4, log)
    assert state.current_player() == CHANCE and state.stack_size() == 135
    assert log.events[0] == ev.GameStarted(4, (), 135)
    seats = {ENGINE.sample_chance(state, random.Random(seed)) for seed in range(40)}
    assert seats == {ChooseSint(s) for s in range(4)}
    state.push(ChooseSint(2))
    assert state.sint == 2
    assert events_of(log, ev.SintChosen) == [ev.SintChosen(2)]
    assert events_of(log, ev.RoundStarted) == [ev.RoundStarted(1, 2, 135)]
    with pytest.raises(ValueError, match="seat 7"):
        ENGINE.new_state(standard_config(), 4).push(ChooseSint(7))


# --- SK-B2: a round is bidding then scoring -------------------------------------------


def test_sk_b2_round_is_deal_three_reveals_with_laps_then_scoring() -> None:
    """SK-B2: deal, then three times reveal + lap, then scoring; then the next round starts."""
    state, log = game(3, sint=1)
    deal(state, *HANDS3)
    for name in ("rood-5", "blauw-5", "groen-5"):
        reveal(state, name)
        do(state, "done", "done", "done")
    skip = ev.WentAlong | ev.GameStarted
    kinds = [type(e).__name__ for e in log if not isinstance(e, skip)]
    assert kinds[:2] == ["RoundStarted", "CardsDealt"]
    assert kinds[2:8] == ["CardRevealed", "LapStarted"] * 3
    assert kinds[8:11] == ["CombinationShown"] * 3
    assert kinds[11:] == ["RoundWon", "SintChanged", "RoundEnded", "RoundStarted"]
    assert state.round == 2 and state.current_player() == CHANCE


# --- SK-B3: the deal ---------------------------------------------------------------------


def test_sk_b3_first_round_deals_six_from_the_stack() -> None:
    """SK-B3: in round 1 nobody has scored, so everyone gets 6 stack cards."""
    for seed in range(10):
        log = EventLog()
        state = ENGINE.new_state(standard_config(), 5, log)
        rng = random.Random(seed)
        state.push(ENGINE.sample_chance(state, rng))
        state.push(ENGINE.sample_chance(state, rng))
        assert [len(h) for h in state.hands] == [6] * 5
        dealt = events_of(log, ev.CardsDealt)[0]
        assert dealt.scored == ((),) * 5 and all(len(d) == 6 for d in dealt.drawn)
        assert state.stack_size() == 135 - 30


def test_sk_b3_scored_cards_come_back_first() -> None:
    """SK-B3: a player with scored cards takes 3 of them at random, then draws 3 from the stack."""
    state, _log = game(3, scored=["rood-1 rood-2 rood-3 rood-4 rood-5", "blauw-1", ""])
    assert state.deal_sizes() == [(3, 3), (1, 5), (0, 6)]
    picks = {ENGINE.sample_chance(state, random.Random(s)).scored[0] for s in range(30)}  # type: ignore[union-attr]
    assert len(picks) > 3 and all(len(p) == 3 for p in picks)
    deal(
        state,
        "geel-1 geel-2 geel-3",
        "geel-4 geel-5 geel-6 geel-7 geel-8",
        "paars-1 paars-2 paars-3 paars-4 paars-5 paars-6",
        scored=["rood-2 rood-4 rood-5", "blauw-1", ""],
    )
    assert state.hands[0] == cards("rood-2 rood-4 rood-5 geel-1 geel-2 geel-3")
    assert state.scored[0] == cards("rood-1 rood-3")
    assert state.scored[1] == ()
    state.pop()
    with pytest.raises(ValueError, match="seat 0 takes 3 scored card"):
        deal(state, "geel-1 geel-2 geel-3 geel-4", "geel-5", "paars-1")


def test_sk_b3_decision_kept_hand_takes_scored_only_up_to_six() -> None:
    """SK-B3 DECISION: with 4 kept hand cards a player takes only 2 scored cards and draws none;
    a kept hand of 6 (or more) takes nothing."""
    state, _ = game(
        3,
        hands=[
            "rood-1 rood-2 rood-3 rood-4",
            "blauw-1 blauw-2 blauw-3 blauw-4 blauw-5 blauw-6",
            "",
        ],
        scored=["geel-1 geel-2 geel-3 geel-4", "geel-5 geel-6 geel-7 geel-8", "geel-9"],
    )
    assert state.deal_sizes() == [(2, 0), (0, 0), (1, 5)]
    assert state.cards_needed() == 5 + 3


def test_sk_b3_deal_must_come_from_the_stack() -> None:
    """SK-B3: a recorded deal with cards the stack does not hold is refused."""
    stack = " ".join(f"rood-{n} " * 3 for n in range(1, 8)) + "blauw-1"
    state, _ = game(3, stack=stack)
    with pytest.raises(ValueError, match="blauw-2 is not there"):
        deal(state, "rood-1 rood-1 rood-1 rood-2 rood-2 rood-2", "blauw-2 " * 6, "rood-3 " * 6)


# --- SK-B4: bidding laps -----------------------------------------------------------------


def test_sk_b4_laps_start_with_the_sint_and_go_clockwise() -> None:
    """SK-B4: after each reveal the lap starts with the Sint and goes clockwise."""
    state, log = game(4, sint=2)
    deal(state, *HANDS3, "paars-1 paars-2 paars-3 paars-4 groen-5 groen-6")
    reveal(state, "rood-5")
    order = []
    while state.current_player() != CHANCE:
        order.append(state.current_player())
        do(state, "done")
    assert order == [2, 3, 0, 1]
    assert events_of(log, ev.LapStarted)[0] == ev.LapStarted(1, 2, 0)


def test_sk_b4_going_along_means_matching_the_highest_bid() -> None:
    """SK-B4: a player below the highest bid must add cards (done is not legal) or stop;
    a raise makes everyone act again; bids are counted in cards and add up over the laps."""
    state, log = game(3)
    deal(state, *HANDS3)
    reveal(state, "rood-5")
    do(state, "add blauw-9", "add groen-9", "done")  # P0 raises to 2
    assert "done" not in legal(state) and "stop" in legal(state)
    do(state, "add paars-6")
    assert "done" not in legal(state) and "stop" not in legal(state)  # a card laid: no stopping
    do(state, "add paars-5", "done")  # P1 goes along with 2
    do(state, "add paars-9", "add geel-8", "add geel-7", "done")  # P2 raises to 3
    assert state.current_player() == 0  # the lap goes on: P0 must answer the raise
    do(state, "add rood-4", "done", "add geel-4", "done")
    assert state.current_player() == CHANCE  # everyone matched: the lap is closed
    reveal(state, "blauw-5")
    assert [len(b) for b in state.bids] == [3, 3, 3]
    do(state, "done", "add geel-3", "done")  # a check, then a raise to 4 (cumulative)
    assert len(state.bids[1]) == 4
    went = events_of(log, ev.WentAlong)
    assert went[0] == ev.WentAlong(0, 2, 2, True, False)
    assert went[1] == ev.WentAlong(1, 2, 2, False, False)


def test_sk_b4_stopping_keeps_the_hand_and_leaves_the_bid() -> None:
    """SK-B4: a stopping player keeps their hand cards, is out of the round, their bid stays."""
    state, log = game(3)
    deal(state, *HANDS3)
    reveal(state, "rood-5")
    do(state, "add blauw-9", "done", "add paars-6", "done", "stop")
    assert state.status == [IN, IN, STOPPED]
    reveal(state, "blauw-5")
    do(state, "add groen-9", "done")
    assert state.current_player() == 1  # P2 is out of this round
    do(state, "stop")
    stopped = events_of(log, ev.Stopped)
    assert stopped[0] == ev.Stopped(2, 0, 6)
    assert state.hands[2] == cards(HANDS3[2])  # kept for the next round
    assert state.hands[1] == cards("blauw-1 blauw-2 geel-3 geel-4 paars-5")
    assert "paars-6" in events_of(log, ev.RoundWon)[0].pile  # P1's bid went to the winner


# --- SK-B5: one player left ------------------------------------------------------------


def test_sk_b5_one_player_left_wins_at_once_keeps_hand_and_becomes_sint() -> None:
    """SK-B5: when all others stop, the round ends at once (no more reveals); the last
    player wins the bid pile, keeps their hand and becomes Sint."""
    state, log = game(3, sint=1)
    deal(state, *HANDS3)
    reveal(state, "rood-5")
    do(state, "add paars-6", "done", "add groen-1", "add groen-2", "done", "add rood-1")
    do(state, "add rood-2", "add blauw-9", "done", "stop")
    assert state.status == [IN, STOPPED, IN] and state.current_player() == 2
    do(state, "stop")
    assert events_of(log, ev.RoundWon) == [
        ev.RoundWon(
            0, 1, ("rood-1", "rood-2", "blauw-9", "paars-6", "groen-1", "groen-2"), "one-left"
        )
    ]
    assert len(events_of(log, ev.CardRevealed)) == 1  # no more reveals
    assert state.hands[0] == cards("rood-3 rood-4 groen-9")  # kept
    assert state.sint == 0 and state.round == 2
    assert state.scored[0] == tuple(sorted(cards("rood-1 rood-2 blauw-9 paars-6 groen-1 groen-2")))
    assert state.discard == cards("rood-5")  # the Pakjeskamer goes out of the game


# --- SK-B6: all-in ------------------------------------------------------------------------


def test_sk_b6_all_in_bid_need_not_be_matched_and_all_in_takes_no_turns() -> None:
    """SK-B6: a player who bids every hand card is all-in: the others may end their turn
    below that bid, the all-in player gets no more turns but still scores (with the room only)."""
    state, log = game(3)
    deal(state, *HANDS3)
    reveal(state, "rood-5")
    do(state, *(f"add {c}" for c in HANDS3[0].split()))
    assert state.status[0] == ALL_IN and state.current_player() == 1
    assert events_of(log, ev.AllIn) == [ev.AllIn(0, 6)]
    assert "done" in legal(state)  # the all-in bid of 6 is ignored
    do(state, "done", "done")
    for name in ("blauw-5", "groen-5"):
        reveal(state, name)
        assert state.current_player() == 1  # P0 is skipped
        do(state, "done", "done")
    shown = {e.seat: e for e in events_of(log, ev.CombinationShown)}
    assert shown[0].cards == ("rood-5", "blauw-5", "groen-5")
    assert shown[0].kind == "number" and shown[0].count == 3


def test_sk_b6_all_in_player_left_alone_wins() -> None:
    """SK-B6/SK-B5: an all-in player still counts as in the round: if all others stop, they win."""
    state, log = game(3)
    deal(state, *HANDS3)
    reveal(state, "rood-5")
    do(state, *(f"add {c}" for c in HANDS3[0].split()), "stop", "stop")
    assert events_of(log, ev.RoundWon)[0].seat == 0


# --- SK-B7: combinations and ranking ------------------------------------------------------


def test_sk_b7_more_cards_beat_fewer() -> None:
    """SK-B7: the combination with more cards wins, whatever colour or number."""
    assert _key("rood-1 rood-2 rood-3") > _key("blauw-9 groen-9")
    assert _key("rood-1 blauw-1 groen-1") > _key("paars-8 paars-9")


def test_sk_b7_numbers_beat_colours_on_equal_count() -> None:
    """SK-B7: with the same number of cards a number combination beats a colour combination."""
    assert _key("rood-1 blauw-1") > _key("paars-8 paars-9")
    assert best_combination([0, 1], [1, 1]).kind == NUMBER
    assert best_combination([0, 0, 0, 1], [7, 8, 9, 7]).kind == COLOUR


def test_sk_b7_higher_total_wins_then_nobody() -> None:
    """SK-B7: equal count and kind: the higher total wins (red 1+2 loses to blue 1+3); still
    equal: the keys are equal (nobody wins)."""
    assert _key("rood-1 rood-2") < _key("blauw-1 blauw-3")
    assert _key("rood-9 blauw-9") > _key("rood-8 groen-8")
    assert _key("rood-1 rood-4") == _key("groen-2 groen-3")


TIE_HANDS = (
    "rood-1 rood-4 blauw-6 geel-8 paars-2 groen-7",
    "groen-2 groen-3 blauw-7 geel-9 paars-6 rood-8",
    "rood-2 rood-3 blauw-8 geel-7 paars-9 groen-6",
)
"""With the room paars-5 geel-6 blauw-9, P1 and P2 both hold two 9s (total 18); P0 less."""


def _tie_round() -> tuple[SinterklaasState, EventLog]:
    state, log = game(3, sint=1)
    deal(state, *TIE_HANDS)
    reveal(state, "paars-5")
    do(state, "add blauw-7", "done", "add blauw-8", "done", "add blauw-6", "done")
    for name in ("geel-6", "blauw-9"):
        reveal(state, name)
        do(state, "done", "done", "done")
    return state, log


def test_sk_b7_showdown_tie_means_nobody_wins() -> None:
    """SK-B7: at a showdown with equally good best combinations, nobody wins."""
    _, log = _tie_round()
    shown = {
        e.seat: (e.kind, e.value, e.count, e.total) for e in events_of(log, ev.CombinationShown)
    }
    assert shown[1] == shown[2] == ("number", "9", 2, 18)
    assert shown[0] == ("colour", "geel", 2, 14)
    assert events_of(log, ev.RoundTied) == [ev.RoundTied(1, (1, 2))]
    assert events_of(log, ev.RoundWon) == []


# --- SK-B8: round end ------------------------------------------------------------------------


def test_sk_b8_winner_takes_the_pile_and_becomes_sint_others_lose_their_hands() -> None:
    """SK-B8: the best combination wins every bid card and becomes Sint; everyone at the
    showdown loses their hand; the Pakjeskamer and lost hands leave the game."""
    state, log = game(3, sint=2)
    deal(state, *HANDS3)
    reveal(state, "rood-5")
    do(state, "add geel-8", "done", "add blauw-9", "done", "add paars-6", "done")
    for name in ("rood-6", "rood-7"):
        reveal(state, name)
        do(state, "done", "done", "done")
    won = events_of(log, ev.RoundWon)
    assert won == [ev.RoundWon(0, 1, ("blauw-9", "paars-6", "geel-8"), "best")]
    assert state.sint == 0
    assert state.scored[0] == tuple(sorted(cards("blauw-9 paars-6 geel-8")))
    assert state.hands == [(), (), ()]
    assert Counter(state.discard) == Counter(
        cards("rood-5 rood-6 rood-7 rood-1 rood-2 rood-3 rood-4 groen-9")
        + cards("blauw-1 blauw-2 geel-3 geel-4 paars-5")
        + cards("groen-1 groen-2 groen-3 geel-7 paars-9")
    )


def test_sk_b8_unwon_pile_is_discarded() -> None:
    """SK-B8 DECISION: on a tie the bid pile goes to the discard pile and the Sint stays."""
    state, _ = _tie_round()
    assert state.sint == 1 and state.scored == [(), (), ()]
    assert Counter(cards("blauw-6 blauw-7 blauw-8 paars-5 geel-6 blauw-9")) <= Counter(
        state.discard
    )
    assert state.hands == [(), (), ()]


# --- SK-B9: game end -----------------------------------------------------------------------


def test_sk_b9_game_ends_when_the_stack_cannot_supply_a_round() -> None:
    """SK-B9: before a round, if the stack cannot fill every hand and supply every reveal,
    the game ends; the most points on scored cards wins, equal points share the win."""
    # 3 players need 18 + 3 = 21 cards; 20 are left.
    state, _log = game(
        3,
        scored=["rood-1 rood-9", "blauw-4 blauw-5", "geel-9"],
        stack="paars-1 " * 3
        + "paars-2 " * 3
        + "groen-1 " * 3
        + "groen-2 " * 3
        + "groen-3 " * 3
        + "geel-1 " * 3
        + "geel-2 " * 2,
    )
    assert state.stack_size() == 20
    assert state.cards_needed() == (4 + 4 + 5) + 3  # scored cards come back first
    assert not state.is_terminal()
    state2, log2 = game(
        3,
        scored=["rood-1 rood-9", "blauw-4 blauw-5", ""],
        stack="paars-1 " * 3 + "paars-2 " * 3 + "groen-1 " * 3 + "groen-2 " * 3 + "groen-3 " * 3,
    )
    assert state2.cards_needed() == 4 + 4 + 6 + 3 > state2.stack_size() == 15
    assert state2.is_terminal() and state2.current_player() == TERMINAL
    assert state2.points() == (4, 4, 0) and state2.winners == (0, 1)
    assert events_of(log2, ev.GameEnded) == [ev.GameEnded((0, 1), (4, 4, 0), 0, 15)]


def test_sk_b9_random_games_end_and_name_the_top_scorers() -> None:
    """SK-B9: every game ends; the winners are exactly the seats with the most points."""
    for seed in range(20):
        result = play(ENGINE, standard_config(), [RandomPolicy()] * 4, seed)
        state = result.state
        assert state.is_terminal() and state.stack_size() < state.cards_needed()
        points = state.points()
        assert state.winners == tuple(s for s in range(4) if points[s] == max(points))


# --- SK-M1: meer / minder pakjes -----------------------------------------------------------


@pytest.mark.parametrize(("variant", "multiple"), [("minder-pakjes", 2), ("meer-pakjes", 4)])
def test_sk_m1_all_threes_become_the_multiple(variant: str, multiple: int) -> None:
    """SK-M1: hand 2m, take m from the scored pile, m reveals and laps."""
    config = standard_config([variant])
    assert (config.hand_size, config.from_scored, config.reveals) == (
        2 * multiple,
        multiple,
        multiple,
    )
    log = EventLog()
    state = ENGINE.new_state(config, 3, log)
    state.set_position(sint=0, scored=[cards("rood-1 " * 3 + "rood-2 " * 3), (), ()])
    assert state.deal_sizes()[0] == (multiple, multiple)
    rng = random.Random(1)
    state.push(ENGINE.sample_chance(state, rng))
    assert [len(h) for h in state.hands] == [2 * multiple] * 3
    reveals = 0
    while state.round == 1:
        if state.current_player() == CHANCE:
            reveals += 1
            state.push(ENGINE.sample_chance(state, rng))
        else:
            do(state, "done")
    assert reveals == multiple


# --- SK-D1: deck validation -------------------------------------------------------------------


def test_sk_d1_every_player_count_and_multiple_gets_a_full_round() -> None:
    """SK-D1: for 3-6 players and multiples 2, 3, 4 the stack supplies at least one round;
    a deck too small for 6 players with hands of 8 is reported."""
    assert MULTIPLES == (2, 3, 4)
    for variants in ((), ("meer-pakjes",), ("minder-pakjes",)):
        assert validate_deck(standard_config(variants)) == []
    small = dataclasses.replace(standard_config(), kinds=standard_deck(copies=1))
    problems = validate_deck(small)
    assert (
        "SK-D1: 6 players with hands of 8 and 4 reveals need 52 cards for one round, the stack has 45"
        in problems
    )
    assert not any(" 3 players with hands of 4 " in p for p in problems)
    with pytest.raises(ValueError, match="one round needs 52 cards"):
        ENGINE.new_state(dataclasses.replace(small, hand_size=8, reveals=4), 6)


def test_sk_d1_names_round_trip() -> None:
    """Card names (used by records and notation) round-trip for every card of every variant."""
    config = standard_config(["actiepiet", "pietje-precies"])
    for kind in config.kinds:
        assert parse_card(card_name(kind.code)) == kind.code
    assert card_name(plain_card(COLOURS.index("paars"), 9)) == "paars-9"
    with pytest.raises(ValueError):
        parse_card("oranje-3")
    with pytest.raises(ValueError, match="a deal has one entry per seat"):
        state, _ = game(3)
        state.push(Deal(((),), ((),)))
