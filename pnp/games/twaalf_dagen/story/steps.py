"""The sentences of a twaalf-dagen example: one phrase per event of the focus trick.

Each event is told with the phrase of its kind (``voorbeelden.toml``; a case of it where
the sentence says more, ``respond_tie``), filled from its fields, and claims that the
record's action caused it (:class:`~pnp.story.told.Happened`). What a sentence says
beyond its event comes from the functions of :data:`FACTS`, which the claim check calls
again on a fresh replay: the lowest card before an answer, the lead, the cards of a
player who cannot answer, the straight a pass keeps.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import groupby, takewhile

from pnp.engine.core import Event
from pnp.example_model import CardPicture, Step
from pnp.games.twaalf_dagen.kit.spec_config import deck_rows
from pnp.games.twaalf_dagen.rules.actions import PASS, SET, SINGLE, STRAIGHT, Action, play_cards
from pnp.games.twaalf_dagen.rules.events import (
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
from pnp.games.twaalf_dagen.rules.state import TwaalfDagenState
from pnp.games.twaalf_dagen.story.trace import Faced, Play, TrickScene
from pnp.story import Handlers, Phrases, on
from pnp.story.told import Fact, Facts, Telling

MIN_STRAIGHT = 3
"""Shortest run of consecutive numbers that counts as a straight worth keeping."""


def straights(hand: Sequence[int], shortest: int = MIN_STRAIGHT) -> list[tuple[int, ...]]:
    """The maximal runs of at least ``shortest`` consecutive numbers in ``hand``, lowest first."""
    numbered = enumerate(sorted(set(hand)))
    runs = [tuple(n for _, n in run) for _, run in groupby(numbered, lambda p: p[1] - p[0])]
    return [run for run in runs if len(run) >= shortest]


def kept_straight(
    hand: Sequence[int], responses: Sequence[Sequence[int]]
) -> tuple[int, ...] | None:
    """The lowest straight of ``hand`` that every response (non-pass cards) breaks: each takes
    the last copy of some number of it; ``None`` if there is none."""
    kept = [
        run
        for run in straights(hand)
        if all(any(r.count(n) >= hand.count(n) for n in run) for r in responses)
    ]
    return kept[0] if kept and responses else None


def responses(state: TwaalfDagenState) -> tuple[tuple[int, ...], ...]:
    """The cards of every legal answer of the player to act (passing aside)."""
    return tuple(play_cards(a) for a in state.legal_actions() if a != PASS)


def lowest_so_far(state: TwaalfDagenState) -> tuple[int, int]:
    """The lowest card played in the trick so far and the seat that played it last (TD-B4)."""
    return state.best_low, state.best_seat


def lead(state: TwaalfDagenState) -> tuple[int, ...]:
    """The cards the trick was led with."""
    return play_cards(state.trick[0][1])


def low_holders(state: TwaalfDagenState, low: int) -> tuple[int, ...]:
    """The seats that played card ``low`` in the trick so far, in playing order."""
    return tuple(seat for seat, action in state.trick if low in play_cards(action))


def held_not_low_enough(state: TwaalfDagenState, seat: int) -> tuple[int, ...]:
    """The lowest set (set lead) or straight (straight lead) in ``seat``'s hand: cards of the
    lead's kind that are not low enough to answer; empty when there are none."""
    hand = state.hand_cards(seat)
    if state.lead_kind == STRAIGHT:
        return next(iter(straights(hand, shortest=2)), ())
    sets = [n for n in sorted(set(hand)) if hand.count(n) >= 2]
    return (sets[0],) * hand.count(sets[0]) if state.lead_kind == SET and sets else ()


def keeps(state: TwaalfDagenState, seat: int) -> tuple[int, ...] | None:
    """The straight a pass of ``seat`` keeps whole (:func:`kept_straight`), if any."""
    return kept_straight(state.hand_cards(seat), responses(state))


def hand_size(state: TwaalfDagenState, seat: int) -> int:
    """How many cards ``seat`` holds."""
    return state.sizes[seat]


FACTS: Facts[TwaalfDagenState] = Facts(
    responses, lowest_so_far, lead, low_holders, held_not_low_enough, keeps, hand_size
)
"""The functions whose values the sentences state beyond their events."""


@dataclass(frozen=True)
class ToldTrick:
    """A trick being told: its scene and the telling of its record's events."""

    scene: TrickScene
    telling: Telling[TwaalfDagenState]

    def cards(self, cards: Sequence[int], named: bool = False) -> str:
        """Cards in words, with the card's name when ``named``."""
        rows = deck_rows(self.scene.spec) if named else {}
        names = {n: row.text("name") for n, row in rows.items()} if named else None
        return cards_text(self.scene.phrases, cards, names)

    def pictures(self, cards: Sequence[int]) -> tuple[CardPicture, ...]:
        """The drawings of ``cards``."""
        rows = deck_rows(self.scene.spec)
        return tuple(CardPicture("deck", rows[n].id) for n in cards)

    def gift(self) -> tuple[CardPicture, ...]:
        """The drawing of a gift card."""
        return (CardPicture("gifts", self.scene.spec.component("gifts").rows[0].id),)


