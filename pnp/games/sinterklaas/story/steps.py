"""The sentences of a Sinterklaas example: one Dutch step per reveal, turn, action card,
strike, combination and round end, from the events of the focus round; with the variants
also per limit named and hand kept or laid away (SK-V3), exchange (SK-V2), chocolademunt
choice, stake and draw (SK-V4), bid out of reach (SK-V1) and first stop (SK-W5).

Each handler of :data:`HANDLERS` tells one event type with a phrase of
``cardspecs/sinterklaas/rulebook/voorbeelden.toml``, the drawings of the cards
it mentions and its claim (:mod:`~pnp.games.sinterklaas.story.claims`); an
event no sentence can tell (an all-in, a tied round, an action card without a
sentence, ...) is noted as a problem of the :class:`Telling`. A turn is told
when it ends, so the telling collects the cards laid until then, the action
card just bid and what it did; an action card, a chocolademunt or an exchange
is told at once, so it must come before the turn's other cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from pnp.engine.core import Event
from pnp.example_model import CardPicture, Step
from pnp.games.sinterklaas.kit.spec_config import config_from_spec
from pnp.games.sinterklaas.rules import events as ev
from pnp.games.sinterklaas.rules.actions import Action
from pnp.games.sinterklaas.rules.cards import COLOURS, CardTable, card_name, card_table, parse_card
from pnp.games.sinterklaas.rules.combinations import KIND_NAMES, Combination, best_combination
from pnp.games.sinterklaas.rules.config import SinterklaasConfig
from pnp.games.sinterklaas.rules.steps import IN, JOIN, OPEN_BIG, OPEN_SMALL
from pnp.games.sinterklaas.story import claims as c
from pnp.games.sinterklaas.story.trace import Play, Round, Table
from pnp.language import Language
from pnp.spec.model import GameSpec
from pnp.story import Handlers, Phrases, Scene, on

KIND_RANK = {name: rank for rank, name in KIND_NAMES.items()}
"""SK-B7 (and the SK-P2 DECISION): on equal count a number beats a colour beats a straight."""

SUPPORTED_ACTIONS = ("schoenpiet", "wisselpiet", "amerigo", "stafpiet")
"""The action cards whose effects the examples can tell."""

UNDO = {c.DrawsCards: "undo_draw", c.SwapsWithRoom: "undo_swap", c.AddsToRoom: "undo_reveal"}
"""The phrase key of "without it", by what the action card did."""


@dataclass(frozen=True)
class BigOpeningDone(Event):
    """Told before the events of the ``done`` that ends the Big Sint's opening bid (SK-W3)."""


@dataclass
class Telling:
    """One example being told: names, card texts and drawings, and the turn being collected."""

    spec: GameSpec
    kind: str
    variants: tuple[str, ...]
    segment: Round
    phrases: Phrases
    turn: tuple[int, int] | None = None
    """The open turn: its first action and the others' highest bid then."""
    earlier: list[str] = field(default_factory=list)
    """The action card the open turn bid (told by its own sentence); then the other cards."""
    cards: list[str] = field(default_factory=list)
    action: tuple[int, int, str] | None = None
    """The action card just bid: (action index, seat, card)."""
    effect: c.ActionBid | None = None
    """What the last action card that worked did."""
    struck: dict[int, str] = field(default_factory=dict)
    limit: int = 0
    """The minimum hand the Sint named this round (SK-V3)."""
    coin: tuple[int, int, str, bool] | None = None
    """The coin card just bid: (action index, seat, card, swapped in) (SK-V2, SK-V4)."""
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

    def __post_init__(self) -> None:
        self.config = config_from_spec(self.spec, self.variants)
        self.table = card_table(self.config.kinds)
        self.names = self.phrases.names_from(self.segment.start.sint, len(self.segment.start.hands))
        rows = [
            (x, row)
            for x in ("deck", "acties", "pietje-precies")
            for row in self.spec.component(x).rows
        ]
        self.pictures_of = {row.id: CardPicture(x, row.id) for x, row in rows}
        self.action_names = {row.id: row.text("name") for x, row in rows if x != "deck"}

    @staticmethod
    def of(scene: Scene[Action, Table, Table]) -> Telling:
        """The telling of a pinned example."""
        variants = scene.variants
        return Telling(scene.spec, scene.kind, variants, scene.segment, scene.phrases)

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
        """The best combination of ``cards``."""
        codes = [parse_card(card) for card in cards]
        colours = [self.table.colour[x] for x in codes]
        numbers = [self.table.number[x] for x in codes]
        return best_combination(colours, numbers, self.config.precise)

    def key(self, cards: Sequence[str]) -> int:
        """The ranking key of the best combination of ``cards`` (0 if worthless)."""
        return self.best(cards).key


