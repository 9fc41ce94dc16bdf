"""The sentences of a Sinterklaas example: Dutch steps from the events of the focus round.

:func:`round_steps` walks the events of the part of a replayed focus round
that an example tells and writes them as :class:`~pnp.rulebook.example.Step`
objects: one per reveal, bidding turn, action card, strike, combination and
round end, each with the drawings of the cards it mentions and the claim it
makes (:mod:`~pnp.games.sinterklaas.example_claims`). The scoring logic it
needs (which cards make a combination, why a showdown is won) lives in
:mod:`~pnp.games.sinterklaas.example_showdown`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from pnp.engine.core import Event
from pnp.games.sinterklaas import events as ev
from pnp.games.sinterklaas.actions import DONE
from pnp.games.sinterklaas.cards import CardTable, card_name
from pnp.games.sinterklaas.example_claims import (
    CALL,
    CHECK,
    RAISE,
    STOP,
    AddsToRoom,
    Claim,
    DrawsCards,
    GivesBigSint,
    OpensBig,
    OpensSmall,
    Reveals,
    Strikes,
    SwapsWithRoom,
    TakesSintCard,
    Turn,
)
from pnp.games.sinterklaas.example_phrases import (
    PHRASES,
    card_text,
    cards_count,
    hand_count,
    the_cards,
)
from pnp.games.sinterklaas.example_showdown import Effect, showdown_steps, worth
from pnp.games.sinterklaas.example_trace import Moment, RoundTrace, Table
from pnp.games.sinterklaas.steps import IN, OPEN_BIG, OPEN_SMALL
from pnp.rulebook.dutch import ordinal_word
from pnp.rulebook.example import CardPicture, Step

SUPPORTED_ACTIONS = ("schoenpiet", "wisselpiet", "amerigo", "stafpiet")
"""The action cards whose effects the examples can tell."""

_QUIET = (ev.LapStarted, ev.ActionTriggered, ev.RoundEnded)
"""Events that need no sentence of their own (others tell them)."""


@dataclass(frozen=True)
class StepContext:
    """What the phrase builders need: names, card texts and drawings, the engine's card table."""

    names: tuple[str, ...]
    action_names: Mapping[str, str]
    pictures_of: Mapping[str, CardPicture]
    small_sint: CardPicture
    big_sint: CardPicture
    table: CardTable
    precise: bool
    reveals: int
    trace: RoundTrace

    def pictures(self, cards: Sequence[str]) -> tuple[CardPicture, ...]:
        """Drawings of the cards ``cards`` (notation names)."""
        return tuple(self.pictures_of[c] for c in cards)

    def text(self, card: str) -> str:
        """A card without article ("rode 5", "Schoenpiet")."""
        return card_text(card, self.action_names)

    def the(self, cards: Sequence[str]) -> str:
        """Cards with articles ("de rode 5 en de gele 8")."""
        return the_cards(cards, self.action_names)


def highest_of_others(table: Table, seat: int) -> int:
    """The largest bid among the other players still bidding (SK-B4)."""
    return max(
        (len(b) for s, b in enumerate(table.bids) if s != seat and table.status[s] == IN),
        default=0,
    )


@dataclass
class _Turn:
    """A bidding turn being collected."""

    first: int
    seat: int
    highest: int
    earlier: list[str] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)


