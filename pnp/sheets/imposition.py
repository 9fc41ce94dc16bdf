"""Imposition: where each card's trim box sits on a printed sheet, front and back.

All geometry is in millimetres with the origin at the paper's bottom-left
corner (PDF orientation). Cards on a sheet abut: neighbours share one cut line,
and bleed is printed only on the outer sides of the grid (inner sides are
clipped at the trim line). That is the only layout that fits 3x3 poker cards
on US Letter, where 3 x 88 mm leaves 7.7 mm above and below.
"""

from __future__ import annotations

import functools
from collections.abc import Collection
from dataclasses import dataclass

from pnp.base.back_mode import BackMode
from pnp.base.errors import PnpError
from pnp.spec.sizes import BLEED, PRINTABLE_MARGIN, CardSize, Paper

MIN_MARK = 2.5
"""Room a crop mark needs between the printable margin and the trim line, mm."""
GUTTER = 6.0
"""Gutterfold: distance from the fold line to the nearest trim line, mm."""


@dataclass(frozen=True)
class Rect:
    """A rectangle in mm, origin at the paper's bottom-left corner, y up."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        """x of the right edge."""
        return self.x + self.w

    @property
    def top(self) -> float:
        """y of the top edge."""
        return self.y + self.h

    def mirrored_x(self, axis: float) -> Rect:
        """Mirror image across the vertical line ``x = axis``."""
        return Rect(2 * axis - self.right, self.y, self.w, self.h)

    def mirrored_y(self, axis: float) -> Rect:
        """Mirror image across the horizontal line ``y = axis``."""
        return Rect(self.x, 2 * axis - self.top, self.w, self.h)

    def shifted(self, dx: float, dy: float) -> Rect:
        """The same rectangle moved by (dx, dy)."""
        return Rect(self.x + dx, self.y + dy, self.w, self.h)


@dataclass(frozen=True)
class Slot:
    """One card position: its trim box and the area its ink may cover (trim plus outer bleed)."""

    trim: Rect
    clip: Rect
    rotated: bool = False
    """The piece lies on its side (turned a quarter anticlockwise): ``trim`` is its rotated box."""


@dataclass(frozen=True)
class SheetPlan:
    """The card positions of one sheet design."""

    paper: Paper
    card: CardSize
    mode: BackMode
    fronts: tuple[Slot, ...]
    backs: tuple[Slot, ...]
    """Back positions: on the back page for duplex modes, on the same page for gutterfold."""
    fold_x: float | None = None

    @property
    def per_sheet(self) -> int:
        """Cards per sheet."""
        return len(self.fronts)

    @property
    def columns(self) -> int:
        """Cards across the sheet (the slots run row by row from the top left)."""
        return len({round(slot.trim.x, 6) for slot in self.fronts})

    def placed(self, index: int, filled: Collection[int]) -> tuple[Slot, Slot]:
        """Front and back slot ``index`` on a sheet whose ``filled`` slots hold cards.

        Cards abut, so a side that touches a filled neighbour is clipped at the
        trim line (one cut serves both); every other side gets its own bleed, so a
        slightly off cut never shows white paper on a lone card or beside a gutter.
        """
        trim = self.fronts[index].trim
        neighbours = self._neighbours[index]

        def bleed(side: str) -> float:
            return 0.0 if any(i in filled for i in neighbours[side] if i != index) else BLEED

        left, right, top, bottom = (bleed(side) for side in SIDES)
        opened = Slot(
            trim,
            Rect(trim.x - left, trim.y - bottom, trim.w + left + right, trim.h + top + bottom),
            self.fronts[index].rotated,
        )
        return opened, mirror_slot(opened, self)

    @functools.cached_property
    def _neighbours(self) -> tuple[dict[str, tuple[int, ...]], ...]:
        """For each front slot and side, the slots that touch it there (found once per plan)."""
        trims = [slot.trim for slot in self.fronts]
        return tuple(
            {side: tuple(j for j, b in enumerate(trims) if abuts(a, b, side)) for side in SIDES}
            for a in trims
        )


_EPS = 1e-6

SIDES = ("left", "right", "top", "bottom")
"""The sides of a card, in the order :meth:`SheetPlan.placed` reads them."""


def abuts(a: Rect, b: Rect, side: str) -> bool:
    """Whether ``b`` touches ``a`` along ``side`` (left, right, top, bottom) of ``a``."""
    if side in ("left", "right"):
        overlap = min(a.top, b.top) - max(a.y, b.y) > _EPS
        touch = abs(b.right - a.x) if side == "left" else abs(a.right - b.x)
    else:
        overlap = min(a.right, b.right) - max(a.x, b.x) > _EPS
        touch = abs(b.y - a.top) if side == "top" else abs(a.y - b.top)
    return overlap and touch < _EPS


def is_landscape(paper: Paper) -> bool:
    """Whether ``paper`` lies on its side (wider than high)."""
    return paper.width > paper.height


def plan_sheet(
    paper: Paper, card: CardSize, mode: BackMode, landscape: bool | None = None
) -> SheetPlan:
    """Lay out as many cards as fit, centred, keeping room for marks inside the printable area.

    The sheet is upright or on its side, whichever holds more; ``landscape`` (True or False)
    asks for one of them (a gutterfold sheet is always on its side).
    """
    if mode is BackMode.GUTTERFOLD:
        return _plan_gutterfold(paper.landscape() if paper.width < paper.height else paper, card)
    best: SheetPlan | None = None
    upright = paper if not is_landscape(paper) else paper.landscape()
    turns = (upright, upright.landscape())
    for oriented in (o for o in turns if landscape is None or is_landscape(o) == landscape):
        cols, rows = _fit(oriented.width, card.width), _fit(oriented.height, card.height)
        if cols * rows == 0 or (best is not None and cols * rows <= best.per_sheet):
            continue
        x0 = (oriented.width - cols * card.width) / 2
        y0 = (oriented.height - rows * card.height) / 2
        fronts = _grid(x0, y0, cols, rows, card)
        backs = tuple(_mirror(slot, oriented, mode) for slot in fronts)
        best = SheetPlan(oriented, card, mode, fronts, backs)
    if best is None:
        raise PnpError.single(
            f"a {card.width:g}x{card.height:g} mm card does not fit on {paper.name} paper"
        )
    return best


def _fit(length: float, card: float) -> int:
    return max(0, int((length - 2 * (PRINTABLE_MARGIN + MIN_MARK) + 1e-9) // card))


def _grid(x0: float, y0: float, cols: int, rows: int, card: CardSize) -> tuple[Slot, ...]:
    slots = []
    for row in range(rows):  # row 0 at the top
        for col in range(cols):
            trim = Rect(
                x0 + col * card.width, y0 + (rows - 1 - row) * card.height, card.width, card.height
            )
            left = BLEED if col == 0 else 0.0
            right = BLEED if col == cols - 1 else 0.0
            top = BLEED if row == 0 else 0.0
            bottom = BLEED if row == rows - 1 else 0.0
            clip = Rect(
                trim.x - left, trim.y - bottom, trim.w + left + right, trim.h + top + bottom
            )
            slots.append(Slot(trim, clip))
    return tuple(slots)


def _mirror(slot: Slot, paper: Paper, mode: BackMode) -> Slot:
    """Where the back of ``slot`` prints on the back page so it lands behind the front."""
    if mode is BackMode.LONG_EDGE:  # flipped around the long (vertical) edge: columns mirror
        axis = paper.width / 2
        return Slot(slot.trim.mirrored_x(axis), slot.clip.mirrored_x(axis), slot.rotated)
    if mode is BackMode.SHORT_EDGE:  # flipped around the short (top) edge: rows mirror
        axis = paper.height / 2
        return Slot(slot.trim.mirrored_y(axis), slot.clip.mirrored_y(axis), slot.rotated)
    return slot


def mirror_slot(front: Slot, plan: SheetPlan) -> Slot:
    """Where the back of the front slot ``front`` prints, for the plan's back mode."""
    if plan.mode is BackMode.GUTTERFOLD and plan.fold_x is not None:
        fold = plan.fold_x
        return Slot(front.trim.mirrored_x(fold), front.clip.mirrored_x(fold), front.rotated)
    return _mirror(front, plan.paper, plan.mode)