def _untellable(ctx: Telling, moment: Play, event: Event) -> None:
    """Any other event: a lap starting or the round ending needs no sentence of its own; no
    sentence can tell the rest (an all-in, a tied round, a Big Sint who cannot double, ...)."""
    if not isinstance(event, ev.LapStarted | ev.RoundEnded):
        ctx.problems.append(event.event_type)


def _triggered(ctx: Telling, moment: Play, event: ev.ActionTriggered) -> None:
    """An action card works: told with its effect, if the examples can tell that."""
    if event.card not in SUPPORTED_ACTIONS:
        ctx.problems.append(f"{event.event_type} {event.card}")


def _reveal(ctx: Telling, moment: Play, event: ev.CardRevealed) -> Step | None:
    """The Sint turns a card into the Pakjeskamer (SK-B4); at lap 0 an Amerigo's extra card."""
    if event.lap == 0:
        return _effect(ctx, moment, event)
    sint, placed = ctx.names[moment.before.sint], len(event.room)
    text = ctx.say(
        "reveal_first" if placed == 1 else "reveal",
        sint=sint,
        card=ctx.text(event.card),
        ordinal=ctx.language.ordinal_word(placed),
        room=ctx.the(event.room),
    )
    claim = c.Reveals(moment.index, moment.before.sint, sint, event.card, event.room)
    return Step(text, ctx.pictures((event.card,)), automatic=True, claim=claim)


def _card_bid(ctx: Telling, moment: Play, event: ev.CardBid) -> Step | None:
    """The Small Sint's opening card (SK-W2); any other card is told with its turn."""
    node = moment.before.node[0]
    if node == OPEN_SMALL:
        name = ctx.names[event.seat]
        text = ctx.say("opens_small", name=name, card=ctx.text(event.card))
        claim = c.OpensSmall(moment.index, event.seat, name, event.card)
        return Step(text, ctx.pictures((event.card,)), claim=claim)
    if node == OPEN_BIG:
        return None
    if ctx.turn is None:
        ctx.turn = (moment.index, _highest_of_others(moment.before, event.seat))
    if moment.has(ev.ActionTriggered):
        if ctx.cards:  # told before the turn's other cards, it must come before them
            ctx.problems.append(f"{event.event_type} {event.card} after other cards")
        ctx.earlier.append(event.card)
        ctx.action = (moment.index, event.seat, event.card)
    elif ctx.config.coin_rule and not event.face_down and ctx.table.coin[parse_card(event.card)]:
        if ctx.cards:  # told before the turn's other cards, it must come before them
            ctx.problems.append(f"{event.event_type} {event.card} after other cards")
        ctx.earlier.append(event.card)  # told with the choice it asks for (SK-V4)
        ctx.coin = (moment.index, event.seat, event.card, False)
    else:
        ctx.cards.append(event.card)
    return None


def _highest_of_others(table: Table, seat: int) -> int:
    """The largest bid among the other players still bidding (SK-B4)."""
    bids = [len(b) for s, b in enumerate(table.bids) if s != seat and table.status[s] == IN]
    return max(bids, default=0)


