"""The twaalf-dagen rulebook examples, rendered from pinned engine traces.

Every example is a real game played by the engine, pinned in
``cardspecs/twaalf-dagen/examples/<example-id>.json`` by
:mod:`pnp.games.twaalf_dagen.example_finder`: the game record (every action,
chance included) up to and including the *focus* trick, the focus's hand and
trick numbers, the example's id, kind and Dutch title. :func:`rulebook_examples`
replays each record with the engine configured from the spec tables and turns
the event log of the focus trick into Dutch sentences through the phrase
templates in :data:`PHRASES` (the only place with Dutch prose). Each sentence
(:class:`~pnp.rulebook.example.Step`) shows the real cards it mentions and
carries a *claim*: one of the frozen dataclasses below, which the test suite
checks against the engine state, independently of the event log.

Players get Dutch first names instead of seat numbers: the leader of the focus
trick is Anna, then clockwise Bram, Cas, Daan, Eva, Fleur, Gijs and Hanna.

A **kept straight** (the worked example's voluntary pass) is defined precisely
as: the passer had at least one legal response, and there is a *straight* in
their hand -- a maximal run of at least :data:`MIN_STRAIGHT` consecutive
numbers, each held at least once -- such that every legal response would play
the last copy of some number of that run, so the run would fall apart
(:func:`kept_straight`).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from pnp.engine.core import JSON, TERMINAL, Event, EventLog, GameRecord
from pnp.engine.golden import format_json
from pnp.errors import PnpError
from pnp.games.twaalf_dagen.engine import (
    ENGINE,
    PASS,
    SET,
    SINGLE,
    STRAIGHT,
    Action,
    CardsReturned,
    GameEnded,
    GiftEarned,
    GiftGiven,
    GiftNotGiven,
    HandWon,
    Passed,
    Played,
    TrickWon,
    TwaalfDagenConfig,
    TwaalfDagenState,
    play_cards,
)
from pnp.games.twaalf_dagen.spec_config import config_from_spec
from pnp.rulebook.example import CardPicture, Example, Step
from pnp.spec.model import CardRow, GameSpec

EXAMPLES_FOLDER = "examples"
"""The folder of pinned example records inside the game's spec folder."""

MIN_STRAIGHT = 3
"""Shortest run of consecutive numbers that counts as a straight worth keeping."""

# ---------------------------------------------------------------------------
# The pinned examples, in rulebook order

KIND_TRICK = "trick"
KIND_TIE = "tie"
KIND_TAKE_BACK = "take-back"
KIND_GIFTS = "gifts"
KIND_GAME_END = "game-end"

KIND_RULES: Mapping[str, tuple[str, ...]] = {
    KIND_TRICK: ("TD-B2", "TD-B3", "TD-B4"),
    KIND_TIE: ("TD-B4",),
    KIND_TAKE_BACK: ("TD-B5",),
    KIND_GIFTS: ("TD-B5", "TD-B6"),
    KIND_GAME_END: ("TD-B6", "TD-B7", "TD-K1"),
}
"""The rule IDs each kind of example illustrates."""


@dataclass(frozen=True)
class PinnedCase:
    """An example the rulebook shows: its id (file name) and kind of situation."""

    id: str
    kind: str


PINNED_CASES: tuple[PinnedCase, ...] = (
    PinnedCase("slag-met-elven", KIND_TRICK),
    PinnedCase("gelijke-lage-kaart", KIND_TIE),
    PinnedCase("laatste-kaarten-terug", KIND_TAKE_BACK),
    PinnedCase("geschenken-na-een-hand", KIND_GIFTS),
    PinnedCase("einde-kort-spel", KIND_GAME_END),
)

# ---------------------------------------------------------------------------
# Dutch: names, number words and every phrase template

NAMES = ("Anna", "Bram", "Cas", "Daan", "Eva", "Fleur", "Gijs", "Hanna")
"""Player names, clockwise from the focus trick's leader."""

NUMBER_WORDS = (
    "nul",
    "één",
    "twee",
    "drie",
    "vier",
    "vijf",
    "zes",
    "zeven",
    "acht",
    "negen",
    "tien",
    "elf",
    "twaalf",
)
PLURAL_WORDS = (
    "",
    "enen",
    "tweeën",
    "drieën",
    "vieren",
    "vijven",
    "zessen",
    "zevens",
    "achten",
    "negens",
    "tienen",
    "elven",
    "twaalven",
)
ORDINAL_WORDS = (
    "",
    "eerste",
    "tweede",
    "derde",
    "vierde",
    "vijfde",
    "zesde",
    "zevende",
    "achtste",
    "negende",
    "tiende",
    "elfde",
    "twaalfde",
)

