"""Actions: player moves packed into integers, chance outcomes as small dataclasses.

Player moves are ints ``kind << 24 | a << 12 | b`` (``a``/``b`` are card
codes, a seat, a colour index or a number, depending on the kind). Their
notation (also used in game records) is a short English word and card names:

========================  ==============================================================
``stop``                  stop bidding this round (SK-B4)
``done``                  end your bidding turn: go along / check (SK-B4)
``add rood-5``            lay a hand card face up on your bid (SK-B4)
``hide stafpiet``         lay an action card face down as a Pietje Precies (SK-P4)
``swap rood-5 blauw-7``   exchange a hand card (first) with a bid card (SK-V2)
``limit 2``               the Sint names the minimum hand (0: none) (SK-V3)
``give-big-sint P2``      the Sint hands the Big Sint to a player (SK-W1)
``keep-hand``             keep your hand cards after the round (SK-V3)
``discard-hand``          throw your hand cards away after the round (SK-V3)
``more-stake``            coin choice: a random scored card joins your bid (SK-V4)
``more-cards``            coin choice: every player draws a card (SK-V4)
``join`` / ``decline``    follow a "meer inzet" with your own scored card, or not (SK-V4)
``take-small-sint``       Stafpiet: become the Sint (SK-A1, SK-W4)
``take-big-sint``         Stafpiet with both Sint cards: take the Big Sint (SK-W4)
``keep-top`` / ``to-bottom``  Kijkpiet: put the peeked card back, or under the stack
``wissel rood-5 blauw-7`` Wisselpiet: a hand card (first) for a Pakjeskamer card
``colour rood``           Inpakpiet: the colour it counts as when scoring
``strike rood-5``         Pietje Precies: strike a scoring card (SK-P3)
``strike none``           Pietje Precies: strike nothing
========================  ==============================================================

Chance outcomes are :class:`ChooseSint`, :class:`Deal`, :class:`Reveal`,
:class:`Draw`, :class:`Peek`, :class:`Pick` and :class:`PassLeft`; in records
they are JSON objects such as ``{"reveal": "rood-5"}``.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.engine.core import JSON
from pnp.games.sinterklaas.rules.cards import COLOURS, card_name, parse_card

STOP_KIND = 1
DONE_KIND = 2
ADD_KIND = 3
HIDE_KIND = 4
SWAP_KIND = 5
LIMIT_KIND = 6
GIVE_BIG_KIND = 7
KEEP_HAND_KIND = 8
DISCARD_HAND_KIND = 9
MORE_STAKE_KIND = 10
MORE_CARDS_KIND = 11
JOIN_KIND = 12
DECLINE_KIND = 13
TAKE_SMALL_KIND = 14
TAKE_BIG_KIND = 15
KEEP_TOP_KIND = 16
TO_BOTTOM_KIND = 17
WISSEL_KIND = 18
COLOUR_KIND = 19
STRIKE_KIND = 20
NO_STRIKE_KIND = 21

_MASK = (1 << 12) - 1


def move(kind: int, a: int = 0, b: int = 0) -> int:
    """Pack a player move."""
    return (kind << 24) | (a << 12) | b


def move_kind(action: int) -> int:
    """The kind of a packed move."""
    return action >> 24


def move_a(action: int) -> int:
    """The first argument of a packed move (a card, seat, colour or number)."""
    return (action >> 12) & _MASK


def move_b(action: int) -> int:
    """The second argument of a packed move (a card)."""
    return action & _MASK


STOP = move(STOP_KIND)
DONE = move(DONE_KIND)
KEEP_HAND = move(KEEP_HAND_KIND)
DISCARD_HAND = move(DISCARD_HAND_KIND)
MORE_STAKE = move(MORE_STAKE_KIND)
MORE_CARDS = move(MORE_CARDS_KIND)
JOIN = move(JOIN_KIND)
DECLINE = move(DECLINE_KIND)
TAKE_SMALL_SINT = move(TAKE_SMALL_KIND)
TAKE_BIG_SINT = move(TAKE_BIG_KIND)
KEEP_TOP = move(KEEP_TOP_KIND)
TO_BOTTOM = move(TO_BOTTOM_KIND)
NO_STRIKE = move(NO_STRIKE_KIND)


def add(card: int) -> int:
    """Lay ``card`` face up on your bid."""
    return move(ADD_KIND, card)


def hide(card: int) -> int:
    """Lay action card ``card`` face down on your bid as a Pietje Precies (SK-P4)."""
    return move(HIDE_KIND, card)


def swap(hand_card: int, bid_card: int) -> int:
    """Exchange ``hand_card`` with ``bid_card`` (SK-V2)."""
    return move(SWAP_KIND, hand_card, bid_card)


def limit(minimum: int) -> int:
    """Name the minimum hand of the round (SK-V3); 0 names none."""
    return move(LIMIT_KIND, minimum)


def give_big_sint(seat: int) -> int:
    """Hand the Big Sint card to ``seat`` (SK-W1)."""
    return move(GIVE_BIG_KIND, seat)


def wissel(hand_card: int, room_card: int) -> int:
    """Wisselpiet: exchange ``hand_card`` with ``room_card`` from the Pakjeskamer."""
    return move(WISSEL_KIND, hand_card, room_card)


def colour(index: int) -> int:
    """Inpakpiet: count as colour ``index`` when scoring."""
    return move(COLOUR_KIND, index)


def strike(card: int) -> int:
    """Pietje Precies: strike ``card`` from your scoring cards (SK-P3)."""
    return move(STRIKE_KIND, card)


_WORDS = {
    STOP_KIND: "stop",
    DONE_KIND: "done",
    KEEP_HAND_KIND: "keep-hand",
    DISCARD_HAND_KIND: "discard-hand",
    MORE_STAKE_KIND: "more-stake",
    MORE_CARDS_KIND: "more-cards",
    JOIN_KIND: "join",
    DECLINE_KIND: "decline",
    TAKE_SMALL_KIND: "take-small-sint",
    TAKE_BIG_KIND: "take-big-sint",
    KEEP_TOP_KIND: "keep-top",
    TO_BOTTOM_KIND: "to-bottom",
    NO_STRIKE_KIND: "strike none",
}
_BY_WORD = {word: move(kind) for kind, word in _WORDS.items()}
_ONE_CARD = {ADD_KIND: "add", HIDE_KIND: "hide", STRIKE_KIND: "strike"}
_TWO_CARDS = {SWAP_KIND: "swap", WISSEL_KIND: "wissel"}


def format_move(action: int) -> str:
    """A player move in notation (see the module docstring)."""
    kind = action >> 24
    word = _WORDS.get(kind)
    if word is not None:
        return word
    if kind in _ONE_CARD:
        return f"{_ONE_CARD[kind]} {card_name(move_a(action))}"
    if kind in _TWO_CARDS:
        return f"{_TWO_CARDS[kind]} {card_name(move_a(action))} {card_name(move_b(action))}"
    if kind == LIMIT_KIND:
        return f"limit {move_a(action)}"
    if kind == GIVE_BIG_KIND:
        return f"give-big-sint P{move_a(action)}"
    if kind == COLOUR_KIND:
        return f"colour {COLOURS[move_a(action)]}"
    raise ValueError(f"not a sinterklaas move: {action!r}")


def parse_move(text: str) -> int:
    """Inverse of :func:`format_move`; ``ValueError`` for anything else."""
    text = " ".join(text.split())
    if text in _BY_WORD:
        return _BY_WORD[text]
    word, _, rest = text.partition(" ")
    args = rest.split()
    try:
        for kind, name in _ONE_CARD.items():
            if word == name and len(args) == 1:
                return move(kind, parse_card(args[0]))
        for kind, name in _TWO_CARDS.items():
            if word == name and len(args) == 2:
                return move(kind, parse_card(args[0]), parse_card(args[1]))
        if word == "limit" and len(args) == 1 and args[0].isdigit():
            return limit(int(args[0]))
        if word == "give-big-sint" and len(args) == 1 and args[0][:1] == "P":
            return give_big_sint(int(args[0][1:]))
        if word == "colour" and len(args) == 1 and args[0] in COLOURS:
            return colour(COLOURS.index(args[0]))
    except ValueError:
        pass
    raise ValueError(f"not a sinterklaas move: {text!r}")


# ---------------------------------------------------------------------------
# Chance outcomes


@dataclass(frozen=True, slots=True)
class ChooseSint:
    """Chance at setup: the first Sint (SK-B1)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance at the start of a round (SK-B3), per seat: the random cards taken
    back from the scored pile and the cards drawn from the stack."""

    scored: tuple[tuple[int, ...], ...]
    stack: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class Reveal:
    """Chance: the next stack card goes face up into the Pakjeskamer (SK-B4, Amerigo)."""

    card: int


@dataclass(frozen=True, slots=True)
class Draw:
    """Chance: the cards a player draws from the stack, in drawing order."""

    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Peek:
    """Chance: the top card of the stack, seen by the Kijkpiet player."""

    card: int


@dataclass(frozen=True, slots=True)
class Pick:
    """Chance: a card picked at random (a scored card for "meer inzet", a stolen hand card)."""

    card: int


@dataclass(frozen=True, slots=True)
class PassLeft:
    """Chance (Roetpiet): per seat the random hand card it passes left (0: none)."""

    cards: tuple[int, ...]


ChanceAction = ChooseSint | Deal | Reveal | Draw | Peek | Pick | PassLeft
Action = int | ChanceAction


def _names(cards: tuple[int, ...]) -> list[JSON]:
    return [card_name(c) for c in cards]


def encode_action(action: Action) -> JSON:
    """An action as JSON: a move's notation, or an object for a chance outcome."""
    if isinstance(action, int):
        return format_move(action)
    if isinstance(action, ChooseSint):
        return {"sint": action.seat}
    if isinstance(action, Deal):
        scored: list[JSON] = [_names(h) for h in action.scored]
        stack: list[JSON] = [_names(h) for h in action.stack]
        return {"deal": {"scored": scored, "stack": stack}}
    if isinstance(action, Reveal):
        return {"reveal": card_name(action.card)}
    if isinstance(action, Draw):
        return {"draw": _names(action.cards)}
    if isinstance(action, Peek):
        return {"peek": card_name(action.card)}
    if isinstance(action, Pick):
        return {"pick": card_name(action.card)}
    passed: list[JSON] = [card_name(c) if c else None for c in action.cards]
    return {"pass": passed}