def _effect(ctx: Telling, moment: Play, event: Event) -> Step | None:
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
    bid_at, seat, card = ctx.action
    name, at = ctx.names[seat], moment.index
    claim: c.ActionBid
    if isinstance(event, ev.CardsDrawn):
        said = ctx.say("effect_draw", name=name, cards=ctx.the(event.cards))
        claim = c.DrawsCards(bid_at, seat, name, card, at, event.cards)
    elif isinstance(event, ev.RoomSwapped):
        given, taken = event.hand_card, event.room_card
        said = ctx.say("effect_swap", name=name, given=ctx.text(given), taken=ctx.text(taken))
        claim = c.SwapsWithRoom(bid_at, seat, name, card, at, given, taken)
    elif isinstance(event, ev.CardRevealed):
        said = ctx.say("effect_reveal", card=ctx.text(event.card), room=ctx.the(event.room))
        claim = c.AddsToRoom(bid_at, seat, name, card, at, event.card, event.room)
    else:
        assert isinstance(event, ev.SintChanged)
        previous = ctx.names[event.previous]
        # with Wie kent hem niet? the real Sint holds the Kleine Sint (SK-W1, SK-W4)
        key = "effect_sint_small" if ctx.config.big_sint else "effect_sint"
        said = ctx.say(key, name=name, previous=previous)
        node = moment.before.node
        if (node[1] if len(node) > 1 else 0) < ctx.config.reveals:
            said += ctx.say("effect_sint_next", name=name)
        claim = c.TakesSintCard(bid_at, seat, name, card, event.previous, previous)
    ctx.effect, ctx.action = claim, None
    into_hand, _, into_room, _ = _moved(claim)
    pictures = ctx.pictures((card, *(into_hand or into_room)))
    sint = (ctx.sint_card(),) if isinstance(claim, c.TakesSintCard) else ()
    text = ctx.say("action", name=name, action=ctx.text(card), effect=said)
    return Step(text, pictures + sint, claim=claim)


def _moved(claim: c.ActionBid) -> tuple[c.Cards, c.Cards, c.Cards, c.Cards]:
    """What an action card moved: into and out of the hand, into and out of the Pakjeskamer."""
    if isinstance(claim, c.DrawsCards):
        return claim.drawn, (), (), ()
    if isinstance(claim, c.SwapsWithRoom):
        return (claim.taken,), (claim.given,), (claim.given,), (claim.taken,)
    if isinstance(claim, c.AddsToRoom):
        return (), (), (claim.revealed,), ()
    return (), (), (), ()


def _turn_end(ctx: Telling, moment: Play, event: ev.WentAlong | ev.Stopped) -> Step:
    """A finished bidding turn (SK-B4): a stop, a check without cards, a raise or a call."""
    seat, bid, earlier, cards = event.seat, event.bid, ctx.earlier, ctx.cards
    first, highest = ctx.turn or (moment.index, _highest_of_others(moment.before, seat))
    ctx.turn, ctx.earlier, ctx.cards = None, [], []
    if isinstance(event, ev.Stopped):
        outcome = c.STOP
    elif event.capped:  # SK-V3: at the limit, below the highest bid
        return _at_limit(ctx, moment, event, first, highest, earlier, cards)
    else:
        outcome = c.CHECK if not earlier and not cards else c.RAISE if bid > highest else c.CALL
    name, kept, bid_text = ctx.names[seat], len(moment.before.hands[seat]), ctx.count("kaart", bid)
    tail = ""
    if outcome == c.STOP:
        key = "stop_empty" if bid == 0 else "stop_one" if bid == 1 else "stop"
    elif outcome == c.CHECK:
        key = "check_empty" if bid == 0 else "check"
    else:  # a call or a raise: "lays ... and raises", or "with that, ... raises"
        key = "lay_none" if not cards else "lay_more" if earlier else "lay"
        inverted = "" if cards else "_inverted"
        tail = ctx.say(f"tail_{outcome}{inverted}", name=name, bid=bid_text)
    kept_text, laid = ctx.count("handkaart", kept), ctx.the(cards)
    text = ctx.say(key, name=name, kept=kept_text, bid=bid_text, cards=laid, tail=tail)
    turn = (first, moment.index, seat, name, tuple(earlier), tuple(cards), outcome, highest)
    if outcome != c.STOP and cards and ctx.limit and kept == ctx.limit:  # SK-V3: no more
        text += ctx.say(
            "reaches_limit_again" if ctx.at_limit else "reaches_limit", name=name, kept=kept_text
        )
        ctx.at_limit = True
        over = _highest_of_others(moment.before, seat)
        claim: c.Turn = c.AtLimit(*turn, bid, kept, ctx.limit, over)
    else:
        claim = c.Turn(*turn, bid, kept)
    return Step(text, ctx.pictures(cards), claim=claim)


