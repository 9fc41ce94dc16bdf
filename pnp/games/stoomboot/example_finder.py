"""Find the Stoomboot rulebook examples in seeded engine games (``pnp pin stoomboot``).

Each row of :data:`~pnp.games.stoomboot.examples.ROWS` is searched as it says
and pinned in ``cardspecs/stoomboot/examples/<id>.json``; same code, same
tables: same files, byte for byte.
"""

from __future__ import annotations

from pnp.games.stoomboot.examples import STORY
from pnp.story.search import story_search

SEARCH = story_search(STORY)
"""The search of the examples (see :class:`~pnp.story.search.ExampleSearch`)."""

find_one, find_pinned = SEARCH.find_one, SEARCH.find_pinned
