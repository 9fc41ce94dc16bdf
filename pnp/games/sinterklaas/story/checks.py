"""The checks of the Sinterklaas examples' claims, read off fresh engine states.

The checks do not trust the event log the text was told from: they re-push the
pinned record's actions on a fresh engine state (no log,
:class:`~pnp.story.claims.Replay`) and inspect that state at the moment each
sentence speaks of (whose turn it is, the legal actions, hands, bids, the
Pakjeskamer, the Sint cards), and they recompute every combination from the
cards' colours and numbers as the configuration's card kinds give them, with
the rules' own words (SK-B7, SK-P1, SK-P2) rather than the engine's scoring.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from pnp.engine.core import CHANCE
from pnp.games.sinterklaas.rules import actions as act
from pnp.games.sinterklaas.rules.actions import Action
from pnp.games.sinterklaas.rules.cards import COLOURS, card_name, parse_card
from pnp.games.sinterklaas.rules.config import SinterklaasConfig
from pnp.games.sinterklaas.rules.state import SinterklaasState
from pnp.games.sinterklaas.rules.steps import (
    CARD_MASK,
    COIN,
    DRAW,
    FACE_DOWN,
    GIVE_BIG,
    IN,
    JOIN,
    KEEP,
    LAP,
    LIMIT,
    LOCKED,
    OPEN_BIG,
    OPEN_SMALL,
    PICK_STAKE,
    REASON_COIN,
    REVEAL,
    STOPPED,
    STRIKE,
)
from pnp.games.sinterklaas.story.claims import (
    AddsStake,
    AddsToRoom,
    AtLimit,
    ChoosesCoin,
    DeclinesStake,
    DrawsCards,
    DrawsExtra,
    Exchanges,
    FirstStopSint,
    GivesBigSint,
    KeepsHand,
    LastOneLeft,
    NamesLimit,
    OpensBig,
    OpensSmall,
    Overbids,
    PicksSurprise,
    Reveals,
    SaysCannotMatch,
    Shows,
    SpoiledBy,
    Strikes,
    SwapsWithRoom,
    TakesSintCard,
    Turn,
    WinsShowdown,
)
from pnp.story import ClaimChecks, Replay, check

Game = Replay[SinterklaasConfig, SinterklaasState, Action]
"""A pinned record replayed on fresh engine states."""

Combination = tuple[int, str, int, list[str]]
"""A best combination: (count, kind, total, its cards)."""

NUMBER, COLOUR, STRAIGHT, NONE = "number", "colour", "straight", "none"
KIND_ORDER = {NONE: -1, STRAIGHT: 0, COLOUR: 1, NUMBER: 2}  # SK-B7; SK-P2 DECISION


def names(cards: Sequence[int]) -> tuple[str, ...]:
    """Card codes as card ids."""
    return tuple(card_name(c) for c in cards)


def move_at(game: Game, index: int) -> int:
    """Player action ``index`` of the record (a move, not a chance outcome)."""
    action = game.action(index)
    assert isinstance(action, int), f"action {index} is a move"
    return action


def card_values(config: SinterklaasConfig) -> dict[str, tuple[str, int]]:
    """Card id -> (colour, number) of every card kind in the configuration."""
    return {card_name(k.code): (COLOURS[k.colour], k.number) for k in config.kinds}


# ---------------------------------------------------------------------------
# SK-B7, SK-P1, SK-P2 restated


def best(values: dict[str, tuple[str, int]], cards: Sequence[str], precise: bool) -> Combination:
    """The best combination of ``cards``.

    Most cards of one colour or one number; on equal count a number beats a
    colour; then the higher total (SK-B7). Pietje Precies: only a combination
    of all the cards counts, and a straight of distinct consecutive numbers
    is one too, below the other two (SK-P1, SK-P2).
    """
    of = [values[c] for c in cards]
    options: list[Combination] = []
    for colour in {v[0] for v in of}:
        part = [c for c, v in zip(cards, of, strict=True) if v[0] == colour]
        options.append((len(part), COLOUR, sum(values[c][1] for c in part), part))
    for number in {v[1] for v in of}:
        part = [c for c, v in zip(cards, of, strict=True) if v[1] == number]
        options.append((len(part), NUMBER, number * len(part), part))
    if precise:
        options = [o for o in options if o[0] == len(cards)]
        numbers = sorted(v[1] for v in of)
        if numbers and numbers == list(range(numbers[0], numbers[0] + len(numbers))):
            options.append((len(cards), STRAIGHT, sum(numbers), list(cards)))
    if not options:
        return (0, NONE, 0, [])
    return max(options, key=lambda o: (o[0], KIND_ORDER[o[1]], o[2]))


def rank(combination: Combination) -> tuple[int, int, int]:
    """How combinations compare (SK-B7); a worthless one is below all."""
    count, kind, total, _ = combination
    return (count, KIND_ORDER[kind], total) if count else (0, -1, 0)


@dataclass
class Showdown:
    """The table when the combinations are compared, from a fresh state."""

    state: SinterklaasState
    contenders: list[int]
    hands: dict[int, list[str]]
    struck: dict[int, list[str]]
    room: list[str]
    values: dict[str, tuple[str, int]]

    def best(self, cards: Sequence[str]) -> Combination:
        """The best combination of ``cards`` under this game's rules."""
        return best(self.values, cards, self.state.config.precise)

    def combination(self, seat: int) -> Combination:
        """``seat``'s best combination: hand and Pakjeskamer, without struck cards."""
        cards = [*self.hands[seat], *self.room]
        for card in self.struck[seat]:
            cards.remove(card)
        return self.best(cards)