def _at_limit(
    ctx: Telling,
    moment: Play,
    event: ev.WentAlong,
    first: int,
    highest: int,
    earlier: Sequence[str],
    cards: Sequence[str],
) -> Step:
    """SK-V3: a player at the round's limit need not stop: they stay in with a bid below the
    highest."""
    seat, name = event.seat, ctx.names[event.seat]
    kept = len(moment.before.hands[seat])
    text = ctx.say(
        "at_limit_lay" if cards else "at_limit",
        name=name,
        cards=ctx.the(cards),
        kept=ctx.count("handkaart", kept),
        bid=ctx.count("kaart", event.bid),
        over=ctx.language.number_word(event.highest),
    )
    claim = c.AtLimit(
        first, moment.index, seat, name, tuple(earlier), tuple(cards), c.AT_LIMIT, highest,
        event.bid, kept, ctx.limit, event.highest,
    )  # fmt: skip
    return Step(text, ctx.pictures(cards), claim=claim)


def _cannot_match(ctx: Telling, moment: Play, event: ev.CannotMatch) -> Step:
    """SK-V1: a player whose cards cannot reach the highest bid says so as the turn begins."""
    name = ctx.names[event.seat]
    text = ctx.say(
        "cannot_match",
        name=name,
        high=ctx.count("kaart", event.highest),
        reach=ctx.count("kaart", event.reach),
    )
    claim = c.SaysCannotMatch(moment.index, event.seat, name, event.highest, event.reach)
    return Step(text, (), claim=claim)


def _overbid(ctx: Telling, moment: Play, event: ev.Overbid) -> Step:
    """SK-V1: a bid that nobody else can reach puts its player out of the round at once."""
    name = ctx.names[event.seat]
    text = ctx.say("overbid", name=name, bid=ctx.count("kaart", event.bid))
    return Step(
        text, (), automatic=True, claim=c.Overbids(moment.index, event.seat, name, event.bid)
    )


def _limit(ctx: Telling, moment: Play, event: ev.LimitNamed) -> Step:
    """SK-V3: the Sint names the round's minimum hand before anything is bid or revealed."""
    ctx.limit, name = event.minimum, ctx.names[event.seat]
    if event.minimum:
        text = ctx.say("limit_named", sint=name, count=ctx.count("handkaart", event.minimum))
    else:
        text = ctx.say("limit_none", sint=name)
    return Step(text, (), claim=c.NamesLimit(moment.index, event.seat, name, event.minimum))


def _keeps(ctx: Telling, moment: Play, event: ev.HandKept | ev.HandDiscarded) -> Step:
    """SK-V3: after the round a player keeps the hand, or throws it all away."""
    seat, name = event.seat, ctx.names[event.seat]
    hand = tuple(card_name(x) for x in moment.before.hands[seat])
    kept = isinstance(event, ev.HandKept)
    intro = "" if ctx.kept_any else ctx.say("keep_intro")
    ctx.kept_any = True
    text = intro + ctx.say(
        "keeps_hand" if kept else "discards_hand", name=name, cards=ctx.the(hand)
    )
    return Step(text, ctx.pictures(hand), claim=c.KeepsHand(moment.index, seat, name, hand, kept))


