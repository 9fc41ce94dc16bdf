"""A sensible heuristic player for Sinterklaas.

The policy reads only its :class:`~pnp.games.sinterklaas.view.SinterklaasView`:
its own hand, bid and scored cards, every bid on the table, the Pakjeskamer,
the discard pile, hand sizes and public facts. It never sees another hand or
the stack order.

Ideas:

* **Equity by sampling.** At the start of a bidding turn it estimates the
  chance that its combination (after laying the cards it would bid) beats
  every other player still in the round: it deals the unseen cards at random
  to the opponents' hands and the Pakjeskamer reveals still to come, and
  scores everyone under the configured rules (Pietje Precies strikes and a
  face-up Inpakpiet included). It deals 4 times, then 4 more at a time up
  to 16, and stops as soon as the estimate is clearly on one side of the
  odds the decision needs (sequential sampling: clear hands cost 4 deals).
* **Bid what you do not need.** Cards are bid in order of how little they
  help the best combination (then low points first, so a lost bid feeds the
  winner little); an action card whose effect helps is bid before a plain one.
  It never bids its last hand card (an empty hand can only tie the Pakjeskamer).
* **Go along when the odds pay.** Checking is free; matching costs cards, so
  the needed equity grows with the cards it must add and is measured against
  a fair share (one over the players still in). It raises when clearly ahead.
* **Use the rules sensibly.** It swaps a useful bid card back into the hand
  (Inwisselregel), hides an action card as Pietje Precies when a strike would
  help, stakes a scored card or follows a stake only when strong, keeps a
  Kijkpiet card on top when it fits its combination, picks the best Inpakpiet
  colour and strikes, gives the Big Sint to the player with the most won cards,
  and keeps a hand after the round only when it holds a pair or better.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import accumulate, chain, repeat
from math import sqrt
from typing import Generic, TypeVar

from pnp.engine.sampling import quick_words
from pnp.games.sinterklaas.rules import actions as act
from pnp.games.sinterklaas.rules.actions import Action
from pnp.games.sinterklaas.rules.cards import (
    INPAKPIET,
    PIETJE_PRECIES,
    SCHOENPIET,
    STROOIPIET,
    WISSELPIET,
    CardTable,
    action_card,
    plain_card,
)
from pnp.games.sinterklaas.rules.combinations import (
    PRECISE_NUMBER_SHIFT,
    PackedLayout,
    best_key,
    packed_key,
    packed_layout,
    packed_values,
    precise_words,
    strike_key,
    words_key,
    words_of_cards,
)
from pnp.games.sinterklaas.rules.steps import (
    ALL_IN,
    CARD_MASK,
    COIN,
    FACE_DOWN,
    GIVE_BIG,
    IN,
    INPAK_COLOUR,
    JOIN,
    KEEP,
    LAP,
    LIMIT,
    OPEN_BIG,
    PEEK_PLACE,
    STAFPIET_CHOICE,
    STRIKE,
    WISSEL,
)
from pnp.games.sinterklaas.view import SinterklaasView

SAMPLES = 16
"""Most random deals per equity estimate."""

CHECKPOINTS = (4, 8, 12)
"""Deals after which an estimate stops early when its decision is settled (:func:`settled`)."""

SETTLED_Z = 1.0
"""How many standard errors (of a deal's win at the threshold) settle a decision early."""

RAISE_AT = 0.45
"""The chance to win after matching from which a raise is considered."""

RAISED_AT = 0.5
"""The chance to win after raising by one card from which the policy raises."""

_GOOD_ACTIONS = frozenset((SCHOENPIET, STROOIPIET, WISSELPIET))

_T = TypeVar("_T")


class _PerTable(Generic[_T]):
    """A value derived from a card table, built once per table: tables live as long as their
    config, and are told apart by identity (hashing one would cost more than the lookup)."""

    def __init__(self, build: Callable[[CardTable], _T]) -> None:
        self._build = build
        self._entries: dict[int, tuple[CardTable, _T]] = {}

    def __call__(self, table: CardTable) -> _T:
        entry = self._entries.get(id(table))
        if entry is None or entry[0] is not table:
            entry = self._entries[id(table)] = (table, self._build(table))
        return entry[1]


def _deck_of(table: CardTable) -> tuple[tuple[int, ...], dict[int, int], tuple[int, ...]]:
    """The distinct codes of ``table``'s deck in ascending order, each code's index among
    them and the copies of each."""
    copies = Counter(table.deck)
    codes = tuple(sorted(copies))
    index = {code: i for i, code in enumerate(codes)}
    return codes, index, tuple(copies[code] for code in codes)


def _layouts_of(table: CardTable) -> tuple[PackedLayout, PackedLayout]:
    """The packed layout of ``table``'s deck (and the plain cards an Inpakpiet can stand for),
    and that of every card code."""
    codes = set(table.deck)
    number = table.number[action_card(INPAKPIET)]
    if number:  # the plain cards a face-up Inpakpiet counts as (SK-A1)
        codes.update(plain_card(colour, number) for colour in range(5))
    deck = packed_layout(sorted(codes), table.colour, table.number)
    every = packed_layout(range(len(table.colour)), table.colour, table.number)
    return deck, every


_deck = _PerTable(_deck_of)
_layouts = _PerTable(_layouts_of)
_precise = _PerTable(lambda table: precise_words(table.colour, table.number))
"""The precise word of every card code of a table."""
_packed = _PerTable(lambda table: packed_values(table.colour, table.number))
"""The packed value of every card code of a table."""


def _layout(table: CardTable, cards: Sequence[int]) -> PackedLayout:
    """The packed layout of ``table``'s deck, or that of every card code if ``cards`` holds
    one outside it (a set-up position)."""
    deck, every = _layouts(table)
    values = deck.values
    return deck if all(map(values.__contains__, cards)) else every


@dataclass(frozen=True, slots=True)
class _Unseen:
    """The deck minus a discard pile and a scored pile, in ascending code order: the cards
    (or their values) as one list, and per distinct deck code its copies and where its run
    of copies starts in that list."""

    discard: tuple[int, ...]
    scored: tuple[int, ...]
    table: CardTable
    values: Sequence[int] | Mapping[int, int] | None
    cards: list[int]
    counts: list[int]
    starts: list[int]
    after_discard: list[int]
    """Per distinct deck code, its copies outside the discard pile (before the scored pile)."""
    of_codes: Sequence[int]
    """Per distinct deck code, the entry listed for it (the code or its value)."""

    @classmethod
    def of(
        cls,
        discard: tuple[int, ...],
        scored: tuple[int, ...],
        table: CardTable,
        values: Sequence[int] | Mapping[int, int] | None,
        previous: _Unseen | None = None,
    ) -> _Unseen:
        """The cards of ``table``'s deck outside ``discard`` and ``scored`` (``values``: a
        value per card code to list instead of the codes); what ``previous`` counted for the
        same discard pile, table and values is reused."""
        codes, index, copies = _deck(table)
        if previous is not None and (previous.table is not table or previous.values is not values):
            previous = None  # counted for another table or other values: nothing to reuse
        if previous is not None:
            of_codes = previous.of_codes
        else:
            of_codes = codes if values is None else [values[c] for c in codes]
        if previous is not None and previous.discard is discard:
            after_discard = previous.after_discard
        else:
            after_discard = list(copies)
            for card in discard:
                at = index.get(card)
                if at is not None:
                    after_discard[at] -= 1
        left = after_discard[:]
        for card in scored:
            at = index.get(card)
            if at is not None:
                left[at] -= 1
        counts = [max(0, count) for count in left]
        cards = list(chain.from_iterable(map(repeat, of_codes, counts)))
        starts = list(accumulate(counts, initial=0))
        return cls(discard, scored, table, values, cards, counts, starts, after_discard, of_codes)


class HeuristicPolicy:
    """Bid spare cards when the sampled odds are good, stop otherwise, use the variants sensibly."""

    name = "heuristic"

    __slots__ = ("_after_discard", "_order", "_plan", "_unseen_memo")

    def __init__(self) -> None:
        self._plan: tuple[tuple[object, ...], int] | None = None
        self._after_discard: _Unseen | None = None
        self._unseen_memo: tuple[tuple[object, ...], list[int]] | None = None
        self._order: tuple[tuple[object, ...], tuple[int, ...]] | None = None

    def __repr__(self) -> str:
        return "HeuristicPolicy()"

    def choose(
        self, view: SinterklaasView, legal_actions: Sequence[Action], rng: random.Random
    ) -> Action:
        """Pick a legal move (deterministic given ``rng``)."""
        moves = [a for a in legal_actions if isinstance(a, int)]
        if len(moves) == 1:
            return moves[0]
        kind = view.step[0]
        if view.in_turn:
            choice = self._turn(view, moves, rng, kind)
        else:
            choice = self._decision(view, moves, rng, kind)
        return choice if choice in moves else moves[0]

    # -- evaluation -------------------------------------------------------------

    @staticmethod
    def strikes(view: SinterklaasView) -> int:
        """Pietje Precies strikes this seat will have at scoring (bid face up or face down)."""
        if not view.config.precise:
            return 0
        return sum(
            1 for e in view.own_bid if e & FACE_DOWN or (e & CARD_MASK) >> 8 == PIETJE_PRECIES
        )

    @staticmethod
    def inpak(view: SinterklaasView) -> int:
        """Face-up Inpakpiet cards in this seat's bid."""
        if not view.config.actions:
            return 0
        return sum(
            1 for e in view.own_bid if not e & FACE_DOWN and (e & CARD_MASK) >> 8 == INPAKPIET
        )

    @staticmethod
    def key(view: SinterklaasView, cards: Sequence[int], strikes: int = 0, inpak: int = 0) -> int:
        """The best key of ``cards`` with ``strikes`` optional strikes and ``inpak`` wild colours."""
        table = view.table
        if inpak:
            number = table.number[action_card(INPAKPIET)]
            best = 0
            for colour in range(5):
                extra = [plain_card(colour, number)] * inpak
                best = max(best, HeuristicPolicy.key(view, [*cards, *extra], strikes))
            return best
        if not view.config.precise:
            packed = _packed(table)
            return packed_key(sum([packed[c] for c in cards]))
        if strikes:
            return strike_key(cards, table.colour, table.number, strikes)
        bits, total = words_of_cards(_precise(table), cards)
        return words_key(bits, total, len(cards))

    def own_key(self, view: SinterklaasView, hand: Sequence[int], extra_strikes: int = 0) -> int:
        """This seat's key with ``hand`` and the current Pakjeskamer."""
        return self.key(
            view, [*hand, *view.room], self.strikes(view) + extra_strikes, self.inpak(view)
        )

    def spare_order(self, view: SinterklaasView, hand: Sequence[int]) -> list[int]:
        """Hand cards from the least to the most useful to bid."""
        # the order of a turn's hand is asked for again at each card bid: remember the last
        memo_key = (view.config, view.table, tuple(hand), view.room, view.own_bid)
        if self._order is not None and self._order[0] == memo_key:
            return list(self._order[1])
        order = self._spare_order(view, hand)
        self._order = (memo_key, tuple(order))
        return order

    def _spare_order(self, view: SinterklaasView, hand: Sequence[int]) -> list[int]:
        strikes, inpak = self.strikes(view), self.inpak(view)
        if not (view.config.precise or inpak):
            # the key of every hand minus one card from one packed sum (the same keys as own_key)
            room = view.room
            layout = _layout(view.table, (*hand, *room))
            packed = layout.values
            total = sum([packed[c] for c in hand]) + sum([packed[c] for c in room])
            base = layout.key(total)
            # a card outside every group of the best key loses nothing: the key without it
            # still reaches ``base`` (a cheap test: layout.reaches, inlined), only the
            # others are unpacked
            reach, tops = total + layout.bias + layout.threshold(base), layout.tops
            losses = [
                0 if (reach - packed[card]) & tops else base - layout.key(total - packed[card])
                for card in hand
            ]
        else:
            cards = [*hand, *view.room]
            base = self.key(view, cards, strikes, inpak)
            losses = [
                base - self.key(view, cards[:index] + cards[index + 1 :], strikes, inpak)
                for index in range(len(hand))
            ]
        points = view.table.points
        config = view.config
        actions, hidden = config.actions, config.hidden_precies
        scored: list[tuple[float, int]] = []
        for card, loss in zip(hand, losses, strict=True):
            bonus = 0.0
            action = card >> 8
            if action:
                if actions and action in _GOOD_ACTIONS:
                    bonus = 0.5
                if hidden and action != PIETJE_PRECIES:
                    bonus = 0.5
            scored.append((loss - bonus + 0.01 * points[card], card))
        scored.sort()
        return [card for _, card in scored]

    def unseen(self, view: SinterklaasView) -> list[int]:
        """Cards this seat has not seen (candidates for other hands and future reveals)."""
        return self._unseen(view, None)[:]

    def _unseen(
        self, view: SinterklaasView, values: Sequence[int] | Mapping[int, int] | None
    ) -> list[int]:
        """:meth:`unseen`, or with ``values`` (a value per card code) the cards' values.

        The list is remembered for the next call: the caller must not change it.
        """
        discard = view.discard
        scored = view.scored
        table = view.table
        index = _deck(table)[1]
        base = self._after_discard
        # the discard pile only grows and the scored pile changes between rounds, each
        # change a new tuple: the cards left after them are listed again only when one of
        # them (or the values asked for) is another object
        if (
            base is None
            or base.discard is not discard
            or base.scored is not scored
            or base.table is not table
            or base.values is not values
        ):
            base = self._after_discard = _Unseen.of(discard, scored, table, values, base)
        known = [*view.hand, *view.room, *view.seen_bids()]
        # a raise's odds after a match's: the same cards unseen, asked for again
        memo_key = (discard, scored, values, known)
        memo = self._unseen_memo
        if memo is not None and memo[0] == memo_key:
            return memo[1]
        taken: dict[int, int] = {}
        for card in known:
            at = index.get(card)
            if at is not None:  # a face-down 0 is no card of the deck
                taken[at] = taken.get(at, 0) + 1
        # every copy of a code is the same entry: take the first ones of its run, the last
        # runs first so that the runs before them stay where they are
        unseen = base.cards[:]
        counts, starts = base.counts, base.starts
        for at in sorted(taken, reverse=True):
            count = min(taken[at], counts[at])
            if count > 0:
                del unseen[starts[at] : starts[at] + count]
        self._unseen_memo = (memo_key, unseen)
        return unseen

    def equity(
        self,
        view: SinterklaasView,
        hand: Sequence[int],
        rng: random.Random,
        extra_strikes: int = 0,
        against: Sequence[float] = (),
    ) -> float:
        """Sampled chance that ``hand`` wins the showdown against the players still in.

        ``against`` holds the thresholds the caller compares the chance with:
        sampling stops at a checkpoint once the estimate is clearly on one side
        of each of them (see :func:`settled`); without thresholds it deals
        :data:`SAMPLES` times.
        """
        status = view.status
        opponents = [
            s for s in range(view.num_players) if s != view.seat and status[s] in (IN, ALL_IN)
        ]
        if not opponents:
            return 1.0
        precise = view.config.precise
        # without Pietje Precies the deals are drawn from the cards' packed values
        pool = self._unseen(view, None if precise else _layout(view.table, ()).values)
        reveals = view.reveals_left
        sizes = view.hand_sizes
        hand_sizes = [sizes[seat] for seat in opponents]
        need = reveals + sum(hand_sizes)
        if need > len(pool):
            reveals = 0
            need = sum(hand_sizes)
            if need > len(pool):
                return 0.5
        strikes = self.strikes(view) + extra_strikes
        inpak = self.inpak(view)
        if not precise:
            return self._packed_equity(view, hand, rng, pool, hand_sizes, reveals, inpak, against)
        return self._precise_equity(
            view, hand, rng, pool, opponents, reveals, strikes, inpak, against
        )

    def _precise_equity(
        self,
        view: SinterklaasView,
        hand: Sequence[int],
        rng: random.Random,
        pool_codes: list[int],
        opponents: list[int],
        reveals: int,
        strikes: int,
        inpak: int,
        against: Sequence[float],
    ) -> float:
        """:meth:`equity` with Pietje Precies.

        Each deal is the partial Fisher-Yates shuffle of :func:`quick_sample` (the words of
        a stage of deals drawn at once, as that many single draws would); an opponent's key
        is read from the OR of its cards' precise words (:func:`words_key`), and
        so is this seat's without strikes or Inpakpiet cards (else it is counted once per set
        of table cards).
        """
        words_of = _precise(view.table)
        sizes = view.hand_sizes
        hand_sizes = [sizes[seat] for seat in opponents]
        room = list(view.room)
        room_bits, room_total = words_of_cards(words_of, room)
        table_size = len(room) + reveals
        need = reveals + sum(hand_sizes)
        remise = view.config.remise
        hand = list(hand)
        # without strikes or Inpakpiet cards this seat's key is words_key of its cards too
        plain = not strikes and not inpak
        hand_bits, hand_total = words_of_cards(words_of, hand)
        mine_size = len(hand) + table_size
        known: dict[tuple[int, ...], int] = {}
        wins = 0.0
        done = 0
        for stop in (*CHECKPOINTS, SAMPLES):
            words = quick_words(rng, need * (stop - done))
            for first in range(0, need * (stop - done), need) if need else [0] * (stop - done):
                pool = pool_codes[:]
                m = len(pool)
                w = first + reveals
                table_bits = room_bits
                table_total = room_total
                future = []
                for word in words[first:w]:
                    j = word * m >> 32
                    m -= 1
                    card = pool[j]
                    pool[j] = pool[m]
                    future.append(card)
                    card_word = words_of[card]
                    table_bits |= card_word
                    table_total += card_word >> PRECISE_NUMBER_SHIFT
                if plain:
                    mine = words_key(hand_bits | table_bits, hand_total + table_total, mine_size)
                else:
                    future_key = tuple(sorted(future))
                    mine = known.get(future_key, -1)
                    if mine < 0:
                        mine = known[future_key] = self.key(
                            view, [*hand, *room, *future], strikes, inpak
                        )
                if not mine and not remise:
                    continue  # no combination: no opponent can be beaten, no tie wins
                # the deal is lost as soon as one opponent beats ``mine``: stop there
                best_other = 0
                for size in hand_sizes:
                    bits = table_bits
                    total = table_total
                    for word in words[w : w + size]:
                        j = word * m >> 32
                        m -= 1
                        card_word = words_of[pool[j]]
                        pool[j] = pool[m]
                        bits |= card_word
                        total += card_word >> PRECISE_NUMBER_SHIFT
                    w += size
                    count = size + table_size
                    other = words_key(bits, total, count)
                    if other > mine:
                        best_other = other
                        break
                    if other > best_other:
                        best_other = other
                if mine > best_other:
                    wins += 1.0
                elif mine == best_other and remise:
                    wins += 0.3
            done = stop
            if done < SAMPLES and settled(wins, done, against):
                break
        return wins / done

    @staticmethod
    def _packed_equity(
        view: SinterklaasView,
        hand: Sequence[int],
        rng: random.Random,
        pool_values: list[int],
        hand_sizes: list[int],
        reveals: int,
        inpak: int,
        against: Sequence[float],
    ) -> float:
        """:meth:`equity` without Pietje Precies, on packed sums.

        The deals are drawn from the pool's packed values instead of its codes,
        a stage of deals at a time (up to the next checkpoint); an opponent's
        key is compared with this seat's without unpacking it.
        """
        table = view.table
        layout = _layout(table, (*hand, *view.room))
        packed = layout.values
        bias = layout.bias
        tops = layout.tops  # the top bit of every field (see PackedLayout.reaches)
        # every key below sums the table cards once: the bias rides along with them
        room_sum = sum([packed[c] for c in view.room]) + bias
        hand_sum = sum([packed[c] for c in hand])
        extras: tuple[int, ...] = (0,)
        if inpak:
            number = table.number[action_card(INPAKPIET)]
            extras = tuple(inpak * packed[plain_card(colour, number)] for colour in range(5))
        need = reveals + sum(hand_sizes)
        remise = view.config.remise
        reader = layout.reader
        unpack, width = reader.unpack, reader.size
        # this seat's key and thresholds per table sum: without reveals to come it never changes
        known: dict[int, tuple[int, int, int]] = {}
        ones, top = layout.ones, 1 << 31  # layout.threshold(key) is ones * (top - key)
        size_of_pool = len(pool_values)
        wins = 0.0
        done = 0
        for stop in (*CHECKPOINTS, SAMPLES):
            words = quick_words(rng, need * (stop - done))
            for first in range(0, need * (stop - done), need) if need else [0] * (stop - done):
                # a partial Fisher-Yates shuffle of the pool, one 32-bit word per card
                # (position w * m >> 32 of the m cards left); a deal's cards are drawn
                # only as far as needed: once an opponent wins, the rest is not looked at
                pool = pool_values[:]
                m = size_of_pool
                w = first + reveals
                table_sum = room_sum
                if reveals:
                    for word in words[first:w]:
                        j = word * m >> 32
                        m -= 1
                        table_sum += pool[j]
                        pool[j] = pool[m]
                mine_entry = known.get(table_sum)
                if mine_entry is None:
                    mine_sum = hand_sum + table_sum
                    mine = 0
                    for extra in extras:
                        if mine_sum + extra != bias:
                            key = max(unpack((mine_sum + extra).to_bytes(width, "little")))
                            if key > mine:
                                mine = key
                    beaten = ones * (top - mine - 1)
                    mine_entry = known[table_sum] = (mine, beaten, beaten + ones)
                mine, beaten, reached = mine_entry
                tied = False
                for size in hand_sizes:
                    other_sum = table_sum
                    for word in words[w : w + size]:
                        j = word * m >> 32
                        m -= 1
                        other_sum += pool[j]
                        pool[j] = pool[m]
                    w += size
                    if other_sum == bias:  # no cards: key 0
                        tied = tied or mine == 0
                    elif (other_sum + beaten) & tops:  # layout.reaches, inlined: lost
                        break
                    elif (other_sum + reached) & tops:
                        tied = True
                else:  # no opponent beat this seat
                    if not tied:
                        wins += 1.0
                    elif remise:
                        wins += 0.3
            done = stop
            if done < SAMPLES and settled(wins, done, against):
                break
        return wins / done

    # -- bidding turns -----------------------------------------------------------

    def _turn(self, view: SinterklaasView, moves: list[int], rng: random.Random, kind: int) -> int:
        hand = list(view.hand)
        bid = len(view.own_bid)
        if kind == LAP and view.config.exchange:
            swap = self._best_swap(view, moves)
            if swap:
                return swap
        if kind == LAP:
            target = self._target(view, hand, bid, rng)
            if target < 0:
                return act.STOP if act.STOP in moves else act.DONE
        elif kind == OPEN_BIG:
            target = view.step[2]
        else:
            target = 1
        if bid >= target and act.DONE in moves:
            return act.DONE
        order = self.spare_order(view, hand)
        for card in order:
            hidden = act.hide(card)
            if hidden in moves and self._hide_helps(view, hand, card):
                return hidden
            if act.add(card) in moves:
                return act.add(card)
        return act.DONE if act.DONE in moves else moves[0]

    def _target(self, view: SinterklaasView, hand: list[int], bid: int, rng: random.Random) -> int:
        """The bid to reach this turn, or -1 to stop (planned once per turn)."""
        high = view.highest_of_others
        start = bid - view.turn_added
        plan_key = (view.seat, view.round, len(view.room), start, high, view.status)
        if self._plan is not None and self._plan[0] == plan_key:
            return self._plan[1]
        needed = max(0, high - bid)
        usable = len(hand) - max(view.limit, 1)
        if needed > usable:
            target = bid if (view.limit and len(hand) <= view.limit) else -1
            self._plan = (plan_key, target)
            return target
        can_raise = needed + 1 <= usable
        if needed == 0 and not can_raise:
            # checking is free and raising impossible: no odds needed
            self._plan = (plan_key, bid)
            return bid
        players_in = sum(1 for s in plan_key[-1] if s in (IN, ALL_IN))
        fair = 1.0 / max(2, players_in)
        match_at = fair * (0.75 + 0.15 * needed)
        against = ((match_at,) if needed else ()) + ((RAISE_AT,) if can_raise else ())
        # the spare order (no chance in it) only when a card is to be given up
        matched = _without(hand, self.spare_order(view, hand)[:needed]) if needed else hand
        p_match = self.equity(view, matched, rng, against=against)
        if needed == 0:
            target = bid
        elif p_match >= match_at:
            target = high
        else:
            target = -1
        if target >= 0 and can_raise and p_match >= RAISE_AT:
            raised = _without(hand, self.spare_order(view, hand)[: needed + 1])
            if self.equity(view, raised, rng, against=(RAISED_AT,)) >= RAISED_AT:
                target = max(bid, high) + 1
        self._plan = (plan_key, target)
        return target

    def _best_swap(self, view: SinterklaasView, moves: list[int]) -> int:
        """A swap that makes the hand's combination stronger (0 if none)."""
        hand = list(view.hand)
        room = view.room
        # own_key's strikes and Inpakpiet cards, counted once for every swap
        strikes, inpak = self.strikes(view), self.inpak(view)
        key = self.key
        base = key(view, [*hand, *room], strikes, inpak)
        best, best_move = base, 0
        for move in moves:
            if act.move_kind(move) != act.SWAP_KIND:
                continue
            out_card, in_card = act.move_a(move), act.move_b(move)
            new_hand = [*_without(hand, [out_card]), in_card]
            value = key(view, [*new_hand, *room], strikes, inpak)
            if value > best:
                best, best_move = value, move
        return best_move

    def _hide_helps(self, view: SinterklaasView, hand: list[int], card: int) -> bool:
        """SK-P4: bid an action card face down when one more strike improves the combination."""
        rest = _without(hand, [card])
        return self.own_key(view, rest, 1) > self.own_key(view, rest)

    # -- other decisions -----------------------------------------------------------

    def _decision(
        self, view: SinterklaasView, moves: list[int], rng: random.Random, kind: int
    ) -> int:
        hand = list(view.hand)
        if kind == LIMIT:
            strong = self.equity(view, hand, rng, against=(0.4,)) >= 0.4
            return act.limit(0) if strong else act.limit(min(3, view.config.max_limit))
        if kind == GIVE_BIG:
            sizes = view.scored_sizes
            return max(moves, key=lambda m: (sizes[act.move_a(m)], -act.move_a(m)))
        if kind in (COIN, JOIN):
            strong = self.equity(view, hand, rng, against=(0.5,)) >= 0.5
            if kind == COIN:
                return act.MORE_STAKE if strong and act.MORE_STAKE in moves else act.MORE_CARDS
            return act.JOIN if strong else act.DECLINE
        if kind == PEEK_PLACE:
            top = view.known_top
            helps = top and self.own_key(view, [*hand, top]) > self.own_key(view, hand)
            return act.KEEP_TOP if helps else act.TO_BOTTOM
        if kind == STAFPIET_CHOICE:
            return act.TAKE_SMALL_SINT
        if kind == WISSEL:
            return self._wissel(view, moves, hand)
        if kind == INPAK_COLOUR:
            return max(moves, key=lambda m: self._colour_value(view, act.move_a(m)))
        if kind == STRIKE:
            return max(moves, key=lambda m: self._strike_value(view, m))
        if kind == KEEP:
            table = view.table
            pair = best_key([table.colour[c] for c in hand], [table.number[c] for c in hand])
            return act.KEEP_HAND if pair >> 16 >= 2 else act.DISCARD_HAND
        return moves[0]

    def _wissel(self, view: SinterklaasView, moves: list[int], hand: list[int]) -> int:
        """Give the least useful hand card; take the room card that fits the own combination best."""
        spare = self.spare_order(view, hand)[0]
        best, best_move = -1, moves[0]
        for move in moves:
            if act.move_a(move) != spare:
                continue
            taken = act.move_b(move)
            value = self.key(view, [*_without(hand, [spare]), taken])
            if value > best:
                best, best_move = value, move
        return best_move

    def _colour_value(self, view: SinterklaasView, colour: int) -> int:
        number = view.table.number[action_card(INPAKPIET)]
        chosen = [plain_card(c, number) for c in view.inpak_colours]
        cards = [*view.hand, *view.room, *chosen, plain_card(colour, number)]
        return self.key(view, _without(cards, [c for c in view.struck if c]))

    def _strike_value(self, view: SinterklaasView, move: int) -> int:
        number = view.table.number[action_card(INPAKPIET)]
        chosen = [plain_card(c, number) for c in view.inpak_colours]
        cards = _without([*view.hand, *view.room, *chosen], [c for c in view.struck if c])
        if act.move_kind(move) == act.STRIKE_KIND:
            cards = _without(cards, [act.move_a(move)])
        return self.key(view, cards)


def settled(wins: float, deals: int, against: Sequence[float]) -> bool:
    """True when ``wins`` out of ``deals`` is clearly on one side of every threshold.

    Clearly: more than :data:`SETTLED_Z` standard errors of ``deals`` deals
    away, the error taken at the threshold (where a deal wins with that
    chance). No thresholds: never settled. A threshold outside 0..1 (a price no chance
    can pay, or one every chance pays) has no error: any other estimate is clear of it.
    """
    if not against or not deals:
        return False
    estimate = wins / deals
    for threshold in against:
        spread = SETTLED_Z * sqrt(max(0.0, threshold * (1.0 - threshold)) / deals)
        if abs(estimate - threshold) <= spread:
            return False
    return True


def _without(cards: Sequence[int], remove: Sequence[int]) -> list[int]:
    """``cards`` minus one copy of each of ``remove``."""
    out = list(cards)
    for card in remove:
        if card in out:
            out.remove(card)
    return out
