"""The engine's configuration (deck, deal sizes, chosen rules) and deck validation.

:class:`SinterklaasConfig` is built from the spec tables by
:mod:`pnp.games.sinterklaas.kit.spec_config`; :func:`standard_config` builds the
same configuration from the rules as written (for tests, golden files and
replays). :func:`validate_deck` checks a configuration against the rules
(SK-C1 ... SK-C4, SK-P3, SK-D1).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pnp.games.sinterklaas.rules.cards import (
    ACTION_IDS,
    COLOURS,
    PIETJE_PRECIES,
    STAFPIET,
    CardKind,
    action_card,
    plain_card,
)

GAME_ID = "sinterklaas"

MEER_PAKJES = "meer-pakjes"
MINDER_PAKJES = "minder-pakjes"
SURPRISES = "surprises"
OVERSCHATTING = "overschatting"
INWISSELEN = "inwisselen"
HANDREGEL = "handregel"
BIEDREGEL = "biedregel"
REMISE = "remise"
SPECULAAS = "speculaas"
ACTIEPIET = "actiepiet"
PIETJE_PRECIES_VARIANT = "pietje-precies"
WIE_KENT_HEM_NIET = "wie-kent-hem-niet"
EERSTE_STOPPER = "eerste-stopper"

VARIANTS = (
    MEER_PAKJES,
    MINDER_PAKJES,
    SURPRISES,
    OVERSCHATTING,
    INWISSELEN,
    HANDREGEL,
    BIEDREGEL,
    REMISE,
    SPECULAAS,
    ACTIEPIET,
    PIETJE_PRECIES_VARIANT,
    WIE_KENT_HEM_NIET,
    EERSTE_STOPPER,
)
"""Every variant id, in the spec's order."""

SPECULAAS_RULES = (OVERSCHATTING, INWISSELEN, HANDREGEL, BIEDREGEL, REMISE)
"""The five rules the ``speculaas`` variant switches on together (SK-V1 ... SK-V5)."""

MULTIPLES = (2, 3, 4)
"""SK-M1: minder-pakjes, the base game and meer-pakjes use multiples of 2, 3 and 4."""

SURPRISE_MODES = ("ronde", "symbool", "spel")
"""SK-S1: the winner of every round, of a round with a surprise card bid, or of the game picks."""

PLAYERS = (3, 6)
"""Supported player counts (from the spec's ``players``)."""


@dataclass(frozen=True)
class SinterklaasConfig:
    """Deck, deal sizes and the chosen rules.

    ``kinds`` lists the distinct cards of the stack (the deck plus the chosen
    variants' action cards) with their copies. ``hand_size``, ``from_scored``
    and ``reveals`` are the "threes" of SK-B3/SK-B4 (SK-M1 changes them).
    The booleans switch on the variant rules; ``variants`` records the variant
    ids the configuration was made for (they identify it in game records).
    """

    kinds: tuple[CardKind, ...]
    hand_size: int = 6
    from_scored: int = 3
    reveals: int = 3
    players: tuple[int, int] = PLAYERS
    sint_cards: int = 1
    big_sint_cards: int = 1
    surprise_mode: str = ""
    overestimation: bool = False
    exchange: bool = False
    hand_rule: bool = False
    coin_rule: bool = False
    remise: bool = False
    actions: bool = False
    precise: bool = False
    big_sint: bool = False
    first_stopper_sint: bool = False
    max_limit: int = 3
    variants: tuple[str, ...] = ()

    @property
    def deck_size(self) -> int:
        """Number of cards in the stack at the start."""
        return sum(kind.count for kind in self.kinds)

    @property
    def hidden_precies(self) -> bool:
        """SK-P4: with Actiepiet and Pietje Precies, action cards may be bid face down."""
        return self.actions and self.precise


def _points(number: int) -> int:
    return 3 if number <= 3 else 2 if number <= 6 else 1


def standard_deck(copies: int = 3) -> tuple[CardKind, ...]:
    """The base deck (SK-C1, SK-C2): five colours x numbers 1-9, ``copies`` each;
    3/2/1 points for numbers 1-3/4-6/7-9; the surprise symbol on the 5s, the coin on the 7s."""
    return tuple(
        CardKind(
            plain_card(colour, number),
            colour,
            number,
            _points(number),
            copies,
            surprise=number == 5,
            coin=number == 7,
        )
        for colour in range(len(COLOURS))
        for number in range(1, 10)
    )


