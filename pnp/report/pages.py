"""A balance report on A4 pages: what a designer should know first (the differences that
are more than chance and the designer notes' checks), then every player count, then what
each variant changes and whether skill matters, then how the report was made.

Text flows down the page from a cursor and a new page starts where the next part does not
fit; charts are drawn by :mod:`pnp.report.charts`. Everything stays 15 mm inside the paper's
edge (well within a home printer's 5 mm), nothing is under 7 pt, and the same report gives
the same bytes.
"""

from __future__ import annotations

import io
import math
from xml.sax.saxutils import escape

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from pnp.base.units import mm
from pnp.draw.fonts import font_name
from pnp.report.charts import INK, MARK, QUIET, Frame, draw_bars, draw_change, draw_spread
from pnp.report.model import BalanceReport, Bars, Change, CountRow
from pnp.sheets.pdf import new_canvas

MET = HexColor("#207849")
"""The mark of a check that was met (one missed is red)."""
PAGE_MM = (210.0, 297.0)
MARGIN_MM = 15.0
CHART_HEIGHT = mm(28)
"""The plotting area of a chart of a player count."""
CHART_ROOM = CHART_HEIGHT + mm(30)
"""A row of charts with its title above and its labels and caption under it."""


class _Writer:
    """A cursor down the pages: text and charts are placed under what came before."""

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas
        self.left = mm(MARGIN_MM)
        self.width = mm(PAGE_MM[0] - 2 * MARGIN_MM)
        self.top = mm(PAGE_MM[1] - MARGIN_MM)
        self.bottom = mm(MARGIN_MM)
        self.y = self.top
        self.body = ParagraphStyle("body", fontName=font_name("regular"), fontSize=9.5,
                                   leading=12.5, textColor=INK)  # fmt: skip
        self.small = ParagraphStyle("small", parent=self.body, fontSize=8, leading=10.5)
        self.h1 = ParagraphStyle("h1", parent=self.body, fontName=font_name("display"),
                                 fontSize=20, leading=24)  # fmt: skip
        self.h2 = ParagraphStyle("h2", parent=self.body, fontName=font_name("bold"),
                                 fontSize=13, leading=16, spaceBefore=6)  # fmt: skip
        self.h3 = ParagraphStyle("h3", parent=self.body, fontName=font_name("bold"),
                                 fontSize=10.5, leading=13)  # fmt: skip

    def page(self) -> None:
        self.canvas.showPage()
        self.y = self.top

    def need(self, height: float) -> None:
        """Start a new page unless ``height`` fits under the cursor."""
        if self.y - height < self.bottom:
            self.page()

    def paragraph(self, text: str, style: ParagraphStyle, indent: float = 0.0,
                  gap: float = 3.0) -> None:  # fmt: skip
        flowable = Paragraph(escape(text), style)
        _, height = flowable.wrapOn(self.canvas, self.width - indent, self.top)
        self.need(height + gap)
        flowable.drawOn(self.canvas, self.left + indent, self.y - height)
        self.y -= height + gap

    def bullet(self, text: str, colour: Color = INK, size: float = 1.6) -> None:
        """A paragraph after a round mark in ``colour``."""
        flowable = Paragraph(escape(text), self.body)
        _, height = flowable.wrapOn(self.canvas, self.width - mm(6), self.top)
        self.need(height + 3)
        self.canvas.setFillColor(colour)
        self.canvas.circle(self.left + mm(2), self.y - 6.5, size, stroke=0, fill=1)
        flowable.drawOn(self.canvas, self.left + mm(6), self.y - height)
        self.y -= height + 3


