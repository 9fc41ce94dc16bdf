"""The sentences of a Sinterklaas example: one step per reveal, turn, action card, strike,
combination and round end of the focus round; with the variants also per limit named and
hand kept or laid away (SK-V3), exchange (SK-V2), chocolademunt choice, stake and draw
(SK-V4), bid out of reach (SK-V1) and first stop (SK-W5).

Each handler of :data:`HANDLERS` tells one engine event with a phrase of
``cardspecs/sinterklaas/rulebook/voorbeelden.toml`` (or a case of it: ``reaches_limit``,
``effect_draw``), filled from the event's fields, with the drawings of the cards it names.
Its claim (:class:`~pnp.story.told.Happened`) is that the record's action caused that very
event; what the sentence says beyond it comes from the functions of :data:`FACTS`, which the
claim check calls again on a fresh replay: the Sint, a hand or a bid, the cards of a turn,
the others' highest bid when it began, the Handregel's limit, and every best combination
from the rules' own :func:`~pnp.games.sinterklaas.rules.scoring.combination_of`.

A turn is told when it ends, so the telling collects the cards laid until then and the
action card just bid; an action card, a chocolademunt or an exchange is told at once, so it
must come before the turn's other cards. An event no sentence can tell (an all-in, a tied
round, an action card without a sentence, ...) is noted as a problem of the :class:`RoundTelling`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from pnp.engine.core import Event, GameRecord
from pnp.example_model import CardPicture, Step
from pnp.games.sinterklaas.kit.spec_config import config_from_spec
from pnp.games.sinterklaas.rules import actions as act
from pnp.games.sinterklaas.rules import events as ev
from pnp.games.sinterklaas.rules import scoring as rules_scoring
from pnp.games.sinterklaas.rules.actions import Action
from pnp.games.sinterklaas.rules.cards import (
    COLOURS,
    CardTable,
    card_name,
    card_names,
    card_table,
    parse_card,
)
from pnp.games.sinterklaas.rules.combinations import (
    KIND_NAMES,
    Combination,
    best_combination,
    combo_key,
)
from pnp.games.sinterklaas.rules.config import SinterklaasConfig
from pnp.games.sinterklaas.rules.engine import ENGINE
from pnp.games.sinterklaas.rules.scoring import combination_of, scoring_cards
from pnp.games.sinterklaas.rules.state import SinterklaasState
from pnp.games.sinterklaas.rules.turns import can_add, highest_of_others
from pnp.games.sinterklaas.story.trace import Play, Round, Table
from pnp.language import Language
from pnp.spec.model import GameSpec
from pnp.story import Handlers, Phrases, Scene, on
from pnp.story.claims import Cursor
from pnp.story.told import Fact, Facts, Happened
from pnp.story.told import Telling as EventTelling

KIND_IDS = {name: kind for kind, name in KIND_NAMES.items()}
"""A combination's kind by its name in the events (``number`` ...)."""

SUPPORTED_ACTIONS = ("schoenpiet", "wisselpiet", "amerigo", "stafpiet")
"""The action cards whose effects the examples can tell."""

CHECK, CALL, RAISE, STOP, AT_LIMIT = "check", "call", "raise", "stop", "limit"
"""How a bidding turn ends: go along without laying a card, lay cards to match, raise, stop,
or stay in at the Handregel's limit below the highest bid (SK-B4, SK-V3)."""

BY_COUNT, BY_KIND, BY_TOTAL, ONLY_ONE, BY_BID = "count", "kind", "total", "only", "bid"
"""Why a showdown is won (SK-B7), the case of its ``wins_*`` phrase: more cards; equal count
but a better kind; equal count and kind but a higher total; the only combination worth
anything (Pietje Precies); or, with the Remiseregel, equally strong combinations and the
larger bid (SK-V5)."""

Cards = tuple[str, ...]
Moved = tuple[Cards, Cards, Cards, Cards]
"""What an action card moved: into and out of the hand, into and out of the Pakjeskamer."""

UNDO = {"effect_draw": "undo_draw", "effect_swap": "undo_swap", "effect_reveal": "undo_reveal"}
"""The phrase of "without it", by the phrase of what the action card did."""


# ---------------------------------------------------------------------------
# The facts: the game's functions of a state whose values the sentences state


def sint(state: SinterklaasState) -> int:
    """The Sint: who holds the (Small) Sint card."""
    return state.sint


def big_sint(state: SinterklaasState) -> int:
    """Who holds the Big Sint card (-1: nobody, SK-W1)."""
    return state.big_sint


def hand(state: SinterklaasState, seat: int) -> Cards:
    """``seat``'s hand cards."""
    return card_names(state.hands[seat])


def bid(state: SinterklaasState, seat: int) -> Cards:
    """``seat``'s bid, in the order it was laid."""
    return card_names(state.bid_cards(seat))


def room(state: SinterklaasState) -> Cards:
    """The Pakjeskamer, in the order its cards were turned."""
    return card_names(state.room)


def limit(state: SinterklaasState) -> int:
    """The least hand the Sint named this round, 0 for none (SK-V3)."""
    return state.limit


def laid(state: SinterklaasState, first: int) -> Cards:
    """The cards laid on a bid (added, or hidden face down, SK-P4) by the record's actions from
    ``first`` on: the cards of a turn that began there, in order (SK-B4)."""
    kinds = (act.ADD_KIND, act.HIDE_KIND)
    return tuple(
        card_name(act.move_a(a))
        for a in state.history[first:]
        if isinstance(a, int) and act.move_kind(a) in kinds
    )


