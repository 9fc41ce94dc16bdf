"""The state of a game of twaalf-dagen: push/pop, the deal, tricks and hands (TD-B1 ... TD-K1)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from pnp.engine.core import CHANCE, TERMINAL, EventLog, active_log
from pnp.engine.journal import Journaled
from pnp.games.twaalf_dagen.rules.actions import (
    KIND_NAMES,
    MAX_PACKED,
    PASS,
    STRAIGHT,
    Action,
    ChooseDealer,
    Deal,
    lead_actions,
    play_cards,
    response_actions,
)
from pnp.games.twaalf_dagen.rules.config import VARIANT_SHORT, TwaalfDagenConfig
from pnp.games.twaalf_dagen.rules.events import (
    CardsReturned,
    DealerChosen,
    GameEnded,
    GameStarted,
    GiftEarned,
    GiftGiven,
    GiftNotGiven,
    HandDealt,
    HandWon,
    Passed,
    Played,
    TrickWon,
)

PHASE_DEALER = 0
PHASE_DEAL = 1
PHASE_PLAY = 2
PHASE_OVER = 3

_NO_CARD = 1 << 20


class TwaalfDagenState(Journaled):
    """The whole game state, mutated in place by :meth:`push` and restored by :meth:`pop`.

    Public read-only attributes (do not mutate): ``hands`` (per seat a count
    list indexed by card number), ``sizes`` (cards per seat), ``gifts``,
    ``supply``, ``dealer``, ``leader`` (leads the current trick), ``to_move``,
    ``lead_kind``/``lead_low`` (0 before the lead), ``best_low``/``best_seat``
    (the current trick winner), ``trick`` (the plays ``(seat, action)`` of the
    current trick, a tuple), ``discards`` (counts of cards discarded this hand),
    ``hands_done``, ``tricks_per_hand``, ``hand_winners`` and ``history``.

    Player actions are not checked for legality by :meth:`push` (use
    :meth:`is_legal` or :func:`pnp.engine.core.replay` for untrusted input),
    except that a leader may not pass. Chance actions are checked against the
    deck. Undo goes through the journal of :class:`pnp.engine.journal.Journaled`:
    the scalars (the immutable ``trick`` and ``winners`` tuples among them) are
    kept per action, every change to a list is journaled.
    """

    __slots__ = (
        "_log",
        "_marks",
        "_ops",
        "_undo",
        "best_low",
        "best_seat",
        "config",
        "dealer",
        "deck",
        "discards",
        "gifts",
        "hand_number",
        "hand_size",
        "hand_winners",
        "hands",
        "hands_done",
        "history",
        "lead_kind",
        "lead_low",
        "leader",
        "num_players",
        "phase",
        "sizes",
        "supply",
        "to_move",
        "top",
        "trick",
        "trick_number",
        "tricks_per_hand",
        "turns",
        "winners",
    )

    def __init__(
        self, config: TwaalfDagenConfig, num_players: int, log: EventLog | None = None
    ) -> None:
        if num_players not in config.hand_sizes:
            raise ValueError(f"twaalf-dagen: no hand size for {num_players} players")
        if num_players < 2:
            raise ValueError("twaalf-dagen needs at least 2 players")
        hand_size = config.hand_sizes[num_players]
        if hand_size < 1 or num_players * hand_size > config.deck_size:
            raise ValueError(
                f"twaalf-dagen: cannot deal {hand_size} cards to {num_players} players "
                f"from {config.deck_size} cards"
            )
        if not config.card_counts or min(config.card_counts) < 1:
            raise ValueError("twaalf-dagen: card numbers must be at least 1")
        if max(config.card_counts) >= MAX_PACKED or max(config.card_counts.values()) > MAX_PACKED:
            raise ValueError(f"twaalf-dagen: card numbers and copies must be below {MAX_PACKED}")
        start = config.start_gifts
        if start * num_players > config.gift_cards:
            raise ValueError("twaalf-dagen: not enough gift cards for the starting gifts")
        self.config = config
        self.num_players = num_players
        self.hand_size = hand_size
        self.top = max(config.card_counts)
        self.deck: tuple[int, ...] = tuple(
            number
            for number in sorted(config.card_counts)
            for _ in range(config.card_counts[number])
        )
        self.hands: list[list[int]] = [[0] * (self.top + 2) for _ in range(num_players)]
        self.sizes = [0] * num_players
        self.gifts = [start] * num_players
        self.supply = config.gift_cards - start * num_players
        self.phase = PHASE_DEALER
        self.dealer = -1
        self.leader = -1
        self.to_move = -1
        self.turns = 0
        self.lead_kind = 0
        self.lead_low = 0
        self.best_low = _NO_CARD
        self.best_seat = -1
        self.trick: tuple[tuple[int, int], ...] = ()
        self.discards = [0] * (self.top + 2)
        self.hand_number = 0
        self.trick_number = 0
        self.hands_done = 0
        self.tricks_per_hand: list[int] = []
        self.hand_winners: list[int] = []
        self.winners: tuple[int, ...] = ()
        self.history: list[Action] = []
        self._undo: list[tuple[tuple[Any, ...], list[tuple[Any, ...]]]] = []
        self._ops: list[tuple[Any, ...]] = []
        self._log = active_log(log)
        self._marks: list[int] = []
        if self.log_on:
            variants = (VARIANT_SHORT,) if config.short_game else ()
            self.emit(GameStarted(num_players, variants, tuple(self.gifts), self.supply))

    # -- queries ---------------------------------------------------------

    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` before the dealer draw and each deal, or ``TERMINAL``."""
        phase = self.phase
        if phase == PHASE_PLAY:
            return self.to_move
        if phase == PHASE_OVER:
            return TERMINAL
        return CHANCE

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.phase == PHASE_OVER

    def legal_actions(self) -> list[int]:
        """Legal actions of the player to act (TD-B2, TD-B3); empty at chance/terminal nodes."""
        if self.phase != PHASE_PLAY:
            return []
        counts = self.hands[self.to_move]
        if self.turns == 0:
            return lead_actions(counts, self.top)
        return response_actions(counts, self.lead_kind, self.lead_low)

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` is legal now (player actions only)."""
        return isinstance(action, int) and action in self.legal_actions()

    @property
    def is_leading(self) -> bool:
        """True when the player to act leads the trick (and so may not pass)."""
        return self.turns == 0

    # -- setting up positions (tests, rulebook examples) -------------------

    def set_position(
        self,
        hands: Sequence[Sequence[int]],
        leader: int,
        *,
        gifts: Sequence[int] | None = None,
        supply: int | None = None,
        hands_done: int = 0,
    ) -> None:
        """Jump to the start of a trick with the given hands (lists of card numbers).

        Clears the history and undo stack; the dealer stays unknown. Meant for
        tests and rulebook examples, not for play.
        """
        n = self.num_players
        if len(hands) != n:
            raise ValueError(f"expected {n} hands, got {len(hands)}")
        if not 0 <= leader < n:
            raise ValueError(f"leader {leader} is not a seat")
        self.hands = [self._counts(cards) for cards in hands]
        self.sizes = [len(cards) for cards in hands]
        if self.sizes[leader] == 0:
            raise ValueError("the leader must hold cards")
        if gifts is not None:
            self.gifts = list(gifts)
        if supply is not None:
            self.supply = supply
        self.hands_done = hands_done
        self.hand_number = hands_done + 1
        self.phase = PHASE_PLAY
        self.leader = self.to_move = leader
        self.trick = ()
        self.turns = 0
        self.lead_kind = 0
        self.lead_low = 0
        self.best_low = _NO_CARD
        self.best_seat = -1
        self.trick_number = 0
        self.discards = [0] * (self.top + 2)
        self.history.clear()
        self._undo.clear()
        self._ops = []
        self._marks.clear()

    def _counts(self, cards: Sequence[int]) -> list[int]:
        counts = [0] * (self.top + 2)
        for card in cards:
            if not 1 <= card <= self.top:
                raise ValueError(f"no card {card} in this deck")
            counts[card] += 1
        return counts

    def sample_chance(self, rng: random.Random) -> Action:
        """Draw the dealer (game start) or shuffle and deal (start of a hand)."""
        if self.phase == PHASE_DEALER:
            return ChooseDealer(rng.randrange(self.num_players))
        if self.phase != PHASE_DEAL:
            raise ValueError("not a chance node")
        deck = list(self.deck)
        rng.shuffle(deck)
        size = self.hand_size
        return Deal(
            tuple(
                tuple(sorted(deck[seat * size : (seat + 1) * size]))
                for seat in range(self.num_players)
            )
        )

    def hand_cards(self, seat: int) -> tuple[int, ...]:
        """The cards of ``seat`` as ascending card numbers."""
        counts = self.hands[seat]
        return tuple(v for v in range(1, self.top + 1) for _ in range(counts[v]))

    # -- applying actions (push and pop come from Journaled) -----------------

    def _apply(self, action: Action) -> None:
        """A play (the hot path, TD-B2/TD-B3) or a chance action."""
        if self.phase != PHASE_PLAY:
            self._apply_chance(action)
            return
        if not isinstance(action, int):
            raise ValueError(f"expected a play, got {action!r}")
        seat = self.to_move
        turns = self.turns
        if action == PASS:
            if turns == 0:
                raise ValueError("the leader must play, not pass (TD-B2)")
            if self.log_on:
                forced = len(self.legal_actions()) == 1
                self.emit(Passed(seat, self.hand_number, self.trick_number + 1, forced))
        else:
            low = (action >> 5) & MAX_PACKED
            length = action & MAX_PACKED
            counts = self.hands[seat]
            sizes = self.sizes
            journal_set = self.journal_set
            if action >> 10 == STRAIGHT:
                for v in range(low, low + length):
                    journal_set(counts, v, counts[v] - 1)
            else:
                journal_set(counts, low, counts[low] - length)
            journal_set(sizes, seat, sizes[seat] - length)
            if turns == 0:
                self.lead_kind = action >> 10
                self.lead_low = low
            if low <= self.best_low:  # TD-B4: a tie goes to the last one to play it
                self.best_low = low
                self.best_seat = seat
            self.trick += ((seat, action),)
            if self.log_on:
                self.emit(
                    Played(
                        seat,
                        self.hand_number,
                        self.trick_number + 1,
                        KIND_NAMES[action >> 10],
                        play_cards(action),
                        turns == 0,
                        sizes[seat],
                    )
                )
        turns += 1
        if turns == self.num_players:
            self._resolve_trick()
        else:
            self.turns = turns
            self.to_move = seat + 1 if seat + 1 < self.num_players else 0

    def _apply_chance(self, action: Action) -> None:
        phase = self.phase
        if phase == PHASE_DEAL:
            if not isinstance(action, Deal):
                raise ValueError(f"expected a deal, got {action!r}")
            self._deal(action)
        elif phase == PHASE_DEALER:
            if not isinstance(action, ChooseDealer):
                raise ValueError(f"expected a dealer choice, got {action!r}")
            self._choose_dealer(action)
        else:
            raise ValueError("the game is over")

    def _choose_dealer(self, action: ChooseDealer) -> None:
        n = self.num_players
        if not 0 <= action.dealer < n:
            raise ValueError(f"dealer {action.dealer} is not a seat")
        self.dealer = action.dealer
        self.leader = (action.dealer + 1) % n
        self.phase = PHASE_DEAL
        if self.log_on:
            self.emit(DealerChosen(self.dealer, self.leader))

    def _deal(self, action: Deal) -> None:
        n = self.num_players
        if len(action.hands) != n or any(len(h) != self.hand_size for h in action.hands):
            raise ValueError(f"a deal gives {self.hand_size} cards to each of {n} players")
        hands = [self._counts(cards) for cards in action.hands]
        available = self.config.card_counts
        for number in range(1, self.top + 1):
            if sum(counts[number] for counts in hands) > available.get(number, 0):
                raise ValueError(f"the deal uses more cards {number} than the deck holds")
        self.journal_attr("hands", hands)
        self.journal_attr("sizes", [self.hand_size] * n)
        self.journal_attr("discards", [0] * (self.top + 2))
        self.trick_number = 0
        self.hand_number += 1
        self.to_move = self.leader
        self._new_trick()
        self.phase = PHASE_PLAY
        if self.log_on:
            self.emit(HandDealt(self.hand_number, self.dealer, self.leader, action.hands))

    def _new_trick(self) -> None:
        self.trick = ()
        self.turns = 0
        self.lead_kind = 0
        self.lead_low = 0
        self.best_low = _NO_CARD
        self.best_seat = -1

    def _resolve_trick(self) -> None:
        """TD-B4/TD-B5: award the trick, discard or return cards, maybe end the hand."""
        winner = self.best_seat
        trick = self.trick
        sizes = self.sizes
        discards = self.discards[:]
        returned: list[tuple[int, int]] = []
        for seat, action in trick:
            low = (action >> 5) & MAX_PACKED
            length = action & MAX_PACKED
            if sizes[seat] == 0 and seat != winner:  # TD-B5: back into the hand
                self._take_back(seat, action)
                returned.append((seat, action))
            elif action >> 10 == STRAIGHT:
                for v in range(low, low + length):
                    discards[v] += 1
            else:
                discards[low] += length
        self.journal_attr("discards", discards)
        self.trick_number += 1
        if self.log_on:
            discarded = tuple(
                sorted(c for s, a in trick if (s, a) not in returned for c in play_cards(a))
            )
            self.emit(
                TrickWon(winner, self.hand_number, self.trick_number, self.best_low, discarded)
            )
            for seat, action in returned:
                self.emit(CardsReturned(seat, play_cards(action)))
        self._new_trick()
        if sizes[winner] == 0:
            self._end_hand(winner)
        else:
            self.leader = self.to_move = winner

    def _take_back(self, seat: int, action: int) -> None:
        """TD-B5: the cards of ``action`` go back into the hand of ``seat``."""
        counts = self.hands[seat]
        for card in play_cards(action):
            self.journal_set(counts, card, counts[card] + 1)
        self.journal_set(self.sizes, seat, self.sizes[seat] + (action & MAX_PACKED))

    def _end_hand(self, winner: int) -> None:
        """TD-B5/TD-B6/TD-B7/TD-K1: the winner earns a gift, the most cards pay, maybe game over."""
        n = self.num_players
        gifts = self.gifts
        sizes = self.sizes
        self.hands_done += 1
        self.journal_append(self.tricks_per_hand, self.trick_number)
        self.journal_append(self.hand_winners, winner)
        if self.log_on:
            self.emit(HandWon(winner, self.hand_number, self.trick_number, tuple(sizes)))
        if self.supply > 0:
            self.supply -= 1
            self.journal_set(gifts, winner, gifts[winner] + 1)
            if self.log_on:
                self.emit(GiftEarned(winner, self.supply))
        most = max(sizes[s] for s in range(n) if s != winner)
        for offset in range(1, n):
            seat = (winner + offset) % n
            if sizes[seat] != most:
                continue
            if gifts[seat] > 0:
                self.journal_set(gifts, seat, gifts[seat] - 1)
                self.journal_set(gifts, winner, gifts[winner] + 1)
                if self.log_on:
                    self.emit(GiftGiven(seat, winner, most))
            elif self.log_on:
                self.emit(GiftNotGiven(seat, most))
        self.leader = winner
        self.dealer = (
            winner - 1
        ) % n  # TD-B6 decision: the winner leads, so their right-hand neighbour deals
        self.to_move = -1
        if self.supply == 0 or self.hands_done >= self.config.max_hands:
            top = max(gifts)
            self.winners = tuple(s for s in range(n) if gifts[s] == top)
            self.phase = PHASE_OVER
            if self.log_on:
                self.emit(
                    GameEnded(self.winners, tuple(gifts), self.hands_done, self.config.short_game)
                )
        else:
            self.phase = PHASE_DEAL

    # -- comparison (tests) ---------------------------------------------------

    def snapshot(self) -> tuple[object, ...]:
        """Every piece of game state as nested tuples (for equality checks in tests)."""
        return (
            self.phase,
            self.dealer,
            self.leader,
            self.to_move,
            self.turns,
            self.lead_kind,
            self.lead_low,
            self.best_low,
            self.best_seat,
            tuple(tuple(h) for h in self.hands),
            tuple(self.sizes),
            tuple(self.gifts),
            self.supply,
            self.trick,
            tuple(self.discards),
            self.hand_number,
            self.trick_number,
            self.hands_done,
            tuple(self.tricks_per_hand),
            tuple(self.hand_winners),
            self.winners,
            tuple(self.history),
        )