PHRASES: Mapping[str, str] = {
    # intro and outro
    "intro": "{players} spelers{variant}, {hand} hand, {trick} slag. {leader} komt uit. "
    "Zo zien de handen eruit — {hands}.",
    "intro_short": " (kort spel)",
    "intro_gifts": " Geschenken: {gifts}.",
    "outro_gifts": "Geschenken na deze hand: {gifts}.",
    # titles
    "title_trick": "Een slag met {lead}",
    "title_tie": "Twee keer dezelfde lage kaart",
    "title_take_back": "Laatste kaarten terug in de hand",
    "title_gifts": "Einde van een hand: geschenken",
    "title_game_end": "Het einde van een kort spel",
    # a player's choices
    "lead": "{name} komt uit met {cards}; de lage kaart is {low}.",
    "lead_single": "{name} komt uit met een losse kaart: {cards}.",
    "respond_lowest": "{name} reageert met {cards} en speelt daarmee de laagste kaart tot nu toe.",
    "respond_tie": "{name} reageert met {cards}: even laag als {other}.",
    "respond_higher": "{name} reageert met {cards}, maar {other} speelde al lager.",
    "last_cards": " Daarna heeft {name} geen kaarten meer.",
    "pass": "{name} past.",
    "cannot_single": "{name} heeft alleen kaarten hoger dan {low} en moet passen.",
    "cannot_set": "{name} heeft geen set van {low} of lager en moet passen.",
    "cannot_set_held": "{name} heeft wel {held}, maar die zijn hoger dan {low}: "
    "zonder set van {low} of lager moet {name} passen.",
    "cannot_straight": "{name} heeft geen reeks die bij {low} of lager begint en moet passen.",
    "cannot_straight_held": "{name} heeft wel {held}, maar die begint hoger dan {low}: "
    "{name} moet passen.",
    "keep_straight": "{name} zou {options} kunnen spelen, maar dan valt {straight} uit elkaar. "
    "{name} past en houdt de reeks heel.",
    # what the rules do by themselves
    "trick_won": "{name} speelde de laagste kaart, {low}, en wint de slag.",
    "trick_won_tie": "{others} en {name} speelden {all} {low}; {name} deed dat als laatste "
    "en wint de slag.",
    "trick_next": " {name} legt de gespeelde kaarten weg en komt uit in de volgende slag.",
    "trick_next_returned": " {name} legt de andere gespeelde kaarten weg en komt uit in de "
    "volgende slag.",
    "trick_last": " {name} heeft geen kaarten meer.",
    "takes_back": "{name} speelde de laatste kaarten maar won de slag niet, en neemt "
    "{cards} weer terug in de hand.",
    "takes_back_one": "{name} speelde de laatste kaart maar won de slag niet, en neemt "
    "{cards} weer terug in de hand.",
    "hand_won": "Daarmee wint {name} de hand. Over in de handen: {left}.",
    "gift_earned": "{name} pakt een geschenk uit de voorraad; daar liggen er nog {supply}.",
    "gift_earned_last": "{name} pakt het laatste geschenk uit de voorraad.",
    "gift_given": "{giver} houdt de meeste kaarten over ({count}) en geeft {receiver} "
    "een geschenk.",
    "gift_given_also": "Ook {giver} houdt {count} over en geeft {receiver} een geschenk.",
    "gift_not_given": "{giver} houdt de meeste kaarten over ({count}), maar heeft geen "
    "geschenk om te geven.",
    "gift_not_given_also": "Ook {giver} houdt {count} over, maar heeft geen geschenk om te geven.",
    "game_won": "Het spel is voorbij na {hands} handen. {name} heeft de meeste geschenken "
    "({gifts}) en wint.",
    "game_shared": "Het spel is voorbij na {hands} handen. {names} hebben elk {gifts} "
    "en winnen samen.",
}
"""Every Dutch phrase of the examples, one format string per kind of sentence."""


def number_word(number: int) -> str:
    """A number written out in Dutch ("één" ... "twaalf"), digits above twelve."""
    return NUMBER_WORDS[number] if 0 <= number < len(NUMBER_WORDS) else str(number)


def plural_word(number: int) -> str:
    """The plural of a card number as a noun: 8 -> "achten", 11 -> "elven"."""
    return PLURAL_WORDS[number] if 1 <= number < len(PLURAL_WORDS) else f"{number}'en"


def ordinal_word(number: int) -> str:
    """An ordinal in Dutch ("eerste" ... "twaalfde"), ``"<n>de"`` above twelve."""
    return ORDINAL_WORDS[number] if 1 <= number < len(ORDINAL_WORDS) else f"{number}de"


def a_card(number: int) -> str:
    """One card of a number: "een acht"."""
    return f"een {number_word(number)}"


def count_of(count: int, singular: str, plural: str) -> str:
    """ "één kaart", "zeven kaarten"."""
    return f"{number_word(count)} {singular if count == 1 else plural}"


