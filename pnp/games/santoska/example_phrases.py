"""All the Dutch of the Santoska examples: player names, phrase templates, card texts.

:data:`PHRASES` holds one format string per kind of sentence (the only place
with Dutch prose); the helpers below write cards, places in the grid, points
and titles in Dutch. Generic Dutch (number words, plurals, lists) comes from
:mod:`pnp.rulebook.dutch`. Numbers are written out up to twenty (digits
above, as :func:`~pnp.rulebook.dutch.number_word` does); a sum of points is
written with digits and signs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pnp.games.santoska.cards import SANTOSKA
from pnp.games.santoska.example_cases import KIND_ARRIBA, KIND_EXACT, KIND_SCORING, KIND_STOP
from pnp.rulebook.dutch import count_phrase, join_words, number_word, ordinal_word, plural_number

NAMES = ("Anna", "Bram", "Cas", "Daan", "Eva", "Fleur")
"""Player names, clockwise from the player the example is about."""

PHRASES: Mapping[str, str] = {
    # intros
    "setup": "{players} spelers, rijen van {row_length} kaarten, de {round} ronde.",
    "already_out_one": " {names} ligt er al uit.",
    "already_out_more": " {names} liggen er al uit.",
    "intro_arriba": " {name} is aan de beurt; open op de aflegstapel ligt {discard}.",
    "intro_stop": ' {name} riep eerder in deze ronde al "Arriba!" en ruilt nu alleen nog '
    "in de bovenste rij. {name} is aan de beurt; open op de aflegstapel ligt {discard}.",
    "intro_scoring": " {stopper} riep stop en de laatste beurten zijn gespeeld: iedereen "
    "draait zijn kaarten om. We tellen de kaarten van {name}.",
    "intro_exact": " De stand voor deze ronde: {totals}. {stopper} riep stop; na de laatste "
    "beurten draait iedereen zijn kaarten om.",
    # titles
    "title_arriba": "Een beurt met Arriba",
    "title_stop": "Stop, en de laatste beurten",
    "title_scoring_pair": "Tellen, met een Santoska-paar",
    "title_scoring_group": "Tellen, met {count} Santoska-kaarten tegen elkaar",
    "title_exact": "Precies {limit}: meteen gewonnen",
    # rows
    "row_before": "Zo ligt de onderste rij van {name} aan het begin van de beurt: {cards}.",
    "row_top": "Bovenste rij van {name}: {cards}.",
    "row_bottom": "Onderste rij van {name}: {cards}.",
    # a turn
    "take": "{name} pakt {card} van de aflegstapel",
    "draw": "{name} trekt {card} van de trekstapel",
    "take_final": "Nog één beurt voor {name}. {name} pakt {card} van de aflegstapel",
    "draw_final": "Nog één beurt voor {name}. {name} trekt {card} van de trekstapel",
    "swap_seen": " en ruilt die met {out} {where}. {Out} gaat open op de aflegstapel.",
    "swap_unseen": " en ruilt die blind met de kaart {where}: dat blijkt {out} te zijn, "
    "die open op de aflegstapel gaat.",
    "discard": ", maar houdt die niet: die gaat meteen open op de aflegstapel.",
    # calls
    "arriba": "{name} is tevreden over de onderste rij, {cards}, en roept aan het eind van "
    'de beurt "Arriba!". De Arriba-kaart gaat naast die rij: daarin ruilt {name} niets '
    "meer, vanaf de volgende beurt alleen nog in de bovenste rij.",
    "stop": 'Daarna roept {name} "Stop!" en pakt de stopkaart. {others} {is_are} nog '
    "precies één keer aan de beurt, in die volgorde; {name} zelf niet meer.",
    "round_end": "Daarmee is de ronde voorbij. Iedereen draait zijn kaarten om; de punten "
    "van deze ronde: {points}.",
    # scoring
    "group_numbers": "{cards}, {where}, liggen {how}: ze vallen weg en kosten niets.",
    "group_santoska": "{cards}, {where}, liggen {how}: samen leveren ze {bonus} bonuspunten op.",
    "side_by_side": "naast elkaar",
    "one_above": "boven elkaar",
    "touching": "tegen elkaar aan",
    "lone_number": "{card} {where} ligt alleen en kost {points}.",
    "lone_santoska": "De Santoska-kaart {where} ligt alleen en kost {points}.",
    "sum": "Samen: {sum}.",
    "gain": "{name} krijgt er deze ronde {points} bij: het totaal gaat van {before} naar {total}.",
    "loss": "{name} mag er deze ronde {points} af halen: het totaal zakt van {before} naar "
    "{total}.",
    "nothing": "{name} krijgt er deze ronde niets bij en blijft op {total}.",
    "score_gain": "{name} krijgt er {points} bij en komt van {before} op {total}.",
    "score_loss": "{name} mag er {points} af halen en zakt van {before} naar {total}.",
    "score_nothing": "{name} krijgt er niets bij en blijft op {total}.",
    # the end of the game
    "exact_win": "{name} staat nu op precies {limit}: het spel stopt meteen en {name} wint.",
    "exact_over_one": " {names} komt wel boven de {limit}, maar ligt er niet uit: het spel "
    "is al voorbij.",
    "exact_over_more": " {names} komen wel boven de {limit}, maar liggen er niet uit: het "
    "spel is al voorbij.",
}
"""Every Dutch phrase of the examples, one format string per kind of sentence."""

POSITIONS_3 = (
    ("linksonder", "middenonder", "rechtsonder"),
    ("linksboven", "middenboven", "rechtsboven"),
)
"""The places of a grid with rows of three, by row (bottom, top) and column."""


def card_word(card: int) -> str:
    """A card without article: "zeven", "Santoska-kaart"."""
    return "Santoska-kaart" if card == SANTOSKA else number_word(card)


def a_card(card: int) -> str:
    """ "een zeven", "een Santoska-kaart"."""
    return f"een {card_word(card)}"


def the_card(card: int) -> str:
    """ "de zeven", "de Santoska-kaart"."""
    return f"de {card_word(card)}"


def cards_list(cards: Sequence[int]) -> str:
    """ "een drie, een Santoska-kaart en een negen"."""
    return join_words([a_card(c) for c in cards])


def group_cards(card: int, count: int) -> str:
    """A group of equal cards, capitalised: "De twee zevens", "De drie Santoska-kaarten"."""
    noun = "Santoska-kaarten" if card == SANTOSKA else plural_number(card)
    return f"De {number_word(count)} {noun}"


def position(cell: int, row_length: int) -> str:
    """A place in the grid: "linksonder" (rows of three), else "op de tweede plek onder"."""
    row, col = divmod(cell, row_length)
    if row_length == 3:
        return POSITIONS_3[row][col]
    return f"op de {ordinal_word(col + 1)} plek {'boven' if row else 'onder'}"


def positions(cells: Sequence[int], row_length: int) -> str:
    """Several places: "linksonder en linksboven"."""
    return join_words([position(c, row_length) for c in cells])


def penalty(points: int) -> str:
    """ "één strafpunt", "negen strafpunten"."""
    return count_phrase(points, "strafpunt", "strafpunten")


def points_word(points: int) -> str:
    """A round's points as a word: "zeven", "nul", "min vijf"."""
    return f"min {number_word(-points)}" if points < 0 else number_word(points)


