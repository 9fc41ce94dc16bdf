"""Which pinned records the kits people build need: records per example, not per combination.

A kit shows each of its examples from the first pinned record that holds under its own
rules (:meth:`~pnp.story.story.Story.found_under`): its own rule set's record, else one of
a rule set it contains (:func:`~pnp.story.rulesets.fallbacks`), the base game last. A
record of a smaller rule set often still holds under a larger one (a variant that changes
nothing the example shows), so a row needs its base record plus a record only for the
rule sets whose rules change what the row shows.

:func:`row_records` chooses them for one row: starting from nothing, it takes the kits
that show the row smallest first (the base game, each variant alone, pairs, larger
combinations) and, for each kit that no record kept so far holds for, keeps the record of
the smallest rule set that holds under the kit's rules. Every "holds" is asked of the real
path, ``found_under`` with that one record, and the choice is verified the same way: with
only the kept records, every kit still finds a record. ``pnp pin`` reports (and with
``--update`` removes) the records left out, and searches a new record for a kit only when
no record of a smaller rule set holds (:func:`pnp.kit.maintenance.pin`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from pnp.base.errors import PnpError
from pnp.spec.model import GameSpec
from pnp.story.phrases import Phrases
from pnp.story.rulesets import RuleSet, fallbacks, rule_set_key
from pnp.story.story import Story
from pnp.story.table import ExampleRow

AnyStory = Story[Any, Any, Any, Any, Any, Any, Any]


def smallest_first(rule_sets: Iterable[RuleSet]) -> list[RuleSet]:
    """``rule_sets`` by size (the base game, one variant, pairs, ...), then by folder name."""
    return sorted(rule_sets, key=lambda rules: (len(rules), rule_set_key(rules)))


@dataclass(frozen=True)
class RowRecords:
    """The records one row needs: what each kit shows today, and the records to keep."""

    row: str
    """The row's id (the records' file name)."""
    shown: tuple[tuple[RuleSet, RuleSet | None], ...]
    """Each kit that shows the row (smallest first) and the rule set of the record it shows
    with every pinned record (``None``: it finds none, or its own record no longer holds)."""
    kept: tuple[RuleSet, ...]
    """The rule sets whose records the kits need, in the order chosen."""
    uses: tuple[tuple[RuleSet, RuleSet], ...]
    """Each kit that finds a record and the rule set of the record it shows with only the
    kept records."""
    lacking: tuple[RuleSet, ...]
    """The kits no pinned record holds for (``pnp pin --update`` searches these)."""
    unneeded: tuple[RuleSet, ...]
    """Pinned records of kits that show the row which no kit needs: every kit finds a
    record of a smaller rule set that holds (records of rule sets that do not show the
    row at all are strays, not listed here)."""


def row_records(
    story: AnyStory,
    spec: GameSpec,
    phrases: Phrases,
    row: ExampleRow[Any, Any],
    kits: Sequence[RuleSet],
    pinned: set[RuleSet],
) -> RowRecords:
    """The records of ``row`` that the kits of ``kits`` (the built rule sets that show it)
    need, among the rule sets ``pinned`` has a record of.

    Kits are taken smallest first; a kit for which no record kept so far holds keeps the
    record of the smallest rule set that holds under its rules (one that no longer holds
    under its own rule set is never kept: that kit would stop on it). Whether a record
    holds under a kit is :meth:`~pnp.story.story.Story.found_under` with that record
    alone; the result is checked with ``found_under`` and only the kept records.
    """
    holds: dict[tuple[RuleSet, RuleSet], bool] = {}

    def record_holds(source: RuleSet, kit: RuleSet) -> bool:
        if (source, kit) not in holds:
            try:
                found = story.found_under(spec, phrases, row, kit, {source})
            except PnpError:
                found = None
            holds[source, kit] = found is not None
        return holds[source, kit]

    ordered = smallest_first(kits)
    shown = tuple((kit, _shown(story, spec, phrases, row, kit, pinned, holds)) for kit in ordered)
    candidates = [r for r in smallest_first(pinned & set(kits)) if record_holds(r, r)]
    kept: list[RuleSet] = []
    lacking: list[RuleSet] = []
    for kit in ordered:
        if any(record_holds(source, kit) for source in fallbacks(kit, set(kept))):
            continue
        inside = [r for r in candidates if r not in kept and set(r) <= set(kit)]
        chosen = next((r for r in inside if record_holds(r, kit)), None)
        if chosen is None:
            lacking.append(kit)
        else:
            kept.append(chosen)
    if set(kept) == pinned:  # the kits would call found_under just as ``shown`` did
        uses = [(kit, source) for kit, source in shown if source is not None]
    else:
        uses = []
        for kit in ordered:
            if kit in lacking:
                continue
            source = _shown(story, spec, phrases, row, kit, set(kept), {})
            if source is None:  # cannot be: a kept record holds for it
                lacking.append(kit)
            else:
                uses.append((kit, source))
    unneeded = tuple(r for r in smallest_first(pinned & set(kits)) if r not in kept)
    return RowRecords(row.id, shown, tuple(kept), tuple(uses), tuple(lacking), unneeded)


def _shown(
    story: AnyStory,
    spec: GameSpec,
    phrases: Phrases,
    row: ExampleRow[Any, Any],
    kit: RuleSet,
    pinned: set[RuleSet],
    holds: dict[tuple[RuleSet, RuleSet], bool],
) -> RuleSet | None:
    """The rule set of the record a kit shows with the records ``pinned`` (``None``: it
    finds none); notes in ``holds`` what the search of ``found_under`` showed."""
    tried = fallbacks(kit, pinned)
    try:
        found = story.found_under(spec, phrases, row, kit, pinned)
    except PnpError:
        if kit in pinned:  # its own record no longer holds
            holds[kit, kit] = False
        return None
    if found is None:
        holds.update(((source, kit), False) for source in tried)
        return None
    source = found[0].record.variants
    # the records before it were tried and did not hold
    holds.update(((earlier, kit), False) for earlier in tried[: tried.index(source)])
    holds[source, kit] = True
    return source
