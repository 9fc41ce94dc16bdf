"""The sentences of a twaalf-dagen example: one Dutch step per event of the focus trick.

Each handler of :data:`HANDLERS` tells one event type as a
:class:`~pnp.example_model.Step`: a sentence from the phrase file
(``cardspecs/twaalf-dagen/rulebook/voorbeelden.toml``), the drawings of the
cards it mentions and the claim it makes
(:mod:`~pnp.games.twaalf_dagen.example_claims`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import takewhile

from pnp.engine.core import Event
from pnp.example_model import CardPicture, Step
from pnp.games.twaalf_dagen import engine as td
from pnp.games.twaalf_dagen import example_claims as c
from pnp.games.twaalf_dagen.example_trace import Faced, Play, TrickScene
from pnp.spec.model import CardRow, GameSpec
from pnp.story import Handlers, Phrases, on


def is_straight(cards: Sequence[int]) -> bool:
    """True for two or more consecutive numbers (a straight, not a set)."""
    return len(cards) > 1 and cards[0] != cards[-1]


def cards_text(
    phrases: Phrases,
    cards: Sequence[int],
    names: Mapping[int, str] | None = None,
    key: str = "cards",
) -> str:
    """Cards in Dutch: "vier elven (Fluitspelers)", "een 3", "de reeks 3-4".

    Card values are digits (GAMES.md, Words in the rulebooks); a set is counted in words
    with the number's plural ("vier elven"), as a plural of a digit reads badly.

    With ``names`` (number -> card name) sets and single cards also name the
    card; ``key="those"`` writes cards mentioned before ("die twee vijven", "die 9").
    """
    if is_straight(cards):
        return phrases.say(f"{key}_straight", numbers="-".join(map(str, cards)))
    if len(cards) == 1:
        one = "card_one" if key == "cards" else "those_one"
        text = phrases.say(one, number=cards[0])
    else:
        text = phrases.say(
            f"{key}_set",
            count=phrases.language.number_word(len(cards)),
            plural=phrases.language.plural_number(cards[0]),
        )
    if names is not None and cards[0] in names:
        text = phrases.say("cards_named", cards=text, name=names[cards[0]])
    return text


def deck_rows(spec: GameSpec) -> dict[int, CardRow]:
    """The deck's first row of each card number."""
    return {row.number("number"): row for row in reversed(spec.component("deck").rows)}


def _cards(scene: TrickScene, cards: Sequence[int], named: bool = False) -> str:
    names = {n: row.text("name") for n, row in deck_rows(scene.spec).items()} if named else None
    return cards_text(scene.phrases, cards, names)


def _pictures(scene: TrickScene, cards: Sequence[int]) -> tuple[CardPicture, ...]:
    rows = deck_rows(scene.spec)
    return tuple(CardPicture("deck", rows[n].id) for n in cards)


def _gift(scene: TrickScene) -> tuple[CardPicture, ...]:
    return (CardPicture("gifts", scene.spec.component("gifts").rows[0].id),)


def _played(scene: TrickScene, moment: Play, event: td.Played) -> Step:
    name, last = scene.names[event.seat], not event.cards_left
    cards = _cards(scene, event.cards, named=True)
    claim: c.Leads | c.Responds
    if event.lead:
        key = "lead_single" if len(event.cards) == 1 else "lead"
        text = scene.say(key, name=name, cards=cards, low=_cards(scene, (min(event.cards),)))
        claim = c.Leads(moment.index, event.seat, name, event.cards, last)
    else:
        low, best = min(event.cards), moment.before.best_low
        standing = "lowest" if low < best else "tie" if low == best else "higher"
        other = None if standing == "lowest" else moment.before.best_seat
        other_name = None if other is None else scene.names[other]
        text = scene.say(f"respond_{standing}", name=name, cards=cards, other=other_name)
        said = (moment.index, event.seat, name, event.cards, standing, other, other_name, last)
        lead = scene.segment.moments[0].before.cards
        answered = any(m.before.cards for m in scene.segment.moments[1:] if m.index < moment.index)
        if is_straight(lead) and is_straight(event.cards) and not answered:
            text += _straight_note(scene, lead, event.cards)
            above = tuple(n for n in event.cards if n > min(lead))
            claim = c.AnswersStraight(*said, min(lead), len(lead), above)
        else:
            claim = c.Responds(*said)
    if last:
        text += scene.say("last_cards", name=name)
    return Step(text, _pictures(scene, event.cards), claim=claim)


