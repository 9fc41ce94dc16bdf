"""Small Dutch language helpers for rulebook text: number words, ordinals, plurals, lists."""

from __future__ import annotations

from collections.abc import Sequence

_WORDS = (
    "nul",
    "één",
    "twee",
    "drie",
    "vier",
    "vijf",
    "zes",
    "zeven",
    "acht",
    "negen",
    "tien",
    "elf",
    "twaalf",
    "dertien",
    "veertien",
    "vijftien",
    "zestien",
    "zeventien",
    "achttien",
    "negentien",
    "twintig",
)

# The plural of a number used as a noun ("twee achten"): the spelling is irregular.
_PLURALS = {
    1: "enen",
    2: "tweeën",
    3: "drieën",
    4: "vieren",
    5: "vijven",
    6: "zessen",
    7: "zevens",
    8: "achten",
    9: "negens",
    10: "tienen",
    11: "elven",
    12: "twaalven",
}

# Ordinals ("de derde slag"); digits with "de" above twelve.
_ORDINALS = (
    "",
    "eerste",
    "tweede",
    "derde",
    "vierde",
    "vijfde",
    "zesde",
    "zevende",
    "achtste",
    "negende",
    "tiende",
    "elfde",
    "twaalfde",
)


def number_word(number: int) -> str:
    """``number`` written out ("één", "twaalf") up to twenty; digits above that."""
    if 0 <= number < len(_WORDS):
        return _WORDS[number]
    return str(number)


def ordinal_word(number: int) -> str:
    """An ordinal ("eerste" ... "twaalfde") up to twelve; in digits otherwise, with the ending
    the spoken word has: "13de", "19de", but "20ste", "26ste" (zesentwintigste), "101ste"."""
    if 1 <= number < len(_ORDINALS):
        return _ORDINALS[number]
    rest = number % 100
    return f"{number}de" if (2 <= rest <= 19 and rest != 8) or number == 0 else f"{number}ste"


def plural_number(number: int) -> str:
    """The plural of a card number as a noun: 8 -> "achten", 11 -> "elven"."""
    return _PLURALS.get(number, f"{number}'en")


def count_phrase(count: int, singular: str, plural: str) -> str:
    """ "één kaart", "twaalf kaarten": a count in words with the right noun form."""
    return f"{number_word(count)} {singular if count == 1 else plural}"


def all_of(count: int, singular: str, plural: str) -> str:
    """ "alle drie de kaarten", "beide kaarten", "de kaart": all ``count`` of a noun, with the
    article Dutch needs after a number ("alle vier de", never "alle vier kaarten")."""
    if count == 0:
        return f"geen {plural}"
    if count == 1:
        return f"de {singular}"
    if count == 2:
        return f"beide {plural}"
    return f"alle {number_word(count)} de {plural}"


def join_words(items: Sequence[str], last: str = "en") -> str:
    """A Dutch enumeration: "a", "a en b", "a, b en c" (``last="of"``: "a, b of c")."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} {last} {items[-1]}"
