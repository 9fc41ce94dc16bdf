"""Cards as small integers and the per-configuration lookup tables (ST-C2, ST-C4, ST-P1 ... ST-P3).

Every distinct card of the three hand decks (by id: copies share their id)
gets a *code*, ``0 .. K-1``: the Varen cards first, then the Stoomboot cards,
then the Pakje cards, in the order of the configuration. Piles and hands are
lists of codes. Everywhere outside the state (actions, chance outcomes,
events) a card is its id, so game records read like the cards themselves.

:func:`tables_for` builds the :class:`CardTable` of a configuration once.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from pnp.games.stoomboot.rules.config import (
    ICONS,
    KALENDER_EVENTS,
    TILE_KINDS,
    VAREN_MOVES,
    StoombootConfig,
)

VAREN = 0
STOOM = 1
PAKJE = 2
DECKS = (VAREN, STOOM, PAKJE)
PILE_NAMES = ("varen", "stoomboot", "pakje")
"""Deck index -> the name used in the notation (``draw stoomboot``)."""
KALENDER_PILE = "kalender"

NO_CARD = -1

# Varen moves (indices into VAREN_MOVES)
VOORUIT, ACHTERUIT, BAKBOORD, STUURBOORD, DUBBEL_VOORUIT, DUBBEL_ACHTERUIT, DRAAI_OM, ANKER = range(
    8
)

# Icons (indices into ICONS)
NO_ICON, OOG, DUBBEL, KOMPAS, STORM, STER = range(6)

# Pakje specials
PLAIN, JOKER, DUBBELCADEAU, TELEFOON = range(4)
_SPECIALS = {"": PLAIN, "joker": JOKER, "dubbel": DUBBELCADEAU, "telefoon": TELEFOON}

# Tile kinds (indices into TILE_KINDS)
HUIS, WATER, ROTS, STROMING, DRAAIKOLK, HAVEN = range(6)

# Kalender events (indices into KALENDER_EVENTS)
(
    RUSTIGE_DAG,
    HAAST,
    STORM_EVENT,
    HARDE_WIND,
    MIST,
    ZON,
    LEKKAGE,
    EXTRA_KOLEN,
    OZOSNEL,
) = range(9)


@dataclass(frozen=True)
class CardTable:
    """Lookup tables of one configuration, indexed by card code (or tile / Kalender code).

    * ``names``, ``deck`` (:data:`VAREN`, :data:`STOOM`, :data:`PAKJE`) per code;
    * Varen: ``move`` (index into ``VAREN_MOVES``, -1 for other cards);
    * Stoomboot: ``left``/``right`` (connector indices, -1 otherwise) and ``icon``;
    * Pakje: ``mask`` (bit ``k`` set when it can stand for kind ``k``), ``special``;
    * ``decks[d]``: every physical card of deck ``d`` as codes, configuration order;
    * ``code_of``: id -> code;
    * tiles: ``tile_names``, ``tile_kind``, ``tile_wants`` (kind bitmask list per
      tile; houses only) with ``tile_of`` id -> tile code, the houses being
      ``0 .. len(houses)-1`` in configuration order;
    * Kalender: ``kal_names``, ``kal_event`` and ``kal_of``; ``kal_deck`` the codes.
    """

    names: tuple[str, ...]
    deck: tuple[int, ...]
    move: tuple[int, ...]
    left: tuple[int, ...]
    right: tuple[int, ...]
    icon: tuple[int, ...]
    mask: tuple[int, ...]
    special: tuple[int, ...]
    decks: tuple[tuple[int, ...], ...]
    code_of: dict[str, int]
    connectors: tuple[str, ...]
    kinds: tuple[str, ...]
    tile_names: tuple[str, ...]
    tile_kind: tuple[int, ...]
    tile_wants: tuple[tuple[int, ...], ...]
    tile_of: dict[str, int]
    houses: int
    water_tiles: tuple[int, ...]
    kal_names: tuple[str, ...]
    kal_event: tuple[int, ...]
    kal_of: dict[str, int]
    kal_deck: tuple[int, ...]

    def code(self, name: str) -> int:
        """The code of card id ``name``; ``ValueError`` for an unknown id."""
        try:
            return self.code_of[name]
        except KeyError:
            raise ValueError(f"not a stoomboot card: {name!r}") from None

    def codes(self, names: tuple[str, ...]) -> list[int]:
        """Codes of several ids."""
        return [self.code(n) for n in names]

    def fits(self, left_card: int, right_card: int) -> bool:
        """ST-C4: ``left_card`` lying left of ``right_card`` fits (touching edges match)."""
        return self.right[left_card] == self.left[right_card]

    def kinds_of(self, code: int) -> tuple[str, ...]:
        """The pakje kinds a Pakje card can stand for (every kind for a Joker)."""
        mask = self.mask[code]
        return tuple(k for i, k in enumerate(self.kinds) if mask >> i & 1)


def _build(config: StoombootConfig) -> CardTable:
    names: list[str] = []
    deck: list[int] = []
    move: list[int] = []
    left: list[int] = []
    right: list[int] = []
    icon: list[int] = []
    mask: list[int] = []
    special: list[int] = []
    code_of: dict[str, int] = {}
    connectors: list[str] = []
    kinds = config.pakje_kinds
    every = (1 << len(kinds)) - 1

    def connector(name: str) -> int:
        if name not in connectors:
            connectors.append(name)
        return connectors.index(name)

    decks: list[list[int]] = [[], [], []]

    def add(ident: str, which: int, values: tuple[int, int, int, int, int, int]) -> None:
        code = code_of.get(ident)
        if code is None:
            code = len(names)
            code_of[ident] = code
            names.append(ident)
            deck.append(which)
            move.append(values[0])
            left.append(values[1])
            right.append(values[2])
            icon.append(values[3])
            mask.append(values[4])
            special.append(values[5])
        decks[which].append(code)

    for v in config.varen:
        index = VAREN_MOVES.index(v.move) if v.move in VAREN_MOVES else VOORUIT
        add(v.id, VAREN, (index, -1, -1, NO_ICON, 0, PLAIN))
    for s in config.stoom:
        ic = ICONS.index(s.icon) if s.icon in ICONS else NO_ICON
        add(s.id, STOOM, (-1, connector(s.left), connector(s.right), ic, 0, PLAIN))
    for p in config.pakjes:
        spec = _SPECIALS.get(p.special, PLAIN)
        bits = every if spec == JOKER else 0
        for kind in p.kinds:
            if kind in kinds:
                bits |= 1 << kinds.index(kind)
        add(p.id, PAKJE, (-1, -1, -1, NO_ICON, bits, spec))

    tile_names: list[str] = []
    tile_kind: list[int] = []
    tile_wants: list[tuple[int, ...]] = []
    tile_of: dict[str, int] = {}
    for tile in (*config.houses, *config.water):
        if tile.id in tile_of:
            continue
        tile_of[tile.id] = len(tile_names)
        tile_names.append(tile.id)
        tile_kind.append(TILE_KINDS.index(tile.kind) if tile.kind in TILE_KINDS else WATER)
        tile_wants.append(tuple(kinds.index(w) for w in tile.wants if w in kinds))
    kal_names: list[str] = []
    kal_event: list[int] = []
    kal_of: dict[str, int] = {}
    kal_deck: list[int] = []
    for card in config.kalender:
        if card.id not in kal_of:
            kal_of[card.id] = len(kal_names)
            kal_names.append(card.id)
            kal_event.append(
                KALENDER_EVENTS.index(card.event) if card.event in KALENDER_EVENTS else 0
            )
        kal_deck.append(kal_of[card.id])
    return CardTable(
        names=tuple(names),
        deck=tuple(deck),
        move=tuple(move),
        left=tuple(left),
        right=tuple(right),
        icon=tuple(icon),
        mask=tuple(mask),
        special=tuple(special),
        decks=tuple(tuple(d) for d in decks),
        code_of=code_of,
        connectors=tuple(connectors),
        kinds=kinds,
        tile_names=tuple(tile_names),
        tile_kind=tuple(tile_kind),
        tile_wants=tuple(tile_wants),
        tile_of=tile_of,
        houses=len(config.houses),
        water_tiles=tuple(tile_of[t.id] for t in config.water),
        kal_names=tuple(kal_names),
        kal_event=tuple(kal_event),
        kal_of=kal_of,
        kal_deck=tuple(kal_deck),
    )


@lru_cache(maxsize=64)
def tables_for(config: StoombootConfig) -> CardTable:
    """The lookup tables of ``config`` (built once per configuration)."""
    return _build(config)