def _straight_note(scene: TrickScene, lead: Sequence[int], cards: Sequence[int]) -> str:
    """Why a straight may answer a straight: one card not higher than the low card is
    enough, and the length may differ (TD-B3)."""
    lead_low = min(lead)
    above = [n for n in cards if n > lead_low]
    text = ""
    if above:
        key = "answer_above_one" if len(above) == 1 else "answer_above_more"
        text += scene.say(
            key,
            low=min(cards),
            lead_low=lead_low,
            above=scene.language.join_words([scene.say("the_card", number=n) for n in above]),
        )
    if len(cards) != len(lead):
        text += scene.say("answer_longer" if len(cards) > len(lead) else "answer_shorter")
    return text


def _held_not_low_enough(hand: Sequence[int], kind: int) -> tuple[int, ...]:
    """The lowest set (for a set lead) or straight (straight lead) in ``hand``, else ()."""
    if kind == td.STRAIGHT:
        return next(iter(c.straights(hand, shortest=2)), ())
    sets = [n for n in sorted(set(hand)) if hand.count(n) >= 2]
    return (sets[0],) * hand.count(sets[0]) if kind == td.SET and sets else ()


_CANNOT = {td.SINGLE: "cannot_single", td.SET: "cannot_set", td.STRAIGHT: "cannot_straight"}


def _passed(scene: TrickScene, moment: Play, event: td.Passed) -> Step:
    name, faced = scene.names[event.seat], moment.before
    lead = scene.segment.moments[0].before.cards
    low = min(lead)
    kind = td.SINGLE if len(lead) == 1 else td.STRAIGHT if is_straight(lead) else td.SET
    if event.forced:
        held = _held_not_low_enough(faced.hand, kind)
        key = _CANNOT[kind] + ("_held" if held else "")
        held_text = _cards(scene, held, named=True) if held else ""
        text = scene.say(key, name=name, low=low, held=held_text)
        return Step(text, claim=c.CannotRespond(moment.index, event.seat, name, low, held))
    straight = c.kept_straight(faced.hand, faced.responses)
    if straight is None:
        return Step(scene.say("pass", name=name), claim=c.Passes(moment.index, event.seat, name))
    options = faced.responses
    text = scene.say(
        "keep_straight",
        name=name,
        options=scene.language.join_words([_cards(scene, o) for o in options], "of"),
        straight=_cards(scene, straight),
    )
    claim = c.PassesToKeepStraight(moment.index, event.seat, name, straight, options)
    return Step(text, claim=claim)


def _trick_won(scene: TrickScene, moment: Play, event: td.TrickWon) -> Step:
    name, trick = scene.names[event.seat], scene.segment
    won_at = next(m.index for m in trick.moments if m.actor == event.seat and m.before.cards)
    earlier = [m.actor for m in trick.moments if event.low in m.before.cards and m.index < won_at]
    hand_ends = trick.has(td.HandWon)
    if earlier:
        text = scene.say(
            "trick_won_tie",
            others=scene.language.join_words([scene.names[s] for s in earlier]),
            name=name,
            all=scene.say("tie_two" if len(earlier) == 1 else "tie_more"),
            low=_cards(scene, (event.low,)),
        )
    else:
        text = scene.say("trick_won", name=name, low=_cards(scene, (event.low,)))
    returned = trick.has(td.CardsReturned)
    next_key = "trick_last" if hand_ends else "trick_next_returned" if returned else "trick_next"
    text += scene.say(next_key, name=name)
    names = tuple(scene.names[s] for s in earlier)
    claim = c.WinsTrick(
        moment.index, event.seat, name, trick.first, event.low, tuple(earlier), names, hand_ends
    )
    return Step(text, automatic=True, claim=claim)