def showdown_at(game: Game, at: int) -> Showdown:
    """The showdown that action ``at`` sets off (a ``done``, a ``stop`` or the last strike)."""
    state, action = game.state_after(at), move_at(game, at)
    n = state.num_players
    struck = {s: [card_name(c) for c in state.struck[s] if c] for s in range(n)}
    contenders = [s for s in range(n) if state.status[s] != STOPPED]
    if state.node[0] == STRIKE:
        if action != act.NO_STRIKE:
            struck[state.node[1]].append(card_name(act.move_a(action)))
    else:
        assert state.node[0] == LAP and action in (act.DONE, act.STOP), "a clean showdown"
        if action == act.STOP:
            contenders.remove(state.current_player())
    after = game.state_after(at + 1)
    ended = after.round > state.round or after.is_terminal() or after.node[0] == KEEP  # SK-V3
    assert ended, "the round ended"
    hands = {s: list(names(state.hands[s])) for s in range(n)}
    values = card_values(state.config)
    return Showdown(state, contenders, hands, struck, list(names(state.room)), values)


def moved(cards: Sequence[str], out: Sequence[str], back: Sequence[str]) -> list[str]:
    """``cards`` without ``out`` (where still there) and with ``back``."""
    rest = list(cards)
    for card in out:
        if card in rest:
            rest.remove(card)
    return [*rest, *back]


Moved = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]


def moved_by(game: Game, at: int, seat: int) -> Moved:
    """What the action card effect ``at`` of ``seat`` moved: into and out of the hand, into
    and out of the Pakjeskamer (Schoenpiet draws, Wisselpiet swaps, Amerigo reveals)."""
    state, action = game.state_after(at), game.action(at)
    if isinstance(action, act.Draw):
        assert state.node[:2] == (DRAW, seat)
        return names(action.cards), (), (), ()
    if isinstance(action, act.Reveal):
        assert state.node[:2] == (REVEAL, 0) and state.current_player() == CHANCE
        assert game.state_after(at - 1).current_player() == seat, "the bidder's Amerigo"
        return (), (), (card_name(action.card),), ()
    assert isinstance(action, int) and state.current_player() == seat
    assert act.move_kind(action) == act.WISSEL_KIND
    given, taken = card_name(act.move_a(action)), card_name(act.move_b(action))
    return (taken,), (given,), (given,), (taken,)


