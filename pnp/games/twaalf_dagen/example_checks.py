"""The checks of the twaalf-dagen example claims (:mod:`~pnp.games.twaalf_dagen.example_claims`).

:data:`CHECKS` gives every claim type a check against the pinned record replayed on
fresh engine states (:class:`~pnp.story.Replay`, no event log): it inspects the state
at the moment each sentence speaks of (legal actions, hands, the next leader, gifts)
and recomputes trick winners from the played cards with the rules' own words
(TD-B3, TD-B4), never trusting the events the sentence was told from.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from pnp.games.twaalf_dagen.engine import (
    PASS,
    SET,
    SINGLE,
    STRAIGHT,
    Action,
    TwaalfDagenConfig,
    TwaalfDagenState,
    play_cards,
)
from pnp.games.twaalf_dagen.example_claims import (
    AnswersStraight,
    CannotRespond,
    EarnsGift,
    GivesGift,
    HasNoGiftToGive,
    Leads,
    Passes,
    PassesToKeepStraight,
    Responds,
    TakesBack,
    WinsGame,
    WinsHand,
    WinsTrick,
)
from pnp.story import ClaimChecks, Replay, check

TwaalfDagenReplay = Replay[TwaalfDagenConfig, TwaalfDagenState, Action]
"""A pinned record replayed on fresh engine states."""


def action_at(game: TwaalfDagenReplay, index: int) -> tuple[int, ...]:
    """The cards of the player action ``index`` (empty for a pass)."""
    action = game.action(index)
    assert isinstance(action, int)
    return play_cards(action)


def trick_plays(
    game: TwaalfDagenReplay, first: int, last: int
) -> list[tuple[int, tuple[int, ...]]]:
    """``(seat, cards)`` of every action from ``first`` to ``last``, seats read from the state."""
    state = game.state_after(first)
    plays = []
    for index in range(first, last + 1):
        plays.append((state.current_player(), action_at(game, index)))
        state.push(game.action(index))
    return plays


def _check_leads(game: TwaalfDagenReplay, c: Leads) -> None:
    state = game.state_after(c.at)
    assert state.current_player() == c.seat and state.is_leading
    assert action_at(game, c.at) == c.cards
    state.push(game.action(c.at))
    assert (state.sizes[c.seat] == 0) == c.last


def _check_responds(game: TwaalfDagenReplay, c: Responds) -> None:
    state = game.state_after(c.at)
    assert state.current_player() == c.seat and not state.is_leading
    assert action_at(game, c.at) == c.cards
    assert min(c.cards) <= state.lead_low  # TD-B3
    earlier = [(seat, play_cards(a)) for seat, a in state.trick if a != PASS]
    lowest = min(min(cards) for _, cards in earlier)
    holder = [seat for seat, cards in earlier if lowest in cards][-1]
    low = min(c.cards)
    expected = "lowest" if low < lowest else "tie" if low == lowest else "higher"
    assert c.standing == expected
    assert c.other == (None if expected == "lowest" else holder)
    assert (len(state.hand_cards(c.seat)) == len(c.cards)) == c.last


def _check_answers_straight(game: TwaalfDagenReplay, c: AnswersStraight) -> None:
    _check_responds(game, c)
    state = game.state_after(c.at)
    assert state.lead_kind == STRAIGHT and state.lead_low == c.lead_low
    _, lead_action = state.trick[0]
    assert lead_action != PASS and len(play_cards(lead_action)) == c.lead_length
    assert list(c.cards) == list(range(c.cards[0], c.cards[0] + len(c.cards)))
    assert len(c.cards) >= 2, "TD-B3: never a single card"
    assert min(c.cards) <= c.lead_low, "TD-B3: one card not higher than the low card"
    assert c.above == tuple(n for n in c.cards if n > c.lead_low)


def _check_passes(game: TwaalfDagenReplay, c: Passes) -> None:
    state = game.state_after(c.at)
    assert state.current_player() == c.seat and not state.is_leading
    assert action_at(game, c.at) == ()
    assert len(state.legal_actions()) > 1, "a voluntary pass needs a legal response"


def _has_response(hand: Sequence[int], kind: int, low: int) -> bool:
    """TD-B3 restated: a combination of the lead's kind with a card <= ``low``."""
    counts = Counter(hand)
    if kind == SINGLE:
        return any(n <= low for n in counts)
    if kind == SET:
        return any(n <= low and k >= 2 for n, k in counts.items())
    return any(n <= low and counts[n + 1] for n in counts)


def _check_cannot_respond(game: TwaalfDagenReplay, c: CannotRespond) -> None:
    state = game.state_after(c.at)
    hand = state.hand_cards(c.seat)
    assert state.current_player() == c.seat and not state.is_leading
    assert action_at(game, c.at) == ()
    assert state.legal_actions() == [PASS]
    assert state.lead_low == c.low
    assert not _has_response(hand, state.lead_kind, c.low)
    assert not Counter(c.held) - Counter(hand), "the cards mentioned are in the hand"
    assert not c.held or min(c.held) > c.low, "the cards mentioned are not low enough"