def report_pdf(report: BalanceReport) -> bytes:
    """The report as a PDF."""
    out = io.BytesIO()
    canvas = new_canvas(out, *PAGE_MM, report.title, report.subtitle)
    writer = _Writer(canvas)
    labels = report.labels
    writer.paragraph(report.title, writer.h1, gap=4)
    writer.paragraph(report.subtitle, writer.body, gap=8)
    writer.paragraph(labels["findings"], writer.h2)
    for finding in report.findings or (labels["no_findings"],):
        writer.bullet(finding)
    writer.y -= 6
    writer.paragraph(labels["checks"], writer.h2)
    if not report.checks:
        writer.paragraph(labels["no_checks"], writer.body)
    for check in report.checks:
        colour = MET if check.ok else MARK
        state = labels["check_met"] if check.ok else labels["check_missed"]
        writer.bullet(f"{check.rule}: {check.text}: {state}.", colour, 2.6)
    writer.y -= 6
    writer.paragraph(labels["made"], writer.h2)
    for line in report.made:
        writer.paragraph(line, writer.small, gap=2)
    writer.y -= 10
    writer.need(CHART_ROOM + 60)  # the player counts start here if one of them fits
    writer.paragraph(labels["per_count"], writer.h2, gap=6)
    for row in report.counts:
        _count_row(writer, row, report.decimal_point)
    writer.y -= 10
    writer.need(120)
    writer.paragraph(report.changes_heading, writer.h2, gap=6)
    for change in report.changes:
        _change(writer, change, labels)
    if report.policies is not None:
        writer.y -= 6
        writer.paragraph(labels["policies"], writer.h2, gap=4)
        writer.paragraph(labels["policies_note"], writer.small, gap=8)
        _policies(writer, report.policies, report.decimal_point)
    canvas.showPage()
    canvas.save()
    return out.getvalue()


def _count_row(writer: _Writer, row: CountRow, decimal_point: str) -> None:
    """A player count's heading and its charts side by side."""
    writer.need(CHART_ROOM + 16)
    writer.paragraph(row.heading, writer.h3, gap=4)
    gap = mm(12)
    count = max(1, len(row.charts))
    width = (writer.width - mm(8) - gap * (count - 1)) / count
    y = writer.y - CHART_HEIGHT - mm(7)
    for index, chart in enumerate(row.charts):
        frame = Frame(writer.left + mm(8) + index * (width + gap), y, width, CHART_HEIGHT)
        if isinstance(chart, Bars):
            draw_bars(writer.canvas, frame, chart, decimal_point)
        else:
            draw_spread(writer.canvas, frame, chart, decimal_point)
    writer.y -= CHART_ROOM


def _change(writer: _Writer, change: Change, labels: dict[str, str]) -> None:
    """A variant's changes, one line each: the figure, its change drawn around zero, and the
    change in numbers; then what is more than chance, in words."""
    lines = len(change.changes)
    writer.need(16 + lines * 13)
    writer.paragraph(change.label, writer.h3, gap=3)
    name_width, chart_width = writer.width * 0.42, writer.width * 0.33
    for row in change.changes:
        y = writer.y - 11
        canvas = writer.canvas
        canvas.setFillColor(INK)
        canvas.setFont(font_name("regular"), 8.5)
        canvas.drawString(writer.left + mm(4), y + 2, row.name)
        estimate = row.change
        # an interval without ends (too few games) is drawn as its dot alone
        low, high = (
            v if math.isfinite(v) else estimate.value for v in (estimate.low, estimate.high)
        )
        scale = max(abs(low), abs(high), abs(estimate.value), 1e-9) * 1.1
        frame = Frame(writer.left + name_width, y - 1, chart_width, 9)
        draw_change(canvas, frame, estimate.value, low, high, scale, row.said)
        canvas.setFillColor(MARK if row.said else QUIET)
        canvas.drawString(writer.left + name_width + chart_width + mm(4), y + 2, row.text)
        writer.y -= 13
    for verdict in change.verdicts or (labels["no_change"],):
        writer.paragraph(verdict, writer.small, indent=mm(4), gap=2)
    writer.y -= 6


def _policies(writer: _Writer, chart: Bars, decimal_point: str) -> None:
    writer.need(CHART_ROOM)
    frame = Frame(writer.left + mm(8), writer.y - CHART_HEIGHT - mm(7),
                  min(writer.width - mm(8), mm(30) * len(chart.bars)), CHART_HEIGHT)  # fmt: skip
    draw_bars(writer.canvas, frame, chart, decimal_point)
    writer.y -= CHART_ROOM
