"""The game's configuration and its deck validation (ST-C1, ST-C2, ST-C4, ST-K1, ST-P1 ... ST-E1, ST-D1).

:class:`StoombootConfig` holds plain values (so it can be sent to worker
processes): every map tile and every card once per physical copy, the
settings of the rules and the chosen variants. The kit builds it from the
spec tables; :func:`standard_config` and :func:`config_for_variants` give the
tables of the design (base set plus each variant's additions), and
:func:`validate_deck` checks a configuration against the rules (ST-D1).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

GAME_ID = "stoomboot"

VARIANTS = (
    "kleine-kaart",
    "krappe-kalender",
    "prachtige-pakjes",
    "pepernoot-plekken",
    "rebelse-pietjes",
)
"""The variant ids (GAMES.md §2); they combine freely."""

TILE_KINDS = ("huis", "water", "rots", "stroming", "draaikolk", "haven")
"""Map tile kinds (ST-C1, ST-E1)."""

SPECIAL_TILES = ("rots", "stroming", "draaikolk", "haven")
"""The pepernoot-plekken tile kinds (ST-E1)."""

VAREN_MOVES = (
    "vooruit",
    "achteruit",
    "bakboord",
    "stuurboord",
    "dubbel-vooruit",
    "dubbel-achteruit",
    "draai-om",
    "anker",
)
"""What a Varen card does (ST-C3, ST-P2)."""

ICONS = ("", "oog", "dubbel", "kompas", "storm", "ster")
"""Middle icons of Stoomboot cards (ST-C4, ST-P3); ``""`` is no icon."""

PAKJE_SPECIALS = ("", "joker", "dubbel", "telefoon")
"""Pakje card specials (ST-P1); ``""`` is a plain pakje of one kind."""

KALENDER_EVENTS = (
    "rustige-dag",
    "haast",
    "storm",
    "harde-wind",
    "mist",
    "zon",
    "lekkage",
    "extra-kolen",
    "ozosnel",
)
"""Kalender card events (ST-K1)."""

MIN_PLAYERS = 2
MAX_SEATS = 8
"""The engine supports at most this many seats."""


@dataclass(frozen=True)
class TileKind:
    """One physical map tile: ``kind`` is one of :data:`TILE_KINDS`; a house lists its wants."""

    id: str
    kind: str
    wants: tuple[str, ...] = ()


@dataclass(frozen=True)
class VarenCard:
    """One physical Varen card; ``move`` is one of :data:`VAREN_MOVES`."""

    id: str
    move: str


@dataclass(frozen=True)
class StoomCard:
    """One physical Stoomboot card: connectors at its left and right edge, middle icon."""

    id: str
    left: str
    right: str
    icon: str = ""


@dataclass(frozen=True)
class PakjeCard:
    """One physical Pakje card: the kinds it can stand for and its special (ST-P1).

    A plain pakje and a Telefoon have one kind, a Dubbelcadeau two, a Joker none
    (it stands for any kind).
    """

    id: str
    kinds: tuple[str, ...]
    special: str = ""


@dataclass(frozen=True)
class KalenderCard:
    """One physical Kalender card (krappe-kalender, ST-K1)."""

    id: str
    event: str


@dataclass(frozen=True)
class StoombootConfig:
    """Tiles, decks, the settings of the rules and the chosen variants.

    ``water`` holds the plain water tiles and, with pepernoot-plekken, the
    special tiles. ``hand_size``/``start_row`` apply below ``big_from_players``
    players, ``big_hand_size``/``big_start_row`` from there on (ST-B1).
    ``round_limit`` is a safeguard only (the Kalender ends every game sooner).
    """

    pakje_kinds: tuple[str, ...]
    houses: tuple[TileKind, ...]
    water: tuple[TileKind, ...]
    varen: tuple[VarenCard, ...]
    stoom: tuple[StoomCard, ...]
    pakjes: tuple[PakjeCard, ...]
    kalender: tuple[KalenderCard, ...] = ()
    map_size: int = 5
    small_map_houses: int = 4
    hand_size: int = 5
    big_hand_size: int = 4
    start_row: int = 2
    big_start_row: int = 4
    big_from_players: int = 5
    max_row: int = 5
    calendar_limit: int = 10
    players: tuple[int, int] = (2, 6)
    round_limit: int = 60
    variants: tuple[str, ...] = ()

    def has(self, variant: str) -> bool:
        """True when ``variant`` is chosen."""
        return variant in self.variants

    @property
    def houses_on_map(self) -> int:
        """Houses laid on the map: all of them, or ``small_map_houses`` with kleine-kaart."""
        if self.has("kleine-kaart"):
            return min(self.small_map_houses, len(self.houses))
        return len(self.houses)

    def hand_for(self, players: int) -> int:
        """Hand size for ``players`` players (ST-B1)."""
        return self.big_hand_size if players >= self.big_from_players else self.hand_size

    def start_row_for(self, players: int) -> int:
        """Stoomboot cards of the start row for ``players`` players (ST-B1)."""
        return self.big_start_row if players >= self.big_from_players else self.start_row


# -- the design's tables -------------------------------------------------------------------

PAKJE_KINDS = ("letter", "marsepein", "boek", "knuffel", "trommel")

BASE_HOUSES = (
    ("huis-letter", ("letter",)),
    ("huis-marsepein", ("marsepein",)),
    ("huis-boek", ("boek",)),
    ("huis-knuffel", ("knuffel",)),
    ("huis-trommel", ("trommel",)),
    ("huis-trommel-letter", ("trommel", "letter")),
)
BASE_WATER = 19
SPECIAL_TILE_COUNTS = (("rots", 2), ("stroming", 1), ("draaikolk", 1), ("haven", 1))

BASE_VAREN = (("vooruit", 8), ("achteruit", 3), ("bakboord", 4), ("stuurboord", 4))
EXTRA_VAREN = (("dubbel-vooruit", 2), ("dubbel-achteruit", 1), ("draai-om", 2), ("anker", 2))

BASE_STOOM = (
    ("s01", "rond", "rond", "oog"),
    ("s02", "rond", "hoek", ""),
    ("s03", "rond", "golf", "oog"),
    ("s04", "hoek", "rond", ""),
    ("s05", "hoek", "hoek", "oog"),
    ("s06", "hoek", "golf", ""),
    ("s07", "golf", "rond", ""),
    ("s08", "golf", "hoek", "oog"),
    ("s09", "golf", "golf", ""),
    ("s10", "rond", "hoek", "oog"),
    ("s11", "hoek", "golf", "oog"),
    ("s12", "golf", "rond", ""),
)
EXTRA_STOOM = (
    ("s13", "rond", "golf", "dubbel"),
    ("s14", "hoek", "rond", "kompas"),
    ("s15", "golf", "hoek", "kompas"),
    ("s16", "rond", "rond", "storm"),
    ("s17", "hoek", "hoek", "ster"),
    ("s18", "golf", "golf", "ster"),
)
PAKJES_PER_KIND = 4
EXTRA_PAKJES = (
    ("joker", (), "joker", 2),
    ("dubbel-letter-marsepein", ("letter", "marsepein"), "dubbel", 1),
    ("dubbel-boek-knuffel", ("boek", "knuffel"), "dubbel", 1),
    ("dubbel-trommel-letter", ("trommel", "letter"), "dubbel", 1),
    ("telefoon-knuffel", ("knuffel",), "telefoon", 1),
    ("telefoon-trommel", ("trommel",), "telefoon", 1),
)
KALENDER_DECK = (
    ("rustige-dag", 1),
    ("haast", 2),
    ("storm", 1),
    ("harde-wind", 1),
    ("mist", 1),
    ("zon", 1),
    ("lekkage", 1),
    ("extra-kolen", 1),
    ("ozosnel", 1),
)


def _copies(items: Iterable[tuple[str, int]]) -> list[str]:
    return [name for name, count in items for _ in range(count)]


def standard_config(variants: Sequence[str] = ()) -> StoombootConfig:
    """The design's tables: the base set plus the additions of each chosen variant."""
    chosen = set(variants)
    houses = tuple(TileKind(hid, "huis", wants) for hid, wants in BASE_HOUSES)
    water = [TileKind("water", "water") for _ in range(BASE_WATER)]
    if "pepernoot-plekken" in chosen:
        water += [TileKind(kind, kind) for kind in _copies(SPECIAL_TILE_COUNTS)]
    moves = _copies(BASE_VAREN)
    stoom = list(BASE_STOOM)
    pakjes = [PakjeCard(f"p-{kind}", (kind,)) for kind in PAKJE_KINDS for _ in range(4)]
    if "prachtige-pakjes" in chosen:
        moves += _copies(EXTRA_VAREN)
        stoom += EXTRA_STOOM
        pakjes += [
            PakjeCard(pid, kinds, special)
            for pid, kinds, special, count in EXTRA_PAKJES
            for _ in range(count)
        ]
    kalender: tuple[KalenderCard, ...] = ()
    if "krappe-kalender" in chosen:
        kalender = tuple(KalenderCard(event, event) for event in _copies(KALENDER_DECK))
    return StoombootConfig(
        pakje_kinds=PAKJE_KINDS,
        houses=houses,
        water=tuple(water),
        varen=tuple(VarenCard(move, move) for move in moves),
        stoom=tuple(StoomCard(*row) for row in stoom),
        pakjes=tuple(pakjes),
        kalender=kalender,
        map_size=4 if "kleine-kaart" in chosen else 5,
        variants=tuple(v for v in VARIANTS if v in chosen),
    )


