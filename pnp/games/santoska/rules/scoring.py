"""Scoring a grid at the end of a round (SA-B6).

All cards are turned face up. Cards of equal value that touch horizontally or
vertically form a group; whole connected groups count, not just pairs.

* a group of two or more equal number cards scores nothing;
* a lone number card scores its number as penalty points;
* a lone Santoska card scores ``santoska_penalty`` (5);
* a group of ``k >= 2`` Santoska cards scores ``-santoska_bonus * (k - 1)``
  (2 cards -5, 3 cards -10, ...).

DECISION (SA-B6): Santoska cards are not numbers, so they only group with
other Santoska cards, never with number cards.

:func:`score_grid` explains a score (the groups and their points, for the
event log); :func:`grid_points` is the fast version for policies, which may
also pass ``None`` for cells they do not know (those cells are skipped).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pnp.games.santoska.rules.cards import SANTOSKA, neighbours


@dataclass(frozen=True, slots=True)
class Group:
    """A connected group of equal cards (a lone card is a group of one) and its points."""

    card: int
    cells: tuple[int, ...]
    points: int


@dataclass(frozen=True, slots=True)
class GridScore:
    """The groups of a grid (in order of their first cell) and the round's points."""

    groups: tuple[Group, ...]
    points: int


def group_points(card: int, size: int, santoska_penalty: int, santoska_bonus: int) -> int:
    """Points of a group of ``size`` equal cards ``card`` (SA-B6)."""
    if card == SANTOSKA:
        return santoska_penalty if size == 1 else -santoska_bonus * (size - 1)
    return card if size == 1 else 0


def score_grid(
    cells: Sequence[int], row_length: int, santoska_penalty: int, santoska_bonus: int
) -> GridScore:
    """Find the groups of a full grid and add up its points."""
    near = neighbours(row_length)
    seen = [False] * len(cells)
    groups: list[Group] = []
    for start, card in enumerate(cells):
        if seen[start]:
            continue
        seen[start] = True
        members = [start]
        stack = [start]
        while stack:
            for other in near[stack.pop()]:
                if not seen[other] and cells[other] == card:
                    seen[other] = True
                    members.append(other)
                    stack.append(other)
        members.sort()
        points = group_points(card, len(members), santoska_penalty, santoska_bonus)
        groups.append(Group(card, tuple(members), points))
    return GridScore(tuple(groups), sum(g.points for g in groups))


def grid_points(
    cells: Sequence[int | None], row_length: int, santoska_penalty: int, santoska_bonus: int
) -> int:
    """The points of the known cells of a grid; ``None`` cells are skipped (unknown).

    The same points as :func:`score_grid`, found faster: a card with no equal
    neighbour is a lone card; a number with an equal neighbour is in a group
    and scores nothing; only Santoska groups are walked, to count them.
    """
    near = neighbours(row_length)
    seen: list[bool] | None = None
    total = 0
    for start, card in enumerate(cells):
        if card is None:
            continue
        for other in near[start]:
            if cells[other] == card:
                break
        else:
            total += santoska_penalty if card == SANTOSKA else card
            continue
        if card != SANTOSKA:
            continue
        if seen is None:
            seen = [False] * len(cells)
        elif seen[start]:
            continue
        seen[start] = True
        size = 1
        stack = [start]
        while stack:
            for other in near[stack.pop()]:
                if not seen[other] and cells[other] == card:
                    seen[other] = True
                    size += 1
                    stack.append(other)
        total -= santoska_bonus * (size - 1)
    return total