def _check_keeps_straight(game: TwaalfDagenReplay, c: PassesToKeepStraight) -> None:
    state = game.state_after(c.at)
    hand = Counter(state.hand_cards(c.seat))
    assert state.current_player() == c.seat and action_at(game, c.at) == ()
    options = {play_cards(a) for a in state.legal_actions() if a != PASS}
    assert options and options == set(c.options)
    run = c.straight
    assert len(run) >= 3 and list(run) == list(range(run[0], run[0] + len(run)))
    assert all(hand[n] for n in run) and not hand[run[0] - 1] and not hand[run[-1] + 1]
    for option in options:  # each response takes the last copy of a number of the run
        assert any(option.count(n) == hand[n] for n in run), option


def _check_wins_trick(game: TwaalfDagenReplay, c: WinsTrick) -> None:
    plays = trick_plays(game, c.first, c.at)
    assert game.state_after(c.first).is_leading
    assert len(plays) == game.record.num_players  # one lap (TD-B4)
    low = min(card for _, cards in plays for card in cards)
    holders = [seat for seat, cards in plays if low in cards]
    assert c.low == low
    assert c.seat == holders[-1], "TD-B4: on a tie the last one to play the low card wins"
    assert c.tie_with == tuple(holders[:-1])
    after = game.state_after(c.at + 1)
    assert after.leader == c.seat
    assert (after.sizes[c.seat] == 0) == c.hand_ends


def _check_takes_back(game: TwaalfDagenReplay, c: TakesBack) -> None:
    before = game.state_after(c.played_at)
    assert before.current_player() == c.seat
    assert before.hand_cards(c.seat) == c.cards == action_at(game, c.played_at)
    after = game.state_after(c.at + 1)
    assert after.hand_cards(c.seat) == c.cards
    assert after.leader != c.seat


def _check_wins_hand(game: TwaalfDagenReplay, c: WinsHand) -> None:
    before, after = game.state_after(c.at), game.state_after(c.at + 1)
    assert after.hands_done == before.hands_done + 1
    assert after.hand_winners[-1] == c.seat
    assert tuple(after.sizes) == c.cards_left and c.cards_left[c.seat] == 0


def _check_earns_gift(game: TwaalfDagenReplay, c: EarnsGift) -> None:
    before, after = game.state_after(c.at), game.state_after(c.at + 1)
    assert after.hand_winners[-1] == c.seat
    assert after.supply == before.supply - 1 == c.supply_left


def _most_left(state: TwaalfDagenState, winner: int) -> int:
    return max(size for seat, size in enumerate(state.sizes) if seat != winner)


def _check_gives_gift(game: TwaalfDagenReplay, c: GivesGift) -> None:
    before, after = game.state_after(c.at), game.state_after(c.at + 1)
    assert after.hand_winners[-1] == c.receiver
    assert after.sizes[c.giver] == c.cards_left == _most_left(after, c.receiver)
    assert before.gifts[c.giver] >= 1 and after.gifts[c.giver] == before.gifts[c.giver] - 1


def _check_no_gift(game: TwaalfDagenReplay, c: HasNoGiftToGive) -> None:
    before, after = game.state_after(c.at), game.state_after(c.at + 1)
    winner = after.hand_winners[-1]
    assert c.seat != winner
    assert after.sizes[c.seat] == c.cards_left == _most_left(after, winner)
    assert before.gifts[c.seat] == after.gifts[c.seat] == 0


def _check_wins_game(game: TwaalfDagenReplay, c: WinsGame) -> None:
    after = game.state_after(c.at + 1)
    assert after.is_terminal() and after.hands_done == c.hands
    top = max(after.gifts)
    assert c.gifts == top
    assert c.winners == tuple(s for s, g in enumerate(after.gifts) if g == top)


CHECKS: ClaimChecks[TwaalfDagenReplay] = ClaimChecks(
    check(Leads, _check_leads),
    check(Responds, _check_responds),
    check(AnswersStraight, _check_answers_straight),
    check(Passes, _check_passes),
    check(CannotRespond, _check_cannot_respond),
    check(PassesToKeepStraight, _check_keeps_straight),
    check(WinsTrick, _check_wins_trick),
    check(TakesBack, _check_takes_back),
    check(WinsHand, _check_wins_hand),
    check(EarnsGift, _check_earns_gift),
    check(GivesGift, _check_gives_gift),
    check(HasNoGiftToGive, _check_no_gift),
    check(WinsGame, _check_wins_game),
)
"""A check for every claim type of the twaalf-dagen examples (the story's ``checks``)."""
