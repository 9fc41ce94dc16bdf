"""Reference engine for twaalf-dagen (12 Dagen van Kerstmis), rules TD-C1 ... TD-K1.

Rules as implemented (IDs from the game's rule checklist):

* TD-C1 / TD-C2: the deck and the gift supply come from :class:`TwaalfDagenConfig`
  (built from the spec tables); :func:`validate_deck` checks them against the
  rules: card k in k copies for k = 1..12 (78 cards) and 12 gift cards.
* TD-B1: seats are ``0..n-1``, clockwise is increasing index. At game start
  chance draws the dealer (a recorded :class:`ChooseDealer` action); the
  player left of the dealer, ``(dealer + 1) % n``, leads the first trick. Each
  hand starts with a recorded :class:`Deal` chance action: the deck is
  shuffled and every player gets ``hand_sizes[n]`` cards (12, 11 with 7
  players, 9 with 8); undealt cards stay out of that hand.
* TD-B2: the leader must play (never pass) one combination: a *set* (2+ cards
  of one number), a *straight* (2+ consecutive numbers, one card each) or a
  *singleton*. The lowest card of the lead is the low card.
* TD-B3: clockwise, each other player passes or responds once with the same
  kind of combination containing at least one card equal to or lower than the
  *lead's* low card (not the lowest response so far). Sets and straights may be
  longer or shorter than the lead but have at least 2 cards.
* TD-B4: after one lap the player who played the lowest card wins the trick;
  on a tie the last one who played that card wins. If everyone passes, the
  leader played the only (so the lowest) card and wins. All played cards are
  discarded (except TD-B5) and the winner leads the next trick.
  **DECISION** (the seed names no dealer after the first hand): the player to
  the right of a hand's winner deals the next hand, so its leader (the winner,
  TD-B6) sits left of the dealer as in TD-B1; ``dealer`` of the state and of
  :class:`HandDealt` say who dealt.
* TD-B5: a player who played their last cards and did not win the trick takes
  those cards back into hand (logged as :class:`CardsReturned`). If the
  trick's winner has no cards left, the hand ends and that player wins it.
* TD-B6: the hand's winner takes one gift card from the central supply
  (:class:`GiftEarned`) and leads the next hand. Then every player with the
  most unplayed cards (ties: all of them, clockwise from the winner) gives one
  of their own gifts to the winner (:class:`GiftGiven`), or nothing if they
  have none (:class:`GiftNotGiven`). Handed-over gifts move between players;
  the supply only shrinks by the earned gifts.
* TD-B7 (full game): nobody starts with a gift; the game ends when the last
  gift card of the supply is claimed, so after ``gift_cards`` hands (12); as a
  safeguard it also ends after ``hands_full`` hands. Most gifts wins; ties
  share the win.
* TD-K1 (variant ``kort``): every player starts with ``start_gifts_short`` gift
  (1) taken from the supply; the game ends after ``hands_short`` hands (3).
  With the standard 12 gift cards the supply cannot run out first (8 players
  take 8, three hands take 3; :func:`validate_deck` refuses a supply that
  could), so the rulebook does not mention it; the engine still stops on an
  empty supply, as in TD-B7. Most gifts wins.

Termination: every trick discards the winner's cards (the winner always
played, and TD-B5 only returns the cards of players who did *not* win), so the
number of cards in hands drops by at least one per trick. A trick winner who
still holds cards leads the next trick, so a hand can last at most as many
tricks as cards were dealt; it ends exactly when a winner holds no cards.
No cap is needed.

Actions are plain ints for player moves (:data:`PASS` or a packed
combination, see :func:`make_play`) and :class:`ChooseDealer` / :class:`Deal`
objects for chance. Hands are count lists indexed by card number.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from pnp.engine.core import CHANCE, JSON, TERMINAL, Event, EventLog, active_log
from pnp.engine.journal import Journaled

GAME_ID = "twaalf-dagen"
VARIANT_SHORT = "kort"
VARIANTS = (VARIANT_SHORT,)
PLAYER_COUNTS = range(2, 9)
"""Supported player counts (2-8)."""

RULE_HAND_SIZES: Mapping[int, int] = {2: 12, 3: 12, 4: 12, 5: 12, 6: 12, 7: 11, 8: 9}
"""Cards dealt per player by player count (TD-B1)."""

# ---------------------------------------------------------------------------
# Configuration (TD-C1, TD-C2, TD-B1, TD-B7, TD-K1)


@dataclass(frozen=True)
class TwaalfDagenConfig:
    """The deck, gift supply and game length; built from the spec tables.

    ``card_counts`` maps a card number to its number of copies; ``hand_sizes``
    maps a player count to the cards dealt per player. ``short_game`` selects
    the ``kort`` variant (TD-K1). The mappings should be plain dicts so the
    config can be sent to worker processes.
    """

    card_counts: Mapping[int, int]
    gift_cards: int
    hand_sizes: Mapping[int, int]
    hands_full: int
    short_game: bool
    hands_short: int
    start_gifts_short: int

    @property
    def deck_size(self) -> int:
        """Number of deck cards (78 in the standard deck)."""
        return sum(self.card_counts.values())

    @property
    def max_hands(self) -> int:
        """Hands after which the game ends at the latest."""
        return self.hands_short if self.short_game else self.hands_full

    @property
    def start_gifts(self) -> int:
        """Gifts each player holds at the start (TD-B7: 0; TD-K1: 1)."""
        return self.start_gifts_short if self.short_game else 0


def standard_config(short: bool = False) -> TwaalfDagenConfig:
    """The configuration the rules describe (for tests; the kit builds it from the spec tables)."""
    return TwaalfDagenConfig(
        card_counts={k: k for k in range(1, 13)},
        gift_cards=12,
        hand_sizes=dict(RULE_HAND_SIZES),
        hands_full=12,
        short_game=short,
        hands_short=3,
        start_gifts_short=1,
    )


def config_for_variants(variants: Sequence[str]) -> TwaalfDagenConfig:
    """The standard configuration for a list of variant ids (``kort`` or none)."""
    unknown = sorted(set(variants) - set(VARIANTS))
    if unknown:
        raise ValueError(f"unknown twaalf-dagen variant(s): {', '.join(unknown)}")
    return standard_config(short=VARIANT_SHORT in variants)


def validate_deck(config: TwaalfDagenConfig) -> list[str]:
    """Check ``config`` against the rules; return one readable line per problem.

    Checks TD-C1 (card k in k copies for k = 1..12, 78 cards), TD-C2 (12 gift
    cards), TD-B1 (12/11/9 cards dealt for 2-6/7/8 players, and every deal fits
    in the deck), TD-B7 (one gift is claimed per hand, so the full game's hands
    equal the gift cards) and TD-K1 (the supply covers the starting gifts and
    the short game's hands for every player count). An empty list means fine.
    """
    problems: list[str] = []
    counts = dict(config.card_counts)
    expected_numbers = set(range(1, 13))
    missing = sorted(expected_numbers - set(counts))
    extra = sorted(set(counts) - expected_numbers)
    if missing:
        problems.append(f"TD-C1: card number(s) missing: {', '.join(map(str, missing))}")
    if extra:
        problems.append(f"TD-C1: unexpected card number(s): {', '.join(map(str, extra))}")
    for number in sorted(set(counts) & expected_numbers):
        if counts[number] != number:
            problems.append(f"TD-C1: card {number} has {counts[number]} copies, expected {number}")
    deck = sum(counts.values())
    if deck != 78:
        problems.append(f"TD-C1: the deck has {deck} cards, expected 78 (1 + 2 + ... + 12)")
    if config.gift_cards != 12:
        problems.append(f"TD-C2: {config.gift_cards} gift cards, expected 12")
    for players in PLAYER_COUNTS:
        size = config.hand_sizes.get(players)
        if size is None:
            problems.append(f"TD-B1: no hand size for {players} players")
            continue
        if size != RULE_HAND_SIZES[players]:
            problems.append(
                f"TD-B1: {players} players are dealt {size} cards, "
                f"expected {RULE_HAND_SIZES[players]}"
            )
        if players * size > deck:
            problems.append(
                f"TD-B1: {players} players x {size} cards = {players * size} "
                f"exceeds the {deck}-card deck"
            )
    for players in sorted(set(config.hand_sizes) - set(PLAYER_COUNTS)):
        problems.append(f"TD-B1: hand size given for unsupported player count {players}")
    if config.hands_full != config.gift_cards:
        problems.append(
            f"TD-B7: the full game has {config.hands_full} hands but one gift is claimed "
            f"per hand from {config.gift_cards} gift cards"
        )
    if config.hands_short < 1:
        problems.append("TD-K1: the short game needs at least one hand")
    most = max(PLAYER_COUNTS)
    if most * config.start_gifts_short + config.hands_short > config.gift_cards:
        problems.append(
            f"TD-K1: with {most} players the {config.gift_cards} gift cards cannot cover "
            f"{config.start_gifts_short} starting gift(s) each plus {config.hands_short} hands"
        )
    return problems


# ---------------------------------------------------------------------------
# Actions

PASS = 0
"""The responder's pass."""

SINGLE = 1
SET = 2
STRAIGHT = 3
KIND_NAMES: Mapping[int, str] = {SINGLE: "singleton", SET: "set", STRAIGHT: "straight"}

_MAX = 31  # largest card number and combination length the packing allows


def make_play(kind: int, low: int, length: int) -> int:
    """Pack a combination: ``kind`` (SINGLE/SET/STRAIGHT), lowest number, card count."""
    return (kind << 10) | (low << 5) | length


def play_kind(action: int) -> int:
    """Kind of a packed play (SINGLE, SET or STRAIGHT)."""
    return action >> 10


def play_low(action: int) -> int:
    """Lowest card number of a packed play (its low card)."""
    return (action >> 5) & _MAX


def play_length(action: int) -> int:
    """Number of cards of a packed play."""
    return action & _MAX


def play_cards(action: int) -> tuple[int, ...]:
    """The card numbers of a packed play, ascending (empty for PASS)."""
    if action == PASS:
        return ()
    low = (action >> 5) & _MAX
    length = action & _MAX
    if action >> 10 == STRAIGHT:
        return tuple(range(low, low + length))
    return (low,) * length


def play_from_cards(cards: Sequence[int]) -> int:
    """Pack a list of card numbers; ``ValueError`` if it is no combination."""
    ordered = sorted(cards)
    if not ordered:
        raise ValueError("a play needs at least one card")
    low, length = ordered[0], len(ordered)
    if not 1 <= low <= _MAX or ordered[-1] > _MAX or length > _MAX:
        raise ValueError(f"cards out of range: {ordered}")
    if length == 1:
        return make_play(SINGLE, low, 1)
    if all(c == low for c in ordered):
        return make_play(SET, low, length)
    if ordered == list(range(low, low + length)):
        return make_play(STRAIGHT, low, length)
    raise ValueError(f"not a set, straight or singleton: {' '.join(map(str, ordered))}")


def format_cards(cards: Sequence[int]) -> str:
    """Card numbers separated by spaces, e.g. ``"8 8"``."""
    return " ".join(str(c) for c in cards)


def format_play(action: int) -> str:
    """``"pass"`` or the cards of the play, e.g. ``"3 4 5"``."""
    return "pass" if action == PASS else format_cards(play_cards(action))


def parse_play(text: str) -> int:
    """Inverse of :func:`format_play`."""
    text = text.strip()
    if text == "pass":
        return PASS
    try:
        cards = [int(part) for part in text.split()]
    except ValueError:
        raise ValueError(f"not a play: {text!r}") from None
    return play_from_cards(cards)


@dataclass(frozen=True, slots=True)
class ChooseDealer:
    """Chance action at game start: the dealer's seat (TD-B1)."""

    dealer: int


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance action at the start of each hand: every seat's cards, ascending."""

    hands: tuple[tuple[int, ...], ...]


Action = int | ChooseDealer | Deal

# Precomputed packed plays: _SINGLES[v], _SETS[v][k], _STRAIGHTS[v][length].
_SINGLES = [make_play(SINGLE, v, 1) for v in range(_MAX + 1)]
_SETS = [[make_play(SET, v, k) for k in range(_MAX + 1)] for v in range(_MAX + 1)]
_STRAIGHTS = [[make_play(STRAIGHT, v, k) for k in range(_MAX + 1)] for v in range(_MAX + 1)]


def lead_actions(counts: Sequence[int], top: int) -> list[int]:
    """Every combination a leader holding ``counts`` may play (TD-B2); no pass."""
    out: list[int] = []
    append = out.append
    for v in range(1, top + 1):
        k = counts[v]
        if k:
            append(_SINGLES[v])
            if k >= 2:
                out.extend(_SETS[v][2 : k + 1])
            if counts[v + 1]:
                row = _STRAIGHTS[v]
                e = v + 1
                while counts[e]:
                    append(row[e - v + 1])
                    e += 1
    return out


def response_actions(counts: Sequence[int], kind: int, low: int) -> list[int]:
    """Pass plus every response to a lead of ``kind`` with low card ``low`` (TD-B3)."""
    out = [PASS]
    append = out.append
    if kind == SINGLE:
        for v in range(1, low + 1):
            if counts[v]:
                append(_SINGLES[v])
    elif kind == SET:
        for v in range(1, low + 1):
            k = counts[v]
            if k >= 2:
                out.extend(_SETS[v][2 : k + 1])
    else:
        for v in range(1, low + 1):
            if counts[v] and counts[v + 1]:
                row = _STRAIGHTS[v]
                e = v + 1
                while counts[e]:
                    append(row[e - v + 1])
                    e += 1
    return out


# ---------------------------------------------------------------------------
# Events


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    """The game begins: player count, variants, starting gifts and gift supply."""

    automatic: ClassVar[bool] = True
    players: int
    variants: tuple[str, ...]
    gifts: tuple[int, ...]
    supply: int

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """TD-B1, with TD-K1's starting gift or TD-B7's none."""
        return ("TD-B1", "TD-K1" if any(self.gifts) else "TD-B7")


@dataclass(frozen=True, slots=True)
class DealerChosen(Event):
    """Chance chose the dealer; the player to their left leads first (TD-B1)."""

    rules: ClassVar[tuple[str, ...]] = ("TD-B1",)
    dealer: int
    leader: int


@dataclass(frozen=True, slots=True)
class HandDealt(Event):
    """``dealer`` dealt hand number ``hand`` (1-based); ``leader`` leads its first trick."""

    hand: int
    dealer: int
    leader: int
    hands: tuple[tuple[int, ...], ...]

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """TD-B1's deal; from the second hand on the last hand's winner leads (TD-B6)."""
        return ("TD-B1",) if self.hand == 1 else ("TD-B1", "TD-B6")


@dataclass(frozen=True, slots=True)
class Played(Event):
    """``seat`` played ``cards`` (``combo``: singleton/set/straight) in trick ``trick``."""

    seat: int
    hand: int
    trick: int
    combo: str
    cards: tuple[int, ...]
    lead: bool
    cards_left: int

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """TD-B2 for a lead, TD-B3 for an answer to it."""
        return ("TD-B2",) if self.lead else ("TD-B3",)


@dataclass(frozen=True, slots=True)
class Passed(Event):
    """``seat`` passed; ``forced`` when they had no legal response at all (TD-B3)."""

    rules: ClassVar[tuple[str, ...]] = ("TD-B3",)
    seat: int
    hand: int
    trick: int
    forced: bool


@dataclass(frozen=True, slots=True)
class TrickWon(Event):
    """The lap is over: ``seat`` played the lowest card ``low`` and wins (TD-B4)."""

    automatic: ClassVar[bool] = True
    rules: ClassVar[tuple[str, ...]] = ("TD-B4",)
    seat: int
    hand: int
    trick: int
    low: int
    discarded: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CardsReturned(Event):
    """``seat`` played their last cards but lost the trick: they take them back (TD-B5)."""

    automatic: ClassVar[bool] = True
    rules: ClassVar[tuple[str, ...]] = ("TD-B5",)
    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HandWon(Event):
    """``seat`` won a trick with no cards left: they win hand ``hand`` (TD-B5)."""

    automatic: ClassVar[bool] = True
    rules: ClassVar[tuple[str, ...]] = ("TD-B5",)
    seat: int
    hand: int
    tricks: int
    cards_left: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GiftEarned(Event):
    """The hand's winner took a gift from the supply; ``supply`` are left (TD-B6)."""

    automatic: ClassVar[bool] = True
    rules: ClassVar[tuple[str, ...]] = ("TD-B6",)
    seat: int
    supply: int


@dataclass(frozen=True, slots=True)
class GiftGiven(Event):
    """``giver`` had the most unplayed cards and gave a gift to ``receiver`` (TD-B6)."""

    automatic: ClassVar[bool] = True
    rules: ClassVar[tuple[str, ...]] = ("TD-B6",)
    giver: int
    receiver: int
    cards_left: int


@dataclass(frozen=True, slots=True)
class GiftNotGiven(Event):
    """``seat`` had the most unplayed cards but no gift to give (TD-B6)."""

    automatic: ClassVar[bool] = True
    rules: ClassVar[tuple[str, ...]] = ("TD-B6",)
    seat: int
    cards_left: int


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """The game is over after ``hands`` hands; ``winners`` hold the most gifts (TD-B7)."""

    automatic: ClassVar[bool] = True
    winners: tuple[int, ...]
    gifts: tuple[int, ...]
    hands: int
    short: bool = False
    """The short game's hands are played (TD-K1), rather than every gift claimed (TD-B7)."""

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """TD-B7, or TD-K1 for the short game's end after its hands."""
        return ("TD-K1",) if self.short else ("TD-B7",)


# ---------------------------------------------------------------------------
# State

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
        if max(config.card_counts) >= _MAX or max(config.card_counts.values()) > _MAX:
            raise ValueError(f"twaalf-dagen: card numbers and copies must be below {_MAX}")
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

    def hand_cards(self, seat: int) -> tuple[int, ...]:
        """The cards of ``seat`` as ascending card numbers."""
        counts = self.hands[seat]
        return tuple(v for v in range(1, self.top + 1) for _ in range(counts[v]))

    # -- applying actions (push and pop come from Journaled) -----------------

    def _scalars(self) -> tuple[Any, ...]:
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
            self.trick,
            self.supply,
            self.hand_number,
            self.trick_number,
            self.hands_done,
            self.winners,
        )

    def _restore_scalars(self, scalars: tuple[Any, ...]) -> None:
        (
            self.phase,
            self.dealer,
            self.leader,
            self.to_move,
            self.turns,
            self.lead_kind,
            self.lead_low,
            self.best_low,
            self.best_seat,
            self.trick,
            self.supply,
            self.hand_number,
            self.trick_number,
            self.hands_done,
            self.winners,
        ) = scalars

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
            low = (action >> 5) & _MAX
            length = action & _MAX
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
            low = (action >> 5) & _MAX
            length = action & _MAX
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
        self.journal_set(self.sizes, seat, self.sizes[seat] + (action & _MAX))

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
        self.dealer = (winner - 1) % n  # TD-B4 decision: the winner's right-hand neighbour deals
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