# ---------------------------------------------------------------------------
# One check per claim type


def _check_reveals(game: Game, c: Reveals) -> None:
    state, action = game.state_after(c.at), game.action(c.at)
    assert state.current_player() == CHANCE and state.node[0] == REVEAL
    assert state.sint == c.sint
    assert isinstance(action, act.Reveal) and card_name(action.card) == c.card
    assert names(game.state_after(c.at + 1).room) == c.room


def _turn_laid(game: Game, c: Turn) -> list[str]:
    """The checks every bidding turn shares; the cards it laid from the hand, in order.

    Actions ``first`` .. ``at`` are the turn of ``c.seat``: cards laid, exchanges (SK-V2) and
    what a card just bid sets off, ended by ``done`` or ``stop``."""
    start = game.state_after(c.first)
    assert start.current_player() == c.seat and start.node[0] == LAP
    others = [len(b) for s, b in enumerate(start.bids) if s != c.seat and start.status[s] == IN]
    assert max(others, default=0) == c.highest
    laid: list[str] = []
    state = start
    for index in range(c.first, c.at + 1):
        action = game.action(index)
        if state.current_player() == c.seat and state.node[0] == LAP:
            assert isinstance(action, int) and action in state.legal_actions()
            if index < c.at and act.move_kind(action) == act.SWAP_KIND:
                assert state.config.exchange, "SK-V2: exchanging needs the Inwisselregel"
            elif index < c.at:
                assert act.move_kind(action) == act.ADD_KIND, "only cards are laid mid-turn"
                laid.append(card_name(act.move_a(action)))
            else:
                assert action in (act.DONE, act.STOP), "the turn ends with done or stop"
        state.push(action)
    assert laid == [*c.earlier, *c.cards]
    before_end = game.state_after(c.at)
    assert len(before_end.bids[c.seat]) == c.bid and len(before_end.hands[c.seat]) == c.kept
    return laid


def _check_turn(game: Game, c: Turn) -> None:
    laid = _turn_laid(game, c)
    if game.action(c.at) == act.STOP:
        assert c.outcome == "stop" and not laid
    elif not laid:
        assert c.outcome == "check" and c.bid >= c.highest  # SK-B4: going along without a card
    else:
        assert c.bid >= c.highest, "SK-B4: going along means matching the highest bid"
        assert c.outcome == ("raise" if c.bid > c.highest else "call")


def _check_at_limit(game: Game, c: AtLimit) -> None:
    """SK-V3: the turn ends with the hand at the named limit, so no card can be added; the
    others' highest bid is then ``over``. Below it the player goes along all the same (without
    the Handregel that would mean stopping, SK-B6); otherwise the turn is judged as any other."""
    state = game.state_after(c.at)
    assert state.config.hand_rule and state.limit == c.limit > 0 and c.kept == c.limit
    assert all(act.move_kind(a) != act.ADD_KIND for a in state.legal_actions()), "at the limit"
    others = [len(b) for s, b in enumerate(state.bids) if s != c.seat and state.status[s] == IN]
    assert max(others, default=0) == c.over
    if c.outcome == "limit":
        _turn_laid(game, c)
        assert game.action(c.at) == act.DONE and c.over > c.bid, "below the highest bid"
        assert game.state_after(c.at + 1).status[c.seat] == IN, "still in the round"
    else:
        _check_turn(game, c)


def _reach(state: SinterklaasState, seat: int) -> int:
    """The largest bid ``seat`` can make: the bid and every hand card above the limit."""
    return len(state.bids[seat]) + max(0, len(state.hands[seat]) - state.limit)


def _check_cannot_match(game: Game, c: SaysCannotMatch) -> None:
    """SK-V1: as the player's turn begins, all they may still bid stays below the highest."""
    state = game.state_after(c.at + 1)
    assert state.config.overestimation and state.node[0] == LAP
    assert state.current_player() == c.seat and not state.turn_added, "the turn begins"
    others = [len(b) for s, b in enumerate(state.bids) if s != c.seat and state.status[s] == IN]
    assert max(others, default=0) == c.highest
    assert _reach(state, c.seat) == c.reach < c.highest


