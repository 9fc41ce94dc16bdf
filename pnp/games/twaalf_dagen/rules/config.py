"""The configuration of twaalf-dagen and the deck check (TD-C1, TD-C2, TD-B1, TD-B7, TD-K1)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

GAME_ID = "twaalf-dagen"
VARIANT_SHORT = "kort"
VARIANTS = (VARIANT_SHORT,)
PLAYER_COUNTS = range(2, 9)
"""Supported player counts (2-8)."""

RULE_HAND_SIZES: Mapping[int, int] = {2: 12, 3: 12, 4: 12, 5: 12, 6: 12, 7: 11, 8: 9}
"""Cards dealt per player by player count (TD-B1)."""


@dataclass(frozen=True)
class TwaalfDagenConfig:
    """The deck, gift supply and game length; built from the spec tables.

    ``card_counts`` maps a card number to its number of copies; ``hand_sizes``
    maps a player count to the cards dealt per player. ``short_game`` selects
    the ``kort`` variant (TD-K1). The mappings should be plain dicts so the
    config can be sent to worker processes.
    """

    card_counts: Mapping[int, int]
    gift_cards: int
    hand_sizes: Mapping[int, int]
    hands_full: int
    short_game: bool
    hands_short: int
    start_gifts_short: int

    @property
    def variants(self) -> tuple[str, ...]:
        """``("kort",)`` for the short game, else ``()``."""
        return (VARIANT_SHORT,) if self.short_game else ()

    @property
    def deck_size(self) -> int:
        """Number of deck cards (78 in the standard deck)."""
        return sum(self.card_counts.values())

    @property
    def max_hands(self) -> int:
        """Hands after which the game ends at the latest."""
        return self.hands_short if self.short_game else self.hands_full

    @property
    def start_gifts(self) -> int:
        """Gifts each player holds at the start (TD-B7: 0; TD-K1: 1)."""
        return self.start_gifts_short if self.short_game else 0


def standard_config(short: bool = False) -> TwaalfDagenConfig:
    """The configuration the rules describe (for tests; the kit builds it from the spec tables)."""
    return TwaalfDagenConfig(
        card_counts={k: k for k in range(1, 13)},
        gift_cards=12,
        hand_sizes=dict(RULE_HAND_SIZES),
        hands_full=12,
        short_game=short,
        hands_short=3,
        start_gifts_short=1,
    )


def config_for_variants(variants: Sequence[str]) -> TwaalfDagenConfig:
    """The standard configuration for a list of variant ids (``kort`` or none)."""
    unknown = sorted(set(variants) - set(VARIANTS))
    if unknown:
        raise ValueError(f"unknown twaalf-dagen variant(s): {', '.join(unknown)}")
    return standard_config(short=VARIANT_SHORT in variants)


def validate_deck(config: TwaalfDagenConfig) -> list[str]:
    """Check ``config`` against the rules; return one readable line per problem.

    Checks TD-C1 (card k in k copies for k = 1..12, 78 cards), TD-C2 (12 gift
    cards), TD-B1 (12/11/9 cards dealt for 2-6/7/8 players, and every deal fits
    in the deck), TD-B7 (one gift is claimed per hand, so the full game's hands
    equal the gift cards) and TD-K1 (the supply covers the starting gifts and
    the short game's hands for every player count). An empty list means fine.
    """
    problems: list[str] = []
    counts = dict(config.card_counts)
    expected_numbers = set(range(1, 13))
    missing = sorted(expected_numbers - set(counts))
    extra = sorted(set(counts) - expected_numbers)
    if missing:
        problems.append(f"TD-C1: card number(s) missing: {', '.join(map(str, missing))}")
    if extra:
        problems.append(f"TD-C1: unexpected card number(s): {', '.join(map(str, extra))}")
    for number in sorted(set(counts) & expected_numbers):
        if counts[number] != number:
            problems.append(f"TD-C1: card {number} has {counts[number]} copies, expected {number}")
    deck = sum(counts.values())
    if deck != 78:
        problems.append(f"TD-C1: the deck has {deck} cards, expected 78 (1 + 2 + ... + 12)")
    if config.gift_cards != 12:
        problems.append(f"TD-C2: {config.gift_cards} gift cards, expected 12")
    for players in PLAYER_COUNTS:
        size = config.hand_sizes.get(players)
        if size is None:
            problems.append(f"TD-B1: no hand size for {players} players")
            continue
        if size != RULE_HAND_SIZES[players]:
            problems.append(
                f"TD-B1: {players} players are dealt {size} cards, "
                f"expected {RULE_HAND_SIZES[players]}"
            )
        if players * size > deck:
            problems.append(
                f"TD-B1: {players} players x {size} cards = {players * size} "
                f"exceeds the {deck}-card deck"
            )
    for players in sorted(set(config.hand_sizes) - set(PLAYER_COUNTS)):
        problems.append(f"TD-B1: hand size given for unsupported player count {players}")
    if config.hands_full != config.gift_cards:
        problems.append(
            f"TD-B7: the full game has {config.hands_full} hands but one gift is claimed "
            f"per hand from {config.gift_cards} gift cards"
        )
    if config.hands_short < 1:
        problems.append("TD-K1: the short game needs at least one hand")
    most = max(PLAYER_COUNTS)
    if most * config.start_gifts_short + config.hands_short > config.gift_cards:
        problems.append(
            f"TD-K1: with {most} players the {config.gift_cards} gift cards cannot cover "
            f"{config.start_gifts_short} starting gift(s) each plus {config.hands_short} hands"
        )
    return problems
