"""Moves, chance outcomes and their notation (SA-B1, SA-B3, SA-B4, SA-B5).

A player's move is an ``int``:

* draw phase: :data:`TAKE` (the top card of the discard pile) or :data:`DRAW`
  (the top card of the draw pile);
* place phase: ``swap(col)`` (swap the card in hand with column ``col`` of
  the active row; notation ``swap 1`` .. ``swap 6``) or :data:`DISCARD`
  (discard the card drawn from the draw pile);
* call phase: :data:`END` (end the turn), :data:`ARRIBA` or :data:`STOP`.

Chance outcomes are objects: :class:`ChooseDealer` (game start),
:class:`Deal` (the shuffle of each round: grids, first discard, draw pile in
order) and :class:`Reshuffle` (the discard pile shuffled into a new draw pile).
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.engine.core import JSON
from pnp.games.santoska.rules.cards import card_name, format_cards, parse_card, parse_cards

TAKE = 0
DRAW = 1
DISCARD = 2
END = 3
ARRIBA = 4
STOP = 5
SWAP = 8
"""``SWAP + col`` swaps with column ``col`` (0-based) of the active row."""

_NAMES = {
    TAKE: "take",
    DRAW: "draw",
    DISCARD: "discard",
    END: "end",
    ARRIBA: "arriba",
    STOP: "stop",
}
_CODES = {name: code for code, name in _NAMES.items()}


def swap(col: int) -> int:
    """The move that swaps with column ``col`` (0-based) of the active row."""
    return SWAP + col


def swap_column(move: int) -> int:
    """The 0-based column of a swap move (``-1`` for other moves)."""
    return move - SWAP if move >= SWAP else -1


@dataclass(frozen=True, slots=True)
class ChooseDealer:
    """Chance at game start: who deals the first round."""

    dealer: int


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance at the start of a round: the shuffled deck as it is dealt (SA-B1).

    ``grids[seat]`` holds the seat's cells (bottom row, then top row; empty
    for an eliminated seat), ``discard`` the card turned face up and ``pile``
    the draw pile from the top down.
    """

    grids: tuple[tuple[int, ...], ...]
    discard: int
    pile: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Reshuffle:
    """Chance: the discard pile, except its top card, shuffled into a new draw pile.

    ``pile`` is the new draw pile from the top down.
    """

    pile: tuple[int, ...]


Action = int | ChooseDealer | Deal | Reshuffle


def format_move(move: int) -> str:
    """A move in notation: ``take``, ``draw``, ``swap 2``, ``discard``, ``end``, ..."""
    if move >= SWAP:
        return f"swap {move - SWAP + 1}"
    try:
        return _NAMES[move]
    except KeyError:
        raise ValueError(f"not a santoska move: {move!r}") from None


def parse_move(text: str) -> int:
    """Inverse of :func:`format_move`."""
    text = text.strip()
    if text in _CODES:
        return _CODES[text]
    parts = text.split()
    if len(parts) == 2 and parts[0] == "swap" and parts[1].isdigit() and int(parts[1]) >= 1:
        return swap(int(parts[1]) - 1)
    raise ValueError(f"not a santoska move: {text!r}")


def format_action(action: Action) -> str:
    """Any action in notation (chance outcomes start with ``chance:``)."""
    if isinstance(action, ChooseDealer):
        return f"chance: dealer P{action.dealer}"
    if isinstance(action, Deal):
        grids = " / ".join(format_cards(g) or "-" for g in action.grids)
        return (
            f"chance: deal {grids}; discard {card_name(action.discard)}; "
            f"pile {format_cards(action.pile)}"
        )
    if isinstance(action, Reshuffle):
        return f"chance: reshuffle {format_cards(action.pile)}"
    return format_move(action)


def encode_action(action: Action) -> JSON:
    """A move as its notation; chance outcomes as small JSON objects with card strings."""
    if isinstance(action, ChooseDealer):
        return {"dealer": action.dealer}
    if isinstance(action, Deal):
        return {
            "deal": [format_cards(g) for g in action.grids],
            "discard": card_name(action.discard),
            "pile": format_cards(action.pile),
        }
    if isinstance(action, Reshuffle):
        return {"reshuffle": format_cards(action.pile)}
    return format_move(action)


def decode_action(data: JSON) -> Action:
    """Inverse of :func:`encode_action`; ``ValueError`` for anything malformed."""
    if isinstance(data, str):
        return parse_move(data)
    if isinstance(data, dict):
        keys = set(data)
        dealer = data.get("dealer")
        if keys == {"dealer"} and isinstance(dealer, int) and not isinstance(dealer, bool):
            return ChooseDealer(dealer)
        grids, discard, pile = data.get("deal"), data.get("discard"), data.get("pile")
        if (
            keys == {"deal", "discard", "pile"}
            and isinstance(grids, list)
            and all(isinstance(g, str) for g in grids)
            and isinstance(discard, str)
            and isinstance(pile, str)
        ):
            return Deal(
                tuple(parse_cards(g) for g in grids if isinstance(g, str)),
                parse_card(discard),
                parse_cards(pile),
            )
        reshuffle = data.get("reshuffle")
        if keys == {"reshuffle"} and isinstance(reshuffle, str):
            return Reshuffle(parse_cards(reshuffle))
    raise ValueError(f"not a santoska action: {data!r}")
