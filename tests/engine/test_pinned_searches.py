"""``pnp pin``: every kit people build has its examples, and a fresh search finds them again.

The search plays seeded games and keeps, per example and rule set, the first candidate of
its ideal shape (else the best one): same code, same tables, same files, byte for byte.
Records are kept per example: a larger rule set's only where no smaller one's holds under
its rules (``tests/engine/test_pinned_coverage.py``). Checking every kit is what
``pnp pin GAME`` does; re-searching every record from seed 0
would take many minutes, so the base game's records and those of one variant per game are
searched again here, in a file of its own because it is the suite's longest work.
"""

from __future__ import annotations

from typing import Any

import pytest

from pnp.catalog.project import load_game
from pnp.catalog.registry import game, games
from pnp.kit.maintenance import pin
from pnp.story.pinned import pinned_path
from pnp.story.rulesets import parse_rule_set_key
from pnp.story.search import RowUnder, story_search

pytestmark = pytest.mark.slow  # `pytest -m slow`: the searches run as a step of their own

STORIED = [g.id for g in games().values() if g.story is not None]


@pytest.mark.parametrize("game_id", STORIED)
def test_every_kit_people_build_has_each_of_its_examples(game_id: str) -> None:
    """``pnp pin GAME`` finds no kit lacking an example, no record that no kit shows or
    needs (a smaller rule set's record holds wherever it would be shown), and writes
    nothing: every kit finds each row it shows from the records kept per example."""
    report = pin(game_id)
    assert report.needed == () and report.written == () and report.stray == ()
    assert report.unneeded == ()
    assert report.kits > 1 and report.held > 0


@pytest.mark.parametrize("game_id", STORIED)
def test_a_fresh_search_reproduces_the_pinned_files(game_id: str) -> None:
    """Searching seeds 0, 1, 2, ... again gives the base game's files and those of the first
    variant folder byte for byte, and reports one line per example and its time."""
    story = game(game_id).story
    assert story is not None
    spec = load_game(game_id).spec
    folders = sorted(p.name for p in (spec.folder / "examples").iterdir() if p.is_dir())
    chosen = ["basis", next(f for f in folders if f != "basis")]
    wanted: list[RowUnder[Any, Any]] = []
    for key in chosen:
        rules = parse_rule_set_key(key)
        wanted += [
            RowUnder(row, rules) for row in story.rows if pinned_path(spec, row.id, rules).is_file()
        ]
    lines: list[str] = []
    found, lost = story_search(story, wanted).find_pinned(spec, None, lines.append, wanted)
    assert lost == [] and len(found) == len(wanted)
    for path, text in found:
        assert path.read_text(encoding="utf-8") == text, path
    assert len(lines) == len(wanted) + 1, lines