def _exchanged(ctx: Telling, moment: Play, event: ev.CardsSwapped) -> Step:
    """SK-V2: in a bidding turn a bid card goes back into the hand for a hand card."""
    seat, name = event.seat, ctx.names[event.seat]
    if ctx.turn is None:
        ctx.turn = (moment.index, _highest_of_others(moment.before, seat))
    if ctx.cards:  # told before the turn's laid cards, it must come before them
        ctx.problems.append(f"{event.event_type} after cards laid")
    bid = len(moment.before.bids[seat])
    text = ctx.say(
        "exchange",
        name=name,
        bid_card=ctx.text(event.bid_card),
        hand_card=ctx.text(event.hand_card),
        bid=ctx.count("kaart", bid),
    )
    if ctx.config.coin_rule and ctx.table.coin[parse_card(event.hand_card)]:
        ctx.coin = (moment.index, seat, event.hand_card, True)  # it works at once (SK-V2)
    claim = c.Exchanges(moment.index, seat, name, event.hand_card, event.bid_card, bid)
    return Step(text, ctx.pictures((event.bid_card, event.hand_card)), claim=claim)


def _coin(ctx: Telling, moment: Play, event: ev.CoinChosen) -> Step | None:
    """SK-V4: the coin card just bid asks for "meer inzet" or "meer handkaarten"."""
    if ctx.coin is None:
        ctx.problems.append(f"{event.event_type} without a coin card")
        return None
    bid_at, seat, card, swapped = ctx.coin
    ctx.coin, name = None, ctx.names[seat]
    key = "coin_stake" if event.choice == "more-stake" else "coin_cards"
    key += "_swapped" if swapped else ""
    text = ctx.say(key, name=name, card=ctx.text(card))
    claim = c.ChoosesCoin(bid_at, moment.index, seat, name, card, event.choice)
    return Step(text, ctx.pictures((card,)), claim=claim)


def _stake(ctx: Telling, moment: Play, event: ev.StakeAdded) -> Step:
    """SK-V4: a random scored card joins a bid, the coin's bidder's or a follower's."""
    seat, name = event.seat, ctx.names[event.seat]
    asked = [m for m in ctx.segment.moments if m.index == moment.index - 1]
    joined = bool(asked) and asked[0].before.node[0] == JOIN and asked[0].actor == seat
    first = asked[0].index if joined else moment.index
    key = "stake_joined" if joined else "stake"
    text = ctx.say(key, name=name, card=ctx.text(event.card), bid=ctx.count("kaart", event.bid))
    claim = c.AddsStake(first, moment.index, seat, name, event.card, event.bid, joined)
    return Step(text, ctx.pictures((event.card,)), automatic=not joined, claim=claim)


def _declined(ctx: Telling, moment: Play, event: ev.StakeDeclined) -> Step:
    """SK-V4: a player does not follow the "meer inzet"."""
    name = ctx.names[event.seat]
    text = ctx.say("stake_declined_again" if ctx.declined else "stake_declined", name=name)
    ctx.declined = True
    return Step(text, (), claim=c.DeclinesStake(moment.index, event.seat, name))


def _extra_draw(ctx: Telling, moment: Play, event: ev.CardsDrawn) -> Step | None:
    """SK-V4: after a "meer handkaarten" every player draws a card."""
    if len(event.cards) != 1:
        ctx.problems.append(f"{event.event_type} of {len(event.cards)} cards")
        return None
    name, card = ctx.names[event.seat], event.cards[0]
    text = ctx.say("extra_draw", name=name, card=ctx.text(card))
    claim = c.DrawsExtra(moment.index, event.seat, name, card)
    return Step(text, ctx.pictures((card,)), automatic=True, claim=claim)


def _first_stop(ctx: Telling, moment: Play, event: ev.SintChanged) -> Step:
    """SK-W5: the first player to stop this round becomes the Sint at once."""
    name, previous = ctx.names[event.seat], ctx.names[event.previous]
    big = [e.seat for e in ctx.segment.events_of(ev.BigSintGiven)]
    key = "first_stop_big" if big and big[0] == event.seat else "first_stop"
    text = ctx.say(key, name=name, previous=previous)
    claim = c.FirstStopSint(moment.index, event.seat, name, event.previous, previous)
    return Step(text, (ctx.sint_card(),), automatic=True, claim=claim)


