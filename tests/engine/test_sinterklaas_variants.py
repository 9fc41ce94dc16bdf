"""One or more tests per sinterklaas variant rule ID (SK-S1, SK-V1 ... SK-V5, SK-A1, SK-P1 ... SK-P4, SK-W1 ... SK-W5)."""

from __future__ import annotations

import random

import pytest

from pnp.engine import CHANCE, EventLog
from pnp.games.sinterklaas.rules import events as ev
from pnp.games.sinterklaas.rules.actions import Reveal
from pnp.games.sinterklaas.rules.cards import parse_card
from pnp.games.sinterklaas.rules.combinations import COLOUR, NUMBER, STRAIGHT, best_combination
from pnp.games.sinterklaas.rules.engine import ENGINE
from pnp.games.sinterklaas.rules.state import SinterklaasState
from pnp.games.sinterklaas.rules.steps import (
    COIN,
    GIVE_BIG,
    INPAK_COLOUR,
    JOIN,
    KEEP,
    LAP,
    LIMIT,
    LOCKED,
    OPEN_BIG,
    OPEN_SMALL,
    STAFPIET_CHOICE,
    STOPPED,
    STRIKE,
)
from tests.engine.sinterklaas_play import (
    cards,
    deal,
    do,
    draw,
    events_of,
    game,
    legal,
    pass_left,
    peek,
    pick,
    reveal,
)

HANDS3 = (
    "rood-1 rood-2 rood-3 rood-4 blauw-9 groen-9",
    "blauw-1 blauw-2 geel-3 geel-4 paars-5 paars-6",
    "groen-1 groen-2 groen-3 geel-7 geel-8 paars-9",
)


def _checks_to_the_end(state: SinterklaasState, reveals: tuple[str, ...]) -> None:
    """Reveal ``reveals`` one per lap and let everyone still bidding check."""
    for name in reveals:
        reveal(state, name)
        while state.current_player() >= 0 and state.node[0] == LAP:
            do(state, "done")


def _precise(colours: list[int], numbers: list[int]) -> tuple[int, int]:
    combo = best_combination(colours, numbers, precise=True)
    return combo.kind, combo.count


# --- SK-S1: surprises -------------------------------------------------------------------


def test_sk_s1_mode_ronde_every_round_winner_picks() -> None:
    """SK-S1 (ronde): the winner of every round picks the next surprise; a tie gives no pick."""
    state, log = game(3, ["surprises"])
    deal(state, *HANDS3)
    _checks_to_the_end(state, ("rood-5", "blauw-5", "groen-5"))
    assert events_of(log, ev.SurprisePicked) == [ev.SurprisePicked(0, 1, "ronde")]


def test_sk_s1_mode_symbool_only_when_a_surprise_card_was_bid() -> None:
    """SK-S1 (symbool): the round's winner picks only if a card with the surprise symbol was bid."""
    for bid_five, expected in ((False, []), (True, [ev.SurprisePicked(0, 1, "symbool")])):
        state, log = game(3, ["surprises"], surprise_mode="symbool")
        deal(state, *HANDS3)
        reveal(state, "rood-5")  # a 5 in the Pakjeskamer is not bid
        do(state, "add blauw-9", "done", "add paars-5" if bid_five else "add paars-6", "done")
        do(state, "add geel-8", "done")
        _checks_to_the_end(state, ("blauw-5", "groen-5"))
        assert events_of(log, ev.RoundWon)[0].seat == 0
        assert events_of(log, ev.SurprisePicked) == expected


def test_sk_s1_mode_spel_the_game_winners_pick() -> None:
    """SK-S1 (spel): no picks during the game; every winner of the game picks at the end."""
    state, log = game(
        3,
        ["surprises"],
        surprise_mode="spel",
        scored=["rood-1", "blauw-1", "geel-9"],
        stack="paars-1 paars-2",
    )
    assert state.is_terminal() and state.winners == (0, 1)
    assert events_of(log, ev.SurprisePicked) == [
        ev.SurprisePicked(0, 0, "spel"),
        ev.SurprisePicked(1, 0, "spel"),
    ]
    plain, plain_log = game(3, scored=["rood-1", "", ""], stack="paars-1")
    assert plain.is_terminal() and events_of(plain_log, ev.SurprisePicked) == []


