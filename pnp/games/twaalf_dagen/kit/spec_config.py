"""Build the engine's configuration from the spec tables (the single source of truth)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from pnp.games.twaalf_dagen.rules.config import TwaalfDagenConfig
from pnp.spec.model import CardRow, GameSpec, SourceRef

_CARD = re.compile(r"^TD-C1: card (\d+) has ")
_UNEXPECTED = re.compile(r"^TD-C1: unexpected card number\(s\): (\d+)")
_DECK_SIZE = re.compile(r"^TD-(C1: the deck has|B1: .* exceeds the \d+-card deck)")


def _int(settings: dict[str, object], key: str) -> int:
    value = settings.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"[rules] '{key}' must be a whole number")
    return value


def config_from_spec(spec: GameSpec, variants: Sequence[str]) -> TwaalfDagenConfig:
    """The engine config for a kit: the deck from ``deck.csv``, gifts from ``gifts.csv``,
    deal sizes and game length from ``[rules]`` and the variants' settings."""
    base = spec.settings_for(())
    short = spec.settings_for(("kort",)) if "kort" in spec.variants else base
    deck = spec.component("deck")
    counts: dict[int, int] = {}
    for row in deck.rows:
        number = row.number("number")
        counts[number] = counts.get(number, 0) + row.count
    gifts = sum(row.count for row in spec.component("gifts").rows)
    by_players = base.get("hand_size_by_players", {})
    if not isinstance(by_players, dict):
        raise ValueError("[rules] 'hand_size_by_players' must be a table")
    low, high = spec.players
    hand_sizes = {
        n: int(by_players.get(str(n), _int(base, "hand_size"))) for n in range(low, high + 1)
    }
    return TwaalfDagenConfig(
        card_counts=dict(sorted(counts.items())),
        gift_cards=gifts,
        hand_sizes=hand_sizes,
        hands_full=_int(base, "hands"),
        short_game="kort" in variants,
        hands_short=_int(short, "hands"),
        start_gifts_short=_int(short, "start_gifts"),
    )


def locate_deck_problem(spec: GameSpec, message: str) -> tuple[SourceRef, str | None] | None:
    """The row of ``deck.csv`` or ``gifts.csv`` a problem of :func:`validate_deck` is about:
    the row of the card number whose copies are wrong, the row of an unexpected number, the
    one row whose copies are off for the deck's size (TD-C1, TD-B1), the gift table's one row
    when its copies are not 12 (TD-C2 and the rules counting on them); None when no single
    row is."""
    groups: dict[int, list[CardRow]] = {}
    try:
        for row in spec.component("deck").rows:
            groups.setdefault(row.number("number"), []).append(row)
        gifts = spec.component("gifts").rows
    except (KeyError, TypeError):  # tables the config could not be made from: no row
        return None
    if (card := _CARD.match(message)) and (rows := groups.get(int(card.group(1)))):
        return rows[0].source, "count"
    if (number := _UNEXPECTED.match(message)) and (rows := groups.get(int(number.group(1)))):
        return rows[0].source, "number"
    if _DECK_SIZE.match(message):
        off = [
            rows
            for number, rows in groups.items()
            if 1 <= number <= 12 and sum(row.count for row in rows) != number
        ]
        if len(off) == 1:
            return off[0][0].source, "count"
    # TD-C2, and a rule counting on the 12 gift cards (TD-B7, TD-K1) when they are not 12.
    off_gifts = sum(row.count for row in gifts) != 12
    if len(gifts) == 1 and off_gifts and "gift cards" in message:
        return gifts[0].source, "count"
    return None


def deck_rows(spec: GameSpec) -> dict[int, CardRow]:
    """The deck's first row of each card number."""
    return {row.number("number"): row for row in reversed(spec.component("deck").rows)}
