"""Build the engine's configuration from the spec tables (the single source of truth).

* ``huizen.csv`` gives the house tiles and the pakjes each wants (``want1``, ``want2``);
* ``water.csv`` the water tiles, and with ``pepernoot-plekken`` ``pepernoot.csv``
  the special tiles (their ``kind``) shuffled in with them;
* ``varen.csv`` / ``stoomboot.csv`` / ``pakjes.csv`` the three decks, each with its
  ``*-prachtig.csv`` additions when ``prachtige-pakjes`` is chosen;
* ``kalender.csv`` the Kalender cards (``krappe-kalender``), and ``pieten.csv``
  must hold a Piet for every seat (``rebelse-pietjes``);
* ``[rules]`` with the chosen variants' settings gives the numbers
  (map size, hand sizes, start row, maximum row, calendar limit);
* ``players`` the supported player counts.

Every copy of a card or tile becomes one entry, in table order.
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp.games.stoomboot.rules.config import (
    VARIANTS,
    KalenderCard,
    PakjeCard,
    StoombootConfig,
    StoomCard,
    TileKind,
    VarenCard,
)
from pnp.spec.model import CardRow, GameSpec


def _int(settings: dict[str, object], key: str) -> int:
    value = settings.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"[rules] '{key}' must be a whole number")
    return value


def _rows(spec: GameSpec, chosen: Sequence[str], *component_ids: str) -> list[CardRow]:
    """The rows of those components that the kit uses, every copy repeated."""
    used = {comp.id for comp in spec.components_for(tuple(chosen))}
    rows: list[CardRow] = []
    for component_id in component_ids:
        if component_id in used:
            for row in spec.component(component_id).rows:
                rows += [row] * row.count
    return rows


def _pakje(row: CardRow) -> PakjeCard:
    special = str(row.fields.get("special", ""))
    if not special:
        return PakjeCard(row.id, (row.text("kind"),))
    kinds = tuple(k for k in (row.text("kind1"), row.text("kind2")) if k)
    return PakjeCard(row.id, () if special == "joker" else kinds, special)


def config_from_spec(spec: GameSpec, variants: Sequence[str]) -> StoombootConfig:
    """The engine config for a kit with ``variants`` (ids of the spec)."""
    chosen = tuple(v for v in spec.variants if v in set(variants))
    settings = spec.settings_for(chosen)
    houses = tuple(
        TileKind(row.id, "huis", tuple(w for w in (row.text("want1"), row.text("want2")) if w))
        for row in _rows(spec, chosen, "huizen")
    )
    water = tuple(TileKind(row.id, "water") for row in _rows(spec, chosen, "water"))
    water += tuple(TileKind(row.id, row.text("kind")) for row in _rows(spec, chosen, "pepernoot"))
    pieten = len(_rows(spec, chosen, "pieten"))
    if "rebelse-pietjes" in chosen and pieten < spec.players[1]:
        raise ValueError(
            f"pieten.csv: {pieten} Piet pawns for up to {spec.players[1]} players (ST-R1)"
        )
    kinds: list[str] = []
    for row in spec.component("pakjes").rows:
        if row.text("kind") not in kinds:
            kinds.append(row.text("kind"))
    return StoombootConfig(
        pakje_kinds=tuple(kinds),
        houses=houses,
        water=water,
        varen=tuple(
            VarenCard(row.id, row.text("move"))
            for row in _rows(spec, chosen, "varen", "varen-prachtig")
        ),
        stoom=tuple(
            StoomCard(row.id, row.text("left"), row.text("right"), row.text("icon"))
            for row in _rows(spec, chosen, "stoomboot", "stoomboot-prachtig")
        ),
        pakjes=tuple(_pakje(row) for row in _rows(spec, chosen, "pakjes", "pakjes-prachtig")),
        kalender=tuple(
            KalenderCard(row.id, row.text("event")) for row in _rows(spec, chosen, "kalender")
        ),
        players=spec.players,
        variants=tuple(v for v in VARIANTS if v in chosen),
        map_size=_int(settings, "map_size"),
        small_map_houses=_int(settings, "small_map_houses"),
        hand_size=_int(settings, "hand_size"),
        big_hand_size=_int(settings, "big_hand_size"),
        start_row=_int(settings, "start_row"),
        big_start_row=_int(settings, "big_start_row"),
        big_from_players=_int(settings, "big_from_players"),
        max_row=_int(settings, "max_row"),
        calendar_limit=_int(settings, "calendar_limit"),
    )