def _cards_returned(scene: TrickScene, moment: Play, event: td.CardsReturned) -> Step:
    name = scene.names[event.seat]
    played_at = next(m.index for m in scene.segment.moments if m.actor == event.seat)
    key = "takes_back_one" if len(event.cards) == 1 else "takes_back"
    those = cards_text(scene.phrases, event.cards, key="those")
    claim = c.TakesBack(moment.index, event.seat, name, played_at, event.cards)
    return Step(scene.say(key, name=name, cards=those), _pictures(scene, event.cards), True, claim)


def _hand_won(scene: TrickScene, moment: Play, event: td.HandWon) -> Step:
    name, n = scene.names[event.seat], len(event.cards_left)
    others = [(event.seat + k) % n for k in range(1, n)]
    left = [f"{scene.names[s]} {scene.count('kaart', event.cards_left[s])}" for s in others]
    text = scene.say("hand_won", name=name, left=scene.language.join_words(left))
    claim = c.WinsHand(moment.index, event.seat, name, event.cards_left, scene.names)
    return Step(text, automatic=True, claim=claim)


def _gift_earned(scene: TrickScene, moment: Play, event: td.GiftEarned) -> Step:
    name = scene.names[event.seat]
    key = "gift_earned" if event.supply else "gift_earned_last"
    text = scene.say(key, name=name, supply=scene.language.number_word(event.supply))
    claim = c.EarnsGift(moment.index, event.seat, name, event.supply)
    return Step(text, _gift(scene), automatic=True, claim=claim)


def _also(moment: Play, event: Event) -> str:
    """ "_also" if another most-cards player was told before ``event`` in this action."""
    earlier = takewhile(lambda e: e is not event, moment.events)
    return "_also" if any(isinstance(e, td.GiftGiven | td.GiftNotGiven) for e in earlier) else ""


def _gift_given(scene: TrickScene, moment: Play, event: td.GiftGiven) -> Step:
    giver, receiver = scene.names[event.giver], scene.names[event.receiver]
    key, count = f"gift_given{_also(moment, event)}", scene.count("kaart", event.cards_left)
    text = scene.say(key, giver=giver, receiver=receiver, count=count)
    claim = c.GivesGift(
        moment.index, event.giver, giver, event.receiver, receiver, event.cards_left
    )
    return Step(text, _gift(scene), automatic=True, claim=claim)


def _gift_not_given(scene: TrickScene, moment: Play, event: td.GiftNotGiven) -> Step:
    name, count = scene.names[event.seat], scene.count("kaart", event.cards_left)
    text = scene.say(f"gift_not_given{_also(moment, event)}", giver=name, count=count)
    claim = c.HasNoGiftToGive(moment.index, event.seat, name, event.cards_left)
    return Step(text, automatic=True, claim=claim)


def _game_ended(scene: TrickScene, moment: Play, event: td.GameEnded) -> Step:
    names = tuple(scene.names[s] for s in event.winners)
    top = event.gifts[event.winners[0]]
    text = scene.say(
        "game_won" if len(names) == 1 else "game_shared",
        hands=scene.language.number_word(event.hands),
        name=names[0],
        names=scene.language.join_words(names),
        gifts=scene.count("geschenk", top),
    )
    claim = c.WinsGame(moment.index, event.winners, names, top, event.hands)
    return Step(text, automatic=True, claim=claim)


HANDLERS: Handlers[TrickScene, td.Action, Faced] = Handlers(
    on(td.Played, _played),
    on(td.Passed, _passed),
    on(td.TrickWon, _trick_won),
    on(td.CardsReturned, _cards_returned),
    on(td.HandWon, _hand_won),
    on(td.GiftEarned, _gift_earned),
    on(td.GiftGiven, _gift_given),
    on(td.GiftNotGiven, _gift_not_given),
    on(td.GameEnded, _game_ended),
)
"""The sentence of each event the examples tell, in the order the events come."""