# ---------------------------------------------------------------------------
# Player view


class TwaalfDagenView:
    """What one seat may know: their own cards plus public information.

    Other players' hands are not reachable through the view (their sizes are
    public). Policies receive this object, never the state.
    """

    __slots__ = ("_state", "seat")

    def __init__(self, state: TwaalfDagenState, seat: int) -> None:
        self._state = state
        self.seat = seat

    @property
    def num_players(self) -> int:
        """Number of seats."""
        return self._state.num_players

    @property
    def top(self) -> int:
        """Highest card number in the deck."""
        return self._state.top

    @property
    def hand(self) -> tuple[int, ...]:
        """Own cards as counts indexed by card number (index 0 and the last slot stay 0)."""
        return tuple(self._state.hands[self.seat])

    @property
    def hand_size(self) -> int:
        """Own number of cards."""
        return self._state.sizes[self.seat]

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """Cards held by every seat (public)."""
        return tuple(self._state.sizes)

    @property
    def gifts(self) -> tuple[int, ...]:
        """Gifts held by every seat (public)."""
        return tuple(self._state.gifts)

    @property
    def supply(self) -> int:
        """Gift cards left in the supply."""
        return self._state.supply

    @property
    def is_leading(self) -> bool:
        """True when this seat is to lead the trick."""
        return self._state.turns == 0

    @property
    def lead_kind(self) -> int:
        """Kind of the current lead (SINGLE/SET/STRAIGHT), 0 before the lead."""
        return self._state.lead_kind

    @property
    def lead_low(self) -> int:
        """Low card of the current lead, 0 before the lead."""
        return self._state.lead_low

    @property
    def best_low(self) -> int:
        """Lowest card played in this trick so far (a large number before the lead)."""
        return self._state.best_low

    @property
    def best_seat(self) -> int:
        """Seat currently winning the trick, -1 before the lead."""
        return self._state.best_seat

    @property
    def to_act_after(self) -> int:
        """How many players still act in this trick after this seat."""
        return self._state.num_players - self._state.turns - 1

    @property
    def trick(self) -> tuple[tuple[int, int], ...]:
        """Plays of the current trick as ``(seat, action)``."""
        return self._state.trick

    @property
    def deck_counts(self) -> tuple[int, ...]:
        """Copies of each card number in the whole deck (public)."""
        counts = [0] * (self._state.top + 2)
        for number, copies in self._state.config.card_counts.items():
            counts[number] = copies
        return tuple(counts)

    @property
    def seen_counts(self) -> tuple[int, ...]:
        """Cards seen leaving play this hand: discards plus the current trick."""
        seen = list(self._state.discards)
        for _, action in self._state.trick:
            for card in play_cards(action):
                seen[card] += 1
        return tuple(seen)