def highest_before(state: SinterklaasState, first: int, seat: int) -> int:
    """The rules' :func:`~pnp.games.sinterklaas.rules.turns.highest_of_others` for ``seat``
    before the record's action ``first`` (a turn's first): the state goes back there (undo)
    and forward again, unchanged."""
    later = state.history[first:]
    for _ in later:
        state.pop()
    try:
        return highest_of_others(state, seat)
    finally:
        for action in later:
            state.push(action)


def scoring(state: SinterklaasState, seat: int) -> Cards:
    """``seat``'s scoring cards now (:func:`~pnp.games.sinterklaas.rules.scoring.scoring_cards`:
    hand and Pakjeskamer, without the cards struck)."""
    return card_names(scoring_cards(state, seat))


def combination(state: SinterklaasState, cards: Cards) -> Combination:
    """The best combination of ``cards`` under the game's rules (SK-B7, SK-P1, SK-P2): the
    rules' own :func:`~pnp.games.sinterklaas.rules.scoring.combination_of`."""
    return combination_of(state, [parse_card(c) for c in cards])


def undone(state: SinterklaasState, seat: int, mover: int, moved: Moved) -> Combination:
    """``seat``'s best combination of hand and Pakjeskamer (the rules'
    :func:`~pnp.games.sinterklaas.rules.scoring.combination_of`) had ``mover``'s action card
    not moved ``moved`` (SK-A1)."""
    into_hand, out_of_hand, into_room, out_of_room = moved
    cards = list(hand(state, seat))
    if seat == mover:
        cards = _without(cards, into_hand, out_of_hand)
    return combination(state, (*cards, *_without(room(state), into_room, out_of_room)))


def joins(state: SinterklaasState) -> bool:
    """The stake about to be picked follows another player's "meer inzet": the last move was
    to join it (SK-V4)."""
    return bool(state.history) and state.history[-1] == act.JOIN


def surprise_cards(state: SinterklaasState) -> Cards:
    """The face-up bid cards with the surprise symbol, seat by seat (the rules' own
    :func:`~pnp.games.sinterklaas.rules.scoring.surprise_cards`, SK-S1)."""
    entries = [e for bid in state.bids for e in bid]
    return tuple(card_name(card) for card in rules_scoring.surprise_cards(state.table, entries))


FACTS: Facts[SinterklaasState] = Facts(
    sint,
    big_sint,
    hand,
    bid,
    room,
    limit,
    can_add,
    laid,
    highest_before,
    scoring,
    combination,
    undone,
    joins,
    surprise_cards,
)
"""The functions whose values the sentences state beyond their events."""


def _without(cards: Sequence[str], out: Sequence[str], back: Sequence[str]) -> list[str]:
    """``cards`` without ``out`` (where present) and with ``back``."""
    rest = list(cards)
    for card in out:
        if card in rest:
            rest.remove(card)
    return [*rest, *back]


# ---------------------------------------------------------------------------
# The telling


@dataclass(frozen=True)
class BigOpeningDone(Event):
    """Where the Big Sint's opening bid is told: before the events of the ``done`` that ends
    it (SK-W3). Not an engine event: the sentence claims the last card of the opening."""


@dataclass(frozen=True)
class Effect:
    """What the last action card that worked did: its phrase, bidder, card and moves."""

    key: str
    seat: int
    card: str
    moved: Moved