def word_list(items: Sequence[str], last: str = "en") -> str:
    """ "a", "a en b", "a, b en c"."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def is_straight(cards: Sequence[int]) -> bool:
    """True for two or more consecutive numbers (a straight, not a set)."""
    return len(cards) > 1 and cards[0] != cards[-1]


def straight_text(cards: Sequence[int]) -> str:
    """ "de reeks drie-vier-vijf"."""
    return "de reeks " + "-".join(number_word(c) for c in cards)


def cards_text(cards: Sequence[int], card_names: Mapping[int, str] | None = None) -> str:
    """A combination in Dutch: "vier elven (Fluitspelers)", "een drie", "de reeks drie-vier".

    With ``card_names`` (number -> name from the spec table) sets and single
    cards also name the card.
    """
    if is_straight(cards):
        return straight_text(cards)
    number = cards[0]
    text = a_card(number) if len(cards) == 1 else f"{number_word(len(cards))} {plural_word(number)}"
    if card_names is not None and number in card_names:
        text += f" ({card_names[number]})"
    return text


def those_cards(cards: Sequence[int]) -> str:
    """Cards mentioned before: "die negen", "die twee vijven", "die reeks drie-vier"."""
    if is_straight(cards):
        return "die " + straight_text(cards).removeprefix("de ")
    if len(cards) == 1:
        return f"die {number_word(cards[0])}"
    return f"die {number_word(len(cards))} {plural_word(cards[0])}"


def example_title(kind: str, lead: Sequence[int]) -> str:
    """The Dutch title of an example of ``kind`` whose focus trick was led with ``lead``."""
    if kind == KIND_TRICK:
        return PHRASES["title_trick"].format(lead=cards_text(lead))
    key = {
        KIND_TIE: "title_tie",
        KIND_TAKE_BACK: "title_take_back",
        KIND_GIFTS: "title_gifts",
        KIND_GAME_END: "title_game_end",
    }[kind]
    return PHRASES[key]


# ---------------------------------------------------------------------------
# Straights kept by passing


def straights(hand: Sequence[int]) -> list[tuple[int, ...]]:
    """The maximal runs of at least :data:`MIN_STRAIGHT` consecutive numbers in ``hand``."""
    runs: list[tuple[int, ...]] = []
    run: list[int] = []
    for number in sorted(set(hand)):
        if run and number != run[-1] + 1:
            if len(run) >= MIN_STRAIGHT:
                runs.append(tuple(run))
            run = []
        run.append(number)
    if len(run) >= MIN_STRAIGHT:
        runs.append(tuple(run))
    return runs


def breaks_straight(hand: Sequence[int], cards: Sequence[int], straight: Sequence[int]) -> bool:
    """True if playing ``cards`` from ``hand`` leaves some number of ``straight`` missing."""
    return any(cards.count(number) >= hand.count(number) for number in straight)


def kept_straight(
    hand: Sequence[int], responses: Sequence[Sequence[int]]
) -> tuple[int, ...] | None:
    """The straight a pass keeps whole, or ``None``.

    ``responses`` are the cards of every legal non-pass response. A pass keeps
    a straight when there is at least one response and every response would
    break the same straight of ``hand`` (the lowest such straight is returned).
    """
    if not responses:
        return None
    for straight in straights(hand):
        if all(breaks_straight(hand, cards, straight) for cards in responses):
            return straight
    return None


# ---------------------------------------------------------------------------
# Claims: what each sentence states, checked by the tests


@dataclass(frozen=True)
class Leads:
    """Action ``at`` is ``seat`` leading ``cards``; ``last``: no cards left afterwards."""

    at: int
    seat: int
    name: str
    cards: tuple[int, ...]
    last: bool


@dataclass(frozen=True)
class Responds:
    """Action ``at`` is ``seat`` responding with ``cards`` (TD-B3).

    ``standing`` compares the response's low card with the lowest card played
    before it in the trick: ``"lowest"`` (lower), ``"tie"`` (equal, played by
    ``other``) or ``"higher"`` (``other`` played lower).
    """

    at: int
    seat: int
    name: str
    cards: tuple[int, ...]
    standing: str
    other: int | None
    other_name: str | None
    last: bool


@dataclass(frozen=True)
class Passes:
    """Action ``at`` is ``seat`` passing although a legal response existed."""

    at: int
    seat: int
    name: str


@dataclass(frozen=True)
class CannotRespond:
    """Action ``at``: ``seat`` has no legal response to a lead with low card ``low``.

    ``held``: cards of the lead's kind ``seat`` holds that are not low enough
    (a set or straight shown in the text; empty if none is mentioned).
    """

    at: int
    seat: int
    name: str
    low: int
    held: tuple[int, ...]


@dataclass(frozen=True)
class PassesToKeepStraight:
    """Action ``at``: ``seat`` passes; every legal response (``options``) breaks ``straight``."""

    at: int
    seat: int
    name: str
    straight: tuple[int, ...]
    options: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class WinsTrick:
    """The trick led at action ``first`` ends at action ``at``: ``seat`` wins it with ``low``.

    ``tie_with``: the seats that played ``low`` earlier in the trick (TD-B4);
    ``hand_ends``: the winner has no cards left, so the hand is over (TD-B5).
    """

    at: int
    first: int
    seat: int
    name: str
    low: int
    tie_with: tuple[int, ...]
    tie_names: tuple[str, ...]
    hand_ends: bool


@dataclass(frozen=True)
class TakesBack:
    """``seat`` played their last ``cards`` at ``played_at``, lost, and has them back after ``at``."""

    at: int
    played_at: int
    seat: int
    name: str
    cards: tuple[int, ...]


@dataclass(frozen=True)
class WinsHand:
    """After action ``at`` ``seat`` has won the hand; ``cards_left`` per seat (TD-B5)."""

    at: int
    seat: int
    name: str
    cards_left: tuple[int, ...]
    names: tuple[str, ...]


@dataclass(frozen=True)
class EarnsGift:
    """After action ``at`` ``seat`` took a gift from the supply; ``supply_left`` remain (TD-B6)."""

    at: int
    seat: int
    name: str
    supply_left: int


@dataclass(frozen=True)
class GivesGift:
    """After action ``at`` ``giver`` (most cards left: ``cards_left``) gave ``receiver`` a gift."""

    at: int
    giver: int
    giver_name: str
    receiver: int
    receiver_name: str
    cards_left: int


@dataclass(frozen=True)
class HasNoGiftToGive:
    """After action ``at`` ``seat`` had the most cards left (``cards_left``) but no gift."""

    at: int
    seat: int
    name: str
    cards_left: int


@dataclass(frozen=True)
class WinsGame:
    """After action ``at`` the game is over after ``hands`` hands; ``winners`` hold ``gifts``."""

    at: int
    winners: tuple[int, ...]
    names: tuple[str, ...]
    gifts: int
    hands: int


Claim = (
    Leads
    | Responds
    | Passes
    | CannotRespond
    | PassesToKeepStraight
    | WinsTrick
    | TakesBack
    | WinsHand
    | EarnsGift
    | GivesGift
    | HasNoGiftToGive
    | WinsGame
)

KIND_CLAIMS: Mapping[str, tuple[type, ...]] = {
    KIND_TRICK: (Leads, Responds, CannotRespond, PassesToKeepStraight, WinsTrick),
    KIND_TIE: (WinsTrick,),
    KIND_TAKE_BACK: (TakesBack,),
    KIND_GIFTS: (WinsHand, EarnsGift, GivesGift),
    KIND_GAME_END: (WinsHand, WinsGame),
}
"""Claims an example of each kind must make (the tie must also name a ``tie_with``)."""

# ---------------------------------------------------------------------------
# Walking a game trick by trick


class _RecentLog(EventLog):
    """An event log that keeps only the events of the latest action."""

    __slots__ = ("recent",)

    def __init__(self) -> None:
        super().__init__(True)
        self.recent: list[Event] = []

    def emit(self, event: Event) -> None:
        """Remember ``event`` as one of the latest action's events."""
        self.recent.append(event)


