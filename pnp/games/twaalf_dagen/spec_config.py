"""Build the engine's configuration from the spec tables (the single source of truth)."""

from __future__ import annotations

from collections.abc import Sequence

from pnp.games.twaalf_dagen.engine import TwaalfDagenConfig
from pnp.spec.model import GameSpec


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