# --- SK-V1: overschattingsregel ---------------------------------------------------------------


def test_sk_v1_a_player_who_cannot_match_says_so() -> None:
    """SK-V1: at their turn a player who lacks the cards to reach the highest bid says so."""
    state, log = game(
        3,
        ["overschatting"],
        hands=[
            "rood-1 rood-2 rood-3 rood-4 rood-5 rood-6 rood-7 rood-8",
            "blauw-1 " * 3 + "blauw-2 " * 3 + "blauw-3",
            "",
        ],
    )
    deal(state, "", "", HANDS3[2])
    reveal(state, "paars-1")
    do(state, *(f"add rood-{n}" for n in range(1, 8)), "done")  # 7, one card left
    assert events_of(log, ev.Overbid) == []  # P1 (7 cards) can still match
    do(state, "stop")
    assert events_of(log, ev.CannotMatch) == [ev.CannotMatch(2, 7, 6)]


def test_sk_v1_a_bid_nobody_can_match_puts_the_bidder_out() -> None:
    """SK-V1: a raise that no other player still bidding can reach puts the raiser out at once."""
    for variants, out in ((["overschatting"], True), ([], False)):
        state, log = game(
            3, variants, hands=["rood-1 rood-2 rood-3 rood-4 rood-5 rood-6 rood-7 rood-8", "", ""]
        )
        deal(state, "", HANDS3[1], HANDS3[2])
        reveal(state, "paars-1")
        do(state, *(f"add rood-{n}" for n in range(1, 8)), "done")
        assert (events_of(log, ev.Overbid) == [ev.Overbid(0, 7)]) is out
        assert (state.status[0] == STOPPED) is out
        assert ("done" in legal(state)) is out  # P1 need not match an out player's bid


def test_sk_v1_no_one_is_forced_out_under_a_hand_limit() -> None:
    """SK-V1 DECISION: with a Handregel limit named, everyone may stay at the limit, so no overbid."""
    state, log = game(
        3,
        ["overschatting", "handregel"],
        hands=["rood-1 rood-2 rood-3 rood-4 rood-5 rood-6 rood-7 rood-8", "", ""],
    )
    deal(state, "", HANDS3[1], HANDS3[2])
    do(state, "limit 1")
    reveal(state, "paars-1")
    do(state, *(f"add rood-{n}" for n in range(1, 8)), "done")
    assert events_of(log, ev.Overbid) == [] and state.status[0] != STOPPED


# --- SK-V2: inwisselregel ----------------------------------------------------------------------


def test_sk_v2_swap_hand_and_bid_cards_without_lowering_the_bid() -> None:
    """SK-V2: in your turn you may swap a hand card with a bid card; the bid keeps its size;
    the card swapped in stays (no swapping it straight back)."""
    state, log = game(3, ["inwisselen"])
    deal(state, *HANDS3)
    reveal(state, "rood-5")
    assert not any(m.startswith("swap") for m in legal(state))  # nothing bid yet
    do(state, "add rood-1", "done", "add blauw-1", "done", "add groen-1", "done")
    reveal(state, "blauw-5")
    assert "swap blauw-9 rood-1" in legal(state)
    do(state, "swap blauw-9 rood-1")
    assert state.bids[0] == (parse_card("blauw-9") | LOCKED,)
    assert parse_card("rood-1") in state.hands[0]
    assert not any(m.startswith("swap") for m in legal(state))  # blauw-9 is locked now
    assert events_of(log, ev.CardsSwapped) == [ev.CardsSwapped(0, "blauw-9", "rood-1")]
    plain, _ = game(3)
    deal(plain, *HANDS3)
    reveal(plain, "rood-5")
    do(plain, "add rood-1", "done", "add blauw-1", "done", "add groen-1", "done")
    reveal(plain, "blauw-5")
    assert not any(m.startswith("swap") for m in legal(plain))