def signed(number: int) -> str:
    """A number with a real minus sign (U+2212) when negative: "6", "\\u22128"."""
    return str(number) if number >= 0 else f"\u2212{-number}"


def sum_text(parts: Sequence[int]) -> str:
    """The groups' points added up, "9 + 2 - 5 = 6" with real minus signs (0s left out)."""
    shown = [p for p in parts if p]
    if not shown:
        return "0"
    text = signed(shown[0])
    for part in shown[1:]:
        text += f" + {part}" if part > 0 else f" \u2212 {-part}"
    return text if len(shown) == 1 else f"{text} = {signed(sum(shown))}"


def players_list(names: Sequence[str], values: Sequence[str]) -> str:
    """ "Anna 93, Bram 71 en Cas 88"."""
    return join_words([f"{n} {v}" for n, v in zip(names, values, strict=True)])


def example_title(kind: str, santoska_group: int = 2, limit: int = 100) -> str:
    """The Dutch title of an example of ``kind``.

    ``santoska_group``: the size of the Santoska group a scoring example shows;
    ``limit``: the game's limit (SA-B7).
    """
    if kind == KIND_SCORING:
        if santoska_group == 2:
            return PHRASES["title_scoring_pair"]
        return PHRASES["title_scoring_group"].format(count=number_word(santoska_group))
    if kind == KIND_EXACT:
        return PHRASES["title_exact"].format(limit=number_word(limit))
    return PHRASES[{KIND_ARRIBA: "title_arriba", KIND_STOP: "title_stop"}[kind]]