@dataclass(frozen=True)
class Moment:
    """One player action of a trick with what the acting seat faced before it."""

    index: int
    """Position of the action in the game's action list."""
    seat: int
    action: int
    legal: tuple[int, ...]
    hand: tuple[int, ...]
    """The acting seat's cards before the action."""
    best_low: int
    best_seat: int
    events: tuple[Event, ...]

    @property
    def cards(self) -> tuple[int, ...]:
        """The cards played (empty for a pass)."""
        return play_cards(self.action)

    @property
    def responses(self) -> tuple[tuple[int, ...], ...]:
        """The cards of every legal non-pass action."""
        return tuple(play_cards(a) for a in self.legal if a != PASS)


@dataclass(frozen=True)
class TrickTrace:
    """A finished trick: the position at its start and every action in it."""

    hand: int
    trick: int
    leader: int
    num_players: int
    start_hands: tuple[tuple[int, ...], ...]
    start_gifts: tuple[int, ...]
    end_gifts: tuple[int, ...]
    moments: tuple[Moment, ...]

    @property
    def first(self) -> int:
        """Index of the lead in the action list."""
        return self.moments[0].index

    @property
    def last(self) -> int:
        """Index of the action that ended the trick."""
        return self.moments[-1].index

    @property
    def lead(self) -> Moment:
        """The lead."""
        return self.moments[0]

    def events(self, kind: type[Event]) -> list[Event]:
        """The trick's events of one type, in order."""
        return [e for m in self.moments for e in m.events if isinstance(e, kind)]


def _moment(
    state: TwaalfDagenState, log: _RecentLog, index: int, action: int, legal: tuple[int, ...]
) -> Moment:
    """Push ``action`` and describe it with what the acting seat faced before it."""
    seat = state.to_move
    hand, best = state.hand_cards(seat), (state.best_low, state.best_seat)
    log.recent = []
    state.push(action)
    return Moment(index, seat, action, legal, hand, *best, tuple(log.recent))