def _card_list(value: JSON) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"expected a list of card names, got {value!r}")
    return tuple(parse_card(v) for v in value if isinstance(v, str))


def _seat_lists(value: JSON) -> tuple[tuple[int, ...], ...]:
    if not isinstance(value, list):
        raise ValueError(f"expected a list per seat, got {value!r}")
    return tuple(_card_list(v) for v in value)


def decode_action(data: JSON) -> Action:
    """Inverse of :func:`encode_action`."""
    if isinstance(data, str):
        return parse_move(data)
    if isinstance(data, dict) and len(data) == 1:
        ((key, value),) = data.items()
        if key == "sint" and isinstance(value, int) and not isinstance(value, bool):
            return ChooseSint(value)
        if key == "deal" and isinstance(value, dict) and set(value) == {"scored", "stack"}:
            return Deal(_seat_lists(value["scored"]), _seat_lists(value["stack"]))
        if key in ("reveal", "peek", "pick") and isinstance(value, str):
            card = parse_card(value)
            return Reveal(card) if key == "reveal" else Peek(card) if key == "peek" else Pick(card)
        if key == "draw":
            return Draw(_card_list(value))
        if key == "pass" and isinstance(value, list):
            out: list[int] = []
            for item in value:
                if item is None:
                    out.append(0)
                elif isinstance(item, str):
                    out.append(parse_card(item))
                else:
                    raise ValueError(f"malformed pass: {data!r}")
            return PassLeft(tuple(out))
    raise ValueError(f"not a sinterklaas action: {data!r}")
