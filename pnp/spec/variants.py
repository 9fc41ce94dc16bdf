"""Resolve the user's ``--variant`` choices against a game's spec."""

from __future__ import annotations

from collections.abc import Iterable

from pnp.base.errors import PnpError, unknown_name
from pnp.spec.model import GameSpec


def resolve_variants(spec: GameSpec, requested: Iterable[str]) -> tuple[str, ...]:
    """Expand included variants, refuse unknown and contradictory ones; spec order, no repeats."""
    chosen: set[str] = set()
    pending = list(requested)
    while pending:
        vid = pending.pop()
        if vid not in spec.variants:
            raise unknown_name("variant", vid, list(spec.variants), f" for {spec.id}")
        if vid not in chosen:
            chosen.add(vid)
            pending.extend(spec.variants[vid].includes)
    for vid in sorted(chosen):
        for other in spec.variants[vid].conflicts:
            if other in chosen:
                raise PnpError.single(
                    f"variants '{vid}' and '{other}' of {spec.id} cannot be combined"
                )
    return tuple(v for v in spec.variants if v in chosen)