def _check_overbid(game: Game, c: Overbids) -> None:
    """SK-V1: a raise no other player still bidding can reach puts the raiser out at once."""
    state = game.state_after(c.at)
    assert state.config.overestimation and state.limit == 0
    assert state.current_player() == c.seat and game.action(c.at) == act.DONE
    assert len(state.bids[c.seat]) == c.bid
    others = [s for s in range(state.num_players) if s != c.seat and state.status[s] == IN]
    assert others and all(_reach(state, s) < c.bid for s in others), "nobody can follow"
    assert c.bid > max(len(state.bids[s]) for s in others), "a raise"
    after = game.state_after(c.at + 1)
    assert after.status[c.seat] == STOPPED or after.round > state.round, "out of the round"
    assert len(after.scored[c.seat]) == len(state.scored[c.seat]), "without winning the pot"


def _check_names_limit(game: Game, c: NamesLimit) -> None:
    """SK-V3: the Sint names a minimum below 4 (or none) before anything is bid or revealed."""
    state = game.state_after(c.at)
    assert state.node[0] == LIMIT and state.current_player() == c.seat == state.sint
    assert not state.room and not any(state.bids), "before anything is bid or revealed"
    assert {act.move_a(a) for a in state.legal_actions()} == set(range(4)), "below 4, or none"
    assert game.action(c.at) == act.limit(c.minimum)
    assert game.state_after(c.at + 1).limit == c.minimum


def _check_keeps_hand(game: Game, c: KeepsHand) -> None:
    """SK-V3: after the round the player keeps the whole hand or throws it all away."""
    state = game.state_after(c.at)
    assert state.node[:2] == (KEEP, c.seat) and state.current_player() == c.seat
    assert not state.room and not any(state.bids), "the round is over"
    assert names(state.hands[c.seat]) == c.cards and c.cards
    assert game.action(c.at) == (act.KEEP_HAND if c.kept else act.DISCARD_HAND)
    after = game.state_after(c.at + 1)
    assert names(after.hands[c.seat]) == (c.cards if c.kept else ())


def _check_exchanges(game: Game, c: Exchanges) -> None:
    """SK-V2: in a bidding turn a hand card and a bid card change places; the bid keeps its
    size."""
    state = game.state_after(c.at)
    assert state.config.exchange and state.node[0] == LAP and state.current_player() == c.seat
    hand_card, bid_card = parse_card(c.hand_card), parse_card(c.bid_card)
    assert game.action(c.at) == act.swap(hand_card, bid_card)
    assert bid_card in state.bids[c.seat], "a face-up bid card that did nothing yet"
    after = game.state_after(c.at + 1)
    assert len(after.bids[c.seat]) == len(state.bids[c.seat]) == c.bid
    hand = Counter(names(after.hands[c.seat]))
    assert hand - Counter(names(state.hands[c.seat])) == Counter([c.bid_card])
    assert hand_card | LOCKED in after.bids[c.seat], "the card swapped in stays in the bid"


def _check_chooses_coin(game: Game, c: ChoosesCoin) -> None:
    """SK-V4: a card with the coin, laid face up on the bid (or swapped into it, SK-V2), asks
    its player to choose."""
    state = game.state_after(c.bid_at)
    assert state.config.coin_rule and state.current_player() == c.seat and state.node[0] == LAP
    card, action = parse_card(c.card), move_at(game, c.bid_at)
    assert state.table.coin[card] and action in state.legal_actions()
    if act.move_kind(action) == act.SWAP_KIND:  # SK-V2: swapped in, it works at once
        assert state.config.exchange and act.move_a(action) == card
    else:
        assert action == act.add(card)
    assert c.at == c.bid_at + 1
    choosing = game.state_after(c.at)
    assert choosing.node[:2] == (COIN, c.seat) and choosing.current_player() == c.seat
    choice = {"more-stake": act.MORE_STAKE, "more-cards": act.MORE_CARDS}[c.choice]
    assert game.action(c.at) == choice and choice in choosing.legal_actions()


