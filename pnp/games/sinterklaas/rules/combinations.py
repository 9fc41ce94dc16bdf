"""Combinations and their ranking (SK-B7, SK-P1, SK-P2).

A player's scoring cards are their hand plus the Pakjeskamer (plus an
Inpakpiet from their bid, SK-A1). Every combination has a *key*, an integer
that orders combinations exactly as the rules do:

* more cards beat fewer (SK-B7);
* on equal count a number combination beats a colour combination (SK-B7); a
  straight (Pietje Precies only, SK-P2) ranks below both — **DECISION**
  (straights are by far the most common "all cards" combination, so they rank
  lowest);
* then the higher total of the combination's numbers wins (SK-B7);
* still equal: the keys are equal and nobody wins (unless the Remiseregel,
  SK-V5, settles it).

With Pietje Precies (SK-P1) a combination only counts if it uses *all* the
scoring cards (after strikes, SK-P3); otherwise the player's key is 0.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

NONE = -1
STRAIGHT = 0
COLOUR = 1
NUMBER = 2
KIND_NAMES = {NONE: "none", STRAIGHT: "straight", COLOUR: "colour", NUMBER: "number"}


def combo_key(count: int, kind: int, total: int) -> int:
    """The ranking key of a combination (0 for no combination)."""
    if count <= 0 or kind == NONE:
        return 0
    return (count << 16) | (kind << 12) | total


@dataclass(frozen=True, slots=True)
class Combination:
    """A combination: its kind, its colour index or number (the lowest for a
    straight), how many cards it has, their number total, and its key."""

    kind: int
    value: int
    count: int
    total: int

    @property
    def key(self) -> int:
        """The ranking key (see the module docstring)."""
        return combo_key(self.count, self.kind, self.total)


NO_COMBINATION = Combination(NONE, 0, 0, 0)


def best_combination(
    colours: Sequence[int], numbers: Sequence[int], precise: bool = False
) -> Combination:
    """The best combination of cards given by their colour indices and numbers.

    ``precise`` applies Pietje Precies: only combinations of all cards count
    (one colour, one number, or a straight of distinct consecutive numbers).
    """
    size = len(numbers)
    if size == 0:
        return NO_COMBINATION
    if precise:
        return _best_precise(colours, numbers)
    colour_count = [0] * 8
    colour_total = [0] * 8
    number_count = [0] * 16
    for colour, number in zip(colours, numbers, strict=True):
        colour_count[colour] += 1
        colour_total[colour] += number
        number_count[number] += 1
    best = NO_COMBINATION
    best_key = 0
    for colour in range(8):
        count = colour_count[colour]
        if count:
            key = combo_key(count, COLOUR, colour_total[colour])
            if key > best_key:
                best_key = key
                best = Combination(COLOUR, colour, count, colour_total[colour])
    for number in range(16):
        count = number_count[number]
        if count:
            key = combo_key(count, NUMBER, number * count)
            if key > best_key:
                best_key = key
                best = Combination(NUMBER, number, count, number * count)
    return best


def _best_precise(colours: Sequence[int], numbers: Sequence[int]) -> Combination:
    size = len(numbers)
    total = sum(numbers)
    first = numbers[0]
    if all(n == first for n in numbers):
        return Combination(NUMBER, first, size, total)
    if all(c == colours[0] for c in colours):
        return Combination(COLOUR, colours[0], size, total)
    low = min(numbers)
    if len(set(numbers)) == size and max(numbers) - low == size - 1:
        return Combination(STRAIGHT, low, size, total)
    return NO_COMBINATION


def best_key(colours: Sequence[int], numbers: Sequence[int], precise: bool = False) -> int:
    """Shortcut for ``best_combination(...).key``."""
    return best_combination(colours, numbers, precise).key


_COLOUR_BITS = COLOUR << 12
_NUMBER_BITS = NUMBER << 12
_STRAIGHT_BITS = STRAIGHT << 12


def precise_key(cards: Sequence[int], colour_of: Sequence[int], number_of: Sequence[int]) -> int:
    """The Pietje Precies key of card codes (SK-P1, SK-P2): that of the combination of all of
    them (one number, else one colour, else a straight), or 0; ``cards_key`` with ``precise``."""
    size = len(cards)
    if not size:
        return 0
    numbers = [number_of[c] for c in cards]
    total = sum(numbers)
    if numbers.count(numbers[0]) == size:
        return (size << 16) | _NUMBER_BITS | total
    colours = [colour_of[c] for c in cards]
    if colours.count(colours[0]) == size:
        return (size << 16) | _COLOUR_BITS | total
    low = min(numbers)
    if max(numbers) - low == size - 1 and len(set(numbers)) == size:
        return (size << 16) | _STRAIGHT_BITS | total
    return 0


def strike_key(
    cards: Sequence[int], colour_of: Sequence[int], number_of: Sequence[int], strikes: int
) -> int:
    """The best Pietje Precies key of card codes when up to ``strikes`` of them may be struck
    (SK-P3): the best :func:`precise_key` of any part of ``cards`` that leaves out at most
    ``strikes`` cards (the empty part scores 0).

    Read from the groups instead of trying every part: the best part is all cards of one
    number, all cards of one colour, or one card of each number of a run of consecutive
    numbers, whichever is allowed (keeps at least ``len(cards) - strikes`` cards) and ranks
    highest; another part of the same kind has fewer cards or the same ones.
    """
    size = len(cards)
    if not size:
        return 0
    if strikes <= 0:
        return precise_key(cards, colour_of, number_of)
    keep = size - strikes
    number_count: dict[int, int] = {}
    colour_count: dict[int, int] = {}
    colour_total: dict[int, int] = {}
    for card in cards:
        number = number_of[card]
        colour = colour_of[card]
        number_count[number] = number_count.get(number, 0) + 1
        colour_count[colour] = colour_count.get(colour, 0) + 1
        colour_total[colour] = colour_total.get(colour, 0) + number
    best = 0
    for number, count in number_count.items():
        if count >= keep:
            best = max(best, (count << 16) | _NUMBER_BITS | (number * count))
    for colour, count in colour_count.items():
        if count >= keep:
            best = max(best, (count << 16) | _COLOUR_BITS | colour_total[colour])
    # straights: every maximal run of consecutive numbers, two numbers or more
    numbers = sorted(number_count)
    start = 0
    for index in range(1, len(numbers) + 1):
        if index < len(numbers) and numbers[index] == numbers[index - 1] + 1:
            continue
        length = index - start
        if length >= 2 and length >= keep:
            best = max(best, (length << 16) | _STRAIGHT_BITS | sum(numbers[start:index]))
        start = index
    return best


PRECISE_COLOUR_SHIFT = 17
"""Where a precise word's colour bits start (see :func:`precise_words`)."""