def config_for_variants(variants: Sequence[str]) -> StoombootConfig:
    """The standard configuration for a list of variant ids; ``ValueError`` for unknown ids."""
    unknown = sorted(set(variants) - set(VARIANTS))
    if unknown:
        raise ValueError(f"unknown stoomboot variant(s): {', '.join(unknown)}")
    return standard_config(variants)


# -- validation (ST-D1) ------------------------------------------------------------------------


def _content_clashes(kind: str, items: Sequence[object]) -> list[str]:
    """Entries sharing an id must be the same card (copies); report those that differ."""
    seen: dict[str, object] = {}
    problems: list[str] = []
    for item in items:
        ident = str(getattr(item, "id", ""))
        if not ident or any(c.isspace() for c in ident):
            problems.append(f"{kind} id {ident!r} must be non-empty without spaces")
            continue
        if ident in seen and seen[ident] != item:
            problems.append(f"{kind} {ident!r}: copies with the same id differ")
        seen.setdefault(ident, item)
    return problems


def _check_tiles(config: StoombootConfig, problems: list[str]) -> None:
    size = config.map_size
    squares = size * size
    for tile in config.houses:
        if tile.kind != "huis":
            problems.append(f"ST-C1: house tile {tile.id!r} has kind {tile.kind!r}")
        if not tile.wants:
            problems.append(f"ST-C1: house {tile.id!r} wants no pakjes")
        for want in tile.wants:
            if want not in config.pakje_kinds:
                problems.append(f"ST-C1: house {tile.id!r} wants unknown pakje kind {want!r}")
    if len({t.id for t in config.houses}) != len(config.houses):
        problems.append("ST-C1: every house tile needs its own id")
    for tile in config.water:
        if tile.kind not in TILE_KINDS or tile.kind == "huis":
            problems.append(f"ST-C1: water tile {tile.id!r} has kind {tile.kind!r}")
        if tile.kind in SPECIAL_TILES and not config.has("pepernoot-plekken"):
            problems.append(f"ST-E1: special tile {tile.id!r} without pepernoot-plekken")
    problems.extend(
        f"ST-C1: {p}" for p in _content_clashes("tile", [*config.houses, *config.water])
    )
    if size < 2:
        problems.append(f"ST-C1: a {size}x{size} map is too small")
    if config.has("kleine-kaart") and len(config.houses) < config.small_map_houses:
        problems.append(
            f"ST-B1: the small map needs {config.small_map_houses} houses, "
            f"the set has {len(config.houses)}"
        )
    if config.has("kleine-kaart") and config.small_map_houses < 1:
        problems.append("ST-B1: the small map needs at least one house")
    houses = config.houses_on_map
    rest = squares - houses
    if rest < 1:
        problems.append(f"ST-C1: {houses} houses leave no water on a {size}x{size} map")
    if len(config.water) < rest:
        problems.append(
            f"ST-C1: a {size}x{size} map with {houses} houses needs {rest} water tiles, "
            f"the set has {len(config.water)}"
        )
    special = sum(1 for t in config.water if t.kind != "water")
    if rest >= 1 and special >= rest:
        problems.append(
            f"ST-B1: {special} special tiles may fill all {rest} water squares; "
            "the boat needs a plain water tile"
        )
    if not any(t.kind == "water" for t in config.water):
        problems.append("ST-B1: no plain water tile for the boat")