def _check_adds_stake(game: Game, c: AddsStake) -> None:
    """SK-V4: a random scored card of the player joins the bid, after a "meer inzet" of their
    own or when following another's."""
    state = game.state_after(c.at)
    assert state.node[:2] == (PICK_STAKE, c.seat) and state.current_player() == CHANCE
    action = game.action(c.at)
    assert isinstance(action, act.Pick) and card_name(action.card) == c.card
    assert action.card in state.scored[c.seat], "one of the player's scored cards"
    if c.joined:
        asked = game.state_after(c.first)
        assert c.first == c.at - 1 and asked.node[:2] == (JOIN, c.seat)
        assert game.action(c.first) == act.JOIN
    else:
        assert c.first == c.at and game.action(c.at - 1) == act.MORE_STAKE
        assert game.state_after(c.at - 1).node[:2] == (COIN, c.seat)
    after = game.state_after(c.at + 1)
    bid = [e & CARD_MASK for e in after.bids[c.seat]]
    assert names(bid)[-1] == c.card and len(bid) == c.bid


def _check_declines_stake(game: Game, c: DeclinesStake) -> None:
    """SK-V4: a player asked to follow a "meer inzet" declines."""
    state = game.state_after(c.at)
    assert state.node[:2] == (JOIN, c.seat) and state.current_player() == c.seat
    assert game.action(c.at) == act.DECLINE and state.scored[c.seat]
    assert game.state_after(c.at + 1).bids[c.seat] == state.bids[c.seat]


def _check_draws_extra(game: Game, c: DrawsExtra) -> None:
    """SK-V4: after a "meer handkaarten" the player draws one card from the stack."""
    state = game.state_after(c.at)
    assert state.node[:2] == (DRAW, c.seat) and state.current_player() == CHANCE
    assert state.node[2:] == (1, REASON_COIN), "one card, for the coin"
    action = game.action(c.at)
    assert isinstance(action, act.Draw) and names(action.cards) == (c.card,)
    hand = Counter(names(game.state_after(c.at + 1).hands[c.seat]))
    assert hand - Counter(names(state.hands[c.seat])) == Counter([c.card])


def _check_first_stop(game: Game, c: FirstStopSint) -> None:
    """SK-W5: the first player to stop in a round becomes the Sint at once."""
    state = game.state_after(c.at)
    assert state.config.first_stopper_sint and state.config.big_sint
    assert state.node[0] == LAP and state.current_player() == c.seat
    assert game.action(c.at) == act.STOP and state.sint == c.previous != c.seat
    assert STOPPED not in state.status, "nobody stopped before in this round"
    after = game.state_after(c.at + 1)
    assert after.sint == c.seat and after.big_sint != c.seat


def _check_shows(game: Game, c: Shows) -> None:
    table = showdown_at(game, c.at)
    assert c.seat in table.contenders
    assert tuple(table.hands[c.seat]) == c.hand
    assert table.struck[c.seat] == ([c.struck] if c.struck else [])
    _, kind, total, cards = table.combination(c.seat)
    assert c.kind == kind and Counter(c.cards) == Counter(cards) and c.total == total


def _check_spoiled(game: Game, c: SpoiledBy) -> None:
    """SK-P1: the cards are worth nothing together, but without ``card`` they would be one
    combination of all the others."""
    table = showdown_at(game, c.at)
    assert table.state.config.precise and c.seat in table.contenders
    assert table.combination(c.seat)[1] == NONE, "worth nothing"
    cards = [*table.hands[c.seat], *table.room]
    for card in (*table.struck[c.seat], c.card):
        cards.remove(card)
    count, kind, total, part = table.best(cards)
    assert count == len(cards) and (kind, total) == (c.kind, c.total)
    assert Counter(part) == Counter(c.cards)