def is_straight(cards: Sequence[int]) -> bool:
    """True for two or more consecutive numbers (a straight, not a set)."""
    return len(cards) > 1 and cards[0] != cards[-1]


def cards_text(
    phrases: Phrases,
    cards: Sequence[int],
    names: Mapping[int, str] | None = None,
    key: str = "cards",
) -> str:
    """Cards in words: "vier elven (Fluitspelers)", "een 3", "de reeks 3-4".

    Card values are digits (GAMES.md, Words in the rulebooks); a set is counted in words
    with the number's plural ("vier elven"), as a plural of a digit reads badly.
    With ``names`` (number -> card name) sets and single cards also name the card;
    ``key="those"`` writes cards mentioned before ("die twee vijven", "die 9").
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


def _played(t: ToldTrick, moment: Play, event: Played) -> Step:
    scene, at = t.scene, moment.index
    name, cards = scene.names[event.seat], t.cards(event.cards, named=True)
    if event.lead:
        key = "lead_single" if len(event.cards) == 1 else "lead"
        text = scene.say(key, name=name, cards=cards, low=t.cards((min(event.cards),)))
        facts: tuple[Fact, ...] = ()
    else:
        (best_low, best_seat), best = t.telling.fact(at, lowest_so_far)
        low = min(event.cards)
        standing = "lowest" if low < best_low else "tie" if low == best_low else "higher"
        other = None if standing == "lowest" else scene.names[best_seat]
        key = f"respond_{standing}"
        text = scene.say(key, name=name, cards=cards, other=other)
        facts = (best,)
        opened = scene.segment.moments[0].before.cards
        answered = any(m.before.cards for m in scene.segment.moments[1:] if m.index < at)
        if is_straight(opened) and is_straight(event.cards) and not answered:
            lead_cards, led = t.telling.fact(at, lead)
            note, notes = _straight_note(t, lead_cards, event.cards)
            text += note
            key, facts = (notes[0] if notes else key), (best, led)
    if not event.cards_left:
        text += scene.say("last_cards", name=name)
    claim = t.telling.happened(at, event, key, *facts)
    return Step(text, t.pictures(event.cards), claim=claim)


def _straight_note(
    t: ToldTrick, lead_cards: Sequence[int], cards: Sequence[int]
) -> tuple[str, list[str]]:
    """Why a straight may answer a straight: one card not higher than the low card is
    enough, and the length may differ (TD-B3); with the phrases it is told with."""
    lead_low = min(lead_cards)
    above = [n for n in cards if n > lead_low]
    text, keys = "", []
    if above:
        keys.append("answer_above_one" if len(above) == 1 else "answer_above_more")
        words = [t.scene.say("the_card", number=n) for n in above]
        text += t.scene.say(
            keys[-1], low=min(cards), lead_low=lead_low, above=t.scene.language.join_words(words)
        )
    if len(cards) != len(lead_cards):
        keys.append("answer_longer" if len(cards) > len(lead_cards) else "answer_shorter")
        text += t.scene.say(keys[-1])
    return text, keys


_CANNOT = {SINGLE: "cannot_single", SET: "cannot_set", STRAIGHT: "cannot_straight"}


def _passed(t: ToldTrick, moment: Play, event: Passed) -> Step:
    scene, at, name = t.scene, moment.index, t.scene.names[event.seat]
    opened = scene.segment.moments[0].before.cards
    low = min(opened)
    if event.forced:
        cards, held = t.telling.fact(at, held_not_low_enough, event.seat)
        kind = SINGLE if len(opened) == 1 else STRAIGHT if is_straight(opened) else SET
        key = _CANNOT[kind] + ("_held" if cards else "")
        held_text = t.cards(cards, named=True) if cards else ""
        text = scene.say(key, name=name, low=low, held=held_text)
        return Step(text, claim=t.telling.happened(at, event, key, held))
    straight, kept = t.telling.fact(at, keeps, event.seat)
    if straight is None:
        return Step(scene.say("pass", name=name), claim=t.telling.happened(at, event, "pass"))
    answers, options = t.telling.fact(at, responses)
    text = scene.say(
        "keep_straight",
        name=name,
        options=scene.language.join_words([t.cards(o) for o in answers], "of"),
        straight=t.cards(straight),
    )
    return Step(text, claim=t.telling.happened(at, event, "keep_straight", kept, options))


def _trick_won(t: ToldTrick, moment: Play, event: TrickWon) -> Step:
    scene, trick, at = t.scene, t.scene.segment, moment.index
    name = scene.names[event.seat]
    seats, holders = t.telling.fact(at, low_holders, event.low)
    earlier = list(takewhile(lambda seat: seat != event.seat, seats))
    if earlier:
        key = "trick_won_tie"
        text = scene.say(
            key,
            others=scene.language.join_words([scene.names[s] for s in earlier]),
            name=name,
            all=scene.say("tie_two" if len(earlier) == 1 else "tie_more"),
            low=t.cards((event.low,)),
        )
    else:
        key = "trick_won"
        text = scene.say(key, name=name, low=t.cards((event.low,)))
    cards_left, left = t.telling.fact(at, hand_size, event.seat, after=True)
    returned = trick.has(CardsReturned)
    after = "trick_last" if not cards_left else "trick_next_returned" if returned else "trick_next"
    text += scene.say(after, name=name)
    claim = t.telling.happened(at, event, key, holders, left)
    return Step(text, automatic=True, claim=claim)


def _cards_returned(t: ToldTrick, moment: Play, event: CardsReturned) -> Step:
    name = t.scene.names[event.seat]
    key = "takes_back_one" if len(event.cards) == 1 else "takes_back"
    those = cards_text(t.scene.phrases, event.cards, key="those")
    text = t.scene.say(key, name=name, cards=those)
    return Step(text, t.pictures(event.cards), True, t.telling.happened(moment.index, event, key))


def _hand_won(t: ToldTrick, moment: Play, event: HandWon) -> Step:
    scene, n = t.scene, len(event.cards_left)
    others = [(event.seat + k) % n for k in range(1, n)]
    left = [f"{scene.names[s]} {scene.count('kaart', event.cards_left[s])}" for s in others]
    text = scene.say("hand_won", name=scene.names[event.seat], left=scene.language.join_words(left))
    return Step(text, automatic=True, claim=t.telling.happened(moment.index, event, "hand_won"))


def _gift_earned(t: ToldTrick, moment: Play, event: GiftEarned) -> Step:
    key = "gift_earned" if event.supply else "gift_earned_last"
    supply = t.scene.language.number_word(event.supply)
    text = t.scene.say(key, name=t.scene.names[event.seat], supply=supply)
    return Step(text, t.gift(), automatic=True, claim=t.telling.happened(moment.index, event, key))


def _also(moment: Play, event: Event) -> str:
    """ "_also" if another most-cards player was told before ``event`` in this action."""
    earlier = takewhile(lambda e: e is not event, moment.events)
    return "_also" if any(isinstance(e, GiftGiven | GiftNotGiven) for e in earlier) else ""


def _gift_given(t: ToldTrick, moment: Play, event: GiftGiven) -> Step:
    giver, receiver = t.scene.names[event.giver], t.scene.names[event.receiver]
    key, count = f"gift_given{_also(moment, event)}", t.scene.count("kaart", event.cards_left)
    text = t.scene.say(key, giver=giver, receiver=receiver, count=count)
    return Step(text, t.gift(), automatic=True, claim=t.telling.happened(moment.index, event, key))


def _gift_not_given(t: ToldTrick, moment: Play, event: GiftNotGiven) -> Step:
    key, count = f"gift_not_given{_also(moment, event)}", t.scene.count("kaart", event.cards_left)
    text = t.scene.say(key, giver=t.scene.names[event.seat], count=count)
    return Step(text, automatic=True, claim=t.telling.happened(moment.index, event, key))


def _game_ended(t: ToldTrick, moment: Play, event: GameEnded) -> Step:
    scene = t.scene
    names = tuple(scene.names[s] for s in event.winners)
    key = "game_won" if len(names) == 1 else "game_shared"
    text = scene.say(
        key,
        hands=scene.language.number_word(event.hands),
        name=names[0],
        names=scene.language.join_words(names),
        gifts=scene.count("geschenk", event.gifts[event.winners[0]]),
    )
    return Step(text, automatic=True, claim=t.telling.happened(moment.index, event, key))


HANDLERS: Handlers[ToldTrick, Action, Faced] = Handlers(
    on(Played, _played),
    on(Passed, _passed),
    on(TrickWon, _trick_won),
    on(CardsReturned, _cards_returned),
    on(HandWon, _hand_won),
    on(GiftEarned, _gift_earned),
    on(GiftGiven, _gift_given),
    on(GiftNotGiven, _gift_not_given),
    on(GameEnded, _game_ended),
)
"""The sentence of each event the examples tell, in the order the events come."""
