"""A game's example table: one typed row per rulebook example, everything about it in one place.

A row says which example the rulebook shows (id, kind, rule IDs, variants),
how the finder looks for it (the policy the seats play, a scoring function
and the score of the ideal shape, optionally which actions may open a
segment worth tracing), what its sentences must claim to still show its
kind, and the key of its title in the game's phrase file. The rows, in
rulebook order, are the game's :attr:`~pnp.story.story.Story.rows`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from pnp.story.pinned import PinnedCase

A = TypeVar("A")
K = TypeVar("K")


@dataclass(frozen=True)
class ExampleRow(Generic[K, A]):
    """One rulebook example (``K``: the candidates the search scores, ``A``: an action)."""

    id: str
    """The example's id, also its pinned file's name."""
    kind: str
    """The kind of situation it shows."""
    rules: tuple[str, ...]
    """The rule IDs it illustrates."""
    claims: tuple[str, ...]
    """The phrases its sentences must be told with, or it no longer shows its kind (a prefix
    when one ends in ``*``)."""
    policy: str
    """The policy every seat plays in the searched games (stored in the pinned file)."""
    score: Callable[[K], int]
    """A candidate's score: 0 not this situation, higher closer to the ideal."""
    ideal: int
    """The score of the ideal shape; the search of the example stops there."""
    variants: tuple[str, ...] = ()
    """The variants it needs: only kits with all of them show it (its records are played
    under each kit's whole rule set, :mod:`pnp.story.rulesets`)."""
    only: Callable[[A], bool] | None = None
    """Only segments opened by such an action can score (searched alone, it skips the rest)."""
    title: str = ""
    """The key of its title in the ``[titles]`` of the phrase file; the kind if empty."""
    removed_by: tuple[str, ...] = ()
    """Variants that take the row's rule away: a kit with one of them does not show it."""
    unseen_with: tuple[str, ...] = ()
    """Variants under which the seeded search finds no such situation (in the story's seeds):
    a kit with one of them leaves the example out; say why beside the row."""

    @property
    def title_key(self) -> str:
        """The key of the example's title in the phrase file."""
        return self.title or self.kind

    def case_under(self, rules: tuple[str, ...]) -> PinnedCase:
        """The pinned example the row becomes under the rule set ``rules``."""
        return PinnedCase(self.id, self.kind, rules)


@dataclass(frozen=True)
class Cut:
    """Where a found candidate is pinned: the record's last action and the focus numbers."""

    last: int
    """Index of the last action the pinned record keeps."""
    focus: tuple[int, ...]
    """The focus numbers, in the order of the story's focus names."""