PRECISE_NUMBER_SHIFT = 32
"""Where a precise word's number starts (see :func:`precise_words`)."""


def precise_words(colour_of: Sequence[int], number_of: Sequence[int]) -> tuple[int, ...]:
    """Every card code's *precise word* (index = code), for Pietje Precies keys of many sets.

    The word holds its number's bit (bits 0-15: numbers are 0 to 15), its colour's bit (bit 17 + colour; a code
    without a colour, -1, has bit 16) and its number from bit 32 on. OR-ing the words of a
    set of cards gives the numbers and colours it has; summing their numbers gives its total;
    :func:`words_key` reads the key from both.
    """
    return tuple(
        (1 << number) | (1 << (PRECISE_COLOUR_SHIFT + colour)) | number << PRECISE_NUMBER_SHIFT
        for colour, number in zip(colour_of, number_of, strict=True)
    )


def words_of_cards(words: Sequence[int], cards: Iterable[int]) -> tuple[int, int]:
    """The OR of ``cards``' precise words (``words``: :func:`precise_words`) and the sum of
    their numbers: what :func:`words_key` reads a key from."""
    bits = total = 0
    for card in cards:
        word = words[card]
        bits |= word
        total += word >> PRECISE_NUMBER_SHIFT
    return bits, total


def words_key(bits: int, total: int, size: int) -> int:
    """The :func:`precise_key` of ``size`` cards whose precise words OR to ``bits`` and whose
    numbers add up to ``total``."""
    if not size:
        return 0
    numbers = bits & 0xFFFF
    if not numbers & (numbers - 1):
        return (size << 16) | _NUMBER_BITS | total
    colours = (bits >> 16) & 0xFFFF
    if not colours & (colours - 1):
        return (size << 16) | _COLOUR_BITS | total
    # distinct numbers, one run: filling the bits below the run and adding one clears it
    if numbers.bit_count() == size and not ((numbers | (numbers - 1)) + 1) & numbers:
        return (size << 16) | _STRAIGHT_BITS | total
    return 0


def cards_key(
    cards: Sequence[int],
    colour_of: Sequence[int],
    number_of: Sequence[int],
    precise: bool = False,
) -> int:
    """The best key of card codes, looking colours and numbers up in the tables (fast path)."""
    if not cards:
        return 0
    if precise:
        return precise_key(cards, colour_of, number_of)
    colour_count = [0] * 8
    colour_total = [0] * 8
    number_count = [0] * 16
    for card in cards:
        colour = colour_of[card]
        number = number_of[card]
        colour_count[colour] += 1
        colour_total[colour] += number
        number_count[number] += 1
    best = 0
    for colour in range(8):
        count = colour_count[colour]
        if count:
            key = (count << 16) | _COLOUR_BITS | colour_total[colour]
            if key > best:
                best = key
    for number in range(16):
        count = number_count[number]
        if count:
            key = (count << 16) | _NUMBER_BITS | (number * count)
            if key > best:
                best = key
    return best