@dataclass
class RoundTelling:
    """One example being told: names, card texts and drawings, the facts of its record, and
    the turn being collected."""

    spec: GameSpec
    kind: str
    variants: tuple[str, ...]
    segment: Round
    phrases: Phrases
    replay: Cursor[SinterklaasConfig, SinterklaasState, Action]
    turn: int | None = None
    """The open turn's first action (a card bid or an exchange)."""
    earlier: list[str] = field(default_factory=list)
    """The action and coin cards the open turn bid (told by their own sentences)."""
    cards: list[str] = field(default_factory=list)
    """The open turn's other cards."""
    action: tuple[int, int, str] | None = None
    """The action card just bid: (action index, seat, card)."""
    effect: Effect | None = None
    struck: dict[int, str] = field(default_factory=dict)
    limit: int = 0
    """The minimum hand the Sint named this round (SK-V3)."""
    coin: tuple[int, str, bool] | None = None
    """The coin card just bid: (seat, card, swapped in) (SK-V2, SK-V4)."""
    kept_any: bool = False
    """A keep-or-discard choice has been told (SK-V3)."""
    at_limit: bool = False
    """A player reaching the limit has been told (SK-V3)."""
    declined: bool = False
    """A player not following a "meer inzet" has been told (SK-V4)."""
    spoiled: bool = False
    """Cards spoilt by one card have been told (SK-P1)."""
    problems: list[str] = field(default_factory=list)
    """What no sentence can tell."""
    names: tuple[str, ...] = field(init=False)
    """The players' names by seat, from the Sint of the round on."""
    config: SinterklaasConfig = field(init=False)
    table: CardTable = field(init=False)
    pictures_of: dict[str, CardPicture] = field(init=False)
    action_names: dict[str, str] = field(init=False)
    told: EventTelling[SinterklaasState] = field(init=False)

    def __post_init__(self) -> None:
        self.config = self.replay.config
        self.table = card_table(self.config.kinds)
        self.names = self.phrases.names_from(self.segment.start.sint, len(self.segment.start.hands))
        rows = [
            (x, row)
            for x in ("deck", "acties", "pietje-precies")
            for row in self.spec.component(x).rows
        ]
        self.pictures_of = {row.id: CardPicture(x, row.id) for x, row in rows}
        self.action_names = {row.id: row.text("name") for x, row in rows if x != "deck"}
        self.told = EventTelling(self.replay, FACTS)

    @staticmethod
    def of(scene: Scene[Action, Table, Table]) -> RoundTelling:
        """The telling of a pinned example."""
        config = config_from_spec(scene.spec, scene.variants)
        replay = Cursor(ENGINE, config, scene.pinned.record)
        return RoundTelling(
            scene.spec, scene.kind, scene.variants, scene.segment, scene.phrases, replay
        )

    @staticmethod
    def searching(
        spec: GameSpec, kind: str, rules: tuple[str, ...], segment: Round, phrases: Phrases
    ) -> RoundTelling:
        """The telling of a round of a searched game (its moves up to the round's end)."""
        moves = (*segment.start.played, *(m.action for m in segment.moments))
        record = GameRecord(spec.id, rules, len(segment.start.hands), None, ())
        replay = Cursor(ENGINE, config_from_spec(spec, rules), record, moves)
        return RoundTelling(spec, kind, rules, segment, phrases, replay)

    @property
    def language(self) -> Language:
        """The language the example is told in."""
        return self.phrases.language

    def say(self, key: str, **fields: object) -> str:
        """The phrase ``key``."""
        return self.phrases.say(key, **fields)

    def count(self, noun: str, count: int) -> str:
        """ "drie kaarten"."""
        return self.phrases.count(noun, count)

    def text(self, card: str) -> str:
        """A card without article ("rode 5", "Schoenpiet")."""
        if card in self.action_names:
            return self.action_names[card]
        colour, _, number = card.rpartition("-")
        return self.say("card", colour=self.say(f"colour_{colour}"), number=number)

    def the(self, cards: Sequence[str]) -> str:
        """Cards with articles ("de rode 5 en de gele 8")."""
        return self.phrases.language.join_words(
            [self.say("the_card", card=self.text(card)) for card in cards]
        )

    def listed(self, cards: Sequence[int]) -> str:
        """Cards for an overview: "rode 5, gele 8, Schoenpiet" (a dash for none)."""
        return ", ".join(self.text(card_name(card)) for card in cards) or "-"

    def pictures(self, cards: Sequence[str]) -> tuple[CardPicture, ...]:
        """Drawings of ``cards``."""
        return tuple(self.pictures_of[card] for card in cards)

    def sint_card(self, big: bool = False) -> CardPicture:
        """The drawing of the (Small, or Big) Sint card."""
        component = "grote-sint" if big else "sint"
        return CardPicture(component, self.spec.component(component).rows[0].id)

    def best(self, cards: Sequence[str]) -> Combination:
        """The best combination of ``cards`` (for choosing what to tell; a sentence states
        it as the fact :func:`combination`)."""
        codes = [parse_card(card) for card in cards]
        colours = [self.table.colour[x] for x in codes]
        numbers = [self.table.number[x] for x in codes]
        return best_combination(colours, numbers, self.config.precise)

    def happened(self, moment: Play | int, event: Event, key: str, *facts: Fact) -> Happened:
        """The claim that ``moment``'s action (or action ``moment``) caused ``event``."""
        at = moment if isinstance(moment, int) else moment.index
        return self.told.happened(at, event, key, *facts)


def turn_outcome(event: ev.WentAlong | ev.Stopped, cards: Cards, highest: int) -> str:
    """How a turn ended (SK-B4, SK-V3): a stop, a stay at the limit, a check without cards, a
    raise above the others' ``highest`` bid when it began, or a call."""
    if isinstance(event, ev.Stopped):
        return STOP
    if event.capped:
        return AT_LIMIT
    return CHECK if not cards else RAISE if event.bid > highest else CALL


def combination_cards(table: CardTable, shown: ev.CombinationShown) -> Cards:
    """The cards of a shown combination, from its scoring cards and its kind and value."""
    colour, number = table.colour, table.number
    if shown.kind == "colour":
        wanted = COLOURS.index(shown.value)
        return tuple(x for x in shown.cards if colour[parse_card(x)] == wanted)
    if shown.kind == "number":
        return tuple(x for x in shown.cards if number[parse_card(x)] == int(shown.value))
    if shown.kind == "straight":
        return tuple(sorted(shown.cards, key=lambda x: number[parse_card(x)]))
    return ()


def shown_as(found: Combination, seat: int) -> ev.CombinationShown:
    """A combination as the event that would show it (for its words)."""
    kind = KIND_NAMES[found.kind]
    value = COLOURS[found.value] if kind == "colour" else str(found.value)
    return ev.CombinationShown(seat, kind, value, found.count, found.total, ())


def moved_by(event: Event) -> Moved:
    """What an action card's effect moved (Schoenpiet draws, Wisselpiet swaps, Amerigo
    reveals, Stafpiet moves no card)."""
    if isinstance(event, ev.CardsDrawn):
        return event.cards, (), (), ()
    if isinstance(event, ev.RoomSwapped):
        given, taken = (event.hand_card,), (event.room_card,)
        return taken, given, given, taken
    if isinstance(event, ev.CardRevealed):
        return (), (), (event.card,), ()
    return (), (), (), ()


# ---------------------------------------------------------------------------
# The handlers


def _untellable(ctx: RoundTelling, moment: Play, event: Event) -> None:
    """Any other event: a lap starting or the round ending needs no sentence of its own; no
    sentence can tell the rest (an all-in, a tied round, a Big Sint who cannot double, ...)."""
    if not isinstance(event, ev.LapStarted | ev.RoundEnded):
        ctx.problems.append(event.event_type)


def _triggered(ctx: RoundTelling, moment: Play, event: ev.ActionTriggered) -> None:
    """An action card works: told with its effect, if the examples can tell that."""
    if event.card not in SUPPORTED_ACTIONS:
        ctx.problems.append(f"{event.event_type} {event.card}")


