"""Cards as small integers, their readable names, and the per-config lookup tables.

A card's *code* identifies its kind without any table:

* a plain card is ``16 * colour + number`` (colour index 0-4 into :data:`COLOURS`,
  number 1-15), so ``rood-1`` is 1 and ``paars-9`` is 73;
* an action card is ``256 * action`` (action index 1-10 into :data:`ACTION_IDS`),
  whatever colour and number it carries: ``stafpiet`` is 256.

Codes never change with the spec tables, so game records and the notation can
name cards without the configuration. The colour, number, points and symbols
of a code come from a :class:`CardTable` built from the configuration (action
cards take their colour and number from ``acties.csv``).
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

COLOURS = ("rood", "blauw", "groen", "geel", "paars")
"""The five colours (SK-C1), by colour index."""

ACTION_IDS = (
    "",
    "stafpiet",
    "strooipiet",
    "schoenpiet",
    "kijkpiet",
    "inpakpiet",
    "roetpiet",
    "amerigo",
    "snoeppiet",
    "wisselpiet",
    "pietje-precies",
)
"""The action cards the engine knows (SK-C4, SK-P3), by action index; index 0 is unused."""

STAFPIET = 1
STROOIPIET = 2
SCHOENPIET = 3
KIJKPIET = 4
INPAKPIET = 5
ROETPIET = 6
AMERIGO = 7
SNOEPPIET = 8
WISSELPIET = 9
PIETJE_PRECIES = 10

MAX_NUMBER = 15
"""Highest card number a code can hold."""

TABLE_SIZE = (len(ACTION_IDS)) * 256
"""Length of the lookup lists of a :class:`CardTable` (every code is below it)."""


def plain_card(colour: int, number: int) -> int:
    """The code of the plain card with this colour index and number."""
    if not 0 <= colour < len(COLOURS) or not 1 <= number <= MAX_NUMBER:
        raise ValueError(f"no plain card with colour {colour} and number {number}")
    return colour * 16 + number


def action_card(action: int) -> int:
    """The code of the action card with this action index."""
    if not 1 <= action < len(ACTION_IDS):
        raise ValueError(f"no action card {action}")
    return action << 8


def card_action(code: int) -> int:
    """The action index of ``code`` (0 for a plain card)."""
    return code >> 8


def is_action(code: int) -> bool:
    """True for action cards (including Pietje Precies)."""
    return code >= 256


def card_name(code: int) -> str:
    """``rood-5`` for plain cards, the action id (``stafpiet``) for action cards."""
    action = code >> 8
    if action:
        return ACTION_IDS[action]
    return f"{COLOURS[code >> 4]}-{code & 15}"


def card_names(codes: Iterable[int]) -> tuple[str, ...]:
    """Every code's name, in order."""
    return tuple(card_name(c) for c in codes)


def parse_card(name: str) -> int:
    """Inverse of :func:`card_name`; ``ValueError`` for an unknown name."""
    if name in ACTION_IDS[1:]:
        return ACTION_IDS.index(name) << 8
    colour, sep, number = name.rpartition("-")
    if sep and colour in COLOURS and number.isdigit():
        return plain_card(COLOURS.index(colour), int(number))
    raise ValueError(f"not a card: {name!r}")


@dataclass(frozen=True)
class CardKind:
    """One distinct card of the deck with its number of copies.

    ``colour`` is an index into :data:`COLOURS`. For plain cards ``code`` must
    equal ``plain_card(colour, number)``; action cards carry their own colour
    and number (they count as normal cards for bidding and scoring, SK-C4).
    """

    code: int
    colour: int
    number: int
    points: int
    count: int
    surprise: bool = False
    coin: bool = False

    @property
    def name(self) -> str:
        """The card's notation name."""
        return card_name(self.code)

    @property
    def action(self) -> int:
        """The action index (0 for plain cards)."""
        return self.code >> 8


@dataclass(frozen=True)
class CardTable:
    """Lookup lists indexed by card code, built once per deck."""

    colour: tuple[int, ...]
    number: tuple[int, ...]
    points: tuple[int, ...]
    surprise: tuple[bool, ...]
    coin: tuple[bool, ...]
    deck: tuple[int, ...]
    """Every physical card's code, ascending (copies repeated)."""


@lru_cache(maxsize=64)
def card_table(kinds: tuple[CardKind, ...]) -> CardTable:
    """The lookup lists of a deck (cached: configurations are immutable)."""
    colour = [-1] * TABLE_SIZE
    number = [0] * TABLE_SIZE
    points = [0] * TABLE_SIZE
    surprise = [False] * TABLE_SIZE
    coin = [False] * TABLE_SIZE
    deck: list[int] = []
    for colour_index in range(len(COLOURS)):
        for value in range(1, MAX_NUMBER + 1):
            code = colour_index * 16 + value
            colour[code] = colour_index
            number[code] = value
    for kind in kinds:
        code = kind.code
        colour[code] = kind.colour
        number[code] = kind.number
        points[code] = kind.points
        surprise[code] = kind.surprise
        coin[code] = kind.coin
        deck.extend([code] * kind.count)
    return CardTable(
        tuple(colour),
        tuple(number),
        tuple(points),
        tuple(surprise),
        tuple(coin),
        tuple(sorted(deck)),
    )


# -- small helpers on sorted card tuples (hands, the stack's unordered part) --


def with_card(cards: tuple[int, ...], code: int) -> tuple[int, ...]:
    """``cards`` (ascending) with ``code`` inserted in order."""
    index = bisect.bisect_right(cards, code)
    return (*cards[:index], code, *cards[index:])


def with_cards(cards: tuple[int, ...], codes: Iterable[int]) -> tuple[int, ...]:
    """``cards`` plus ``codes``, ascending."""
    return tuple(sorted((*cards, *codes)))


def without_card(cards: tuple[int, ...], code: int) -> tuple[int, ...]:
    """``cards`` with one copy of ``code`` removed; ``ValueError`` if absent."""
    try:
        index = cards.index(code)
    except ValueError:
        raise ValueError(f"{card_name(code)} is not there") from None
    return cards[:index] + cards[index + 1 :]


def without_cards(cards: tuple[int, ...], codes: Sequence[int]) -> tuple[int, ...]:
    """``cards`` with one copy of each of ``codes`` removed; ``ValueError`` if one is absent."""
    out = list(cards)
    for code in codes:
        try:
            out.remove(code)
        except ValueError:
            raise ValueError(f"{card_name(code)} is not there") from None
    return tuple(out)


def distinct(cards: Iterable[int]) -> list[int]:
    """The distinct codes of ``cards`` in first-seen order."""
    seen: list[int] = []
    for code in cards:
        if code not in seen:
            seen.append(code)
    return seen