# ---------------------------------------------------------------------------
# Engine object


class TwaalfDagenEngine:
    """The engine object for :func:`pnp.engine.core.play` and friends."""

    game_id = GAME_ID

    def variants(self, config: TwaalfDagenConfig) -> tuple[str, ...]:
        """``("kort",)`` for the short game, else ``()``."""
        return (VARIANT_SHORT,) if config.short_game else ()

    def new_state(
        self, config: TwaalfDagenConfig, num_players: int, log: EventLog | None = None
    ) -> TwaalfDagenState:
        """A new game waiting for the dealer draw."""
        return TwaalfDagenState(config, num_players, log)

    def sample_chance(self, state: TwaalfDagenState, rng: random.Random) -> Action:
        """Draw the dealer (game start) or shuffle and deal (start of a hand)."""
        if state.phase == PHASE_DEALER:
            return ChooseDealer(rng.randrange(state.num_players))
        if state.phase != PHASE_DEAL:
            raise ValueError("not a chance node")
        deck = list(state.deck)
        rng.shuffle(deck)
        size = state.hand_size
        return Deal(
            tuple(
                tuple(sorted(deck[seat * size : (seat + 1) * size]))
                for seat in range(state.num_players)
            )
        )

    def player_view(self, state: TwaalfDagenState, player: int) -> TwaalfDagenView:
        """The view policies get for ``player``."""
        return TwaalfDagenView(state, player)

    def encode_action(self, action: Action) -> JSON:
        """``"pass"``, ``"8 8"``, ``{"dealer": 2}`` or ``{"deal": [[...], ...]}``."""
        if isinstance(action, ChooseDealer):
            return {"dealer": action.dealer}
        if isinstance(action, Deal):
            return {"deal": [list(hand) for hand in action.hands]}
        return format_play(action)

    def decode_action(self, data: JSON) -> Action:
        """Inverse of :meth:`encode_action`."""
        if isinstance(data, str):
            return parse_play(data)
        if isinstance(data, dict):
            if set(data) == {"dealer"} and isinstance(data["dealer"], int):
                return ChooseDealer(data["dealer"])
            hands = data.get("deal")
            if set(data) == {"deal"} and isinstance(hands, list):
                out: list[tuple[int, ...]] = []
                for hand in hands:
                    if not isinstance(hand, list) or not all(isinstance(c, int) for c in hand):
                        raise ValueError(f"malformed deal: {data!r}")
                    out.append(tuple(c for c in hand if isinstance(c, int)))
                return Deal(tuple(out))
        raise ValueError(f"not a twaalf-dagen action: {data!r}")

    def metrics(self, state: TwaalfDagenState) -> dict[str, list[float]]:
        """Samples for simulation summaries of a finished game."""
        return {
            "hands_per_game": [float(state.hands_done)],
            "tricks_per_hand": [float(t) for t in state.tricks_per_hand],
            "gifts_per_winner": [float(state.gifts[w]) for w in state.winners],
            "actions_per_game": [float(len(state.history))],
        }


ENGINE = TwaalfDagenEngine()