def _reveal(ctx: RoundTelling, moment: Play, event: ev.CardRevealed) -> Step | None:
    """The Sint turns a card into the Pakjeskamer (SK-B4); at lap 0 an Amerigo's extra card."""
    if event.lap == 0:
        return _effect(ctx, moment, event)
    seat, said = ctx.told.fact(moment.index, sint)
    key = "reveal_first" if len(event.room) == 1 else "reveal"
    text = ctx.say(
        key,
        sint=ctx.names[seat],
        card=ctx.text(event.card),
        ordinal=ctx.language.ordinal_word(len(event.room)),
        room=ctx.the(event.room),
    )
    claim = ctx.happened(moment, event, key, said)
    return Step(text, ctx.pictures((event.card,)), automatic=True, claim=claim)


def _card_bid(ctx: RoundTelling, moment: Play, event: ev.CardBid) -> Step | None:
    """The Small Sint's opening card (SK-W2); any other card is told with its turn."""
    if event.opening and not event.big:
        name, at = ctx.names[event.seat], moment.index
        (_, small), (_, empty) = ctx.told.fact(at, sint), ctx.told.fact(at, room)
        text = ctx.say("opens_small", name=name, card=ctx.text(event.card))
        claim = ctx.happened(moment, event, "opens_small", small, empty)
        return Step(text, ctx.pictures((event.card,)), claim=claim)
    if event.opening:
        return None
    if ctx.turn is None:
        ctx.turn = moment.index
    if moment.has(ev.ActionTriggered):
        if ctx.cards:  # told before the turn's other cards, it must come before them
            ctx.problems.append(f"{event.event_type} {event.card} after other cards")
        ctx.earlier.append(event.card)
        ctx.action = (moment.index, event.seat, event.card)
    elif ctx.config.coin_rule and not event.face_down and ctx.table.coin[parse_card(event.card)]:
        if ctx.cards:  # told before the turn's other cards, it must come before them
            ctx.problems.append(f"{event.event_type} {event.card} after other cards")
        ctx.earlier.append(event.card)  # told with the choice it asks for (SK-V4)
        ctx.coin = (event.seat, event.card, False)
    else:
        ctx.cards.append(event.card)
    return None


def _effect(ctx: RoundTelling, moment: Play, event: Event) -> Step | None:
    """What an action card in the bid does at once (SK-A1): draw, swap, reveal, take the Sint."""
    if isinstance(event, ev.SintChanged) and event.reason != "stafpiet":
        return _first_stop(ctx, moment, event) if event.reason == "first-stop" else None
    if isinstance(event, ev.CardsDrawn) and event.reason == "more-cards":
        return _extra_draw(ctx, moment, event)
    if isinstance(event, ev.CardsDrawn) and event.reason != "schoenpiet":
        ctx.problems.append(f"{event.event_type} {event.reason}")
        return None
    if ctx.action is None:
        ctx.problems.append(f"{event.event_type} without an action card")
        return None
    bid_at, seat, _ = ctx.action
    # the bid ends with the action card: right after it (Stafpiet works within the bid)
    cards, bid_fact = ctx.told.fact(moment.index, bid, seat, after=moment.index == bid_at)
    card, name = cards[-1], ctx.names[seat]
    if isinstance(event, ev.CardsDrawn):
        key = "effect_draw"
        said = ctx.say(key, name=name, cards=ctx.the(event.cards))
    elif isinstance(event, ev.RoomSwapped):
        key, given, taken = "effect_swap", event.hand_card, event.room_card
        said = ctx.say(key, name=name, given=ctx.text(given), taken=ctx.text(taken))
    elif isinstance(event, ev.CardRevealed):
        key = "effect_reveal"
        said = ctx.say(key, card=ctx.text(event.card), room=ctx.the(event.room))
    else:
        assert isinstance(event, ev.SintChanged)
        previous = ctx.names[event.previous]
        # with Wie kent hem niet? the real Sint holds the Kleine Sint (SK-W1, SK-W4)
        key = "effect_sint_small" if ctx.config.big_sint else "effect_sint"
        said = ctx.say(key, name=name, previous=previous)
        node = moment.before.node
        if (node[1] if len(node) > 1 else 0) < ctx.config.reveals:
            said += ctx.say("effect_sint_next", name=name)
    moved = moved_by(event)
    ctx.effect, ctx.action = Effect(key, seat, card, moved), None
    into_hand, _, into_room, _ = moved
    pictures = ctx.pictures((card, *(into_hand or into_room)))
    pictures += (ctx.sint_card(),) if isinstance(event, ev.SintChanged) else ()
    text = ctx.say("action", name=name, action=ctx.text(card), effect=said)
    return Step(text, pictures, claim=ctx.happened(moment, event, key, bid_fact))


