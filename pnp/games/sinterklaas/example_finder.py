"""The search of the Sinterklaas rulebook examples in real engine games (``pnp pin sinterklaas``).

For every example of :data:`~pnp.games.sinterklaas.examples.ROWS` four players
play seeded games (seed 0, 1, 2, ... up to 2000) with the example's variants and
policy; every round is told as the example would tell it and scored (the
``score_*`` functions of the table). The first round that reaches the
ideal score is pinned, else the best one (the earliest on a tie). Same code,
same spec tables: same picks, byte for byte.
"""

from __future__ import annotations

from pnp.games.sinterklaas.examples import STORY
from pnp.story.search import story_search

SEARCH = story_search(STORY)
"""The search of the examples (see :class:`~pnp.story.search.ExampleSearch`)."""

find_one = SEARCH.find_one
find_pinned = SEARCH.find_pinned