def _big_opening(ctx: Telling, moment: Play, event: BigOpeningDone) -> Step:
    """The Big Sint's compulsory opening bid ends with ``done`` (SK-W3)."""
    seat, target = moment.before.node[1], moment.before.node[2]
    opening = [m for m in ctx.segment.moments if m.before.node[0] == OPEN_BIG]
    big = tuple(e.card for m in opening for e in m.events_of(ev.CardBid))
    name = ctx.names[seat]
    text = ctx.say("opens_big", name=name, cards=ctx.the(big), count=ctx.count("kaart", len(big)))
    claim = c.OpensBig(opening[0].index, moment.index, seat, name, big, target)
    return Step(text, ctx.pictures(big), claim=claim)


def _big_given(ctx: Telling, moment: Play, event: ev.BigSintGiven) -> Step:
    """The Sint hands out the Big Sint (SK-W1)."""
    sint, name = ctx.names[event.sint], ctx.names[event.seat]
    claim = c.GivesBigSint(moment.index, event.sint, sint, event.seat, name)
    pictures = (ctx.sint_card(), ctx.sint_card(big=True))
    return Step(ctx.say("gives_big", sint=sint, name=name), pictures, claim=claim)


def _struck(ctx: Telling, moment: Play, event: ev.CardStruck) -> Step | None:
    """A Pietje Precies strike (SK-P3), and whether it saves the combination (SK-P1)."""
    name, table, rescues = ctx.names[event.seat], moment.before, False
    if not event.card:
        text = ctx.say("strike_none", name=name)
    else:
        before = [card_name(x) for x in (*table.hands[event.seat], *table.room)]
        if event.card not in before:
            # the strike names a card the table noted before the action does not show (seen
            # once, every variant on, searched with the early planner): such a round is not
            # told, and the search moves on instead of stopping
            ctx.problems.append(f"a strike of {event.card} the story cannot place")
            return None
        ctx.struck[event.seat] = event.card
        after = list(before)
        after.remove(event.card)
        rescues = not ctx.key(before) and ctx.key(after) > 0
        key = "strike_rescues" if rescues else "strike"
        text = ctx.say(key, name=name, card=ctx.text(event.card))
    cards = ("pietje-precies", event.card) if event.card else ("pietje-precies",)
    claim = c.Strikes(moment.index, event.seat, name, event.card, rescues)
    return Step(text, ctx.pictures(cards), claim=claim)


def combination_cards(ctx: Telling, shown: ev.CombinationShown) -> tuple[str, ...]:
    """The cards of a shown combination, from its scoring cards and its kind and value."""
    colour, number = ctx.table.colour, ctx.table.number
    if shown.kind == "colour":
        wanted = COLOURS.index(shown.value)
        return tuple(x for x in shown.cards if colour[parse_card(x)] == wanted)
    if shown.kind == "number":
        return tuple(x for x in shown.cards if number[parse_card(x)] == int(shown.value))
    if shown.kind == "straight":
        return tuple(sorted(shown.cards, key=lambda x: number[parse_card(x)]))
    return ()


def _combination(ctx: Telling, shown: ev.CombinationShown) -> str:
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


def _shows(ctx: Telling, moment: Play, shown: ev.CombinationShown) -> Step | tuple[Step, Step]:
    """A player's best combination at the showdown (SK-B7, SK-P1, SK-P3); with Pietje Precies
    a hand worth nothing for one card too many says so (SK-P1)."""
    name, struck = ctx.names[shown.seat], ctx.struck.get(shown.seat, "")
    hand = tuple(card_name(x) for x in moment.before.hands[shown.seat])
    cards = combination_cards(ctx, shown)
    numbers = sorted(ctx.table.number[parse_card(x)] for x in cards)
    added = " + ".join(map(str, numbers)) + f" = {sum(numbers)}"
    key = "shows_precies_struck" if struck else "shows_precies" if ctx.config.precise else "shows"
    text = ctx.say(
        "shows_nothing" if shown.kind == "none" else key,
        name=name,
        hand=ctx.the(hand),
        struck=ctx.text(struck) if struck else "",
        combination=_combination(ctx, shown) if cards else "",
        sum=added if len(numbers) > 1 else "".join(map(str, numbers)),
    )
    claim = c.Shows(moment.index, shown.seat, name, hand, struck, shown.kind, cards, shown.total)
    step = Step(text, ctx.pictures(cards), automatic=True, claim=claim)
    spoiled = _spoiled(ctx, moment, shown) if shown.kind == "none" and ctx.config.precise else None
    return (step, spoiled) if spoiled else step