def _reason(mine: Combination, other: Combination) -> str:
    if rank(mine) == rank(other):
        return "bid"  # SK-V5: equally strong, the larger bid decides
    if other[0] == 0:
        return "only"
    if mine[0] != other[0]:
        return "count"
    return "kind" if mine[1] != other[1] else "total"


def _check_wins(game: Game, c: WinsShowdown) -> None:
    table = showdown_at(game, c.at)
    combos = {s: table.combination(s) for s in table.contenders}
    top = max(rank(v) for v in combos.values())
    best = [s for s in combos if rank(combos[s]) == top]
    bids = {s: len(table.state.bids[s]) for s in table.contenders}
    assert (c.bid, c.other_bid) == (bids.get(c.seat, -1), bids.get(c.other, -1))
    if len(best) > 1:  # SK-V5: the one of them with the largest bid wins
        assert table.state.config.remise and c.seat in best and c.other in best
        most = max(bids[s] for s in best)
        assert [s for s in best if bids[s] == most] == [c.seat], "SK-V5: one largest bid"
    else:
        assert best == [c.seat], "SK-B7: one best"
    rest = max(rank(v) for s, v in combos.items() if s != c.seat)
    assert c.other in combos and c.other != c.seat and rank(combos[c.other]) == rest
    mine, other = combos[c.seat], combos[c.other]
    assert c.reason == _reason(mine, other)
    assert (c.count, c.other_count, c.total, c.other_total) == (
        mine[0],
        other[0],
        mine[2],
        other[2],
    )
    pile = sum(len(b) for b in table.state.bids)
    assert c.pile == pile
    after = game.state_after(c.at + 1)
    assert after.sint == c.seat, "SK-B8: the winner becomes Sint"
    assert len(after.scored[c.seat]) == len(table.state.scored[c.seat]) + pile
    if not table.state.config.hand_rule:  # SK-V3: with the Handregel everyone keeps or discards
        assert all(not after.hands[s] for s in table.contenders), "SK-B8: hands are used up"
    if c.gained:
        assert c.gained in mine[3]
        into_hand, out_of_hand, into_room, out_of_room = moved_by(game, c.effect_at, c.seat)
        assert c.gained in (*into_hand, *into_room), "the action brought the card"
        room = moved(table.room, into_room, out_of_room)
        keys = {}
        for seat in table.contenders:
            hand = table.hands[seat]
            if seat == c.seat:
                hand = moved(hand, into_hand, out_of_hand)
            keys[seat] = rank(table.best([*hand, *room]))
        assert c.decisive == (keys[c.seat] <= max(k for s, k in keys.items() if s != c.seat))
        winners = [s for s, k in keys.items() if k == max(keys.values())]
        if c.decisive and len(winners) == 1:  # who would have won instead, and with what
            count, kind, _, _ = table.best([*table.hands[winners[0]], *room])
            assert (c.instead, c.instead_count, c.instead_kind) == (winners[0], count, kind)
        else:
            assert c.instead == -1
    else:
        assert not c.decisive and c.effect_at == -1 and c.instead == -1


def _check_one_left(game: Game, c: LastOneLeft) -> None:
    state = game.state_after(c.at)
    stopper = state.current_player()
    assert stopper != c.seat
    if game.action(c.at) != act.STOP:  # SK-V1: a raise nobody can follow puts its player out
        assert game.action(c.at) == act.DONE and state.config.overestimation
        bid = len(state.bids[stopper])
        others = [s for s in range(state.num_players) if s != stopper and state.status[s] == IN]
        assert bid > max(len(state.bids[s]) for s in others), "a raise"
        assert all(_reach(state, s) < bid for s in others), "nobody can follow it"
    assert sorted(s for s in range(state.num_players) if state.status[s] != STOPPED) == sorted(
        (stopper, c.seat)
    )
    pile = sum(len(b) for b in state.bids)
    after = game.state_after(c.at + 1)
    assert c.pile == pile and after.sint == c.seat, "SK-B5: the last one wins and is Sint"
    assert len(after.scored[c.seat]) == len(state.scored[c.seat]) + pile
    assert after.hands[c.seat] == state.hands[c.seat] and len(state.hands[c.seat]) == c.kept


