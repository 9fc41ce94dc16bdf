"""The rulebook examples' storytelling: real engine games, pinned and told from their events.

Every rulebook example is a seeded game of the game's reference engine, pinned
in ``cardspecs/<game>/examples/<rule set>/<id>.json`` (:mod:`pnp.story.pinned`) up to the
end of the part it tells, replayed when a rulebook is built and told sentence
by sentence. Each sentence is told from one event of the engine and claims that its
action caused that very event (:mod:`pnp.story.told`); what it says beyond the event is
the value of one of the game's own functions, which the check calls again on a fresh
replay (:mod:`pnp.story.claims`).

How a game plugs in -- it writes four things, everything else is here:

1. **Rows** (:class:`ExampleRow`, :mod:`pnp.story.table`): one per example,
   in rulebook order: id, kind, rule IDs, title key, the phrases it must be told with,
   the policy its searched games are played with, the scoring function
   of the search and its ideal score, its variants.
2. **Walker hooks** (a :class:`Segments` subclass, :mod:`pnp.story.walk`):
   where a segment (trick, round, turn) opens and closes, what to snapshot
   at its start and end, what to note before each action, and the focus
   numbers that name it. :func:`walk` replays a game and yields the
   :class:`Segment` objects, each action a :class:`Moment` whose events come
   back typed (``moment.events_of(TrickWon) -> list[TrickWon]``).
3. **Sentences** (:class:`Handlers`): ``told(Guessed, "right")`` tells every ``Guessed``
   event with the phrase ``right`` filled from its fields; a game that says more writes
   a handler with :func:`on` and states each extra value as a fact
   (:meth:`~pnp.story.told.Telling.fact`) of its :class:`~pnp.story.told.Facts`.
4. **A phrase file**, ``cardspecs/<game>/rulebook/voorbeelden.toml``
   (:mod:`pnp.story.phrases`): player names, ``[titles]``, ``[nouns]`` and
   ``[phrases]`` as format strings, read with located errors.

A :class:`Story` ties them together with the engine, the spec-to-config function,
intro/outro, the search's policies and players, and how a candidate is cut into a pinned
record. The story is the game's ``Game.story``: ``rulebook_examples(story, spec,
variants)`` gives a kit's examples and ``story_search(story)``
(:mod:`pnp.story.search`) the seeded search behind ``pnp pin``. The guide's example game
(``tests/fixtures/mini_game/mini_game/story.py``) is the smallest worked case,
twaalf-dagen (``pnp/games/twaalf_dagen/story/``) the smallest bundled one. This package
imports only the engine kit, the rulebook model, the spec, errors, output and paths --
never the project, the registry or a game.
"""

from pnp.story.claims import Checks, Cursor, Replay, missing_claims
from pnp.story.phrases import Phrases, load_phrases
from pnp.story.pinned import PinnedCase, PinnedRecord
from pnp.story.story import Handlers, Scene, Story, on, rulebook_examples
from pnp.story.table import Cut, ExampleRow
from pnp.story.walk import Moment, Segment, Segments, walk

__all__ = [
    "Checks",
    "Cursor",
    "Cut",
    "ExampleRow",
    "Handlers",
    "Moment",
    "Phrases",
    "PinnedCase",
    "PinnedRecord",
    "Replay",
    "Scene",
    "Segment",
    "Segments",
    "Story",
    "load_phrases",
    "missing_claims",
    "on",
    "rulebook_examples",
    "walk",
]
