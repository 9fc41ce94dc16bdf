"""Which pieces share a sheet, and where each lands: blocks of one kind, gutters between.

A *kind* is a piece size with a back design. Pieces of one kind abut on a sheet
(one cut serves two of them). Where the kind changes, the next block may start
on a fresh row of the same sheet, below a gutter of ``RUN_GUTTER`` in which each
block keeps its own bleed, so a slightly off cut can never leave a sliver of one
deck's back on another deck's card. A gutter is only used where the paper has
room for it and still keeps room for the crop marks and the sheet's scale bar
and label: A4 has room for one beside three rows of poker cards; US Letter, with
7.7 mm above and below a full 3x3 grid, only beside two rows.

A piece without a back (a standee to fold) may lie on its side below another
block when more of them fit that way.

Every sheet of one packing (one PDF) is upright, or every one is on its side, as
its first sheet is: a sheet of pieces that would hold more turned the other way
is laid out the way the file is, where they fit it, standees lying on their side
on it when more fit so (as many as the turned sheet would hold).
"""

from __future__ import annotations

import contextlib
import itertools
import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, replace

from pnp.base.errors import PnpError
from pnp.sheets.imposition import (
    MIN_MARK,
    Rect,
    SheetPlan,
    Slot,
    column_xs,
    is_landscape,
    mirror_slot,
    plan_sheet,
)
from pnp.sheets.marks import MARK_GAP
from pnp.spec.sizes import BLEED, PRINTABLE_MARGIN, CardSize

RUN_GUTTER = 2 * BLEED
"""Gap between two blocks of different kinds, mm: each keeps its full bleed."""
INFO_DEPTH = 4.5
"""Depth the scale bar and the sheet label need in their margin strip, mm."""
MAX_CHOICES = 8
"""Kind changes up to which every way of sharing sheets is tried (2**8 packings at most)."""

PlanFor = Callable[[CardSize], SheetPlan]
"""The sheet layout of pieces of one size printed on their own."""


@dataclass(frozen=True)
class Kind:
    """What decides whether two pieces may abut: their size and their back design."""

    size: CardSize
    back: Hashable
    """The back design; ``None``: the piece has no back."""


@dataclass(frozen=True)
class Sheet:
    """One printed sheet: its slot geometry and which item sits in which slot."""

    plan: SheetPlan
    items: tuple[tuple[int, int], ...]
    """(item index in the input, slot index in ``plan``), in slot order."""
    gutters: int = 0
    """Gutters parting blocks of different kinds on this sheet (cut on both sides of each)."""

    @property
    def filled(self) -> frozenset[int]:
        """The slots that hold an item."""
        return frozenset(slot for _, slot in self.items)


@dataclass(frozen=True)
class _Block:
    """Pieces of one kind on a sheet, from a fresh row: ``count`` items from ``first``."""

    first: int
    count: int
    width: float
    """Width of one piece as it lies on the sheet, mm."""
    height: float
    xs: tuple[float, ...]
    rotated: bool

    @property
    def rows(self) -> int:
        return math.ceil(self.count / len(self.xs))


def pack_sheets(kinds: Sequence[Kind], plan_for: PlanFor) -> list[Sheet]:
    """Place items (given by their kind, in print order) on sheets.

    Items fill a sheet row by row, in order, except that pieces without a back come
    last. An item whose kind differs from the one before may start a new block
        below a gutter when the sheet has room for it, else it starts a new sheet. Of the
    ways to choose, the one with the fewest sheets wins, then the one with the fewest
    sheets under half full, then the one that lets the fewest kinds share a sheet.
    """
    runs = _runs(kinds)
    # Pieces without a back (standees) go last: they fill what the other blocks leave free.
    runs.sort(key=lambda run: run[0].back is None)
    boundaries = len(runs) - 1
    if boundaries > MAX_CHOICES:  # too many to try each: share sheets wherever they fit
        return _pack(runs, plan_for, [True] * boundaries)
    best: tuple[tuple[int, int, int], list[Sheet]] | None = None
    for choice in itertools.product((False, True), repeat=boundaries):
        sheets = _pack(runs, plan_for, list(choice))
        sparse = sum(1 for sheet in sheets if 2 * len(sheet.items) < sheet.plan.per_sheet)
        score = (len(sheets), sparse, sum(choice))
        if best is None or score < best[0]:
            best = (score, sheets)
    assert best is not None
    return best[1]


def _runs(kinds: Sequence[Kind]) -> list[tuple[Kind, int, int]]:
    """(kind, first index, length) of each stretch of equal kinds."""
    runs: list[tuple[Kind, int, int]] = []
    for index, kind in enumerate(kinds):
        if runs and runs[-1][0] == kind:
            runs[-1] = (kind, runs[-1][1], runs[-1][2] + 1)
        else:
            runs.append((kind, index, 1))
    return runs


