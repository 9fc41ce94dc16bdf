"""A fresh search reproduces every pinned rulebook example, for every game with a story.

The search plays seeded games and keeps, per example, the first candidate of
its ideal shape (else the best one): same code, same tables, same files, byte
for byte. This is what ``pnp pin GAME`` checks; here once for every game, in
a file of its own because it is the suite's longest work.
"""

from __future__ import annotations

import pytest

from pnp.maintenance import pin
from pnp.registry import game, games

pytestmark = pytest.mark.slow  # `pytest -m slow`: the searches run as a step of their own

STORIED = [g.id for g in games().values() if g.story is not None]


@pytest.mark.parametrize("game_id", STORIED)
def test_a_fresh_search_reproduces_every_pinned_file(game_id: str) -> None:
    """``pnp pin GAME`` finds nothing stale, and reports one line per example and its time."""
    story = game(game_id).story
    assert story is not None
    lines: list[str] = []
    report = pin(game_id, report=lines.append)
    assert report.stale == () and report.written == ()
    assert len(lines) == len(story.rows) + 1, lines