def _turn_end(ctx: RoundTelling, moment: Play, event: ev.WentAlong | ev.Stopped) -> Step:
    """A finished bidding turn (SK-B4): a stop, a check without cards, a raise or a call; at
    the Handregel's limit a stay below the highest bid (SK-V3)."""
    seat, at, earlier = event.seat, moment.index, len(ctx.earlier)
    first = at if ctx.turn is None else ctx.turn
    told = [*ctx.earlier, *ctx.cards]
    ctx.turn, ctx.earlier, ctx.cards = None, [], []
    turn_cards, laid_fact = ctx.told.fact(at, laid, first)
    if list(turn_cards) != told:
        ctx.problems.append(f"a turn of {turn_cards} told as {told}")
    facts, highest = [laid_fact], 0
    if isinstance(event, ev.WentAlong) and not event.capped and turn_cards:
        highest, highest_fact = ctx.told.fact(at, highest_before, first, seat)
        facts.append(highest_fact)
    outcome, cards = turn_outcome(event, turn_cards, highest), turn_cards[earlier:]
    if outcome == AT_LIMIT:
        return _at_limit(ctx, moment, event, cards, laid_fact)
    name, bid_text = ctx.names[seat], ctx.count("kaart", event.bid)
    tail = ""
    if isinstance(event, ev.Stopped):
        key = "stop_empty" if event.bid == 0 else "stop_one" if event.bid == 1 else "stop"
    elif outcome == CHECK:
        key = "check_empty" if event.bid == 0 else "check"
    else:  # a call or a raise: "lays ... and raises", or "with that, ... raises"
        key = "lay_none" if not cards else "lay_more" if earlier else "lay"
        inverted = "" if cards else "_inverted"
        tail = ctx.say(f"tail_{outcome}{inverted}", name=name, bid=bid_text)
    kept = event.hand if isinstance(event, ev.Stopped) else 0
    text = ctx.say(
        key,
        name=name,
        kept=ctx.count("handkaart", kept),
        bid=bid_text,
        cards=ctx.the(cards),
        tail=tail,
    )
    kept_now = len(moment.before.hands[seat])
    if outcome != STOP and cards and ctx.limit and kept_now == ctx.limit:  # SK-V3: no more
        key = "reaches_limit_again" if ctx.at_limit else "reaches_limit"
        held, held_fact = ctx.told.fact(at, hand, seat)
        facts += [held_fact, ctx.told.fact(at, limit)[1], ctx.told.fact(at, can_add, seat)[1]]
        text += ctx.say(key, name=name, kept=ctx.count("handkaart", len(held)))
        ctx.at_limit = True
    return Step(text, ctx.pictures(cards), claim=ctx.happened(moment, event, key, *facts))


def _at_limit(
    ctx: RoundTelling, moment: Play, event: ev.WentAlong | ev.Stopped, cards: Cards, laid_fact: Fact
) -> Step:
    """SK-V3: a player at the round's limit need not stop: they stay in with a bid below the
    highest."""
    assert isinstance(event, ev.WentAlong)
    seat, name, at = event.seat, ctx.names[event.seat], moment.index
    held, held_fact = ctx.told.fact(at, hand, seat)
    _, limit_fact = ctx.told.fact(at, limit)
    _, adding = ctx.told.fact(at, can_add, seat)
    key = "at_limit_lay" if cards else "at_limit"
    text = ctx.say(
        key,
        name=name,
        cards=ctx.the(cards),
        kept=ctx.count("handkaart", len(held)),
        bid=ctx.count("kaart", event.bid),
        over=ctx.language.number_word(event.highest),
    )
    claim = ctx.happened(moment, event, key, laid_fact, held_fact, limit_fact, adding)
    return Step(text, ctx.pictures(cards), claim=claim)


def _cannot_match(ctx: RoundTelling, moment: Play, event: ev.CannotMatch) -> Step:
    """SK-V1: a player whose cards cannot reach the highest bid says so as the turn begins."""
    name = ctx.names[event.seat]
    text = ctx.say(
        "cannot_match",
        name=name,
        high=ctx.count("kaart", event.highest),
        reach=ctx.count("kaart", event.reach),
    )
    return Step(text, (), claim=ctx.happened(moment, event, "cannot_match"))


def _overbid(ctx: RoundTelling, moment: Play, event: ev.Overbid) -> Step:
    """SK-V1: a bid that nobody else can reach puts its player out of the round at once."""
    text = ctx.say("overbid", name=ctx.names[event.seat], bid=ctx.count("kaart", event.bid))
    return Step(text, (), automatic=True, claim=ctx.happened(moment, event, "overbid"))


def _limit(ctx: RoundTelling, moment: Play, event: ev.LimitNamed) -> Step:
    """SK-V3: the Sint names the round's minimum hand before anything is bid or revealed."""
    ctx.limit, name = event.minimum, ctx.names[event.seat]
    _, said = ctx.told.fact(moment.index, sint)
    if event.minimum:
        key = "limit_named"
        text = ctx.say(key, sint=name, count=ctx.count("handkaart", event.minimum))
    else:
        key = "limit_none"
        text = ctx.say(key, sint=name)
    return Step(text, (), claim=ctx.happened(moment, event, key, said))


def _keeps(ctx: RoundTelling, moment: Play, event: ev.HandKept | ev.HandDiscarded) -> Step:
    """SK-V3: after the round a player keeps the hand, or throws it all away."""
    seat, name = event.seat, ctx.names[event.seat]
    cards, held = ctx.told.fact(moment.index, hand, seat)
    key = "keeps_hand" if isinstance(event, ev.HandKept) else "discards_hand"
    intro = "" if ctx.kept_any else ctx.say("keep_intro")
    ctx.kept_any = True
    text = intro + ctx.say(key, name=name, cards=ctx.the(cards))
    return Step(text, ctx.pictures(cards), claim=ctx.happened(moment, event, key, held))


def _exchanged(ctx: RoundTelling, moment: Play, event: ev.CardsSwapped) -> Step:
    """SK-V2: in a bidding turn a bid card goes back into the hand for a hand card."""
    seat, name = event.seat, ctx.names[event.seat]
    if ctx.turn is None:
        ctx.turn = moment.index
    if ctx.cards:  # told before the turn's laid cards, it must come before them
        ctx.problems.append(f"{event.event_type} after cards laid")
    cards, bid_fact = ctx.told.fact(moment.index, bid, seat)
    text = ctx.say(
        "exchange",
        name=name,
        bid_card=ctx.text(event.bid_card),
        hand_card=ctx.text(event.hand_card),
        bid=ctx.count("kaart", len(cards)),
    )
    if ctx.config.coin_rule and ctx.table.coin[parse_card(event.hand_card)]:
        ctx.coin = (seat, event.hand_card, True)  # it works at once (SK-V2)
    pictures = ctx.pictures((event.bid_card, event.hand_card))
    return Step(text, pictures, claim=ctx.happened(moment, event, "exchange", bid_fact))


