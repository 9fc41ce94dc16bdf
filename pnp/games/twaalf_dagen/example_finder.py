"""Find and pin the twaalf-dagen rulebook examples in real engine games.

``pnp pin twaalf-dagen`` checks the pinned files against a fresh search and
``pnp pin twaalf-dagen --update`` rewrites them.
Each example of :data:`~pnp.games.twaalf_dagen.examples.ROWS` is searched in
seeded games and pinned in ``cardspecs/twaalf-dagen/examples/<id>.json``; same
code, same tables: same files, byte for byte. Re-run with ``--update`` after a
deliberate change to the rules, the policies, the titles or the spec tables,
and proofread the new text with ``pnp examples twaalf-dagen``.
"""

from __future__ import annotations

from pnp.games.twaalf_dagen.examples import STORY
from pnp.story.search import story_search

SEARCH = story_search(STORY)
"""The search of the examples (see :class:`~pnp.story.search.ExampleSearch`)."""

search, find_one, find_pinned = SEARCH.search, SEARCH.find_one, SEARCH.find_pinned