def test_sk_v2_a_coin_card_swapped_in_works() -> None:
    """SK-V2 with SK-V4: a coin card swapped into the bid is bid, so the coin choice follows."""
    state, _ = game(3, ["inwisselen", "biedregel"])
    deal(state, "rood-7 rood-1 rood-2 rood-3 rood-4 rood-6", HANDS3[1], HANDS3[2])
    reveal(state, "rood-5")
    do(state, "add rood-1", "done", "add blauw-1", "done", "add groen-1", "done")
    reveal(state, "blauw-5")
    do(state, "swap rood-7 rood-1")
    assert state.node == (COIN, 0) and legal(state) == {"more-cards"}


# --- SK-V3: handregel ----------------------------------------------------------------------------


def test_sk_v3_the_sint_names_a_limit_below_four_before_the_first_reveal() -> None:
    """SK-V3: after the deal, before any reveal or bid, the Sint names none, 1, 2 or 3."""
    state, log = game(3, ["handregel"], sint=1)
    deal(state, *HANDS3)
    assert state.node == (LIMIT, 1) and state.current_player() == 1
    assert legal(state) == {"limit 0", "limit 1", "limit 2", "limit 3"}
    do(state, "limit 3")
    assert events_of(log, ev.LimitNamed) == [ev.LimitNamed(1, 3)]
    assert state.current_player() == CHANCE and state.room == ()


def test_sk_v3_bids_never_take_the_hand_below_the_limit() -> None:
    """SK-V3: with limit 3 a player with 6 cards can bid only 3 of them."""
    state, _ = game(3, ["handregel"])
    deal(state, *HANDS3)
    do(state, "limit 3")
    reveal(state, "rood-5")
    do(state, "add blauw-9", "add groen-9")
    assert any(m.startswith("add") for m in legal(state))
    do(state, "add rood-4")
    assert legal(state) == {"done"}
    do(state, "done")
    assert len(state.hands[0]) == 3


def test_sk_v3_at_the_limit_a_lower_bid_may_go_along() -> None:
    """SK-V3: a player at the limit whose bid is too low may still go along (no stop needed)."""
    state, log = game(
        3, ["handregel"], hands=["rood-1 rood-2 rood-3 rood-4 rood-5 rood-6 rood-7 rood-8", "", ""]
    )
    deal(state, "", HANDS3[1], HANDS3[2])
    do(state, "limit 2")
    reveal(state, "paars-1")
    do(state, *(f"add rood-{n}" for n in range(1, 7)), "done")  # 6, two left
    do(state, *(f"add {c}" for c in ["blauw-1", "blauw-2", "geel-3", "geel-4"]))
    assert legal(state) == {"done"}  # at the limit: no more cards, no stopping after bidding
    do(state, "done")
    assert events_of(log, ev.WentAlong)[-1] == ev.WentAlong(1, 4, 6, False, True)
    assert state.status[1] != STOPPED


def test_sk_v3_after_the_round_each_hand_is_kept_or_discarded() -> None:
    """SK-V3 DECISION: after the round, clockwise from the new Sint, every player holding hand
    cards (those who stopped, the last one left, and those who stayed to the end) keeps them or
    throws them all away."""
    state, log = game(3, ["handregel"])
    deal(state, *HANDS3)
    do(state, "limit 0")
    reveal(state, "rood-5")
    do(state, "add blauw-9", "done", "stop", "stop")
    assert state.node == (KEEP, 0) and legal(state) == {"keep-hand", "discard-hand"}
    do(state, "keep-hand")
    assert state.node == (KEEP, 1)
    do(state, "discard-hand", "keep-hand")
    assert state.hands[1] == () and state.hands[2] == cards(HANDS3[2])
    assert events_of(log, ev.HandDiscarded) == [ev.HandDiscarded(1, tuple(HANDS3[1].split()))]
    assert state.round == 2


# --- SK-V4: biedregel ------------------------------------------------------------------------------


def test_sk_v4_coin_more_cards_everyone_draws_one() -> None:
    """SK-V4: bidding a coin card lets the bidder choose; "more cards": every player draws one,
    clockwise from the bidder (also players who stopped)."""
    state, _log = game(3, ["biedregel"])
    deal(state, "rood-7 rood-1 rood-2 rood-3 rood-4 rood-6", HANDS3[1], HANDS3[2])
    reveal(state, "rood-5")
    do(state, "done", "stop", "done")
    reveal(state, "blauw-5")
    do(state, "add rood-7")
    assert state.node == (COIN, 0) and legal(state) == {"more-cards"}  # no scored cards yet
    do(state, "more-cards")
    for name, seat in (("geel-1", 0), ("geel-2", 1), ("geel-3", 2)):
        assert state.current_player() == CHANCE and state.node[1] == seat
        draw(state, name)
    assert [len(h) for h in state.hands] == [6, 7, 7]
    assert state.current_player() == 0  # back to the bidder's turn