def _coin(ctx: RoundTelling, moment: Play, event: ev.CoinChosen) -> Step | None:
    """SK-V4: the coin card just bid asks for "meer inzet" or "meer handkaarten"."""
    if ctx.coin is None:
        ctx.problems.append(f"{event.event_type} without a coin card")
        return None
    seat, card, swapped = ctx.coin
    ctx.coin, name = None, ctx.names[seat]
    cards, bid_fact = ctx.told.fact(moment.index, bid, seat)
    card = card if swapped else cards[-1]  # swapped in, or laid just now
    key = "coin_stake" if event.choice == "more-stake" else "coin_cards"
    key += "_swapped" if swapped else ""
    text = ctx.say(key, name=name, card=ctx.text(card))
    return Step(text, ctx.pictures((card,)), claim=ctx.happened(moment, event, key, bid_fact))


def _stake(ctx: RoundTelling, moment: Play, event: ev.StakeAdded) -> Step:
    """SK-V4: a random scored card joins a bid, the coin's bidder's or a follower's."""
    joined, follows = ctx.told.fact(moment.index, joins)
    key = "stake_joined" if joined else "stake"
    text = ctx.say(
        key,
        name=ctx.names[event.seat],
        card=ctx.text(event.card),
        bid=ctx.count("kaart", event.bid),
    )
    claim = ctx.happened(moment, event, key, follows)
    return Step(text, ctx.pictures((event.card,)), automatic=not joined, claim=claim)


def _declined(ctx: RoundTelling, moment: Play, event: ev.StakeDeclined) -> Step:
    """SK-V4: a player does not follow the "meer inzet"."""
    key = "stake_declined_again" if ctx.declined else "stake_declined"
    ctx.declined = True
    text = ctx.say(key, name=ctx.names[event.seat])
    return Step(text, (), claim=ctx.happened(moment, event, key))


def _extra_draw(ctx: RoundTelling, moment: Play, event: ev.CardsDrawn) -> Step | None:
    """SK-V4: after a "meer handkaarten" every player draws a card."""
    if len(event.cards) != 1:
        ctx.problems.append(f"{event.event_type} of {len(event.cards)} cards")
        return None
    card = event.cards[0]
    text = ctx.say("extra_draw", name=ctx.names[event.seat], card=ctx.text(card))
    claim = ctx.happened(moment, event, "extra_draw")
    return Step(text, ctx.pictures((card,)), automatic=True, claim=claim)


def _first_stop(ctx: RoundTelling, moment: Play, event: ev.SintChanged) -> Step:
    """SK-W5: the first player to stop this round becomes the Sint at once."""
    name, previous = ctx.names[event.seat], ctx.names[event.previous]
    big = [e.seat for e in ctx.segment.events_of(ev.BigSintGiven)]
    key = "first_stop_big" if big and big[0] == event.seat else "first_stop"
    _, holder = ctx.told.fact(moment.index, big_sint, after=True)
    text = ctx.say(key, name=name, previous=previous)
    claim = ctx.happened(moment, event, key, holder)
    return Step(text, (ctx.sint_card(),), automatic=True, claim=claim)


def _big_opening(ctx: RoundTelling, moment: Play, event: BigOpeningDone) -> Step:
    """The Big Sint's compulsory opening bid ends with ``done`` (SK-W3): told then, it claims
    the opening's last card, with the whole bid."""
    opening = [(m, e) for m in ctx.segment.moments for e in m.events_of(ev.CardBid) if e.big]
    last_moment, last = opening[-1]
    cards, bid_fact = ctx.told.fact(last_moment.index, bid, last.seat, after=True)
    name = ctx.names[last.seat]
    text = ctx.say(
        "opens_big", name=name, cards=ctx.the(cards), count=ctx.count("kaart", len(cards))
    )
    claim = ctx.happened(last_moment, last, "opens_big", bid_fact)
    return Step(text, ctx.pictures(cards), claim=claim)


def _big_given(ctx: RoundTelling, moment: Play, event: ev.BigSintGiven) -> Step:
    """The Sint hands out the Big Sint (SK-W1)."""
    text = ctx.say("gives_big", sint=ctx.names[event.sint], name=ctx.names[event.seat])
    pictures = (ctx.sint_card(), ctx.sint_card(big=True))
    return Step(text, pictures, claim=ctx.happened(moment, event, "gives_big"))


def _struck(ctx: RoundTelling, moment: Play, event: ev.CardStruck) -> Step | None:
    """A Pietje Precies strike (SK-P3), and whether it saves the combination (SK-P1)."""
    name, at = ctx.names[event.seat], moment.index
    if not event.card:
        text = ctx.say("strike_none", name=name)
        claim = ctx.happened(moment, event, "strike_none")
        return Step(text, ctx.pictures(("pietje-precies",)), claim=claim)
    table = moment.before
    if event.card not in (card_name(x) for x in (*table.hands[event.seat], *table.room)):
        # the strike names a card the table noted before the action does not show (seen
        # once, every variant on, searched with the early planner): such a round is not
        # told, and the search moves on instead of stopping
        ctx.problems.append(f"a strike of {event.card} the story cannot place")
        return None
    ctx.struck[event.seat] = event.card
    before, scored = ctx.told.fact(at, scoring, event.seat)
    after = list(before)
    after.remove(event.card)
    with_it, with_fact = ctx.told.fact(at, combination, before)
    without, without_fact = ctx.told.fact(at, combination, tuple(after))
    key = "strike_rescues" if not with_it.key and without.key > 0 else "strike"
    text = ctx.say(key, name=name, card=ctx.text(event.card))
    claim = ctx.happened(moment, event, key, scored, with_fact, without_fact)
    return Step(text, ctx.pictures(("pietje-precies", event.card)), claim=claim)