STANDARD_ACTIONS: tuple[tuple[str, str, int, int], ...] = (
    ("stafpiet", "rood", 6, 2),
    ("strooipiet", "blauw", 3, 3),
    ("schoenpiet", "groen", 4, 2),
    ("kijkpiet", "geel", 8, 1),
    ("inpakpiet", "paars", 5, 2),
    ("roetpiet", "rood", 2, 3),
    ("amerigo", "blauw", 9, 1),
    ("snoeppiet", "groen", 7, 1),
    ("wisselpiet", "geel", 1, 3),
)
"""The action cards of ``acties.csv`` as (id, colour, number, points), one copy each."""


def action_kind(action_id: str, colour: str, number: int, points: int, count: int) -> CardKind:
    """A :class:`CardKind` for an action card."""
    if action_id not in ACTION_IDS[1:]:
        raise ValueError(f"unknown action card {action_id!r}")
    if colour not in COLOURS:
        raise ValueError(f"action card {action_id!r}: unknown colour {colour!r}")
    return CardKind(
        action_card(ACTION_IDS.index(action_id)), COLOURS.index(colour), number, points, count
    )


def expand_variants(variants: Sequence[str]) -> tuple[str, ...]:
    """Add the rules ``speculaas`` includes and the ``wie-kent-hem-niet`` that ``eerste-stopper``
    is part of (SK-W5); refuse unknown and conflicting ids; spec order."""
    unknown = sorted(set(variants) - set(VARIANTS))
    if unknown:
        raise ValueError(f"unknown sinterklaas variant(s): {', '.join(unknown)}")
    chosen = set(variants)
    if SPECULAAS in chosen:
        chosen.update(SPECULAAS_RULES)
    if EERSTE_STOPPER in chosen:
        chosen.add(WIE_KENT_HEM_NIET)
    if MEER_PAKJES in chosen and MINDER_PAKJES in chosen:
        raise ValueError("variants 'meer-pakjes' and 'minder-pakjes' cannot be combined")
    return tuple(v for v in VARIANTS if v in chosen)


def rules_config(
    kinds: tuple[CardKind, ...],
    variants: Sequence[str],
    *,
    hand_size: int = 6,
    from_scored: int = 3,
    reveals: int = 3,
    players: tuple[int, int] = PLAYERS,
    sint_cards: int = 1,
    big_sint_cards: int = 1,
    surprise_mode: str = "ronde",
) -> SinterklaasConfig:
    """A configuration with the rule switches of ``variants`` (already expanded)."""
    chosen = set(variants)
    big = WIE_KENT_HEM_NIET in chosen
    return SinterklaasConfig(
        kinds=kinds,
        hand_size=hand_size,
        from_scored=from_scored,
        reveals=reveals,
        players=players,
        sint_cards=sint_cards,
        big_sint_cards=big_sint_cards,
        surprise_mode=surprise_mode if SURPRISES in chosen else "",
        overestimation=OVERSCHATTING in chosen,
        exchange=INWISSELEN in chosen,
        hand_rule=HANDREGEL in chosen,
        coin_rule=BIEDREGEL in chosen,
        remise=REMISE in chosen,
        actions=ACTIEPIET in chosen,
        precise=PIETJE_PRECIES_VARIANT in chosen,
        big_sint=big,
        first_stopper_sint=big and EERSTE_STOPPER in chosen,
        variants=tuple(variants),
    )


def standard_config(
    variants: Sequence[str] = (),
    *,
    surprise_mode: str = "ronde",
) -> SinterklaasConfig:
    """The configuration the rules describe, for ``variants`` (tests, golden files, replay).

    The kit builds the same configuration from the spec tables.
    """
    chosen = expand_variants(variants)
    multiple = 4 if MEER_PAKJES in chosen else 2 if MINDER_PAKJES in chosen else 3
    kinds = list(standard_deck())
    if ACTIEPIET in chosen:
        kinds.extend(action_kind(*row, 1) for row in STANDARD_ACTIONS)
    if PIETJE_PRECIES_VARIANT in chosen:
        kinds.append(action_kind("pietje-precies", "paars", 3, 3, 2))
    return rules_config(
        tuple(kinds),
        chosen,
        hand_size=2 * multiple,
        from_scored=multiple,
        reveals=multiple,
        surprise_mode=surprise_mode,
    )


def config_for_variants(variants: Sequence[str]) -> SinterklaasConfig:
    """The standard configuration for a list of variant ids (the registry's default)."""
    return standard_config(variants)


