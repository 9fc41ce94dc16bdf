"""Build the engine's configuration from the spec tables (the single source of truth).

* ``deck.csv`` gives the plain cards: colour, number, points, surprise symbol, coin, copies;
* ``acties.csv`` (with ``actiepiet``) and ``pietje-precies.csv`` (with
  ``pietje-precies``) add the action cards with their colour, number and points;
* ``sint.csv`` / ``grote-sint.csv`` give the Sint cards (SK-C3);
* ``[rules]`` with the chosen variants' settings gives ``hand_size``,
  ``from_scored``, ``reveals`` (SK-M1) and ``surprise_mode`` (SK-S1); the
  variant ``eerste-stopper`` switches SK-W5;
* ``players`` gives the supported player counts.
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp.games.sinterklaas.rules.cards import COLOURS, CardKind, plain_card
from pnp.games.sinterklaas.rules.config import (
    ACTIEPIET,
    PIETJE_PRECIES_VARIANT,
    SinterklaasConfig,
    action_kind,
    expand_variants,
    rules_config,
)
from pnp.spec.model import CardRow, GameSpec


def _int(settings: dict[str, object], key: str) -> int:
    value = settings.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"[rules] '{key}' must be a whole number")
    return value


def _colour(row: CardRow) -> int:
    colour = row.text("colour")
    if colour not in COLOURS:
        raise ValueError(f"card {row.id!r}: colour {colour!r} is not one of {', '.join(COLOURS)}")
    return COLOURS.index(colour)


def _plain(row: CardRow) -> CardKind:
    colour = _colour(row)
    number = row.number("number")
    return CardKind(
        plain_card(colour, number),
        colour,
        number,
        row.number("points"),
        row.count,
        surprise=bool(row.fields.get("surprise", False)),
        coin=bool(row.fields.get("coin", False)),
    )


def _action(row: CardRow) -> CardKind:
    return action_kind(
        row.id, row.text("colour"), row.number("number"), row.number("points"), row.count
    )


def config_from_spec(spec: GameSpec, variants: Sequence[str]) -> SinterklaasConfig:
    """The engine config for a kit with ``variants`` (ids; included variants are added)."""
    chosen = expand_variants(variants)
    settings = spec.settings_for(tuple(v for v in chosen if v in spec.variants))
    kinds = [_plain(row) for row in spec.component("deck").rows]
    if ACTIEPIET in chosen:
        kinds.extend(_action(row) for row in spec.component("acties").rows)
    if PIETJE_PRECIES_VARIANT in chosen:
        kinds.extend(_action(row) for row in spec.component("pietje-precies").rows)
    sint = sum(row.count for row in spec.component("sint").rows)
    big = sum(row.count for row in spec.component("grote-sint").rows)
    mode = settings.get("surprise_mode", "ronde")
    if not isinstance(mode, str):
        raise ValueError("[rules] 'surprise_mode' must be text")
    return rules_config(
        tuple(kinds),
        chosen,
        hand_size=_int(settings, "hand_size"),
        from_scored=_int(settings, "from_scored"),
        reveals=_int(settings, "reveals"),
        players=spec.players,
        sint_cards=sint,
        big_sint_cards=big,
        surprise_mode=mode,
    )
