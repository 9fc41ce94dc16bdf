"""Rule sets: which variants of a kit change how its game is played, and which kits people build.

A kit's examples are played under the kit's whole configuration, so the
pinned records are kept per *rule set*: the variants a kit plays with, with
those that change no rule by themselves left out (a default such as
santoska's ``rijen-3``, or an umbrella such as sinterklaas's ``speculaas``
whose own rules are listed; the game's story names them). Two kits with the
same rule set play the same game and share their examples.

A rule set's records live in ``examples/<key>/`` of the game's spec folder,
the key being the rule set's variant ids joined by ``+`` (``basis`` for the
base game). :func:`built_rule_sets` lists the kits the examples are pinned
and tested for: the base game, every variant alone, every pair that can be
combined, every largest combination and each of those less one variant. A
kit without a record of its own shows one of a rule set it contains
(:func:`fallbacks`), so a rule set keeps a record only where no smaller rule
set's record holds under its rules (:mod:`pnp.story.coverage`).
"""

from __future__ import annotations

from itertools import combinations

from pnp.base.errors import PnpError
from pnp.spec.model import GameSpec
from pnp.spec.variants import resolve_variants

BASE_KEY = "basis"
"""The folder of the base game's records (no variant changes the rules)."""

RuleSet = tuple[str, ...]
"""Variant ids, sorted: the rules a game is played under."""


def rule_set(spec: GameSpec, variants: tuple[str, ...], alike: tuple[str, ...] = ()) -> RuleSet:
    """The rule set of a kit with ``variants``: every variant it plays with (included ones
    too), sorted, without those in ``alike``, which change no rule by themselves (santoska's
    default ``rijen-3``; sinterklaas's ``speculaas``, whose five rules are listed)."""
    return tuple(sorted(v for v in resolve_variants(spec, variants) if v not in alike))


def rule_set_key(rules: RuleSet) -> str:
    """The folder name of a rule set's records: ``basis`` or the ids joined by ``+``."""
    return "+".join(rules) if rules else BASE_KEY


def parse_rule_set_key(key: str) -> RuleSet:
    """The rule set a folder name stands for (the inverse of :func:`rule_set_key`)."""
    return () if key == BASE_KEY else tuple(key.split("+"))


def _combinable(spec: GameSpec, variants: tuple[str, ...]) -> bool:
    try:
        resolve_variants(spec, variants)
    except PnpError:
        return False
    return True


def built_kits(spec: GameSpec) -> tuple[tuple[str, ...], ...]:
    """The variant choices the examples are pinned and tested for, in a fixed order.

    The base game, every variant alone, every pair that can be combined,
    every largest combination (each variant with as many of the others, in
    spec order, as can be added to it) and each largest combination less one
    of its variants (stoomboot's four expansions on the big map, say).
    """
    ids = tuple(spec.variants)
    kits: list[tuple[str, ...]] = [()]
    kits += [(v,) for v in ids]
    kits += [pair for pair in combinations(ids, 2) if _combinable(spec, pair)]
    for first in ids:
        largest = [first]
        for other in ids:
            if other not in largest and _combinable(spec, (*largest, other)):
                largest.append(other)
        kits.append(tuple(v for v in ids if v in largest))
    for largest_kit in [k for k in kits if len(k) > 2]:
        kits += [tuple(v for v in largest_kit if v != left) for left in largest_kit]
    seen: set[frozenset[str]] = set()
    out: list[tuple[str, ...]] = []
    for kit in kits:
        chosen = frozenset(resolve_variants(spec, kit))
        if chosen not in seen:
            seen.add(chosen)
            out.append(kit)
    return tuple(out)


def built_rule_sets(spec: GameSpec, alike: tuple[str, ...] = ()) -> tuple[RuleSet, ...]:
    """The distinct rule sets of :func:`built_kits`, in that order (``alike``: see
    :func:`rule_set`)."""
    out: list[RuleSet] = []
    for kit in built_kits(spec):
        rules = rule_set(spec, kit, alike)
        if rules not in out:
            out.append(rules)
    return tuple(out)


def fallbacks(rules: RuleSet, pinned: set[RuleSet]) -> list[RuleSet]:
    """The pinned rule sets whose records a kit of ``rules`` tries, best first.

    Its own first, then those it contains (more variants first, then by key),
    the base game last: a record played under fewer rules is used only if it
    replays legally under the kit's and still shows its example there.
    """
    inside = [r for r in pinned if r != rules and set(r) <= set(rules)]
    inside.sort(key=lambda r: (-len(r), rule_set_key(r)))
    return [rules, *inside] if rules in pinned else inside