def validate_deck(config: SinterklaasConfig) -> list[str]:
    """Check ``config`` against the rules; return one readable line per problem.

    * SK-C1: every card has one of the five colours, a number 1-15 and at
      least one point; plain cards' codes match their colour and number; no
      card is listed twice;
    * SK-C2: some cards carry the surprise symbol and some the coin icon;
    * SK-C3: one Small Sint card, and one Big Sint card when it is used;
    * SK-C4: with Actiepiet at least 8 distinct action cards, Stafpiet among them;
    * SK-P3: with Pietje Precies at least one Pietje Precies card;
    * SK-M1/SK-B3/SK-B4: positive deal sizes, at most ``hand_size`` taken from the scored pile;
    * SK-D1: for every supported player count and every multiple (2, 3, 4)
      the stack supplies at least one full round (every hand filled and every
      Pakjeskamer reveal), and so does the configuration's own deal.

    An empty list means fine.
    """
    problems: list[str] = []
    seen: set[int] = set()
    actions: set[int] = set()
    for kind in config.kinds:
        name = kind.name
        if kind.code in seen:
            problems.append(f"SK-C1: card {name} is listed twice")
        seen.add(kind.code)
        if not 0 <= kind.colour < len(COLOURS):
            problems.append(f"SK-C1: card {name} has no valid colour")
        if not 1 <= kind.number <= 15:
            problems.append(f"SK-C1: card {name} has number {kind.number}, expected 1-15")
        if kind.points < 1:
            problems.append(f"SK-C1: card {name} is worth {kind.points} points, expected 1 or more")
        if kind.count < 1:
            problems.append(f"SK-C1: card {name} has {kind.count} copies")
        if kind.action:
            actions.add(kind.action)
        elif (
            0 <= kind.colour < len(COLOURS)
            and 1 <= kind.number <= 15
            and kind.code != plain_card(kind.colour, kind.number)
        ):
            problems.append(f"SK-C1: card {name} does not match its colour and number")
    plain = [k for k in config.kinds if not k.action]
    if len({k.colour for k in plain}) < 2:
        problems.append("SK-C1: the deck needs cards of at least two colours")
    if not any(k.surprise for k in plain):
        problems.append("SK-C2: no card carries the surprise symbol")
    if not any(k.coin for k in plain):
        problems.append("SK-C2: no card carries the coin icon")
    if config.sint_cards != 1:
        problems.append(f"SK-C3: {config.sint_cards} Small Sint cards, expected 1")
    if config.big_sint and config.big_sint_cards != 1:
        problems.append(f"SK-C3: {config.big_sint_cards} Big Sint cards, expected 1")
    regular_actions = actions - {PIETJE_PRECIES}
    if config.actions:
        if len(regular_actions) < 8:
            problems.append(
                f"SK-C4: {len(regular_actions)} distinct action cards, expected at least 8"
            )
        if STAFPIET not in actions:
            problems.append("SK-C4: the action cards lack Stafpiet")
    elif regular_actions:
        problems.append("SK-A1: action cards in the stack without the actiepiet variant")
    if config.precise and PIETJE_PRECIES not in actions:
        problems.append("SK-P3: no Pietje Precies card")
    if not config.precise and PIETJE_PRECIES in actions:
        problems.append("SK-P3: Pietje Precies cards without the pietje-precies variant")
    if config.hand_size < 1 or config.reveals < 1 or config.from_scored < 0:
        problems.append("SK-M1: hand size and reveals must be at least 1, taken cards at least 0")
    if config.from_scored > config.hand_size:
        problems.append(
            f"SK-B3: {config.from_scored} cards taken from the scored pile exceed the "
            f"hand of {config.hand_size}"
        )
    if config.surprise_mode and config.surprise_mode not in SURPRISE_MODES:
        problems.append(
            f"SK-S1: unknown surprise mode {config.surprise_mode!r} "
            f"(expected {', '.join(SURPRISE_MODES)})"
        )
    low, high = config.players
    if low < 3 or high < low:
        problems.append(f"SK-B1: player range {low}-{high} is not supported (3 or more)")
    deck = config.deck_size
    sizes = {(2 * m, m) for m in MULTIPLES} | {(config.hand_size, config.reveals)}
    for players in range(low, high + 1):
        for hand, reveals in sorted(sizes):
            need = players * hand + reveals
            if need > deck:
                problems.append(
                    f"SK-D1: {players} players with hands of {hand} and {reveals} reveals need "
                    f"{need} cards for one round, the stack has {deck}"
                )
    return problems