def _check_pakjes(config: StoombootConfig, problems: list[str]) -> None:
    kinds = set(config.pakje_kinds)
    if len(kinds) != len(config.pakje_kinds) or not kinds:
        problems.append("ST-C1: the pakje kinds must be distinct and at least one")
    single: Counter[str] = Counter()
    for card in config.pakjes:
        for kind in card.kinds:
            if kind not in kinds:
                problems.append(f"ST-C2: pakje {card.id!r} has unknown kind {kind!r}")
        expected = {"": 1, "telefoon": 1, "dubbel": 2, "joker": 0}.get(card.special)
        if expected is None:
            problems.append(f"ST-P1: pakje {card.id!r} has unknown special {card.special!r}")
        elif len(card.kinds) != expected:
            problems.append(
                f"ST-P1: pakje {card.id!r} ({card.special or 'plain'}) needs {expected} kind(s)"
            )
        if card.special in ("joker", "dubbel", "telefoon") and not config.has("prachtige-pakjes"):
            problems.append(f"ST-P1: special pakje {card.id!r} without prachtige-pakjes")
        if len(card.kinds) == 1:
            single[card.kinds[0]] += 1
    demand: Counter[str] = Counter(w for tile in config.houses for w in tile.wants)
    for kind, wanted in sorted(demand.items()):
        if single[kind] < wanted:
            problems.append(
                f"ST-D1: the houses want {wanted} {kind} pakje(s), "
                f"the Pakje deck has {single[kind]} card(s) of that kind"
            )
    if sum(demand.values()) > len(config.pakjes):
        problems.append("ST-D1: fewer Pakje cards than wanted pakjes")