# -- packed sums: the non-precise key of many card sets from one addition each --
#
# A group's key (count << 16 | kind << 12 | total) is kind << 12 plus the sum,
# over its cards, of (1 << 16) + number: the same card weight for the card's
# colour group and its number group. A card's *packed value* holds that
# weight in two 32-bit fields of one integer (its colour's field among the 8
# colour fields, its number's among the 16 number fields), so the packed sum
# of a set of cards holds every group's sum, sums of disjoint sets add up,
# and :func:`packed_key` reads the best key from it. Equal to
# :func:`cards_key` with ``precise=False`` (tested over random card sets).

_FIELDS = struct.Struct("<24I")


def packed_values(colour_of: Sequence[int], number_of: Sequence[int]) -> tuple[int, ...]:
    """Every card code's packed value (index = code), from a card table's lookup lists."""
    values = []
    for colour, number in zip(colour_of, number_of, strict=True):
        weight = (1 << 16) + number
        # colour % 8 and number % 16 match the list indexing of cards_key
        values.append(weight << (32 * (colour % 8)) | weight << (32 * (8 + number % 16)))
    return tuple(values)


PACKED_BIAS = sum(_COLOUR_BITS << (32 * f) for f in range(8)) + sum(
    _NUMBER_BITS << (32 * f) for f in range(8, 24)
)
"""Every field's kind bits: a packed sum plus this holds the keys of all its groups."""

PACKED_BYTES = _FIELDS.size
unpack_fields = _FIELDS.unpack
"""``unpack_fields(biased.to_bytes(PACKED_BYTES, "little"))``: the 24 group keys of a biased sum."""


def packed_key(packed: int) -> int:
    """The best non-precise key of the cards whose packed values add up to ``packed``.

    An empty field reads as its bare kind bits, below any real group's key
    (which counts at least one card, 1 << 16), so the maximum over all fields
    of ``packed + PACKED_BIAS`` is the best group's key.
    """
    if not packed:
        return 0
    fields: tuple[int, ...] = unpack_fields((packed + PACKED_BIAS).to_bytes(PACKED_BYTES, "little"))
    return max(fields)


@dataclass(frozen=True)
class PackedLayout:
    """Packed values (see :func:`packed_values`) over only the groups some cards use.

    The same keys as the full layout, from fewer fields: a deck of five
    colours and nine numbers needs 14 of the 24, and shorter integers add
    faster. ``values`` maps each card code of the layout to its packed value.
    """

    values: dict[int, int]
    bias: int
    reader: struct.Struct
    ones: int
    tops: int
    """The top bit of every field (``ones << 31``, see :meth:`reaches`)."""

    def key(self, packed: int) -> int:
        """The best key of the cards whose packed values add up to ``packed``."""
        if not packed:
            return 0
        fields: tuple[int, ...] = self.reader.unpack(
            (packed + self.bias).to_bytes(self.reader.size, "little")
        )
        return max(fields)

    def threshold(self, key: int) -> int:
        """The addend for :meth:`reaches`: ``2**31 - key`` in every field.

        Group keys stay far below ``2**31`` (a count of cards times ``2**16``),
        so adding ``2**31 - key`` to a field sets its top bit exactly when the
        field is at least ``key``, and no field carries into the next.
        """
        return self.ones * ((1 << 31) - key)

    def reaches(self, biased: int, threshold: int) -> bool:
        """True when some group key of ``biased`` (a packed sum plus the bias) is at least
        the key of ``threshold`` (from :meth:`threshold`): a comparison without unpacking."""
        return bool((biased + threshold) & self.tops)


def packed_layout(
    codes: Sequence[int], colour_of: Sequence[int], number_of: Sequence[int]
) -> PackedLayout:
    """The packed layout of the groups that the cards ``codes`` can form."""
    colours = sorted({colour_of[c] % 8 for c in codes})
    numbers = sorted({number_of[c] % 16 for c in codes})
    colour_field = {colour: index for index, colour in enumerate(colours)}
    number_field = {number: len(colours) + index for index, number in enumerate(numbers)}
    values = {}
    for code in codes:
        number = number_of[code]
        weight = (1 << 16) + number
        values[code] = weight << (32 * colour_field[colour_of[code] % 8]) | weight << (
            32 * number_field[number % 16]
        )
    fields = len(colours) + len(numbers)
    bias = sum(_COLOUR_BITS << (32 * f) for f in range(len(colours))) + sum(
        _NUMBER_BITS << (32 * f) for f in range(len(colours), fields)
    )
    ones = sum(1 << (32 * f) for f in range(fields))
    return PackedLayout(values, bias, struct.Struct(f"<{fields}I"), ones, ones << 31)
