"""The example contract, once for every registered game with pinned rulebook examples.

Every pinned example replays with the generic replay (each player action legal),
is told sentence by sentence, every sentence carries a claim, the example still
shows its kind, and every claim holds when the game's own checks replay the
record on fresh engine states. A broken pinned file is one located error.
Game-specific tests (falsified claims, rule checklists, finders) stay beside
each game.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from pnp.base.errors import PnpError
from pnp.catalog.project import load_game
from pnp.catalog.registry import games
from pnp.engine.core import replay
from pnp.example_model import Example
from pnp.kit.examples import game_examples
from pnp.story import Replay, load_phrases, missing_claims
from pnp.story.pinned import EXAMPLES_FOLDER
from pnp.story.rulesets import BASE_KEY, built_rule_sets, parse_rule_set_key
from pnp.story.story import Story
from pnp.story.table import ExampleRow
from tests.engine.registered import (
    broken_phrase_file_error,
    combined_kit,
    project_game_folder,
    spec_of,
    story_of,
)
from tests.fifth_game import fifth_game_installed

AnyStory = Story[Any, Any, Any, Any, Any, Any, Any]
with fifth_game_installed():  # the guide's example game is held to the contract too
    STORIED = [g.id for g in games().values() if g.story is not None]


def _pinned_files() -> list[Any]:
    """Every pinned record on disk: (game, rule-set folder, example id). Those of a pair of
    variants or a largest combination less one are checked in the slow step, as their kits
    are (tests/engine/test_kit_examples.py)."""
    out = []
    for game_id in STORIED:
        folder = spec_of(game_id).folder / EXAMPLES_FOLDER
        for path in sorted(folder.glob("*/*.json")):
            key = path.parent.name
            slow = combined_kit(game_id, parse_rule_set_key(key))
            marks = (pytest.mark.slow,) if slow else ()
            out.append(
                pytest.param(
                    game_id, key, path.stem, marks=marks, id=f"{game_id}-{key}-{path.stem}"
                )
            )
    return out


with fifth_game_installed():
    RECORDS = _pinned_files()


def row_of(game_id: str, row_id: str) -> ExampleRow[Any, Any]:
    return next(row for row in story_of(game_id).rows if row.id == row_id)


@cache
def told(game_id: str, key: str, row_id: str) -> tuple[Any, Example]:
    """One pinned record replayed under its own rule set, and the example told from it."""
    story, spec = story_of(game_id), spec_of(game_id)
    row = row_of(game_id, row_id)
    pinned, segment = story.load(spec, row, parse_rule_set_key(key))
    return pinned, story.tell(spec, load_phrases(spec), row, pinned, segment)


def test_every_bundled_game_tells_examples() -> None:
    """The four bundled games each pin their rulebook examples."""
    assert {"santoska", "sinterklaas", "stoomboot", "twaalf-dagen"} <= set(STORIED)


@pytest.mark.parametrize("game_id", STORIED)
def test_the_example_table_is_well_formed(game_id: str) -> None:
    """Ids are unique file names, every row illustrates rule IDs of its game and has
    phrases it must be told with, each a phrase (or the prefix of phrases) of its words."""
    story = story_of(game_id)
    ids = [row.id for row in story.rows]
    assert len(ids) == len(set(ids)) and all(i and "/" not in i for i in ids)
    prefix = {row.rules[0].split("-")[0] for row in story.rows}
    assert len(prefix) == 1 and all(row.rules and row.claims for row in story.rows)
    assert story.checks is not None, f"{game_id}: the story has no claim checks"
    phrases = load_phrases(spec_of(game_id))
    for row in story.rows:
        for key in row.claims:  # each a phrase, or the prefix of phrases, of the game's words
            assert any(p.startswith(key.rstrip("*")) for p in phrases.phrases), (row.id, key)
        named = {*row.variants, *row.removed_by, *row.unseen_with}
        assert named <= set(spec_of(game_id).variants), row.id


@pytest.mark.parametrize("game_id", STORIED)
def test_every_pinned_file_is_a_row_under_a_rule_set_people_build(game_id: str) -> None:
    """No stray record: each file is a row of the table, in the folder of a rule set that
    ``pnp pin`` keeps (a kit people build) and that shows the row."""
    story, spec = story_of(game_id), spec_of(game_id)
    built = built_rule_sets(spec, story.plays_alike)
    rows = {row.id: row for row in story.rows}
    for g, key, row_id in RECORDS:
        if g == game_id:
            rules = parse_rule_set_key(key)
            assert row_id in rows and rules in built, f"{key}/{row_id}"
            assert story.applies(spec, rows[row_id], rules), f"{key}/{row_id}"


@pytest.mark.parametrize(("game_id", "key", "row_id"), RECORDS)
def test_every_pinned_record_replays_legally_under_its_rule_set(
    game_id: str, key: str, row_id: str
) -> None:
    """The generic replay accepts the pinned record under the rules of its folder: chance
    included, every action legal."""
    story, spec = story_of(game_id), spec_of(game_id)
    pinned, example = told(game_id, key, row_id)
    rules = parse_rule_set_key(key)
    assert pinned.record.variants == rules == example.variants
    assert replay(pinned.record, story.engine, story.config(spec, rules))
    assert pinned.record.game_id == game_id
    seed = "-" if pinned.record.seed is None else str(pinned.record.seed)
    assert example.source.startswith(f"examples/{key}/{row_id}.json · seed {seed} · ")


@pytest.mark.parametrize(("game_id", "key", "row_id"), RECORDS)
def test_every_sentence_makes_a_claim_and_every_claim_holds(
    game_id: str, key: str, row_id: str
) -> None:
    """Each sentence carries a claim; the example shows its kind (its row's claim types);
    the game's checks confirm every claim on fresh engine states of the record."""
    story, spec = story_of(game_id), spec_of(game_id)
    row = row_of(game_id, row_id)
    pinned, example = told(game_id, key, row_id)
    assert example.steps and all(step.text for step in example.steps)
    assert all(step.claim is not None for step in example.steps), [
        step.text for step in example.steps if step.claim is None
    ]
    assert missing_claims(row.claims, example.steps) == []
    assert example.rules == row.rules and example.title == pinned.title
    checks = story.checks
    assert checks is not None
    config = story.config(spec, pinned.record.variants)
    checks.check_steps(Replay(story.engine, config, pinned.record), example.steps)


@pytest.mark.parametrize("game_id", STORIED)
def test_a_kit_shows_exactly_the_examples_of_its_variants(game_id: str) -> None:
    """The base kit shows the rows without variants, in table order, from the base game's
    own records; telling twice gives the same examples."""
    spec = spec_of(game_id)
    base = game_examples(spec, ())
    expected = [row.id for row in story_of(game_id).rows if not row.variants]
    assert [ex.id for ex in base] == expected
    assert all(ex.source.startswith(f"examples/{BASE_KEY}/") for ex in base)
    assert game_examples(spec, ()) == base


@pytest.mark.parametrize("game_id", STORIED)
@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda path: path.unlink(), "pinned example missing (re-run pnp pin {game} --update)"),
        (lambda path: path.write_text("{", encoding="utf-8"), "not valid JSON"),
        (
            lambda path: path.write_text(
                path.read_text(encoding="utf-8").replace('"game": "', '"game": "x'),
                encoding="utf-8",
            ),
            "the record is a game of 'x",
        ),
    ],
)
def test_a_broken_pinned_file_is_one_located_error(
    game_id: str, damage: Any, message: str, project_copy: Path
) -> None:
    """A missing, corrupt or foreign pinned file stops the examples with one error naming it."""
    row = story_of(game_id).rows[0]
    path = project_game_folder(project_copy, game_id) / "examples" / BASE_KEY / f"{row.id}.json"
    damage(path)
    spec = load_game(game_id).spec
    with pytest.raises(PnpError) as caught:
        game_examples(spec, row.variants)
    problems = caught.value.problems
    assert len(problems) == 1 and problems[0].path == path
    assert message.format(game=game_id) in problems[0].message


@pytest.mark.parametrize("game_id", STORIED)
@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (None, r"voorbeelden\.toml: file not found"),
        (("[phrases]", "[phrases"), r"voorbeelden\.toml:\d+: invalid TOML"),
        (("[phrases]\n", '[phrases]\nkapot = "{naam"\n'), r"'kapot' is not a valid format string"),
        (("names = [", "nieuw = 1\nnames = ["), r"voorbeelden\.toml:\d+: unknown entry 'nieuw'"),
    ],
    ids=["missing-file", "not-toml", "broken-braces", "unknown-entry"],
)
def test_a_broken_phrase_file_is_one_located_error(
    game_id: str, edit: tuple[str, str] | None, message: str, project_copy: Path
) -> None:
    """The examples' Dutch lives in voorbeelden.toml beside the rulebook templates: a missing
    or broken file stops the examples with one error naming the file and line."""
    assert re.search(message, broken_phrase_file_error(project_copy, game_id, edit))