class _Filler:
    """Fills sheets block by block for one packing choice."""

    def __init__(self, plan_for: PlanFor) -> None:
        self.plan_for = plan_for
        self.sheets: list[Sheet] = []
        self.host: SheetPlan | None = None
        self.blocks: list[_Block] = []
        self.landscape: bool | None = None
        """Whether the sheets lie on their side, as the first one does (None: none yet)."""

    def plan(self, kind: Kind) -> SheetPlan:
        """The layout of a fresh sheet for ``kind``, turned the way the earlier sheets are.

        Pieces without a back may lie on their side on it, when more of them fit so (a
        sheet of standees then holds as many as the other way round).
        """
        plan = self.plan_for(kind.size)
        if self.landscape is None:
            self.landscape = is_landscape(plan.paper)
            return plan
        if is_landscape(plan.paper) == self.landscape:
            return plan
        size = kind.size
        sizes = [size]
        if kind.back is None:
            sizes.append(CardSize(size.name, size.height, size.width))
        plans: list[SheetPlan] = []
        for lying in sizes:
            with contextlib.suppress(PnpError):  # does not fit that way
                turned = plan_sheet(plan.paper, lying, plan.mode, self.landscape)
                if lying is not size:
                    turned = _on_their_side(turned)
                plans.append(turned)
        # None fits the file's way: the sheet keeps its own.
        return max(plans, key=lambda p: p.per_sheet, default=plan)

    def flush(self) -> None:
        if self.host is not None and self.blocks:
            self.sheets.append(_sheet(self.host, self.blocks))
        self.host, self.blocks = None, []

    def room(self, kind: Kind) -> _Block | None:
        """The largest block of ``kind`` the current sheet still takes (count = capacity)."""
        if self.host is None:
            base = self.plan(kind)
            lying = base.fronts[0].rotated
            width, height = kind.size.width, kind.size.height
            if lying:
                width, height = height, width
            xs = tuple(column_xs(base, width))
            assert len(xs) == base.columns
            return _Block(0, base.per_sheet, width, height, xs, lying)
        best: _Block | None = None
        turns = (False, True) if kind.back is None else (False,)
        for rotated in turns:
            width, height = kind.size.width, kind.size.height
            if rotated:
                width, height = height, width
            xs = tuple(column_xs(self.host, width))
            if not xs:
                continue
            rows = 0
            while self._fits(
                [*self.blocks, _Block(0, (rows + 1) * len(xs), width, height, xs, rotated)]
            ):
                rows += 1
            if rows and (best is None or rows * len(xs) > best.count):
                best = _Block(0, rows * len(xs), width, height, xs, rotated)
        return best

    def _fits(self, blocks: list[_Block]) -> bool:
        """Whether ``blocks`` stacked with gutters keep room for marks, scale bar and label."""
        assert self.host is not None
        paper = self.host.paper
        height = sum(b.rows * b.height for b in blocks) + (len(blocks) - 1) * RUN_GUTTER
        margin = (paper.height - height) / 2
        if margin < PRINTABLE_MARGIN + MIN_MARK:
            return False
        side = min(b.xs[0] for b in blocks) - BLEED - MARK_GAP - PRINTABLE_MARGIN
        below = margin - BLEED - MARK_GAP - PRINTABLE_MARGIN
        return max(side, below) >= INFO_DEPTH

    def place(self, kind: Kind, first: int, length: int, share: bool) -> None:
        """Place a run of ``length`` items of ``kind`` from item ``first``."""
        if self.blocks and not (share and self.room(kind)):
            self.flush()
        done = 0
        while done < length:
            space = self.room(kind)
            if space is None:
                self.flush()
                continue
            if self.host is None:
                self.host = self.plan(kind)
            take = min(length - done, space.count)
            self.blocks.append(replace(space, first=first + done, count=take))
            done += take
            if done < length or take == space.count:
                self.flush()


def _pack(runs: list[tuple[Kind, int, int]], plan_for: PlanFor, share: list[bool]) -> list[Sheet]:
    """Pack ``runs``; ``share[i]`` lets run ``i + 1`` join run ``i``'s sheet."""
    filler = _Filler(plan_for)
    for index, (kind, first, length) in enumerate(runs):
        filler.place(kind, first, length, index > 0 and share[index - 1])
    filler.flush()
    return filler.sheets


def _on_their_side(plan: SheetPlan) -> SheetPlan:
    """``plan``, laid out for pieces turned a quarter, with its slots marked as turned."""

    def turned(slots: tuple[Slot, ...]) -> tuple[Slot, ...]:
        return tuple(replace(slot, rotated=True) for slot in slots)

    return replace(plan, fronts=turned(plan.fronts), backs=turned(plan.backs))


def _sheet(host: SheetPlan, blocks: list[_Block]) -> Sheet:
    """The sheet holding ``blocks``: one block keeps the host's own grid; several are stacked
    from a fresh row each, parted by gutters, the stack centred on the paper."""
    if len(blocks) == 1:
        block = blocks[0]
        return Sheet(host, tuple((block.first + k, k) for k in range(block.count)))
    height = sum(b.rows * b.height for b in blocks) + (len(blocks) - 1) * RUN_GUTTER
    y = (host.paper.height + height) / 2
    fronts: list[Slot] = []
    items: list[tuple[int, int]] = []
    for index, block in enumerate(blocks):
        if index:
            y -= RUN_GUTTER
        for row in range(block.rows):
            y -= block.height
            for col, x in enumerate(block.xs):
                trim = Rect(x, y, block.width, block.height)
                k = row * len(block.xs) + col
                if k < block.count:
                    items.append((block.first + k, len(fronts)))
                fronts.append(Slot(trim, trim, block.rotated))
    backs = tuple(mirror_slot(slot, host) for slot in fronts)
    plan = replace(host, fronts=tuple(fronts), backs=backs)
    return Sheet(plan, tuple(items), len(blocks) - 1)