def test_sk_v4_coin_more_stake_adds_random_scored_cards_others_may_follow() -> None:
    """SK-V4: "more stake" adds a random scored card to the bid; every other player still
    bidding with scored cards may do the same; the stake cards are locked in the bid."""
    scored = [
        "paars-1 paars-2 paars-3 paars-4 paars-5",
        "paars-6 paars-7 paars-8 paars-9",
        "groen-7 groen-8 groen-9 groen-6",
    ]
    state, log = game(3, ["biedregel"], scored=scored)
    deal(
        state,
        "rood-7 rood-2 rood-3",
        "blauw-2 geel-3 geel-4",
        "groen-2 groen-3 geel-7",
        scored=["paars-1 paars-2 paars-3", "paars-6 paars-7 paars-8", "groen-7 groen-8 groen-9"],
    )
    reveal(state, "rood-5")
    do(state, "add rood-7")
    assert legal(state) == {"more-stake", "more-cards"}
    do(state, "more-stake")
    assert state.current_player() == CHANCE
    pick(state, "paars-5")
    assert state.bids[0] == (parse_card("rood-7") | LOCKED, parse_card("paars-5") | LOCKED)
    assert state.node == (JOIN, 1)
    do(state, "join")
    pick(state, "paars-9")
    assert state.node == (JOIN, 2)
    do(state, "decline")
    assert state.current_player() == 0 and [len(b) for b in state.bids] == [2, 1, 0]
    assert events_of(log, ev.StakeAdded) == [
        ev.StakeAdded(0, "paars-5", 2),
        ev.StakeAdded(1, "paars-9", 1),
    ]
    assert events_of(log, ev.StakeDeclined) == [ev.StakeDeclined(2)]
    assert state.scored == [cards("paars-4"), (), cards("groen-6")]


# --- SK-V5: remiseregel ---------------------------------------------------------------------------


@pytest.mark.parametrize("remise", [False, True])
def test_sk_v5_on_a_tie_the_larger_bid_wins(remise: bool) -> None:
    """SK-V5: equal best combinations: with the Remiseregel whoever bid more wins; without, nobody."""
    state, log = game(3, ["remise"] if remise else [])
    deal(state, HANDS3[0], "rood-1 blauw-2 groen-3 geel-4 paars-6 rood-7", HANDS3[2])
    reveal(state, "rood-5")
    do(state, *(f"add {c}" for c in HANDS3[0].split()), "done", "stop")
    _checks_to_the_end(state, ("blauw-5", "groen-5"))
    shown = {e.seat: (e.kind, e.count, e.total) for e in events_of(log, ev.CombinationShown)}
    assert shown[0] == shown[1] == ("number", 3, 15)
    if remise:
        assert events_of(log, ev.RoundWon)[0] == ev.RoundWon(
            0, 1, tuple(HANDS3[0].split()), "remise"
        )
    else:
        assert events_of(log, ev.RoundTied) == [ev.RoundTied(1, (0, 1))]


# --- SK-A1: actiepiet -------------------------------------------------------------------------------


def _action_round(
    first: str, variants: tuple[str, ...] = ("actiepiet",), sint: int = 0
) -> tuple[SinterklaasState, EventLog]:
    """P0 holds ``first`` among plain cards; the round is at P0's first turn."""
    state, log = game(3, variants, sint=sint)
    hands = [f"{first} rood-1 rood-2 rood-3 rood-4 rood-6", HANDS3[1], HANDS3[2]]
    deal(state, *hands)
    if "handregel" in variants:
        do(state, "limit 0")
    reveal(state, "paars-1")
    return state, log