def walk_tricks(
    config: TwaalfDagenConfig,
    num_players: int,
    actions: Sequence[Action],
    leads: Callable[[int], bool] | None = None,
) -> Iterator[TrickTrace]:
    """Replay ``actions`` and yield every finished trick; ``ValueError`` on an illegal action.

    With ``leads``, only tricks whose lead passes that test are traced and
    yielded (the others are only replayed, which is faster).
    """
    log = _RecentLog()
    state = ENGINE.new_state(config, num_players, log)
    moments: list[Moment] = []
    tracing = False
    start: tuple[tuple[tuple[int, ...], ...], tuple[int, ...], int, int] = ((), (), 0, 0)
    for index, action in enumerate(actions):
        seat = state.current_player()
        if seat == TERMINAL:
            raise ValueError(f"action {index} comes after the end of the game")
        legal = tuple(state.legal_actions())
        play = action if isinstance(action, int) and seat >= 0 else None
        if seat >= 0 and play not in legal:
            raise ValueError(f"action {index} is not legal for seat {seat}")
        if play is not None and state.is_leading:
            tracing = leads is None or leads(play)
            if tracing:
                hands = tuple(state.hand_cards(s) for s in range(num_players))
                start = (hands, tuple(state.gifts), state.hand_number, state.trick_number + 1)
        if play is None or not tracing:
            log.recent.clear()
            state.push(action)
            continue
        moments.append(_moment(state, log, index, play, legal))
        if any(isinstance(e, TrickWon) for e in moments[-1].events):
            hands, gifts, hand, trick = start
            leader = moments[0].seat
            trace_moments = tuple(moments)
            end_gifts = tuple(state.gifts)
            moments = []
            yield TrickTrace(
                hand, trick, leader, num_players, hands, gifts, end_gifts, trace_moments
            )


# ---------------------------------------------------------------------------
# Pinned records


@dataclass(frozen=True)
class Pinned:
    """A pinned example: the game record up to its focus trick, and what to show."""

    id: str
    title: str
    kind: str
    hand: int
    trick: int
    policies: tuple[str, ...]
    record: GameRecord

    def to_json(self) -> str:
        """The file's text: readable JSON ending with a newline."""
        data: dict[str, JSON] = {
            "id": self.id,
            "title": self.title,
            "kind": self.kind,
            "focus": {"hand": self.hand, "trick": self.trick},
            "policies": list(self.policies),
            **self.record.to_dict(),
        }
        return format_json(data) + "\n"

    @classmethod
    def from_json(cls, text: str) -> Pinned:
        """Read a pinned file's text; ``ValueError`` if it is malformed."""
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError("expected a JSON object")
        focus = data.get("focus")
        if not isinstance(focus, dict):
            raise ValueError("'focus' must be an object with 'hand' and 'trick'")
        policies = data.get("policies", [])
        if not isinstance(policies, list) or not all(isinstance(p, str) for p in policies):
            raise ValueError("'policies' must be a list of names")
        return cls(
            id=_text(data, "id"),
            title=_text(data, "title"),
            kind=_text(data, "kind"),
            hand=_whole(focus, "hand"),
            trick=_whole(focus, "trick"),
            policies=tuple(str(p) for p in policies),
            record=GameRecord.from_dict(data),
        )


def _text(data: Mapping[str, object], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value:
        raise ValueError(f"'{key}' must be a non-empty string")
    return value


def _whole(data: Mapping[str, object], key: str) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"focus '{key}' must be a whole number from 1")
    return value


def pinned_path(spec: GameSpec, example_id: str) -> Path:
    """Where the pinned record of ``example_id`` lives."""
    return spec.folder / EXAMPLES_FOLDER / f"{example_id}.json"


def focus_trace(pinned: Pinned, config: TwaalfDagenConfig) -> TrickTrace:
    """Replay ``pinned`` and return its focus trick, which must end the record.

    Raises ``ValueError`` when the record does not replay or its last action
    does not end the focus trick.
    """
    actions = [ENGINE.decode_action(a) for a in pinned.record.actions]
    found: TrickTrace | None = None
    for trace in walk_tricks(config, pinned.record.num_players, actions):
        if (trace.hand, trace.trick) == (pinned.hand, pinned.trick):
            found = trace
    if found is None:
        raise ValueError(f"hand {pinned.hand}, trick {pinned.trick} is not in the record")
    if found.last != len(actions) - 1:
        raise ValueError("the record does not end with the focus trick")
    return found