@dataclass
class _Builder:
    """Collects the steps of a round part, event by event."""

    ctx: StepContext
    steps: list[Step] = field(default_factory=list)
    turn: _Turn | None = None
    action: tuple[int, int, str] | None = None
    """The action card just bid: (action index, seat, card)."""
    big: list[str] = field(default_factory=list)
    big_first: int = -1
    effect: Effect | None = None

    def add(
        self, text: str, claim: Claim, cards: Sequence[CardPicture] = (), auto: bool = False
    ) -> None:
        """Add a sentence with its claim and card drawings (``auto``: the rules did it)."""
        self.steps.append(Step(text, tuple(cards), automatic=auto, claim=claim))

    # -- events ---------------------------------------------------------------------

    def reveal(self, moment: Moment, event: ev.CardRevealed) -> None:
        """A Pakjeskamer card: the Sint's reveal of a lap, or Amerigo's extra card."""
        if event.lap == 0:
            self.action_effect(moment, event)
            return
        ctx = self.ctx
        sint = ctx.names[moment.before.sint]
        key = "reveal_first" if len(event.room) == 1 else "reveal"
        text = PHRASES[key].format(
            sint=sint,
            card=ctx.text(event.card),
            ordinal=ordinal_word(len(event.room)),
            room=ctx.the(event.room),
        )
        claim = Reveals(moment.index, moment.before.sint, sint, event.card, event.room)
        self.add(text, claim, ctx.pictures((event.card,)), auto=True)

    def card_bid(self, moment: Moment, event: ev.CardBid) -> None:
        """A card laid on a bid: an opening bid, or part of a bidding turn."""
        ctx = self.ctx
        if moment.node[0] == OPEN_SMALL:
            name = ctx.names[event.seat]
            text = PHRASES["opens_small"].format(name=name, card=ctx.text(event.card))
            claim = OpensSmall(moment.index, event.seat, name, event.card)
            self.add(text, claim, ctx.pictures((event.card,)))
            return
        if moment.node[0] == OPEN_BIG:
            self.big_first = moment.index if not self.big else self.big_first
            self.big.append(event.card)
            return
        if self.turn is None:
            self.turn = _Turn(
                moment.index, event.seat, highest_of_others(moment.before, event.seat)
            )
        triggered = any(isinstance(e, ev.ActionTriggered) for e in moment.events)
        if triggered:
            self.turn.earlier.append(event.card)
            self.action = (moment.index, event.seat, event.card)
        else:
            self.turn.cards.append(event.card)

    def action_effect(self, moment: Moment, event: Event) -> None:
        """The sentence for an action card that worked (SK-A1)."""
        ctx = self.ctx
        if self.action is None:
            raise ValueError(f"{event.event_type} without an action card")
        bid_at, seat, card = self.action
        name = ctx.names[seat]
        gained: tuple[str, ...] = ()
        claim: Claim
        if isinstance(event, ev.CardsDrawn):
            effect = PHRASES["effect_draw"].format(name=name, cards=ctx.the(event.cards))
            claim = DrawsCards(bid_at, moment.index, seat, name, card, event.cards)
            gained = event.cards
            moved = Effect(moment.index, seat, card, into_hand=gained, undo="undo_draw")
        elif isinstance(event, ev.RoomSwapped):
            effect = PHRASES["effect_swap"].format(
                name=name, given=ctx.text(event.hand_card), taken=ctx.text(event.room_card)
            )
            claim = SwapsWithRoom(
                bid_at, moment.index, seat, name, card, event.hand_card, event.room_card
            )
            gained = (event.room_card,)
            moved = Effect(
                moment.index,
                seat,
                card,
                into_hand=gained,
                out_of_hand=(event.hand_card,),
                into_room=(event.hand_card,),
                out_of_room=gained,
                undo="undo_swap",
            )
        elif isinstance(event, ev.CardRevealed):
            effect = PHRASES["effect_reveal"].format(
                card=ctx.text(event.card), room=ctx.the(event.room)
            )
            claim = AddsToRoom(bid_at, moment.index, seat, name, card, event.card, event.room)
            gained = (event.card,)
            moved = Effect(moment.index, seat, card, into_room=gained, undo="undo_reveal")
        elif isinstance(event, ev.SintChanged):
            previous = ctx.names[event.previous]
            effect = PHRASES["effect_sint"].format(name=name, previous=previous)
            if _lap_of(moment) < ctx.reveals:
                effect += PHRASES["effect_sint_next"].format(name=name)
            claim = TakesSintCard(bid_at, seat, name, card, event.previous, previous)
            moved = Effect(moment.index, seat, card)
        else:
            raise ValueError(f"no sentence for {event.event_type}")
        text = PHRASES["action"].format(name=name, action=ctx.text(card), effect=effect)
        pictures = [*ctx.pictures((card, *gained))]
        if isinstance(event, ev.SintChanged):
            pictures.append(ctx.small_sint)
        self.add(text, claim, pictures)
        self.effect = moved
        self.action = None

    def turn_end(self, moment: Moment, seat: int, stopped: bool, bid: int) -> None:
        """The sentence for a finished bidding turn (SK-B4).

        The outcome is told from the cards laid: none is a check (or a stop),
        else a raise above the others' highest bid or a call that matches it.
        """
        ctx = self.ctx
        turn = self.turn or _Turn(moment.index, seat, highest_of_others(moment.before, seat))
        self.turn = None
        if stopped:
            outcome = STOP
        elif not turn.earlier and not turn.cards:
            outcome = CHECK
        else:
            outcome = RAISE if bid > turn.highest else CALL
        name = ctx.names[seat]
        kept = len(moment.before.hands[seat])
        bid_text = cards_count(bid)
        if outcome == STOP:
            key = "stop_empty" if bid == 0 else "stop_one" if bid == 1 else "stop"
            text = PHRASES[key].format(name=name, kept=hand_count(kept), bid=bid_text)
        elif outcome == CHECK:
            key = "check_empty" if bid == 0 else "check"
            text = PHRASES[key].format(name=name, bid=bid_text)
        else:
            tail = "tail_raise" if outcome == RAISE else "tail_call"
            if not turn.cards:
                tail_text = PHRASES[tail + "_inverted"].format(name=name, bid=bid_text)
                text = PHRASES["lay_none"].format(tail=tail_text)
            else:
                key = "lay_more" if turn.earlier else "lay"
                text = PHRASES[key].format(
                    name=name,
                    cards=ctx.the(turn.cards),
                    tail=PHRASES[tail].format(bid=bid_text),
                )
        claim = Turn(
            turn.first,
            moment.index,
            seat,
            name,
            tuple(turn.earlier),
            tuple(turn.cards),
            outcome,
            turn.highest,
            bid,
            kept,
        )
        self.add(text, claim, ctx.pictures(turn.cards))

    def big_opening(self, moment: Moment) -> None:
        """The Big Sint's compulsory opening bid ended with ``done`` (SK-W3)."""
        ctx = self.ctx
        seat, target = moment.node[1], moment.node[2]
        name = ctx.names[seat]
        text = PHRASES["opens_big"].format(
            name=name, cards=ctx.the(self.big), count=cards_count(len(self.big))
        )
        claim = OpensBig(self.big_first, moment.index, seat, name, tuple(self.big), target)
        self.add(text, claim, ctx.pictures(self.big))
        self.big = []

    def big_given(self, moment: Moment, event: ev.BigSintGiven) -> None:
        """The Sint hands out the Big Sint (SK-W1)."""
        ctx = self.ctx
        sint, name = ctx.names[event.sint], ctx.names[event.seat]
        text = PHRASES["gives_big"].format(sint=sint, name=name)
        claim = GivesBigSint(moment.index, event.sint, sint, event.seat, name)
        self.add(text, claim, (ctx.small_sint, ctx.big_sint))

    def struck(self, moment: Moment, event: ev.CardStruck) -> None:
        """A Pietje Precies strike (SK-P3), and whether it saves the combination (SK-P1)."""
        ctx = self.ctx
        name = ctx.names[event.seat]
        before = [card_name(c) for c in (*moment.before.hands[event.seat], *moment.before.room)]
        rescues = False
        if not event.card:
            text = PHRASES["strike_none"].format(name=name)
        else:
            after = list(before)
            after.remove(event.card)
            rescues = not worth(ctx, before) and worth(ctx, after)
            key = "strike_rescues" if rescues else "strike"
            text = PHRASES[key].format(name=name, card=ctx.text(event.card))
        claim = Strikes(moment.index, event.seat, name, event.card, rescues)
        cards = ("pietje-precies", event.card) if event.card else ("pietje-precies",)
        self.add(text, claim, ctx.pictures(cards))