def _combination(ctx: RoundTelling, shown: ev.CombinationShown) -> str:
    """ "drie gele kaarten", "twee vijven", "het straatje 3-4-5"."""
    count = ctx.language.number_word(shown.count)
    if shown.kind == "colour":
        key = "combination_colour_one" if shown.count == 1 else "combination_colour"
        return ctx.say(key, count=count, colour=ctx.say(f"colour_{shown.value}"))
    low = int(shown.value)
    if shown.kind == "straight":
        numbers = "-".join(str(low + k) for k in range(shown.count))
        return ctx.say("combination_straight", numbers=numbers)
    numbers = ctx.language.number_word(low) if shown.count == 1 else ctx.language.plural_number(low)
    return ctx.say("combination_number", count=count, numbers=numbers)


def _shows(ctx: RoundTelling, moment: Play, shown: ev.CombinationShown) -> Step | tuple[Step, Step]:
    """A player's best combination at the showdown (SK-B7, SK-P1, SK-P3); with Pietje Precies
    a hand worth nothing for one card too many says so (SK-P1)."""
    name, struck = ctx.names[shown.seat], ctx.struck.get(shown.seat, "")
    held, held_fact = ctx.told.fact(moment.index, hand, shown.seat)
    _, best_fact = ctx.told.fact(moment.index, combination, shown.cards)
    cards = combination_cards(ctx.table, shown)
    numbers = sorted(ctx.table.number[parse_card(x)] for x in cards)
    added = " + ".join(map(str, numbers)) + f" = {sum(numbers)}"
    key = "shows_precies_struck" if struck else "shows_precies" if ctx.config.precise else "shows"
    key = "shows_nothing" if shown.kind == "none" else key
    text = ctx.say(
        key,
        name=name,
        hand=ctx.the(held),
        struck=ctx.text(struck) if struck else "",
        combination=_combination(ctx, shown) if cards else "",
        sum=added if len(numbers) > 1 else "".join(map(str, numbers)),
    )
    claim = ctx.happened(moment, shown, key, held_fact, best_fact)
    step = Step(text, ctx.pictures(cards), automatic=True, claim=claim)
    spoiled = None
    if shown.kind == "none" and ctx.config.precise:
        spoiled = _spoiled(ctx, moment, shown, held)
    return (step, spoiled) if spoiled else step


def _spoiled(
    ctx: RoundTelling, moment: Play, shown: ev.CombinationShown, held: Cards
) -> Step | None:
    """SK-P1: the one card without which the cards worth nothing would be a combination."""
    scoring_now = [*held, *(card_name(x) for x in moment.before.room)]
    struck = ctx.struck.get(shown.seat, "")
    if struck:
        scoring_now.remove(struck)
    options = []
    for card in dict.fromkeys(scoring_now):
        others = list(scoring_now)
        others.remove(card)
        options.append((ctx.best(others).key, card, tuple(others)))
    top, card, rest = max(options, key=lambda o: o[0], default=(0, "", ()))
    if not top:
        return None
    would, would_fact = ctx.told.fact(moment.index, combination, rest)
    key = "spoiled_by_again" if ctx.spoiled else "spoiled_by"
    ctx.spoiled = True
    said = _combination(ctx, shown_as(would, shown.seat))
    text = ctx.say(key, name=ctx.names[shown.seat], card=ctx.text(card), combination=said)
    claim = ctx.happened(moment, shown, key, would_fact)
    return Step(text, ctx.pictures((card,)), automatic=True, claim=claim)


def _round_won(ctx: RoundTelling, moment: Play, won: ev.RoundWon) -> Step:
    """Who wins the pile and why (SK-B5, SK-B7, SK-B8)."""
    at, seat = moment.index, won.seat
    name, pile = ctx.names[seat], ctx.count("kaart", len(won.pile))
    was, was_fact = ctx.told.fact(at, sint)
    _, now_fact = ctx.told.fact(at, sint, after=True)
    said_sint = ctx.say("stays_sint" if was == seat else "becomes_sint")
    if won.reason == "one-left":
        held, held_fact = ctx.told.fact(at, hand, seat)
        kept = len(held)
        hands = ctx.count("handkaart", kept)
        key = "one_left" if kept > 1 else "one_left_single" if kept else "one_left_none"
        text = ctx.say(key, name=name, pile=pile, kept=hands, sint=said_sint)
        claim = ctx.happened(moment, won, key, was_fact, now_fact, held_fact)
        return Step(text, (ctx.sint_card(),), automatic=True, claim=claim)
    shown = moment.events_of(ev.CombinationShown)
    mine = next(s for s in shown if s.seat == seat)
    best = max(
        (s for s in shown if s.seat != seat),
        key=lambda s: combo_key(s.count, KIND_IDS[s.kind], s.total),
    )
    own, own_fact = ctx.told.fact(at, combination, mine.cards)
    other, other_fact = ctx.told.fact(at, combination, best.cards)
    facts = [was_fact, now_fact, own_fact, other_fact]
    reason = (
        BY_BID if won.reason == "remise" else ONLY_ONE if not other.key
        else BY_COUNT if own.count > other.count
        else BY_KIND if own.kind != other.kind else BY_TOTAL
    )  # fmt: skip
    bids = (0, 0)
    if reason == BY_BID:  # SK-V5: the larger bid decides
        (mine_bid, mine_fact), (other_bid, other_fact) = (
            ctx.told.fact(at, bid, seat),
            ctx.told.fact(at, bid, best.seat),
        )
        bids = (len(mine_bid), len(other_bid))
        facts += [mine_fact, other_fact]
    other_name, count = ctx.names[best.seat], ctx.count("kaart", own.count)
    despite = ""
    if reason == BY_KIND and other.total > own.total:
        despite = ctx.say(
            "wins_kind_despite", other=other_name, other_total=other.total, total=own.total
        )
    kinds = {k: ctx.say(f"kind_{k}") for k in ("number", "colour", "straight")}
    own_kind, other_kind = KIND_NAMES[own.kind], KIND_NAMES[other.kind]
    same = ctx.say(f"count_kind_{own_kind if own_kind in kinds else 'straight'}", cards=count)
    text = ctx.say(
        f"wins_{reason}", name=name, other=other_name, count=count, count_kind=same,
        other_count=ctx.language.number_word(other.count), kind=kinds.get(own_kind, ""),
        other_kind=kinds.get(other_kind, ""), despite=despite, total=own.total,
        other_total=other.total, pile=pile, sint=said_sint, bid=ctx.count("kaart", bids[0]),
        other_bid=ctx.language.number_word(bids[1]),
    )  # fmt: skip
    effect = ctx.effect
    if effect is not None and effect.key in UNDO and effect.seat == seat:
        text += _gained(ctx, moment, won, effect, shown, facts)
    claim = ctx.happened(moment, won, f"wins_{reason}", *facts)
    return Step(text, (ctx.sint_card(),), automatic=True, claim=claim)


