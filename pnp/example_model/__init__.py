"""The shared model of a rulebook example, filled by each game from its engine's event log.

A game turns a pinned game record into an :class:`Example`: an ordered list of
sentences in the kit's language (:class:`Step`), each optionally drawn with the real cards it
mentions and carrying the machine-checkable fact (``claim``) it states, so a
test can replay the record and check every sentence against the engine.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.language import Language


@dataclass(frozen=True)
class CardPicture:
    """A small drawing of one real card: a row of a component's spec table."""

    component: str
    row: str


@dataclass(frozen=True)
class Step:
    """One sentence of an example.

    ``automatic`` marks what the rules did by themselves (no player chose it);
    ``claim`` is the game-specific fact the sentence states, checked by tests;
    ``figures`` are drawings under the sentence (a map, a row of cards: see
    :mod:`pnp.rulebook.figures`); ``at`` is the position in the game record of the action
    the sentence was told from (-1: none), so a proofreader can step to it.
    """

    text: str
    cards: tuple[CardPicture, ...] = ()
    automatic: bool = False
    claim: object | None = None
    figures: tuple[object, ...] = ()
    at: int = -1


@dataclass(frozen=True)
class Example:
    """One worked example of the rulebook's examples section.

    ``source`` names the pinned record it came from (file, seed, hand, trick)
    so a proofreader can find and replay it; ``rules`` lists the rule IDs the
    example illustrates; ``variants`` is the rule set it was played and
    checked under, the kit's (sorted variant ids, empty for the base game).
    """

    id: str
    title: str
    intro: str
    source: str
    steps: tuple[Step, ...]
    rules: tuple[str, ...] = ()
    variants: tuple[str, ...] = ()
    outro: str = ""

    def played_under(self, language: Language) -> str:
        """The rule set it was played and checked under, as the proofreading edition and
        ``pnp examples`` name it: ``gespeeld met: basisspel`` or the variant ids joined by
        ``+``."""
        variants = "+".join(self.variants) or language.label("base_game")
        return language.label("played_with", variants=variants)