def load_pinned(spec: GameSpec, case: PinnedCase) -> tuple[Pinned, TrickTrace]:
    """Read and replay one pinned example; any problem is a :class:`PnpError` naming the file."""
    path = pinned_path(spec, case.id)
    rerun = "re-run python -m pnp.games.twaalf_dagen.example_finder --update"
    try:
        pinned = Pinned.from_json(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise PnpError.single(f"pinned example missing ({rerun})", path) from None
    except OSError as exc:
        raise PnpError.single(f"cannot read the pinned example: {exc.strerror}", path) from None
    except ValueError as exc:
        raise PnpError.single(f"not a pinned example record: {exc}", path) from None
    if (pinned.id, pinned.kind) != (case.id, case.kind):
        raise PnpError.single(f"expected example '{case.id}' of kind '{case.kind}'", path)
    if pinned.record.game_id != spec.id:
        raise PnpError.single(f"the record is a game of '{pinned.record.game_id}'", path)
    try:
        config = config_from_spec(spec, pinned.record.variants)
        trace = focus_trace(pinned, config)
    except (ValueError, KeyError, TypeError) as exc:
        raise PnpError.single(f"the pinned game no longer replays: {exc} ({rerun})", path) from None
    return pinned, trace


# ---------------------------------------------------------------------------
# Rendering: events -> Dutch steps


@dataclass(frozen=True)
class _Context:
    """What the phrase builders need besides the event."""

    names: tuple[str, ...]
    card_names: Mapping[int, str]
    card_rows: Mapping[int, str]
    gift_row: str
    trace: TrickTrace

    def pictures(self, cards: Sequence[int]) -> tuple[CardPicture, ...]:
        """Drawings of the deck cards ``cards``."""
        return tuple(CardPicture("deck", self.card_rows[c]) for c in cards)

    def gift(self) -> tuple[CardPicture, ...]:
        """Drawing of one gift card."""
        return (CardPicture("gifts", self.gift_row),)


def _played(ctx: _Context, moment: Moment, event: Played) -> Step:
    name = ctx.names[event.seat]
    cards = cards_text(event.cards, ctx.card_names)
    last = event.cards_left == 0
    claim: Claim
    if event.lead:
        key = "lead_single" if len(event.cards) == 1 else "lead"
        text = PHRASES[key].format(name=name, cards=cards, low=a_card(min(event.cards)))
        claim = Leads(moment.index, event.seat, name, event.cards, last)
    else:
        low, best = min(event.cards), moment.best_low
        standing = "lowest" if low < best else "tie" if low == best else "higher"
        other = None if standing == "lowest" else moment.best_seat
        other_name = None if other is None else ctx.names[other]
        text = PHRASES[f"respond_{standing}"].format(name=name, cards=cards, other=other_name)
        claim = Responds(
            moment.index, event.seat, name, event.cards, standing, other, other_name, last
        )
    if last:
        text += PHRASES["last_cards"].format(name=name)
    return Step(text, ctx.pictures(event.cards), claim=claim)


def _held_not_low_enough(hand: Sequence[int], kind: int) -> tuple[int, ...]:
    """The lowest set (for a set lead) or straight (straight lead) in ``hand``, else ()."""
    counts = Counter(hand)
    if kind == SET:
        sets = [n for n in sorted(counts) if counts[n] >= 2]
        return (sets[0],) * counts[sets[0]] if sets else ()
    if kind == STRAIGHT:
        for number in sorted(counts):
            if counts[number + 1]:
                end = number + 1
                while counts[end + 1]:
                    end += 1
                return tuple(range(number, end + 1))
    return ()


def _passed(ctx: _Context, moment: Moment, event: Passed) -> Step:
    name = ctx.names[event.seat]
    lead = ctx.trace.lead
    low, kind = min(lead.cards), _kind(lead.cards)
    if event.forced:
        held = () if kind == SINGLE else _held_not_low_enough(moment.hand, kind)
        key = {SINGLE: "cannot_single", SET: "cannot_set", STRAIGHT: "cannot_straight"}[kind]
        key += "_held" if held else ""
        held_text = cards_text(held, ctx.card_names) if held else ""
        text = PHRASES[key].format(name=name, low=number_word(low), held=held_text)
        return Step(text, claim=CannotRespond(moment.index, event.seat, name, low, held))
    straight = kept_straight(moment.hand, moment.responses)
    if straight is None:
        return Step(PHRASES["pass"].format(name=name), claim=Passes(moment.index, event.seat, name))
    options = moment.responses
    text = PHRASES["keep_straight"].format(
        name=name,
        options=word_list([cards_text(o) for o in options], "of"),
        straight=straight_text(straight),
    )
    claim = PassesToKeepStraight(moment.index, event.seat, name, straight, options)
    return Step(text, claim=claim)


def _kind(cards: Sequence[int]) -> int:
    if len(cards) == 1:
        return SINGLE
    return STRAIGHT if is_straight(cards) else SET


def _trick_won(ctx: _Context, moment: Moment, event: TrickWon) -> Step:
    name = ctx.names[event.seat]
    earlier = [
        m.seat
        for m in ctx.trace.moments
        if event.low in m.cards and m.index < _last_play(ctx, event)
    ]
    hand_ends = bool(ctx.trace.events(HandWon))
    if earlier:
        text = PHRASES["trick_won_tie"].format(
            others=word_list([ctx.names[s] for s in earlier]),
            name=name,
            all="allebei" if len(earlier) == 1 else "allemaal",
            low=a_card(event.low),
        )
    else:
        text = PHRASES["trick_won"].format(name=name, low=a_card(event.low))
    if hand_ends:
        text += PHRASES["trick_last"].format(name=name)
    elif ctx.trace.events(CardsReturned):
        text += PHRASES["trick_next_returned"].format(name=name)
    else:
        text += PHRASES["trick_next"].format(name=name)
    claim = WinsTrick(
        moment.index,
        ctx.trace.first,
        event.seat,
        name,
        event.low,
        tuple(earlier),
        tuple(ctx.names[s] for s in earlier),
        hand_ends,
    )
    return Step(text, automatic=True, claim=claim)


def _last_play(ctx: _Context, event: TrickWon) -> int:
    """Index of the winner's play in this trick."""
    return next(m.index for m in ctx.trace.moments if m.seat == event.seat and m.cards)


def _cards_returned(ctx: _Context, moment: Moment, event: CardsReturned) -> Step:
    name = ctx.names[event.seat]
    played_at = next(m.index for m in ctx.trace.moments if m.seat == event.seat)
    key = "takes_back_one" if len(event.cards) == 1 else "takes_back"
    text = PHRASES[key].format(name=name, cards=those_cards(event.cards))
    claim = TakesBack(moment.index, played_at, event.seat, name, event.cards)
    return Step(text, ctx.pictures(event.cards), automatic=True, claim=claim)


def _hand_won(ctx: _Context, moment: Moment, event: HandWon) -> Step:
    name = ctx.names[event.seat]
    n = len(event.cards_left)
    others = [(event.seat + k) % n for k in range(1, n)]
    left = word_list(
        [f"{ctx.names[s]} {count_of(event.cards_left[s], 'kaart', 'kaarten')}" for s in others]
    )
    claim = WinsHand(moment.index, event.seat, name, event.cards_left, ctx.names)
    return Step(PHRASES["hand_won"].format(name=name, left=left), automatic=True, claim=claim)


def _gift_earned(ctx: _Context, moment: Moment, event: GiftEarned) -> Step:
    name = ctx.names[event.seat]
    key = "gift_earned" if event.supply else "gift_earned_last"
    text = PHRASES[key].format(name=name, supply=number_word(event.supply))
    claim = EarnsGift(moment.index, event.seat, name, event.supply)
    return Step(text, ctx.gift(), automatic=True, claim=claim)


def _most_cards_before(moment: Moment, event: Event) -> bool:
    """True if another most-cards player was handled before ``event`` in this action."""
    for earlier in moment.events:
        if earlier is event:
            return False
        if isinstance(earlier, GiftGiven | GiftNotGiven):
            return True
    return False


def _gift_given(ctx: _Context, moment: Moment, event: GiftGiven) -> Step:
    key = "gift_given_also" if _most_cards_before(moment, event) else "gift_given"
    giver, receiver = ctx.names[event.giver], ctx.names[event.receiver]
    text = PHRASES[key].format(
        giver=giver, receiver=receiver, count=count_of(event.cards_left, "kaart", "kaarten")
    )
    claim = GivesGift(moment.index, event.giver, giver, event.receiver, receiver, event.cards_left)
    return Step(text, ctx.gift(), automatic=True, claim=claim)


def _gift_not_given(ctx: _Context, moment: Moment, event: GiftNotGiven) -> Step:
    key = "gift_not_given_also" if _most_cards_before(moment, event) else "gift_not_given"
    name = ctx.names[event.seat]
    text = PHRASES[key].format(giver=name, count=count_of(event.cards_left, "kaart", "kaarten"))
    claim = HasNoGiftToGive(moment.index, event.seat, name, event.cards_left)
    return Step(text, automatic=True, claim=claim)


def _game_ended(ctx: _Context, moment: Moment, event: GameEnded) -> Step:
    names = tuple(ctx.names[s] for s in event.winners)
    top = event.gifts[event.winners[0]]
    gifts = count_of(top, "geschenk", "geschenken")
    key = "game_won" if len(names) == 1 else "game_shared"
    text = PHRASES[key].format(
        hands=number_word(event.hands), name=names[0], names=word_list(names), gifts=gifts
    )
    claim = WinsGame(moment.index, event.winners, names, top, event.hands)
    return Step(text, automatic=True, claim=claim)


def _step(ctx: _Context, moment: Moment, event: Event) -> Step | None:
    """The sentence for one event of the focus trick (``None`` for events not shown)."""
    if isinstance(event, Played):
        return _played(ctx, moment, event)
    if isinstance(event, Passed):
        return _passed(ctx, moment, event)
    if isinstance(event, TrickWon):
        return _trick_won(ctx, moment, event)
    if isinstance(event, CardsReturned):
        return _cards_returned(ctx, moment, event)
    if isinstance(event, HandWon):
        return _hand_won(ctx, moment, event)
    if isinstance(event, GiftEarned):
        return _gift_earned(ctx, moment, event)
    if isinstance(event, GiftGiven):
        return _gift_given(ctx, moment, event)
    if isinstance(event, GiftNotGiven):
        return _gift_not_given(ctx, moment, event)
    if isinstance(event, GameEnded):
        return _game_ended(ctx, moment, event)
    return None


def _names(trace: TrickTrace) -> tuple[str, ...]:
    """Names by seat: the focus trick's leader is Anna, then clockwise."""
    n = trace.num_players
    return tuple(NAMES[(seat - trace.leader) % n] for seat in range(n))


def _seats_text(ctx: _Context, values: Sequence[str], separator: str) -> str:
    """ "Anna: 3 4; Bram: 5" in clockwise order from the leader."""
    n = ctx.trace.num_players
    seats = [(ctx.trace.leader + k) % n for k in range(n)]
    return separator.join(f"{ctx.names[s]}{values[s]}" for s in seats)


def _intro(ctx: _Context, pinned: Pinned) -> str:
    trace = ctx.trace
    hands = [": " + " ".join(map(str, cards)) for cards in trace.start_hands]
    text = PHRASES["intro"].format(
        players=number_word(trace.num_players).capitalize(),
        variant=PHRASES["intro_short"] if pinned.record.variants else "",
        hand=ordinal_word(trace.hand),
        trick=ordinal_word(trace.trick),
        leader=ctx.names[trace.leader],
        hands=_seats_text(ctx, hands, "; "),
    )
    if pinned.kind in (KIND_GIFTS, KIND_GAME_END):
        gifts = [f" {g}" for g in trace.start_gifts]
        text += PHRASES["intro_gifts"].format(gifts=_seats_text(ctx, gifts, ", "))
    return text


def _outro(ctx: _Context, pinned: Pinned) -> str:
    if pinned.kind != KIND_GIFTS:
        return ""
    gifts = [f" {g}" for g in ctx.trace.end_gifts]
    return PHRASES["outro_gifts"].format(gifts=_seats_text(ctx, gifts, ", "))


def _context(spec: GameSpec, trace: TrickTrace) -> _Context:
    rows: dict[int, CardRow] = {}
    for row in spec.component("deck").rows:
        rows.setdefault(row.number("number"), row)
    return _Context(
        names=_names(trace),
        card_names={n: row.text("name") for n, row in rows.items()},
        card_rows={n: row.id for n, row in rows.items()},
        gift_row=spec.component("gifts").rows[0].id,
        trace=trace,
    )


def _steps(ctx: _Context) -> tuple[Step, ...]:
    steps = (_step(ctx, moment, event) for moment in ctx.trace.moments for event in moment.events)
    return tuple(step for step in steps if step is not None)


def _check_kind(pinned: Pinned, steps: Sequence[Step], path: Path) -> None:
    """The example must still show its situation (engine or policy changes could lose it)."""
    claims = [step.claim for step in steps]
    missing = [
        t.__name__ for t in KIND_CLAIMS[pinned.kind] if not any(isinstance(c, t) for c in claims)
    ]
    if pinned.kind == KIND_TIE and not any(isinstance(c, WinsTrick) and c.tie_with for c in claims):
        missing.append("a tie on the lowest card")
    if missing:
        raise PnpError.single(
            f"the pinned game no longer shows a '{pinned.kind}' example (missing: "
            f"{', '.join(missing)}); re-run python -m pnp.games.twaalf_dagen.example_finder --update",
            path,
        )


def render_example(spec: GameSpec, pinned: Pinned, trace: TrickTrace) -> Example:
    """Turn a replayed pinned example into the rulebook's :class:`Example`."""
    ctx = _context(spec, trace)
    steps = _steps(ctx)
    _check_kind(pinned, steps, pinned_path(spec, pinned.id))
    seed = "-" if pinned.record.seed is None else str(pinned.record.seed)
    return Example(
        id=pinned.id,
        title=pinned.title,
        intro=_intro(ctx, pinned),
        source=f"{EXAMPLES_FOLDER}/{pinned.id}.json · seed {seed} · "
        f"hand {trace.hand}, slag {trace.trick}",
        steps=steps,
        rules=KIND_RULES[pinned.kind],
        variants=pinned.record.variants,
        outro=_outro(ctx, pinned),
    )


def rulebook_examples(spec: GameSpec, variants: tuple[str, ...]) -> list[Example]:
    """The examples for a kit with ``variants``, replayed from the pinned records.

    Every pinned file is read and replayed (a missing, corrupt or no longer
    replaying file is a :class:`PnpError` naming it); only examples whose
    variants are all chosen are returned, in rulebook order.
    """
    examples = []
    for case in PINNED_CASES:
        pinned, trace = load_pinned(spec, case)
        try:
            example = render_example(spec, pinned, trace)
        except (KeyError, IndexError) as exc:
            message = f"a card of this example has no row in the spec tables ({exc})"
            raise PnpError.single(message, pinned_path(spec, case.id)) from None
        if set(example.variants) <= set(variants):
            examples.append(example)
    return examples
