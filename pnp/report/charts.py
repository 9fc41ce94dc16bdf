"""The charts of a balance report, drawn as vectors on a reportlab canvas.

Each chart fills a :class:`Frame` (its plotting area; labels go around it) on a scale
that starts at the frame's bottom edge: a value ``v`` of a chart whose scale tops at ``top``
is drawn ``v / top`` of the frame's height up (:meth:`Frame.y_of`). Bars and histogram
columns are filled rectangles, an interval a vertical line with short caps, a reference
(a fair share) a dashed line across.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from pnp.draw.fonts import font_name
from pnp.report.model import Bars, Spread

INK = HexColor("#23303A")
BAR = HexColor("#4F7CAC")
"""The fill of a bar (a share, a win rate)."""
COLUMN = HexColor("#9DB8D5")
"""The fill of a histogram's column."""
MARK = HexColor("#A61C2E")
"""The median, a reference line, a change that is not chance."""
QUIET = HexColor("#8A8178")
LABEL_PT = 7.0
"""The smallest text of a chart (the print rules: nothing under 7 pt)."""
CAPTION = ParagraphStyle("caption", fontSize=LABEL_PT, leading=8.6, textColor=INK)
"""A chart's caption under it (in our italic, set when drawn: fonts register on first use)."""


@dataclass(frozen=True)
class Frame:
    """A chart's plotting area, in points from the page's bottom left."""

    x: float
    y: float
    width: float
    height: float

    def y_of(self, value: float, top: float) -> float:
        """Where ``value`` lies on a scale from 0 at the bottom to ``top`` at the top."""
        return self.y + self.height * (value / top if top else 0.0)


def nice_top(value: float) -> float:
    """A round top for a scale holding ``value`` (1, 2 or 5 times a power of ten)."""
    if value <= 0:
        return 1.0
    power = 10 ** math.floor(math.log10(value))
    for step in (1, 2, 5, 10):
        if value <= step * power:
            return float(step * power)
    return float(10 * power)  # pragma: no cover


def _number(value: float, percent: bool, decimal_point: str) -> str:
    text = f"{value * 100:.0f} %" if percent else f"{value:g}"
    return text.replace(".", decimal_point)


def _text(canvas: Canvas, x: float, y: float, text: str, role: str = "regular",
          size: float = LABEL_PT, colour: Color = INK, align: str = "centre") -> None:  # fmt: skip
    canvas.setFillColor(colour)
    canvas.setFont(font_name(role), size)
    if align == "centre":
        canvas.drawCentredString(x, y, text)
    elif align == "right":
        canvas.drawRightString(x, y, text)
    else:
        canvas.drawString(x, y, text)


def _axis(canvas: Canvas, frame: Frame, top: float, percent: bool, decimal_point: str) -> None:
    """The baseline and the scale's top and middle, marked on the left."""
    canvas.setStrokeColor(QUIET)
    canvas.setLineWidth(0.4)
    canvas.line(frame.x, frame.y, frame.x + frame.width, frame.y)
    for value in (0.0, top / 2, top):
        y = frame.y_of(value, top)
        canvas.line(frame.x - 2, y, frame.x, y)
        label = _number(value, percent, decimal_point)
        _text(canvas, frame.x - 3, y - LABEL_PT / 3, label, colour=QUIET, align="right")


def _title(canvas: Canvas, frame: Frame, title: str) -> None:
    _text(canvas, frame.x, frame.y + frame.height + 5, title, "bold", 8, align="left")


def _interval(canvas: Canvas, x: float, low: float, high: float, cap: float) -> None:
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.8)
    canvas.line(x, low, x, high)
    canvas.line(x - cap, low, x + cap, low)
    canvas.line(x - cap, high, x + cap, high)


def draw_bars(canvas: Canvas, frame: Frame, chart: Bars, decimal_point: str) -> None:
    """Bars with their 95 % intervals and the reference line, labels under the bars (or
    lying across with their labels on the left)."""
    if chart.across:
        _draw_across(canvas, frame, chart, decimal_point)
        return
    _title(canvas, frame, chart.title)
    _axis(canvas, frame, chart.top, chart.percent, decimal_point)
    count = max(1, len(chart.bars))
    slot = frame.width / count
    width = slot * 0.6
    for index, bar in enumerate(chart.bars):
        centre = frame.x + slot * (index + 0.5)
        top = frame.y_of(bar.value.value, chart.top)
        canvas.setFillColor(BAR)
        canvas.rect(centre - width / 2, frame.y, width, top - frame.y, stroke=0, fill=1)
        low, high = (frame.y_of(v, chart.top) for v in (bar.value.low, bar.value.high))
        _interval(canvas, centre, low, high, width / 4)
        _text(canvas, centre, frame.y - LABEL_PT - 2, bar.label)
    if chart.reference is not None:
        y = frame.y_of(chart.reference, chart.top)
        canvas.saveState()
        canvas.setStrokeColor(MARK)
        canvas.setLineWidth(0.8)
        canvas.setDash(3, 2)
        canvas.line(frame.x, y, frame.x + frame.width, y)
        canvas.restoreState()
        if chart.reference_label:
            # under the bars' labels at the right, after a piece of the dashed line (a key)
            right, above = frame.x + frame.width, frame.y - 2 * LABEL_PT - 6
            _text(canvas, right, above, chart.reference_label, colour=MARK, align="right")
            width = pdfmetrics.stringWidth(chart.reference_label, font_name("regular"), LABEL_PT)
            canvas.saveState()
            canvas.setStrokeColor(MARK)
            canvas.setLineWidth(0.8)
            canvas.setDash(3, 2)
            canvas.line(right - width - 16, above + 2.5, right - width - 3, above + 2.5)
            canvas.restoreState()