def _plan_gutterfold(paper: Paper, card: CardSize) -> SheetPlan:
    fold = paper.width / 2
    cols = max(0, int((fold - GUTTER - PRINTABLE_MARGIN - MIN_MARK + 1e-9) // card.width))
    rows = _fit(paper.height, card.height)
    if cols * rows == 0:
        raise PnpError.single(
            f"a {card.width:g}x{card.height:g} mm card does not fit a gutterfold sheet on {paper.name}"
        )
    x0 = fold - GUTTER - cols * card.width
    y0 = (paper.height - rows * card.height) / 2
    fronts = _grid(x0, y0, cols, rows, card)
    backs = tuple(Slot(s.trim.mirrored_x(fold), s.clip.mirrored_x(fold)) for s in fronts)
    return SheetPlan(paper, card, BackMode.GUTTERFOLD, fronts, backs, fold_x=fold)


def column_xs(plan: SheetPlan, width: float) -> list[float]:
    """Left trim edges of the columns of ``width`` mm pieces on the plan's paper, as its own
    grid places them: centred, or against the gutter of a gutterfold sheet."""
    if plan.fold_x is not None:
        cols = max(0, int((plan.fold_x - GUTTER - PRINTABLE_MARGIN - MIN_MARK + 1e-9) // width))
        x0 = plan.fold_x - GUTTER - cols * width
    else:
        cols = _fit(plan.paper.width, width)
        x0 = (plan.paper.width - cols * width) / 2
    return [x0 + col * width for col in range(cols)]
