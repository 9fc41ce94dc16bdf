"""Sheet furniture: crop marks, cut lines, the fold line, the scale bar and the sheet label.

Everything here stays at least ``PRINTABLE_MARGIN`` from the paper edge. Crop
marks sit outside the cards; where the strip outside the bleed is too narrow
(US Letter's 7.7 mm above and below the grid) they run over the outer bleed,
which is cut away, on a white underlay so they stay visible, and stop short of
the trim line.
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from reportlab.lib.colors import Color, black, white
from reportlab.pdfgen.canvas import Canvas

from pnp.base.units import mm
from pnp.draw.fonts import font_name, text_width
from pnp.sheets.imposition import Rect, SheetPlan, Slot, abuts
from pnp.spec.sizes import BLEED, PRINTABLE_MARGIN

MARK_WIDTH_PT = 0.5
CUT_LINE_PT = 0.25
MARK_GAP = 0.5
"""Crop marks stop this far before the line they continue, mm."""
SCALE_LENGTH = 50.0
LABEL_PT = 7.0
LABEL_LINE_MM = 3.0
"""Line height of the sheet label, mm."""
CUT_GREY = Color(0.6, 0.6, 0.6)
KNOCKOUT = 1.6
"""Width of the white notch under a crop mark that runs over the outer bleed, mm."""
MAX_MARK = 10.0
"""Longest crop mark, mm: on a sheet with few cards a mark ends near its card instead of
running across the empty paper from the edge."""


@dataclass(frozen=True)
class Segment:
    """A straight mark from (x1, y1) to (x2, y2), mm."""

    x1: float
    y1: float
    x2: float
    y2: float


def _edges(slots: Sequence[Slot]) -> tuple[list[float], list[float]]:
    xs = sorted({round(v, 6) for s in slots for v in (s.trim.x, s.trim.right)})
    ys = sorted({round(v, 6) for s in slots for v in (s.trim.y, s.trim.top)})
    return xs, ys


def trim_bounds(slots: Sequence[Slot]) -> Rect:
    """The smallest rectangle holding the trim boxes of ``slots``."""
    left = min(s.trim.x for s in slots)
    bottom = min(s.trim.y for s in slots)
    right = max(s.trim.right for s in slots)
    top = max(s.trim.top for s in slots)
    return Rect(left, bottom, right - left, top - bottom)


def _blocks(plan: SheetPlan) -> list[tuple[Slot, ...]]:
    """Groups of abutting cards: one grid, or two for gutterfold (fronts and backs)."""
    if plan.fold_x is not None:
        return [plan.fronts, plan.backs]
    return [plan.fronts]


def crop_marks(
    plan: SheetPlan,
    filled: Collection[int] | None = None,
    backed: Collection[int] | None = None,
) -> list[tuple[Segment, bool]]:
    """Crop mark segments for the sheet's front side, each with 'needs a white underlay'.

    With ``filled`` (the slots that hold cards) only those cards' edges are marked: a
    sheet with one card has the marks of one card, not of a grid of empty slots. On a
    gutterfold sheet the back half marks the ``backed`` slots (default: ``filled``): a
    piece without a back leaves its mirror place empty.
    """
    marks: list[tuple[Segment, bool]] = []
    halves = _blocks(plan)
    for half, block in enumerate(halves):
        chosen = backed if half == 1 and backed is not None else filled
        if chosen is not None:
            block = tuple(slot for index, slot in enumerate(block) if index in chosen)
            if not block:
                continue
        ys = _edges(block)[1]
        box = trim_bounds(block)
        margin = PRINTABLE_MARGIN
        # Top and bottom strips: vertical marks continuing the column edges of the group of
        # abutting pieces next to each strip (a sheet shared below a gutter may hold two
        # groups with different columns; each is cut on its own once the gutter is cut).
        top, bottom = _end_groups(block)
        for y_outer, y_grid, sign, group in (
            (margin, box.y, 1, bottom),
            (plan.paper.height - margin, box.top, -1, top),
        ):
            end, over_bleed = _mark_end(abs(y_grid - y_outer))
            start = max(0.0, end - MAX_MARK)
            for x in _edges(group)[0]:
                segment = Segment(x, y_outer + sign * start, x, y_outer + sign * end)
                marks.append((segment, over_bleed))
        sides = [(margin, box.x, 1), (plan.paper.width - margin, box.right, -1)]
        if plan.fold_x is not None:
            # Gutterfold: each half is marked at its own paper edge only; a mark from the
            # other edge would run across the other half's cards and bleed.
            sides = [sides[0]] if box.x < plan.fold_x else [sides[1]]
        for x_outer, x_grid, sign in sides:
            end, over_bleed = _mark_end(abs(x_grid - x_outer))
            start = max(0.0, end - MAX_MARK)
            for y in ys:
                segment = Segment(x_outer + sign * start, y, x_outer + sign * end, y)
                marks.append((segment, over_bleed))
    return marks


def _end_groups(slots: Sequence[Slot]) -> tuple[tuple[Slot, ...], tuple[Slot, ...]]:
    """The topmost and the bottommost group of abutting pieces among ``slots``."""
    groups: list[list[Slot]] = []
    for slot in sorted(slots, key=lambda s: (-s.trim.top, s.trim.x)):
        touching = [g for g in groups if any(_touch(slot.trim, other.trim) for other in g)]
        merged = [slot, *(s for g in touching for s in g)]
        groups = [g for g in groups if g not in touching] + [merged]
    top = max(groups, key=lambda g: max(s.trim.top for s in g))
    bottom = min(groups, key=lambda g: min(s.trim.y for s in g))
    return tuple(top), tuple(bottom)


def _touch(a: Rect, b: Rect) -> bool:
    return any(abuts(a, b, side) for side in ("left", "right", "top", "bottom"))


def _mark_end(room: float) -> tuple[float, bool]:
    """Length of a mark given the room between printable edge and trim line."""
    outside_bleed = room - BLEED - MARK_GAP
    if outside_bleed >= 2.0:
        return outside_bleed, False
    return room - MARK_GAP, True


def cut_lines(plan: SheetPlan) -> list[Segment]:
    """Lines along every trim edge across the printable area (for paper cutters).

    On a gutterfold sheet the horizontal lines stop at the gutter, keeping the fold clear.
    """
    lines: list[Segment] = []
    w, h, m = plan.paper.width, plan.paper.height, PRINTABLE_MARGIN
    for block in _blocks(plan):
        xs, ys = _edges(block)
        box = trim_bounds(block)
        left, right = m, w - m
        if plan.fold_x is not None:
            left, right = (m, box.right) if box.x < plan.fold_x else (box.x, w - m)
        lines += [Segment(x, m, x, h - m) for x in xs]
        lines += [Segment(left, y, right, y) for y in ys]
    return lines


def draw_segments(canvas: Canvas, segments: list[Segment], width_pt: float, colour: Color) -> None:
    """Stroke straight segments."""
    canvas.saveState()
    canvas.setStrokeColor(colour)
    canvas.setLineWidth(width_pt)
    for s in segments:
        canvas.line(mm(s.x1), mm(s.y1), mm(s.x2), mm(s.y2))
    canvas.restoreState()


def draw_crop_marks(
    canvas: Canvas,
    plan: SheetPlan,
    filled: Collection[int] | None = None,
    backed: Collection[int] | None = None,
) -> None:
    """Draw the crop marks (of the ``filled`` slots only, if given; see :func:`crop_marks`),
    with white underlays where they cross the outer bleed."""
    marks = crop_marks(plan, filled, backed)
    # Over the bleed a mark sits in a white notch cut through the art, wide enough to find
    # at a glance and to lay a trimmer's blade on (US Letter: 2.2 mm between the 5 mm
    # line and the trim).
    draw_segments(canvas, [s for s, under in marks if under], mm(KNOCKOUT), white)
    draw_segments(canvas, [s for s, _ in marks], MARK_WIDTH_PT, black)


def draw_fold_line(canvas: Canvas, plan: SheetPlan) -> None:
    """A dashed fold line between the fronts and backs of a gutterfold sheet."""
    if plan.fold_x is None:
        return
    canvas.saveState()
    canvas.setDash(mm(2), mm(1.5))
    canvas.setLineWidth(CUT_LINE_PT * 2)
    canvas.setStrokeColor(CUT_GREY)
    x = mm(plan.fold_x)
    box = trim_bounds(plan.fronts)
    canvas.line(x, mm(box.y - BLEED), x, mm(box.top + BLEED))
    canvas.restoreState()


@dataclass(frozen=True)
class InfoStrip:
    """A margin strip free of cards and bleed, along one paper edge."""

    vertical: bool
    """True: along the left edge, read bottom to top."""
    start: float
    """Position along the strip where free space starts (mm, paper coordinates)."""
    spans: tuple[tuple[float, float], ...]
    """Free stretches between crop marks, along the strip."""
    depth: float
    """Free depth from the printable margin inwards, mm."""


def info_strip(plan: SheetPlan) -> InfoStrip:
    """The deepest strip for the scale bar and label: bottom edge, else left edge."""
    box = trim_bounds(plan.fronts if plan.fold_x is None else plan.fronts + plan.backs)
    bottom_depth = box.y - BLEED - MARK_GAP - PRINTABLE_MARGIN
    left_depth = box.x - BLEED - MARK_GAP - PRINTABLE_MARGIN
    blocks = _blocks(plan)
    if bottom_depth >= left_depth:
        xs = sorted(x for b in blocks for x in _edges(_end_groups(b)[1])[0])
        return InfoStrip(False, PRINTABLE_MARGIN, _gaps(xs), bottom_depth)
    ys = sorted(y for b in blocks for y in _edges(b)[1])
    return InfoStrip(True, PRINTABLE_MARGIN, _gaps(ys), left_depth)


def _gaps(edges: list[float]) -> tuple[tuple[float, float], ...]:
    return tuple(
        (a + MARK_GAP * 2, b - MARK_GAP * 2) for a, b in itertools.pairwise(edges) if b - a > 1
    )


def draw_info(canvas: Canvas, plan: SheetPlan, label: str, scale: str) -> None:
    """The 50 mm scale bar (so a user can check the print is at 100 %) and the sheet label."""
    strip = info_strip(plan)
    canvas.saveState()
    if strip.vertical:
        # Local (u, v) -> paper (2m + depth - v, u): v = m lies next to the cards,
        # v = m + depth at the paper edge, so the drawing below works for both strips.
        canvas.translate(mm(2 * PRINTABLE_MARGIN + strip.depth), 0)
        canvas.rotate(90)
    base = PRINTABLE_MARGIN
    spans = sorted(strip.spans)
    bar_start, bar_end = spans[0]
    scale_bar(canvas, bar_start + (bar_end - bar_start - SCALE_LENGTH) / 2, base, scale)
    if len(spans) > 1:
        # The widest free stretch after the scale bar's; a label too long for one line
        # takes two when the strip is deep enough, and is shortened only as a last resort.
        start, end = max(spans[1:], key=lambda span: span[1] - span[0])
        room = mm(end - start)
        lines = [label]
        if text_width(label, "regular", LABEL_PT) > room and strip.depth >= 2 * LABEL_LINE_MM:
            lines = _two_lines(label, room)
        canvas.setFont(font_name("regular"), LABEL_PT)
        canvas.setFillColor(black)
        for index, line in enumerate(lines):
            while text_width(line, "regular", LABEL_PT) > room and len(line) > 4:
                line = line[:-2] + "…"
            y = base + 0.6 + LABEL_LINE_MM * (len(lines) - 1 - index)
            canvas.drawCentredString(mm((start + end) / 2), mm(y), line)
    canvas.restoreState()


def draw_back_label(
    canvas: Canvas, plan: SheetPlan, label: str, offset: tuple[float, float] = (0.0, 0.0)
) -> None:
    """The sheet label on a back page, so sheets printed by hand one side at a time cannot
    be paired with the wrong front: in the deepest margin strip beside the sheet's backs
    (below them where there is room), clear of their bleed and inside the printable margin.

    ``offset`` is the back offset the backs are shifted by; the strip is measured from the
    shifted backs, the label itself stays within the printable margin of the page. A back
    page has no crop marks, so the strip is free along the whole grid."""
    paper = plan.paper
    box = trim_bounds(plan.backs).shifted(*offset)
    clear = BLEED + MARK_GAP + PRINTABLE_MARGIN
    depths = {
        "bottom": box.y - clear,
        "top": paper.height - box.top - clear,
        "left": box.x - clear,
        "right": paper.width - box.right - clear,
    }
    side = max(depths, key=lambda name: depths[name])
    room = mm(box.w if side in ("bottom", "top") else box.h)
    while text_width(label, "regular", LABEL_PT) > room and len(label) > 4:
        label = label[:-2] + "…"
    # The baseline sits 0.6 mm inside the strip, as on the front's label.
    inner = PRINTABLE_MARGIN + LABEL_LINE_MM - 0.6
    canvas.saveState()
    canvas.setFont(font_name("regular"), LABEL_PT)
    canvas.setFillColor(black)
    if side == "bottom":
        canvas.translate(mm(box.x + box.w / 2), mm(PRINTABLE_MARGIN + 0.6))
    elif side == "top":
        canvas.translate(mm(box.x + box.w / 2), mm(paper.height - inner))
    elif side == "left":
        # Read bottom to top; the letters rise towards the paper edge.
        canvas.translate(mm(inner), mm(box.y + box.h / 2))
        canvas.rotate(90)
    else:
        canvas.translate(mm(paper.width - inner), mm(box.y + box.h / 2))
        canvas.rotate(-90)
    canvas.drawCentredString(0, 0, label)
    canvas.restoreState()


def _two_lines(label: str, room: float) -> list[str]:
    """``label`` split at the last space that lets the first line fit ``room`` points."""
    words = label.split(" ")
    for cut in range(len(words) - 1, 0, -1):
        first = " ".join(words[:cut])
        if text_width(first, "regular", LABEL_PT) <= room:
            return [first, " ".join(words[cut:])]
    return [label]


def scale_bar(canvas: Canvas, x: float, y: float, caption: str) -> None:
    """Ten 5 mm blocks, alternately filled, with a caption above."""
    bar_h = 1.4
    canvas.setLineWidth(0.5)
    canvas.setStrokeColor(black)
    for i in range(10):
        canvas.setFillColor(black if i % 2 == 0 else white)
        canvas.rect(mm(x + i * 5), mm(y + 0.3), mm(5), mm(bar_h), stroke=1, fill=1)
    canvas.setFillColor(black)
    canvas.setFont(font_name("regular"), LABEL_PT)
    canvas.drawCentredString(mm(x + SCALE_LENGTH / 2), mm(y + bar_h + 1.0), caption)
