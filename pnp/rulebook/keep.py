"""Keep every heading with the opening of what follows it, so no page ends with a heading.

Platypus's ``keepWithNext`` glues a heading to the *whole* next flowable and
gives up when that is taller than the rest of the page, leaving the heading
alone at the bottom. Here a :class:`RoomFor` break goes before each run of
headings instead: at layout time it measures the headings plus the smallest
opening of the next flowable (two lines of a paragraph, or all of one too short
to split without leaving a single line, the first row of a table, a whole
figure) and starts a new page only when they do not fit.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from reportlab.platypus import (
    CondPageBreak,
    Flowable,
    KeepTogether,
    ListFlowable,
    Paragraph,
    Table,
)

OPENING_LINES = 2
"""Lines of a paragraph that must follow its heading (no orphan under a heading)."""
HEADING_STYLES = ("h1", "h2", "h3")
"""Names of the paragraph styles of headings (inside a kept-together group)."""
LIST_OPENING = 3
"""Body lines a list must show under its heading."""


def _height(flowable: Flowable, canvas: object, width: float, height: float) -> float:
    _, used = flowable.wrapOn(canvas, width, height)
    if isinstance(flowable, KeepTogether):
        # Its wrap answers "infinitely tall" to force a split; its content's height is _H.
        used = flowable._H
    return float(used) + float(flowable.getSpaceBefore()) + float(flowable.getSpaceAfter())


def opening_height(
    flowable: Flowable, canvas: object, width: float, height: float, line: float
) -> float:
    """The least of ``flowable`` that must stand right under a heading, in points.

    ``line`` is the body text's line height (a list is measured in lines, since
    platypus lists only measure themselves inside a frame).
    """
    if isinstance(flowable, ListFlowable):
        return line * LIST_OPENING
    whole = _height(flowable, canvas, width, height)
    if isinstance(flowable, Paragraph):
        leading = float(flowable.style.leading)
        before = float(flowable.getSpaceBefore())
        lines = round((whole - before - float(flowable.getSpaceAfter())) / leading)
        if lines < 2 * OPENING_LINES and not (
            flowable.style.allowOrphans or flowable.style.allowWidows
        ):
            # Too short to leave two lines on each page: it moves whole, or not at all.
            return whole
        return min(whole, before + leading * OPENING_LINES)
    if isinstance(flowable, Table) and len(flowable._cellvalues) > 1:
        return float(flowable._rowHeights[0])
    if isinstance(flowable, KeepTogether) and whole > height:
        # Too tall to move whole: it will split, so only its own opening must follow.
        content = list(flowable._content)
        opening = 0.0
        for part in content:
            if not isinstance(part, Paragraph) or part.style.name not in HEADING_STYLES:
                return opening + opening_height(part, canvas, width, height, line)
            opening += _height(part, canvas, width, height)
        return opening
    return whole


class RoomFor(CondPageBreak):  # type: ignore[misc]
    """A page break unless the rest of the page holds the headings and the opening after them."""

    def __init__(
        self,
        headings: Sequence[Flowable],
        follower: Flowable | None,
        frame_height: float,
        line: float,
    ) -> None:
        super().__init__(0)
        self.line = line
        self.headings = list(headings)
        self.follower = follower
        self.frame_height = frame_height

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        canvas = self.canv
        needed = sum(_height(h, canvas, availWidth, availHeight) for h in self.headings)
        if self.follower is not None:
            follower = self.follower
            needed += opening_height(follower, canvas, availWidth, self.frame_height, self.line)
        # More than a whole page can never fit: breaking would only repeat on the next page.
        self.height = needed if needed < self.frame_height else 0
        return super().wrap(availWidth, availHeight)  # type: ignore[no-any-return]


def keep_headings(
    flow: Sequence[Flowable],
    is_heading: Callable[[Flowable], bool],
    frame_height: float,
    line: float,
    starts_page: Callable[[Flowable], bool] = lambda _: False,
) -> list[Flowable]:
    """``flow`` with a :class:`RoomFor` before each run of headings (``line``: body line height).

    A run holding a heading that ``starts_page`` begins a new page, unless the page is still
    empty: the whole run moves, so a heading above it is never left behind.
    """
    out: list[Flowable] = []
    index = 0
    while index < len(flow):
        if not is_heading(flow[index]):
            out.append(flow[index])
            index += 1
            continue
        end = index
        while end < len(flow) and is_heading(flow[end]):
            end += 1
        follower = flow[end] if end < len(flow) else None
        if any(starts_page(heading) for heading in flow[index:end]):
            out.append(CondPageBreak(frame_height - 1))
        out.append(RoomFor(flow[index:end], follower, frame_height, line))
        out += flow[index:end]
        index = end
    return out
