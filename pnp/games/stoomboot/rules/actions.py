"""Player moves in notation, chance outcomes, and their JSON form.

A player's move *is* its notation, a short string (cards by their id,
positions of the Stoomrij 1-based from the left, squares ``a1`` ..):

==========================  ==================================================================
``draw varen``              draw the top card of a pile: ``varen``, ``stoomboot`` or ``pakje``
``place vooruit 3``         lay a hand card face down under position 3 (ST-B3)
``place p-boek 3 up``       the same, face up (a position with an eye, or during ``zon``)
``boot`` / ``piet``         the Sint applies the revealed Varen card to the boat or to
                            their own Piet (rebelse-pietjes, ST-R1)
``koers o``                 kompas: turn the pawn to a heading before its Varen card (ST-P3)
``langer-links``            attach the Stoomboot card (or the haven / extra-kolen card) at
                            the left end; ``langer-rechts`` at the right end (ST-B5)
``korter-links``            remove the left end card (Stoomboot card, lekkage);
                            ``korter-rechts`` the right one (ST-B5, ST-K1)
``schade-links``            damage: remove the left end card; ``schade-rechts`` (ST-E2)
``bezorg huis-boek``        deliver to that house with the revealed pakjes (ST-B6)
``niet``                    do not deliver now (ST-B6)
``kalender 2``              base game: the card at position 2 goes to the Kalender (ST-B8)
``ozosnel n``               Kalender event: move the boat one square that way (ST-K1)
==========================  ==================================================================

Chance outcomes are small dataclasses: :class:`ChooseSint`, :class:`LayMap`,
:class:`PlaceBoat` and :class:`Shuffle`; in records they are JSON objects such
as ``{"shuffle": "varen", "cards": "vooruit bakboord ..."}``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from pnp.engine.core import JSON
from pnp.games.stoomboot.rules.board import HEADINGS
from pnp.games.stoomboot.rules.cards import PILE_NAMES, tables_for
from pnp.games.stoomboot.rules.config import StoombootConfig

K_DRAW = 0
K_PLACE = 1
K_BOOT = 2
K_PIET = 3
K_KOERS = 4
K_LANGER = 5
K_KORTER = 6
K_SCHADE = 7
K_BEZORG = 8
K_NIET = 9
K_KALENDER = 10
K_OZOSNEL = 11

LEFT = 0
RIGHT = 1
SIDES = ("links", "rechts")

DRAW = tuple(f"draw {pile}" for pile in PILE_NAMES)
"""``DRAW[deck]``: draw from the Varen, Stoomboot or Pakje pile."""
BOOT = "boot"
PIET = "piet"
KOERS = tuple(f"koers {h}" for h in HEADINGS)
LANGER = tuple(f"langer-{side}" for side in SIDES)
KORTER = tuple(f"korter-{side}" for side in SIDES)
SCHADE = tuple(f"schade-{side}" for side in SIDES)
NIET = "niet"
OZOSNEL = tuple(f"ozosnel {h}" for h in HEADINGS)
MAX_POSITIONS = 32
"""Upper bound of Stoomrij positions the notation supports."""
KALENDER = tuple(f"kalender {slot + 1}" for slot in range(MAX_POSITIONS))

Move = tuple[int, int, int, int]
"""A parsed move: ``(kind, a, b, c)``."""

_FIXED: dict[str, Move] = {
    BOOT: (K_BOOT, 0, 0, 0),
    PIET: (K_PIET, 0, 0, 0),
    NIET: (K_NIET, 0, 0, 0),
    **{text: (K_DRAW, deck, 0, 0) for deck, text in enumerate(DRAW)},
    **{text: (K_KOERS, h, 0, 0) for h, text in enumerate(KOERS)},
    **{text: (K_OZOSNEL, h, 0, 0) for h, text in enumerate(OZOSNEL)},
    **{text: (K_LANGER, side, 0, 0) for side, text in enumerate(LANGER)},
    **{text: (K_KORTER, side, 0, 0) for side, text in enumerate(KORTER)},
    **{text: (K_SCHADE, side, 0, 0) for side, text in enumerate(SCHADE)},
    **{text: (K_KALENDER, slot, 0, 0) for slot, text in enumerate(KALENDER)},
}


@dataclass(frozen=True)
class ActionTable:
    """The moves of one configuration: ``place[code][position][up]`` strings and a parser."""

    place: tuple[tuple[tuple[str, str], ...], ...]
    bezorg: tuple[str, ...]
    parsed: dict[str, Move]

    def parse(self, text: str) -> Move:
        """The parsed form of a move; ``ValueError`` if it is not a move of this game."""
        try:
            return self.parsed[text]
        except (KeyError, TypeError):
            raise ValueError(f"not a stoomboot move: {text!r}") from None


@lru_cache(maxsize=64)
def action_table(config: StoombootConfig) -> ActionTable:
    """The :class:`ActionTable` of ``config`` (built once per configuration)."""
    tables = tables_for(config)
    positions = max(1, 2 * config.max_row - 1)
    parsed = dict(_FIXED)
    place = []
    for code, name in enumerate(tables.names):
        per_code = []
        for pos in range(positions):
            down = f"place {name} {pos + 1}"
            up = f"{down} up"
            parsed[down] = (K_PLACE, code, pos, 0)
            parsed[up] = (K_PLACE, code, pos, 1)
            per_code.append((down, up))
        place.append(tuple(per_code))
    bezorg = []
    for house in range(tables.houses):
        text = f"bezorg {tables.tile_names[house]}"
        parsed[text] = (K_BEZORG, house, 0, 0)
        bezorg.append(text)
    return ActionTable(tuple(place), tuple(bezorg), parsed)


@dataclass(frozen=True, slots=True)
class ChooseSint:
    """Chance at setup: the player with the longest beard is the first Sint (ST-B1)."""

    seat: int


@dataclass(frozen=True, slots=True)
class LayMap:
    """Chance at setup: the tile ids of the map, row by row from the top left (ST-B1)."""

    tiles: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PlaceBoat:
    """Chance at setup: the plain water square the boat starts on (heading ``n``)."""

    square: str


@dataclass(frozen=True, slots=True)
class Shuffle:
    """Chance: a pile in its new order, top card first.

    At setup each pile is shuffled once; later an empty pile gets its discard
    pile shuffled in, and at round end the pakje pile is shuffled with the
    pakjes that came back.
    """

    pile: str
    cards: tuple[str, ...]


Chance = ChooseSint | LayMap | PlaceBoat | Shuffle
Action = str | Chance


def format_action(action: Action) -> str:
    """Any action in notation (chance outcomes start with ``chance:``)."""
    if isinstance(action, str):
        return action
    if isinstance(action, ChooseSint):
        return f"chance: sint P{action.seat}"
    if isinstance(action, LayMap):
        return f"chance: map {' '.join(action.tiles)}"
    if isinstance(action, PlaceBoat):
        return f"chance: boat {action.square}"
    return f"chance: shuffle {action.pile} {' '.join(action.cards)}"


def encode_action(action: Action) -> JSON:
    """A move as its notation; chance outcomes as small JSON objects."""
    if isinstance(action, str):
        return action
    if isinstance(action, ChooseSint):
        return {"sint": action.seat}
    if isinstance(action, LayMap):
        return {"map": " ".join(action.tiles)}
    if isinstance(action, PlaceBoat):
        return {"boat": action.square}
    return {"shuffle": action.pile, "cards": " ".join(action.cards)}


def decode_action(data: JSON) -> Action:
    """Inverse of :func:`encode_action`; ``ValueError`` for anything malformed.

    Moves are checked against the game when they are pushed.
    """
    if isinstance(data, str):
        return data
    if isinstance(data, dict):
        keys = set(data)
        sint = data.get("sint")
        if keys == {"sint"} and isinstance(sint, int) and not isinstance(sint, bool):
            return ChooseSint(sint)
        tiles = data.get("map")
        if keys == {"map"} and isinstance(tiles, str):
            return LayMap(tuple(tiles.split()))
        square = data.get("boat")
        if keys == {"boat"} and isinstance(square, str):
            return PlaceBoat(square)
        pile, cards = data.get("shuffle"), data.get("cards")
        if keys == {"shuffle", "cards"} and isinstance(pile, str) and isinstance(cards, str):
            return Shuffle(pile, tuple(cards.split()))
    raise ValueError(f"not a stoomboot action: {data!r}")
