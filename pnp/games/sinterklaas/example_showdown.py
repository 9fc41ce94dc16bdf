"""The end of a round in an example: every combination, who wins and why (SK-B5, SK-B7, SK-B8).

:func:`showdown_steps` writes the sentences for the events that end the focus
round: one per remaining player's best combination (with the cards that make
it and the sum of their numbers), then who wins the bid pile and why — more
cards, a number before a colour, the higher total, or (Pietje Precies) the
only combination worth anything — or that only one player was left.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pnp.games.sinterklaas import events as ev
from pnp.games.sinterklaas.cards import COLOURS, card_name, parse_card
from pnp.games.sinterklaas.combinations import best_combination
from pnp.games.sinterklaas.example_claims import (
    BY_COUNT,
    BY_KIND,
    BY_TOTAL,
    ONLY_ONE,
    LastOneLeft,
    Shows,
    WinsShowdown,
)
from pnp.games.sinterklaas.example_phrases import (
    KIND_WORDS,
    PHRASES,
    cards_count,
    combination_text,
    count_kind_text,
    hand_count,
    sum_text,
)
from pnp.games.sinterklaas.example_trace import Moment
from pnp.rulebook.dutch import number_word
from pnp.rulebook.example import Step

if TYPE_CHECKING:
    from pnp.games.sinterklaas.example_steps import StepContext

KIND_RANK = {"none": -1, "straight": 0, "colour": 1, "number": 2}
"""SK-B7 (and the SK-P2 DECISION): on equal count a number beats a colour beats a straight."""


@dataclass(frozen=True)
class Effect:
    """What an action card moved (SK-A1): at action ``at``, for ``seat``, with ``card``.

    ``into_hand``/``out_of_hand``: cards that came into / left ``seat``'s hand;
    ``into_room``/``out_of_room``: the same for the Pakjeskamer; ``undo``: the
    phrase key of "without it" ("zonder die ruil" …).
    """

    at: int
    seat: int
    card: str
    into_hand: tuple[str, ...] = ()
    out_of_hand: tuple[str, ...] = ()
    into_room: tuple[str, ...] = ()
    out_of_room: tuple[str, ...] = ()
    undo: str = ""


def combination_cards(ctx: StepContext, shown: ev.CombinationShown) -> tuple[str, ...]:
    """The cards of a shown combination, from its scoring cards and its kind and value."""
    table = ctx.table
    if shown.kind == "colour":
        colour = COLOURS.index(shown.value)
        return tuple(c for c in shown.cards if table.colour[parse_card(c)] == colour)
    if shown.kind == "number":
        number = int(shown.value)
        return tuple(c for c in shown.cards if table.number[parse_card(c)] == number)
    if shown.kind == "straight":
        return tuple(sorted(shown.cards, key=lambda c: table.number[parse_card(c)]))
    return ()


def rank(shown: ev.CombinationShown) -> tuple[int, int, int]:
    """The order of combinations (SK-B7): count, then kind, then total."""
    return (shown.count, KIND_RANK[shown.kind], shown.total)


def _key(ctx: StepContext, cards: Sequence[str]) -> tuple[int, int, int]:
    table = ctx.table
    codes = [parse_card(c) for c in cards]
    combo = best_combination(
        [table.colour[c] for c in codes], [table.number[c] for c in codes], ctx.precise
    )
    return (combo.count, combo.kind, combo.total) if combo.count else (0, -1, 0)


def worth(ctx: StepContext, cards: Sequence[str]) -> bool:
    """True if ``cards`` make a combination worth something under the configured rules."""
    return _key(ctx, cards)[0] > 0


def _moved(cards: Sequence[str], out: Sequence[str], back: Sequence[str]) -> list[str]:
    """``cards`` without ``out`` (where present) and with ``back``."""
    rest = list(cards)
    for card in out:
        if card in rest:
            rest.remove(card)
    return [*rest, *back]


def decisive(ctx: StepContext, moment: Moment, seats: Sequence[int], effect: Effect) -> bool:
    """True if, with the cards the action moved put back, ``effect.seat`` would not have won.

    Every other card stays where it is at the showdown (a tie is no win).
    """
    table = moment.before
    room = _moved(names(table.room), effect.into_room, effect.out_of_room)
    keys = {}
    for seat in seats:
        hand = names(table.hands[seat])
        if seat == effect.seat:
            hand = _moved(hand, effect.into_hand, effect.out_of_hand)
        keys[seat] = _key(ctx, [*hand, *room])
    return keys[effect.seat] <= max(k for seat, k in keys.items() if seat != effect.seat)


def names(cards: Sequence[int]) -> list[str]:
    """Card codes as notation names."""
    return [card_name(c) for c in cards]


def _shows(ctx: StepContext, moment: Moment, shown: ev.CombinationShown, struck: str) -> Step:
    name = ctx.names[shown.seat]
    hand = tuple(card_name(c) for c in moment.before.hands[shown.seat])
    cards = combination_cards(ctx, shown)
    numbers = sorted(ctx.table.number[parse_card(c)] for c in cards)
    value: str | int = shown.value if shown.kind == "colour" else int(shown.value or 0)
    if shown.kind == "none":
        key = "shows_nothing"
    elif ctx.precise:
        key = "shows_precies_struck" if struck else "shows_precies"
    else:
        key = "shows"
    text = PHRASES[key].format(
        name=name,
        hand=ctx.the(hand),
        struck=ctx.text(struck) if struck else "",
        combination=combination_text(shown.kind, shown.count, value) if cards else "",
        sum=sum_text(numbers) if numbers else "",
    )
    claim = Shows(moment.index, shown.seat, name, hand, struck, shown.kind, cards, shown.total)
    return Step(text, ctx.pictures(cards), automatic=True, claim=claim)


def _sint_phrase(moment: Moment, seat: int) -> str:
    return PHRASES["stays_sint" if moment.before.sint == seat else "becomes_sint"]


def _wins(
    ctx: StepContext,
    moment: Moment,
    won: ev.RoundWon,
    shown: Sequence[ev.CombinationShown],
    effect: Effect | None,
) -> Step:
    name = ctx.names[won.seat]
    mine = next(s for s in shown if s.seat == won.seat)
    best = max((s for s in shown if s.seat != won.seat), key=rank)
    if best.kind == "none":
        reason = ONLY_ONE
    elif mine.count > best.count:
        reason = BY_COUNT
    elif mine.kind != best.kind:
        reason = BY_KIND
    else:
        reason = BY_TOTAL
    other = ctx.names[best.seat]
    despite = ""
    if reason == BY_KIND and best.total > mine.total:
        despite = PHRASES["wins_kind_despite"].format(
            other=other, other_total=best.total, total=mine.total
        )
    text = PHRASES[f"wins_{reason}"].format(
        name=name,
        other=other,
        count=cards_count(mine.count),
        other_count=number_word(best.count),
        count_kind=count_kind_text(mine.kind, mine.count),
        kind=KIND_WORDS.get(mine.kind, ""),
        other_kind=KIND_WORDS.get(best.kind, ""),
        despite=despite,
        total=mine.total,
        other_total=best.total,
        pile=cards_count(len(won.pile)),
        sint=_sint_phrase(moment, won.seat),
    )
    gained, is_decisive, effect_at = "", False, -1
    if effect is not None and effect.seat == won.seat:
        brought = [*effect.into_hand, *effect.into_room]
        in_combination = [c for c in brought if c in combination_cards(ctx, mine)]
        if in_combination:
            gained, effect_at = in_combination[0], effect.at
            is_decisive = decisive(ctx, moment, [s.seat for s in shown], effect)
            text += PHRASES["gained"].format(card=ctx.text(gained), action=ctx.text(effect.card))
            if is_decisive:
                text += PHRASES["decisive"].format(undo=PHRASES[effect.undo], name=name)
    claim = WinsShowdown(
        moment.index,
        won.seat,
        name,
        reason,
        best.seat,
        other,
        mine.count,
        best.count,
        mine.total,
        best.total,
        len(won.pile),
        gained,
        effect_at,
        is_decisive,
    )
    return Step(text, (ctx.small_sint,), automatic=True, claim=claim)


def _one_left(ctx: StepContext, moment: Moment, won: ev.RoundWon) -> Step:
    name = ctx.names[won.seat]
    kept = len(moment.before.hands[won.seat])
    text = PHRASES["one_left"].format(
        name=name,
        pile=cards_count(len(won.pile)),
        kept=hand_count(kept),
        sint=_sint_phrase(moment, won.seat),
    )
    claim = LastOneLeft(moment.index, won.seat, name, len(won.pile), kept)
    return Step(text, (ctx.small_sint,), automatic=True, claim=claim)


def showdown_steps(
    ctx: StepContext, moments: Sequence[Moment], effect: Effect | None
) -> list[Step]:
    """The steps that end the round: the combinations and the winner, or the last one left."""
    steps: list[Step] = []
    struck: dict[int, str] = {}
    for moment in moments:
        shown = [e for e in moment.events if isinstance(e, ev.CombinationShown)]
        for event in moment.events:
            if isinstance(event, ev.CardStruck) and event.card:
                struck[event.seat] = event.card
            elif isinstance(event, ev.CombinationShown):
                steps.append(_shows(ctx, moment, event, struck.get(event.seat, "")))
            elif isinstance(event, ev.RoundWon) and event.reason == "one-left":
                steps.append(_one_left(ctx, moment, event))
            elif isinstance(event, ev.RoundWon):
                steps.append(_wins(ctx, moment, event, shown, effect))
    return steps