def _check_cards(config: StoombootConfig, problems: list[str]) -> None:
    for varen in config.varen:
        if varen.move not in VAREN_MOVES:
            problems.append(f"ST-C2: Varen card {varen.id!r} has unknown move {varen.move!r}")
        elif VAREN_MOVES.index(varen.move) >= 4 and not config.has("prachtige-pakjes"):
            problems.append(f"ST-P2: Varen card {varen.id!r} without prachtige-pakjes")
    for stoom in config.stoom:
        if not stoom.left or not stoom.right:
            problems.append(f"ST-C4: Stoomboot card {stoom.id!r} lacks a connector")
        if stoom.icon not in ICONS:
            problems.append(f"ST-P3: Stoomboot card {stoom.id!r} has unknown icon {stoom.icon!r}")
        elif stoom.icon not in ("", "oog") and not config.has("prachtige-pakjes"):
            problems.append(f"ST-P3: Stoomboot card {stoom.id!r} without prachtige-pakjes")
    for name, deck in (("Varen", config.varen), ("Stoomboot", config.stoom)):
        if not deck:
            problems.append(f"ST-C2: the {name} deck is empty")
    if not config.pakjes:
        problems.append("ST-C2: the Pakje deck is empty")
    problems.extend(
        f"ST-C2: {p}"
        for p in _content_clashes("card", [*config.varen, *config.stoom, *config.pakjes])
    )
    ids: dict[str, str] = {}
    decks: tuple[tuple[str, Sequence[VarenCard | StoomCard | PakjeCard]], ...] = (
        ("varen", config.varen),
        ("stoom", config.stoom),
        ("pakje", config.pakjes),
    )
    for deck_name, cards in decks:
        for item in cards:
            other = ids.setdefault(item.id, deck_name)
            if other != deck_name:
                problems.append(f"ST-C2: card id {item.id!r} is used in two decks")


