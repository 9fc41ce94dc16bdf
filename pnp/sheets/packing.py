"""Which cards share a sheet, and where each lands: runs of one back design, gutters between.

Cards with the same back abut on a sheet (one cut serves two cards). Where the
back design changes, the next run may start on a fresh row of the same sheet,
below a gutter of ``RUN_GUTTER`` in which each run keeps its own bleed, so a
slightly off cut can never leave a sliver of one deck's back on another deck's
card. A gutter is only used where the paper has room for it and still keeps
room for the crop marks and the sheet's scale bar and label: A4 has room for
one beside three rows of poker cards; US Letter, with 7.7 mm above and below a
full 3x3 grid, only beside two rows.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, replace

from pnp.sheets.imposition import MIN_MARK, Rect, SheetPlan, Slot, mirror_slot
from pnp.sheets.marks import MARK_GAP, trim_bounds
from pnp.spec.sizes import BLEED, PRINTABLE_MARGIN

RUN_GUTTER = 2 * BLEED
"""Gap between two runs of different backs, mm: each keeps its full bleed."""
INFO_DEPTH = 4.5
"""Depth the scale bar and the sheet label need in their margin strip, mm."""


MAX_CHOICES = 8
"""Back changes up to which every way of sharing sheets is tried (2**8 packings at most)."""


@dataclass(frozen=True)
class Sheet:
    """One printed sheet: its slot geometry and which item sits in which slot."""

    plan: SheetPlan
    items: tuple[tuple[int, int], ...]
    """(item index in the input, slot index in ``plan``), in slot order."""

    @property
    def filled(self) -> frozenset[int]:
        """The slots that hold an item."""
        return frozenset(slot for _, slot in self.items)


def pack_sheets(designs: Sequence[Hashable], plan: SheetPlan) -> list[Sheet]:
    """Place items (given by their back design, in print order) on sheets laid out as ``plan``.

    Items fill the grid row by row. An item whose back differs from the one before
    may start a new row below a gutter when the sheet has room for both, else it
    starts a new sheet. Of the ways to choose, the one with the fewest sheets wins,
    then the one with the fewest sheets under half full, then the fewest gutters.
    """
    runs = _runs(designs)
    boundaries = len(runs) - 1
    if boundaries > MAX_CHOICES:  # too many to try each: share sheets wherever they fit
        return _pack(runs, plan, [True] * boundaries)
    best: tuple[tuple[int, int, int], list[Sheet]] | None = None
    for choice in itertools.product((False, True), repeat=boundaries):
        sheets = _pack(runs, plan, list(choice))
        sparse = sum(1 for sheet in sheets if 2 * len(sheet.items) < plan.per_sheet)
        score = (len(sheets), sparse, sum(choice))
        if best is None or score < best[0]:
            best = (score, sheets)
    assert best is not None
    return best[1]


def _pack(runs: list[tuple[int, int]], plan: SheetPlan, share: list[bool]) -> list[Sheet]:
    """Pack ``runs`` (first item, length); ``share[i]`` lets run ``i + 1`` join run ``i``'s sheet."""
    cols = plan.columns
    rows = plan.per_sheet // cols
    sheets: list[Sheet] = []
    # The runs on the sheet being filled: (first item, items) each, from a fresh row.
    current: list[tuple[int, int]] = []
    used_rows = 0
    for run_index, (start, length) in enumerate(runs):
        if current and not (share[run_index - 1] and _fits(plan, used_rows + 1, len(current))):
            sheets.append(_sheet(plan, current))
            current, used_rows = [], 0
        done = 0
        while done < length:
            free_rows = rows - used_rows
            while free_rows > 0 and not _fits(plan, used_rows + free_rows, len(current)):
                free_rows -= 1
            take = min(length - done, free_rows * cols)
            current.append((start + done, take))
            used_rows += math.ceil(take / cols)
            done += take
            if used_rows >= rows or done < length:
                sheets.append(_sheet(plan, current))
                current, used_rows = [], 0
    if current:
        sheets.append(_sheet(plan, current))
    return sheets


def _runs(designs: Sequence[Hashable]) -> list[tuple[int, int]]:
    """(first index, length) of each stretch of equal back designs."""
    runs: list[tuple[int, int]] = []
    for index, design in enumerate(designs):
        if runs and designs[runs[-1][0]] == design:
            runs[-1] = (runs[-1][0], runs[-1][1] + 1)
        else:
            runs.append((index, 1))
    return runs


def _fits(plan: SheetPlan, rows: int, gutters: int) -> bool:
    """Whether ``rows`` rows of cards with ``gutters`` run gutters keep room for marks and label."""
    if rows > plan.per_sheet // plan.columns:
        return False
    if gutters == 0:
        return True
    height = rows * plan.card.height + gutters * RUN_GUTTER
    margin = (plan.paper.height - height) / 2
    if margin < PRINTABLE_MARGIN + MIN_MARK:
        return False
    grid = trim_bounds(plan.fronts)
    side = grid.x - BLEED - MARK_GAP - PRINTABLE_MARGIN
    below = margin - BLEED - MARK_GAP - PRINTABLE_MARGIN
    return max(side, below) >= INFO_DEPTH


def _sheet(plan: SheetPlan, groups: list[tuple[int, int]]) -> Sheet:
    """The sheet holding ``groups`` (first item, count), each group from a fresh row."""
    cols = plan.columns
    if len(groups) == 1:
        first, count = groups[0]
        return Sheet(plan, tuple((first + k, k) for k in range(count)))
    # Runs separated by gutters: the block of rows is centred on the paper, columns unchanged.
    rows = sum(math.ceil(count / cols) for _, count in groups)
    height = rows * plan.card.height + (len(groups) - 1) * RUN_GUTTER
    top = (plan.paper.height + height) / 2
    xs = [slot.trim.x for slot in plan.fronts[:cols]]
    fronts: list[Slot] = []
    items: list[tuple[int, int]] = []
    y = top
    for group_index, (first, count) in enumerate(groups):
        if group_index:
            y -= RUN_GUTTER
        for row in range(math.ceil(count / cols)):
            y -= plan.card.height
            for col in range(cols):
                trim = Rect(xs[col], y, plan.card.width, plan.card.height)
                k = row * cols + col
                if k < count:
                    items.append((first + k, len(fronts)))
                fronts.append(Slot(trim, trim))
    backs = tuple(mirror_slot(slot, plan) for slot in fronts)
    return Sheet(replace(plan, fronts=tuple(fronts), backs=backs), tuple(items))
