"""The sentences of a twaalf-dagen example: one Dutch step per event of the focus trick.

:func:`trick_steps` walks the events of a replayed focus trick and writes each
one shown in the rulebook as a :class:`~pnp.rulebook.example.Step`: a sentence
built from the phrase templates, the drawings of the cards it mentions, and
the claim it makes (:mod:`~pnp.games.twaalf_dagen.example_claims`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pnp.engine.core import Event
from pnp.games.twaalf_dagen.engine import (
    SET,
    SINGLE,
    STRAIGHT,
    CardsReturned,
    GameEnded,
    GiftEarned,
    GiftGiven,
    GiftNotGiven,
    HandWon,
    Passed,
    Played,
    TrickWon,
)
from pnp.games.twaalf_dagen.example_claims import (
    CannotRespond,
    Claim,
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
    kept_straight,
)
from pnp.games.twaalf_dagen.example_phrases import (
    NAMES,
    PHRASES,
    a_card,
    cards_text,
    is_straight,
    straight_text,
    those_cards,
)
from pnp.games.twaalf_dagen.example_trace import Moment, TrickTrace
from pnp.rulebook.dutch import count_phrase, join_words, number_word
from pnp.rulebook.example import CardPicture, Step
from pnp.spec.model import CardRow, GameSpec


@dataclass(frozen=True)
class StepContext:
    """What the phrase builders need besides the event (also the intro's names and trace)."""

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


def _played(ctx: StepContext, moment: Moment, event: Played) -> Step:
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


def _passed(ctx: StepContext, moment: Moment, event: Passed) -> Step:
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
        options=join_words([cards_text(o) for o in options], "of"),
        straight=straight_text(straight),
    )
    claim = PassesToKeepStraight(moment.index, event.seat, name, straight, options)
    return Step(text, claim=claim)


def _kind(cards: Sequence[int]) -> int:
    if len(cards) == 1:
        return SINGLE
    return STRAIGHT if is_straight(cards) else SET


def _trick_won(ctx: StepContext, moment: Moment, event: TrickWon) -> Step:
    name = ctx.names[event.seat]
    earlier = [
        m.seat
        for m in ctx.trace.moments
        if event.low in m.cards and m.index < _last_play(ctx, event)
    ]
    hand_ends = bool(ctx.trace.events(HandWon))
    if earlier:
        text = PHRASES["trick_won_tie"].format(
            others=join_words([ctx.names[s] for s in earlier]),
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


def _last_play(ctx: StepContext, event: TrickWon) -> int:
    """Index of the winner's play in this trick."""
    return next(m.index for m in ctx.trace.moments if m.seat == event.seat and m.cards)


def _cards_returned(ctx: StepContext, moment: Moment, event: CardsReturned) -> Step:
    name = ctx.names[event.seat]
    played_at = next(m.index for m in ctx.trace.moments if m.seat == event.seat)
    key = "takes_back_one" if len(event.cards) == 1 else "takes_back"
    text = PHRASES[key].format(name=name, cards=those_cards(event.cards))
    claim = TakesBack(moment.index, played_at, event.seat, name, event.cards)
    return Step(text, ctx.pictures(event.cards), automatic=True, claim=claim)


def _hand_won(ctx: StepContext, moment: Moment, event: HandWon) -> Step:
    name = ctx.names[event.seat]
    n = len(event.cards_left)
    others = [(event.seat + k) % n for k in range(1, n)]
    left = join_words(
        [f"{ctx.names[s]} {count_phrase(event.cards_left[s], 'kaart', 'kaarten')}" for s in others]
    )
    claim = WinsHand(moment.index, event.seat, name, event.cards_left, ctx.names)
    return Step(PHRASES["hand_won"].format(name=name, left=left), automatic=True, claim=claim)


def _gift_earned(ctx: StepContext, moment: Moment, event: GiftEarned) -> Step:
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


def _gift_given(ctx: StepContext, moment: Moment, event: GiftGiven) -> Step:
    key = "gift_given_also" if _most_cards_before(moment, event) else "gift_given"
    giver, receiver = ctx.names[event.giver], ctx.names[event.receiver]
    text = PHRASES[key].format(
        giver=giver, receiver=receiver, count=count_phrase(event.cards_left, "kaart", "kaarten")
    )
    claim = GivesGift(moment.index, event.giver, giver, event.receiver, receiver, event.cards_left)
    return Step(text, ctx.gift(), automatic=True, claim=claim)


def _gift_not_given(ctx: StepContext, moment: Moment, event: GiftNotGiven) -> Step:
    key = "gift_not_given_also" if _most_cards_before(moment, event) else "gift_not_given"
    name = ctx.names[event.seat]
    text = PHRASES[key].format(giver=name, count=count_phrase(event.cards_left, "kaart", "kaarten"))
    claim = HasNoGiftToGive(moment.index, event.seat, name, event.cards_left)
    return Step(text, automatic=True, claim=claim)


def _game_ended(ctx: StepContext, moment: Moment, event: GameEnded) -> Step:
    names = tuple(ctx.names[s] for s in event.winners)
    top = event.gifts[event.winners[0]]
    gifts = count_phrase(top, "geschenk", "geschenken")
    key = "game_won" if len(names) == 1 else "game_shared"
    text = PHRASES[key].format(
        hands=number_word(event.hands), name=names[0], names=join_words(names), gifts=gifts
    )
    claim = WinsGame(moment.index, event.winners, names, top, event.hands)
    return Step(text, automatic=True, claim=claim)


def _step(ctx: StepContext, moment: Moment, event: Event) -> Step | None:
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


def step_context(spec: GameSpec, trace: TrickTrace) -> StepContext:
    """The names, card names and card drawings the steps of ``trace`` use, from the spec."""
    rows: dict[int, CardRow] = {}
    for row in spec.component("deck").rows:
        rows.setdefault(row.number("number"), row)
    return StepContext(
        names=_names(trace),
        card_names={n: row.text("name") for n, row in rows.items()},
        card_rows={n: row.id for n, row in rows.items()},
        gift_row=spec.component("gifts").rows[0].id,
        trace=trace,
    )


def trick_steps(ctx: StepContext) -> tuple[Step, ...]:
    """The steps of the focus trick ``ctx.trace``, one per event shown, in order."""
    steps = (_step(ctx, moment, event) for moment in ctx.trace.moments for event in moment.events)
    return tuple(step for step in steps if step is not None)
