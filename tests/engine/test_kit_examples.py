"""Every kit people build prints only examples that are true under its own rules.

For every game, the base kit, every variant alone, every pair of variants that can be
combined and every largest combination (``pnp.story.rulesets.built_kits``): each example
the kit prints names the kit's rule set, its pinned record replays legally under the
kit's whole configuration (chance included), and the game's checks confirm every claim
of its sentences on fresh engine states of that configuration. Every row whose rule the
kit still has appears, and every variant that changes play has an example citing one of
its own rules.

The default suite checks the base kit, every variant alone and the largest combinations;
the pairs and the largest combinations less one run with ``pytest -m slow``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from pnp.catalog.registry import games
from pnp.engine.core import GameRecord, replay
from pnp.kit.examples import game_examples
from pnp.rulebook.plaintext import format_examples
from pnp.spec.model import GameSpec
from pnp.spec.variants import resolve_variants
from pnp.story import Replay
from pnp.story.rulesets import built_kits
from pnp.story.story import Story
from tests.engine.registered import combined_kit, spec_of, story_of

AnyStory = Story[Any, Any, Any, Any, Any, Any, Any]
STORIED = [g.id for g in games().values() if g.story is not None]

TABLE_SHAPE = {
    "sinterklaas": ("meer-pakjes", "minder-pakjes"),
    "stoomboot": ("kleine-kaart",),
    "santoska": ("rijen-3", "rijen-4", "rijen-5", "rijen-6"),
}
"""Variants whose rule is the table every example is played at (hand size and reveals, the
map, the rows): they need no example of their own, every example of their kit shows them."""

SHOWN_WITH = {
    "sinterklaas": {"overschatting": ("speculaas",), "remise": ("speculaas",)},
}
"""Variants whose rule only comes into play beside others: SK-V1 (a bid out of reach) and
SK-V5 (equal combinations, unequal bids) need players with different numbers of cards or
bids, and every hand is dealt to the same size and every bid matched unless the Handregel
lets players keep their hands (and stay in at its limit) and the Biedregel adds cards to
hands and bids; both are shown in the Speculaas kit, which has all three."""


def _kits(combined: bool) -> list[Any]:
    """The built kits of every game: the base kit, each variant alone and the largest
    combinations (``combined`` false), or the pairs and the largest less one (true)."""
    out = []
    for game_id in STORIED:
        for kit in built_kits(spec_of(game_id)):
            if combined == combined_kit(game_id, kit):
                out.append(pytest.param(game_id, kit, id=f"{game_id}-{'+'.join(kit) or 'basis'}"))
    return out


def _record_of(spec: GameSpec, source: str) -> GameRecord:
    """The game record of the pinned file an example's source names."""
    relative = source.split(" · ")[0]
    data = json.loads((spec.folder / relative).read_text(encoding="utf-8"))
    return GameRecord.from_dict(data)


def _check_kit(game_id: str, kit: tuple[str, ...]) -> None:
    story, spec = story_of(game_id), spec_of(game_id)
    rules = story.rule_set(spec, kit)
    examples = game_examples(spec, kit)
    expected = [row.id for row in story.rows if story.applies(spec, row, rules)]
    assert [ex.id for ex in examples] == expected, "a row the kit still has is missing"
    config = story.config(spec, rules)
    checks = story.checks
    assert checks is not None
    for example in examples:
        assert example.variants == rules, f"{example.id}: played under {example.variants}"
        record = _record_of(spec, example.source)
        assert set(record.variants) <= set(rules)
        assert replay(record, story.engine, config), example.id
        assert all(step.claim is not None for step in example.steps), example.id
        checks.check_steps(Replay(story.engine, config, record), example.steps)
    text = format_examples(spec, resolve_variants(spec, kit), examples)  # as `pnp examples`
    named = "gespeeld met: " + ("+".join(rules) or "basisspel")
    assert text.count(named) == len(examples)


@pytest.mark.parametrize(("game_id", "kit"), _kits(combined=False))
def test_every_example_of_a_kit_is_true_under_its_rules(game_id: str, kit: tuple[str, ...]) -> None:
    """The base kit, each variant alone and the largest combinations."""
    _check_kit(game_id, kit)


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "kit"), _kits(combined=True))
def test_every_example_of_a_combined_kit_is_true_under_its_rules(
    game_id: str, kit: tuple[str, ...]
) -> None:
    """Every pair of variants that can be combined, and each largest combination less one."""
    _check_kit(game_id, kit)


@pytest.mark.parametrize("game_id", STORIED)
def test_every_variant_that_changes_play_has_an_example_of_its_own_rule(game_id: str) -> None:
    """A variant's kit shows an example citing one of the variant's rule IDs (beside the
    variant it needs, :data:`SHOWN_WITH`), unless its rule is the shape of the table every
    example of the kit is played at."""
    spec = spec_of(game_id)
    lacking = []
    for vid, variant in spec.variants.items():
        if vid in TABLE_SHAPE.get(game_id, ()) or not variant.rules:
            continue
        kit = (vid, *SHOWN_WITH.get(game_id, {}).get(vid, ()))
        cited = {rule for ex in game_examples(spec, kit) for rule in ex.rules}
        if not cited & set(variant.rules):
            lacking.append(vid)
    assert lacking == []