def _spoiled(ctx: Telling, moment: Play, shown: ev.CombinationShown) -> Step | None:
    """SK-P1: the one card without which the cards worth nothing would be a combination."""
    scoring = [card_name(x) for x in (*moment.before.hands[shown.seat], *moment.before.room)]
    struck = ctx.struck.get(shown.seat, "")
    if struck:
        scoring.remove(struck)
    options = []
    for card in dict.fromkeys(scoring):
        rest = list(scoring)
        rest.remove(card)
        options.append((ctx.best(rest), card, rest))
    best, card, rest = max(options, key=lambda o: o[0].key, default=(None, "", []))
    if best is None or not best.key:
        return None
    would = _shown(best, shown.seat)
    would = ev.CombinationShown(
        shown.seat, would.kind, would.value, would.count, best.total, tuple(rest)
    )
    cards = combination_cards(ctx, would)
    name = ctx.names[shown.seat]
    key = "spoiled_by_again" if ctx.spoiled else "spoiled_by"
    ctx.spoiled = True
    text = ctx.say(key, name=name, card=ctx.text(card), combination=_combination(ctx, would))
    claim = c.SpoiledBy(moment.index, shown.seat, name, card, would.kind, cards, best.total)
    return Step(text, ctx.pictures((card,)), automatic=True, claim=claim)


def _without(cards: Sequence[str], out: Sequence[str], back: Sequence[str]) -> list[str]:
    """``cards`` without ``out`` (where present) and with ``back``."""
    rest = list(cards)
    for card in out:
        if card in rest:
            rest.remove(card)
    return [*rest, *back]


def _undone(
    ctx: Telling, table: Table, seats: Sequence[int], effect: c.ActionBid
) -> dict[int, Combination]:
    """Every contender's best combination had the action card's move not happened."""
    into_hand, out_of_hand, into_room, out_of_room = _moved(effect)
    room = _without([card_name(x) for x in table.room], into_room, out_of_room)
    out = {}
    for seat in seats:
        hand = [card_name(x) for x in table.hands[seat]]
        if seat == effect.seat:
            hand = _without(hand, into_hand, out_of_hand)
        out[seat] = ctx.best([*hand, *room])
    return out


def _shown(combination: Combination, seat: int) -> ev.CombinationShown:
    """A combination as the event that shows it (for its words)."""
    kind = KIND_NAMES[combination.kind]
    value = COLOURS[combination.value] if kind == "colour" else str(combination.value)
    return ev.CombinationShown(seat, kind, value, combination.count, combination.total, ())