def _lap_of(moment: Moment) -> int:
    """The lap a bidding moment belongs to (its node is ``(LAP, lap)``)."""
    return moment.node[1] if len(moment.node) > 1 else 0


def unsupported(events: Sequence[Event]) -> list[str]:
    """The events of a round part that no sentence can tell (the finder skips such rounds)."""
    out = []
    for event in events:
        if isinstance(event, ev.ActionTriggered) and event.card not in SUPPORTED_ACTIONS:
            out.append(f"{event.event_type} {event.card}")
        elif (isinstance(event, ev.CardsDrawn) and event.reason != "schoenpiet") or (
            isinstance(event, ev.SintChanged) and event.reason == "first-stop"
        ):
            out.append(f"{event.event_type} {event.reason}")
        elif isinstance(event, ev.AllIn | ev.RoundTied | ev.BigSintCannotDouble) or not isinstance(
            event, _TOLD
        ):
            out.append(event.event_type)
    return out


_TOLD = (
    *_QUIET,
    ev.CardRevealed,
    ev.CardBid,
    ev.WentAlong,
    ev.Stopped,
    ev.CardsDrawn,
    ev.RoomSwapped,
    ev.SintChanged,
    ev.BigSintGiven,
    ev.CardStruck,
    ev.CombinationShown,
    ev.RoundWon,
)


def bidding_steps(
    ctx: StepContext, moments: Sequence[Moment], scoring_only: bool = False
) -> tuple[list[Step], Effect | None]:
    """The steps of the bidding ``moments`` (reveals, turns, action cards, the opening).

    ``scoring_only``: only the Pietje Precies strikes (for an example that
    starts at the showdown, whose first action may end the last turn).
    """
    b = _Builder(ctx)
    for moment in moments:
        if moment.node[0] == OPEN_BIG and moment.action == DONE:
            b.big_opening(moment)
        for event in moment.events:
            if scoring_only and not isinstance(event, ev.CardStruck):
                continue
            if isinstance(event, ev.CardRevealed):
                b.reveal(moment, event)
            elif isinstance(event, ev.CardBid):
                b.card_bid(moment, event)
            elif isinstance(event, ev.WentAlong | ev.Stopped):
                b.turn_end(moment, event.seat, isinstance(event, ev.Stopped), event.bid)
            elif isinstance(event, ev.CardsDrawn | ev.RoomSwapped) or (
                isinstance(event, ev.SintChanged) and event.reason == "stafpiet"
            ):
                b.action_effect(moment, event)
            elif isinstance(event, ev.BigSintGiven):
                b.big_given(moment, event)
            elif isinstance(event, ev.CardStruck):
                b.struck(moment, event)
    return b.steps, b.effect


def round_steps(
    ctx: StepContext, moments: Sequence[Moment], scoring_only: bool = False
) -> tuple[Step, ...]:
    """The steps of ``moments`` of the focus round: the bidding, then the round's end."""
    steps, effect = bidding_steps(ctx, moments, scoring_only)
    return (*steps, *showdown_steps(ctx, moments, effect))