def _check_strikes(game: Game, c: Strikes) -> None:
    state = game.state_after(c.at)
    assert state.node[:2] == (STRIKE, c.seat) and state.current_player() == c.seat
    bid = [e & CARD_MASK for e in state.bids[c.seat]]
    stand_in = state.config.hidden_precies and any(e & FACE_DOWN for e in state.bids[c.seat])
    assert "pietje-precies" in names(bid) or stand_in, "SK-P3 (SK-P4): the card works from the bid"
    expected = act.strike(parse_card(c.card)) if c.card else act.NO_STRIKE
    assert game.action(c.at) == expected and expected in state.legal_actions()
    cards = [*names(state.hands[c.seat]), *names(state.room)]
    for earlier in state.struck[c.seat]:
        if earlier:
            cards.remove(card_name(earlier))
    if c.card:
        after = list(cards)
        after.remove(c.card)
        values = card_values(state.config)
        rescues = best(values, cards, True)[0] == 0 and best(values, after, True)[0] > 0
        assert c.rescues == rescues
    else:
        assert not c.rescues


def _check_gives_big(game: Game, c: GivesBigSint) -> None:
    state = game.state_after(c.at)
    assert state.node[0] == GIVE_BIG and state.current_player() == c.sint == state.sint
    assert {act.move_a(a) for a in state.legal_actions()} == set(range(state.num_players)) - {
        c.sint
    }, "SK-W1: any other player"
    after = game.state_after(c.at + 1)
    assert after.big_sint == c.seat != c.sint and after.sint == c.sint


def _check_opens_small(game: Game, c: OpensSmall) -> None:
    state = game.state_after(c.at)
    assert state.node[0] == OPEN_SMALL and state.current_player() == c.seat == state.sint
    assert not state.room, "SK-W2: before the first reveal"
    legal = state.legal_actions()
    assert act.DONE not in legal and act.STOP not in legal, "SK-W2: the Small Sint must bid"
    assert game.action(c.at) == act.add(parse_card(c.card))
    after = game.state_after(c.at + 1)
    assert names(after.bids[c.seat]) == (c.card,) and after.node[0] != OPEN_SMALL


def _check_opens_big(game: Game, c: OpensBig) -> None:
    state = game.state_after(c.first)
    assert state.node[0] == OPEN_BIG and state.current_player() == c.seat == state.big_sint
    assert c.target == 2 * len(state.bids[state.sint]), "SK-W3: double the Small Sint's bid"
    laid = []
    for index in range(c.first, c.at + 1):
        legal = state.legal_actions()
        assert act.STOP not in legal, "SK-W3: the Big Sint may not stop"
        assert (act.DONE in legal) == (len(state.bids[c.seat]) >= c.target)
        action = move_at(game, index)
        if index < c.at:
            laid.append(card_name(act.move_a(action)))
        else:
            assert action == act.DONE
        state.push(action)
    assert tuple(laid) == c.cards and len(laid) >= c.target


def _check_action_bid(game: Game, bid_at: int, seat: int, card: str) -> SinterklaasState:
    """``seat`` laid ``card`` from the hand on the bid at ``bid_at``; the state after it."""
    state = game.state_after(bid_at)
    assert state.current_player() == seat and state.node[0] == LAP
    assert card in names(state.hands[seat]), "SK-A1: the card was in the hand, doing nothing"
    assert game.action(bid_at) == act.add(parse_card(card))
    state.push(game.action(bid_at))
    return state


