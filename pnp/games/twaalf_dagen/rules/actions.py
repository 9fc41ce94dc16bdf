"""The actions of twaalf-dagen: packed plays, chance's dealer draw and deal, and which plays are legal."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pnp.engine.core import JSON

PASS = 0
"""The responder's pass."""

SINGLE = 1
SET = 2
STRAIGHT = 3
KIND_NAMES: Mapping[int, str] = {SINGLE: "singleton", SET: "set", STRAIGHT: "straight"}

MAX_PACKED = 31  # largest card number and combination length the packing allows


def make_play(kind: int, low: int, length: int) -> int:
    """Pack a combination: ``kind`` (SINGLE/SET/STRAIGHT), lowest number, card count."""
    return (kind << 10) | (low << 5) | length


def play_kind(action: int) -> int:
    """Kind of a packed play (SINGLE, SET or STRAIGHT)."""
    return action >> 10


def play_low(action: int) -> int:
    """Lowest card number of a packed play (its low card)."""
    return (action >> 5) & MAX_PACKED


def play_length(action: int) -> int:
    """Number of cards of a packed play."""
    return action & MAX_PACKED


def play_cards(action: int) -> tuple[int, ...]:
    """The card numbers of a packed play, ascending (empty for PASS)."""
    if action == PASS:
        return ()
    low = (action >> 5) & MAX_PACKED
    length = action & MAX_PACKED
    if action >> 10 == STRAIGHT:
        return tuple(range(low, low + length))
    return (low,) * length


def play_from_cards(cards: Sequence[int]) -> int:
    """Pack a list of card numbers; ``ValueError`` if it is no combination."""
    ordered = sorted(cards)
    if not ordered:
        raise ValueError("a play needs at least one card")
    low, length = ordered[0], len(ordered)
    if not 1 <= low <= MAX_PACKED or ordered[-1] > MAX_PACKED or length > MAX_PACKED:
        raise ValueError(f"cards out of range: {ordered}")
    if length == 1:
        return make_play(SINGLE, low, 1)
    if all(c == low for c in ordered):
        return make_play(SET, low, length)
    if ordered == list(range(low, low + length)):
        return make_play(STRAIGHT, low, length)
    raise ValueError(f"not a set, straight or singleton: {' '.join(map(str, ordered))}")


def format_cards(cards: Sequence[int]) -> str:
    """Card numbers separated by spaces, e.g. ``"8 8"``."""
    return " ".join(str(c) for c in cards)


def format_play(action: int) -> str:
    """``"pass"`` or the cards of the play, e.g. ``"3 4 5"``."""
    return "pass" if action == PASS else format_cards(play_cards(action))


def parse_play(text: str) -> int:
    """Inverse of :func:`format_play`."""
    text = text.strip()
    if text == "pass":
        return PASS
    try:
        cards = [int(part) for part in text.split()]
    except ValueError:
        raise ValueError(f"not a play: {text!r}") from None
    return play_from_cards(cards)


@dataclass(frozen=True, slots=True)
class ChooseDealer:
    """Chance action at game start: the dealer's seat (TD-B1)."""

    dealer: int


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance action at the start of each hand: every seat's cards, ascending."""

    hands: tuple[tuple[int, ...], ...]


Action = int | ChooseDealer | Deal

# Precomputed packed plays: _SINGLES[v], _SETS[v][k], _STRAIGHTS[v][length].
_SINGLES = [make_play(SINGLE, v, 1) for v in range(MAX_PACKED + 1)]
_SETS = [[make_play(SET, v, k) for k in range(MAX_PACKED + 1)] for v in range(MAX_PACKED + 1)]
_STRAIGHTS = [
    [make_play(STRAIGHT, v, k) for k in range(MAX_PACKED + 1)] for v in range(MAX_PACKED + 1)
]


def lead_actions(counts: Sequence[int], top: int) -> list[int]:
    """Every combination a leader holding ``counts`` may play (TD-B2); no pass."""
    out: list[int] = []
    append = out.append
    for v in range(1, top + 1):
        k = counts[v]
        if k:
            append(_SINGLES[v])
            if k >= 2:
                out.extend(_SETS[v][2 : k + 1])
            if counts[v + 1]:
                row = _STRAIGHTS[v]
                e = v + 1
                while counts[e]:
                    append(row[e - v + 1])
                    e += 1
    return out


def response_actions(counts: Sequence[int], kind: int, low: int) -> list[int]:
    """Pass plus every response to a lead of ``kind`` with low card ``low`` (TD-B3)."""
    out = [PASS]
    append = out.append
    if kind == SINGLE:
        for v in range(1, low + 1):
            if counts[v]:
                append(_SINGLES[v])
    elif kind == SET:
        for v in range(1, low + 1):
            k = counts[v]
            if k >= 2:
                out.extend(_SETS[v][2 : k + 1])
    else:
        for v in range(1, low + 1):
            if counts[v] and counts[v + 1]:
                row = _STRAIGHTS[v]
                e = v + 1
                while counts[e]:
                    append(row[e - v + 1])
                    e += 1
    return out


def encode_action(action: Action) -> JSON:
    """``"pass"``, ``"8 8"``, ``{"dealer": 2}`` or ``{"deal": [[...], ...]}``."""
    if isinstance(action, ChooseDealer):
        return {"dealer": action.dealer}
    if isinstance(action, Deal):
        return {"deal": [list(hand) for hand in action.hands]}
    return format_play(action)


def decode_action(data: JSON) -> Action:
    """Inverse of :func:`encode_action`; ``ValueError`` for anything else."""
    if isinstance(data, str):
        return parse_play(data)
    if isinstance(data, dict):
        if set(data) == {"dealer"} and isinstance(data["dealer"], int):
            return ChooseDealer(data["dealer"])
        hands = data.get("deal")
        if set(data) == {"deal"} and isinstance(hands, list):
            out: list[tuple[int, ...]] = []
            for hand in hands:
                if not isinstance(hand, list) or not all(isinstance(c, int) for c in hand):
                    raise ValueError(f"malformed deal: {data!r}")
                out.append(tuple(c for c in hand if isinstance(c, int)))
            return Deal(tuple(out))
    raise ValueError(f"not a twaalf-dagen action: {data!r}")
