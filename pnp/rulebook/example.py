"""The shared model of a rulebook example, filled by each game from its engine's event log.

A game turns a pinned game record into an :class:`Example`: an ordered list of
Dutch sentences (:class:`Step`), each optionally drawn with the real cards it
mentions and carrying the machine-checkable fact (``claim``) it states, so a
test can replay the record and check every sentence against the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from pnp.errors import PnpError

C = TypeVar("C")


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
    :mod:`pnp.rulebook.figures`).
    """

    text: str
    cards: tuple[CardPicture, ...] = ()
    automatic: bool = False
    claim: object | None = None
    figures: tuple[object, ...] = ()


@dataclass(frozen=True)
class Example:
    """One worked example of the rulebook's "Voorbeelden" section.

    ``source`` names the pinned record it came from (file, seed, hand, trick)
    so a proofreader can find and replay it; ``rules`` lists the rule IDs the
    example illustrates; ``variants`` limits it to kits that include them.
    """

    id: str
    title: str
    intro: str
    source: str
    steps: tuple[Step, ...]
    rules: tuple[str, ...] = ()
    variants: tuple[str, ...] = ()
    outro: str = ""


def kit_examples(
    cases: Sequence[C],
    render: Callable[[C], Example],
    source_file: Callable[[C], Path],
    variants: tuple[str, ...],
    reshaping: tuple[str, ...] = (),
) -> list[Example]:
    """Render every pinned case and keep those played at the kit's table, in order.

    An example is kept when the kit includes all its variants and, for each
    ``reshaping`` variant (one that changes the table every example is played
    at: the hand size, the map), the example was played with it exactly when
    the kit is. ``render`` replays one case into an :class:`Example`; a card it
    cannot find in the spec tables is a :class:`PnpError` naming the case's
    pinned file.
    """
    kit_shape = set(reshaping) & set(variants)
    examples = []
    for case in cases:
        try:
            example = render(case)
        except (KeyError, IndexError) as exc:
            message = f"a card of this example has no row in the spec tables ({exc})"
            raise PnpError.single(message, source_file(case)) from None
        if (
            set(example.variants) <= set(variants)
            and set(example.variants) & set(reshaping) == kit_shape
        ):
            examples.append(example)
    return examples