def _check_draws(game: Game, c: DrawsCards) -> None:
    state = _check_action_bid(game, c.bid_at, c.seat, c.card)
    assert c.at == c.bid_at + 1 and state.current_player() == CHANCE, "it works at once"
    action = game.action(c.at)
    assert isinstance(action, act.Draw) and names(action.cards) == c.drawn
    hand = Counter(names(game.state_after(c.at + 1).hands[c.seat]))
    assert hand - Counter(names(state.hands[c.seat])) == Counter(c.drawn)


def _check_swaps(game: Game, c: SwapsWithRoom) -> None:
    state = _check_action_bid(game, c.bid_at, c.seat, c.card)
    assert c.at == c.bid_at + 1 and state.current_player() == c.seat, "it works at once"
    assert game.action(c.at) == act.wissel(parse_card(c.given), parse_card(c.taken))
    after = game.state_after(c.at + 1)
    hand, room = Counter(names(after.hands[c.seat])), Counter(names(after.room))
    assert hand - Counter(names(state.hands[c.seat])) == Counter([c.taken])
    assert room - Counter(names(state.room)) == Counter([c.given])


def _check_adds_room(game: Game, c: AddsToRoom) -> None:
    state = _check_action_bid(game, c.bid_at, c.seat, c.card)
    assert c.at == c.bid_at + 1 and state.node[:2] == (REVEAL, 0), "it works at once"
    action = game.action(c.at)
    assert isinstance(action, act.Reveal) and card_name(action.card) == c.revealed
    assert names(game.state_after(c.at + 1).room) == c.room


def _check_takes_sint(game: Game, c: TakesSintCard) -> None:
    before = game.state_after(c.bid_at)
    assert before.sint == c.previous != c.seat
    state = _check_action_bid(game, c.bid_at, c.seat, c.card)
    assert state.sint == c.seat, "it works at once"


def _check_picks_surprise(game: Game, c: PicksSurprise) -> None:
    """SK-S1: the round's winner picks; with ``symbool`` only for a face-up bid surprise card."""
    state = game.state_after(c.at)
    mode = state.config.surprise_mode
    assert c.mode == mode and mode in ("ronde", "symbool"), "SK-S1: picks after a round"
    after = game.state_after(c.at + 1)
    won = len(after.scored[c.seat]) - len(state.scored[c.seat])
    assert won == sum(len(b) for b in state.bids) > 0 and after.sint == c.seat, "the winner"
    values = card_values(state.config)
    face_up = [e & CARD_MASK for b in state.bids for e in b if not e & FACE_DOWN]
    if mode == "symbool":
        assert c.card in names(face_up) and state.table.surprise[parse_card(c.card)]
        assert c.card in values
    else:
        assert not c.card


CHECKS: ClaimChecks[Game] = ClaimChecks(
    check(Reveals, _check_reveals),
    check(Turn, _check_turn),
    check(Shows, _check_shows),
    check(WinsShowdown, _check_wins),
    check(LastOneLeft, _check_one_left),
    check(Strikes, _check_strikes),
    check(GivesBigSint, _check_gives_big),
    check(OpensSmall, _check_opens_small),
    check(OpensBig, _check_opens_big),
    check(DrawsCards, _check_draws),
    check(SwapsWithRoom, _check_swaps),
    check(AddsToRoom, _check_adds_room),
    check(TakesSintCard, _check_takes_sint),
    check(PicksSurprise, _check_picks_surprise),
    check(AtLimit, _check_at_limit),
    check(NamesLimit, _check_names_limit),
    check(KeepsHand, _check_keeps_hand),
    check(Exchanges, _check_exchanges),
    check(ChoosesCoin, _check_chooses_coin),
    check(AddsStake, _check_adds_stake),
    check(DeclinesStake, _check_declines_stake),
    check(DrawsExtra, _check_draws_extra),
    check(FirstStopSint, _check_first_stop),
    check(SaysCannotMatch, _check_cannot_match),
    check(SpoiledBy, _check_spoiled),
    check(Overbids, _check_overbid),
)
"""The check of every claim type of the Sinterklaas examples."""