def _gained(
    ctx: RoundTelling,
    moment: Play,
    won: ev.RoundWon,
    effect: Effect,
    shown: Sequence[ev.CombinationShown],
    facts: list[Fact],
) -> str:
    """SK-A1: the card the winner's action card brought that is part of the winning
    combination, and who would have won without what it moved (``facts`` gets the
    combinations had it not moved them); "" if it brought none."""
    mine = next(s for s in shown if s.seat == won.seat)
    into_hand, _, into_room, _ = effect.moved
    brought = [x for x in (*into_hand, *into_room) if x in combination_cards(ctx.table, mine)]
    if not brought:
        return ""
    name, at = ctx.names[won.seat], moment.index
    undone_by: dict[int, Combination] = {}
    for s in shown:
        undone_by[s.seat], undone_fact = ctx.told.fact(
            at, undone, s.seat, effect.seat, effect.moved
        )
        facts.append(undone_fact)
    key = "gained_swap" if effect.key == "effect_swap" else "gained"
    text = ctx.say(key, name=name, card=ctx.text(brought[0]), action=ctx.text(effect.card))
    decisive, instead = decided(undone_by, won.seat)
    undo = ctx.say(UNDO[effect.key])
    if instead >= 0:
        said = _combination(ctx, shown_as(undone_by[instead], instead))
        text += ctx.say("decisive", undo=undo, other=ctx.names[instead], combination=said)
    elif decisive:
        text += ctx.say("decisive_tie", undo=undo)
    return text


def decided(undone_by: dict[int, Combination], winner: int) -> tuple[bool, int]:
    """Whether the winner would not have won without the action card's move (the rules'
    combination keys), and who would have won alone instead (-1: nobody)."""
    keys = {s: c.key for s, c in undone_by.items()}
    decisive = keys[winner] <= max(k for s, k in keys.items() if s != winner)
    winners = [s for s, k in keys.items() if k == max(keys.values())]
    return decisive, winners[0] if decisive and len(winners) == 1 else -1


def _surprise(ctx: RoundTelling, moment: Play, event: ev.SurprisePicked) -> Step:
    """Surprises: the round's winner picks the next surprise (SK-S1)."""
    key, card, facts = f"surprise_{event.reason}", "", tuple[Fact, ...]()
    if event.reason == "symbool":
        cards, symbol = ctx.told.fact(moment.index, surprise_cards)
        card, facts = cards[0], (symbol,)
    text = ctx.say(key, name=ctx.names[event.seat], card=ctx.text(card) if card else "")
    claim = ctx.happened(moment, event, key, *facts)
    return Step(text, ctx.pictures((card,)) if card else (), automatic=True, claim=claim)


HANDLERS: Handlers[RoundTelling, Action, Table] = Handlers(
    on(ev.ActionTriggered, _triggered),
    on(ev.CardRevealed, _reveal),
    on(ev.CardBid, _card_bid),
    on(ev.WentAlong, _turn_end),
    on(ev.Stopped, _turn_end),
    on(ev.CardsDrawn, _effect),
    on(ev.RoomSwapped, _effect),
    on(ev.SintChanged, _effect),
    on(BigOpeningDone, _big_opening),
    on(ev.BigSintGiven, _big_given),
    on(ev.CardStruck, _struck),
    on(ev.CombinationShown, _shows),
    on(ev.RoundWon, _round_won),
    on(ev.SurprisePicked, _surprise),
    on(ev.LimitNamed, _limit),
    on(ev.CannotMatch, _cannot_match),
    on(ev.Overbid, _overbid),
    on(ev.HandKept, _keeps),
    on(ev.HandDiscarded, _keeps),
    on(ev.CardsSwapped, _exchanged),
    on(ev.CoinChosen, _coin),
    on(ev.StakeAdded, _stake),
    on(ev.StakeDeclined, _declined),
    on(Event, _untellable),
)
"""The sentence of each event the examples tell, in the order the events come; any other
event makes the example untellable."""