def _round_won(ctx: Telling, moment: Play, won: ev.RoundWon) -> Step:
    """Who wins the pile and why (SK-B5, SK-B7, SK-B8)."""
    name, pile, seat = ctx.names[won.seat], ctx.count("kaart", len(won.pile)), won.seat
    sint = ctx.say("stays_sint" if moment.before.sint == seat else "becomes_sint")
    if won.reason == "one-left":
        kept = len(moment.before.hands[seat])
        hands = ctx.count("handkaart", kept)
        key = "one_left" if kept > 1 else "one_left_single" if kept else "one_left_none"
        text = ctx.say(key, name=name, pile=pile, kept=hands, sint=sint)
        left = c.LastOneLeft(moment.index, seat, name, len(won.pile), kept)
        return Step(text, (ctx.sint_card(),), automatic=True, claim=left)
    shown = moment.events_of(ev.CombinationShown)
    mine = next(s for s in shown if s.seat == seat)
    best = max(
        (s for s in shown if s.seat != seat), key=lambda s: (s.count, KIND_RANK[s.kind], s.total)
    )
    reason = (
        c.BY_BID if won.reason == "remise" else c.ONLY_ONE if best.kind == "none"
        else c.BY_COUNT if mine.count > best.count
        else c.BY_KIND if mine.kind != best.kind else c.BY_TOTAL
    )  # fmt: skip
    other, count = ctx.names[best.seat], ctx.count("kaart", mine.count)
    bid, other_bid = len(moment.before.bids[seat]), len(moment.before.bids[best.seat])
    despite = ""
    if reason == c.BY_KIND and best.total > mine.total:
        despite = ctx.say(
            "wins_kind_despite", other=other, other_total=best.total, total=mine.total
        )
    kinds = {k: ctx.say(f"kind_{k}") for k in ("number", "colour", "straight")}
    same = ctx.say(f"count_kind_{mine.kind if mine.kind in kinds else 'straight'}", cards=count)
    text = ctx.say(
        f"wins_{reason}", name=name, other=other, count=count, count_kind=same,
        other_count=ctx.language.number_word(best.count), kind=kinds.get(mine.kind, ""),
        other_kind=kinds.get(best.kind, ""), despite=despite, total=mine.total,
        other_total=best.total, pile=pile, sint=sint, bid=ctx.count("kaart", bid),
        other_bid=ctx.language.number_word(other_bid),
    )  # fmt: skip
    gained, decisive, effect_at, effect = "", False, -1, ctx.effect
    instead, instead_kind, instead_count = -1, "", 0
    if isinstance(effect, c.DrawsCards | c.SwapsWithRoom | c.AddsToRoom) and effect.seat == seat:
        into_hand, _, into_room, _ = _moved(effect)
        in_combination = [x for x in (*into_hand, *into_room) if x in combination_cards(ctx, mine)]
        if in_combination:
            gained, effect_at = in_combination[0], effect.at
            undone = _undone(ctx, moment.before, [s.seat for s in shown], effect)
            top = max(x.key for x in undone.values())
            decisive = undone[seat].key <= max(x.key for s, x in undone.items() if s != seat)
            key = "gained_swap" if isinstance(effect, c.SwapsWithRoom) else "gained"
            text += ctx.say(key, name=name, card=ctx.text(gained), action=ctx.text(effect.card))
            undo = ctx.say(UNDO[type(effect)])
            winners = [s for s, x in undone.items() if x.key == top]
            if decisive and len(winners) == 1:
                instead = winners[0]
                instead_kind, instead_count = (
                    KIND_NAMES[undone[instead].kind],
                    undone[instead].count,
                )
                said = _combination(ctx, _shown(undone[instead], instead))
                text += ctx.say("decisive", undo=undo, other=ctx.names[instead], combination=said)
            elif decisive:
                text += ctx.say("decisive_tie", undo=undo)
    claim = c.WinsShowdown(
        moment.index, seat, name, reason, best.seat, other, mine.count, best.count, mine.total,
        best.total, len(won.pile), gained, effect_at, decisive, instead,
        ctx.names[instead] if instead >= 0 else "", instead_kind, instead_count, bid, other_bid,
    )  # fmt: skip
    return Step(text, (ctx.sint_card(),), automatic=True, claim=claim)


def _surprise(ctx: Telling, moment: Play, event: ev.SurprisePicked) -> Step:
    """Surprises: the round's winner picks the next surprise (SK-S1)."""
    name, card = ctx.names[event.seat], ""
    if event.reason == "symbool":
        bids = [x for bid in moment.before.bids for x in bid]
        card = next(card_name(x) for x in bids if ctx.table.surprise[x])
    text = ctx.say(f"surprise_{event.reason}", name=name, card=ctx.text(card) if card else "")
    claim = c.PicksSurprise(moment.index, event.seat, name, event.reason, card)
    return Step(text, ctx.pictures((card,)) if card else (), automatic=True, claim=claim)


HANDLERS: Handlers[Telling, Action, Table] = Handlers(
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