def test_sk_a1_actions_work_only_once_bid() -> None:
    """SK-A1: an action card in the hand does nothing; bid face up it works (Stafpiet: Sint)."""
    state, log = _action_round("stafpiet", sint=1)
    assert state.current_player() == 1
    do(state, "done")
    assert state.sint == 1  # holding Stafpiet changed nothing
    do(state, "done", "add stafpiet")
    assert state.sint == 0
    assert events_of(log, ev.ActionTriggered) == [ev.ActionTriggered(0, "stafpiet")]
    assert events_of(log, ev.SintChanged) == [ev.SintChanged(0, 1, "stafpiet")]


def test_sk_a1_action_cards_count_as_normal_cards() -> None:
    """SK-A1/SK-C4: an action card's colour and number count in combinations like any card."""
    state, log = game(3, ["actiepiet"])
    deal(state, "kijkpiet geel-1 geel-2 rood-3 rood-4 rood-6", HANDS3[1], HANDS3[2])
    _checks_to_the_end(state, ("paars-1", "geel-8", "blauw-8"))
    shown = {e.seat: e for e in events_of(log, ev.CombinationShown)}
    assert (shown[0].kind, shown[0].value, shown[0].count) == ("colour", "geel", 4)
    assert shown[0].total == 8 + 1 + 2 + 8 and "kijkpiet" in shown[0].cards


def test_sk_a1_strooipiet_everyone_still_in_draws_one() -> None:
    """SK-A1 Strooipiet: everyone still in the round draws one card, clockwise from the player."""
    state, _ = _action_round("strooipiet", sint=1)
    do(state, "stop", "done", "add strooipiet")
    seats = []
    while state.current_player() == CHANCE:
        seats.append(state.node[1])
        draw(state, "groen-5")
    assert seats == [0, 2]  # P1 stopped
    assert [len(h) for h in state.hands] == [6, 6, 7]


def test_sk_a1_schoenpiet_draws_two() -> None:
    """SK-A1 Schoenpiet: the player draws two stack cards into their hand."""
    state, log = _action_round("schoenpiet")
    do(state, "add schoenpiet")
    draw(state, "groen-5 groen-6")
    assert len(state.hands[0]) == 7
    assert events_of(log, ev.CardsDrawn) == [ev.CardsDrawn(0, ("groen-5", "groen-6"), "schoenpiet")]


def test_sk_a1_kijkpiet_peek_then_keep_on_top_or_put_under() -> None:
    """SK-A1 Kijkpiet: the player sees the top card (only they do) and keeps it on top — then it is
    the next card drawn — or puts it under the stack."""
    state, _ = _action_round("kijkpiet")
    do(state, "add kijkpiet")
    peek(state, "paars-7")
    assert ENGINE.player_view(state, 0).known_top == parse_card("paars-7")
    assert ENGINE.player_view(state, 1).known_top == 0
    do(state, "keep-top", "done", "add paars-6", "done", "add paars-9", "done")
    assert ENGINE.sample_chance(state, random.Random(3)) == Reveal(parse_card("paars-7"))
    with pytest.raises(ValueError, match="next stack card is paars-7"):
        reveal(state, "paars-8")
    state2, _ = _action_round("kijkpiet")
    do(state2, "add kijkpiet")
    peek(state2, "paars-7")
    do(state2, "to-bottom")
    assert state2.stack_bottom == cards("paars-7") and state2.stack_top == 0


def test_sk_a1_inpakpiet_counts_in_a_chosen_colour() -> None:
    """SK-A1 Inpakpiet: at scoring the bid Inpakpiet joins the combination in the chosen colour."""
    state, log = _action_round("inpakpiet")
    do(state, "add inpakpiet", "done", "add paars-6", "done", "add paars-9", "done")
    _checks_to_the_end(state, ("rood-8", "blauw-8"))
    assert state.node == (INPAK_COLOUR, 0)
    do(state, "colour rood")
    shown = {e.seat: e for e in events_of(log, ev.CombinationShown)}
    assert (shown[0].kind, shown[0].value, shown[0].count) == ("colour", "rood", 7)
    assert shown[0].total == 1 + 2 + 3 + 4 + 6 + 8 + 5


