"""All the Dutch of the Sinterklaas examples: player names, phrase templates, card texts.

:data:`PHRASES` holds one format string per kind of sentence (the only place
with Dutch prose); the helpers below write cards ("rode 5", "de Schoenpiet"),
combinations ("drie gele kaarten", "twee vijven", "het straatje 3-4-5") and
titles. Generic Dutch (number words, plurals, lists) comes from
:mod:`pnp.rulebook.dutch`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pnp.games.sinterklaas.example_cases import (
    KIND_ACTION,
    KIND_ONE_LEFT,
    KIND_OPENING,
    KIND_PRECIES,
    KIND_SHOWDOWN,
    KIND_TIE_NUMBER,
    KIND_TIE_TOTAL,
)
from pnp.rulebook.dutch import count_phrase, join_words, number_word, plural_number

NAMES = ("Anna", "Bram", "Cas", "Daan", "Eva", "Fleur")
"""Player names, clockwise from the Sint of the focus round."""

COLOUR_ADJECTIVES: Mapping[str, str] = {
    "rood": "rode",
    "blauw": "blauwe",
    "groen": "groene",
    "geel": "gele",
    "paars": "paarse",
}
"""The adjective of each colour, as in "de rode 5"."""

TITLES: Mapping[str, str] = {
    KIND_SHOWDOWN: "Een hele ronde: drie keer bieden, dan scoren",
    KIND_TIE_NUMBER: "Evenveel kaarten: een getal gaat voor een kleur",
    KIND_TIE_TOTAL: "Evenveel kaarten: het hoogste totaal wint",
    KIND_ONE_LEFT: "Nog maar één speler over",
    KIND_PRECIES: "Pietje Precies: wegstrepen voor een straatje",
    KIND_ACTION: "Actiepiet: de {action} in het bod",
    KIND_OPENING: "Wie kent hem niet? De twee Sinten openen",
}
"""The title of each kind of example (``{action}``: the action card's name)."""

PHRASES: Mapping[str, str] = {
    # intros
    "intro_round": "{players} spelers, {round} ronde{variant}. {sint} is de Sint: die draait "
    "de kaarten van de Pakjeskamer om en begint elk biedrondje. Na het delen — {hands}.",
    "intro_opening": "{players} spelers, {round} ronde{variant}. {sint} is de echte Sint en "
    "heeft de Kleine Sint. Na het delen — {hands}. De Pakjeskamer is nog leeg.",
    "intro_showdown": "{players} spelers, {round} ronde{variant}; {sint} is de Sint. "
    "Na het laatste biedrondje doen {left} nog mee{stopped}. In de pot liggen {pile}. "
    "Pakjeskamer — {room}. In de hand — {hands}.",
    "intro_variant": " (met {name})",
    "intro_stopped": "; {names} {verb} gestopt",
    # the Pakjeskamer
    "reveal_first": "{sint} draait de eerste kaart van de Pakjeskamer om: de {card}.",
    "reveal": "{sint} draait de {ordinal} kaart om: de {card}. In de Pakjeskamer liggen nu {room}.",
    # bidding turns
    "check_empty": "{name} gaat mee zonder iets in te zetten.",
    "check": "{name} gaat mee zonder bij te leggen, want een bod van {bid} is al genoeg.",
    "lay": "{name} legt {cards} in en {tail}.",
    "lay_more": "Daarna legt {name} ook {cards} in en {tail}.",
    "lay_none": "Daarmee {tail}.",
    "tail_call": "gaat mee met {bid}",
    "tail_raise": "verhoogt het bod naar {bid}",
    "tail_call_inverted": "gaat {name} mee met {bid}",
    "tail_raise_inverted": "verhoogt {name} het bod naar {bid}",
    "stop_empty": "{name} stopt en houdt alle {kept}.",
    "stop_one": "{name} stopt en houdt {kept}; de ene kaart in het bod blijft in de pot.",
    "stop": "{name} stopt en houdt {kept}; de {bid} in het bod blijven in de pot.",
    # action cards (SK-A1)
    "action": "{name} legt de {action} in, en die werkt meteen: {effect}",
    "effect_draw": "{name} trekt {cards} van de stapel.",
    "effect_swap": "{name} ruilt de {given} uit de hand tegen de {taken} uit de Pakjeskamer.",
    "effect_reveal": "er komt een extra kaart in de Pakjeskamer, de {card}. Daar liggen nu {room}.",
    "effect_sint": "{name} pakt de Sintkaart van {previous} en is nu de Sint.",
    "effect_sint_next": " Het volgende biedrondje begint bij {name}.",
    # the end of a round
    "one_left": "Nu doet alleen {name} nog mee, dus de ronde is meteen voorbij: {name} wint "
    "de pot van {pile}, houdt de {kept} en {sint}.",
    "becomes_sint": "wordt de nieuwe Sint",
    "stays_sint": "blijft de Sint",
    "strike": "{name} heeft de Pietje Precies in het bod en streept de {card} weg.",
    "strike_rescues": "{name} heeft de Pietje Precies in het bod en streept de {card} weg. "
    "Met die kaart erbij zouden niet alle kaarten in één combinatie passen, en dan telt er "
    "niets.",
    "strike_none": "{name} heeft de Pietje Precies in het bod, maar streept niets weg.",
    "shows": "{name} heeft nog {hand} in de hand. Met de Pakjeskamer erbij is de beste "
    "combinatie {combination}: {sum}.",
    "shows_precies": "{name} heeft nog {hand} in de hand. Met de Pakjeskamer erbij vormen "
    "alle kaarten samen {combination}: {sum}.",
    "shows_precies_struck": "{name} heeft nog {hand} in de hand. Met de Pakjeskamer erbij en "
    "zonder de weggestreepte {struck} vormen alle kaarten samen {combination}: {sum}.",
    "shows_nothing": "{name} heeft nog {hand} in de hand. Met de Pakjeskamer erbij hebben "
    "niet alle kaarten dezelfde kleur of hetzelfde getal, en ze vormen geen straatje: "
    "dat is niets waard.",
    "wins_count": "{name} heeft de grootste combinatie, {count} tegen {other_count} bij "
    "{other}: {name} wint de pot van {pile} en {sint}.",
    "wins_kind": "{name} en {other} hebben allebei {count}. Bij evenveel kaarten gaat "
    "{kind} voor {other_kind}{despite}, dus {name} wint de pot van {pile} en {sint}.",
    "wins_kind_despite": ", ook al is het totaal van {other} hoger ({other_total} tegen {total})",
    "wins_total": "{name} en {other} hebben allebei {count_kind}; dan beslist het hoogste "
    "totaal, {total} tegen {other_total}. {name} wint de pot van {pile} en {sint}.",
    "wins_only": "Alleen de combinatie van {name} telt: {name} wint de pot van {pile} en {sint}.",
    "gained": " De {card} van de {action} hoort bij die combinatie.",
    "decisive": " Zonder {undo} had {name} niet gewonnen.",
    "undo_draw": "die getrokken kaarten",
    "undo_swap": "die ruil",
    "undo_reveal": "die extra kaart",
    # the opening of Wie kent hem niet (SK-W1 ... SK-W3)
    "gives_big": "{sint} houdt de Kleine Sint en geeft de Grote Sint aan {name}.",
    "opens_small": "Voordat er een kaart in de Pakjeskamer ligt, moet {name} als Kleine Sint "
    "één kaart inzetten: {name} legt de {card} in.",
    "opens_big": "Nu moet {name} als Grote Sint dat bod minstens verdubbelen, en stoppen mag "
    "niet: {name} legt {cards} in, samen {count}.",
}
"""Every Dutch phrase of the examples, one format string per kind of sentence."""

KIND_WORDS: Mapping[str, str] = {
    "number": "een getallencombinatie",
    "colour": "een kleurencombinatie",
    "straight": "een straatje",
}
"""Each kind of combination as a noun phrase, for "… gaat voor …"."""


def card_text(card: str, action_names: Mapping[str, str]) -> str:
    """A card without article: "rode 5", or an action card's name ("Schoenpiet")."""
    if card in action_names:
        return action_names[card]
    colour, _, number = card.rpartition("-")
    return f"{COLOUR_ADJECTIVES[colour]} {number}"


def the_cards(cards: Sequence[str], action_names: Mapping[str, str]) -> str:
    """Cards with articles: "de rode 5", "de rode 5 en de gele 8"."""
    return join_words([f"de {card_text(c, action_names)}" for c in cards])


def card_list(cards: Sequence[str], action_names: Mapping[str, str]) -> str:
    """Cards for an overview: "rode 5, gele 8, Schoenpiet" (a dash for none)."""
    return ", ".join(card_text(c, action_names) for c in cards) or "-"


def cards_count(count: int) -> str:
    """ "één kaart", "drie kaarten"."""
    return count_phrase(count, "kaart", "kaarten")


def hand_count(count: int) -> str:
    """ "één handkaart", "vier handkaarten"."""
    return count_phrase(count, "handkaart", "handkaarten")


def combination_text(kind: str, count: int, value: str | int) -> str:
    """A combination: "drie gele kaarten", "twee vijven", "het straatje 3-4-5".

    ``value`` is the colour (colour), the number (number) or the lowest
    number (straight).
    """
    if kind == "colour":
        adjective = COLOUR_ADJECTIVES[str(value)]
        noun = "kaart" if count == 1 else "kaarten"
        return f"{number_word(count)} {adjective} {noun}"
    number = int(value)
    if kind == "straight":
        return "het straatje " + "-".join(str(number + k) for k in range(count))
    return f"{number_word(count)} {number_word(number) if count == 1 else plural_number(number)}"


def count_kind_text(kind: str, count: int) -> str:
    """Two combinations of the same kind and size: "drie kaarten van één kleur"."""
    if kind == "colour":
        return f"{cards_count(count)} van één kleur"
    if kind == "number":
        return f"{cards_count(count)} met hetzelfde getal"
    return f"een straatje van {cards_count(count)}"


def sum_text(numbers: Sequence[int]) -> str:
    """ "2 + 5 + 8 = 15" (one number: "9")."""
    if len(numbers) == 1:
        return str(numbers[0])
    return " + ".join(map(str, numbers)) + f" = {sum(numbers)}"


def example_title(kind: str, action: str = "") -> str:
    """The Dutch title of an example of ``kind`` (``action``: the action card's name)."""
    return TITLES[kind].format(action=action)