def _check_rules(config: StoombootConfig, problems: list[str]) -> None:
    low, high = config.players
    if low < MIN_PLAYERS or high < low or high > MAX_SEATS:
        problems.append(f"ST-B1: player counts {low}-{high} are not supported")
    if min(config.hand_size, config.big_hand_size) < 1:
        problems.append("ST-B1: hands need at least one card")
    if min(config.start_row, config.big_start_row) < 1:
        problems.append("ST-B1: the start row needs at least one card")
    if max(config.start_row, config.big_start_row) > config.max_row:
        problems.append(f"ST-C4: the start row is longer than the maximum {config.max_row}")
    total = len(config.varen) + len(config.stoom) + len(config.pakjes)
    for players in range(max(low, MIN_PLAYERS), high + 1):
        row = config.start_row_for(players)
        if len(config.stoom) < row:
            problems.append(
                f"ST-B1: {players} players need a start row of {row} Stoomboot cards, "
                f"the deck has {len(config.stoom)}"
            )
        hands = players * config.hand_for(players)
        if hands + row > total:
            problems.append(f"ST-B1: {players} players cannot all be dealt a full hand")
    if config.calendar_limit < 1:
        problems.append("ST-B8: the Kalender limit must be at least 1")
    if config.round_limit < 1:
        problems.append("the round safeguard must be at least 1")
    if config.has("krappe-kalender"):
        if len(config.kalender) < config.calendar_limit:
            problems.append(
                f"ST-K1: the Kalender deck has {len(config.kalender)} cards, "
                f"{config.calendar_limit} are laid out"
            )
        for card in config.kalender:
            if card.event not in KALENDER_EVENTS:
                problems.append(f"ST-K1: Kalender card {card.id!r} has unknown event")
        problems.extend(f"ST-K1: {p}" for p in _content_clashes("kalender", config.kalender))
    elif config.kalender:
        problems.append("ST-K1: Kalender cards without krappe-kalender")
    unknown = sorted(set(config.variants) - set(VARIANTS))
    if unknown:
        problems.append(f"unknown variant(s): {', '.join(unknown)}")


def validate_deck(config: StoombootConfig) -> list[str]:
    """Check ``config`` against the rules; return one readable line per problem (ST-D1).

    * ST-C1/ST-B1: house wants are known pakje kinds; the map can be filled
      (enough water tiles for ``map_size² - houses``), the small map has its
      houses, and some plain water tile is always laid for the boat;
    * ST-D1: for every pakje kind, the single-kind Pakje cards alone cover what
      all houses together want of it (so every house can be served);
    * ST-C2/ST-P1 ... ST-P3: card moves, connectors, icons and specials are known
      and belong to the chosen variants; copies sharing an id are identical and
      no id is used in two decks;
    * ST-B1: for every player count the start row can be laid and every hand
      dealt;
    * ST-K1: with krappe-kalender, enough Kalender cards with known events.

    An empty list means fine.
    """
    problems: list[str] = []
    _check_tiles(config, problems)
    _check_pakjes(config, problems)
    _check_cards(config, problems)
    _check_rules(config, problems)
    return problems
