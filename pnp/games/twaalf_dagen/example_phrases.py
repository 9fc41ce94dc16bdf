"""All the Dutch of the twaalf-dagen examples: player names, phrase templates, card texts.

:data:`PHRASES` holds one format string per kind of sentence (the only place
with Dutch prose); the helpers below write cards, straights and titles in
Dutch. Generic Dutch (number words, plurals, lists) comes from
:mod:`pnp.rulebook.dutch`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pnp.games.twaalf_dagen.example_cases import (
    KIND_GAME_END,
    KIND_GIFTS,
    KIND_TAKE_BACK,
    KIND_TIE,
    KIND_TRICK,
)
from pnp.rulebook.dutch import number_word, plural_number

NAMES = ("Anna", "Bram", "Cas", "Daan", "Eva", "Fleur", "Gijs", "Hanna")
"""Player names, clockwise from the focus trick's leader."""

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


def a_card(number: int) -> str:
    """One card of a number: "een acht"."""
    return f"een {number_word(number)}"


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
    text = (
        a_card(number) if len(cards) == 1 else f"{number_word(len(cards))} {plural_number(number)}"
    )
    if card_names is not None and number in card_names:
        text += f" ({card_names[number]})"
    return text


def those_cards(cards: Sequence[int]) -> str:
    """Cards mentioned before: "die negen", "die twee vijven", "die reeks drie-vier"."""
    if is_straight(cards):
        return "die " + straight_text(cards).removeprefix("de ")
    if len(cards) == 1:
        return f"die {number_word(cards[0])}"
    return f"die {number_word(len(cards))} {plural_number(cards[0])}"


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