def test_sk_a1_roetpiet_everyone_passes_a_random_card_left() -> None:
    """SK-A1 Roetpiet: every player with hand cards passes one random hand card to the left."""
    state, _log = _action_round("roetpiet")
    do(state, "add roetpiet")
    assert state.current_player() == CHANCE
    pass_left(state, ["rood-1", "paars-6", "paars-9"])
    assert parse_card("paars-9") in state.hands[0]
    assert parse_card("rood-1") in state.hands[1]
    assert parse_card("paars-6") in state.hands[2]
    assert [len(h) for h in state.hands] == [5, 6, 6]


def test_sk_a1_amerigo_reveals_an_extra_card() -> None:
    """SK-A1 Amerigo: an extra stack card goes into the Pakjeskamer at once."""
    state, log = _action_round("amerigo")
    do(state, "add amerigo")
    reveal(state, "groen-4")
    assert state.room == cards("paars-1 groen-4")
    assert events_of(log, ev.CardRevealed)[-1].lap == 0


def test_sk_a1_snoeppiet_the_smallest_hand_takes_a_random_card() -> None:
    """SK-A1 Snoeppiet: the other player with the fewest hand cards (ties: first clockwise)
    takes a random card from the player's hand."""
    state, log = _action_round("snoeppiet", sint=1)
    do(state, "add paars-6", "done", "add geel-8", "add geel-7", "done", "add snoeppiet")
    assert state.node[1:] == (0, 2)  # P2 holds 4 cards, P1 5
    pick(state, "rood-6")
    assert parse_card("rood-6") in state.hands[2]
    assert events_of(log, ev.CardStolen) == [ev.CardStolen(0, 2, "rood-6")]


def test_sk_a1_snoeppiet_tie_goes_to_the_first_player_clockwise() -> None:
    """SK-A1 Snoeppiet DECISION: with equally small hands the first of them clockwise takes."""
    state, _ = _action_round("snoeppiet", sint=2)
    do(state, "done", "add snoeppiet")
    assert state.node[1:] == (0, 1)  # P1 and P2 both hold 6; P1 comes first after P0
    state2, _ = _action_round("snoeppiet", sint=0)
    do(state2, "add snoeppiet")
    assert state2.node[1:] == (0, 1)


def test_sk_a1_wisselpiet_swaps_a_hand_card_with_the_room() -> None:
    """SK-A1 Wisselpiet: swap one hand card with a Pakjeskamer card."""
    state, log = _action_round("wisselpiet")
    do(state, "add wisselpiet", "wissel rood-6 paars-1")
    assert state.room == cards("rood-6")
    assert parse_card("paars-1") in state.hands[0]
    assert events_of(log, ev.RoomSwapped) == [ev.RoomSwapped(0, "rood-6", "paars-1")]


# --- SK-P1 ... SK-P4: pietje precies ------------------------------------------------------------------


def test_sk_p1_a_combination_must_use_all_cards() -> None:
    """SK-P1: with Pietje Precies only a combination of all cards counts; otherwise zero."""
    assert _precise([0, 0, 0], [1, 5, 9]) == (COLOUR, 3)
    assert _precise([0, 1, 2], [4, 4, 4]) == (NUMBER, 3)
    assert _precise([0, 0, 1], [1, 5, 9])[1] == 0
    assert best_combination([0, 0, 1], [1, 5, 9], precise=False).count == 2


def test_sk_p2_straights_count_and_rank_lowest() -> None:
    """SK-P2: a straight (consecutive numbers, no duplicates) is a third combination;
    DECISION: on equal count number > colour > straight."""
    assert _precise([0, 1, 2], [3, 5, 4]) == (STRAIGHT, 3)
    assert _precise([0, 1, 2], [3, 3, 4])[1] == 0
    straight = best_combination([0, 1, 2], [7, 8, 9], precise=True).key
    colour = best_combination([0, 0, 0], [1, 3, 5], precise=True).key
    number = best_combination([0, 1, 2], [1, 1, 1], precise=True).key
    assert number > colour > straight


