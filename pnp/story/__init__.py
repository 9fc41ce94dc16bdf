"""The rulebook examples' storytelling: real engine games, pinned and told in Dutch.

Every rulebook example is a seeded game of the game's reference engine, pinned
in ``cardspecs/<game>/examples/<id>.json`` (:mod:`pnp.story.pinned`) up to the
end of the part it tells, replayed when a rulebook is built and told sentence
by sentence; every sentence carries a claim the game's tests check against a
fresh engine state (:mod:`pnp.story.claims`).

How a game plugs in -- it writes five things, everything else is here:

1. **Rows** (:class:`ExampleRow`, :mod:`pnp.story.table`): one per example,
   in rulebook order: id, kind, rule IDs, title key, the claim types it must
   make, the policy its searched games are played with, the scoring function
   of the search and its ideal score, its variants.
2. **Walker hooks** (a :class:`Segments` subclass, :mod:`pnp.story.walk`):
   where a segment (trick, round, turn) opens and closes, what to snapshot
   at its start and end, what to note before each action, and the focus
   numbers that name it. :func:`walk` replays a game and yields the
   :class:`Segment` objects, each action a :class:`Moment` whose events come
   back typed (``moment.events_of(TrickWon) -> list[TrickWon]``).
3. **Handlers** (:class:`Handlers` of :func:`on` entries, :mod:`pnp.story.story`):
   one function per event type, ``(context, moment, event) -> Step``, the
   event typed as registered; the context is the game's own, made from a
   :class:`Scene` (spec, pinned record, segment, phrases, names by seat).
4. **A phrase file**, ``cardspecs/<game>/rulebook/voorbeelden.toml``
   (:mod:`pnp.story.phrases`): player names, ``[titles]``, ``[nouns]`` and
   ``[phrases]`` as format strings, read with located errors.
5. **A story** (:class:`Story`) tying them together with the engine, the
   spec-to-config function, intro/outro, the search's policies and players,
   and how a candidate is cut into a pinned record.

The story is the game's ``Game.story``: ``rulebook_examples(story, spec,
variants)`` gives a kit's examples and ``story_search(story)``
(:mod:`pnp.story.search`) the seeded search behind ``pnp pin``. twaalf-dagen is the
worked case (``pnp/games/twaalf_dagen/examples.py``). This package imports
only the engine kit, the rulebook model, the spec, errors, output and paths --
never the project, the registry or a game.
"""

from pnp.story.claims import ClaimChecks, Replay, check, missing_claims
from pnp.story.phrases import Phrases, load_phrases
from pnp.story.pinned import PinnedCase, PinnedRecord
from pnp.story.story import Handlers, Scene, Story, on, rulebook_examples
from pnp.story.table import Cut, ExampleRow
from pnp.story.walk import Moment, Segment, Segments, walk

__all__ = [
    "ClaimChecks",
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
    "check",
    "load_phrases",
    "missing_claims",
    "on",
    "rulebook_examples",
    "walk",
]
