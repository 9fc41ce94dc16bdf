"""Build the engine's configuration from the spec tables (the single source of truth).

* ``getallen.csv`` gives the number cards: ``number`` and copies (``count``);
* ``santoska.csv`` gives the Santoska cards (their copies);
* ``markeringen.csv`` gives the marker cards: the row ``arriba`` (SA-C2, one
  per player) and the row ``stop``;
* ``[rules]`` with the chosen variants' settings gives ``row_length``,
  ``limit``, ``santoska_penalty`` and ``santoska_bonus``, and optionally the
  safeguards ``lap_limit`` and ``round_limit``;
* ``players`` gives the supported player counts.
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp.games.santoska.rules.config import (
    DEFAULT_LAP_LIMIT,
    DEFAULT_ROUND_LIMIT,
    VARIANTS,
    SantoskaConfig,
)
from pnp.spec.model import GameSpec

ARRIBA_ROW = "arriba"
STOP_ROW = "stop"


def _int(settings: dict[str, object], key: str, default: int | None = None) -> int:
    value = settings.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"[rules] '{key}' must be a whole number")
    return value


def config_from_spec(spec: GameSpec, variants: Sequence[str]) -> SantoskaConfig:
    """The engine config for a kit with ``variants`` (ids of the spec)."""
    chosen = tuple(v for v in spec.variants if v in set(variants))
    settings = spec.settings_for(chosen)
    counts: dict[int, int] = {}
    for row in spec.component("getallen").rows:
        number = row.number("number")
        counts[number] = counts.get(number, 0) + row.count
    santoska = sum(row.count for row in spec.component("santoska").rows)
    markers = {row.id: row.count for row in spec.component("markeringen").rows}
    for marker in (ARRIBA_ROW, STOP_ROW):
        if marker not in markers:
            raise ValueError(f"markeringen.csv: no row '{marker}' (SA-C2)")
    return SantoskaConfig(
        number_counts=dict(sorted(counts.items())),
        santoska_cards=santoska,
        arriba_cards=markers[ARRIBA_ROW],
        stop_cards=markers[STOP_ROW],
        row_length=_int(settings, "row_length"),
        limit=_int(settings, "limit"),
        santoska_penalty=_int(settings, "santoska_penalty"),
        santoska_bonus=_int(settings, "santoska_bonus"),
        players=spec.players,
        lap_limit=_int(settings, "lap_limit", DEFAULT_LAP_LIMIT),
        round_limit=_int(settings, "round_limit", DEFAULT_ROUND_LIMIT),
        variants=tuple(sorted(v for v in chosen if v in VARIANTS)),
    )
