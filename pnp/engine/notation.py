"""One readable line per event, the same for every game: its type, its fields, its rules.

An event is a frozen dataclass, so its notation needs no code of the game's own: the
type name, then each field as ``name=value`` (a tuple as its items joined by spaces,
nested tuples by ``/``), then the rule IDs it enacts in brackets. What the rules did by
themselves starts with ``* ``, as in every game's golden files::

    Played seat=2 hand=1 trick=3 combo=set cards=8 8 lead=False cards_left=4 [TD-B3]
    * TrickWon seat=2 hand=1 trick=3 low=8 discarded=11 11 8 8 [TD-B4]
"""

from __future__ import annotations

from dataclasses import fields

from pnp.engine.core import Event


def _value(value: object) -> str:
    if isinstance(value, tuple):
        inner = [_value(item) for item in value]
        nested = any(isinstance(item, tuple) for item in value)
        return (" / " if nested else " ").join(inner) if inner else "-"
    return "-" if value == "" else str(value)


def event_line(event: Event) -> str:
    """``event`` as one line: ``[* ]Type field=value ... [RULE, ...]``."""
    parts = [f"{f.name}={_value(getattr(event, f.name))}" for f in fields(event)]
    head = ("* " if event.automatic else "") + event.event_type
    rules = ", ".join(event.rule_ids)
    return " ".join([head, *parts, f"[{rules}]"] if rules else [head, *parts])
