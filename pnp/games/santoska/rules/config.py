"""The game's configuration and its deck validation (SA-C1, SA-C2, SA-B1, SA-B7).

:class:`SantoskaConfig` holds plain values (so it can be sent to worker
processes); the kit builds it from the spec tables
(:mod:`~pnp.games.santoska.kit.spec_config`), tests use :func:`standard_config`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from pnp.games.santoska.rules.cards import SANTOSKA

GAME_ID = "santoska"

ROW_VARIANTS: Mapping[str, int] = {"rijen-3": 3, "rijen-4": 4, "rijen-5": 5, "rijen-6": 6}
"""Variant id -> cards per row (SA-B1); ``rijen-3`` is the standard game."""

VARIANTS = tuple(ROW_VARIANTS)

ROW_LENGTHS = tuple(ROW_VARIANTS.values())
"""Every row length a kit may be played with; the deck must serve all of them."""

MIN_DRAW_PILE = 20
"""SA-C1: after the deal (and the first discard) at least this many cards must
remain in the draw pile, for every player count and every row length."""

MIN_PLAYERS = 2
"""The engine needs at least two players (SA-B7: one player left wins)."""

MAX_SEATS = 16
"""Upper bound of the seats the engine supports (knowledge is kept as seat bitmasks)."""

DEFAULT_LAP_LIMIT = 50
"""Safeguard: a round without a Stop ends after this many laps (see the engine docstring)."""

DEFAULT_ROUND_LIMIT = 100
"""Safeguard: the game ends after this many rounds at the latest."""


@dataclass(frozen=True)
class SantoskaConfig:
    """The deck, the grid size, the scoring settings and the safeguards.

    ``number_counts`` maps a card number (1 or more) to its copies;
    ``santoska_cards`` is the number of Santoska cards; ``arriba_cards`` and
    ``stop_cards`` count the marker cards (SA-C2). ``lap_limit`` and
    ``round_limit`` are the termination safeguards.
    """

    number_counts: Mapping[int, int]
    santoska_cards: int
    arriba_cards: int
    stop_cards: int
    row_length: int = 3
    limit: int = 100
    santoska_penalty: int = 5
    santoska_bonus: int = 5
    players: tuple[int, int] = (2, 6)
    lap_limit: int = DEFAULT_LAP_LIMIT
    round_limit: int = DEFAULT_ROUND_LIMIT
    variants: tuple[str, ...] = field(default=())

    @property
    def deck(self) -> tuple[int, ...]:
        """Every playing card, ascending (Santoska cards first)."""
        cards = [SANTOSKA] * self.santoska_cards
        for number in sorted(self.number_counts):
            cards.extend([number] * self.number_counts[number])
        return tuple(cards)

    @property
    def deck_size(self) -> int:
        """Number of playing cards (112 in the standard deck)."""
        return self.santoska_cards + sum(self.number_counts.values())

    @property
    def grid_size(self) -> int:
        """Cards per player: two rows of ``row_length``."""
        return 2 * self.row_length


def standard_config(row_length: int = 3, variants: Sequence[str] = ()) -> SantoskaConfig:
    """The configuration of the spec tables, for tests (the kit reads the tables)."""
    return SantoskaConfig(
        number_counts={number: 10 for number in range(1, 11)},
        santoska_cards=12,
        arriba_cards=6,
        stop_cards=1,
        row_length=row_length,
        variants=tuple(variants),
    )


def row_length_for(variants: Sequence[str], default: int = 3) -> int:
    """The row length the variants choose; ``ValueError`` for unknown or combined ones."""
    unknown = sorted(set(variants) - set(VARIANTS))
    if unknown:
        raise ValueError(f"unknown santoska variant(s): {', '.join(unknown)}")
    chosen = sorted(set(variants))
    if len(chosen) > 1:
        raise ValueError(f"santoska variants {', '.join(chosen)} cannot be combined")
    return ROW_VARIANTS[chosen[0]] if chosen else default


def config_for_variants(variants: Sequence[str]) -> SantoskaConfig:
    """The standard configuration for a list of variant ids (at most one ``rijen-*``)."""
    return standard_config(row_length_for(variants), variants=tuple(sorted(set(variants))))


def draw_pile_after_deal(config: SantoskaConfig, players: int, row_length: int) -> int:
    """Cards left in the draw pile after dealing and turning up the first discard (SA-B1)."""
    return config.deck_size - players * 2 * row_length - 1


def validate_deck(config: SantoskaConfig) -> list[str]:
    """Check ``config`` against the rules; return one readable line per problem.

    * SA-C1: number cards are numbered 1 or more (0 is not a number card) and
      come in at least two copies each (so they can form a group); at least
      two Santoska cards (so a Santoska group is possible);
    * SA-C1/SA-B1: for every player count of the game and every row length
      (3-6 and the configured one) the deal fits and leaves at least
      :data:`MIN_DRAW_PILE` cards in the draw pile;
    * SA-C2: one Arriba card per player (for the most players) and at least
      one Stop card;
    * SA-B6/SA-B7: a positive limit, a Santoska penalty and bonus of 0 or more.

    An empty list means fine.
    """
    problems: list[str] = []
    for number, copies in sorted(config.number_counts.items()):
        if number < 1:
            problems.append(f"SA-C1: number card {number}: numbers start at 1")
        if copies < 2:
            problems.append(f"SA-C1: number {number} has {copies} copies; a group needs two")
    if not config.number_counts:
        problems.append("SA-C1: the deck has no number cards")
    if config.santoska_cards < 2:
        problems.append(
            f"SA-C1: {config.santoska_cards} Santoska card(s); a Santoska group needs two"
        )
    low, high = config.players
    if low < MIN_PLAYERS or high < low or high > MAX_SEATS:
        problems.append(f"SA-B1: player counts {low}-{high} are not supported")
    if config.row_length < 1:
        problems.append(f"SA-B1: rows of {config.row_length} cards are not possible")
    lengths = sorted({*ROW_LENGTHS, config.row_length} - {0})
    for players in range(max(low, MIN_PLAYERS), high + 1):
        for length in lengths:
            pile = draw_pile_after_deal(config, players, length)
            if pile < MIN_DRAW_PILE:
                problems.append(
                    f"SA-C1: {players} players with rows of {length} leave {pile} card(s) "
                    f"in the draw pile of the {config.deck_size}-card deck; "
                    f"at least {MIN_DRAW_PILE} are needed"
                )
    if config.arriba_cards < high:
        problems.append(
            f"SA-C2: {config.arriba_cards} Arriba card(s) for up to {high} players; "
            "every player needs one"
        )
    if config.stop_cards < 1:
        problems.append("SA-C2: the game needs at least one Stop card")
    if config.limit < 1:
        problems.append(f"SA-B7: the limit must be positive, not {config.limit}")
    if config.santoska_penalty < 0 or config.santoska_bonus < 0:
        problems.append("SA-B6: the Santoska penalty and bonus must be 0 or more")
    if config.lap_limit < 1 or config.round_limit < 1:
        problems.append("the lap and round safeguards must be at least 1")
    return problems