def test_sk_p3_pietje_precies_card_strikes_one_card() -> None:
    """SK-P3: a Pietje Precies card in the bid lets its owner strike one card at scoring."""
    state, log = game(3, ["pietje-precies"])
    deal(state, "pietje-precies rood-1 rood-2 rood-3 rood-4 blauw-9", HANDS3[1], HANDS3[2])
    reveal(state, "rood-5")
    do(state, "add pietje-precies", "done", "add paars-6", "done", "add paars-9", "done")
    _checks_to_the_end(state, ("rood-6", "rood-7"))
    assert state.node == (STRIKE, 0)
    assert "strike blauw-9" in legal(state) and "strike none" in legal(state)
    do(state, "strike blauw-9")
    shown = {e.seat: e for e in events_of(log, ev.CombinationShown)}
    assert (shown[0].kind, shown[0].count) == ("colour", 7)
    assert (shown[1].kind, shown[1].count) == ("none", 0)


def test_sk_p4_any_action_card_face_down_is_a_pietje_precies() -> None:
    """SK-P4: with Actiepiet, an action card bid face down acts as a Pietje Precies; its own
    action does not work. Without Actiepiet nothing can be bid face down."""
    state, log = _action_round("stafpiet", ("actiepiet", "pietje-precies"), sint=1)
    do(state, "done", "done")
    assert "hide stafpiet" in legal(state)
    do(state, "hide stafpiet", "done")
    assert state.sint == 1 and events_of(log, ev.ActionTriggered) == []
    assert ENGINE.player_view(state, 1).bid(0) == (0,)  # hidden from the others
    assert ENGINE.player_view(state, 0).bid(0) == cards("stafpiet")
    do(state, "add paars-6", "done", "add paars-9", "done")
    _checks_to_the_end(state, ("rood-7", "rood-8"))
    assert state.node == (STRIKE, 0)
    plain, _ = _action_round("pietje-precies", ("pietje-precies",))
    assert not any(m.startswith("hide") for m in legal(plain))


# --- SK-W1 ... SK-W5: wie kent hem niet ---------------------------------------------------------------


def _opening(
    variants: tuple[str, ...] = ("wie-kent-hem-niet",),
) -> tuple[SinterklaasState, EventLog]:
    state, log = game(3, variants, sint=0)
    deal(state, *HANDS3)
    return state, log


def test_sk_w1_the_sint_gives_the_big_sint_to_another_player() -> None:
    """SK-W1: the Sint keeps the Small Sint and hands the Big Sint to another player."""
    state, log = _opening()
    assert state.node == (GIVE_BIG, 0)
    assert legal(state) == {"give-big-sint P1", "give-big-sint P2"}
    do(state, "give-big-sint P2")
    assert state.big_sint == 2 and state.sint == 0
    assert events_of(log, ev.BigSintGiven) == [ev.BigSintGiven(0, 2)]


def test_sk_w2_the_small_sint_opens_with_exactly_one_card() -> None:
    """SK-W2: before the round (the first reveal) the Small Sint must bid one card: no stop, no check."""
    state, log = _opening()
    do(state, "give-big-sint P1")
    assert state.node == (OPEN_SMALL, 0)
    assert legal(state) == {f"add {c}" for c in HANDS3[0].split()}
    do(state, "add blauw-9")
    assert state.node[0] == OPEN_BIG and state.current_player() == 1
    assert events_of(log, ev.CardBid) == [ev.CardBid(0, "blauw-9", False, 1, True)]


def test_sk_w3_the_big_sint_must_double_and_may_not_stop() -> None:
    """SK-W3: the Big Sint must bid at least double the opening (may not stop before)."""
    state, _log = _opening()
    do(state, "give-big-sint P1", "add blauw-9")
    assert state.node == (OPEN_BIG, 1, 2)
    assert "stop" not in legal(state) and "done" not in legal(state)
    do(state, "add paars-6")
    assert "done" not in legal(state)
    do(state, "add paars-5", "done")
    assert state.current_player() == CHANCE and state.room == ()
    reveal(state, "rood-5")
    assert state.current_player() == 0 and "done" not in legal(state)  # must match 2


def test_sk_w3_a_big_sint_who_cannot_double_need_not_open() -> None:
    """SK-W3: "if possible" — with a hand limit leaving only one card to bid, no opening."""
    state, log = game(3, ("wie-kent-hem-niet", "handregel", "minder-pakjes"))
    deal(
        state,
        "rood-1 rood-2 rood-3 rood-4",
        "blauw-1 blauw-2 blauw-3 blauw-4",
        "geel-1 geel-2 geel-3 geel-4",
    )
    do(state, "limit 3", "give-big-sint P2", "add rood-1")
    assert events_of(log, ev.BigSintCannotDouble) == [ev.BigSintCannotDouble(2, 2)]
    assert state.current_player() == CHANCE


