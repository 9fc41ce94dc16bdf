"""The rulebook examples' storytelling: pinned engine games told as Dutch sentences.

:mod:`pnp.story.pinned` holds the pinned-record files every game's examples
are replayed from; :mod:`pnp.story.search` the seeded search of the finders
that pin them.
"""