def draw_spread(canvas: Canvas, frame: Frame, chart: Spread, decimal_point: str) -> None:
    """A histogram: one column per bin, the 10th to 90th percentile as a band under it and
    the median as a line across it; the bins' edges labelled under the frame."""
    _title(canvas, frame, chart.title)
    counts = chart.histogram.counts
    tallest = max(counts, default=0)
    top = nice_top(tallest / max(1, sum(counts)))
    _axis(canvas, frame, top, True, decimal_point)
    bins = max(1, len(counts))
    column = frame.width / bins
    total = max(1, sum(counts))
    canvas.setFillColor(COLUMN)
    for index, count in enumerate(counts):
        height = frame.y_of(count / total, top) - frame.y
        if height > 0:
            canvas.rect(frame.x + index * column, frame.y, column * 0.92, height, stroke=0, fill=1)
    start, width = chart.histogram.start, chart.histogram.width

    def x_of(value: float) -> float:
        return frame.x + (value - start) / width * column

    # whole numbers stand in the middle of their columns: the band and the median too
    shift = width / 2 if width == 1 else 0.0
    low, high = x_of(chart.low + shift), x_of(chart.high + shift)
    canvas.setFillColor(QUIET)
    canvas.rect(low, frame.y - 3, max(0.5, high - low), 1.5, stroke=0, fill=1)
    canvas.setStrokeColor(MARK)
    canvas.setLineWidth(1.2)
    median = x_of(chart.median + shift)
    canvas.line(median, frame.y, median, frame.y + frame.height)
    step = max(1, math.ceil(bins / 6))
    # whole numbers under the middle of their columns; wider bins at their edges
    centred = width == 1
    for index in range(0, bins + (0 if centred else 1), step):
        value = start + index * width
        x = frame.x + (index + 0.5) * column if centred else frame.x + index * column
        _text(canvas, x, frame.y - LABEL_PT - 5, f"{value:g}", colour=QUIET)
    style = ParagraphStyle("caption", parent=CAPTION, fontName=font_name("italic"))
    caption = Paragraph(escape(chart.caption), style)
    _, height = caption.wrapOn(canvas, frame.width, frame.height)
    caption.drawOn(canvas, frame.x, frame.y - LABEL_PT - 8 - height)


def draw_change(canvas: Canvas, frame: Frame, change: float, low: float, high: float,
                scale: float, said: bool) -> None:  # fmt: skip
    """One change with its interval on a horizontal scale from ``-scale`` to ``scale``
    around a line at zero: a dot, red when the change is more than chance (``said``)."""

    def x_of(value: float) -> float:
        return frame.x + frame.width * (0.5 + max(-1.0, min(1.0, value / scale)) / 2)

    middle = frame.y + frame.height / 2
    canvas.setStrokeColor(QUIET)
    canvas.setLineWidth(0.4)
    zero = x_of(0.0)
    canvas.line(zero, frame.y, zero, frame.y + frame.height)
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.8)
    canvas.line(x_of(low), middle, x_of(high), middle)
    coloured = MARK if said else INK
    canvas.setFillColor(coloured)
    canvas.circle(x_of(change), middle, 2.2, stroke=0, fill=1)


def _draw_across(canvas: Canvas, frame: Frame, chart: Bars, decimal_point: str) -> None:
    """Bars lying across the frame from its left edge, one under another, each with its
    label above it and its value after it: ``value / top`` of the width (less the value's
    room) long."""
    _title(canvas, frame, chart.title)
    room = frame.width - 22
    count = max(1, len(chart.bars))
    slot = frame.height / count
    thick = min(slot - LABEL_PT - 3, 7.0)
    canvas.setStrokeColor(QUIET)
    canvas.setLineWidth(0.4)
    canvas.line(frame.x, frame.y, frame.x, frame.y + frame.height)
    for index, bar in enumerate(chart.bars):
        top = frame.y + frame.height - slot * index
        _text(canvas, frame.x + 2, top - LABEL_PT, bar.label, align="left")
        middle = top - LABEL_PT - 2 - thick / 2
        length = room * (bar.value.value / chart.top if chart.top else 0.0)
        canvas.setFillColor(BAR)
        canvas.rect(frame.x, middle - thick / 2, length, thick, stroke=0, fill=1)
        low, high = (frame.x + room * min(max(v, 0.0), chart.top) / chart.top
                     for v in (bar.value.low, bar.value.high))  # fmt: skip
        canvas.setStrokeColor(INK)
        canvas.setLineWidth(0.8)
        canvas.line(low, middle, high, middle)
        canvas.line(low, middle - thick / 3, low, middle + thick / 3)
        canvas.line(high, middle - thick / 3, high, middle + thick / 3)
        value = _number(bar.value.value, chart.percent, decimal_point)
        _text(canvas, max(high, frame.x + length) + 3, middle - LABEL_PT / 3, value,
              colour=QUIET, align="left")  # fmt: skip