def test_sk_w4_stafpiet_takes_the_small_or_the_big_sint() -> None:
    """SK-W4: with both Sint cards Stafpiet lets the player choose the Small or the Big Sint."""
    for choice, sint, big in (("take-small-sint", 2, 0), ("take-big-sint", 0, 2)):
        state, _log = game(3, ("wie-kent-hem-niet", "actiepiet"))
        deal(state, HANDS3[0], HANDS3[1], "stafpiet groen-1 groen-2 groen-3 geel-7 geel-8")
        do(state, "give-big-sint P1", "add blauw-9", "add paars-6", "add paars-5", "done")
        reveal(state, "rood-5")
        do(state, "add groen-9", "done", "done")
        do(state, "add stafpiet")
        assert state.node == (STAFPIET_CHOICE, 2)
        do(state, choice)
        assert (state.sint, state.big_sint) == (sint, big if choice.endswith("big-sint") else 1)


def test_sk_w4_new_sint_holding_the_big_sint_hands_it_to_the_old_sint() -> None:
    """SK-W1/SK-W4 DECISION: the Big Sint who becomes Sint gives the Big Sint card to the old Sint."""
    state, _ = game(3, ("wie-kent-hem-niet", "actiepiet"))
    deal(state, HANDS3[0], "stafpiet blauw-2 geel-3 geel-4 paars-5 paars-6", HANDS3[2])
    do(state, "give-big-sint P1", "add blauw-9", "add stafpiet")
    do(state, "take-small-sint")
    assert (state.sint, state.big_sint) == (1, 0)


def test_sk_w5_the_first_player_to_stop_becomes_sint() -> None:
    """SK-W5: with the variant eerste-stopper the first player to stop in a round becomes Sint
    at once; later stoppers do not; without it (the default) stopping changes nothing."""
    for variants, sint in ((("eerste-stopper",), 2), (("wie-kent-hem-niet",), 0)):
        state, _log = _opening(variants)
        do(state, "give-big-sint P1", "add blauw-9", "add paars-6", "add paars-5", "done")
        reveal(state, "rood-5")
        do(state, "add groen-9", "done", "done", "stop")
        assert state.sint == sint
        assert state.status[2] == STOPPED


def test_sk_w5_round_winner_still_becomes_sint() -> None:
    """SK-W5 with SK-B5: when the first stop leaves one player, that player becomes Sint."""
    state, log = game(3, ("eerste-stopper",))
    deal(state, *HANDS3)
    do(state, "give-big-sint P1", "add blauw-9", "add paars-6", "add paars-5", "done")
    reveal(state, "rood-5")
    do(state, "add groen-9", "done", "done", "stop")
    assert state.sint == 2
    reveal(state, "blauw-5")
    assert state.current_player() == 0  # the lap starts with the new Sint, who stopped
    do(state, "stop")
    assert [e.reason for e in events_of(log, ev.SintChanged)] == ["first-stop", "won"]
    assert state.sint == 1


def test_the_heuristic_settles_against_a_price_outside_every_chance() -> None:
    """With the Biedregel's coins and Pietje Precies a raise can cost more than any pot pays
    (a threshold above 1): the equity's early stop must not fail on it (seed 262 of the
    rulebook search under those rules once stopped with a math domain error)."""
    from pnp.catalog.project import load_game
    from pnp.engine.core import play
    from pnp.games.sinterklaas.kit.spec_config import config_from_spec
    from pnp.games.sinterklaas.policies import settled
    from pnp.games.sinterklaas.story.examples import PreciesPlanner

    assert settled(3, 10, [1.25]) and settled(3, 10, [-0.5])
    assert not settled(3, 10, [0.3]) and settled(10, 10, [0.2])
    config = config_from_spec(load_game("sinterklaas").spec, ("biedregel", "pietje-precies"))
    result = play(ENGINE, config, [PreciesPlanner() for _ in range(4)], 262)
    assert result.state.is_terminal()
